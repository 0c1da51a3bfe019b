package javascript

import (
	"unicode"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// maxCalls bounds the calls one file records.
const maxCalls = 8192

// NamedCalls returns the file's calls whose callee a name says, named as
// sites name functions: a function (parse(s)), a method of the calling
// code's class (this.next(): "Parser.next"), or a static method of a
// class named by its identifier (Parser.create(s)). A method called on
// any other value is left out: its class is for type checking to tell.
func (f *Facts) NamedCalls() []extract.NamedCall { return f.calls.Calls() }

// recordCall records call n, made in scope sc, in the file's facts when
// its callee is a name.
func (x *fileCtx) recordCall(n syntax.Node, sc *scope) {
	if x.facts.calls.Full() || n.HasError() {
		return
	}
	var callee string
	switch fn := unwrap(n.Child("function")); fn.Kind() {
	case "identifier":
		callee = fn.Text()
	case "member_expression":
		obj, prop := unwrap(fn.Child("object")), fn.Child("property")
		if prop.Kind() != "property_identifier" {
			return
		}
		switch {
		case obj.Kind() == "this":
			c := x.enclosingClass(n)
			if c == nil || c.name == "" {
				return
			}
			callee = c.name + "." + prop.Text()
		case obj.Kind() == "identifier" && unicode.IsUpper(rune(obj.Text()[0])):
			callee = obj.Text() + "." + prop.Text()
		default:
			return
		}
	default:
		return
	}
	caller := sc.function()
	if caller == "<module>" || caller == "" {
		return
	}
	x.facts.calls.Add(extract.NamedCall{Callee: callee, Caller: caller, Line: n.Line()})
}
