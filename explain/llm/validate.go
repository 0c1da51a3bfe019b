package llm

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// Reasons a part of an answer is dropped while the rest is kept.
const (
	DropUngrounded = "ungrounded" // names code the repository does not have
	DropLink       = "link"       // holds a URL: errdex links only to the code
	DropTooLong    = "too-long"   // over the field's length limit
	DropTooMany    = "too-many"   // a list item past the field's limit
	DropNoChange   = "no-change"  // an example fix whose after equals its before
	DropDuplicate  = "duplicate"  // a list item given twice
	// DropVague: vaguer than the static text, which the field would
	// replace: the static text cites facts of the site (names, lines,
	// values, variables, flags) and this cites none.
	DropVague = "vaguer-than-static"
)

// Length limits of the fields of an accepted answer, in characters.
const (
	maxMeaning    = 700
	maxTrigger    = 1200
	maxSolution   = 500
	maxSituation  = 350
	maxSolutions  = 6
	maxSituations = 5
	maxFixLen     = 1000
	maxFixLines   = 20
)

// Drop is a sentence, list item or example fix taken out of an answer.
type Drop struct {
	Field  string   // meaning, trigger, solutions, example_fix, situations
	Reason string   // one of the Drop* reasons
	Text   string   // what was dropped, cut short
	Names  []string // for DropUngrounded and DropLink: the names not found; for DropVague: the facts the static text cites
}

// Verdict is the outcome of validating an answer.
type Verdict struct {
	// Kept holds what survived: the fields to store. It is nil when the
	// answer is rejected.
	Kept *errdex.Explanation
	// Drops lists what was taken out.
	Drops []Drop
	// Rejection says why the whole answer was rejected, or is nil.
	Rejection *Rejection
}

// injection matches text aimed at a model: in an answer, the echo of
// instructions planted in a message or a comment (a grounded explanation
// has no reason to say any of this); in repository text, the plant itself,
// whose words then ground nothing (see hostileLines and newGrounding).
var injection = regexp.MustCompile(`(?i)` +
	`\b(ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(instructions?|prompts?|rules|directions|guidelines)\b` +
	`|\bsystem prompt\b|\byou are now\b|\bnew instructions\b|\bas an ai\b|\bjailbr(oken|eak)\b` +
	`|` + regexp.QuoteMeta(fenceOpen) + `|` + regexp.QuoteMeta(fenceClose))

// Validate checks an answer about a site against the repository's
// symbols and keeps what is grounded:
//
//   - an answer that repeats or obeys instructions (see injection) is
//     rejected;
//   - in meaning and trigger, a sentence that names code (in backticks, or
//     looking like code: snake_case, dotted.names, camelCase, calls(),
//     --flags, $VARS, file paths) that is not in syms, in the site's facts
//     or in its message is dropped, and so is any sentence with a URL;
//   - in solutions and situations, such items are dropped whole, as are
//     items over the length limit, past the count limit or repeated;
//   - an example fix is dropped when any name in it is unknown, when it
//     changes nothing, or when it is too long;
//   - a field that would replace a static one that cites facts of the
//     site (names, identifiers, line numbers, values, $VARS, --flags; see
//     StaticOf) is dropped when it cites none, being vaguer than the
//     static text (DropVague): the meaning or trigger whole, each
//     solution or situation item alone; the static field then stays;
//   - the answer is rejected when more than half of what it says was
//     dropped as ungrounded, or when nothing is left.
//
// syms may be nil: the site's own facts and message are then all that is
// known.
func Validate(a *errdex.Explanation, site *errdex.Site, syms *Symbols) *Verdict {
	v := &Verdict{}
	g := newGrounding(site, syms)
	sp := newSpecificity(site, g)
	all := append([]string{a.Meaning, a.Trigger}, a.Solutions...)
	all = append(all, a.Situations...)
	if f := a.ExampleFix; f != nil {
		all = append(all, f.Before, f.After)
	}
	for _, s := range all {
		if m := injection.FindString(s); m != "" {
			v.Rejection = reject(ReasonInjection, "the answer says %q", clip(m, 80))
			return v
		}
	}

	kept := &errdex.Explanation{}
	units, ungrounded := 0, 0
	check := func(field, text string) (ok bool) {
		units++
		bad, links := g.unknown(text)
		switch {
		case len(links) > 0:
			ungrounded++
			v.drop(field, DropLink, text, links)
		case len(bad) > 0:
			ungrounded++
			v.drop(field, DropUngrounded, text, bad)
		default:
			return true
		}
		return false
	}
	prose := func(field, text, static string, limit int) string {
		var out []string
		for _, s := range sentences(cleanProse(text)) {
			if check(field, s) {
				out = append(out, s)
			}
		}
		joined := strings.Join(out, " ")
		if utf8.RuneCountInString(joined) > limit {
			v.drop(field, DropTooLong, joined, nil)
			return ""
		}
		if facts := sp.vaguer(joined, static); joined != "" && facts != nil {
			v.drop(field, DropVague, joined, facts)
			return ""
		}
		return joined
	}
	items := func(field string, list, static []string, limit, most int) []string {
		var out []string
		for _, it := range list {
			it = cleanProse(it)
			switch {
			case it == "":
			case len(out) == most:
				v.drop(field, DropTooMany, it, nil)
			case utf8.RuneCountInString(it) > limit:
				v.drop(field, DropTooLong, it, nil)
			case slices.Contains(out, it):
				v.drop(field, DropDuplicate, it, nil)
			case !check(field, it):
			default:
				if facts := sp.vaguer(it, static...); facts != nil {
					v.drop(field, DropVague, it, facts)
				} else {
					out = append(out, it)
				}
			}
		}
		return out
	}
	st := sp.static
	kept.Meaning = prose("meaning", a.Meaning, st.Meaning, maxMeaning)
	kept.Trigger = prose("trigger", a.Trigger, st.Trigger, maxTrigger)
	kept.Solutions = items("solutions", a.Solutions, st.Solutions, maxSolution, maxSolutions)
	kept.Situations = items("situations", a.Situations, st.Situations, maxSituation, maxSituations)
	if f := a.ExampleFix; f != nil {
		kept.ExampleFix = v.checkFix(f, site, g, &units, &ungrounded)
	}

	switch {
	case ungrounded > 0 && 2*ungrounded > units:
		v.Rejection = reject(ReasonUngrounded, "%d of %d sentences, items and fixes name things the repository does not have", ungrounded, units)
	case kept.Meaning == "" && kept.Trigger == "" && len(kept.Solutions) == 0 && len(kept.Situations) == 0 && kept.ExampleFix == nil:
		v.Rejection = reject(ReasonNothing, "nothing in the answer passed validation")
	default:
		v.Kept = kept
	}
	return v
}

func (v *Verdict) drop(field, reason, text string, names []string) {
	v.Drops = append(v.Drops, Drop{Field: field, Reason: reason, Text: clip(text, 200), Names: names})
}

// checkFix validates an example fix: every name in it must be known (a
// fix may not call helpers that exist nowhere), it must change something,
// and stay short.
func (v *Verdict) checkFix(f *errdex.ExampleFix, site *errdex.Site, g *grounding, units, ungrounded *int) *errdex.ExampleFix {
	before, after := strings.TrimSpace(stripControl(f.Before)), strings.TrimSpace(stripControl(f.After))
	text := before + "\n→\n" + after
	*units++
	switch {
	case after == "" || before == after:
		v.drop("example_fix", DropNoChange, text, nil)
		return nil
	case len(before) > maxFixLen || len(after) > maxFixLen ||
		strings.Count(before, "\n") >= maxFixLines || strings.Count(after, "\n") >= maxFixLines:
		v.drop("example_fix", DropTooLong, text, nil)
		return nil
	}
	var bad, links []string
	for _, code := range []string{before, after} {
		for _, t := range codeTokens(stripComments(code)) {
			switch {
			case t.kind == tokURL:
				links = appendNew(links, t.text)
			case t.kind == tokPath && (strings.HasPrefix(t.text, "/") || strings.HasPrefix(t.text, "~/")):
				// An absolute path in a fix is a value on the user's
				// machine (--tokenizer-path /models/x), not a file of
				// the repository.
			case !g.known(t):
				bad = appendNew(bad, t.text)
			}
		}
	}
	switch {
	case len(links) > 0:
		*ungrounded++
		v.drop("example_fix", DropLink, text, links)
		return nil
	case len(bad) > 0:
		*ungrounded++
		v.drop("example_fix", DropUngrounded, text, bad)
		return nil
	}
	lang := f.Lang
	if lang != "sh" && lang != site.Language {
		lang = ""
	}
	return &errdex.ExampleFix{Before: before, After: after, Lang: lang}
}

// grounding answers whether a name exists: in the repository's symbols,
// or in the site's own facts and message.
type grounding struct {
	repo  *Symbols // may be nil
	local *Symbols
}

func newGrounding(site *errdex.Site, repo *Symbols) *grounding {
	local := NewSymbols()
	local.AddSite(site)
	// Every word of the message may be named: the answer explains it;
	// unless the message speaks to a model, whose words an answer that
	// obeys would repeat.
	for _, t := range append([]errdex.Template{site.Template}, site.Alternatives...) {
		if msg := t.String(); !injection.MatchString(msg) {
			local.addCode(msg)
		}
	}
	return &grounding{repo: repo, local: local}
}

func (g *grounding) hasName(n string) bool {
	return g.local.hasName(n) || g.repo != nil && g.repo.hasName(n)
}

func (g *grounding) hasFlag(n string) bool {
	return g.local.hasFlag(n) || g.repo != nil && g.repo.hasFlag(n)
}

func (g *grounding) hasPath(p string) bool {
	return g.local.hasPath(p) || g.repo != nil && g.repo.hasPath(p)
}

// known reports whether a token names something that exists.
func (g *grounding) known(t token) bool {
	if t.value && t.kind != tokURL {
		return true
	}
	switch t.kind {
	case tokURL:
		return false
	case tokShort:
		return true
	case tokFlag:
		return g.hasFlag(t.text)
	case tokPath:
		return g.hasPath(t.text) || !strings.Contains(t.text, "/") && g.knownName(t.text)
	}
	return g.knownName(t.text)
}

// knownName accepts a name that is known whole, or a chain whose every
// part is known (self.x when self and x are), or a lower-case name that
// is the destination of a known flag.
func (g *grounding) knownName(n string) bool {
	if commonCode[n] || commonProse[n] || g.hasName(n) {
		return true
	}
	parts := splitChain(n)
	if len(parts) > 1 {
		for _, p := range parts {
			if !commonCode[p] && !g.hasName(p) {
				return false
			}
		}
		return true
	}
	return strings.ToLower(n) == n && g.hasFlag(n)
}

// unknown returns the names a piece of prose mentions that do not exist,
// and the URLs it holds.
func (g *grounding) unknown(text string) (bad, links []string) {
	for _, m := range mentions(text) {
		switch {
		case m.kind == tokURL:
			links = appendNew(links, m.text)
		case !g.known(m):
			bad = appendNew(bad, m.text)
		}
	}
	return bad, links
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// mentions returns the tokens of prose that name code: every token inside
// backticks, and outside them the tokens that look like code (see
// looksLikeCode).
func mentions(text string) []token {
	var out []token
	plain := func(seg string) {
		for _, t := range codeTokens(seg) {
			if looksLikeCode(t, seg) {
				out = append(out, t)
			}
		}
	}
	prev := 0
	for _, sp := range codeSpans(text) {
		plain(text[prev:sp.start])
		out = append(out, codeTokens(text[sp.start+sp.fence:sp.end-sp.fence])...)
		prev = sp.end
	}
	plain(text[prev:])
	return out
}

// span is a code span of prose: text[start:end] including its fences of
// fence backticks each.
type span struct{ start, end, fence int }

// codeSpans finds the code spans of prose as CommonMark does: a run of n
// backticks opens a span that the next run of exactly n backticks closes;
// a run that nothing closes is plain text.
func codeSpans(text string) []span {
	var out []span
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		n := runLen(text, i)
		closed := false
		for j := i + n; j < len(text); {
			if text[j] != '`' {
				j++
				continue
			}
			m := runLen(text, j)
			if m == n {
				out = append(out, span{i, j + m, n})
				i, closed = j+m, true
				break
			}
			j += m
		}
		if !closed {
			i += n
		}
	}
	return out
}

// runLen is the length of the run of backticks at text[i].
func runLen(text string, i int) int {
	j := i
	for j < len(text) && text[j] == '`' {
		j++
	}
	return j - i
}

// looksLikeCode reports whether a token of prose outside backticks names
// code rather than being an English word: URLs, --flags, $VARS, file paths
// with an extension or a leading "/", "./" or "~/", and names with an
// underscore, a dot or "::" between identifiers, an inner capital
// (camelCase, PascalCase) or a call's "()".
func looksLikeCode(t token, seg string) bool {
	switch t.kind {
	case tokURL, tokFlag, tokEnvRef:
		return true
	case tokPath:
		if commonProse[t.text] {
			return false
		}
		last := t.text[strings.LastIndexByte(t.text, '/')+1:]
		return hasFileExt(last) || strings.HasPrefix(t.text, "/") || strings.HasPrefix(t.text, ".") || strings.HasPrefix(t.text, "~")
	}
	n := t.text
	if commonProse[n] {
		return false
	}
	if strings.Contains(n, "_") && strings.Trim(n, "_") != "" {
		return true
	}
	if parts := splitChain(n); len(parts) > 1 {
		long := false
		for _, p := range parts {
			long = long || len(p) > 1
		}
		return long
	}
	if innerCapital(n) {
		return true
	}
	// A call: "name()" or "name(x)", as opposed to "value(s)".
	if i := strings.Index(seg, n+"("); i >= 0 && (i == 0 || !isIdentChar(seg[i-1])) {
		rest := seg[i+len(n)+1:]
		return strings.HasPrefix(rest, ")") || !strings.HasPrefix(rest, "s)") && !strings.HasPrefix(rest, "es)")
	}
	return false
}

// innerCapital reports camelCase and PascalCase words: a capital letter
// after a lower-case one ("setBuf", "MetadataBuffers").
func innerCapital(s string) bool {
	prevLower := false
	for _, r := range s {
		if unicode.IsUpper(r) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}

// sentences splits prose into sentences at ".", "!" or "?" followed by
// a space, and at line breaks, never inside backticks nor after common
// abbreviations.
func sentences(text string) []string {
	var out []string
	start := 0
	emit := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	spans := codeSpans(text)
	for i := 0; i < len(text); i++ {
		if len(spans) > 0 && i == spans[0].start {
			i = spans[0].end - 1 // never split inside a code span
			spans = spans[1:]
			continue
		}
		c := text[i]
		switch {
		case c == '\n':
			emit(i + 1)
		case (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' '):
			if c == '.' && abbreviation(text[start:i]) {
				continue
			}
			emit(i + 1)
		}
	}
	emit(len(text))
	return out
}

// abbreviation reports whether the text before a period ends with an
// abbreviation that does not end a sentence.
func abbreviation(before string) bool {
	w := before[strings.LastIndexAny(before, " (\t")+1:]
	switch strings.ToLower(w) {
	case "e.g", "i.e", "etc", "vs", "cf", "approx", "incl", "resp", "no":
		return true
	}
	return false
}

// cleanProse removes control characters and collapses white space: a
// field of prose is one paragraph.
func cleanProse(s string) string {
	return strings.Join(strings.Fields(stripControl(s)), " ")
}

// stripControl removes control characters other than line breaks and
// tabs, and invalid UTF-8.
func stripControl(s string) string {
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) && r != '\n' && r != '\t' {
			return -1
		}
		return r
	}, s)
}

// stripComments removes line comments ("# ..." after a blank or at the
// start of a line, "// ...") from a fix, whose words are prose.
func stripComments(code string) string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		for j := 0; j < len(l); j++ {
			if l[j] == '#' && (j == 0 || l[j-1] == ' ' || l[j-1] == '\t') ||
				l[j] == '/' && j+1 < len(l) && l[j+1] == '/' && (j == 0 || l[j-1] != ':') {
				lines[i] = l[:j]
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}
