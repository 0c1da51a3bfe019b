package lookup

import (
	"slices"
	"strings"

	"github.com/errdex/errdex/match"
)

// atRaiseCandidates bounds the candidates atRaise looks through: the sites
// at the innermost frame's line rank near the top, on the frame's evidence.
const atRaiseCandidates = 16

// atRaise answers q, whose message matched no template well enough, with
// the raise its innermost frame is at, when the traceback ties that frame
// to the raise firmly. A raise there raised the error, whatever its
// extracted template says: the exception class may build its message at
// run time (botocore's fmt attributes, click's format_message), or
// extraction may have read it wrong; the message alone, or the chain's
// other exceptions, are weaker evidence than the place.
//
// The frame's line must lie within the site's lines, and its path name
// the site's file as the matcher ties frames to files; then the
// function must agree, or else the path in two or more components (not
// the base name alone: "utils.py" is in every other package) and the
// exception type by its short name. A site raising a
// named class other than the one printed refuses: the error came from
// something the raise called (compiled code building the exception's
// arguments). When two sites have the same evidence (one base name in
// several repositories, each with a raise at that line in a function of
// that name), nothing tells them apart, and none is answered.
//
// The answer is the site alone, with the score the matcher gave it (below
// match.DefaultMinScore, so never a confident answer) and a reason saying
// that the message differs from the template.
func atRaise(ix *match.Index, q match.Query) (match.Result, bool) {
	if len(q.Frames) == 0 || q.Frames[0].Line <= 0 {
		return match.Result{}, false
	}
	fr := q.Frames[0]
	if match.PseudoFile(fr.Path) {
		return match.Result{}, false
	}
	r := ix.Match(q, match.Options{Limit: atRaiseCandidates, MinScore: -1})
	exception := q.Exception
	if exception == "" {
		exception = r.Exception
	}
	best, bestEv, tied := -1, evidence{}, false
	for i := range r.Matches {
		m := &r.Matches[i]
		if fr.Line < m.Line || fr.Line > max(m.Line, m.EndLine) {
			continue
		}
		comps, ok := match.FramePath(fr.Path, m.Path)
		if !ok {
			continue
		}
		ev := evidence{comps: comps, function: match.SameFunction(fr.Function, m.Function)}
		switch short, site := match.ShortName(exception), match.ShortName(m.Exception); {
		case short != "" && short == site:
			ev.exception = true
		case short != "" && isClassName(m.Exception):
			continue // another class was raised here than the one printed
		}
		if !ev.enough() {
			continue
		}
		switch c := ev.compare(bestEv); {
		case best < 0 || c > 0:
			best, bestEv, tied = i, ev, false
		case c == 0:
			tied = true
		}
	}
	if best < 0 || tied {
		return match.Result{}, false
	}
	m := r.Matches[best]
	m.Reasons = textReason(m.Reasons, atRaiseReason)
	return match.Result{Matches: []match.Match{m}, Exception: r.Exception, Tied: 1, Nearest: r.Nearest, Stats: r.Stats}, true
}

// evidence is what ties a traceback's innermost frame to a raise besides
// its line (see atRaise).
type evidence struct {
	comps     int  // trailing path components in common
	function  bool // the frame's function is the site's
	exception bool // the printed type is the one the site raises
}

// enough reports whether the evidence ties the frame to the raise: the
// function agrees, or the path in two or more components and the
// exception type do. A base name alone with another function is a file of
// another library that happens to share the name.
func (e evidence) enough() bool {
	return e.function || e.comps >= 2 && e.exception
}

// facts counts the facts that agree: the path in two or more components,
// the function, the exception type.
func (e evidence) facts() int {
	n := 0
	for _, ok := range []bool{e.comps >= 2, e.function, e.exception} {
		if ok {
			n++
		}
	}
	return n
}

// compare orders evidence by the facts that agree, then by the path
// components in common.
func (e evidence) compare(o evidence) int {
	if d := e.facts() - o.facts(); d != 0 {
		return d
	}
	return e.comps - o.comps
}

// atRaiseReason says why atRaise answers a site its message does not
// match; it follows the matcher's reason naming the frame.
const atRaiseReason = "the message differs from the extracted template, but the raise is where the traceback ends (the exception may build its message at run time)"

// textReason returns the matcher's reasons with the one about how much of
// the template the message matches replaced by r (r is added after the
// first when there is none).
func textReason(reasons []string, r string) []string {
	out := make([]string, 0, len(reasons)+1)
	done := false
	for _, x := range reasons {
		if strings.HasPrefix(x, "the message matches ") && !done {
			x, done = r, true
		}
		out = append(out, x)
	}
	if !done {
		out = slices.Insert(out, min(1, len(out)), r)
	}
	return out
}

// isClassName reports whether a site's exception is written as a class
// name ("InvalidRegionError", "errors.ParseError"), not an expression
// ("self.mapping[code]", "rewrite_traceback_stack") whose class the
// source does not show.
func isClassName(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for _, r := range part {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	c := match.ShortName(s)
	c = strings.TrimLeft(c, "_")
	return c != "" && c[0] >= 'A' && c[0] <= 'Z'
}
