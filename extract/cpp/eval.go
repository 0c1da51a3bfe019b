package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Bounds on the work spent on one file's messages.
const (
	maxDepth = 12
	maxSteps = 200_000
)

// stdStringSuffixes are the literal suffixes of <string> and
// <string_view>: "text"s, "text"sv.
var stdStringSuffixes = map[string]bool{"s": true, "sv": true}

// rules keep the messages of C and C++ expressions (msgeval.PrintRules).
var rules = msgeval.PrintRules(template.HoleNameOf)

// concatAll concatenates the values of several expressions.
func (x *file) concatAll(args []syntax.Node, depth int) msgeval.Value {
	v := msgeval.Of(errdex.Template{})
	for _, a := range args {
		v = rules.Concat(v, x.eval(a, depth+1))
	}
	v.Text = true
	return v
}

// eval evaluates an expression node.
func (x *file) eval(n syntax.Node, depth int) msgeval.Value {
	if n.IsNull() || !x.budget.Step(depth) {
		return rules.Unknown(n.Text(), errdex.HoleAny)
	}
	switch n.Kind() {
	case "string_literal", "raw_string_literal", "concatenated_string":
		if t, ok := x.stringTemplate(n); ok {
			return msgeval.Of(t)
		}
	case "char_literal":
		if s, ok := charValue(n.Text()); ok {
			return msgeval.Lit(s)
		}
	case "user_defined_literal":
		// "text"s and "text"sv are std::string and std::string_view.
		if lit := n.NamedChild(0); lit.Is("string_literal", "raw_string_literal", "concatenated_string") && stdStringSuffixes[strings.TrimPrefix(n.Text(), lit.Text())] {
			return x.eval(lit, depth+1)
		}
	case "number_literal":
		if t := n.Text(); isInteger(t) {
			return msgeval.Lit(strings.TrimRight(t, "uUlL"))
		}
	case "identifier":
		if v, ok := x.resolve(n.Text(), n, depth); ok {
			return v
		}
	case "parenthesized_expression":
		return x.eval(n.NamedChild(0), depth+1)
	case "cast_expression":
		return x.eval(n.Child("value"), depth+1)
	case "call_expression":
		if v, ok := x.evalCall(n, depth); ok {
			return v
		}
	case "binary_expression":
		if n.Child("operator").Text() == "+" {
			if v, ok := rules.Add(x.eval(n.Child("left"), depth+1), x.eval(n.Child("right"), depth+1)); ok {
				return v
			}
		}
	case "pointer_expression":
		// &_Py_STR(list_err): the address of a static str object.
		if arg := n.Child("argument"); n.Child("operator").Text() == "&" && arg.Kind() == "call_expression" {
			if v, ok := x.evalCall(arg, depth+1); ok && v.Text {
				return v
			}
		}
	case "conditional_expression":
		return rules.Union(x.eval(n.Child("consequence"), depth+1), x.eval(n.Child("alternative"), depth+1))
	case "initializer_list", "argument_list":
		if args := arguments(n); len(args) == 1 {
			return x.eval(args[0], depth+1)
		}
	}
	return rules.Unknown(n.Text(), errdex.HoleAny)
}

// isInteger reports whether a number literal is a decimal integer, which
// prints as written (without its suffix).
func isInteger(t string) bool {
	t = strings.TrimRight(t, "uUlL")
	if t == "" || t == "0" {
		return t == "0"
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return t[0] != '0'
}

// Functions whose result prints as their argument (conversions, gettext
// markers), that concatenate their arguments, and that format.
var (
	passThrough = map[string]bool{
		"std::string": true, "string": true, "std::string_view": true, "string_view": true, "absl::string_view": true,
		"std::wstring": true, "QString": true, "QStringLiteral": true, "QLatin1String": true, "_": true, "N_": true,
		"gettext": true, "__N": true, "tr": true, "TEXT": true, "_T": true, "wxT": true, "std::move": true, "PyUnicode_FromString": true,
		"PyUnicode_InternFromString": true, "PyBytes_FromString": true,
	}
	concatFuncs = map[string]bool{
		"c10::str": true, "absl::StrCat": true, "StrCat": true, "strings::StrCat": true, "torch::str": true,
		"at::str": true,
	}
	braceFuncs = map[string]bool{"fmt::format": true, "std::format": true, "folly::sformat": true}
	// exceptionCalls call their first argument with the arguments after
	// it (up to a NULL): CPython's way to make an exception instance whose
	// message is its one argument, PyObject_CallOneArg(exc, msg).
	exceptionCalls = map[string]bool{"PyObject_CallOneArg": true, "PyObject_CallFunctionObjArgs": true}
	printfFuncs    = map[string]template.PrintfDialect{
		"fmt::sprintf": template.PrintfC, "absl::StrFormat": template.PrintfC, "StringPrintf": template.PrintfC,
		"base::StringPrintf": template.PrintfC, "strprintf": template.PrintfC, "string_format": template.PrintfC,
		"tfm::format": template.PrintfC, "folly::stringPrintf": template.PrintfC, "g_strdup_printf": template.PrintfC,
		"strings::Printf": template.PrintfC, "PyUnicode_FromFormat": template.PrintfCPython,
	}
)

// evalCall evaluates the calls that build text.
func (x *file) evalCall(n syntax.Node, depth int) (msgeval.Value, bool) {
	fn := n.Child("function")
	args := arguments(n.Child("arguments"))
	callee := msgeval.Compact(fn.Text())
	if fn.Kind() == "template_function" {
		callee = msgeval.Compact(fn.Child("name").Text())
	}
	if v, ok := x.pyStr(callee, args); ok {
		return v, true
	}
	switch {
	case passThrough[callee] && len(args) == 1:
		v := x.eval(args[0], depth+1)
		if callee != "std::move" {
			v.Text = true // a conversion to text: std::string(ErrorMsg::X) + c
		}
		return v, true
	case (callee == "std::to_string" || callee == "to_string") && len(args) == 1:
		return rules.Unknown(args[0].Text(), errdex.HoleInt), true
	case concatFuncs[callee] || lastSegment(callee) == "concat":
		return x.concatAll(args, depth), true
	case braceFuncs[callee]:
		if v, ok := x.braceFormat(args, n, depth); ok {
			return v, true
		}
	case printfFuncs[callee] != 0:
		if v, ok := x.printf(printfFuncs[callee], args, n, depth); ok {
			return v, true
		}
	case exceptionCalls[callee] && (len(args) == 2 || len(args) == 3 && args[2].Text() == "NULL"):
		// An exception instance made from one message prints as it:
		// PyObject_CallOneArg(state->error, buffer), then
		// PyErr_SetObject(state->error, err).
		if v := x.eval(args[1], depth+1); v.Text && !v.Opaque() {
			return v, true
		}
	case fn.Kind() == "field_expression" && len(args) == 0:
		recv := fn.Child("argument")
		switch fn.Child("field").Text() {
		case "c_str", "data", "str", "toStdString", "string":
			v := x.eval(recv, depth+1)
			return v, v.Text
		case "what":
			return rules.Unknown(recv.Text(), errdex.HoleError), true
		}
	}
	return x.formattingCall(args, n, depth)
}

// formattingCall evaluates a call of a function the file does not know
// as a printf when its first string literal argument is a printf format
// that the arguments after it fill exactly, one for each conversion: Lua's
// lua_pushfstring(L, "%s expected, got %s", tname, typearg) makes the
// message luaL_typeerror reports.
func (x *file) formattingCall(args []syntax.Node, at syntax.Node, depth int) (msgeval.Value, bool) {
	for i, a := range args {
		if !a.Is("string_literal", "concatenated_string") {
			continue
		}
		f, ok := x.formatText(a, depth)
		if !ok || !strings.Contains(f, "%") || i == len(args)-1 {
			return msgeval.Value{}, false
		}
		exprs := make([]string, len(args)-i-1)
		for k, r := range args[i+1:] {
			exprs[k] = rules.Expr(r.Text())
		}
		unknown := func(int) (errdex.Template, bool) { return errdex.Template{}, false }
		if res := (template.Printf{Dialect: template.PrintfC, Value: unknown}).Parse(f, exprs); len(res.Problems) > 0 {
			return msgeval.Value{}, false
		}
		return x.printf(template.PrintfC, args[i:], at, depth)
	}
	return msgeval.Value{}, false
}

// arguments returns the expressions of an argument or initializer list,
// comments left out.
func arguments(list syntax.Node) []syntax.Node {
	var out []syntax.Node
	for c := range list.NamedChildren() {
		if c.Kind() != "comment" {
			out = append(out, c)
		}
	}
	return out
}

// formatText evaluates a format-string argument: it must be text without
// holes and with one alternative.
func (x *file) formatText(n syntax.Node, depth int) (string, bool) {
	v := x.eval(n, depth+1)
	if !v.Text || len(v.Alts) != 1 || len(v.Alts[0].Holes()) > 0 {
		return "", false
	}
	return v.Alts[0].String(), true
}

// formatArgs splits the arguments of a formatting call into the format,
// which must be text (formatText), and the arguments after it.
func (x *file) formatArgs(args []syntax.Node, depth int) (string, []syntax.Node, bool) {
	if len(args) == 0 {
		return "", nil, false
	}
	f, ok := x.formatText(args[0], depth)
	return f, args[1:], ok
}

// printf evaluates a printf-style call: args[0] is the format.
// A format chosen by a condition (value == NULL ? "property %R of %R
// object has no deleter" : "property %R of %R object has no setter"), or
// a variable assigned one, is each alternative's format with the same
// arguments.
func (x *file) printf(d template.PrintfDialect, args []syntax.Node, at syntax.Node, depth int) (msgeval.Value, bool) {
	if len(args) == 0 {
		return msgeval.Value{}, false
	}
	formats, ok := x.formatAlternatives(args[0], depth)
	if !ok {
		return msgeval.Value{}, false
	}
	rest := args[1:]
	exprs := make([]string, len(rest))
	for i, a := range rest {
		exprs[i] = rules.Expr(a.Text())
	}
	var out msgeval.Value
	for i, f := range formats {
		v := x.vary(rest, at, depth, func(value func(int) (errdex.Template, bool)) (errdex.Template, []string) {
			res := template.Printf{Dialect: d, Value: value}.Parse(f, exprs)
			return res.Template, res.Problems
		})
		if i == 0 {
			out = v
		} else {
			out = rules.Union(out, v)
		}
	}
	return out, true
}

// formatAlternatives is the text of a format argument: one string, or
// the alternatives of a condition or a variable when each is text
// without holes.
func (x *file) formatAlternatives(arg syntax.Node, depth int) ([]string, bool) {
	if f, ok := x.formatText(arg, depth); ok {
		return []string{f}, true
	}
	v := x.eval(arg, depth+1)
	if !v.Text || len(v.Alts) < 2 {
		return nil, false
	}
	formats := make([]string, len(v.Alts))
	for i, t := range v.Alts {
		f, ok := msgeval.Of(t).Known()
		if !ok {
			return nil, false
		}
		formats[i] = f
	}
	return formats, true
}

// braceFormat evaluates a std::format-style call: args[0] is the format.
func (x *file) braceFormat(args []syntax.Node, at syntax.Node, depth int) (msgeval.Value, bool) {
	f, rest, ok := x.formatArgs(args, depth)
	if !ok {
		return msgeval.Value{}, false
	}
	bargs := make([]template.BraceArg, len(rest))
	for i, a := range rest {
		bargs[i] = template.BraceArg{Expr: rules.Expr(a.Text())}
		// fmt::arg("name", value)
		if c := a.Child("function"); a.Kind() == "call_expression" && strings.HasSuffix(msgeval.Compact(c.Text()), "arg") {
			if fa := arguments(a.Child("arguments")); len(fa) == 2 {
				if name, ok := decodeString(fa[0].Text()); ok {
					bargs[i] = template.BraceArg{Name: name, Expr: rules.Expr(fa[1].Text())}
				}
			}
		}
	}
	return x.vary(rest, at, depth, func(value func(int) (errdex.Template, bool)) (errdex.Template, []string) {
		res := template.BraceFormat{Dialect: template.BraceFmt, Value: value}.Parse(f, bargs)
		return res.Template, res.Problems
	}), true
}

// vary parses a format with the arguments' values inlined where they are
// text, one argument's alternatives varying at a time (msgeval.Vary), and
// notes the format's problems.
func (x *file) vary(args []syntax.Node, at syntax.Node, depth int, parse func(func(int) (errdex.Template, bool)) (errdex.Template, []string)) msgeval.Value {
	v, problems := rules.Vary(len(args), func(i int) msgeval.Value { return x.eval(args[i], depth+1) }, parse)
	for _, p := range problems {
		x.notes.Addf("line %d: format string: %s", at.Line(), p)
	}
	return v
}
