package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/trace"
)

//go:embed templates
var templateFS embed.FS

// templates holds one parsed template set per page, each made of the
// shared layout and the page's own "content" template.
type templates struct {
	pages map[string]*template.Template
}

func parseTemplates(funcs template.FuncMap) (*templates, error) {
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/partials.html")
	if err != nil {
		return nil, fmt.Errorf("web: parse layout: %w", err)
	}
	names, err := fs.Glob(templateFS, "templates/page-*.html")
	if err != nil {
		return nil, fmt.Errorf("web: list templates: %w", err)
	}
	t := &templates{pages: map[string]*template.Template{}}
	for _, n := range names {
		clone, err := base.Clone()
		if err != nil {
			return nil, fmt.Errorf("web: clone layout: %w", err)
		}
		if _, err := clone.ParseFS(templateFS, n); err != nil {
			return nil, fmt.Errorf("web: parse %s: %w", n, err)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/page-"), ".html")
		t.pages[name] = clone
	}
	return t, nil
}

// pageData is what the layout needs; Body is the page's own data.
type pageData struct {
	Title       string // the <title>, without the site name
	Description string
	Canonical   string // path of the canonical URL, or ""
	NoIndex     bool   // keep search engines away (pages holding pasted values)
	Section     string // "home", "search", "repos", "families", "error"
	Static      bool   // a page of a static export
	Body        any
}

// render executes a page template into a response.
func (s *Server) render(page string, status int, d pageData, cacheControl string) (*response, error) {
	t, ok := s.tmpl.pages[page]
	if !ok {
		return nil, errdex.Errorf("web.render", errdex.Internal, "no template for page %q", page)
	}
	d.Static = s.static
	if d.Canonical != "" && s.cfg.PublicURL != "" {
		d.Canonical = s.cfg.PublicURL + d.Canonical
	}
	var b bytes.Buffer
	b.Grow(16 << 10)
	if err := t.ExecuteTemplate(&b, "layout.html", d); err != nil {
		return nil, errdex.E("web.render "+page, errdex.Internal, err)
	}
	return newResponse(status, typeHTML, b.Bytes(), cacheControl), nil
}

// statusPage renders an error page; when even that fails, plain text.
func (s *Server) statusPage(r *http.Request, status int, msg string) *response {
	title := http.StatusText(status)
	resp, err := s.render("status", status, pageData{
		Title:   title,
		NoIndex: true,
		Body: struct {
			Status         int
			Title, Message string
		}{status, title, msg},
	}, cacheNone)
	if err != nil {
		s.log.Error("render error page", "err", err)
		return newResponse(status, typeText, []byte(msg+"\n"), cacheNone)
	}
	return resp
}

// funcs are the template functions: links (all built by paths), and
// number and date formatting.
func (s *Server) funcs() template.FuncMap {
	p := &s.paths
	return template.FuncMap{
		"asset":       func(name string) string { return s.assets.url[name] },
		"homeURL":     p.home,
		"searchURL":   p.search,
		"reposURL":    p.repos,
		"familiesURL": p.families,
		"errorURL":    func(id errdex.ID, slug string) string { return p.errorPage(id, slug, nil) },
		"repoURL":     p.repo,
		"fileURL":     p.repoFile,
		"repoFamURL":  p.repoFamily,
		"familyURL":   p.family,
		"apiErrorURL": p.apiError,
		"indexURL":    func() string { return p.raw("/search-index.json") },
		"basePath":    func() string { return p.base },
		"num":         formatInt,
		"plural":      plural,
		"date":        func(t time.Time) string { return t.UTC().Format("2006-01-02") },
		"percent":     func(f float64) string { return fmt.Sprintf("%.0f%%", f*100) },
		"sentence":    sentence,
		"tieNote":     tieNote,
		"inline":      inline,
		"innermost": func(fs []trace.Frame) *trace.Frame {
			for i := len(fs) - 1; i >= 0; i-- {
				if !fs[i].Internal {
					return &fs[i]
				}
			}
			return nil
		},
		"capital": capital,
		"form": func(query string, static, large bool) formData {
			return formData{Query: query, Static: static, Large: large}
		},
	}
}

// sentence ends s with a period unless it ends with punctuation.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// capital upper-cases the first letter of s.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// formData is what the search form partial needs.
type formData struct {
	Query         string
	Static, Large bool
}

// formatInt writes n with thousands separators: 12345 → "12,345".
func formatInt(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + formatInt(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural renders "1 error" or "3,120 errors".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return formatInt(n) + " " + many
}

// tieNote is lookup.TieNote for a search response.
func tieNote(r *SearchResponse) string {
	lang := ""
	if len(r.Matches) > 0 && r.Matches[0].Site != nil {
		lang = r.Matches[0].Site.Language
	}
	return lookup.TieNote(r.Tied, len(r.Frames) > 0, lang)
}
