package llm

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/errdex/errdex"
)

// specificity tells whether a field of an answer is at least as specific
// as the static field it would replace. The static explanation cites
// facts of the site: names in backticks, identifiers, line numbers,
// values, environment variables, flags. An answer's field that cites none
// ("This happens when the checked condition fails.") says less than that
// text, so it must not replace it (see DropVague).
type specificity struct {
	static *errdex.Explanation // never nil
	local  *Symbols            // the site's facts and message
	except string              // the site's exception type
	nums   map[string]bool     // the numbers of the site: lines, values
}

func newSpecificity(site *errdex.Site, g *grounding) *specificity {
	sp := &specificity{static: StaticOf(site), local: g.local, except: site.Exception, nums: map[string]bool{}}
	if sp.static == nil {
		sp.static = &errdex.Explanation{}
	}
	addNums := func(s string) {
		for _, n := range number.FindAllString(s, -1) {
			sp.nums[n] = true
		}
	}
	addLine := func(n int) {
		if n > 0 {
			sp.nums[strconv.Itoa(n)] = true
		}
	}
	addLine(site.Location.Line)
	for _, t := range append([]errdex.Template{site.Template}, site.Alternatives...) {
		addNums(t.String())
	}
	for _, gd := range site.Guards {
		addLine(gd.Line)
		addNums(gd.Condition)
		addNums(gd.Value)
	}
	for _, c := range site.Config {
		addLine(c.Location.Line)
		addNums(c.Default)
	}
	for _, f := range site.Provenance {
		addLine(f.Location.Line)
		addNums(f.Text)
	}
	for _, c := range append(site.Callers[:len(site.Callers):len(site.Callers)], site.CallPath...) {
		addLine(c.Line)
	}
	if sn := site.Snippet; sn != nil {
		for i := range sn.Lines {
			addLine(sn.StartLine + i)
		}
	}
	return sp
}

// number matches a number; cited matches one that prose cites: in
// backticks, or as a line number ("line 73", "lines 73-75").
var (
	number = regexp.MustCompile(`\b\d+(?:\.\d+)?\b`)
	cited  = regexp.MustCompile("(?i)`-?(\\d+(?:\\.\\d+)?)`|\\blines? (\\d+)(?:\\s*(?:-|–|and|to)\\s*(\\d+))?")
)

// facts returns the facts a piece of prose cites. With anyName (for the
// static text, which is grounded by construction) every name counts;
// otherwise only the names and numbers of the site's facts and message.
// The keywords and basic built-ins of commonCode ("`None`", "`true`")
// cite nothing, except the site's own exception type.
func (sp *specificity) facts(text string, anyName bool) []string {
	var out []string
	for _, m := range mentions(text) {
		switch {
		case m.kind == tokURL || m.kind == tokShort || m.value:
		case commonProse[m.text]:
		case commonCode[m.text] && m.text != sp.except:
		case anyName || sp.knows(m):
			out = appendNew(out, m.text)
		}
	}
	for _, c := range cited.FindAllStringSubmatch(text, -1) {
		for _, n := range c[1:] {
			if n != "" && (anyName || sp.nums[n]) {
				out = appendNew(out, n)
			}
		}
	}
	return out
}

// knows reports whether a token names a fact of the site.
func (sp *specificity) knows(t token) bool {
	switch t.kind {
	case tokFlag:
		return sp.local.hasFlag(t.text)
	case tokPath:
		return sp.local.hasPath(t.text) || sp.local.hasName(t.text)
	}
	if sp.local.hasName(t.text) {
		return true
	}
	// A chain counts when it reaches a fact: "self.enable_sampling_mask"
	// when the site reads enable_sampling_mask.
	parts := splitChain(t.text)
	return len(parts) > 1 && slices.ContainsFunc(parts, func(p string) bool {
		return !commonCode[p] && sp.local.hasName(p)
	})
}

// vaguer reports whether an answer's text may not replace the static
// one: the static text cites facts and the answer's cites none of the
// site. It returns the facts the static text cites.
func (sp *specificity) vaguer(text string, static ...string) []string {
	var want []string
	for _, s := range static {
		for _, f := range sp.facts(s, true) {
			want = appendNew(want, f)
		}
	}
	if len(want) == 0 || len(sp.facts(text, false)) > 0 {
		return nil
	}
	return want
}
