package web

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/explain"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/trace"
)

// SearchResponse is the JSON answer of /api/search, in the shape of
// `errdex explain --json` (exception, message, matches with id, score,
// values, reasons and the whole site, frames, reason, nearest) plus what
// a web client needs besides: whether the first match is confident, each
// match's title, page URL and text score, and the time spent matching.
type SearchResponse struct {
	// Exception and Message are what was matched: the exception type as
	// printed and its message.
	Exception string `json:"exception,omitempty"`
	Message   string `json:"message,omitempty"`
	// Matches are the sites that may have raised the error, best first.
	Matches []SearchMatch `json:"matches"`
	// Frames of the paste's primary exception, outermost first.
	Frames []trace.Frame `json:"frames"`
	// Reason says why nothing matched (only when Matches is empty).
	Reason string `json:"reason,omitempty"`
	// Nearest is the innermost frame in an indexed file, when one is.
	Nearest *SearchFrame `json:"nearest,omitempty"`
	// Confident is true when the first match is the answer: a strong
	// score well ahead of the next one. The web search then redirects to
	// its page.
	Confident bool `json:"confident"`
	// Tied counts the matches that score exactly as the first: 1 when
	// it stands alone, 0 with no match, above 1 when the same message is
	// raised at that many places and the paste does not tell them apart.
	Tied      int     `json:"tied"`
	ElapsedMS float64 `json:"elapsed_ms"`
}

// SearchFrame is a place in an indexed repository.
type SearchFrame struct {
	Repo     string `json:"repo,omitempty"`
	Path     string `json:"path"`
	Line     int    `json:"line,omitempty"`
	Function string `json:"function,omitempty"`
}

// SearchMatch is one site that may have raised the pasted error.
type SearchMatch struct {
	ID errdex.ID `json:"id"`
	// Score in [0, 1] combines the message, frames, exception type and
	// repository evidence; TextScore is the message part alone.
	Score float64 `json:"score"`
	// Values maps the template's holes to the text the paste holds in
	// their place.
	Values  map[string]string `json:"values"`
	Reasons []string          `json:"reasons,omitempty"`
	Site    *errdex.Site      `json:"site"`

	Title     string  `json:"title"`
	URL       string  `json:"url,omitempty"` // the error page, with the values
	TextScore float64 `json:"text_score"`
	// Template is 0 when the site's main template matched, i for its
	// i-th alternative.
	Template int `json:"template,omitempty"`
	// Ordered holds the values in template order, for display.
	Ordered []SearchValue `json:"-"`

	hit *lookup.Hit // the lookup answer's, which has Site's JSON cached; or nil
}

// encodedSite returns the JSON of the match's site, as json.Marshal
// writes it.
func (m *SearchMatch) encodedSite() ([]byte, error) {
	if m.hit != nil {
		return m.hit.SiteJSON()
	}
	return json.Marshal(m.Site)
}

// SearchValue is the text a paste holds in place of a template's hole.
type SearchValue struct {
	Name string
	Text string
}

// Confidence thresholds: a first match is the answer when it scores at
// least confidentScore and leads the next one by confidentGap (an exact
// message match scores about 1; the same message raised in two places
// scores the same twice, and the reader must choose).
const (
	confidentScore = 0.85
	confidentGap   = 0.1
)

// NewSearchResponse converts a lookup answer to its JSON form, without
// page URLs (the server adds them).
func NewSearchResponse(ans *lookup.Answer) *SearchResponse {
	return newSearchResponse(ans, explain.Title)
}

// newSearchResponse is NewSearchResponse with the title of each match's
// site given by title.
func newSearchResponse(ans *lookup.Answer, title func(*errdex.Site) string) *SearchResponse {
	out := &SearchResponse{
		Exception: ans.Exception,
		Message:   strings.TrimSpace(ans.Message),
		Matches:   make([]SearchMatch, 0, len(ans.Hits)),
		Frames:    []trace.Frame{},
		Reason:    ans.Reason,
		ElapsedMS: float64(ans.Elapsed.Microseconds()) / 1000,
	}
	if ans.Report != nil {
		if p := ans.Report.Primary(); p != nil && p.Frames != nil {
			out.Frames = p.Frames
		}
	}
	if n := ans.Nearest; n != nil {
		out.Nearest = &SearchFrame{Repo: n.Repo, Path: n.Path, Line: n.Line, Function: n.Function}
	}
	for i := range ans.Hits {
		h := &ans.Hits[i]
		m := SearchMatch{
			ID:        h.ID,
			Score:     h.Score,
			Values:    h.Values(),
			Reasons:   h.Reasons,
			Site:      h.Site,
			Title:     title(h.Site),
			TextScore: h.TextScore,
			Template:  h.Template,
			hit:       h,
		}
		for i, v := range h.Match.Values {
			if v.Start >= 0 {
				if m.Ordered == nil {
					m.Ordered = make([]SearchValue, 0, len(h.Match.Values)-i)
				}
				m.Ordered = append(m.Ordered, SearchValue{Name: v.Name, Text: v.Text})
			}
		}
		out.Matches = append(out.Matches, m)
	}
	out.Tied = min(ans.Tied, len(out.Matches))
	hits := ans.Hits
	out.Confident = len(hits) > 0 && hits[0].Score >= confidentScore && hits[0].Score-ans.RunnerUp >= confidentGap
	return out
}

// searchQuery reads the pasted text and the optional repository hint:
// from the query string (GET), a form or JSON body {"q": ..., "repo": ...}
// (POST), or a plain-text body (POST with any other content type).
func searchQuery(r *http.Request) (text, repo string, err error) {
	const op = "web.search"
	q := r.URL.Query()
	text, repo = q.Get("q"), q.Get("repo")
	if r.Method == http.MethodPost {
		ctype, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		switch ctype {
		case "application/x-www-form-urlencoded":
			// Read as ParseForm does, without merging the URL's query
			// into a form or going through the multipart reader.
			b, err := io.ReadAll(r.Body)
			if err != nil {
				return "", "", bodyError(op, err)
			}
			form, err := url.ParseQuery(string(b))
			if err != nil {
				return "", "", bodyError(op, err)
			}
			text, repo = form.Get("q"), cmp.Or(form.Get("repo"), repo)
		case "multipart/form-data":
			if err := r.ParseMultipartForm(MaxBody); err != nil && !errors.Is(err, http.ErrNotMultipart) {
				return "", "", bodyError(op, err)
			}
			text, repo = r.PostFormValue("q"), cmp.Or(r.PostFormValue("repo"), repo)
		case "application/json":
			var body struct {
				Q    string `json:"q"`
				Repo string `json:"repo"`
			}
			dec := json.NewDecoder(r.Body)
			if err := dec.Decode(&body); err != nil {
				return "", "", bodyError(op, fmt.Errorf("the body is not a JSON object {\"q\": \"...\"}: %w", err))
			}
			text, repo = body.Q, cmp.Or(body.Repo, repo)
		default:
			b, err := io.ReadAll(r.Body)
			if err != nil {
				return "", "", bodyError(op, err)
			}
			text = string(b)
		}
	}
	if strings.TrimSpace(text) == "" {
		return "", "", errdex.Errorf(op, errdex.Invalid, "nothing to search: paste an error message or a traceback (parameter q)")
	}
	return text, repo, nil
}

// bodyError classifies an error reading a request body.
func bodyError(op string, err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errdex.E(op, errdex.TooLarge, err)
	}
	return errdex.E(op, errdex.Invalid, err)
}

// search runs a query through the lookup service. Matching is all CPU, so
// at most GOMAXPROCS searches match at once and the others wait their
// turn, first come first served: under a burst each search then takes its
// own time plus the queue's, instead of every search in flight sharing the
// processors and all of them finishing late.
func (s *Server) search(r *http.Request, text, repo string) (*lookup.Answer, error) {
	if s.cfg.Lookup == nil {
		return nil, errdex.E("web.search", errdex.Unavailable, errNoSearch)
	}
	select {
	case s.matching <- struct{}{}: // a free slot: no need to make the context's Done channel
	default:
		select {
		case s.matching <- struct{}{}:
		case <-r.Context().Done():
			return nil, errdex.E("web.search", errdex.Unavailable, r.Context().Err())
		}
	}
	defer func() { <-s.matching }()
	ans, err := s.cfg.Lookup.Explain(r.Context(), text, lookup.Options{Limit: 10, Repo: repo})
	if err != nil {
		s.metrics.searches.WithLabelValues("error").Inc()
		return nil, err
	}
	return ans, nil
}

// matchURL links a match to its error page with the paste's values, as
// paths.errorPage does.
func (s *Server) matchURL(h *lookup.Hit) string {
	t := h.Site.Template
	if h.Template > 0 && h.Template <= len(h.Site.Alternatives) {
		t = h.Site.Alternatives[h.Template-1]
	}
	u := s.links.get(s.paths, h.Site).page
	if values := encodeValues(h.Values(), t, h.Template); len(values) > 0 {
		u += "?" + values.Encode()
	}
	return u
}

// siteLinksEntries bounds the sites whose links are kept, as lookup bounds
// the sites it keeps.
const siteLinksEntries = 4096

// siteLinks keeps what a search answer shows of each site it names that
// depends on the site alone: its title and the link to its page, which
// cost more to make than the rest of the answer's text. An entry is valid
// for the site record it was made from (lookup shares one record per site
// until its index is reloaded).
type siteLinks struct {
	entries *lru.Cache[errdex.ID, *siteLink]
}

type siteLink struct {
	site  *errdex.Site
	title string // explain.Title
	page  string // paths.errorPage without values
}

func newSiteLinks() (*siteLinks, error) {
	c, err := lru.New[errdex.ID, *siteLink](siteLinksEntries)
	if err != nil {
		return nil, fmt.Errorf("web: site link cache: %w", err)
	}
	return &siteLinks{entries: c}, nil
}

// get returns the title and page link of site, made when they are not
// kept for this record.
func (c *siteLinks) get(p paths, site *errdex.Site) *siteLink {
	if l, ok := c.entries.Get(site.ID); ok && l.site == site {
		return l
	}
	l := &siteLink{site: site, title: explain.Title(site), page: p.errorPage(site.ID, Slug(site.Template), nil)}
	c.entries.Add(site.ID, l)
	return l
}

// title returns explain.Title of site.
func (c *siteLinks) title(p paths, site *errdex.Site) string {
	if site == nil {
		return explain.Title(site)
	}
	return c.get(p, site).title
}

func (s *Server) countOutcome(res *SearchResponse) {
	switch {
	case res.Confident:
		s.metrics.searches.WithLabelValues("redirect").Inc()
	case len(res.Matches) > 0:
		s.metrics.searches.WithLabelValues("list").Inc()
	default:
		s.metrics.searches.WithLabelValues("none").Inc()
	}
}

// runSearch reads a search request, runs it, and returns the answer with
// page URLs, counted in the metrics.
func (s *Server) runSearch(r *http.Request) (text, repo string, res *SearchResponse, err error) {
	if text, repo, err = searchQuery(r); err != nil {
		return "", "", nil, err
	}
	ans, err := s.search(r, text, repo)
	if err != nil {
		return "", "", nil, err
	}
	res = newSearchResponse(ans, func(site *errdex.Site) string { return s.links.title(s.paths, site) })
	for i := range res.Matches {
		res.Matches[i].URL = s.matchURL(&ans.Hits[i])
	}
	s.countOutcome(res)
	return text, repo, res, nil
}

// apiSearch serves GET and POST /api/search, in compact JSON: answers are
// computed per request, and indenting would cost a fifth of the time.
func (s *Server) apiSearch(r *http.Request) (*response, error) {
	_, _, res, err := s.runSearch(r)
	if err != nil {
		return nil, err
	}
	b, spans, err := res.encode(s.bufs.get())
	if err != nil {
		return nil, err
	}
	resp := newResponse(http.StatusOK, typeJSON, b, cacheNone)
	var gz []byte
	if len(spans) > 0 {
		resp.compress = func() []byte {
			gz = s.deflates.gzipSpliced(s.bufs.get(), b, spans)
			return gz
		}
	}
	resp.release = func() {
		s.bufs.put(b)
		s.bufs.put(gz)
	}
	return resp, nil
}

// sitePlaceholder is a match's "site" member when its Site is nil.
const sitePlaceholder = `"site":null`

// encode appends to dst what json.Marshal writes for the answer, byte for
// byte, and a newline, with each match's site spliced in as the lookup
// service cached its JSON (encoding site records is most of the cost of an
// answer, and encoding/json would do it by reflection, then scan each
// record again to compact it), and where each site is in it. The answer is
// encoded with every Site nil (and then given them back), and the i-th
// "site":null receives the i-th site: that text appears nowhere else,
// since a quote inside a JSON string is escaped and no other member of the
// answer is named "site".
func (res *SearchResponse) encode(dst []byte) ([]byte, []span, error) {
	sites := make([]span, len(res.Matches))
	recs := make([]*errdex.Site, len(res.Matches))
	size := 0
	for i := range res.Matches {
		m := &res.Matches[i]
		b, err := m.encodedSite()
		if err != nil {
			return nil, nil, fmt.Errorf("web: encode the site of match %s: %w", m.ID, err)
		}
		sites[i], size = span{site: m.ID, json: b}, size+len(b)
		recs[i] = m.Site
	}
	buf := docBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			docBuffers.Put(buf)
		}
	}()
	buf.Reset()
	for i := range res.Matches {
		res.Matches[i].Site = nil
	}
	// An Encoder writes what json.Marshal returns and a newline, into a
	// buffer that is kept for the next answer.
	err := json.NewEncoder(buf).Encode(res)
	for i := range res.Matches {
		res.Matches[i].Site = recs[i]
	}
	if err != nil {
		return nil, nil, fmt.Errorf("web: encode a search answer: %w", err)
	}
	doc := buf.Bytes()
	out := slices.Grow(dst, len(doc)+size)
	for i := range sites {
		at := bytes.Index(doc, []byte(sitePlaceholder))
		if at < 0 {
			return nil, nil, fmt.Errorf("web: encode a search answer: no place for the site of match %d of %d", i+1, len(sites))
		}
		at += len(`"site":`)
		out = append(out, doc[:at]...)
		sites[i].start = len(out)
		out = append(out, sites[i].json...)
		sites[i].end = len(out)
		doc = doc[at+len("null"):]
	}
	return append(out, doc...), sites, nil
}

// docBuffers holds the buffers search answers are encoded into before
// their sites are spliced in.
var docBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// searchView is the search page: the form, then the matches, or the
// reason nothing matched.
type searchView struct {
	Query     string
	Repo      string
	Asked     bool
	Result    *SearchResponse
	Nearest   *SearchFrame
	NearestAt string // link to the nearest frame's file page
}

// searchPage serves GET and POST /search: the empty form, a redirect to
// the one confident answer (303, so that reloading does not post again),
// or the list of candidates.
func (s *Server) searchPage(r *http.Request) (*response, error) {
	v := searchView{}
	if r.Method == http.MethodGet && strings.TrimSpace(r.URL.Query().Get("q")) == "" {
		return s.render("search", http.StatusOK, pageData{
			Title: "Search", Section: "search", Canonical: s.paths.search(), Body: v,
		}, cachePage)
	}
	text, repo, res, err := s.runSearch(r)
	if err != nil {
		return nil, err
	}
	if res.Confident {
		resp := newResponse(http.StatusSeeOther, typeText, nil, cacheNone)
		resp.header = http.Header{"Location": {res.Matches[0].URL}}
		return resp, nil
	}
	v = searchView{Query: text, Repo: repo, Asked: true, Result: res, Nearest: res.Nearest}
	if n := res.Nearest; n != nil {
		if _, ok := s.cat.Load().byRepo[n.Repo]; ok {
			v.NearestAt = s.paths.repoFile(n.Repo, n.Path)
		}
	}
	title := "No source site found"
	if len(res.Matches) > 0 {
		title = fmt.Sprintf("%d possible sources", len(res.Matches))
	}
	return s.render("search", http.StatusOK, pageData{
		Title:   title,
		Section: "search",
		NoIndex: true,
		Body:    v,
	}, cacheNone)
}
