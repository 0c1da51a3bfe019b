package rust

import (
	"strings"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// maxCalls bounds the calls one file records.
const maxCalls = 8192

// NamedCalls returns the file's calls whose callee a path says: a
// function (parse(s), util::parse(s), Config::new(s), Self::check(x)) or
// a method called on self (self.next()), qualified by the impl's type. A
// method called on any other value is left out: its type is for type
// checking to tell.
func (f *facts) NamedCalls() []extract.NamedCall { return f.calls.Calls() }

// recordCall records call n in the file's facts when its callee is a
// path, once per caller and callee.
func (x *file) recordCall(n syntax.Node) {
	if x.facts.calls.Full() || n.HasError() || x.expansion != nil {
		return
	}
	fn := n.Child("function")
	if fn.Kind() == "generic_function" {
		fn = fn.Child("function")
	}
	var callee string
	switch fn.Kind() {
	case "identifier", "scoped_identifier":
		callee = msgeval.Compact(fn.Text())
		for _, p := range [...]string{"crate::", "self::", "super::"} {
			callee = strings.TrimPrefix(callee, p)
		}
		if rest, ok := strings.CutPrefix(callee, "Self::"); ok {
			callee = implType(n) + "::" + rest
		}
	case "field_expression":
		if fn.Child("value").Kind() != "self" {
			return
		}
		callee = implType(n) + "::" + fn.Child("field").Text()
	default:
		return
	}
	if callee == "" || strings.HasPrefix(callee, "::") {
		return
	}
	caller := x.function(n)
	if caller == "<crate>" {
		return
	}
	x.facts.calls.Add(extract.NamedCall{Callee: callee, Caller: caller, Line: n.Line()})
}

// implType is the type of the impl block around n, "" outside one.
func implType(n syntax.Node) string {
	for a := range n.Ancestors() {
		if a.Kind() == "impl_item" {
			return typeName(a.Child("type"))
		}
	}
	return ""
}
