package msgeval

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// Resolver evaluates local variables where they are used, from the
// bindings that reach the use (Reaching), for one file of a
// block-structured language. S is the language's scope type. The zero
// Resolver is not usable: Rules and Eval are required.
type Resolver[S Scope[S]] struct {
	Rules Rules
	// Eval evaluates an expression in a scope.
	Eval func(n syntax.Node, sc S, depth int) Value
	// HoleType is the type of a hole for a value of a declared type (a
	// parameter's, a binding's); nil gives HoleAny.
	HoleType func(declared string) errdex.HoleType
	// KeepsExpr reports whether a hole keeps its expression when a
	// variable holds it (see Rules.Named); nil keeps none.
	KeepsExpr func(expr string) bool

	// memo holds the values of resolved uses by (name, use).
	memo map[use][]errdex.Template
}

type use struct {
	name string
	at   int
}

// Resolve evaluates the variable id where id uses it: the parameter it
// may still be (a hole named for it), and the bindings that reach it,
// any of them (a branch gives an alternative; += appends to the value
// before it, and to both alternatives when it is itself in a branch or
// loop). It reports false for names no scope binds (fields, globals,
// imports). Results are memoised by use.
func (r *Resolver[S]) Resolve(id syntax.Node, sc S, depth int) (Value, bool) {
	name := id.Text()
	k := use{name, id.Index()}
	if ts, ok := r.memo[k]; ok {
		return Value{Alts: ts, Text: isText(ts)}, true
	}
	reach := Reaching(id, sc)
	if !reach.Found {
		return Value{}, false
	}
	hole := func(typ errdex.HoleType) Value { return Holed(Var(name, typ)) }
	var v Value
	have := false
	if reach.Param {
		v, have = hole(r.holeType(reach.ParamType)), true
	}
	for _, b := range reach.Bindings {
		var w Value
		switch b.Kind {
		case BindSet:
			w = r.Eval(b.Value, b.Scope, depth+1)
		case BindAdd:
			base := v
			if !have {
				base = hole(errdex.HoleAny)
			}
			grown := r.Rules.Concat(base, r.Eval(b.Value, b.Scope, depth+1))
			if have && !b.Block.Contains(id) {
				grown = r.Rules.Union(v, grown) // msg += "..." in a branch or loop: with and without
			}
			v, have = grown, true
			continue
		case BindCaught:
			w = hole(errdex.HoleError)
		default:
			w = hole(r.holeType(b.Type))
		}
		if !have {
			v, have = w, true
		} else {
			v = r.Rules.Union(v, w)
		}
	}
	if !have {
		v = hole(errdex.HoleAny)
	}
	v = r.Rules.Named(v, name, r.KeepsExpr)
	if r.memo == nil {
		r.memo = map[use][]errdex.Template{}
	}
	r.memo[k] = v.Alts
	return v, true
}

func (r *Resolver[S]) holeType(declared string) errdex.HoleType {
	if r.HoleType == nil {
		return errdex.HoleAny
	}
	return r.HoleType(declared)
}

// isText reports whether every alternative has literal text, the mark of
// a text value among memoised results.
func isText(ts []errdex.Template) bool {
	for _, t := range ts {
		if t.IsOpaque() {
			return false
		}
	}
	return len(ts) > 0
}

// Fold evaluates a variable of a language whose bindings are found by
// position (C, C++, Rust) at the use at: v is the value its declaration
// decl gives it, and assigns are the assignments of its name in source
// order, of which those between decl and at in decl's scope apply.
// assigned evaluates one, reporting whether it appends to the value
// (+=, push_str, strcat) rather than replaces it (appending to nothing
// known gives what is appended); block returns the
// innermost block of a node. An assignment in a block that holds the use
// replaces the value, one in another block (a branch) adds an
// alternative. Fold reports false when nothing is known or the value is
// not text.
func (r Rules) Fold(v Value, decl, at syntax.Node, assigns []syntax.Node, assigned func(syntax.Node) (Value, bool), block func(syntax.Node) syntax.Node) (Value, bool) {
	scope := decl.Parent()
	for _, a := range assigns {
		if a.StartByte() < decl.EndByte() || a.EndByte() > at.StartByte() || !scope.Contains(a) || a.Contains(at) {
			continue
		}
		next, appends := assigned(a)
		if appends && len(v.Alts) > 0 {
			next = r.Concat(v, next)
		}
		if block(a).Contains(at) {
			v = next // on the path to the use: replaces
		} else {
			v = r.Union(v, next) // in another branch: one more possibility
		}
	}
	if len(v.Alts) == 0 {
		return Value{}, false
	}
	return v, v.Text
}

// Enclosing returns the nearest ancestor of n of one of the kinds, or
// null.
func Enclosing(n syntax.Node, kinds ...string) syntax.Node {
	for a := range n.Ancestors() {
		if a.Is(kinds...) {
			return a
		}
	}
	return syntax.Node{}
}
