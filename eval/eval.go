// Package eval measures how well errdex finds the source of pasted errors:
// it reads a file of cases (a pasted text and the place that raised it),
// runs each through a matcher supplied by the caller, and scores the
// answers. It knows nothing of how matching is wired, so the same harness
// measures the CLI's pipeline, a bare match index, or a remote API.
//
// # Case files
//
// A case file is JSON Lines: one object per line, blank lines ignored.
//
//	{"id": "json-loads-1", "query": "<pasted text>",
//	 "expect": {"path_suffix": "json/decoder.py", "line": 355, "function": "raw_decode"}}
//	{"id": "int-c-1", "query": "ValueError: invalid literal ...", "expect": null}
//
// id (unique) and query (non-empty) are required; expect is required and is
// null when no source site should be found (an error raised by compiled
// code). path_suffix is required in an expectation, with line, function or
// both. An optional "form" string ("type-message", "traceback", "message")
// groups the figures; other fields are ignored, so generators may record
// what they like, except "twin" (see below).
//
// A case expecting no site may name a twin, in the same form as expect:
//
//	{"id": "json-c-1", "query": "...", "expect": null,
//	 "twin": {"path_suffix": "json/decoder.py", "line": 207, "function": "JSONObject"}}
//
// The twin is the raise of a source implementation that raises the same
// type and message as the compiled code that really raised the error (the
// pure-Python json scanner, datetime and heapq beside their C
// accelerators; a Java method beside its native twin). A message alone
// cannot tell the two apart, and the twin is a faithful copy of the code
// that ran, so an answer that puts the twin first is right too.
//
// # Scoring
//
// A returned site is correct when its path ends with path_suffix (on a
// path-component boundary) and, when line is given, line lies within
// [site line − 2, site end line + 2]; when line is null, the expected
// function must equal the site's function, or its last dotted component
// (tracebacks print "raw_decode" for the method "JSONDecoder.raw_decode").
//
// Over the cases with an expectation: top-1 and top-5 are the shares with
// a correct site at rank 1 and within the first 5; MRR is the mean of 1/rank
// of the first correct site (0 when none). Over the answers: no-match recall
// is the share of cases expecting null that got no site (or, extending the
// issue's scoring, their twin first), no-match precision the share of empty
// answers whose case expected null. A matcher error counts as a wrong
// answer, neither a site nor an empty one. Latency is the wall time of each
// call, p50 and p99 by nearest rank; where the system can tell (Linux), the
// CPU time the call's thread used is reported the same way, which a loaded
// machine does not inflate.
//
// Some messages are raised, word for word, at several sites (posixpath and
// ntpath, a method and its asynchronous twin); without a traceback nothing
// in the text tells them apart, and the matcher gives them the same score.
// Top-1 counts only the site ranked first. "Top-1 up to ties" (top1_ties)
// also counts a correct site among the hits that score exactly as the
// first one: the share of cases where errdex found the right site but the
// message alone could not single it out. It is reported beside top-1, never
// instead of it.
package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/errdex/errdex"
)

// Case is one line of a case file.
type Case struct {
	ID    string
	Query string
	// Expect is where the error was raised; nil when no source site should
	// be found.
	Expect *Expect
	// Twin is, for a case expecting no site, the raise of a pure-Python
	// implementation that raises the same message (see the package doc);
	// nil when none.
	Twin *Expect
	// Form groups cases by how the error was pasted; "" when not given.
	Form string
	// Line is the case's line number in its file, for messages.
	Line int
}

// Expect is the expected source of a case's error.
type Expect struct {
	PathSuffix string `json:"path_suffix"`
	Line       *int   `json:"line"`
	Function   string `json:"function"`
}

// String renders the expectation as path:line in function.
func (e *Expect) String() string {
	if e == nil {
		return "no match"
	}
	s := e.PathSuffix
	if e.Line != nil {
		s += fmt.Sprintf(":%d", *e.Line)
	}
	if e.Function != "" {
		s += " in " + e.Function
	}
	return s
}

// maxLine bounds a case file's line; a pasted text over 1 MiB is refused by
// the traceback parser anyway.
const maxLine = 4 << 20

// ReadFile reads the case file at path.
func ReadFile(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errdex.E("eval.ReadFile", errdex.Invalid, err)
	}
	defer f.Close()
	return ReadCases(f, path)
}

// ReadCases reads a case file from r; name prefixes error messages, which
// give the line number of the first malformed line.
func ReadCases(r io.Reader, name string) ([]Case, error) {
	const op = "eval.ReadCases"
	br := bufio.NewReaderSize(r, 64<<10)
	var cases []Case
	seen := map[string]int{}
	for n := 1; ; n++ {
		line, err := readLine(br)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errdex.Errorf(op, errdex.Invalid, "%s:%d: %w", name, n, err)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		c, err := parseCase(line)
		if err != nil {
			return nil, errdex.Errorf(op, errdex.Invalid, "%s:%d: %w", name, n, err)
		}
		if first, ok := seen[c.ID]; ok {
			return nil, errdex.Errorf(op, errdex.Invalid, "%s:%d: id %q was already used on line %d", name, n, c.ID, first)
		}
		seen[c.ID] = n
		c.Line = n
		cases = append(cases, c)
	}
	return cases, nil
}

// readLine returns the next line without its end, or io.EOF.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("line longer than %d bytes", maxLine)
		}
		switch {
		case err == nil:
			return bytes.TrimRight(line, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) > 0:
			return bytes.TrimRight(line, "\r\n"), nil
		default:
			return nil, err
		}
	}
}

func parseCase(line []byte) (Case, error) {
	var raw struct {
		ID     *string         `json:"id"`
		Query  *string         `json:"query"`
		Expect json.RawMessage `json:"expect"`
		Twin   json.RawMessage `json:"twin"`
		Form   string          `json:"form"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return Case{}, fmt.Errorf("not a JSON case object: %w", err)
	}
	switch {
	case raw.ID == nil || *raw.ID == "":
		return Case{}, errors.New(`missing "id"`)
	case raw.Query == nil || strings.TrimSpace(*raw.Query) == "":
		return Case{}, fmt.Errorf(`case %q: missing or empty "query"`, *raw.ID)
	case raw.Expect == nil:
		return Case{}, fmt.Errorf(`case %q: missing "expect" (use null when no source site should be found)`, *raw.ID)
	}
	c := Case{ID: *raw.ID, Query: *raw.Query, Form: raw.Form}
	var err error
	if c.Expect, err = parseExpect(c.ID, "expect", raw.Expect); err != nil {
		return Case{}, err
	}
	if raw.Twin != nil {
		if c.Twin, err = parseExpect(c.ID, "twin", raw.Twin); err != nil {
			return Case{}, err
		}
		if c.Twin != nil && c.Expect != nil {
			return Case{}, fmt.Errorf(`case %q: a twin is only meaningful when "expect" is null`, c.ID)
		}
	}
	return c, nil
}

// parseExpect reads an expectation named field: null (nil) or an object.
func parseExpect(id, field string, raw json.RawMessage) (*Expect, error) {
	if string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var e Expect
	if err := dec.Decode(&e); err != nil {
		return nil, fmt.Errorf(`case %q: %q must be null or {"path_suffix", "line", "function"}: %w`, id, field, err)
	}
	switch {
	case strings.Trim(e.PathSuffix, "/") == "":
		return nil, fmt.Errorf(`case %q: %s.path_suffix is empty`, id, field)
	case e.Line == nil && e.Function == "":
		return nil, fmt.Errorf(`case %q: %s needs a line or a function`, id, field)
	case e.Line != nil && *e.Line <= 0:
		return nil, fmt.Errorf(`case %q: %s.line %d is not a line number`, id, field, *e.Line)
	}
	return &e, nil
}

// Hit is one site a matcher returned.
type Hit struct {
	ID       string
	Path     string // repository-relative
	Line     int
	EndLine  int // 0 when the site is one line
	Function string
	Score    float64
}

// Answer is a matcher's answer to one query: sites best first, and the
// reason when there are none.
type Answer struct {
	Hits   []Hit
	Reason string
	// Read is the error as the answer read it from the paste ("Type:
	// message"), shown with failures; "" when unknown.
	Read string
}

// Func answers one pasted text. Eval times each call.
type Func func(ctx context.Context, query string) (Answer, error)

// Outcome is one case's result.
type Outcome struct {
	Case   Case
	Answer Answer
	Err    error
	// Rank is the 1-based rank of the first correct site; 0 when none is
	// correct or the case expects no site.
	Rank int
	// TwinRank is the 1-based rank of the case's twin; 0 when the case has
	// none or it was not returned.
	TwinRank int
	// Tied reports that the first correct site scores exactly as the first
	// hit: the message could not tell them apart (see the package doc).
	Tied     bool
	Duration time.Duration
	// CPU is the CPU time the call used, or -1 when unknown.
	CPU time.Duration
}

// Correct reports whether the case was answered right at rank 1: the
// expected site first, or no site when none was expected.
func (o *Outcome) Correct() bool {
	if o.Err != nil {
		return false
	}
	if o.Case.Expect == nil {
		return len(o.Answer.Hits) == 0 || o.TwinRank == 1
	}
	return o.Rank == 1
}

// Report is the result of a run.
type Report struct {
	Outcomes []Outcome
	Summary  Summary
	// ByForm has a summary for each form seen, when cases carry forms.
	ByForm map[string]Summary
}

// Summary holds the figures of a set of cases. Its JSON form is the output
// of `errdex eval --json`; a figure with nothing to measure (no case
// expecting a site, no empty answer) is null.
type Summary struct {
	N                int      `json:"n"`
	Top1             *float64 `json:"top1"`
	Top5             *float64 `json:"top5"`
	MRR              *float64 `json:"mrr"`
	NoMatchPrecision *float64 `json:"nomatch_precision"`
	NoMatchRecall    *float64 `json:"nomatch_recall"`
	P50ms            float64  `json:"p50_ms"`
	P99ms            float64  `json:"p99_ms"`
	// Top1Ties is top-1 up to ties (see the package doc).
	Top1Ties *float64 `json:"top1_ties"`
	// P50CPUms and P99CPUms are the CPU-time percentiles; null when the
	// system cannot tell a thread's CPU time.
	P50CPUms *float64 `json:"p50_cpu_ms"`
	P99CPUms *float64 `json:"p99_cpu_ms"`

	// Counts behind the ratios, for the human report.
	Positives int `json:"-"` // cases expecting a site
	Negatives int `json:"-"` // cases expecting none
	AtRank1   int `json:"-"`
	InTop5    int `json:"-"`
	Empty     int `json:"-"` // answers without a site
	EmptyOK   int `json:"-"` // of which the case expected none
	TwinFirst int `json:"-"` // cases expecting none answered with their twin first
	AtTie1    int `json:"-"` // cases with a correct site tied with the first hit
	Errors    int `json:"-"`
}

// Run runs every case through fn, in order, and scores the answers. It
// stops early only when ctx is done.
func Run(ctx context.Context, cases []Case, fn Func) (*Report, error) {
	rep := &Report{}
	// One thread for the whole run, so that its CPU time is the calls'.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range cases {
		if err := ctx.Err(); err != nil {
			return nil, errdex.E("eval.Run", errdex.Canceled, err)
		}
		cpu0, cpuOK := threadCPU()
		start := time.Now()
		ans, err := fn(ctx, c.Query)
		o := Outcome{Case: c, Answer: ans, Err: err, Duration: time.Since(start), CPU: -1}
		if cpu1, ok := threadCPU(); ok && cpuOK {
			o.CPU = cpu1 - cpu0
		}
		if err == nil {
			o.Rank = rank(ans.Hits, c.Expect)
			o.TwinRank = rank(ans.Hits, c.Twin)
			o.Tied = o.Rank > 0 && ans.Hits[o.Rank-1].Score == ans.Hits[0].Score
		}
		rep.Outcomes = append(rep.Outcomes, o)
	}
	rep.score()
	return rep, nil
}

// score computes the summaries from the outcomes.
func (r *Report) score() {
	r.Summary = summarize(r.Outcomes)
	r.ByForm = nil
	forms := map[string][]Outcome{}
	for _, o := range r.Outcomes {
		if o.Case.Form != "" {
			forms[o.Case.Form] = append(forms[o.Case.Form], o)
		}
	}
	if len(forms) > 0 {
		r.ByForm = map[string]Summary{}
		for f, outs := range forms {
			r.ByForm[f] = summarize(outs)
		}
	}
}

// rank returns the 1-based rank of the first hit that is site e; 0 when e
// is nil or no hit is.
func rank(hits []Hit, e *Expect) int {
	if e == nil {
		return 0
	}
	for k, h := range hits {
		if correct(h, e) {
			return k + 1
		}
	}
	return 0
}

// correct reports whether hit is the expected site (see the package doc).
func correct(h Hit, e *Expect) bool {
	if !pathHasSuffix(h.Path, e.PathSuffix) {
		return false
	}
	if e.Line != nil {
		return h.Line-2 <= *e.Line && *e.Line <= max(h.Line, h.EndLine)+2
	}
	return e.Function == h.Function || strings.HasSuffix(h.Function, "."+e.Function)
}

// pathHasSuffix reports whether path ends with suffix on a component
// boundary, with either slash.
func pathHasSuffix(path, suffix string) bool {
	path = strings.ReplaceAll(path, "\\", "/")
	suffix = strings.Trim(strings.ReplaceAll(suffix, "\\", "/"), "/")
	return path == suffix || strings.HasSuffix(path, "/"+suffix)
}

func summarize(outs []Outcome) Summary {
	s := Summary{N: len(outs)}
	rr := 0.0
	var lat, cpu []time.Duration
	for _, o := range outs {
		lat = append(lat, o.Duration)
		if o.CPU >= 0 {
			cpu = append(cpu, o.CPU)
		}
		if o.Err != nil {
			s.Errors++
		} else if len(o.Answer.Hits) == 0 {
			s.Empty++
			if o.Case.Expect == nil {
				s.EmptyOK++
			}
		}
		if o.Case.Expect == nil {
			s.Negatives++
			if o.Err == nil && len(o.Answer.Hits) > 0 && o.TwinRank == 1 {
				s.TwinFirst++
			}
			continue
		}
		s.Positives++
		if o.Rank == 1 {
			s.AtRank1++
		}
		if o.Tied {
			s.AtTie1++
		}
		if o.Rank >= 1 && o.Rank <= 5 {
			s.InTop5++
		}
		if o.Rank > 0 {
			rr += 1 / float64(o.Rank)
		}
	}
	s.Top1 = ratio(float64(s.AtRank1), s.Positives)
	s.Top5 = ratio(float64(s.InTop5), s.Positives)
	s.MRR = ratio(rr, s.Positives)
	s.NoMatchPrecision = ratio(float64(s.EmptyOK), s.Empty)
	s.NoMatchRecall = ratio(float64(s.EmptyOK+s.TwinFirst), s.Negatives)
	s.Top1Ties = ratio(float64(s.AtTie1), s.Positives)
	slices.Sort(lat)
	s.P50ms = percentile(lat, 0.50)
	s.P99ms = percentile(lat, 0.99)
	if len(cpu) == len(lat) && len(cpu) > 0 {
		slices.Sort(cpu)
		p50, p99 := percentile(cpu, 0.50), percentile(cpu, 0.99)
		s.P50CPUms, s.P99CPUms = &p50, &p99
	}
	return s
}

func ratio(x float64, n int) *float64 {
	if n == 0 {
		return nil
	}
	r := x / float64(n)
	return &r
}

// percentile returns the nearest-rank p-th percentile of sorted durations in
// milliseconds, rounded to microseconds.
func percentile(sorted []time.Duration, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(p*float64(len(sorted)))) - 1
	d := sorted[min(max(k, 0), len(sorted)-1)]
	return math.Round(float64(d.Microseconds())) / 1000
}
