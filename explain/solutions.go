package explain

import (
	"fmt"
	"github.com/errdex/errdex/codetext"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/config"
	"github.com/errdex/errdex/analyze/family"
)

// requirement is what a setting must satisfy for a guard of the site to
// fail, and so for the site not to raise: the guard's negation carried
// back along the setting's chain (config.ViaSep) through the provenance
// facts. Op is "" when a step of the chain transforms the value in a way
// the rules do not follow; then only the dependency is stated.
type requirement struct {
	config errdex.ConfigRef
	guard  *errdex.Guard
	chain  []string
	// variable is the name the setting's value lands in.
	variable string
	op, val  string
}

// requirements derives one requirement per configuration reference of
// the site.
func requirements(s *errdex.Site) []requirement {
	var out []requirement
	for _, c := range s.Config {
		chain := strings.Split(c.Via, config.ViaSep)
		r := requirement{config: c, chain: chain, variable: chain[0]}
		if len(chain) >= 2 {
			r.variable = chain[len(chain)-2]
		}
		r.guard = guardOf(s, chain[0])
		if r.guard == nil && c.Location.Path == s.Location.Path {
			r.guard = guardAt(s, c.Location.Line) // read in the condition itself
		}
		if r.guard != nil && r.guard.Kind != "except" && r.guard.Kind != "for" {
			if op, val, ok := conditionOn(r.guard, chain[0]); ok {
				r.op, r.val = carry(s, chain, negations[op], val)
			}
		}
		out = append(out, r)
	}
	return out
}

// conditionOn returns what a guard says of a name as "name op val": its
// structured form when the name is its subject, else a comparison of the
// name with another operand.
func conditionOn(g *errdex.Guard, name string) (op, val string, ok bool) {
	if g.Subject != "" && passesThrough(g.Subject, name) {
		return g.Op, g.Value, true
	}
	if l, op, r, ok := splitComparison(g.Condition); ok {
		switch {
		case passesThrough(l, name):
			return op, r, true
		case passesThrough(r, name) && mirrors[op] != "":
			return mirrors[op], l, true
		}
	}
	return "", "", false
}

// satisfiedByDefault reports whether a requirement's setting has a
// literal default that meets it.
func (r requirement) satisfiedByDefault() bool {
	if r.op == "" || !r.config.HasDefault || !isLiteral(r.config.Default) {
		return false
	}
	ok, decided := holds(r.config.Default, r.op, r.val)
	return decided && ok
}

// violatedByDefault reports whether a requirement's setting has a literal
// default that fails it.
func (r requirement) violatedByDefault() bool {
	if r.op == "" || !r.config.HasDefault || !isLiteral(r.config.Default) {
		return false
	}
	ok, decided := holds(r.config.Default, r.op, r.val)
	return decided && !ok
}

// kindRank orders the settings that share a chain: a flag or an
// environment variable is what a user sets; a settings field is usually
// filled from them.
var kindRank = map[string]int{"flag": 0, "env": 1, "setting": 2}

// primaries keeps one requirement per chain (the same value read as a flag
// and as a settings field), the one a user sets, showing the default of
// the field its default names (default=ServerArgs.x). They are ordered by
// their guard's position, innermost first: in "if mode == 'x' and not
// path", the last condition is the specific one; requirements without a
// guard come last.
func primaries(s *errdex.Site, reqs []requirement) []requirement {
	var out []requirement
	groups := map[string][]requirement{}
	for _, r := range reqs {
		if _, ok := groups[r.config.Via]; !ok {
			out = append(out, r)
		}
		groups[r.config.Via] = append(groups[r.config.Via], r)
	}
	for i, first := range out {
		g := groups[first.config.Via]
		best := g[0]
		for _, r := range g[1:] {
			if kindRank[r.config.Kind] < kindRank[best.config.Kind] {
				best = r
			}
		}
		if !isLiteral(best.config.Default) {
			for _, r := range g {
				if r.config.Name == best.config.Default && r.config.HasDefault {
					best.config.Default = r.config.Default
				}
			}
		}
		out[i] = best
	}
	pos := func(r requirement) int {
		for i := range s.Guards {
			if &s.Guards[i] == r.guard {
				return i
			}
		}
		return -1
	}
	slices.SortStableFunc(out, func(a, b requirement) int { return pos(b) - pos(a) })
	return out
}

// guardOf returns the guard on a name: one whose subject is the name (or
// passes it through), else one that reads it.
func guardOf(s *errdex.Site, name string) *errdex.Guard {
	for i := range s.Guards {
		if g := &s.Guards[i]; g.Subject != "" && passesThrough(g.Subject, name) {
			return g
		}
	}
	for i := range s.Guards {
		if g := &s.Guards[i]; slices.Contains(g.Names, name) {
			return g
		}
	}
	return nil
}

// guardAt returns the guard on a line.
func guardAt(s *errdex.Site, line int) *errdex.Guard {
	for i := range s.Guards {
		if s.Guards[i].Line == line && s.Guards[i].Kind != guardBuild {
			return &s.Guards[i]
		}
	}
	return nil
}

// rawEnvRead reports whether a chain ends in a read of the environment as
// a string (os.environ.get("X"), os.getenv("X")), whose truth is being
// set and non-empty.
func rawEnvRead(r requirement) bool {
	last := r.chain[len(r.chain)-1]
	return r.config.Kind == "env" && (strings.Contains(last, "environ") || strings.Contains(last, "getenv"))
}

// carry follows the wanted condition "chain[0] op val" down the chain to
// the setting at its end. It returns "" when a step cannot be followed.
func carry(s *errdex.Site, chain []string, op, val string) (string, string) {
	if op == "" {
		return "", ""
	}
	for k := 0; k+1 < len(chain); k++ {
		cur, next := chain[k], chain[k+1]
		value := ""
		for _, f := range s.Provenance {
			if f.Name == cur && f.Kind != "param" {
				if v := assignedValue(f.Text, cur); v != "" && strings.Contains(v, next) {
					value = v
					break
				}
			}
		}
		switch {
		case value == "":
			return "", ""
		case passesThrough(value, next):
			// unchanged
		default:
			l, cop, r, ok := splitComparison(value)
			if !ok || op != "truthy" && op != "falsy" {
				return "", ""
			}
			switch {
			case passesThrough(l, next) && isLiteral(r):
			case passesThrough(r, next) && isLiteral(l) && mirrors[cop] != "":
				cop, l, r = mirrors[cop], r, l
			default:
				return "", ""
			}
			if op == "falsy" {
				cop = negations[cop]
			}
			op, val = cop, r
		}
	}
	return op, val
}

// phrase describes the values satisfying "op val" for a setting.
func phrase(op, val, variable, def string) string {
	n, isInt := intValue(val)
	switch {
	case op == "truthy" && (def == `""` || def == "''"):
		return "a non-empty value"
	case op == ">" && isInt && n == 0, op == ">=" && isInt && n == 1:
		return "a positive value"
	case op == ">=" && isInt && n == 0:
		return "a value of zero or more"
	case op == ">":
		return "a value greater than " + code(val)
	case op == ">=":
		return "a value of at least " + code(val)
	case op == "<":
		return "a value below " + code(val)
	case op == "<=":
		return "a value of at most " + code(val)
	case op == "==":
		return code(val)
	case op == "!=":
		return "a value other than " + code(val)
	case op == "in":
		return "one of " + code(val)
	case op == "not in":
		return "a value not in " + code(val)
	case op == "truthy":
		return "a value that makes " + code(variable) + " true"
	case op == "falsy":
		return "a value that makes " + code(variable) + " false"
	case op == "is not" && val == "None":
		return "a value"
	}
	return ""
}

// keepDefault says that a setting's default avoids the error, with the
// values that do when the requirement names them.
func keepDefault(s *errdex.Site, c errdex.ConfigRef, p, op string) string {
	informative := p != "" && op != "truthy" && op != "falsy"
	switch c.Kind {
	case "env":
		if informative {
			return fmt.Sprintf("Start the process with the environment variable %s set to %s, or leave it unset: its default %s%s avoids this error.",
				code(c.Name), p, code(c.Default), locNote(s, c))
		}
		return fmt.Sprintf("Leave the environment variable %s unset: its default %s%s avoids this error.", code(c.Name), code(c.Default), locNote(s, c))
	case "flag":
		if informative {
			return fmt.Sprintf("Pass %s with %s, or run without it: its default %s%s avoids this error.",
				code(c.Name), p, code(c.Default), locNote(s, c))
		}
		return fmt.Sprintf("Run without %s: its default %s%s avoids this error.", code(c.Name), code(c.Default), locNote(s, c))
	}
	if informative {
		return fmt.Sprintf("Set %s to %s, or keep its default %s%s, which avoids this error.", code(c.Name), p, code(c.Default), locNote(s, c))
	}
	return fmt.Sprintf("Keep %s at its default %s%s: it avoids this error.", code(c.Name), code(c.Default), locNote(s, c))
}

// maxConfigSolutions bounds the solutions derived from settings.
const maxConfigSolutions = 3

// locNote renders " (declared at environ.py:12)".
func locNote(s *errdex.Site, c errdex.ConfigRef) string {
	if c.Location.Path == "" {
		return ""
	}
	return " (declared at " + lineRef(s, c.Location) + ")"
}

// defaultNote renders ", it defaults to `0` (environ.py:12)".
func defaultNote(s *errdex.Site, c errdex.ConfigRef) string {
	var notes []string
	if c.HasDefault {
		notes = append(notes, "default "+code(c.Default))
	}
	if c.Location.Path != "" {
		notes = append(notes, "declared at "+lineRef(s, c.Location))
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, ", ") + ")"
}

func solutions(s *errdex.Site, fam *family.Family, reqs []requirement) ([]string, *errdex.ExampleFix) {
	var sols []string
	var fix *errdex.ExampleFix
	handled := map[*errdex.Guard]bool{}
	lookup := s.EnvVariable()
	if lookup != "" {
		sols = append(sols,
			fmt.Sprintf("Set the environment variable %s before the process starts (in the shell, the service definition or the container's environment): the code reads it without a default.", code(lookup)),
			fmt.Sprintf("If the program can do without it, read it with a default instead: %s.", code(`os.environ.get("`+lookup+`", ...)`)))
		fix = &errdex.ExampleFix{Before: "unset " + lookup, After: "export " + lookup + "=...", Lang: "sh"}
	}
	for i, r := range primaries(s, reqs) {
		if i == maxConfigSolutions {
			break
		}
		c := r.config
		if c.Kind == "env" && c.Name == lookup {
			continue // said above
		}
		p := phrase(r.op, r.val, r.variable, c.Default)
		if rawEnvRead(r) && (r.op == "truthy" || r.op == "falsy") {
			p = "a non-empty value"
			if r.op == "falsy" {
				sols = append(sols, fmt.Sprintf("Unset the environment variable %s, or set it to an empty string.", code(c.Name)))
				continue
			}
		}
		switch {
		case r.satisfiedByDefault():
			sols = append(sols, keepDefault(s, c, p, r.op))
		case p != "" && c.Kind == "env":
			sols = append(sols, fmt.Sprintf("Start the process with the environment variable %s set to %s%s.", code(c.Name), p, defaultNote(s, c)))
		case p != "" && c.Kind == "flag":
			sols = append(sols, fmt.Sprintf("Pass %s with %s%s.", code(c.Name), p, defaultNote(s, c)))
		case p != "":
			sols = append(sols, fmt.Sprintf("Set %s to %s%s.", code(c.Name), p, defaultNote(s, c)))
		default:
			line := ""
			if r.guard != nil {
				line = fmt.Sprintf(" at line %d", r.guard.Line)
			}
			through := ""
			if c.Via != "" {
				through = " through " + chainText(r.chain)
			}
			sols = append(sols, fmt.Sprintf("Check %s: the condition%s depends on it%s.", configPhrase(c), line, through))
		}
		if p != "" && r.guard != nil {
			handled[r.guard] = true
		}
		if fix == nil && p != "" {
			fix = configFix(s, r)
		}
	}
	named := len(sols) > 0 // solutions for settings the site names
	for _, g := range guardSolutions(s, handled) {
		if len(sols) > 0 {
			g = "Or " + strings.ToLower(g[:1]) + g[1:]
		}
		sols = append(sols, g)
	}
	if fix == nil {
		fix = argumentFix(s, handled)
	}
	if fam != nil {
		steps := fam.Playbook
		if named {
			steps = steps[min(len(steps), fam.SettingSteps):]
		}
		sols = append(sols, steps...)
	}
	if len(sols) == 0 {
		sols = fallbackSolutions(s)
	}
	return sols, fix
}

// fallbackSolutions gives a site without a solution from its facts or a
// confident family at least one: the playbook of the family it was
// classified in with less confidence, else a way around the check it
// fails, else where to read.
func fallbackSolutions(s *errdex.Site) []string {
	if f := weakFamily(s); f != nil {
		return slices.Clone(f.Playbook)
	}
	fn := code(display(s.Function))
	switch g := innermost(s); {
	case g == nil:
	case g.Kind == "except" && g.Caught != "":
		return []string{fmt.Sprintf("Find and fix the cause of the %s that %s handles at line %d: this error reports it.", code(g.Caught), fn, g.Line)}
	case g.Kind == "except":
		return []string{fmt.Sprintf("Find and fix the cause of the exception that %s handles at line %d: this error reports it.", fn, g.Line)}
	default:
		return []string{fmt.Sprintf("Call %s so that %s does not hold (the check at line %d).", fn, guardPhrase(g), g.Line)}
	}
	return []string{fmt.Sprintf("Read %s at %s: the code raises this error whenever it gets there, so the fix is in how it is reached (see the callers).",
		fn, at(s.Location.Span))}
}

// chainText renders a chain of names as code joined by arrows.
func chainText(chain []string) string {
	parts := make([]string, len(chain))
	for i, c := range chain {
		parts[i] = code(c)
	}
	return strings.Join(parts, " ← ")
}

// fixKinds are the guard kinds whose negation is a way to avoid the
// raise that a caller controls.
var fixKinds = map[string]bool{"if": true, "elif": true, "else": true, "assert": true, "match": true}

// guardSolutions proposes making a guard fail, for up to two guards: the
// innermost ones, which the caller controls most directly. Only the
// innermost check may be one whose structure the extractor did not read,
// and only when no except clause lies between it and the raise: an outer
// check in free form is context more than a cause. A guard that
// holds because an earlier branch was not taken (an else or a later elif)
// comes after the others: making it fail leads into that earlier branch,
// which may raise as well. Negated "!=" guards on one subject (the else
// branch of a chain of comparisons) become one solution listing the
// handled values.
func guardSolutions(s *errdex.Site, handled map[*errdex.Guard]bool) []string {
	fn := display(s.Function)
	var direct, branches []string
	var handledValues []string
	valuesOf := ""
	caught := false
	for i := len(s.Guards) - 1; i >= 0; i-- {
		g := &s.Guards[i]
		if g.Kind == "except" {
			caught = true
		}
		if handled[g] || !fixKinds[g.Kind] {
			continue
		}
		if g.Negated && g.Op == "!=" && (valuesOf == "" || valuesOf == g.Subject) {
			valuesOf = g.Subject
			handledValues = append([]string{g.Value}, handledValues...)
			continue
		}
		if g.Subject == "" && (caught || len(direct) > 0 || len(branches) > 0 || len(handledValues) > 0) {
			continue // an outer check in free form is context more than a cause
		}
		w := wanted(g)
		if w == "" {
			continue
		}
		sol := fmt.Sprintf("Make sure %s when %s runs (the check at line %d).", w, code(fn), g.Line)
		if g.Negated && g.Kind != "assert" {
			branches = append(branches, sol)
		} else {
			direct = append(direct, sol)
		}
	}
	out := append(direct, branches...)
	if len(handledValues) > 0 {
		values := make([]string, len(handledValues))
		for i, v := range handledValues {
			values[i] = code(v)
		}
		sol := fmt.Sprintf("Make sure %s is %s: the values %s handles before this branch.", code(valuesOf),
			orList(values), code(fn))
		if len(handledValues) == 1 {
			sol = fmt.Sprintf("Make sure %s is %s, the value %s handles before this branch.", code(valuesOf), values[0], code(fn))
		}
		out = append([]string{sol}, out...)
	}
	return out[:min(len(out), 2)]
}

// wanted renders the negation of a guard, which avoids the raise: from its
// structure when it has one, else from its text (a comparison with the
// operator negated, a negated call or name without the negation, any
// other condition as not holding); "" for a guard without a condition.
func wanted(g *errdex.Guard) string {
	if g.Subject != "" {
		op := negations[g.Op]
		if s := opPhrase(g.Subject, op, g.Value); s != "" {
			return s
		}
		return code(g.Subject + " " + op + " " + g.Value)
	}
	cond := strings.TrimSpace(g.Condition)
	switch inner, negated := negatedOperand(cond); {
	case cond == "":
		return ""
	case isChainText(cond):
		return code(cond) + " is false"
	case negated && isChainText(inner):
		return code(inner) + " is true"
	case negated:
		return code(inner) + " holds"
	}
	if w, ok := negateText(cond); ok {
		return code(w)
	}
	return code(cond) + " does not hold"
}

// dualOps pairs each boolean operator with the one that joins the
// negations of its operands (De Morgan's laws).
var dualOps = [][2]string{{" or ", " and "}, {" and ", " or "}, {" || ", " && "}, {" && ", " || "}}

// negateText negates a condition's text: a comparison by its operator, a
// conjunction or disjunction of comparisons, names and negated operands
// by De Morgan's laws ("p < 1 || p > 65535" gives "p >= 1 && p <= 65535").
// ok is false for anything else, and for a mix of operators whose
// precedence would have to be read.
func negateText(cond string) (string, bool) {
	for _, ops := range dualOps {
		parts := splitTopLevel(cond, ops[0])
		if len(parts) < 2 {
			continue
		}
		prefix := "!"
		if strings.TrimSpace(ops[0]) == "or" || strings.TrimSpace(ops[0]) == "and" {
			prefix = "not "
		}
		for i, p := range parts {
			switch inner, negated := negatedOperand(p); {
			case isChainText(p):
				parts[i] = prefix + p
			case negated:
				parts[i] = inner
			default:
				l, op, r, ok := splitComparison(p)
				if !ok || negations[op] == "" {
					return "", false
				}
				parts[i] = l + " " + negations[op] + " " + r
			}
		}
		return strings.Join(parts, ops[1]), true
	}
	l, op, r, ok := splitComparison(cond)
	if !ok || negations[op] == "" {
		return "", false
	}
	return l + " " + negations[op] + " " + r, true
}

// splitTopLevel splits s at every top-level sep (see topLevel), trimming
// the parts.
func splitTopLevel(s, sep string) []string {
	var parts []string
	for {
		i := topLevel(s, sep)
		if i < 0 {
			return append(parts, strings.TrimSpace(s))
		}
		parts = append(parts, strings.TrimSpace(s[:i]))
		s = s[i+len(sep):]
	}
}

// negatedOperand returns x for a condition written "!x" or "not x" whose
// x is one operand (a name, a call, an index, or a parenthesised
// expression, whose parentheses it drops).
func negatedOperand(cond string) (string, bool) {
	var x string
	switch {
	case strings.HasPrefix(cond, "!") && !strings.HasPrefix(cond, "!="):
		x = strings.TrimSpace(cond[1:])
	case strings.HasPrefix(cond, "not "):
		x = strings.TrimSpace(cond[4:])
	default:
		return "", false
	}
	if !codetext.Operand(x) {
		return "", false
	}
	if strings.HasPrefix(x, "(") && strings.HasSuffix(x, ")") && closing(x, 0) == len(x)-1 {
		x = strings.TrimSpace(x[1 : len(x)-1])
	}
	return x, x != ""
}

// isChainText reports whether x is a name or a chain of names joined by
// ".", "::" or "->".
func isChainText(x string) bool {
	return x != "" && !strings.ContainsAny(x, "()[]{}\"'`") && codetext.Operand(x)
}

// opPhrase renders the operators that read better in words: truth and
// isinstance; "" for the others.
func opPhrase(subject, op, value string) string {
	switch op {
	case "truthy":
		return code(subject) + " is true"
	case "falsy":
		return code(subject) + " is false"
	case "isinstance":
		return code(subject) + " is an instance of " + code(value)
	case "not isinstance":
		return code(subject) + " is not an instance of " + code(value)
	}
	return ""
}

func orList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// target picks a concrete value satisfying "op val", or "".
func target(op, val string) string {
	n, isInt := intValue(val)
	switch {
	case op == ">" && isInt:
		return strconv.FormatInt(n+1, 10)
	case op == "<" && isInt:
		return strconv.FormatInt(n-1, 10)
	case op == ">=" || op == "<=" || op == "==":
		if isLiteral(val) && val != "None" && val != "null" && val != "nil" {
			return val
		}
	case op == "in" && len(val) > 2 && strings.ContainsRune("([{", rune(val[0])):
		first := strings.TrimSpace(val[1:])
		if i := topLevel(first, ","); i >= 0 {
			first = strings.TrimSpace(first[:i])
		} else {
			first = strings.TrimSpace(strings.TrimRight(first, ")]}"))
		}
		if isLiteral(first) && first != "None" {
			return first
		}
	}
	return ""
}

// configFix shows the change of a setting that satisfies its requirement
// when a value that does follows from the code: a threshold, an allowed
// value, or the default when the default satisfies it. Before is the
// default when it fails the requirement, else a value that fails it (the
// threshold's other side), else for a set of allowed values a placeholder
// saying which values fail, else the setting unset.
func configFix(s *errdex.Site, r requirement) *errdex.ExampleFix {
	c := r.config
	known := c.HasDefault && isLiteral(c.Default) && c.Default != "None"
	var before, after string
	if known && r.satisfiedByDefault() {
		after = c.Default + "   # the default"
	} else if after = target(r.op, r.val); after == "" {
		return nil
	}
	switch {
	case known && r.violatedByDefault():
		before = c.Default + "   # the default"
	case target(negations[r.op], r.val) != "":
		before = target(negations[r.op], r.val)
	case r.op == "in":
		before = outside(r.val)
	case !known && c.Kind == "env":
		return &errdex.ExampleFix{Before: "unset " + c.Name, After: c.Name + "=" + unquoteValue(after), Lang: "sh"}
	case !known && c.Kind == "flag":
		return &errdex.ExampleFix{Before: "# without " + c.Name, After: c.Name + " " + unquoteValue(after), Lang: "sh"}
	default:
		return nil
	}
	switch c.Kind {
	case "env":
		return &errdex.ExampleFix{Before: c.Name + "=" + unquoteValue(before), After: c.Name + "=" + unquoteValue(after), Lang: "sh"}
	case "flag":
		return &errdex.ExampleFix{Before: c.Name + " " + unquoteValue(before), After: c.Name + " " + unquoteValue(after), Lang: "sh"}
	}
	return &errdex.ExampleFix{Before: c.Name + " = " + before, After: c.Name + " = " + after, Lang: s.Language}
}

// unquoteValue unquotes the value at the start of "value   # comment",
// for a shell assignment.
func unquoteValue(v string) string {
	val, comment, ok := strings.Cut(v, "   #")
	if !ok {
		return unquote(v)
	}
	return unquote(val) + "   #" + comment
}

// outside renders a placeholder for a value outside a set of allowed
// literals: "<other>   # not debug, info or warning" (at most four named).
func outside(set string) string {
	items, ok := literalItems(set)
	if !ok {
		return "<other>"
	}
	for i, it := range items {
		if strings.TrimSpace(it) == "" || strings.TrimSpace(it) != it {
			items[i] = strconv.Quote(it) // a blank or padded value shows its quotes
		}
	}
	if len(items) > 4 {
		items = append(items[:4:4], "…")
	}
	return "<other>   # not " + orList(items)
}

// argumentFix shows a call with an argument that makes a guard on a
// parameter fail: for a comparison with a constant, the boundary value the
// guard rejects before, a value it accepts after (the parameter's default
// when it does); for a set of allowed values, one of them; for the truth
// of a boolean parameter, the other boolean. A guard that holds because an
// earlier branch was not taken (else, an early return) is not one the
// caller should make fail: that leads into the earlier branch. Nor is a
// guard with another condition between it and the raise: the raise may
// depend on that condition more than on the argument.
func argumentFix(s *errdex.Site, handled map[*errdex.Guard]bool) *errdex.ExampleFix {
	fn := s.Function
	name := fn[strings.LastIndexByte(fn, '.')+1:]
	if name == "" || strings.HasPrefix(name, "<") || strings.HasPrefix(name, "__") {
		return nil
	}
	last := innermost(s)
	for i := len(s.Guards) - 1; i >= 0 && last != nil; i-- {
		g := &s.Guards[i]
		if g.Line != last.Line {
			break // the guards of one condition share its line
		}
		if handled[g] || !fixKinds[g.Kind] || g.Subject == "" || g.Negated && g.Kind != "assert" {
			continue
		}
		def, ok := param(s, g.Subject)
		if !ok {
			continue
		}
		bad, good := argValues(g, def)
		if bad == "" || good == "" {
			continue
		}
		before := fmt.Sprintf("%s(%s=%s)", name, g.Subject, bad)
		if v, comment, ok := strings.Cut(bad, "   #"); ok {
			before = fmt.Sprintf("%s(%s=%s)   #%s", name, g.Subject, v, comment)
		}
		return &errdex.ExampleFix{Before: before, After: fmt.Sprintf("%s(%s=%s)", name, g.Subject, good), Lang: s.Language}
	}
	return nil
}

// argValues picks an argument that makes a guard hold (bad) and one that
// makes it fail (good), or "" for either when the facts give none.
func argValues(g *errdex.Guard, def string) (bad, good string) {
	neg := negations[g.Op]
	switch g.Op {
	case "truthy", "falsy":
		if def != "True" && def != "False" {
			return "", ""
		}
		if g.Op == "truthy" {
			return "True", "False"
		}
		return "False", "True"
	case "not in":
		bad = outside(g.Value)
	default:
		bad = target(g.Op, g.Value)
	}
	good = target(neg, g.Value)
	if isLiteral(def) && def != "None" {
		if ok, decided := holds(def, neg, g.Value); decided && ok && (good == "" || g.Op == "not in") {
			good = def
		}
	}
	return bad, good
}

// param reports whether name is a parameter of the site's function that
// the function does not reassign before the site, and returns its
// default ("" when it has none). Parameters are known from the
// provenance facts (those with a default) and, in Python, from the
// function's def line when the snippet shows it.
func param(s *errdex.Site, name string) (def string, ok bool) {
	for _, f := range s.Provenance {
		if f.Name == name {
			switch f.Kind {
			case "param":
				_, def, _ = strings.Cut(f.Text, "=")
				ok = true
			case "assign":
				return "", false
			}
		}
	}
	if ok {
		return def, true
	}
	return "", slices.Contains(defParams(s), name)
}

// defParams returns the parameter names of a Python site's function as
// its def line in the snippet declares them (the nearest "def name(" above
// the raise, its parameters up to the closing parenthesis within the
// snippet), or nil.
func defParams(s *errdex.Site) []string {
	sn := s.Snippet
	if s.Language != "python" || sn == nil {
		return nil
	}
	name := s.Function[strings.LastIndexByte(s.Function, '.')+1:]
	start := -1
	for i := min(len(sn.Lines), s.Location.Line-sn.StartLine+1) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(sn.Lines[i]); strings.HasPrefix(l, "def "+name+"(") || strings.HasPrefix(l, "async def "+name+"(") {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	text := strings.Join(sn.Lines[start:], "\n")
	open := strings.IndexByte(text, '(')
	end := closing(text, open)
	if end < 0 {
		return nil
	}
	var names []string
	for _, p := range strings.Split(text[open+1:end], ",") {
		p = strings.TrimSpace(p)
		if i := strings.IndexAny(p, ":="); i >= 0 {
			p = strings.TrimSpace(p[:i])
		}
		if p != "" && !strings.HasPrefix(p, "*") && p != "/" {
			names = append(names, p)
		}
	}
	return names
}

func unquote(s string) string {
	if isQuoted(s) {
		return s[1 : len(s)-1]
	}
	return s
}
