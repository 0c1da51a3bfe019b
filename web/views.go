package web

import (
	"cmp"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/explain"
	"github.com/errdex/errdex/web/highlight"
)

// errorView is everything the error page shows, in the order it shows it.
// Sections whose data is absent stay empty and the template leaves them
// out.
type errorView struct {
	ID                 errdex.ID
	Repo               string
	Exception          string
	ExceptionQualified string
	Language           string
	Kind               string
	Title              string
	Slug               string
	Family             *familyView

	// The message, with the reader's values when they came from a search.
	Message      []segment
	Alternatives [][]segment
	Values       []valueView

	// From the explanation.
	Meaning    string
	Solutions  []string
	Fix        *fixView
	Trigger    string
	Situations []string
	LLM        string // the model, when an LLM wrote part of the explanation
	// By names the model that wrote each explanation field ("meaning",
	// "trigger", "solutions", "example_fix", "situations"), absent for
	// fields from static analysis.
	By map[string]string
	// Static is the deterministic explanation, shown beside fields an
	// LLM wrote.
	Static *staticView

	// When it happens.
	Function string
	Callers  []placeView
	CallPath []placeView
	Guards   []guardView
	Facts    []factView
	Config   []configView

	// Source.
	Path string
	Line int
	// Column is the site's column in minified code, where the line alone
	// does not place it; 0 otherwise.
	Column    int
	SourceURL string
	Forge     string // "GitHub", "GitLab", or "" for another host
	ShortRev  string
	Code      []codeLine
	CodeLabel string

	Related []relatedView

	// Footer.
	RevDate   string
	JSONURL   string
	IssuesURL string
	ReportURL string
}

// HasWhen reports whether the "When it happens" section has anything to
// show.
func (v *errorView) HasWhen() bool {
	return v.Trigger != "" || len(v.Guards) > 0 || len(v.Facts) > 0 || len(v.Config) > 0 ||
		len(v.Callers) > 0 || len(v.CallPath) > 0 || len(v.Situations) > 0
}

// HasFix reports whether the "How to fix" section has anything to show.
func (v *errorView) HasFix() bool { return len(v.Solutions) > 0 || v.Fix != nil }

// segment is a piece of a message: literal text, or a hole shown as
// {name} or, when the reader's value is known, as that value.
type segment struct {
	Text   string
	Hole   string
	Filled bool
}

// staticView is the deterministic explanation of fields an LLM rewrote.
// staticView holds the deterministic fields an LLM's text replaces on the
// page, so that they stay readable beside it.
type staticView struct {
	Meaning, Trigger      string
	Solutions, Situations []string
	Fix                   *fixView
}

type valueView struct {
	Name, Value, Expr, Type string
}

type familyView struct {
	Slug, Name       string
	Sites, Libraries int
}

type fixView struct {
	Before, After []codeLine
}

// placeView is a cited place in the repository: a label and, when the
// remote is known, a link to the line.
type placeView struct {
	Function string
	Where    string // "path:line"
	URL      string
}

type guardView struct {
	Text  string // the condition that holds at the raise
	Kind  string
	Where placeView
}

type factView struct {
	Name, Text string
	Where      placeView
}

type configView struct {
	Name, Kind, Default, Via string
	Where                    placeView
}

type relatedView struct {
	ID            errdex.ID
	Title, Reason string
}

// codeLine is one highlighted source line.
type codeLine struct {
	Num    int
	Mark   bool
	Tokens highlight.Line
}

// maxValues and maxValueLen bound what a URL may carry as the reader's
// values.
const (
	maxValues   = 16
	maxValueLen = 300
)

// parseValues reads the reader's values from the query (v=name=value),
// keeping only names of the template's holes.
func parseValues(q url.Values, holes []errdex.Part) map[string]string {
	vs := q["v"]
	if len(vs) == 0 {
		return nil
	}
	known := map[string]bool{}
	for _, h := range holes {
		known[h.Hole] = true
	}
	out := map[string]string{}
	for _, v := range vs[:min(len(vs), maxValues)] {
		name, value, ok := strings.Cut(v, "=")
		if !ok || !known[name] {
			continue
		}
		if len(value) > maxValueLen {
			value = explain.Cut(value, maxValueLen/2)
		}
		if _, dup := out[name]; !dup {
			out[name] = value
		}
	}
	return out
}

// encodeValues is parseValues' inverse, in template order.
func encodeValues(values map[string]string, t errdex.Template, alt int) url.Values {
	q := url.Values{}
	if alt > 0 {
		q.Set("t", strconv.Itoa(alt))
	}
	seen := map[string]bool{}
	for _, h := range t.Holes() {
		v, ok := values[h.Hole]
		if !ok || seen[h.Hole] || len(q["v"]) >= maxValues {
			continue
		}
		seen[h.Hole] = true
		if len(v) > maxValueLen {
			v = explain.Cut(v, maxValueLen/2)
		}
		q.Add("v", h.Hole+"="+v)
	}
	if len(q["v"]) == 0 {
		return nil
	}
	return q
}

// segments splits a template for display, filling holes with values.
func segments(t errdex.Template, values map[string]string) []segment {
	out := make([]segment, 0, len(t.Parts))
	for _, p := range t.Parts {
		if !p.IsHole() {
			out = append(out, segment{Text: p.Text})
			continue
		}
		if v, ok := values[p.Hole]; ok {
			out = append(out, segment{Text: v, Hole: p.Hole, Filled: true})
			continue
		}
		out = append(out, segment{Text: "{" + p.Hole + "}", Hole: p.Hole})
	}
	return out
}

// safeURL returns u when it is an absolute http(s) URL, and "" otherwise:
// links built from repository data must never carry another scheme
// (javascript:, data:).
func safeURL(u string) string {
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return ""
	}
	return u
}

// forgeName names the host of a source link for its label.
func forgeName(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	switch h := strings.ToLower(pu.Hostname()); {
	case h == "github.com":
		return "GitHub"
	case h == "gitlab.com" || strings.HasPrefix(h, "gitlab."):
		return "GitLab"
	case h == "codeberg.org":
		return "Codeberg"
	case h == "bitbucket.org":
		return "Bitbucket"
	}
	return ""
}

// newErrorView builds the page of a site. snap is the site's snapshot
// (nil when unknown), values the reader's values (nil unless they came
// from a search) and alt the template they matched.
func (s *Server) newErrorView(site *errdex.Site, snap *errdex.Snapshot, values map[string]string, alt int) *errorView {
	v := &errorView{
		ID:                 site.ID,
		Repo:               site.Repo,
		Exception:          site.Exception,
		ExceptionQualified: site.ExceptionQualified,
		Language:           site.Language,
		Kind:               string(site.Kind),
		Title:              explain.Title(site),
		Slug:               Slug(site.Template),
		Function:           functionName(site.Function),
		Path:               site.Location.Path,
		Line:               site.Location.Line,
		Column:             minifiedColumn(site),
		JSONURL:            s.paths.apiError(site.ID),
	}
	if v.ExceptionQualified == v.Exception {
		v.ExceptionQualified = ""
	}
	where := func(p string, line int) placeView {
		pv := placeView{Where: p}
		if line > 0 {
			pv.Where = fmt.Sprintf("%s:%d", p, line)
		}
		if snap != nil && p != "" && line > 0 {
			pv.URL = safeURL(snap.SourceURL(p, line))
		}
		return pv
	}
	spanWhere := func(sp errdex.Span) placeView { return where(cmp.Or(sp.Path, site.Location.Path), sp.Line) }

	// Message and values.
	main := site.Template
	if alt > 0 && alt <= len(site.Alternatives) {
		main = site.Alternatives[alt-1]
	}
	v.Message = segments(main, values)
	if alt == 0 {
		for _, a := range site.Alternatives {
			v.Alternatives = append(v.Alternatives, segments(a, nil))
		}
	}
	for _, h := range main.Holes() {
		if val, ok := values[h.Hole]; ok && !slices.ContainsFunc(v.Values, func(x valueView) bool { return x.Name == h.Hole }) {
			expr := h.Expr
			if expr == h.Hole {
				expr = ""
			}
			v.Values = append(v.Values, valueView{Name: h.Hole, Value: val, Expr: expr, Type: string(h.Type)})
		}
	}

	// Explanation.
	if e := site.Explanation; e != nil {
		v.Meaning, v.Trigger = e.Meaning, e.Trigger
		v.Solutions, v.Situations = nonEmpty(e.Solutions), nonEmpty(e.Situations)
		v.By = map[string]string{}
		for _, field := range []string{"meaning", "trigger", "solutions", "example_fix", "situations"} {
			if model, ok := strings.CutPrefix(cmp.Or(e.Sources[field], e.Source), "llm:"); ok {
				v.By[field] = cmp.Or(model, "an LLM")
				v.LLM = v.By[field]
			}
		}
		if f := e.ExampleFix; f != nil && (f.Before != "" || f.After != "") {
			lang := cmp.Or(f.Lang, site.Language)
			v.Fix = &fixView{Before: codeLines(lang, f.Before), After: codeLines(lang, f.After)}
		}
		if st := site.StaticExplanation; st != nil && v.LLM != "" {
			sv := &staticView{}
			if v.By["meaning"] != "" && st.Meaning != e.Meaning {
				sv.Meaning = st.Meaning
			}
			if v.By["trigger"] != "" && st.Trigger != e.Trigger {
				sv.Trigger = st.Trigger
			}
			if v.By["solutions"] != "" && !slices.Equal(st.Solutions, e.Solutions) {
				sv.Solutions = nonEmpty(st.Solutions)
			}
			if v.By["situations"] != "" && !slices.Equal(st.Situations, e.Situations) {
				sv.Situations = nonEmpty(st.Situations)
			}
			if f := st.ExampleFix; v.By["example_fix"] != "" && f != nil && (f.Before != "" || f.After != "") &&
				(e.ExampleFix == nil || *f != *e.ExampleFix) {
				lang := cmp.Or(f.Lang, site.Language)
				sv.Fix = &fixView{Before: codeLines(lang, f.Before), After: codeLines(lang, f.After)}
			}
			if sv.Meaning != "" || sv.Trigger != "" || len(sv.Solutions) > 0 || len(sv.Situations) > 0 || sv.Fix != nil {
				v.Static = sv
			}
		}
	}

	// When it happens.
	for _, c := range site.Callers {
		pv := where(c.Path, c.Line)
		pv.Function = c.Function
		v.Callers = append(v.Callers, pv)
	}
	for _, c := range site.CallPath {
		pv := where(c.Path, c.Line)
		pv.Function = c.Function
		v.CallPath = append(v.CallPath, pv)
	}
	for _, g := range site.Guards {
		text := cmp.Or(g.Condition, g.Source)
		if g.Kind == "except" && g.Caught != "" {
			text = "while handling " + g.Caught
			if g.Condition != "" {
				text += " (" + g.Condition + ")"
			}
		}
		if text == "" {
			continue
		}
		v.Guards = append(v.Guards, guardView{Text: text, Kind: g.Kind, Where: where(site.Location.Path, g.Line)})
	}
	for _, f := range site.Provenance {
		v.Facts = append(v.Facts, factView{Name: f.Name, Text: f.Text, Where: spanWhere(f.Location)})
	}
	for _, c := range site.Config {
		def := c.Default
		if def == "" && c.HasDefault {
			def = `""`
		}
		v.Config = append(v.Config, configView{Name: c.Name, Kind: configKind(c.Kind), Default: def, Via: c.Via, Where: spanWhere(c.Location)})
	}

	// Source.
	v.SourceURL = safeURL(site.Location.URL)
	v.Forge = forgeName(v.SourceURL)
	if snap != nil {
		v.ShortRev = snap.ShortRev()
		if !snap.RevDate.IsZero() {
			v.RevDate = snap.RevDate.UTC().Format("2006-01-02")
		} else if !snap.IndexedAt.IsZero() {
			v.RevDate = snap.IndexedAt.UTC().Format("2006-01-02")
		}
		v.IssuesURL = safeURL(snap.IssuesURL)
	}
	if sn := site.Snippet; sn != nil && len(sn.Lines) > 0 {
		marks := map[int]bool{}
		for _, l := range sn.MarkLines {
			marks[l] = true
		}
		code := -1
		if len(sn.MarkLines) > 0 {
			code = sn.MarkLines[0] - sn.StartLine
		}
		for i, toks := range highlight.Snippet(site.Language, sn.Lines, code) {
			n := sn.StartLine + i
			v.Code = append(v.Code, codeLine{Num: n, Mark: marks[n], Tokens: toks})
		}
		v.CodeLabel = fmt.Sprintf("Source of %s, lines %d to %d", path.Base(site.Location.Path), sn.StartLine, sn.StartLine+len(sn.Lines)-1)
	}

	// Family and related errors.
	if f := site.Family; f != nil && f.Slug != "" {
		v.Family = &familyView{Slug: f.Slug, Name: cmp.Or(f.Name, f.Slug), Sites: f.Sites, Libraries: f.Libraries}
	}
	seen := map[errdex.ID]bool{site.ID: true}
	for _, r := range site.Related {
		if seen[r.ID] || r.ID == "" {
			continue
		}
		seen[r.ID] = true
		v.Related = append(v.Related, relatedView{ID: r.ID, Title: explain.Cut(cmp.Or(r.Title, string(r.ID)), relatedMax), Reason: r.Reason})
	}
	if s.cfg.ReportURL != "" {
		v.ReportURL = safeURL(strings.ReplaceAll(s.cfg.ReportURL, "{id}", string(site.ID)))
	}
	return v
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// configKind names a configuration input's kind for readers.
func configKind(k string) string {
	switch k {
	case "env":
		return "environment variable"
	case "flag":
		return "command-line flag"
	case "setting":
		return "setting"
	}
	return k
}

// codeLines highlights a piece of code for an example fix.
func codeLines(lang, src string) []codeLine {
	if src == "" {
		return nil
	}
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	out := make([]codeLine, len(lines))
	for i, toks := range highlight.Lines(lang, lines) {
		out[i] = codeLine{Num: i + 1, Tokens: toks}
	}
	return out
}

// minifiedColumn is the column of a site in minified code, which the page
// shows after the line: a line there holds many statements. It is 0 for
// other sites.
func minifiedColumn(site *errdex.Site) int {
	if site.Minified {
		return site.Location.Column
	}
	return 0
}
