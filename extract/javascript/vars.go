package javascript

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// grammar names the JavaScript and TypeScript nodes that decide which
// assignments of a local name reach a use (msgeval.Reaching).
var grammar = msgeval.Grammar{
	Blocks: append([]string{"statement_block", "switch_case", "switch_default", "program", "class_static_block"},
		functionNodes...),
	Bodies: []string{"if_statement", "else_clause", "for_statement", "for_in_statement", "while_statement", "do_statement",
		"with_statement", "labeled_statement"},
	Sequences: []string{"statement_block", "switch_case", "switch_default"},
	Comments:  []string{"comment"},
	Nested:    append([]string{"class", "class_declaration"}, functionNodes...),
}

// assign is one place a scope binds a local name.
type assign = msgeval.Binding[*scope]

// Enclosing, Param and Bindings make scope a msgeval.Scope.
func (s *scope) Enclosing() *scope { return s.parent }

// Param reports whether a parameter of s binds name, itself or by
// destructuring.
func (s *scope) Param(name string) (string, bool) {
	for i := range s.params {
		if s.params[i].binds(name) {
			return "", true
		}
	}
	return "", false
}

// Bindings returns the bindings of name in s, in source order.
func (s *scope) Bindings(name string) []assign { return s.assigns[name] }

// resolve evaluates a variable where id uses it. It reports false for
// names no scope binds (globals, imports).
func (x *fileCtx) resolve(id syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	if selfAssigned(id) {
		// msg = `strict mode: ${msg}`: the value msg had before, not
		// this assignment again and again.
		if r := msgeval.Reaching(id, sc); r.Found {
			return msgeval.Holed(msgeval.Var(id.Text(), errdex.HoleAny)), true
		}
	}
	v, ok := x.Resolver.Resolve(id, sc, depth)
	if !ok {
		return v, false
	}
	// A number stays a number when the use is evaluated again: "line " +
	// (i + 1) must not become "line 01".
	if text, seen := x.textOf[id.Index()]; seen {
		v.Text = text
	} else {
		x.textOf[id.Index()] = v.Text
	}
	if x.mutable(id, sc) {
		hole := msgeval.Holed(msgeval.Var(id.Text(), errdex.HoleAny))
		if !v.Text {
			return hole, true // a counter: not its first value
		}
		return rules.Union(v, hole), true
	}
	return v, true
}

// selfAssigned reports whether id is read in the right side of an
// assignment to its own name (msg = prefix + msg), which reaches every
// use after it but not those in its own right side.
func selfAssigned(id syntax.Node) bool {
	for a := range id.Ancestors() {
		switch {
		case a.Kind() == "assignment_expression":
			if left := unwrap(a.Child("left")); left.Kind() == "identifier" && left.Text() == id.Text() &&
				a.Child("right").Contains(id) {
				return true
			}
		case a.Is(functionNodes...) || strings.HasSuffix(a.Kind(), "statement"):
			return false
		}
	}
	return false
}

// loops are the statements whose body runs again after it ends.
var loops = []string{"for_statement", "for_in_statement", "while_statement", "do_statement"}

// mutable reports whether the variable id may hold a value that the
// bindings reaching it (msgeval.Reaching) do not show: one a nested
// function assigns, or one its scope assigns after the use when id is
// read from a closure (which may run later) or in a loop that holds both
// (the next iteration sees it).
func (x *fileCtx) mutable(id syntax.Node, sc *scope) bool {
	r := msgeval.Reaching(id, sc)
	if !r.Found {
		return false
	}
	d, name := r.Scope, id.Text()
	if d.captured[name] {
		return true
	}
	for _, b := range d.assigns[name] {
		n := x.tree.At(b.At)
		if b.At < id.Index() || !isWrite(n) {
			continue // Reaching has it
		}
		if sc != d {
			return true
		}
		for a := range id.Ancestors() {
			if a.Index() == d.node.Index() {
				break
			}
			if a.Is(loops...) && a.Contains(n) {
				return true
			}
		}
	}
	return false
}

// binds reports whether the parameter binds name, itself or by
// destructuring.
func (p *param) binds(name string) bool {
	if p.name == name {
		return true
	}
	for _, local := range p.props {
		if local == name {
			return true
		}
	}
	return false
}
