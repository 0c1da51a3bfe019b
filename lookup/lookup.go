// Package lookup answers the product's central question: given what a user
// pasted (a message, a traceback, a log), which indexed site raised it, and
// with which values? It glues trace (parse the paste), match (the in-memory
// index) and the store (load the winning sites) together, so that the CLI,
// the web search, the API and the accuracy harness all answer the same way.
package lookup

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/match"
	"github.com/errdex/errdex/trace"
)

// Service holds a match index built from a store. It is safe for concurrent
// use; Reload swaps in a fresh index without blocking queries.
type Service struct {
	store errdex.Store
	gen   atomic.Pointer[generation]
}

// generation is one build of the match index with the sites loaded for it:
// the same errors are asked about again and again (a popular error, a
// crash loop pasting its log), and a site's record changes only with a
// write that bumps the store's Generation (a snapshot, new explanations),
// after which the server calls Reload and a new generation starts.
type generation struct {
	ix    *match.Index
	sites *lru.Cache[errdex.ID, *cachedSite]
}

// cachedSite is a loaded site with its JSON, encoded the first time it is
// asked for: the JSON API sends the same sites again and again, and
// encoding a site record costs more than matching the paste.
type cachedSite struct {
	site *errdex.Site
	json func() ([]byte, error)
}

func newCachedSite(site *errdex.Site) *cachedSite {
	return &cachedSite{site: site, json: sync.OnceValues(func() ([]byte, error) { return encodeSite(site) })}
}

// encodeSite returns the JSON of a site: its JSON contract, as
// json.Marshal writes it (compact, HTML-significant characters escaped).
func encodeSite(site *errdex.Site) ([]byte, error) {
	b, err := json.Marshal(site)
	if err != nil {
		return nil, fmt.Errorf("lookup: encode site %s as JSON: %w", site.ID, err)
	}
	return b, nil
}

// siteCacheSize bounds the sites kept per generation (a few KB each, and
// as much again for the JSON of those the API sent).
const siteCacheSize = 4096

// New builds the match index from every site in the store.
func New(ctx context.Context, st errdex.Store) (*Service, error) {
	s := &Service{store: st}
	if err := s.Reload(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Reload rebuilds the index from the store, for when a snapshot lands.
func (s *Service) Reload(ctx context.Context) error {
	b := match.NewBuilder()
	if err := s.store.ListSites(ctx, errdex.SiteFilter{SkipFacts: true}, func(site *errdex.Site) error {
		b.Add(site)
		return nil
	}); err != nil {
		return fmt.Errorf("lookup: load sites for the match index: %w", err)
	}
	sites, err := lru.New[errdex.ID, *cachedSite](siteCacheSize)
	if err != nil {
		return fmt.Errorf("lookup: site cache: %w", err)
	}
	s.gen.Store(&generation{ix: b.Build(), sites: sites})
	return nil
}

// Index returns the current match index.
func (s *Service) Index() *match.Index { return s.gen.Load().ix }

// site loads a site of generation g, from its cache when it can.
func (s *Service) site(ctx context.Context, g *generation, id errdex.ID) (*cachedSite, error) {
	if c, ok := g.sites.Get(id); ok {
		return c, nil
	}
	site, err := s.store.Site(ctx, id)
	if err != nil {
		return nil, err
	}
	c := newCachedSite(site)
	g.sites.Add(id, c)
	return c, nil
}

// SiteJSON returns the JSON of the site with the given ID (what
// json.Marshal writes for it), from the current generation's cache when
// the site is there, encoded once per generation otherwise. The bytes are
// shared: callers must not modify them. An unknown ID gives the store's
// NotFound error.
func (s *Service) SiteJSON(ctx context.Context, id errdex.ID) ([]byte, error) {
	c, err := s.site(ctx, s.gen.Load(), id)
	if err != nil {
		return nil, err
	}
	return c.json()
}

// Options tune Explain. The zero value selects the defaults.
type Options struct {
	// Limit is the most matches returned (default 5).
	Limit int
	// Repo is a repository hint.
	Repo string
	// AllTied returns every site tied with the first, past Limit when
	// there are more (the accuracy harness's "up to ties").
	AllTied bool
	// MatchesOnly skips loading the matching sites from the store: Hits
	// carry the match (location, score, values) with a nil Site. The
	// accuracy harness uses it to time matching alone.
	MatchesOnly bool
}

// Answer is the outcome of Explain.
type Answer struct {
	// Report is the parsed paste.
	Report *trace.Report
	// Exception and Message are what was matched: the exception type as
	// printed and its message.
	Exception string
	Message   string
	// Frames of the matched exception, innermost first.
	Frames []match.Frame
	// Hits are the matching sites, best first, loaded from the store.
	Hits []Hit
	// Reason says why nothing matched, when Hits is empty.
	Reason string
	// Nearest is the innermost frame in an indexed file, when there is one.
	Nearest *match.Location
	// Tied is how many matches score exactly as the first (see
	// match.Result.Tied): above 1, the message is raised at that many
	// sites and only a traceback can tell which.
	Tied int
	// RunnerUp is the score of the second match, 0 when there is none; it
	// is known even when Options.Limit is 1, so that how clearly the first
	// match leads does not depend on how many were asked for.
	RunnerUp float64
	// Elapsed is the time spent matching (parsing and loading excluded).
	Elapsed time.Duration
}

// Hit is one matching site with the values the paste holds for its holes.
// Site is shared with other answers: callers must not modify it.
type Hit struct {
	match.Match
	Site *errdex.Site

	siteJSON func() ([]byte, error) // the cached encoding of Site; nil when not from the cache
}

// SiteJSON returns the JSON of the hit's site, as json.Marshal writes it
// ("null" for a hit without a site). A hit from Explain shares it with
// every answer naming the same site until the index is reloaded: callers
// must not modify it.
func (h *Hit) SiteJSON() ([]byte, error) {
	switch {
	case h.siteJSON != nil:
		return h.siteJSON()
	case h.Site == nil:
		return []byte("null"), nil
	}
	return encodeSite(h.Site)
}

// Values returns the captured values by hole name.
func (h *Hit) Values() map[string]string { return h.ValueMap() }

// maxTries bounds the number of messages tried from one paste: exceptions
// of a chain, or loose candidate lines.
const maxTries = 6

// Explain parses text and finds the sites that may have raised it. Input
// over trace.MaxInput fails with an errdex.TooLarge error; text with no
// error in it gives an Answer with no hits and a Reason.
func (s *Service) Explain(ctx context.Context, text string, opts Options) (*Answer, error) {
	rep, err := trace.Parse(text)
	if err != nil {
		return nil, err
	}
	if opts.Limit <= 0 {
		opts.Limit = 5
	}
	g := s.gen.Load()
	ix := g.ix
	start := time.Now()
	queries, readings := Queries(rep, opts.Repo)
	ans := &Answer{Report: rep}
	if len(queries) == 0 {
		ans.Reason = "no error message found in the text"
		return ans, nil
	}
	// The primary exception is what the user hit: its answer stands when
	// it has one; otherwise the other exceptions of its chain are tried
	// and the best answer kept. A cause matching its own raise more
	// closely does not make it the error asked about. The readings of the
	// primary message (the whole, then each line of a message that joins
	// several errors) compete by score, and so do loose lines (no
	// traceback): the best answer wins, the earlier query on ties, a
	// part of a message weighed down (see Reading.weight).
	//
	// When no reading matches but the innermost frame is a raise the
	// traceback ties to firmly (see atRaise), that raise is the answer,
	// with a low score: its template, not the message, is wrong (the
	// exception class builds its message at run time, or extraction read
	// it imperfectly). It wins over the chain, whose exceptions the
	// primary one was raised while handling. When the stack ends in a
	// frame of no file (see hidesRaise), the message without frames
	// competes too.
	mopts := match.Options{Limit: opts.Limit, AllTied: opts.AllTied}
	best := ix.Match(queries[0].Query, mopts)
	bestQ := 0
	for i, rd := range queries[1:readings] {
		if r := ix.Match(rd.Query, mopts); better(r, rd, best, queries[bestQ]) {
			best, bestQ = r, i+1
		}
	}
	if len(best.Matches) == 0 && rep.Primary() != nil {
		if r, ok := atRaise(ix, queries[0].Query); ok {
			best, bestQ = r, 0
		}
	}
	if p := rep.Primary(); p != nil && hidesRaise(p) {
		// The frames that raised the error may be gone from the stack:
		// the message alone competes with what the frames left said.
		q := queries[0]
		q.Query.Frames = nil
		if r := ix.Match(q.Query, mopts); better(r, q, best, queries[bestQ]) {
			best, bestQ = r, 0
		}
	}
	for i, rd := range queries[readings:] {
		if len(best.Matches) > 0 {
			break
		}
		if r := ix.Match(rd.Query, mopts); better(r, rd, best, queries[bestQ]) {
			best, bestQ = r, readings+i
		}
	}
	q := queries[bestQ].Query
	ans.Exception, ans.Message, ans.Frames = q.Exception, q.Message, q.Frames
	if q.Exception == "" && best.Exception != "" {
		// The matcher read the message's "Type: " prefix as its type.
		ans.Exception = best.Exception
		if rest, ok := strings.CutPrefix(q.Message, best.Exception); ok {
			ans.Message = strings.TrimPrefix(strings.TrimPrefix(rest, ":"), " ")
		}
	}
	ans.Reason, ans.Nearest, ans.Tied = best.Reason, best.Nearest, best.Tied
	ans.RunnerUp = best.RunnerUp
	limit := opts.Limit
	if opts.AllTied {
		limit = max(limit, best.Tied)
	}
	best.Matches = best.Matches[:min(len(best.Matches), limit)]
	ans.Elapsed = time.Since(start)
	if len(best.Matches) > 0 {
		ans.Hits = make([]Hit, 0, len(best.Matches))
	}
	for _, m := range best.Matches {
		if opts.MatchesOnly {
			ans.Hits = append(ans.Hits, Hit{Match: m})
			continue
		}
		c, err := s.site(ctx, g, m.ID)
		if err != nil {
			if errdex.KindOf(err) == errdex.NotFound {
				continue // replaced by a newer snapshot since the index was built
			}
			return nil, fmt.Errorf("lookup: load site %s: %w", m.ID, err)
		}
		ans.Hits = append(ans.Hits, Hit{Match: m, Site: c.site, siteJSON: c.json})
	}
	if len(ans.Hits) == 0 && ans.Reason == "" {
		ans.Reason = "the matching sites are no longer in the database; reload the index"
	}
	return ans, nil
}

// partShare weighs the score of a reading that is part of a message
// (Reading.Part) against whole readings: the part's answer leaves the
// rest unexplained, so it must be clearly better (by a tenth) to win. A
// template that spells out the whole message (unittest's "{first} !=
// {second}\n{diff}") then beats the first line's template alone ("{first}
// != {second}"), while joined errors still go to their lines: one error's
// template explains half a joined text, and scores far lower against the
// whole. On the Python development set (testdata/devset), 1, 0.98, 0.95
// and 0.9 gave 0, 1, 1 and 2 more right first answers, and none lost; the
// Go set did not change.
const partShare = 0.9

// lineFloor is the weight of a line after the first that holds next to
// nothing of its message. Such a line's weight grows with its share of
// the message's text, from lineFloor to partShare (see lineWeight): one
// line of eight (PyYAML's "expected ',' or ']', but got ':'" between
// marks and carets) matched by a short template elsewhere must not
// outweigh a template of the whole, while the second of two joined errors
// still wins (a weight of about 0.8). The first line weighs partShare
// whatever its length: it is the headline that a code frame, a hint or a
// note follows (js-yaml's "bad indentation of a mapping entry (2:4)"
// above its excerpt of the input).
const lineFloor = 0.6

// lineWeight is the weight of a reading that is a line of a message, the
// first line when first is set (see lineFloor).
func lineWeight(line, message string, first bool) float64 {
	if first {
		return partShare
	}
	share := float64(len(line)) / float64(max(1, len(strings.TrimSpace(message))))
	return min(partShare, lineFloor+(1-lineFloor)*share)
}

// better reports whether reading a's answer ra is better than reading
// b's answer rb.
func better(ra match.Result, a Reading, rb match.Result, b Reading) bool {
	switch {
	case len(ra.Matches) == 0:
		return false
	case len(rb.Matches) == 0:
		return true
	}
	return ra.Matches[0].Score*a.weight() > rb.Matches[0].Score*b.weight()
}

// Queries turns a parsed paste into the match queries worth trying, the
// primary one first, and says how many of the first ones are readings of
// the primary message, which compete by score (see Explain): the
// exception the user hit, then each line of its message when it has
// several (errors.Join prints one error a line, and so do programs that
// collect errors), then the other exceptions of its chain (a root cause
// may be the indexed one). Without a structured trace, every query is a
// reading: the loose candidate lines, last first, each followed by its
// lines when it has several.
func Queries(rep *trace.Report, repo string) ([]Reading, int) {
	var qs []Reading
	if p := rep.Primary(); p != nil {
		qs = append(qs, Reading{Query: exceptionQuery(p, repo)})
		qs = appendLines(qs, qs[0].Query)
		qs = appendDebugMessages(qs, qs[0].Query)
		readings := len(qs)
		for i := len(rep.Exceptions) - 1; i >= 0 && len(qs) < maxTries; i-- {
			e := &rep.Exceptions[i]
			if e != p && e.Chain == p.Chain {
				qs = append(qs, Reading{Query: exceptionQuery(e, repo)})
			}
		}
		return qs, readings
	}
	for i := len(rep.Loose) - 1; i >= 0 && len(qs) < maxTries; i-- {
		qs = append(qs, Reading{Query: looseQuery(rep.Loose[i], repo)})
		q := qs[len(qs)-1].Query
		qs = appendLines(qs, q)
		qs = appendDebugMessages(qs, q)
	}
	return qs, len(qs)
}

// A Reading is one match query tried for a paste (see Queries).
type Reading struct {
	Query match.Query
	// Part: the query is part of the message (a line of several, the
	// error inside a Rust Debug text), tried alone.
	Part bool
	// Weight weighs the score of a part against whole readings: 0 for
	// partShare (see lineWeight for lines).
	Weight float64
}

// weight is the reading's weight (see better).
func (r Reading) weight() float64 {
	switch {
	case !r.Part:
		return 1
	case r.Weight > 0:
		return r.Weight
	}
	return partShare
}

// minLine is the shortest line of a several-line message tried alone.
const minLine = 8

// appendLines appends to qs a query for each line of q's message, when it
// has several, keeping q's type and frames, while len(qs) < maxTries.
// Blank and very short lines are left out.
func appendLines(qs []Reading, q match.Query) []Reading {
	if !strings.Contains(q.Message, "\n") {
		return qs
	}
	first := true
	for line := range strings.Lines(q.Message) {
		if len(qs) >= maxTries {
			break
		}
		line = strings.TrimSpace(line)
		if len(line) < minLine {
			first = first && line == ""
			continue
		}
		l := q
		l.Message = line
		qs = append(qs, Reading{Query: l, Part: true, Weight: lineWeight(line, q.Message, first)})
		first = false
	}
	return qs
}

// unwrapPrefixes are what Rust's Result::unwrap and expect print before
// the error's Debug text.
var unwrapPrefixes = []string{"called `Result::unwrap()` on an `Err` value: ", "called `Result::unwrap_err()` on an `Ok` value: "}

// minDebugMessage is the shortest quoted string of a Debug text tried as
// a message of its own.
const minDebugMessage = 8

// appendDebugMessages appends to qs, while len(qs) < maxTries, readings
// of the error inside a Rust panic's message: the Debug text after
// unwrap's words, and the quoted strings of that Debug text, where an
// error type keeps its message (serde_json's Error("EOF while parsing a
// value", line: 1, column: 0), io::Error's Os { ..., message: "No such
// file or directory" }). They are parts of the message (Reading.Part),
// without the frames when the error came out of unwrap.
func appendDebugMessages(qs []Reading, q match.Query) []Reading {
	debug := q.Message
	for _, p := range unwrapPrefixes {
		if rest, ok := strings.CutPrefix(debug, p); ok {
			// The error was made by code that returned it, off the
			// stack: the frames are where it was unwrapped.
			debug, q.Frames = rest, nil
			if len(qs) < maxTries {
				l := q
				l.Message = rest
				qs = append(qs, Reading{Query: l, Part: true})
			}
			break
		}
	}
	if debug == q.Message && q.Language != "rust" && !debugLike(debug) {
		return qs
	}
	for s := debug; len(qs) < maxTries; {
		msg, rest, ok := nextQuoted(s)
		if !ok {
			break
		}
		s = rest
		if len(msg) >= minDebugMessage && strings.Contains(msg, " ") {
			l := q
			l.Message = msg
			qs = append(qs, Reading{Query: l, Part: true})
			qs = appendLines(qs, l) // a field holding a report of several lines
		}
	}
	return qs
}

// debugLike reports whether s reads like a Rust Debug text of a struct or
// tuple struct: a capitalised name, then "(" or " {", to the closing
// bracket at its end (Error("...", line: 1, column: 0), Os { code: 2,
// ... }).
func debugLike(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	i := 1
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	rest := s[i:]
	return strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") || strings.HasPrefix(rest, " {") && strings.HasSuffix(rest, "}")
}

// nextQuoted returns the first double-quoted string of s, unquoted as Go
// reads it (Rust's Debug text escapes strings alike, but for \u{...}),
// and the rest of s after it.
func nextQuoted(s string) (msg, rest string, ok bool) {
	i := strings.IndexByte(s, '"')
	if i < 0 {
		return "", "", false
	}
	lit, err := strconv.QuotedPrefix(s[i:])
	if err != nil {
		return "", "", false
	}
	msg, err = strconv.Unquote(lit)
	return msg, s[i+len(lit):], err == nil
}

// looseQuery is the query for a candidate line outside any trace. Its
// "Type: message" split is a guess from the line's shape alone, so the
// line goes to the matcher whole: the matcher, which knows the exception
// types indexed sites raise, cuts the same prefix when it names one and
// otherwise keeps it as part of the message ("strconv.Atoi: parsing
// ...", "bufio.Scanner: token too long" are Go messages, not types).
func looseQuery(c trace.Candidate, repo string) match.Query {
	msg := c.Message
	if c.Type != "" {
		msg = c.Type
		if c.Message != "" {
			msg += ": " + c.Message
		}
	}
	q := match.Query{Message: msg, Repo: repo}
	if !c.LanguageInferred {
		q.Language = string(c.Language)
	}
	return q
}

// exceptionQuery is the query for exception e of a trace. Its innermost
// frames in pseudo-files ("<string>", "<template>": code compiled from a
// string) are left out, so that the innermost frame is the one in a real
// file that called or raised there: six's raise_from runs as "<string>"
// under the raise_from call, a template engine's frames under the raise
// that rewrote the traceback.
// hidesRaise reports whether e's innermost frame names no file (see
// match.PseudoFile): code generated at run time (six's raise_from exec'd
// as "<string>"), or a traceback rewritten to end in a template's frame
// (jinja2's "<unknown>", line 1, in template, where its parser raised).
// exceptionQuery leaves such frames out, and the frame above them may or
// may not be the raise.
func hidesRaise(e *trace.Exception) bool {
	for i := len(e.Frames) - 1; i >= 0; i-- {
		if f := e.Frames[i]; !f.Internal {
			return match.PseudoFile(f.Path)
		}
	}
	return false
}

func exceptionQuery(e *trace.Exception, repo string) match.Query {
	q := match.Query{Message: e.Message, Repo: repo, Language: string(e.Language)}
	if !e.TypeInferred {
		q.Exception = e.Type
	}
	if e.Kind == trace.KindError && e.Language == trace.Go {
		// A Go error's recorded stack (pkg/errors' "%+v") is where it was
		// wrapped, above the code that made it, which had returned: the
		// frames say nothing against a site off them.
		return q
	}
	for i := len(e.Frames) - 1; i >= 0; i-- {
		f := e.Frames[i]
		if f.Internal || len(q.Frames) == 0 && match.PseudoFile(f.Path) {
			continue
		}
		q.Frames = append(q.Frames, match.Frame{Path: f.Path, Line: f.Line, Column: f.Column, Function: f.Function})
	}
	return q
}

// TieNote says that the same message is made at tied places and what
// would tell them apart, for a paste with or without frames, whose first
// match is of language (a Site.Language); "" when tied < 2. Python and
// Java or JavaScript print a traceback or stack trace that does; Go, Rust
// and C++ errors carry none.
func TieNote(tied int, frames bool, language string) string {
	switch {
	case tied < 2:
		return ""
	case frames:
		return fmt.Sprintf("The same message is raised at %d places, and the traceback does not tell them apart", tied)
	case language == "python":
		return fmt.Sprintf("The same message is raised at %d places; paste the whole traceback to tell them apart", tied)
	case language == "java" || language == "javascript" || language == "typescript":
		return fmt.Sprintf("The same message is thrown at %d places; paste the whole stack trace to tell them apart", tied)
	}
	return fmt.Sprintf("The same message is made at %d places; the error carries no stack to tell them apart", tied)
}
