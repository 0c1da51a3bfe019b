package cpp

import (
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// CallSite is a call whose callee the file names: a function (f(x),
// ns::f(x), Class::f(x)) or a method of the calling code's own class
// (m(x), this->m(x)). A method called on any other object is left out:
// its class is for type checking to tell. The repository's analyses list
// a function's callers from the CallSites of its files (see Calls).
type CallSite struct {
	// Callee is the name as written, qualified or not: "check_size",
	// "mylib::convert".
	Callee string
	// Caller is the calling function as a backtrace names it (see
	// function); Line the call's line.
	Caller string
	Line   int
}

// Calls is implemented by the Facts of a C or C++ file: its CallSites,
// one per calling function and callee, at the first such call.
type Calls interface{ CallSites() []CallSite }

// CallSites returns the file's calls whose callee a name says.
func (f *facts) CallSites() []CallSite { return f.callSites }

// maxCallSites bounds the calls one file records.
const maxCallSites = 8192

// recordCallSite records call n in the file's facts when its callee is a
// name, once per caller and callee.
func (x *file) recordCallSite(n syntax.Node) {
	if len(x.facts.callSites) >= maxCallSites || n.HasError() {
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
	k := [2]string{caller, callee}
	if x.callsSeen[k] {
		return
	}
	if x.callsSeen == nil {
		x.callsSeen = map[[2]string]bool{}
	}
	x.callsSeen[k] = true
	x.facts.callSites = append(x.facts.callSites, CallSite{Callee: callee, Caller: caller, Line: n.Line()})
}
