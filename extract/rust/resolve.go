package rust

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// resolve evaluates the variable name as seen at node at: the let in
// scope there, with the assignments that follow it, or a constant of the
// file. It reports false when the variable is not found or its value is
// not text (a hole named for the variable then serves better).
func (x *file) resolve(name string, at syntax.Node, depth int) (msgeval.Value, bool) {
	let := x.letInScope(name, at)
	if let.IsNull() {
		if c, ok := x.consts[name]; ok && !c.Contains(at) {
			v := x.eval(c, depth+1)
			return v, v.Text
		}
		return msgeval.Value{}, false
	}
	if x.shadowed(name, at, let.Parent()) {
		return msgeval.Value{}, false
	}
	v := msgeval.Value{Text: true}
	init := let.Child("value")
	if init.Is("integer_literal", "float_literal") && mutable(let) {
		return msgeval.Value{}, false // a counter: its value is the run's
	}
	if !init.IsNull() {
		v = x.eval(init, depth+1)
	}
	return rules.Fold(v, let, at, x.assigns[name], func(a syntax.Node) (msgeval.Value, bool) { return x.assignedValue(a, depth) }, enclosingBlock)
}

// assignedValue evaluates an assignment to a variable, reporting whether
// it appends (+=, push_str) rather than replaces.
func (x *file) assignedValue(a syntax.Node, depth int) (msgeval.Value, bool) {
	switch a.Kind() {
	case "assignment_expression":
		return x.eval(a.Child("right"), depth+1), false
	case "compound_assignment_expr":
		return x.eval(a.Child("right"), depth+1), true
	case "call_expression": // s.push_str(..), s.push(..)
		return x.eval(a.Child("arguments").NamedChild(0), depth+1), true
	}
	return rules.Unknown(a.Text(), errdex.HoleAny), false
}

// letInScope returns the innermost let of name whose scope holds at and
// which ends before it.
func (x *file) letInScope(name string, at syntax.Node) syntax.Node {
	var best syntax.Node
	for _, l := range x.lets[name] {
		if l.EndByte() <= at.StartByte() && l.Parent().Contains(at) && (best.IsNull() || l.StartByte() > best.StartByte()) {
			best = l
		}
	}
	return best
}

// shadowed reports whether a binding between scope and at hides the let:
// a closure parameter, a match arm, a for loop or an if/while let pattern
// binding the same name, or a nested function.
func (x *file) shadowed(name string, at, scope syntax.Node) bool {
	for a := range at.Ancestors() {
		if a == scope {
			return false
		}
		var pat syntax.Node
		switch a.Kind() {
		case "function_item":
			return true
		case "closure_expression":
			pat = a.Child("parameters")
		case "match_arm":
			pat = a.Child("pattern")
		case "for_expression":
			pat = a.Child("pattern")
		case "let_condition":
			pat = a.Child("pattern")
		}
		if !pat.IsNull() && binds(pat, name) {
			return true
		}
	}
	return false
}

// binds reports whether a pattern mentions the identifier name.
func binds(pat syntax.Node, name string) bool {
	if pat.Kind() == "identifier" && pat.Text() == name {
		return true
	}
	for d := range pat.Descendants() {
		if d.Kind() == "identifier" && d.Text() == name {
			return true
		}
	}
	return false
}

// enclosingBlock is the nearest block around n.
func enclosingBlock(n syntax.Node) syntax.Node {
	return msgeval.Enclosing(n, "block", "source_file", "declaration_list")
}

// mutable reports whether a let declares its variable mut.
func mutable(let syntax.Node) bool {
	for c := range let.NamedChildren() {
		if c.Kind() == "mutable_specifier" {
			return true
		}
	}
	return false
}
