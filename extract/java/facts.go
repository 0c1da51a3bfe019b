package java

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// Facts is what the Java extractor records about one file (the Facts of
// its extract.FileResult): what Link needs to resolve class names across
// files. Site pointers refer to sites of the same FileResult.
type Facts struct {
	Path    string
	Package string
	// Imports maps simple names to the types they import; Wildcards are
	// the packages (and types) imported on demand; Statics maps
	// statically imported members to their type.
	Imports   map[string]string
	Wildcards []string
	Statics   map[string]string
	// Classes are the file's named types that extend another type or
	// declare constants.
	Classes []*Class
	// Throws are the sites of new C(args), whose message Link replaces
	// with the one C builds when C is a class of the repository.
	Throws []*Throw
	// Unqualified are sites whose exception the file alone cannot
	// qualify (a type of the same package, a name imported on demand).
	Unqualified []*errdex.Site
}

// Class is a type of the file: its constructors and what they pass to
// their superclass, its getMessage() override, its constants. Templates
// name parameters (and fields, in GetMessage) in holes whose Expr is the
// name; "super.getMessage()" stands for the superclass's message.
type Class struct {
	Name   string // the simple name
	Binary string // the binary name: com.acme.Outer$Inner
	Super  string // the superclass as written, or ""
	Ctors  []Ctor
	// GetMessage holds the messages getMessage() returns, or nil.
	GetMessage []errdex.Template
	// Consts are the texts of the final fields with a known string value.
	Consts map[string]string
}

// Ctor is a constructor: its parameters, its explicit this(...) or
// super(...) call ("" for the implicit super()), and the fields it sets
// from parameters.
type Ctor struct {
	Params []Param
	Call   string
	Args   []Arg
	Fields map[string]string
}

// Param is a formal parameter.
type Param struct {
	Name    string
	Type    string
	Varargs bool
}

// Arg is a call argument as Link sees it.
type Arg = msgeval.Arg

// Throw is a site that constructs a class: new Class(Args).
type Throw = msgeval.Construction

// typeFacts records the facts of the file's named types.
func (x *fileCtx) typeFacts() {
	x.facts.Package = x.pkg
	x.facts.Imports, x.facts.Wildcards, x.facts.Statics = x.imports, x.wildcards, x.statics
	for _, t := range x.types {
		if t.name == "" {
			continue
		}
		c := &Class{Name: t.name, Binary: t.binary}
		if !t.super.IsNull() && t.node.Kind() != "class_body" {
			c.Super = typeName(t.super)
		}
		for name, f := range t.fields {
			if !f.final || f.value.IsNull() || len(c.Consts) >= maxConsts {
				continue
			}
			if s, ok := x.eval(f.value, f.decl, 1).Known(); ok && f.typ == "String" {
				if c.Consts == nil {
					c.Consts = map[string]string{}
				}
				c.Consts[name] = s
			}
		}
		if c.Super != "" {
			for _, ct := range t.ctors {
				c.Ctors = append(c.Ctors, x.ctorFact(ct))
			}
			if g := t.getMessage; g != nil {
				c.GetMessage = rules.Either(returns(g.node), func(r syntax.Node) msgeval.Value { return x.eval(r, g, 1) }).Alts
			}
		}
		if c.Super != "" || c.Consts != nil {
			x.facts.Classes = append(x.facts.Classes, c)
		}
	}
}

// maxConsts caps the constants recorded for one type.
const maxConsts = 2000

func (x *fileCtx) ctorFact(ct *ctorInfo) Ctor {
	c := Ctor{Fields: ct.fieldParams}
	for _, p := range ct.sc.params {
		c.Params = append(c.Params, Param{Name: p.name, Type: p.typ, Varargs: p.varargs})
	}
	if call := ct.call; !call.IsNull() {
		c.Call = strings.TrimSpace(call.Child("constructor").Text())
		for _, a := range args(call) {
			c.Args = append(c.Args, x.arg(a, ct.sc))
		}
	}
	return c
}
