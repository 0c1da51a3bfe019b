package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/errdex/errdex"
)

// ExportOptions configure Export.
type ExportOptions struct {
	// BasePath is the path the exported site will be served under
	// ("/errdex"), or "" for the root of its host.
	BasePath string
	// PublicURL is the site's absolute URL; when set, sitemap.xml and the
	// Sitemap line of robots.txt are written.
	PublicURL string
	// Overwrite allows writing into a directory that is not empty; files
	// are replaced, none is removed.
	Overwrite bool
	// Progress, when set, is called after each error page with the number
	// written and the total.
	Progress func(done, total int)
}

// ExportStats counts what Export wrote.
type ExportStats struct {
	Pages, JSON, Assets int
	Bytes               int64
	// Skipped lists pages not written, each with the reason (a name that
	// cannot be a file path).
	Skipped []string
}

// Export writes the site as static files under dir, for any static host:
// the same pages as the server (DIR/errors/ID/SLUG/index.html and so on,
// with links ending in "/"), the site JSON at /api/errors/ID.json,
// /api/families.json, /api/families/SLUG.json, /api/repos.json,
// /api/repos/NAME.json and /api/openapi.json, and a search page that matches
// exact messages in the browser over a prebuilt index
// (/search-index.json). Tracebacks, fuzzy matching and ranking need the
// server; the static search page says so.
//
// Layout of search-index.json: {"sites": [{"i": id, "s": slug, "e":
// exception, "r": repo, "p": path, "l": line, "f": function, "t": parts}]}
// where parts is the message template as a list of strings (literal
// text) and {"h": name} objects (holes). Sites whose message has no
// literal text are left out.
func Export(ctx context.Context, cfg Config, dir string, opts ExportOptions) (*ExportStats, error) {
	const op = "web.Export"
	base := strings.TrimRight(opts.BasePath, "/")
	if base != "" && !strings.HasPrefix(base, "/") {
		base = "/" + base
	}
	cfg.Lookup = nil
	cfg.CacheBytes = -1
	cfg.PublicURL = opts.PublicURL
	s, err := newServer(ctx, cfg, paths{base: base, static: true}, true)
	if err != nil {
		return nil, err
	}
	if err := prepareDir(dir, opts.Overwrite); err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	x := &exporter{s: s, dir: dir, ctx: ctx, stats: &ExportStats{}}
	if err := x.run(opts); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return x.stats, nil
}

// prepareDir creates dir, or checks that it is empty unless overwrite.
func prepareDir(dir string, overwrite bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(entries) > 0 && !overwrite:
		return fmt.Errorf("%s is not empty: pass an empty or new directory, or --force to write over it", dir)
	}
	return nil
}

type exporter struct {
	s     *Server
	dir   string
	ctx   context.Context
	stats *ExportStats
}

// request builds the request a page function reads: its path, query and
// path values.
func (x *exporter) request(p string, values ...string) *http.Request {
	r := (&http.Request{Method: http.MethodGet, URL: &url.URL{Path: p}, Header: http.Header{}}).WithContext(x.ctx)
	for i := 0; i+1 < len(values); i += 2 {
		r.SetPathValue(values[i], values[i+1])
	}
	return r
}

// safeSegments reports whether every segment of a data-derived name can
// be a path segment on disk and in a URL.
func safeSegments(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "\\\x00") {
			return false
		}
	}
	return true
}

// write stores data at the site path p ("/errors/x/y/" becomes
// errors/x/y/index.html).
func (x *exporter) write(p string, data []byte) error {
	rel := strings.TrimPrefix(p, x.s.paths.base)
	if strings.HasSuffix(rel, "/") {
		rel += "index.html"
	}
	rel = strings.TrimPrefix(rel, "/")
	unescaped, err := url.PathUnescape(rel)
	if err != nil {
		return err
	}
	file := filepath.FromSlash(unescaped)
	if !filepath.IsLocal(file) {
		return fmt.Errorf("refusing to write %q outside the export directory", unescaped)
	}
	full := filepath.Join(x.dir, file)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(full, data, 0o644); err != nil {
		return err
	}
	x.stats.Bytes += int64(len(data))
	return nil
}

// page renders a page function and writes it at p.
func (x *exporter) page(p string, f pageFunc, r *http.Request) error {
	resp, err := f(r)
	if err != nil {
		return fmt.Errorf("render %s: %w", p, err)
	}
	x.stats.Pages++
	return x.write(p, resp.body)
}

// api writes the JSON an API handler f answers r with.
func (x *exporter) api(p string, f pageFunc, r *http.Request) error {
	resp, err := f(r)
	if err != nil {
		return fmt.Errorf("render %s: %w", p, err)
	}
	x.stats.JSON++
	return x.write(p, resp.body)
}

func (x *exporter) json(p string, v any) error {
	resp, err := jsonResponse(http.StatusOK, v, "")
	if err != nil {
		return err
	}
	x.stats.JSON++
	return x.write(p, resp.body)
}

func (x *exporter) run(opts ExportOptions) error {
	s, p := x.s, x.s.paths
	for name, data := range s.assets.files {
		if err := x.write(p.raw("/static/"+name), data); err != nil {
			return err
		}
		x.stats.Assets++
	}
	if err := x.page(p.home(), s.homePage, x.request("/")); err != nil {
		return err
	}
	if err := x.page(p.search(), s.searchPage, x.request("/search")); err != nil {
		return err
	}
	if err := x.page(p.repos(), s.reposPage, x.request("/repos")); err != nil {
		return err
	}
	if err := x.page(p.families(), s.familiesPage, x.request("/families")); err != nil {
		return err
	}
	if err := x.json(p.raw("/api/families.json"), s.familiesDoc()); err != nil {
		return err
	}
	if err := x.json(p.raw("/api/repos.json"), s.reposDoc()); err != nil {
		return err
	}
	if err := x.api(p.raw("/api/openapi.json"), s.openAPI, x.request("/api/openapi.json")); err != nil {
		return err
	}
	cat := s.cat.Load()
	for _, f := range cat.families {
		if !safeSegments(f.Slug) {
			x.stats.Skipped = append(x.stats.Skipped, fmt.Sprintf("family %q: not a safe path segment", f.Slug))
			continue
		}
		if err := x.page(p.family(f.Slug), s.familyPage, x.request("/families/"+f.Slug, "slug", f.Slug)); err != nil {
			return err
		}
		if err := x.api(p.raw("/api/families/"+f.Slug+".json"), s.apiFamily, x.request("/api/families/"+f.Slug, "slug", f.Slug)); err != nil {
			return err
		}
	}
	if err := x.repos(cat); err != nil {
		return err
	}
	if err := x.errors(cat, opts.Progress); err != nil {
		return err
	}
	notFound := s.statusPage(x.request("/404"), http.StatusNotFound, "there is no page at this address")
	if err := x.write(p.raw("/404.html"), notFound.body); err != nil {
		return err
	}
	robots := "User-agent: *\nAllow: /\n"
	if opts.PublicURL != "" {
		robots += "\nSitemap: " + strings.TrimRight(opts.PublicURL, "/") + p.raw("/sitemap.xml") + "\n"
		resp, err := s.sitemap(x.request("/sitemap.xml"))
		if err != nil {
			return err
		}
		if err := x.write(p.raw("/sitemap.xml"), resp.body); err != nil {
			return err
		}
	}
	return x.write(p.raw("/robots.txt"), []byte(robots))
}

// repos writes each repository's page, and its pages per file and per
// family.
func (x *exporter) repos(cat *catalog) error {
	s, p := x.s, x.s.paths
	for _, snap := range cat.snaps {
		if !safeSegments(snap.Repo) {
			x.stats.Skipped = append(x.stats.Skipped, fmt.Sprintf("repository %q: not a safe path", snap.Repo))
			continue
		}
		v, err := s.repoData(x.request("/repos/"+snap.Repo), snap.Repo)
		if err != nil {
			return err
		}
		if err := x.page(p.repo(snap.Repo), s.repoPage, x.request("/repos/"+snap.Repo, "rest", snap.Repo)); err != nil {
			return err
		}
		if err := x.api(p.raw("/api/repos/"+snap.Repo+".json"), s.apiRepo, x.request("/api/repos/"+snap.Repo, "rest", snap.Repo)); err != nil {
			return err
		}
		for _, f := range v.Files {
			if !safeSegments(f.Key) {
				x.stats.Skipped = append(x.stats.Skipped, fmt.Sprintf("file %q of %s: not a safe path", f.Key, snap.Repo))
				continue
			}
			rest := snap.Repo + "/-/file/" + f.Key
			if err := x.page(p.repoFile(snap.Repo, f.Key), s.repoPage, x.request("/repos/"+rest, "rest", rest)); err != nil {
				return err
			}
		}
		for _, f := range v.Families {
			if !safeSegments(f.Key) {
				continue
			}
			rest := snap.Repo + "/-/family/" + f.Key
			if err := x.page(p.repoFamily(snap.Repo, f.Key), s.repoPage, x.request("/repos/"+rest, "rest", rest)); err != nil {
				return err
			}
		}
	}
	return nil
}

// indexEntry is one site in search-index.json (see Export).
type indexEntry struct {
	ID        errdex.ID `json:"i"`
	Slug      string    `json:"s"`
	Exception string    `json:"e,omitempty"`
	Repo      string    `json:"r"`
	Path      string    `json:"p"`
	Line      int       `json:"l"`
	Function  string    `json:"f,omitempty"`
	Parts     []any     `json:"t"`
}

type indexHole struct {
	Hole string `json:"h"`
}

// errors writes every error page, its JSON and the search index.
func (x *exporter) errors(cat *catalog, progress func(done, total int)) error {
	s, p := x.s, x.s.paths
	var ids []errdex.ID
	var entries []indexEntry
	err := s.cfg.Store.ListSites(x.ctx, errdex.SiteFilter{}, func(site *errdex.Site) error {
		ids = append(ids, site.ID)
		if site.Template.IsOpaque() {
			return nil
		}
		e := indexEntry{ID: site.ID, Slug: Slug(site.Template), Exception: site.Exception, Repo: site.Repo,
			Path: site.Location.Path, Line: site.Location.Line, Function: site.Function}
		for _, part := range site.Template.Parts {
			if part.IsHole() {
				e.Parts = append(e.Parts, indexHole{part.Hole})
			} else {
				e.Parts = append(e.Parts, part.Text)
			}
		}
		entries = append(entries, e)
		return nil
	})
	if err != nil {
		return err
	}
	data, err := json.Marshal(struct {
		Sites []indexEntry `json:"sites"`
	}{entries})
	if err != nil {
		return err
	}
	x.stats.JSON++
	if err := x.write(p.raw("/search-index.json"), data); err != nil {
		return err
	}
	for i, id := range ids {
		if err := x.ctx.Err(); err != nil {
			return err
		}
		site, err := s.cfg.Store.Site(x.ctx, id)
		if err != nil {
			return err
		}
		slug := Slug(site.Template)
		pagePath := p.errorPage(id, slug, nil)
		if err := x.page(pagePath, s.errorPage, x.request("/errors/"+string(id)+"/"+slug, "id", string(id), "slug", slug)); err != nil {
			return err
		}
		if err := x.write(p.errorPage(id, "", nil), redirectPage(pagePath)); err != nil {
			return err
		}
		if err := x.json(p.apiError(id), site); err != nil {
			return err
		}
		if progress != nil {
			progress(i+1, len(ids))
		}
	}
	return nil
}

// redirectPage is a page that sends the reader to target without script:
// what /errors/ID serves in a static export, where only /errors/ID/SLUG
// holds the page.
func redirectPage(target string) []byte {
	t := template.HTMLEscapeString(target)
	return []byte(`<!doctype html><html lang="en"><head><meta charset="utf-8">` +
		`<meta http-equiv="refresh" content="0; url=` + t + `"><link rel="canonical" href="` + t + `">` +
		`<title>Moved</title></head><body><p><a href="` + t + `">This error's page</a></p></body></html>` + "\n")
}
