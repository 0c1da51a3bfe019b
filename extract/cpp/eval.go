package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// value is what an expression evaluates to as a message: its possible
// templates and whether it is known to be text (a literal, a formatting
// call, a conversion of one) rather than a value shown through a hole. A
// value with no alternatives is unknown (a variable declared without a
// value).
type value struct {
	alts []errdex.Template
	text bool
}

// Bounds on the work spent on one file's messages.
const (
	maxAlts  = 8
	maxDepth = 12
	maxSteps = 200_000
	maxExpr  = 160
)

func textValue(t errdex.Template) value {
	return value{alts: []errdex.Template{t.Normalize()}, text: true}
}

func litValue(s string) value { return textValue(errdex.NewTemplate(errdex.Lit(s))) }

// holeValue is an unknown value shown through a hole named for expr.
func holeValue(expr string, typ errdex.HoleType) value {
	expr = clipExpr(expr)
	return value{alts: []errdex.Template{errdex.NewTemplate(errdex.HolePart(template.HoleNameOf(expr), expr, typ))}}
}

// clipExpr shortens an expression kept in a hole, collapsing white space.
func clipExpr(e string) string {
	if len(e) > maxExpr {
		cut := maxExpr
		for cut > 0 && e[cut]&0xC0 == 0x80 {
			cut--
		}
		e = e[:cut] + "…"
	}
	if strings.ContainsAny(e, "\n\t\r") {
		e = strings.Join(strings.Fields(e), " ")
	}
	return strings.ToValidUTF8(e, "\uFFFD")
}

// alternatives keeps maxAlts alternatives of a value, told apart by how
// they print.
var alternatives = template.Alternatives{Max: maxAlts, Key: errdex.Template.String}

// union merges the alternatives of several values; the result is text
// when all are.
func union(vs ...value) value {
	out := value{text: true}
	lists := make([][]errdex.Template, len(vs))
	for i, v := range vs {
		out.text = out.text && v.text
		lists[i] = v.alts
	}
	out.alts = alternatives.Union(lists...)
	return out
}

// concat appends b to each alternative of a (a cross product, capped).
func concat(a, b value) value {
	return value{alts: alternatives.Product(a.alts, b.alts), text: a.text || b.text}
}

// concatAll concatenates the values of several expressions.
func (x *file) concatAll(args []syntax.Node, depth int) value {
	v := textValue(errdex.Template{})
	for _, a := range args {
		v = concat(v, x.eval(a, depth+1))
	}
	v.text = true
	return v
}

func (x *file) step() bool {
	x.steps++
	return x.steps <= maxSteps
}

// eval evaluates an expression node.
func (x *file) eval(n syntax.Node, depth int) value {
	if n.IsNull() {
		return holeValue("", errdex.HoleAny)
	}
	if depth > maxDepth || !x.step() {
		return holeValue(n.Text(), errdex.HoleAny)
	}
	switch n.Kind() {
	case "string_literal", "raw_string_literal", "concatenated_string":
		if t, ok := x.stringTemplate(n); ok {
			return textValue(t)
		}
	case "char_literal":
		if s, ok := charValue(n.Text()); ok {
			return litValue(s)
		}
	case "number_literal":
		if t := n.Text(); isInteger(t) {
			return litValue(strings.TrimRight(t, "uUlL"))
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
			l, r := x.eval(n.Child("left"), depth+1), x.eval(n.Child("right"), depth+1)
			if l.text || r.text {
				return concat(l, r)
			}
		}
	case "conditional_expression":
		return union(x.eval(n.Child("consequence"), depth+1), x.eval(n.Child("alternative"), depth+1))
	case "initializer_list", "argument_list":
		if args := arguments(n); len(args) == 1 {
			return x.eval(args[0], depth+1)
		}
	}
	return holeValue(n.Text(), errdex.HoleAny)
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
	braceFuncs  = map[string]bool{"fmt::format": true, "std::format": true, "folly::sformat": true}
	printfFuncs = map[string]template.PrintfDialect{
		"fmt::sprintf": template.PrintfC, "absl::StrFormat": template.PrintfC, "StringPrintf": template.PrintfC,
		"base::StringPrintf": template.PrintfC, "strprintf": template.PrintfC, "string_format": template.PrintfC,
		"tfm::format": template.PrintfC, "folly::stringPrintf": template.PrintfC, "g_strdup_printf": template.PrintfC,
		"strings::Printf": template.PrintfC, "PyUnicode_FromFormat": template.PrintfCPython,
	}
)

// evalCall evaluates the calls that build text.
func (x *file) evalCall(n syntax.Node, depth int) (value, bool) {
	fn := n.Child("function")
	args := arguments(n.Child("arguments"))
	callee := noSpace(fn.Text())
	if fn.Kind() == "template_function" {
		callee = noSpace(fn.Child("name").Text())
	}
	switch {
	case passThrough[callee] && len(args) == 1:
		return x.eval(args[0], depth+1), true
	case (callee == "std::to_string" || callee == "to_string") && len(args) == 1:
		return holeValue(args[0].Text(), errdex.HoleInt), true
	case concatFuncs[callee]:
		return x.concatAll(args, depth), true
	case braceFuncs[callee]:
		if v, ok := x.braceFormat(args, n, depth); ok {
			return v, true
		}
	case printfFuncs[callee] != 0:
		if v, ok := x.printf(printfFuncs[callee], args, n, depth); ok {
			return v, true
		}
	case fn.Kind() == "field_expression" && len(args) == 0:
		recv := fn.Child("argument")
		switch fn.Child("field").Text() {
		case "c_str", "data", "str", "toStdString", "string":
			v := x.eval(recv, depth+1)
			return v, v.text
		case "what":
			return holeValue(recv.Text(), errdex.HoleError), true
		}
	}
	return value{}, false
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
	if !v.text || len(v.alts) != 1 || len(v.alts[0].Holes()) > 0 {
		return "", false
	}
	return v.alts[0].String(), true
}

// printf evaluates a printf-style call: args[0] is the format.
func (x *file) printf(d template.PrintfDialect, args []syntax.Node, at syntax.Node, depth int) (value, bool) {
	if len(args) == 0 {
		return value{}, false
	}
	f, ok := x.formatText(args[0], depth)
	if !ok {
		return value{}, false
	}
	rest := args[1:]
	exprs := make([]string, len(rest))
	for i, a := range rest {
		exprs[i] = clipExpr(a.Text())
	}
	vals := x.lazyValues(rest, depth)
	return x.vary(rest, vals, func(value func(int) (errdex.Template, bool)) (errdex.Template, []string) {
		res := template.Printf{Dialect: d, Value: value}.Parse(f, exprs)
		return res.Template, res.Problems
	}, at), true
}

// braceFormat evaluates a std::format-style call: args[0] is the format.
func (x *file) braceFormat(args []syntax.Node, at syntax.Node, depth int) (value, bool) {
	if len(args) == 0 {
		return value{}, false
	}
	f, ok := x.formatText(args[0], depth)
	if !ok {
		return value{}, false
	}
	rest := args[1:]
	bargs := make([]template.BraceArg, len(rest))
	for i, a := range rest {
		bargs[i] = template.BraceArg{Expr: clipExpr(a.Text())}
		// fmt::arg("name", value)
		if c := a.Child("function"); a.Kind() == "call_expression" && strings.HasSuffix(noSpace(c.Text()), "arg") {
			if fa := arguments(a.Child("arguments")); len(fa) == 2 {
				if name, ok := decodeString(fa[0].Text()); ok {
					bargs[i] = template.BraceArg{Name: name, Expr: clipExpr(fa[1].Text())}
				}
			}
		}
	}
	vals := x.lazyValues(rest, depth)
	return x.vary(rest, vals, func(value func(int) (errdex.Template, bool)) (errdex.Template, []string) {
		res := template.BraceFormat{Dialect: template.BraceFmt, Value: value}.Parse(f, bargs)
		return res.Template, res.Problems
	}, at), true
}

// lazyValues evaluates arguments on first use.
func (x *file) lazyValues(args []syntax.Node, depth int) func(i int) value {
	vals := make([]*value, len(args))
	return func(i int) value {
		if vals[i] == nil {
			v := x.eval(args[i], depth+1)
			vals[i] = &v
		}
		return *vals[i]
	}
}

// vary parses a format with the arguments' values inlined where they are
// text, and gives the message's alternatives, one argument varying at a
// time.
func (x *file) vary(args []syntax.Node, get func(int) value, parse func(func(int) (errdex.Template, bool)) (errdex.Template, []string), at syntax.Node) value {
	used := make([]bool, len(args))
	with := func(vary, alt int) func(int) (errdex.Template, bool) {
		return func(i int) (errdex.Template, bool) {
			if i < 0 || i >= len(args) {
				return errdex.Template{}, false
			}
			used[i] = true
			v := get(i)
			if !v.text || len(v.alts) == 0 {
				return errdex.Template{}, false
			}
			if i == vary {
				return v.alts[alt], true
			}
			return v.alts[0], true
		}
	}
	first, problems := parse(with(-1, 0))
	for _, p := range problems {
		x.problem("line %d: format string: %s", at.Line(), p)
	}
	out := value{alts: []errdex.Template{first}, text: true}
	for i := range args {
		if !used[i] {
			continue
		}
		v := get(i)
		for j := 1; v.text && j < len(v.alts) && len(out.alts) < maxAlts; j++ {
			t, _ := parse(with(i, j))
			out.alts = append(out.alts, t)
		}
	}
	return union(out)
}
