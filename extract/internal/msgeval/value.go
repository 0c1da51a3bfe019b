package msgeval

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Value is what an expression evaluates to as a message: the templates
// it can produce (a variable assigned in two branches has two) and
// whether it is known to be text (a string literal, a formatting call, a
// conversion of one) rather than a value that prints through a hole or
// as a number does. Text decides concatenation: "a" + 1 is text, 1 + 2
// is not. A Value without alternatives is unknown.
type Value struct {
	Alts []errdex.Template
	Text bool
}

// Lit is the text s.
func Lit(s string) Value {
	return Value{Alts: []errdex.Template{errdex.NewTemplate(errdex.Lit(s))}, Text: true}
}

// Empty is the empty text, the start of a message built piece by piece.
func Empty() Value {
	return Value{Alts: []errdex.Template{{}}, Text: true}
}

// Printed is a value that is not text but prints as s: a number, a
// boolean, null.
func Printed(s string) Value {
	v := Lit(s)
	v.Text = false
	return v
}

// Of is the text t, normalised.
func Of(t errdex.Template) Value {
	return Value{Alts: []errdex.Template{t.Normalize()}, Text: true}
}

// Holed is an unknown value shown through the hole p.
func Holed(p errdex.Part) Value {
	return Value{Alts: []errdex.Template{{Parts: []errdex.Part{p}}}}
}

// Var is a hole for the variable name: Hole and Expr are both name.
func Var(name string, typ errdex.HoleType) errdex.Part {
	return errdex.HolePart(name, name, typ)
}

// Known reports whether v is one message without holes, and returns it.
func (v Value) Known() (string, bool) {
	if len(v.Alts) != 1 {
		return "", false
	}
	var b strings.Builder
	for _, p := range v.Alts[0].Parts {
		if p.IsHole() {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// Opaque reports whether no alternative of v says anything literal.
func (v Value) Opaque() bool {
	for _, a := range v.Alts {
		if !a.IsOpaque() {
			return false
		}
	}
	return true
}

// Compact removes the white space from the source text of a name, a
// type or a callee ("std :: string" is "std::string"), for comparing it
// with names.
func Compact(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), "")
}

// Rules are how one language keeps the alternatives of its values and
// shows unknown values as holes. A language declares them once, as an
// immutable package-level value.
type Rules struct {
	// Alternatives bounds and tells apart the alternatives of a value.
	Alternatives template.Alternatives
	// MaxExpr caps the bytes of source text kept in a hole's Expr
	// (template.ClipExpr).
	MaxExpr int
	// HoleName names a hole for its (clipped) source expression:
	// template.HoleNameOf, template.RustHoleName.
	HoleName func(expr string) string
}

// ExprRules are the rules of languages whose messages grow in loops (msg
// += "...") and whose holes of one name may stand for different
// expressions (Java, JavaScript): 8 messages of an expression, each cut
// at 4096 bytes of literal text, told apart by their holes' expressions
// (template.ExprKey); 200 bytes of source in a hole's Expr, named by
// template.HoleNameOf.
func ExprRules() Rules {
	return Rules{
		Alternatives: template.Alternatives{Max: 8, MaxText: 4096, Key: template.ExprKey},
		MaxExpr:      200,
		HoleName:     template.HoleNameOf,
	}
}

// PrintRules are the rules of languages whose messages come from format
// strings and literals (C, C++, Rust): 8 messages of an expression, told
// apart by how they print (Template.String); 160 bytes of source in a
// hole's Expr, named by holeName.
func PrintRules(holeName func(expr string) string) Rules {
	return Rules{
		Alternatives: template.Alternatives{Max: 8, Key: errdex.Template.String},
		MaxExpr:      160,
		HoleName:     holeName,
	}
}

// Expr is the source text src made fit for a hole's Expr: white space
// collapsed, valid UTF-8, at most MaxExpr bytes (template.ClipExpr).
func (r Rules) Expr(src string) string {
	return template.ClipExpr(src, r.MaxExpr)
}

// Hole is a hole for the expression src, named by HoleName.
func (r Rules) Hole(src string, typ errdex.HoleType) errdex.Part {
	e := r.Expr(src)
	return errdex.HolePart(r.HoleName(e), e, typ)
}

// Unknown is a value shown through a hole for the expression src.
func (r Rules) Unknown(src string, typ errdex.HoleType) Value {
	return Holed(r.Hole(src, typ))
}

// Concat is a followed by b: every alternative of a with every one of b
// (template.Alternatives.Product); a side without alternatives adds
// nothing. The result is text when either side is.
func (r Rules) Concat(a, b Value) Value {
	out := Value{Text: a.Text || b.Text}
	switch {
	case len(a.Alts) == 0:
		out.Alts = b.Alts
	case len(b.Alts) == 0:
		out.Alts = a.Alts
	default:
		out.Alts = r.Alternatives.Product(a.Alts, b.Alts)
	}
	return out
}

// Add is l + r in a language where + concatenates text: their
// concatenation when either side is text, false for a sum of numbers.
func (r Rules) Add(l, rv Value) (Value, bool) {
	if !l.Text && !rv.Text {
		return Value{}, false
	}
	return r.Concat(l, rv), true
}

// Union is any of the values: their alternatives in order, each once
// (template.Alternatives.Union). The result is text when all are.
func (r Rules) Union(vs ...Value) Value {
	out := Value{Text: true}
	lists := make([][]errdex.Template, len(vs))
	for i, v := range vs {
		out.Text = out.Text && v.Text
		lists[i] = v.Alts
	}
	out.Alts = r.Alternatives.Union(lists...)
	return out
}

// Either evaluates several expressions of which any may give the result
// (the returns of a function, the assignments of a field) and joins
// their values: the first as it is, the others by Union. No expressions
// give the unknown Value.
func (r Rules) Either(ns []syntax.Node, eval func(syntax.Node) Value) Value {
	var v Value
	for i, n := range ns {
		if w := eval(n); i == 0 {
			v = w
		} else {
			v = r.Union(v, w)
		}
	}
	return v
}

// Named gives each alternative of v that is a single hole the name of
// the variable that holds it (Expr and Hole both become name): "{msg}"
// says more than "{computeMessage}". A hole whose Expr keep accepts (nil
// accepts none) keeps its expression. Alternatives that become equal are
// kept once.
func (r Rules) Named(v Value, name string, keep func(expr string) bool) Value {
	out := v
	out.Alts = make([]errdex.Template, len(v.Alts))
	for i, a := range v.Alts {
		if len(a.Parts) == 1 && a.Parts[0].IsHole() && (keep == nil || !keep(a.Parts[0].Expr)) {
			p := a.Parts[0]
			p.Hole, p.Expr = name, name
			a = errdex.Template{Parts: []errdex.Part{p}}
		}
		out.Alts[i] = a
	}
	return r.Union(out, Value{Text: out.Text})
}
