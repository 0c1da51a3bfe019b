package web

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"

	"github.com/errdex/errdex"
)

// maxSitemapURLs is the sitemap protocol's limit on one file. Larger
// databases list their first maxSitemapURLs pages.
const maxSitemapURLs = 50000

// origin is the absolute URL of the site: the configured public URL, or
// the scheme and host the request came to.
func (s *Server) origin(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	scheme := "http"
	if r.TLS != nil || (s.cfg.TrustForwardedFor && r.Header.Get("X-Forwarded-Proto") == "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// sitemapURLs calls fn with the path of every page worth indexing: home,
// repositories, families and error pages, at most maxSitemapURLs.
func (s *Server) sitemapURLs(r *http.Request, fn func(path string)) error {
	c := s.cat.Load()
	n := 0
	emit := func(p string) {
		if n < maxSitemapURLs {
			fn(p)
			n++
		}
	}
	emit(s.paths.home())
	emit(s.paths.repos())
	for _, sn := range c.snaps {
		emit(s.paths.repo(sn.Repo))
	}
	if len(c.families) > 0 {
		emit(s.paths.families())
		for _, f := range c.families {
			emit(s.paths.family(f.Slug))
		}
	}
	return s.cfg.Store.ListSites(r.Context(), errdex.SiteFilter{Limit: maxSitemapURLs}, func(site *errdex.Site) error {
		emit(s.paths.errorPage(site.ID, Slug(site.Template), nil))
		return nil
	})
}

// sitemap serves sitemap.xml.
func (s *Server) sitemap(r *http.Request) (*response, error) {
	origin := s.origin(r)
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	err := s.sitemapURLs(r, func(p string) {
		b.WriteString("<url><loc>")
		_ = xml.EscapeText(&b, []byte(origin+p))
		b.WriteString("</loc></url>\n")
	})
	if err != nil {
		return nil, err
	}
	b.WriteString("</urlset>\n")
	cc := cachePage
	if s.cfg.PublicURL == "" {
		cc = "private, max-age=300" // the URLs depend on the Host header
	}
	return newResponse(http.StatusOK, typeXML, b.Bytes(), cc), nil
}

// robots serves robots.txt: everything may be crawled except searches,
// whose pages hold what users pasted.
func (s *Server) robots(r *http.Request) (*response, error) {
	body := fmt.Sprintf("User-agent: *\nAllow: /\nDisallow: %s\nDisallow: %s\n\nSitemap: %s%s\n",
		s.paths.raw("/search"), s.paths.raw("/api/search"), s.origin(r), s.paths.raw("/sitemap.xml"))
	return newResponse(http.StatusOK, typeText, []byte(body), cachePage), nil
}
