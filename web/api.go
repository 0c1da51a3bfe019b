package web

import (
	_ "embed"
	"net/http"

	"github.com/errdex/errdex"
)

//go:embed openapi.json
var openAPIDoc []byte

// openAPI serves the OpenAPI 3 description of the JSON API.
func (s *Server) openAPI(*http.Request) (*response, error) {
	return newResponse(http.StatusOK, typeJSON, openAPIDoc, cachePage), nil
}

// apiError serves a site in its JSON contract (errdex.Site), encoded by
// the lookup service, which keeps the sites it loaded and their JSON, when
// the server has one.
func (s *Server) apiError(r *http.Request) (*response, error) {
	id, err := errdex.ParseID(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if s.cfg.Lookup != nil {
		b, err := s.cfg.Lookup.SiteJSON(r.Context(), id)
		if err != nil {
			return nil, err
		}
		return indentedJSON(http.StatusOK, b, cachePage)
	}
	site, err := s.cfg.Store.Site(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return jsonResponse(http.StatusOK, site, cachePage)
}

// apiSummary is a site in a JSON list, with the link to its page.
type apiSummary struct {
	summary
	URL string `json:"url"`
}

func (s *Server) apiSummaries(ss []summary) []apiSummary {
	out := make([]apiSummary, len(ss))
	for i, sum := range ss {
		out[i] = apiSummary{summary: sum, URL: s.paths.errorPage(sum.ID, sum.Slug, nil)}
	}
	return out
}

// FamiliesDoc is the JSON of /api/families.
type FamiliesDoc struct {
	Families []errdex.FamilyRef `json:"families"`
}

func (s *Server) familiesDoc() FamiliesDoc {
	fams := s.cat.Load().families
	if fams == nil {
		fams = []errdex.FamilyRef{}
	}
	return FamiliesDoc{Families: fams}
}

func (s *Server) apiFamilies(*http.Request) (*response, error) {
	return jsonResponse(http.StatusOK, s.familiesDoc(), cachePage)
}

// familyDoc is the JSON of /api/families/{slug}.
type familyDoc struct {
	Family     errdex.FamilyRef `json:"family"`
	Background string           `json:"background,omitempty"`
	Members    []apiSummary     `json:"members"`
	Truncated  bool             `json:"truncated,omitempty"`
}

func (s *Server) apiFamily(r *http.Request) (*response, error) {
	v, err := s.familyData(r, r.PathValue("slug"))
	if err != nil {
		return nil, err
	}
	doc := familyDoc{Family: v.Family, Background: v.Background, Truncated: v.Truncated, Members: []apiSummary{}}
	for _, g := range v.Groups {
		doc.Members = append(doc.Members, s.apiSummaries(g.Errors)...)
	}
	return jsonResponse(http.StatusOK, doc, cachePage)
}

// ReposDoc is the JSON of /api/repos: the current snapshot of every
// repository.
type ReposDoc struct {
	Repos []*errdex.Snapshot `json:"repos"`
}

func (s *Server) reposDoc() ReposDoc {
	snaps := s.cat.Load().snaps
	if snaps == nil {
		snaps = []*errdex.Snapshot{}
	}
	return ReposDoc{Repos: snaps}
}

func (s *Server) apiRepos(*http.Request) (*response, error) {
	return jsonResponse(http.StatusOK, s.reposDoc(), cachePage)
}

// repoDoc is the JSON of /api/repos/{name} (counts by family and file) and
// of its file and family lists (errors).
type repoDoc struct {
	Snapshot *errdex.Snapshot `json:"snapshot"`
	Families []countDoc       `json:"families,omitempty"`
	Files    []countDoc       `json:"files,omitempty"`
	Path     string           `json:"path,omitempty"`
	Family   string           `json:"family,omitempty"`
	Errors   []apiSummary     `json:"errors,omitempty"`
}

type countDoc struct {
	Key   string `json:"key"`
	Name  string `json:"name,omitempty"`
	Sites int    `json:"sites"`
}

func (s *Server) apiRepo(r *http.Request) (*response, error) {
	v, err := s.repoData(r, r.PathValue("rest"))
	if err != nil {
		return nil, err
	}
	doc := repoDoc{Snapshot: v.Snap}
	switch v.Mode {
	case "":
		doc.Families = []countDoc{}
		for _, row := range v.Families {
			doc.Families = append(doc.Families, countDoc{Key: row.Key, Name: row.Name, Sites: row.Count})
		}
		doc.Files = []countDoc{}
		for _, row := range v.Files {
			doc.Files = append(doc.Files, countDoc{Key: row.Key, Sites: row.Count})
		}
	case "file":
		doc.Path = v.Arg
	case "family":
		doc.Family = v.Arg
	}
	for _, g := range v.Groups {
		doc.Errors = append(doc.Errors, s.apiSummaries(g.Errors)...)
	}
	return jsonResponse(http.StatusOK, doc, cachePage)
}
