// Package explain turns the facts analysis derived about a site into an
// explanation a reader can act on, with deterministic rules and no model:
//
//   - meaning: what the error says in plain words, from the site's family
//     (when classified with confidence), the configuration behind it and
//     the documented meaning of its exception type;
//   - trigger: the enclosing function, a caller, the guards that hold at
//     the raise with their lines, and where the guards' values come from
//     (assignments, parameters, settings);
//   - solutions: first the changes that make a guard fail, through the
//     configuration behind it when there is one ("Start the process with
//     X set to a positive value"), then the guards themselves, then the
//     family's playbook;
//   - example_fix: a before/after for the first configuration change
//     whose target value follows from the code (a comparison with a
//     number or a constant), for an environment variable, a flag or a
//     function argument;
//   - situations: how code gets there, from the defaults, the callers and
//     the family.
//
// Every sentence is either generic advice (the family's playbook) or a
// statement about the code that the facts support, citing its line; when
// a chain of facts cannot be followed exactly (a value transformed in a
// way the rules do not model), the explanation says less rather than
// guess. Everything it names (variables, functions, settings, values)
// comes from the site's code or message.
package explain

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/family"
)

// Source is the Explanation.Source of deterministic explanations.
const Source = "static"

// minConfidence is the family confidence above which the family's gist is
// stated as the meaning.
const minConfidence = 0.5

// Site explains a site from its analysis fields.
func Site(s *errdex.Site) *errdex.Explanation {
	fam := siteFamily(s)
	reqs := requirements(s)
	e := &errdex.Explanation{Source: Source}
	e.Meaning = meaning(s, fam, reqs)
	e.Trigger = trigger(s)
	e.Solutions, e.ExampleFix = solutions(s, fam, reqs)
	e.Situations = situations(s, fam, reqs)
	return e
}

// siteFamily returns the site's family when it was classified with
// confidence, else nil.
func siteFamily(s *errdex.Site) *family.Family {
	if s.Family == nil || s.Family.Slug == family.Other || s.Family.Confidence < minConfidence {
		return nil
	}
	return family.Lookup(s.Family.Slug)
}

// exceptionMeanings are the documented meanings of common exception
// types, by language.
var exceptionMeanings = map[string]map[string]string{
	"python": {
		"ValueError":          "ValueError means an argument had the right type but an unacceptable value.",
		"TypeError":           "TypeError means an operation or function received a value of an inappropriate type.",
		"KeyError":            "KeyError means a key was not found in a mapping.",
		"IndexError":          "IndexError means an index was out of range.",
		"AttributeError":      "AttributeError means an attribute reference or assignment failed.",
		"NotImplementedError": "NotImplementedError marks an operation that is not implemented here.",
		"FileNotFoundError":   "FileNotFoundError means a file or directory was requested but does not exist.",
		"PermissionError":     "PermissionError means the operation lacked the access rights it needs.",
		"TimeoutError":        "TimeoutError means an operation timed out.",
		"ImportError":         "ImportError means a module or a name in it could not be imported.",
		"ModuleNotFoundError": "ModuleNotFoundError means a module could not be found.",
		"AssertionError":      "AssertionError means an assert statement's condition was false.",
		"EOFError":            "EOFError means input ended before the data expected was read.",
		"OverflowError":       "OverflowError means an arithmetic result was too large to be represented.",
		"ZeroDivisionError":   "ZeroDivisionError means a division or modulo had a zero divisor.",
		"UnicodeDecodeError":  "UnicodeDecodeError means bytes could not be decoded in the given encoding.",
		"UnicodeEncodeError":  "UnicodeEncodeError means text could not be encoded in the given encoding.",
		"RecursionError":      "RecursionError means the maximum recursion depth was exceeded.",
		"MemoryError":         "MemoryError means an operation ran out of memory.",
	},
	"java": {
		"IllegalArgumentException":      "IllegalArgumentException means a method was passed an illegal or inappropriate argument.",
		"IllegalStateException":         "IllegalStateException means a method was called at an illegal or inappropriate time.",
		"UnsupportedOperationException": "UnsupportedOperationException means the requested operation is not supported.",
		"NullPointerException":          "NullPointerException means null was used where an object is required.",
		"IndexOutOfBoundsException":     "IndexOutOfBoundsException means an index was out of range.",
	},
	"javascript": {
		"TypeError":  "TypeError means a value was not of the type an operation expects.",
		"RangeError": "RangeError means a value was not in the set or range of allowed values.",
	},
}

// meaning says what the error means: the family's gist when the site was
// classified with confidence, and the documented meaning of its exception
// type. When neither is there, the family's gist, hedged, for a site
// classified with less confidence; else the check the site fails, from
// its innermost guard. The configuration behind the check follows the
// meaning, never alone.
func meaning(s *errdex.Site, fam *family.Family, reqs []requirement) string {
	if name := s.EnvVariable(); name != "" {
		return fmt.Sprintf("This error means that the environment variable %s is not set: %s reads it with %s, which raises KeyError for a name the environment does not hold.",
			code(name), code(display(s.Function)), code(`os.environ["`+name+`"]`))
	}
	var parts []string
	exc := exceptionMeanings[s.Language][simpleType(s.Exception)]
	switch weak := weakFamily(s); {
	case fam != nil:
		parts = append(parts, "This error means that "+fam.Gist+".")
	case exc == "" && weak != nil:
		parts = append(parts, "This error most likely means that "+weak.Gist+".")
	case exc == "":
		parts = append(parts, checkMeaning(s))
	}
	if len(s.Config) > 0 {
		parts = append(parts, "The check depends on "+configPhrase(s.Config[0])+".")
	}
	if exc != "" {
		parts = append(parts, exc)
	}
	return strings.Join(parts, " ")
}

// weakFamily returns the site's family whatever the confidence, or nil
// for "other".
func weakFamily(s *errdex.Site) *family.Family {
	if s.Family == nil || s.Family.Slug == family.Other {
		return nil
	}
	return family.Lookup(s.Family.Slug)
}

// innermost returns the guard nearest the raise that is a condition of
// the control flow (not a build constraint), or nil.
func innermost(s *errdex.Site) *errdex.Guard {
	for i := len(s.Guards) - 1; i >= 0; i-- {
		if g := &s.Guards[i]; g.Kind != guardBuild && g.Kind != "for" {
			return g
		}
	}
	return nil
}

// checkMeaning says what a site of no family means from the check it
// fails: the exception it handles, or the condition nearest the raise.
func checkMeaning(s *errdex.Site) string {
	fn := code(display(s.Function))
	g := innermost(s)
	switch {
	case g == nil:
		return fmt.Sprintf("This error means that %s %s unconditionally once it is reached: the message is the code's own description of the failure.", fn, verb(s))
	case g.Kind == "except" && g.Caught != "":
		return fmt.Sprintf("This error means that %s failed with %s (handled at line %d) and reports it this way.", fn, code(g.Caught), g.Line)
	case g.Kind == "except":
		return fmt.Sprintf("This error means that %s failed with an exception (handled at line %d) and reports it this way.", fn, g.Line)
	}
	return fmt.Sprintf("This error means that %s found %s (line %d), a case it does not handle.", fn, guardPhrase(g), g.Line)
}

// configPhrase names a setting with its default: "the environment variable
// X (default 0, declared at environ.py:12)".
func configPhrase(c errdex.ConfigRef) string {
	var b strings.Builder
	switch c.Kind {
	case "env":
		b.WriteString("the environment variable ")
	case "flag":
		b.WriteString("the command-line flag ")
	default:
		b.WriteString("the setting ")
	}
	b.WriteString(code(c.Name))
	var notes []string
	if c.HasDefault {
		notes = append(notes, "default "+code(c.Default))
	}
	if c.Location.Path != "" {
		notes = append(notes, at(c.Location))
	}
	if len(notes) > 0 {
		b.WriteString(" (" + strings.Join(notes, ", ") + ")")
	}
	return b.String()
}

// at renders a location as path:line.
func at(sp errdex.Span) string { return fmt.Sprintf("%s:%d", sp.Path, sp.Line) }

// code marks an identifier or expression as code.
func code(s string) string { return "`" + s + "`" }

// display names a function for prose.
func display(fn string) string { return cmp.Or(fn, "<module>") }

// simpleType is the last segment of a type name.
func simpleType(t string) string {
	t = strings.TrimLeft(t, "*&")
	return t[strings.LastIndexAny(t, ".:")+1:]
}

// lineRef cites a line: "line 12" in the site's own file, "path:12"
// elsewhere.
func lineRef(s *errdex.Site, sp errdex.Span) string {
	if sp.Path == "" || sp.Path == s.Location.Path {
		return fmt.Sprintf("line %d", sp.Line)
	}
	return at(sp)
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
