package msgeval

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Thrown is what a throw statement (a reject, an assert) of a language
// whose exceptions are objects throws: the site's kind, the exception as
// written, and its messages. Ctor and Args are set for a construction
// (new C(args)) whose message Link may replace with the one class C
// builds; Args are evaluated in Scope. S is the language's scope type.
type Thrown[S any] struct {
	Kind      errdex.SiteKind
	Exception string
	Msg       []errdex.Template
	Ctor      string
	Args      []syntax.Node
	Scope     S
}

// Site returns the site of node at that throws t, in the function named
// function of the file at path: t's messages picked (template.Pick),
// the exception and function made valid UTF-8.
func (t Thrown[S]) Site(language, path, function string, at syntax.Node) *errdex.Site {
	s := &errdex.Site{
		Language:  language,
		Kind:      t.Kind,
		Exception: strings.ToValidUTF8(t.Exception, "\uFFFD"),
		Function:  strings.ToValidUTF8(function, "\uFFFD"),
		Location:  errdex.Location{Span: at.Span()},
	}
	s.Location.Path = path
	s.Template, s.Alternatives = template.Pick(t.Msg)
	return s
}

// Construction returns what Link needs of the construction t makes at
// site s (its arguments as arg records them, in t's scope), or nil when t
// constructs nothing Link can follow.
func (t Thrown[S]) Construction(s *errdex.Site, arg func(a syntax.Node, sc S) Arg) *Construction {
	if t.Ctor == "" {
		return nil
	}
	c := &Construction{Site: s, Class: t.Ctor}
	for _, a := range t.Args {
		c.Args = append(c.Args, arg(a, t.Scope))
	}
	return c
}

// Throws follows thrown values through the variables and factory
// functions of one file. The language evaluates a thrown expression
// (Value) and tells what a caught exception and a followed assignment
// are.
type Throws[S Scope[S]] struct {
	Rules Rules
	// Value describes what the thrown expression e is, in scope sc.
	Value func(e syntax.Node, sc S, depth int) Thrown[S]
	// Caught is the exception a catch parameter of the declared type
	// holds ("" when it is not known); nil gives "".
	Caught func(typ string) string
	// Constructs reports whether a value assigned to a thrown variable
	// is followed: a construction of an exception.
	Constructs func(value syntax.Node) bool
	// SameException makes several constructions assigned to a variable
	// one site only when they construct the same exception; otherwise
	// the first construction's exception is kept.
	SameException bool
}

// Variable follows `throw e` to what e holds where it is thrown: the
// exception of the enclosing catch clause (a reraise), or the
// exceptions constructed and assigned to e (each binding that reaches
// the throw must be one), with their messages joined and no single
// construction left for Link.
func (th *Throws[S]) Variable(id syntax.Node, sc S, depth int) (Thrown[S], bool) {
	r := Reaching(id, sc)
	if !r.Found || r.Param || len(r.Bindings) == 0 {
		return Thrown[S]{}, false
	}
	if b := r.Bindings[0]; len(r.Bindings) == 1 && b.Kind == BindCaught {
		out := Thrown[S]{Kind: errdex.KindReraise, Msg: []errdex.Template{{Parts: []errdex.Part{Var(id.Text(), errdex.HoleError)}}}, Scope: sc}
		if th.Caught != nil {
			out.Exception = th.Caught(b.Type)
		}
		return out, true
	}
	var out Thrown[S]
	for i, b := range r.Bindings {
		if b.Kind != BindSet || !th.Constructs(b.Value) {
			return Thrown[S]{}, false
		}
		t := th.Value(b.Value, b.Scope, depth+1)
		switch {
		case t.Kind != errdex.KindThrow || t.Exception == "":
			return Thrown[S]{}, false
		case i == 0:
			out = t
			continue
		case th.SameException && t.Exception != out.Exception:
			return Thrown[S]{}, false
		}
		out.Msg = th.Rules.Union(Value{Alts: out.Msg}, Value{Alts: t.Msg}).Alts
		out.Ctor, out.Args = "", nil // several constructions: no single one to link
	}
	return out, true
}

// Factory describes the exception a factory function of the file
// returns (return new NotFound(`no ${id}`)): the first of its returns,
// rets, evaluated in its scope fs, that constructs a named exception,
// with the function's parameters filled by the call's arguments (bind
// gives their messages). The arguments belong to the factory, not to the
// class: no construction is left for Link.
func (th *Throws[S]) Factory(rets []syntax.Node, fs S, depth int, bind func() map[string][]errdex.Template) (Thrown[S], bool) {
	for _, r := range rets {
		t := th.Value(r, fs, depth+1)
		if t.Kind != errdex.KindThrow || t.Exception == "" {
			continue
		}
		t.Msg = th.Rules.Alternatives.Substitute(t.Msg, bind())
		t.Ctor, t.Args = "", nil
		return t, true
	}
	return Thrown[S]{}, false
}

// File is the evaluation state of one file of a language whose
// exceptions are objects (Java, JavaScript), for the language's file
// context to embed: the regions its pass skipped, its budget, and the
// resolvers of its variables and thrown values, which the language sets
// up with its own evaluation.
type File[S Scope[S]] struct {
	Regions  Regions
	Budget   Budget
	Resolver Resolver[S]
	Throws   Throws[S]
}

// Problems returns the notes of the file: the regions, described by
// lines, and the budget (Regions.Problems).
func (f *File[S]) Problems(lines func([]int) string) []string {
	return f.Regions.Problems(lines, &f.Budget)
}
