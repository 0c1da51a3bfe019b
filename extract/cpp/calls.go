package cpp

import (
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// NamedCalls returns the file's calls whose callee a name says: a
// function (f(x), ns::f(x), Class::f(x)) or a method of the calling code's
// own class (m(x), this->m(x)). A method called on any other object is
// left out: its class is for type checking to tell.
func (f *facts) NamedCalls() []extract.NamedCall { return f.callSites }

// maxCallSites bounds the calls one file records.
const maxCallSites = 8192

// recordCallSite records call n in the file's facts when its callee is a
// name, once per caller and callee.
func (x *file) recordCallSite(n syntax.Node) {
	if x.calls.Full() || n.HasError() {
		return
	}
	fn := n.Child("function")
	var callee string
	switch fn.Kind() {
	case "identifier", "qualified_identifier", "template_function":
		callee = stripTemplate(msgeval.Compact(fn.Text()))
	case "field_expression":
		if fn.Child("argument").Kind() != "this" {
			return
		}
		callee = fn.Child("field").Text()
	default:
		return
	}
	if callee == "" || isMacroName([]byte(callee)) {
		return
	}
	caller := x.function(n)
	if caller == "<global>" {
		return
	}
	x.calls.Add(extract.NamedCall{Callee: callee, Caller: caller, Line: n.Line()})
}
