package python

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/codetext"
	"github.com/errdex/errdex/syntax"
)

// Environment lookups. os.environ["NAME"] raises KeyError('NAME') when the
// variable is not set: "KeyError: 'DATABASE_URL'" is how most Python
// programs fail for a missing environment variable, and the message names
// only the variable. Each such lookup is a site of kind env-lookup whose
// template is what KeyError prints ('NAME'), unless the code makes sure
// it cannot fail there:
//
//   - it stores or deletes rather than reads (os.environ["NAME"] = v);
//   - a condition that holds at the lookup tests the variable: "NAME" in
//     os.environ (or in an alias of it, env = os.environ),
//     os.environ.get("NAME"), os.getenv("NAME") (as an if,
//     elif or while condition, an early exit before it, the condition of
//     x if ... else y, or the left side of an and);
//   - a handler of an enclosing try statement of the same function catches
//     KeyError, LookupError, Exception, BaseException or everything.
//
// Only os.environ through the file's imports counts (import os, import os
// as o, from os import environ): a WSGI request's environ is a dict of
// another meaning, and os.py's own _Environ raises its KeyError itself.

// envLookupCandidate reports whether a subscript node may be an
// environment lookup: its value written environ or X.environ and its key
// a string. The imports, known only after the scan, decide (envLookup).
func envLookupCandidate(n syntax.Node) bool {
	v := n.Child("value")
	switch v.Kind() {
	case "identifier":
		if v.Text() != "environ" {
			return false
		}
	case "attribute":
		if v.Child("attribute").Text() != "environ" {
			return false
		}
	default:
		return false
	}
	keys := 0
	for range n.ChildrenByField("subscript") {
		keys++
	}
	return keys == 1 && n.Child("subscript").Kind() == "string" && !n.HasError()
}

// envLookup makes the site of an environment lookup, or returns nil when
// the subscript cannot raise (see above).
func (x *extraction) envLookup(s *errdex.Site, n syntax.Node) *errdex.Site {
	name, ok := plainString(n.Child("subscript"))
	if !ok || !codetext.EnvIdent(name) || x.ref(compactName(n.Child("value").Text())).target != "os.environ" {
		return nil
	}
	if stored(n) || envChecked(n, name) || catchesKeyError(n) {
		return nil
	}
	s.Kind, s.Exception = errdex.KindEnvLookup, "KeyError"
	s.ExceptionQualified = "builtins.KeyError"
	setMessage(s, lits("'"+name+"'"))
	return s
}

// stored reports whether the subscript n is written rather than read: the
// target of an assignment (alone or in a tuple of targets) or of del.
func stored(n syntax.Node) bool {
	child := n
	for a := n.Parent(); !a.IsNull(); child, a = a, a.Parent() {
		switch a.Kind() {
		case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list":
			continue // (a, os.environ["X"]) = ...
		case "assignment":
			return child.FieldName() == "left"
		case "delete_statement":
			return false // del os.environ["X"] raises KeyError too
		}
		return false
	}
	return false
}

// envChecked reports whether a condition that holds at n makes sure the
// variable name is set (see above).
func envChecked(n syntax.Node, name string) bool {
	for _, g := range guardsOf(n, true) {
		if g.Kind != "except" && testsEnv(g.Condition, name) {
			return true
		}
	}
	child := n
	for a := n.Parent(); !a.IsNull(); child, a = a, a.Parent() {
		switch a.Kind() {
		case "function_definition", "class_definition", "lambda", "decorated_definition":
			return false
		case "conditional_expression":
			// body if condition else alternative: the body's condition
			// is the second named child.
			if a.NamedChild(0).Index() == child.Index() && condTestsEnv(a.NamedChild(1), name) {
				return true
			}
		case "boolean_operator":
			if a.Child("operator").Kind() == "and" && child.FieldName() == "right" && condTestsEnv(a.Child("left"), name) {
				return true
			}
		}
	}
	return false
}

// condTestsEnv reports whether condition c, when it holds, says that the
// variable name is set: it is such a test or a conjunction holding one.
func condTestsEnv(c syntax.Node, name string) bool {
	c = unparen(c)
	if c.Kind() == "boolean_operator" && c.Child("operator").Kind() == "and" {
		return condTestsEnv(c.Child("left"), name) || condTestsEnv(c.Child("right"), name)
	}
	return testsEnv(oneLine(c.Text()), name)
}

// testsEnv reports whether a condition, as source text, tests that the
// variable name is set: "NAME" in os.environ, os.environ.get("NAME")
// (alone, or compared with something), os.getenv("NAME").
func testsEnv(cond, name string) bool {
	for _, q := range []string{`"`, `'`} {
		lit := q + name + q
		if rest, ok := strings.CutPrefix(cond, lit+" in "); ok && isDottedName(rest) {
			return true // os.environ, or an alias of it (env = os.environ)
		}
		for _, read := range []string{"environ.get(", "getenv("} {
			if i := strings.Index(cond, read+lit); i >= 0 && !strings.HasPrefix(cond, "not ") {
				return true
			}
		}
	}
	return false
}

// isDottedName reports whether s is a name or a dotted chain of names.
func isDottedName(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !codetext.EnvIdent(part) {
			return false
		}
	}
	return true
}

// catchesKeyError reports whether an enclosing try statement of n's
// function has a handler for the KeyError a failed lookup raises, n being
// in its body.
func catchesKeyError(n syntax.Node) bool {
	child := n
	for a := n.Parent(); !a.IsNull(); child, a = a, a.Parent() {
		switch a.Kind() {
		case "function_definition", "class_definition", "lambda", "decorated_definition":
			return false
		case "try_statement":
			if child.FieldName() != "body" {
				continue
			}
			for c := range a.NamedChildren() {
				if c.Kind() != "except_clause" {
					continue
				}
				g := exceptGuard(c)
				if g.Caught == "" {
					return true // a bare except
				}
				for _, t := range strings.Split(g.Caught, ", ") {
					switch t[strings.LastIndexByte(t, '.')+1:] {
					case "KeyError", "LookupError", "Exception", "BaseException":
						return true
					}
				}
			}
		}
	}
	return false
}
