package java

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// grammar names the Java nodes that decide which assignments of a local
// name reach a use (msgeval.Reaching).
var grammar = msgeval.Grammar{
	Blocks: []string{"block", "constructor_body", "switch_block_statement_group", "switch_rule", "program",
		"lambda_expression", "method_declaration", "constructor_declaration", "class_body"},
	Bodies:    []string{"if_statement", "for_statement", "enhanced_for_statement", "while_statement", "do_statement", "labeled_statement"},
	Sequences: []string{"block", "constructor_body", "switch_block_statement_group"},
	Comments:  []string{"line_comment", "block_comment"},
	Nested:    []string{"lambda_expression", "class_body"},
}

// assign is one place a scope binds a local name.
type assign = msgeval.Binding[*scope]

// Enclosing, Param and Bindings make scope a msgeval.Scope.
func (s *scope) Enclosing() *scope { return s.parent }

// Param returns the declared type of the last parameter named name.
func (s *scope) Param(name string) (string, bool) {
	for i := len(s.params) - 1; i >= 0; i-- {
		if s.params[i].name == name {
			return s.params[i].typ, true
		}
	}
	return "", false
}

// Bindings returns the bindings of name in s, in source order.
func (s *scope) Bindings(name string) []assign { return s.assigns[name] }

// declaredType returns the declared type of a local name, parameter or
// field where id uses it, or "".
func (x *fileCtx) declaredType(id syntax.Node, sc *scope) string {
	name := id.Text()
	for s := sc; s != nil; s = s.parent {
		for _, p := range s.params {
			if p.name == name {
				return p.typ
			}
		}
		for _, a := range s.assigns[name] {
			if a.Type != "" && a.At < id.Index() {
				return a.Type
			}
		}
	}
	for t := sc.typ; t != nil; t = t.parent {
		if f, ok := t.fields[name]; ok {
			return f.typ
		}
	}
	return ""
}

// resolve evaluates a local variable where id uses it; it reports false
// for names no scope binds (fields, constants).
func (x *fileCtx) resolve(id syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	return x.Resolver.Resolve(id, sc, depth)
}

// typeHole is the hole type of a value of a declared Java type.
func typeHole(t string) errdex.HoleType {
	switch t {
	case "int", "long", "short", "byte", "Integer", "Long", "Short", "Byte", "BigInteger":
		return errdex.HoleInt
	case "double", "float", "Double", "Float", "BigDecimal":
		return errdex.HoleFloat
	case "boolean", "Boolean":
		return errdex.HoleBool
	case "String", "CharSequence":
		return errdex.HoleStr
	}
	return errdex.HoleAny
}

// keepsExpr reports whether a hole keeps its expression when a variable
// holds it: a plain name (a parameter Link may fill) or the superclass's
// message in a getMessage() override.
func keepsExpr(expr string) bool {
	if expr == superMessage {
		return true
	}
	for _, r := range expr {
		if r != '_' && r != '$' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return expr != ""
}
