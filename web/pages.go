package web

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// cachedAs serves the response for key from the page cache, building it
// once when missing (see cached).
func (s *Server) cachedAs(key string, build func() (*response, error)) (*response, error) {
	if s.cache == nil {
		return build()
	}
	key = fmt.Sprintf("%d %s", s.gen.Load(), key)
	if resp, ok := s.cache.get(key); ok {
		s.metrics.cacheHits.Inc()
		return resp, nil
	}
	s.metrics.cacheMisses.Inc()
	v, err, _ := s.flight.Do(key, func() (any, error) {
		resp, err := build()
		if err == nil && resp.status == http.StatusOK {
			s.cache.put(key, resp)
		}
		return resp, err
	})
	if err != nil {
		return nil, err
	}
	return v.(*response), nil
}

// homeView is the home page: the search box, the counts and a few errors.
type homeView struct {
	Repos, Sites, Families int
	Featured               []summary
	RepoNames              []string
}

func (s *Server) homePage(r *http.Request) (*response, error) {
	c := s.cat.Load()
	v := homeView{Repos: len(c.snaps), Sites: c.sites, Families: len(c.families), Featured: c.featured}
	for _, sn := range c.snaps[:min(len(c.snaps), 8)] {
		v.RepoNames = append(v.RepoNames, sn.Repo)
	}
	return s.render("home", http.StatusOK, pageData{
		Title:       "Find the line that raised your error",
		Description: "errdex explains error messages from the source code that raises them: paste an error or a traceback to see where it comes from, when it happens and how to fix it.",
		Canonical:   s.paths.home(),
		Section:     "home",
		Body:        v,
	}, cachePage)
}

// errorPage serves /errors/{id} and /errors/{id}/{slug}. A wrong slug
// redirects to the right one; values from a search (v=name=value) are
// shown in the message, and such pages are neither cached nor indexed.
func (s *Server) errorPage(r *http.Request) (*response, error) {
	id, err := errdex.ParseID(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	q := r.URL.Query()
	build := func() (*response, error) {
		site, err := s.cfg.Store.Site(r.Context(), id)
		if err != nil {
			return nil, err
		}
		slug := Slug(site.Template)
		if got := r.PathValue("slug"); got != "" && got != slug {
			resp := newResponse(http.StatusMovedPermanently, typeText, nil, cachePage)
			target := s.paths.errorPage(id, slug, nil)
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			resp.header = http.Header{"Location": {target}}
			return resp, nil
		}
		alt, _ := strconv.Atoi(q.Get("t"))
		tmpl := site.Template
		if alt > 0 && alt <= len(site.Alternatives) {
			tmpl = site.Alternatives[alt-1]
		} else {
			alt = 0
		}
		values := parseValues(q, tmpl.Holes())
		if len(values) == 0 {
			alt = 0
		}
		v := s.newErrorView(site, s.cat.Load().byRepo[site.Repo], values, alt)
		exc := cmp.Or(site.Exception, "Error")
		return s.render("error", http.StatusOK, pageData{
			Title:       fmt.Sprintf("%s · %s · %s", v.Title, exc, site.Repo),
			Description: fmt.Sprintf("%s raised in %s (%s:%d): %s", exc, site.Repo, site.Location.Path, site.Location.Line, v.Title),
			Canonical:   s.paths.errorPage(id, slug, nil),
			NoIndex:     len(values) > 0,
			Section:     "error",
			Body:        v,
		}, cachePage)
	}
	if len(q["v"]) > 0 {
		return build()
	}
	return s.cachedAs(r.URL.Path, build)
}

// familiesView lists the failure families.
type familiesView struct {
	Families []errdex.FamilyRef
}

func (s *Server) familiesPage(*http.Request) (*response, error) {
	c := s.cat.Load()
	return s.render("families", http.StatusOK, pageData{
		Title:       "Failure families",
		Description: "Errors grouped by the kind of failure they report, across libraries.",
		Canonical:   s.paths.families(),
		Section:     "families",
		Body:        familiesView{Families: c.families},
	}, cachePage)
}

// maxListed bounds the errors a family page lists.
const maxListed = 1000

// familyView is a family page: its background and members by repository.
type familyPageView struct {
	Family     errdex.FamilyRef
	Background string
	Groups     []repoGroup
	Listed     int
	Truncated  bool
}

type repoGroup struct {
	Repo   string
	Errors []summary
}

// familyData loads a family and its members.
func (s *Server) familyData(r *http.Request, slug string) (*familyPageView, error) {
	c := s.cat.Load()
	f, ok := c.famBySlug[slug]
	if !ok {
		return nil, errdex.Errorf("web.family", errdex.NotFound, "there is no failure family %q", slug)
	}
	v := &familyPageView{Family: *f}
	if s.cfg.FamilyBackground != nil {
		v.Background = s.cfg.FamilyBackground(slug)
	}
	err := s.cfg.Store.ListSites(r.Context(), errdex.SiteFilter{Family: slug, Limit: maxListed + 1}, func(site *errdex.Site) error {
		if v.Listed == maxListed {
			v.Truncated = true
			return nil
		}
		v.Listed++
		if n := len(v.Groups); n == 0 || v.Groups[n-1].Repo != site.Repo {
			v.Groups = append(v.Groups, repoGroup{Repo: site.Repo})
		}
		g := &v.Groups[len(v.Groups)-1]
		g.Errors = append(g.Errors, summarize(site))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

func (s *Server) familyPage(r *http.Request) (*response, error) {
	v, err := s.familyData(r, r.PathValue("slug"))
	if err != nil {
		return nil, err
	}
	return s.render("family", http.StatusOK, pageData{
		Title:       v.Family.Name + " · failure family",
		Description: fmt.Sprintf("%s: %s in %s.", v.Family.Name, plural(v.Family.Sites, "error", "errors"), plural(v.Family.Libraries, "repository", "repositories")),
		Canonical:   s.paths.family(v.Family.Slug),
		Section:     "families",
		Body:        v,
	}, cachePage)
}

// reposView lists the repositories.
type reposView struct {
	Repos []*errdex.Snapshot
}

func (s *Server) reposPage(*http.Request) (*response, error) {
	return s.render("repos", http.StatusOK, pageData{
		Title:       "Repositories",
		Description: "The repositories errdex has indexed, with their error sites.",
		Canonical:   s.paths.repos(),
		Section:     "repos",
		Body:        reposView{Repos: s.cat.Load().snaps},
	}, cachePage)
}

// repoRequest is a parsed /repos/{rest...} path: a repository, and
// optionally one of its files ("-/file/PATH") or families ("-/family/SLUG").
type repoRequest struct {
	Snap *errdex.Snapshot
	Mode string // "", "file", "family"
	Arg  string
}

func (s *Server) parseRepo(rest string) (*repoRequest, error) {
	name, sub, _ := strings.Cut(rest, "/-/")
	name = strings.TrimSuffix(name, "/")
	req := &repoRequest{}
	if sub != "" {
		mode, arg, _ := strings.Cut(sub, "/")
		arg = strings.TrimSuffix(arg, "/")
		if (mode != "file" && mode != "family") || arg == "" {
			return nil, errdex.Errorf("web.repo", errdex.NotFound, "there is no page %q in repository %s", sub, name)
		}
		req.Mode, req.Arg = mode, arg
	}
	snap, ok := s.cat.Load().byRepo[name]
	if !ok {
		return nil, errdex.Errorf("web.repo", errdex.NotFound, "no repository named %q has been indexed", name)
	}
	req.Snap = snap
	return req, nil
}

// repoView is a repository page: its snapshot, its errors counted by
// family and by file, or the errors of one file or family.
type repoView struct {
	Snap      *errdex.Snapshot
	SourceURL string
	Mode      string
	Arg       string
	ArgName   string // the family's name in family mode
	Families  []countRow
	Files     []countRow
	Skipped   []countRow
	Groups    []fileGroup // file and family modes
	Total     int
}

type countRow struct {
	Key, Name string
	Count     int
}

type fileGroup struct {
	Path   string
	Errors []summary
}

// repoData loads what a repository page shows.
func (s *Server) repoData(r *http.Request, rest string) (*repoView, error) {
	req, err := s.parseRepo(rest)
	if err != nil {
		return nil, err
	}
	snap := req.Snap
	v := &repoView{Snap: snap, Mode: req.Mode, Arg: req.Arg}
	if u := safeURL(snap.URLTemplate); u != "" {
		if i := strings.Index(snap.URLTemplate, "/blob/"); i > 0 {
			v.SourceURL = safeURL(snap.URLTemplate[:i])
		}
	}
	f := errdex.SiteFilter{Repo: snap.Repo}
	switch req.Mode {
	case "file":
		f.Path = req.Arg
	case "family":
		f.Family = req.Arg
		if fam, ok := s.cat.Load().famBySlug[req.Arg]; ok {
			v.ArgName = fam.Name
		}
	}
	families := map[string]*countRow{}
	files := map[string]int{}
	err = s.cfg.Store.ListSites(r.Context(), f, func(site *errdex.Site) error {
		v.Total++
		if req.Mode != "" {
			if n := len(v.Groups); n == 0 || v.Groups[n-1].Path != site.Location.Path {
				v.Groups = append(v.Groups, fileGroup{Path: site.Location.Path})
			}
			g := &v.Groups[len(v.Groups)-1]
			g.Errors = append(g.Errors, summarize(site))
			if req.Mode == "family" && v.ArgName == "" && site.Family != nil {
				v.ArgName = site.Family.Name
			}
			return nil
		}
		files[site.Location.Path]++
		if site.Family != nil {
			row, ok := families[site.Family.Slug]
			if !ok {
				row = &countRow{Key: site.Family.Slug, Name: cmp.Or(site.Family.Name, site.Family.Slug)}
				families[site.Family.Slug] = row
			}
			row.Count++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if req.Mode != "" && v.Total == 0 {
		return nil, errdex.Errorf("web.repo", errdex.NotFound, "repository %s has no errors in %s %q", snap.Repo, req.Mode, req.Arg)
	}
	for _, row := range families {
		v.Families = append(v.Families, *row)
	}
	slices.SortFunc(v.Families, func(a, b countRow) int { return cmp.Or(b.Count-a.Count, strings.Compare(a.Name, b.Name)) })
	for p, n := range files {
		v.Files = append(v.Files, countRow{Key: p, Name: p, Count: n})
	}
	slices.SortFunc(v.Files, func(a, b countRow) int { return strings.Compare(a.Key, b.Key) })
	for reason, n := range snap.Stats.SkippedByReason {
		v.Skipped = append(v.Skipped, countRow{Key: reason, Name: reason, Count: n})
	}
	slices.SortFunc(v.Skipped, func(a, b countRow) int { return cmp.Or(b.Count-a.Count, strings.Compare(a.Key, b.Key)) })
	return v, nil
}

func (s *Server) repoPage(r *http.Request) (*response, error) {
	v, err := s.repoData(r, r.PathValue("rest"))
	if err != nil {
		return nil, err
	}
	title, canonical := v.Snap.Repo, s.paths.repo(v.Snap.Repo)
	desc := fmt.Sprintf("%s: %s found in its source code.", v.Snap.Repo, plural(v.Snap.Stats.Sites, "error", "errors"))
	switch v.Mode {
	case "file":
		title = v.Arg + " · " + v.Snap.Repo
		canonical = s.paths.repoFile(v.Snap.Repo, v.Arg)
		desc = fmt.Sprintf("The %s raised in %s of %s.", plural(v.Total, "error", "errors"), v.Arg, v.Snap.Repo)
	case "family":
		title = cmp.Or(v.ArgName, v.Arg) + " · " + v.Snap.Repo
		canonical = s.paths.repoFamily(v.Snap.Repo, v.Arg)
		desc = fmt.Sprintf("The %s of family %s in %s.", plural(v.Total, "error", "errors"), cmp.Or(v.ArgName, v.Arg), v.Snap.Repo)
	}
	return s.render("repo", http.StatusOK, pageData{
		Title:       title,
		Description: desc,
		Canonical:   canonical,
		Section:     "repos",
		Body:        v,
	}, cachePage)
}
