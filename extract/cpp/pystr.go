package cpp

import (
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// CPython's static strings: _Py_STR(list_err) is the str object that
// _Py_DECLARE_STR(list_err, "list index out of range") declares (at file
// scope or in the function, before the use), and _Py_ID(name) the
// interned identifier "name"; listobject.c raises
// PyErr_SetObject(PyExc_IndexError, &_Py_STR(list_err)).

// recordDeclaredStr records the text of a _Py_DECLARE_STR call.
func (x *file) recordDeclaredStr(n syntax.Node) {
	if msgeval.Compact(n.Child("function").Text()) != "_Py_DECLARE_STR" {
		return
	}
	args := arguments(n.Child("arguments"))
	if len(args) != 2 || args[0].Kind() != "identifier" || !args[1].Is("string_literal", "concatenated_string") {
		return
	}
	if v := x.eval(args[1], 0); v.Text {
		if s, ok := v.Known(); ok {
			x.pyStrs[args[0].Text()] = s
		}
	}
}

// pyStr evaluates _Py_STR(name) and _Py_ID(name), the static strings of
// CPython; ok is false for any other call, or a _Py_STR the file does
// not declare.
func (x *file) pyStr(callee string, args []syntax.Node) (msgeval.Value, bool) {
	if len(args) != 1 || args[0].Kind() != "identifier" {
		return msgeval.Value{}, false
	}
	switch callee {
	case "_Py_STR":
		if s, ok := x.pyStrs[args[0].Text()]; ok {
			return msgeval.Lit(s), true
		}
	case "_Py_ID":
		return msgeval.Lit(args[0].Text()), true
	}
	return msgeval.Value{}, false
}
