package web

import (
	"net/url"
	"strings"

	"github.com/errdex/errdex"
)

// paths builds the site's internal links. Every link a page holds is made
// here, with each path segment escaped, so that a file or repository name
// holding "?", "#" or "%" still leads to its page. A static export may live
// under a base path and needs a trailing slash on directory-like URLs
// (each page is DIR/index.html).
type paths struct {
	base   string // "" or "/prefix", without a trailing slash
	static bool
}

// page returns the link to a page given by its unescaped segments.
func (p paths) page(segments ...string) string {
	var b strings.Builder
	b.WriteString(p.base)
	for _, s := range segments {
		b.WriteByte('/')
		b.WriteString(url.PathEscape(s))
	}
	if b.Len() == len(p.base) {
		b.WriteByte('/')
	} else if p.static {
		b.WriteByte('/')
	}
	return b.String()
}

// raw returns the link to a file or endpoint (no trailing slash).
func (p paths) raw(path string) string { return p.base + path }

func (p paths) home() string     { return p.page() }
func (p paths) search() string   { return p.page("search") }
func (p paths) repos() string    { return p.page("repos") }
func (p paths) families() string { return p.page("families") }

// errorPage links to a site's page; values, when given, are kept in the
// query string as v=name=value pairs.
func (p paths) errorPage(id errdex.ID, slug string, values url.Values) string {
	u := p.page("errors", string(id))
	if slug != "" {
		u = p.page("errors", string(id), slug)
	}
	if len(values) > 0 {
		u += "?" + values.Encode()
	}
	return u
}

func (p paths) family(slug string) string { return p.page("families", slug) }

// repo links to a repository page; names hold slashes ("owner/name"),
// which stay path separators.
func (p paths) repo(name string) string {
	return p.page(append([]string{"repos"}, splitName(name)...)...)
}

// repoFile lists a repository's errors in one file.
func (p paths) repoFile(repo, path string) string {
	segs := append([]string{"repos"}, splitName(repo)...)
	segs = append(segs, "-", "file")
	return p.page(append(segs, strings.Split(path, "/")...)...)
}

// repoFamily lists a repository's errors of one family.
func (p paths) repoFamily(repo, slug string) string {
	segs := append([]string{"repos"}, splitName(repo)...)
	return p.page(append(segs, "-", "family", slug)...)
}

func (p paths) apiError(id errdex.ID) string {
	if p.static {
		return p.base + "/api/errors/" + string(id) + ".json"
	}
	return p.base + "/api/errors/" + string(id)
}

func splitName(name string) []string { return strings.Split(name, "/") }
