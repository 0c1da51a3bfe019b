package javascript

import (
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
	return x.Resolver.Resolve(id, sc, depth)
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
