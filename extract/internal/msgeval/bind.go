package msgeval

import "github.com/errdex/errdex/syntax"

// Grammar names the node kinds of a block-structured language (Java,
// JavaScript) that decide which assignments of a local name reach a use.
type Grammar struct {
	// Blocks are the nodes an assignment holds to the end of: blocks,
	// switch cases, functions, the program.
	Blocks []string
	// Bodies are the statements whose single-statement body (if, else,
	// loops, labels) is a block of its own.
	Bodies []string
	// Sequences are the blocks whose statements run in order, so that a
	// return or throw at their end keeps an assignment inside from
	// reaching code after them.
	Sequences []string
	// Comments are the comment nodes, which are not statements.
	Comments []string
	// Nested are the nodes inside a function whose return statements
	// are not the function's: nested functions, lambdas, classes.
	Nested []string
}

// Operand returns the first named child of n that is not a comment (the
// expression of a throw or return statement), or null.
func (g *Grammar) Operand(n syntax.Node) syntax.Node {
	for c := range n.NamedChildren() {
		if !c.Is(g.Comments...) {
			return c
		}
	}
	return syntax.Node{}
}

// Returns lists the values the return statements of a function's body
// return, in source order, at most max of them: not those of the
// function's Nested functions and classes, and none of a return
// without a value.
func (g *Grammar) Returns(body syntax.Node, max int) []syntax.Node {
	var out []syntax.Node
	end := body.SkipSubtree()
	for i := body.Index() + 1; i < end && len(out) < max; i++ {
		n := body.Tree().At(i)
		switch {
		case n.Is(g.Nested...):
			i = n.SkipSubtree() - 1
		case n.Kind() == "return_statement":
			if e := g.Operand(n); !e.IsNull() {
				out = append(out, e)
			}
		}
	}
	return out
}

// BlockOf returns the innermost block holding n: a node of Blocks, or
// the single statement that is the body of a node of Bodies.
func (g *Grammar) BlockOf(n syntax.Node) syntax.Node {
	c := n
	for p := n.Parent(); !p.IsNull(); c, p = p, p.Parent() {
		switch {
		case p.Is(g.Blocks...):
			return p
		case p.Is(g.Bodies...):
			return c
		}
	}
	return c
}

// Terminates reports whether a block ends with return or throw. break
// and continue do not count: the code after a loop or switch still
// follows.
func (g *Grammar) Terminates(block syntax.Node) bool {
	return block.Is(g.Sequences...) && g.Last(block).Is("return_statement", "throw_statement")
}

// Last returns the last statement of a block, comments aside (null when
// it has none).
func (g *Grammar) Last(block syntax.Node) syntax.Node {
	var last syntax.Node
	for c := range block.NamedChildren() {
		if !c.Is(g.Comments...) {
			last = c
		}
	}
	return last
}

// BindKind is how a binding sets its name.
type BindKind uint8

// The kinds of binding.
const (
	BindSet    BindKind = iota // x = value, T x = value, let x = value
	BindAdd                    // x += value
	BindDecl                   // T x; let x; (no value yet)
	BindOpaque                 // a value not followed: destructuring, loop variables, x++
	BindCaught                 // catch (x): the caught exception
	BindFunc                   // function x() {}, class x {}: hoisted to the start of its scope
)

// Binding is one place a scope binds a local name. S is the language's
// scope type.
type Binding[S any] struct {
	// At is the tree index of the binding node; source order is index
	// order.
	At    int
	Kind  BindKind
	Value syntax.Node
	// Type is the declared type, where the language declares one.
	Type  string
	Scope S
	// Block is the innermost block holding the binding (Grammar.BlockOf);
	// Terminates says it ends with return or throw, so the binding does
	// not reach code after it.
	Block      syntax.Node
	Terminates bool
}

// Bind returns the binding of a name at node in scope sc, with its block
// found by g.
func Bind[S any](g *Grammar, sc S, kind BindKind, typ string, node, value syntax.Node) Binding[S] {
	b := g.BlockOf(node)
	return Binding[S]{At: node.Index(), Kind: kind, Value: value, Type: typ, Scope: sc, Block: b, Terminates: g.Terminates(b)}
}

// Scope is what Reaching needs of a language's scope type S (a pointer
// to a function or module scope): the scope it is nested in (the zero S
// at the top), the parameter that binds a name, and the bindings of a
// name in source order.
type Scope[S any] interface {
	comparable
	Enclosing() S
	Param(name string) (typ string, ok bool)
	Bindings(name string) []Binding[S]
}

// Reach is what reaches a use of a local name: the scope that binds it,
// the bindings whose values it may hold there (in source order), and
// whether it may still hold the parameter's value (Param, with the
// parameter's declared type).
type Reach[S any] struct {
	Scope     S
	Bindings  []Binding[S]
	Param     bool
	ParamType string
	Found     bool
}

// Reaching finds the bindings of id's name that reach id: one in a block
// that encloses the use replaces those before it, one in another block
// adds to them, and one in a block that ends with return or throw does
// not reach code after the block; a hoisted function declaration holds
// everywhere in its scope. The innermost scope that binds the name
// decides, and enclosing scopes are searched for closures. A name bound
// only after the use (in a loop) is searched further out.
func Reaching[S Scope[S]](id syntax.Node, sc S) Reach[S] {
	name, use := id.Text(), id.Index()
	var top S
	for s := sc; s != top; s = s.Enclosing() {
		ptype, param := s.Param(name)
		bs := s.Bindings(name)
		if len(bs) == 0 && !param {
			continue
		}
		r := Reach[S]{Scope: s, Param: param, ParamType: ptype, Found: true}
		for _, b := range bs {
			if b.Kind == BindFunc && b.At >= use {
				r.Bindings, r.Param, r.ParamType = append(r.Bindings[:0:0], b), false, ""
				break
			}
			if b.At >= use {
				break
			}
			encloses := b.Block.Contains(id)
			if !encloses && b.Terminates {
				continue
			}
			switch b.Kind {
			case BindDecl:
				continue // nothing set yet
			case BindAdd:
				r.Bindings = append(r.Bindings, b)
				continue
			}
			if encloses {
				r.Bindings, r.Param, r.ParamType = r.Bindings[:0:0], false, ""
			}
			r.Bindings = append(r.Bindings, b)
		}
		if len(r.Bindings) == 0 && !r.Param && len(bs) > 0 && bs[0].At >= use {
			continue
		}
		return r
	}
	return Reach[S]{}
}
