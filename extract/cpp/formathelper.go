package cpp

import (
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// A format helper is a function that passes a format parameter to a
// call of a rule that formats (printf, cpython) with values of its own:
// CPython's type_error(const char *msg, PyObject *obj) {
// PyErr_Format(PyExc_TypeError, msg, Py_TYPE(obj)->tp_name); }, called
// as type_error("object of type '%.200s' has no len()", o). The rule's
// call is no site of its own (its format is no text), but each call of
// the helper that passes a format that is text is one: the format parsed
// with the helper's values after it ("object of type '{tp_name}' has no
// len()"), of the rule's kind and exception. When the rule's exception
// is a parameter too (ceval.c's format_exc_check_arg(tstate, exc,
// format_str, obj) raising _PyErr_Format(tstate, exc, format_str,
// obj_str)), each call names it: format_exc_check_arg(tstate,
// PyExc_NameError, NAME_ERROR_MSG, name) raises NameError. Calls are
// read in the helper's file only: a format parsed with values the call
// does not pass is no fact of the call for Link.

// formatHelper is what a format helper's site needs to make its calls'
// sites.
type formatHelper struct {
	dialect template.PrintfDialect
	// values are the source texts of the arguments after the format in
	// the helper's own call.
	values []string
	// excParam is the index of the parameter that holds the exception, or
	// -1 when the rule names it.
	excParam int
}

// formatHelperSite adds, for a call n of rule r whose format margs[0] is
// no text, the site of a format helper when the format is a parameter of
// the enclosing function named as a message or a format (see
// isMessageName; err(ctx, argv) passes no format): its message is that
// parameter, which makes the function a helper (findHelpers). It reports
// whether it added one.
func (x *file) formatHelperSite(n syntax.Node, r *ruleCall, d template.PrintfDialect) bool {
	def := msgeval.Enclosing(n, "function_definition")
	if def.IsNull() {
		return false
	}
	names := parameterNames(def)
	param := identOf(r.margs[0])
	i := slices.Index(names, param)
	if param == "" || i < 0 || !isMessageName(param) || !isTextType(paramNode(def, i)) {
		return false
	}
	fh := formatHelper{dialect: d, excParam: -1}
	if r.variable {
		fh.excParam = slices.Index(names, identOf(r.excArg))
		if fh.excParam < 0 {
			return false // an exception passed on from elsewhere
		}
	}
	for _, a := range r.margs[1:] {
		fh.values = append(fh.values, rules.Expr(a.Text()))
	}
	exc := r.exc
	if r.variable {
		exc = ""
	}
	s := x.add(r.kind, exc, n, rules.Unknown(param, errdex.HoleStr))
	x.formatHelpers[s] = fh
	return true
}

// ruleCall is what formatHelperSite needs of a rule's call: its kind,
// its exception (as named, or the argument that holds it when variable),
// and its message arguments, the format first.
type ruleCall struct {
	kind     errdex.SiteKind
	exc      string
	excArg   syntax.Node
	variable bool
	margs    []syntax.Node
}

// identOf is the identifier an expression is, under parentheses and
// casts, or "".
func identOf(n syntax.Node) string {
	if n = uncast(n); n.Kind() == "identifier" {
		return n.Text()
	}
	return ""
}

// formatHelperMessage is the message of a call of format helper h with
// arguments args: the format the call passes, parsed with the helper's
// values; ok is false when the format is no text.
func (x *file) formatHelperMessage(h helper, args []syntax.Node) (msgeval.Value, bool) {
	f, ok := x.formatText(args[h.param], 0)
	if !ok {
		return msgeval.Value{}, false
	}
	res := template.Printf{Dialect: h.format.dialect}.Parse(f, h.format.values)
	return msgeval.Of(res.Template), true
}

// formatHelperException is the exception a call of format helper h
// raises: the rule's, or the one the call passes for the helper's
// exception parameter; ok is false when the call passes none that is
// known (a PyExc_ name or a capitalised one, as the rule's own call
// needs).
func formatHelperException(h helper, args []syntax.Node) (string, bool) {
	if h.format.excParam < 0 {
		return h.site.Exception, true
	}
	if h.format.excParam >= len(args) {
		return "", false
	}
	a := args[h.format.excParam]
	exc := exceptionName(a)
	known := strings.Contains(a.Text(), "PyExc_") || exc != "" && exc[0] >= 'A' && exc[0] <= 'Z'
	return exc, known
}
