package explain

import (
	"fmt"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/config"
	"github.com/errdex/errdex/analyze/family"
)

// maxTriggerGuards is the number of guards the trigger names: the ones
// nearest the raise.
const maxTriggerGuards = 4

// trigger says where and when the site raises: "`Buffers.set_buf` (called
// from `Bootstrap.send` at prefill.py:61) raises `RuntimeError` when
// `req.return_mask` is true (line 41) and `self.enable_mask` is false (line
// 42). `self.enable_mask` is set to `max_tokens > 0` (line 20).
// `max_tokens` comes from the environment variable ..."
func trigger(s *errdex.Site) string {
	var b strings.Builder
	build, guards := splitBuild(s.Guards)
	if sentinel(s) {
		b.WriteString("This error value is created once, when package " + code(strings.TrimSuffix(s.Function, ".init")) + " is initialised")
		if len(s.Callers) > 0 {
			refs := make([]string, 0, 3)
			for i, c := range s.Callers {
				if i == 3 {
					break
				}
				refs = append(refs, fmt.Sprintf("%s (%s)", code(c.Function), lineRef(s, errdex.Span{Path: c.Path, Line: c.Line})))
			}
			b.WriteString(", and returned by " + andList(refs))
		}
		if build != nil {
			b.WriteString(", " + buildPhrase(build))
		}
		b.WriteString(".")
		return b.String()
	}
	b.WriteString(code(display(s.Function)))
	if len(s.Callers) > 0 {
		c := s.Callers[0]
		fmt.Fprintf(&b, " (called from %s at %s", code(c.Function), lineRef(s, errdex.Span{Path: c.Path, Line: c.Line}))
		switch others := max(s.Reach.Callers, len(s.Callers)) - 1; others {
		case 0:
		case 1:
			b.WriteString(" and 1 other function")
		default:
			fmt.Fprintf(&b, " and %d other functions", others)
		}
		b.WriteString(")")
	}
	b.WriteString(" " + verb(s))
	if len(guards) > maxTriggerGuards {
		guards = guards[len(guards)-maxTriggerGuards:]
	}
	if len(guards) > 0 {
		conds := make([]string, len(guards))
		for i := range guards {
			conds[i] = guardPhrase(&guards[i])
			if guards[i].Line > 0 {
				conds[i] += fmt.Sprintf(" (line %d)", guards[i].Line)
			}
		}
		b.WriteString(" when " + andList(conds))
	}
	if build != nil {
		if len(guards) > 0 {
			b.WriteString(",")
		}
		b.WriteString(" " + buildPhrase(build))
	}
	b.WriteString(".")
	for _, sentence := range provenance(s, guards) {
		b.WriteString(" " + sentence)
	}
	return b.String()
}

// guardBuild is the Guard.Kind of a build constraint: the site's file is
// compiled only in the builds that satisfy Condition (a Go
// build-constraint expression). It is not a condition of the code's
// control flow.
const guardBuild = "build"

// splitBuild separates the first build-constraint guard, if any, from the
// guards of the control flow.
func splitBuild(guards []errdex.Guard) (*errdex.Guard, []errdex.Guard) {
	for i := range guards {
		if guards[i].Kind == guardBuild {
			rest := make([]errdex.Guard, 0, len(guards)-1)
			rest = append(append(rest, guards[:i]...), guards[i+1:]...)
			return &guards[i], rest
		}
	}
	return nil, guards
}

// buildPhrase says which builds compile the site: "only in builds for
// `plan9` (`//go:build plan9`, line 1)", or "(file name `lp_windows.go`)"
// when the file's name alone constrains it (Line 0).
func buildPhrase(g *errdex.Guard) string {
	where := code(g.Source)
	if name, ok := strings.CutPrefix(g.Source, "file name "); ok && g.Line == 0 {
		where = "file name " + code(name)
	} else if g.Line > 0 {
		where += fmt.Sprintf(", line %d", g.Line)
	}
	if g.Source == "" {
		return "only in builds for " + code(g.Condition)
	}
	return "only in builds for " + code(g.Condition) + " (" + where + ")"
}

// sentinel reports whether a site is a Go package-level error value.
func sentinel(s *errdex.Site) bool {
	return s.Language == "go" && s.Kind == errdex.KindErrorsNew && strings.HasSuffix(s.Function, ".init")
}

// verb says what the site does, in the words of its kind.
func verb(s *errdex.Site) string {
	exc := ""
	if s.Exception != "" {
		exc = " " + code(s.Exception)
	}
	switch s.Kind {
	case errdex.KindThrow, errdex.KindReject:
		return "throws" + exc
	case errdex.KindPanic, errdex.KindExpect:
		return "panics"
	case errdex.KindErrorf, errdex.KindErrorsNew:
		return "returns this error"
	case errdex.KindErrorMethod:
		return "formats this message"
	case errdex.KindLogFatal:
		return "logs this message and exits"
	case errdex.KindCheckMacro:
		return "fails this check"
	case errdex.KindSetError:
		return "sets the exception" + exc
	case errdex.KindEnvLookup:
		return "raises" + exc + " because the environment variable " + code(s.EnvVariable()) + " is not set"
	case errdex.KindReraise:
		return "re-raises the caught exception" + exc
	}
	return "raises" + exc
}

// guardPhrase renders a guard as a condition that holds at the raise.
func guardPhrase(g *errdex.Guard) string {
	switch g.Kind {
	case "except":
		if g.Caught != "" {
			return code(g.Caught) + " is caught"
		}
		return "an exception is caught"
	case "for":
		return "inside the loop " + code("for "+g.Condition)
	case "loop-else":
		return loopElsePhrase(g.Condition)
	}
	if s := opPhrase(g.Subject, g.Op, g.Value); s != "" {
		return s
	}
	return code(g.Condition)
}

// loopElsePhrase renders the guard of a loop's else clause: "the loop
// over `items` ended without a break" for "for item in items: no break",
// "the `while` loop ended with `not (i < n)`" for a while loop's negated
// condition.
func loopElsePhrase(cond string) string {
	if head, how, ok := strings.Cut(cond, ": no "); ok && strings.HasPrefix(head, "for ") && !strings.Contains(how, ":") {
		without := "without a break"
		if how == "return" {
			without = "without returning"
		}
		if _, iter, ok := strings.Cut(head, " in "); ok {
			return "the loop over " + code(iter) + " ended " + without
		}
		return "the loop " + code(head) + " ended " + without
	}
	return "the `while` loop ended with " + code(cond)
}

func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// maxProvenance is the number of provenance sentences in a trigger, and
// maxPerName the number about one name: the definitions that may reach
// the site (the analysis keeps at most three per name).
const (
	maxProvenance = 6
	maxPerName    = 3
)

// provenance says where the values the guards read come from, then which
// setting feeds them.
func provenance(s *errdex.Site, guards []errdex.Guard) []string {
	var out []string
	read := map[string]bool{}
	for _, g := range guards {
		for _, n := range g.Names {
			read[n] = true
		}
	}
	// Follow the chains of the settings too: their names are read
	// through the facts.
	for _, c := range s.Config {
		for _, n := range strings.Split(c.Via, config.ViaSep) {
			read[n] = true
		}
	}
	said := map[string]int{}
	for _, f := range s.Provenance {
		if len(out) == maxProvenance {
			break
		}
		if !read[f.Name] || said[f.Name] == maxPerName {
			continue
		}
		said[f.Name]++
		ref := lineRef(s, f.Location)
		if f.Function != "" && f.Function != s.Function && (f.Kind == "attribute" || f.Kind == "assign") {
			ref += ", in " + code(f.Function)
		}
		if f.Condition != "" {
			ref += ", " + conditionPhrase(f.Condition)
		}
		switch f.Kind {
		case "param":
			if _, def, ok := strings.Cut(f.Text, "="); ok {
				out = append(out, fmt.Sprintf("%s is a parameter with default %s (%s).", code(f.Name), code(def), ref))
			} else {
				out = append(out, fmt.Sprintf("%s is a parameter (%s).", code(f.Name), ref))
			}
		case "field":
			out = append(out, fmt.Sprintf("%s is declared as %s (%s).", code(f.Name), code(f.Text), ref))
		default:
			is := "is"
			if f.Condition != "" {
				is = "may be" // an assignment that runs only under its condition
			}
			if v := assignedValue(f.Text, f.Name); v != "" {
				out = append(out, fmt.Sprintf("%s %s set to %s (%s).", code(f.Name), is, code(v), ref))
			} else {
				out = append(out, fmt.Sprintf("%s %s set by %s (%s).", code(f.Name), is, code(f.Text), ref))
			}
		}
	}
	// One sentence per chain, naming every setting read through it.
	var vias []string
	byVia := map[string][]string{}
	for _, c := range s.Config {
		if c.Kind == "env" && c.Name == s.EnvVariable() {
			continue // the variable an env-lookup reads: its verb says so
		}
		via := c.Via
		if !strings.Contains(via, config.ViaSep) {
			via = "" // read by the condition itself: one sentence for all
		}
		if _, ok := byVia[via]; !ok {
			vias = append(vias, via)
		}
		byVia[via] = append(byVia[via], configPhrase(c))
	}
	for i, via := range vias {
		if i == 2 {
			break
		}
		chain := strings.Split(via, config.ViaSep)
		if len(chain) >= 2 {
			out = append(out, fmt.Sprintf("%s comes from %s.", code(chain[len(chain)-2]), andList(byVia[via])))
		} else {
			out = append(out, fmt.Sprintf("The condition reads %s.", andList(byVia[via])))
		}
	}
	return out
}

// conditionPhrase says under which condition an assignment runs: "when
// `x is None`", "in the loop `for x in xs`", "when `IndexError` is
// caught", "when the loop over `xs` ended without a break".
func conditionPhrase(cond string) string {
	if strings.HasPrefix(cond, "for ") && strings.Contains(cond, ": no ") {
		return "when " + loopElsePhrase(cond) // an assignment in a loop's else clause
	}
	if strings.HasPrefix(cond, "for ") && !strings.Contains(cond, " and ") {
		return "in the loop " + code(cond)
	}
	if cond == "except" {
		return "when an exception is caught"
	}
	if caught, ok := strings.CutPrefix(cond, "except "); ok && !strings.Contains(cond, " and ") {
		return "when " + code(caught) + " is caught"
	}
	return "when " + code(cond)
}

// maxSituations bounds the situations listed.
const maxSituations = 5

// situations lists ways to reach the raise: a setting left at a default
// that fails its requirement, the callers, the entry point, and the
// family's common situations.
func situations(s *errdex.Site, fam *family.Family, reqs []requirement) []string {
	var out []string
	for _, r := range primaries(s, reqs) {
		c := r.config
		if !r.violatedByDefault() {
			continue
		}
		switch c.Kind {
		case "env":
			out = append(out, fmt.Sprintf("The process was started without %s, so it has its default %s.", code(c.Name), code(c.Default)))
		case "flag":
			out = append(out, fmt.Sprintf("The program was run without %s, so it has its default %s.", code(c.Name), code(c.Default)))
		default:
			out = append(out, fmt.Sprintf("%s kept its default %s.", code(c.Name), code(c.Default)))
		}
	}
	for i, c := range s.Callers {
		if i == 2 {
			break
		}
		ref := lineRef(s, errdex.Span{Path: c.Path, Line: c.Line})
		if sentinel(s) {
			out = append(out, fmt.Sprintf("%s returns it (%s).", code(c.Function), ref))
		} else {
			out = append(out, fmt.Sprintf("%s calls %s (%s).", code(c.Function), code(display(s.Function)), ref))
		}
	}
	if len(s.CallPath) > 0 && !(len(s.CallPath) == 1 && len(s.Callers) > 0 && s.CallPath[0] == s.Callers[0]) {
		steps := make([]string, 0, len(s.CallPath)+1)
		for _, c := range s.CallPath {
			steps = append(steps, fmt.Sprintf("%s (%s)", code(c.Function), lineRef(s, errdex.Span{Path: c.Path, Line: c.Line})))
		}
		steps = append(steps, code(display(s.Function)))
		out = append(out, fmt.Sprintf("%s is reached from the entry point %s: %s.", code(display(s.Function)),
			code(s.CallPath[0].Function), strings.Join(steps, " → ")))
	}
	if fam != nil {
		for _, sit := range fam.Situations {
			if len(out) == maxSituations {
				break
			}
			out = append(out, capitalize(sit)+".")
		}
	}
	return out
}
