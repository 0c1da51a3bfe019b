package javascript

import (
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// Limits that keep evaluation linear on hostile input.
const (
	// maxSteps caps the expressions evaluated in one file; past it,
	// expressions become holes.
	maxSteps = 200000
	// maxDepth caps the nesting of evaluation (variables that refer to
	// variables, nested concatenations).
	maxDepth = 64
)

// rules keep the messages of JavaScript expressions (msgeval.ExprRules).
var rules = msgeval.ExprRules()

// hole returns a hole for the expression n.
func (x *fileCtx) hole(n syntax.Node) errdex.Part {
	return rules.Hole(n.Text(), holeType(n))
}

// holeType guesses the type of an expression's value from its shape.
func holeType(n syntax.Node) errdex.HoleType {
	n = unwrap(n)
	switch n.Kind() {
	case "number":
		if strings.ContainsAny(n.Text(), ".eE") && !strings.HasPrefix(n.Text(), "0x") {
			return errdex.HoleFloat
		}
		return errdex.HoleInt
	case "member_expression":
		switch n.Child("property").Text() {
		case "length", "size", "byteLength", "code" + "Point":
			return errdex.HoleInt
		}
	case "call_expression":
		// inspect(v), util.inspect(v), and as Babel and TypeScript
		// compile a call of an import, (0, _inspect.inspect)(v).
		if fn := msgeval.Compact(calleeOf(n).Text()); fn == "JSON.stringify" || fn == "inspect" || strings.HasSuffix(fn, ".inspect") {
			return errdex.HoleRepr
		}
	case "true", "false":
		return errdex.HoleBool
	}
	return errdex.HoleAny
}

// eval evaluates an expression to the messages it can produce.
func (x *fileCtx) eval(n syntax.Node, sc *scope, depth int) msgeval.Value {
	if n.IsNull() {
		return msgeval.Lit("")
	}
	n = unwrap(n)
	if !x.Budget.Step(depth) {
		return msgeval.Holed(x.hole(n))
	}
	switch n.Kind() {
	case "string":
		return msgeval.Lit(decodeString(n))
	case "template_string":
		return x.templateString(n, sc, depth)
	case "number":
		if s, ok := numberText(n.Text()); ok {
			return msgeval.Printed(s)
		}
	case "true", "false", "null", "undefined":
		return msgeval.Printed(n.Kind())
	case "identifier":
		if n.Text() == "undefined" {
			return msgeval.Printed("undefined")
		}
		if v, ok := x.resolve(n, sc, depth); ok {
			return v
		}
	case "binary_expression":
		return x.binary(n, sc, depth)
	case "ternary_expression":
		return rules.Union(x.eval(n.Child("consequence"), sc, depth+1), x.eval(n.Child("alternative"), sc, depth+1))
	case "call_expression":
		if v, ok := x.callValue(n, sc, depth); ok {
			return v
		}
	case "member_expression", "subscript_expression":
		if v, ok := x.memberConst(n, sc, depth); ok {
			return v
		}
		if obj := n.Child("object"); obj.Kind() == "this" {
			if cls := ctorClass(sc); cls != nil {
				if p, ok := cls.fieldParams[n.Child("property").Text()]; ok {
					return msgeval.Holed(msgeval.Var(p, errdex.HoleAny))
				}
			}
		}
	}
	return msgeval.Holed(x.hole(n))
}

// binary evaluates a binary expression: + concatenates when one side is
// known to be a string; || and ?? give either side.
func (x *fileCtx) binary(n syntax.Node, sc *scope, depth int) msgeval.Value {
	switch n.Child("operator").Text() {
	case "+":
		if v, ok := rules.Add(x.eval(n.Child("left"), sc, depth+1), x.eval(n.Child("right"), sc, depth+1)); ok {
			return v
		}
	case "||", "??":
		return rules.Union(x.eval(n.Child("left"), sc, depth+1), x.eval(n.Child("right"), sc, depth+1))
	}
	return msgeval.Holed(x.hole(n))
}

// templateString evaluates `text ${expr} text`.
func (x *fileCtx) templateString(n syntax.Node, sc *scope, depth int) msgeval.Value {
	out := msgeval.Empty()
	var d decoder
	for c := range n.Children() {
		switch c.Kind() {
		case "string_fragment":
			d.fragment(strings.ReplaceAll(c.Text(), "\r\n", "\n"))
		case "escape_sequence":
			d.escape(c.Text())
		case "template_substitution":
			out = rules.Concat(out, msgeval.Lit(d.take()))
			var inner syntax.Node
			for e := range c.NamedChildren() {
				if e.Kind() != "comment" {
					inner = e
				}
			}
			out = rules.Concat(out, x.eval(inner, sc, depth+1))
		}
	}
	return rules.Concat(out, msgeval.Lit(d.take()))
}

// numberText renders a numeric literal as JavaScript prints the number,
// for the decimal forms where that is certain.
func numberText(s string) (string, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if d, ok := strings.CutSuffix(s, "n"); ok { // BigInt
		if !digitsOnly(d) {
			return "", false
		}
		if d = strings.TrimLeft(d, "0"); d == "" {
			d = "0"
		}
		return d, true
	}
	if len(s) > 1 && s[0] == '0' && s[1] != '.' {
		return "", false // 0x, 0o, 0b and legacy octal
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return "", false
	}
	switch {
	case v == float64(int64(v)) && v < 1e15:
		return strconv.FormatInt(int64(v), 10), true
	case v >= 1e-6 && v < 1e15:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	}
	return "", false
}

// digitsOnly reports whether s is a non-empty run of decimal digits.
func digitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// callValue evaluates the calls whose result is known from their
// arguments: util.format, String(x), x.toString(), JSON.stringify (a repr
// hole), [..].join(sep), "..".concat(..).
func (x *fileCtx) callValue(n syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	fn := unwrap(n.Child("function"))
	args := argList(n.Child("arguments"))
	for _, a := range args {
		if a.Kind() == "spread_element" {
			return msgeval.Value{}, false
		}
	}
	switch fn.Kind() {
	case "identifier":
		switch name := fn.Text(); {
		case name == "String" && len(args) == 1:
			v := x.eval(args[0], sc, depth+1)
			v.Text = true
			return v, true
		case x.isUtilFormat(name, ""):
			return x.utilFormat(args, sc, depth), true
		}
		if f := x.localFunction(fn, sc); !f.IsNull() {
			return x.callLocal(f, n, args, sc, depth)
		}
		if v, ok := x.translated(fn.Text(), args, sc, depth); ok {
			return v, true
		}
	case "member_expression":
		obj, prop := unwrap(fn.Child("object")), fn.Child("property").Text()
		if v, ok := x.translated(prop, args, sc, depth); ok {
			return v, true
		}
		switch {
		case obj.Kind() == "identifier" && x.isUtilFormat(obj.Text(), prop):
			return x.utilFormat(args, sc, depth), true
		case prop == "toString" && len(args) == 0:
			v := x.eval(obj, sc, depth+1)
			v.Text = true
			return v, true
		case prop == "concat" && (obj.Is("string", "template_string", "call_expression")):
			// "a".concat(b, "c").concat(d), as TypeScript and Babel
			// compile template literals for old targets.
			v := x.eval(obj, sc, depth+1)
			if !v.Text {
				return msgeval.Value{}, false
			}
			for _, a := range args {
				v = rules.Concat(v, x.eval(a, sc, depth+1))
			}
			return v, true
		case (prop == "trim" || prop == "trimStart" || prop == "trimEnd") && len(args) == 0:
			v := x.eval(obj, sc, depth+1)
			if !v.Text {
				return msgeval.Value{}, false
			}
			for i, t := range v.Alts {
				v.Alts[i] = trim(t, prop != "trimEnd", prop != "trimStart")
			}
			return v, true
		case prop == "join" && obj.Kind() == "array" && len(args) <= 1:
			return x.join(obj, args, sc, depth), true
		case obj.Kind() == "identifier":
			// A static method or a function of an object of the file
			// (peg$SyntaxError.buildMessage(expected, found)).
			if m := x.methodsOnce()[obj.Text()+"."+prop]; m != nil && m != sc {
				return x.callLocal(m.node, n, args, sc, depth)
			}
		}
	}
	return msgeval.Value{}, false
}

// translated evaluates the translate-and-format functions of y18n and
// i18n-node, which yargs and many CLIs route their messages through:
// __(format, ...args) is the format filled as util.format fills it, and
// __n(singular, plural, count, ...args) is either form so filled, the
// count first when the form shows a %d (the messages in the other
// locales are not known).
func (x *fileCtx) translated(name string, args []syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	switch {
	case name == "__" && len(args) > 0:
		return x.utilFormat(args, sc, depth), true
	case name == "__n" && len(args) >= 3:
		form := func(f syntax.Node) msgeval.Value {
			values := []syntax.Node{f}
			if f.Kind() == "string" && strings.Contains(decodeString(f), "%d") {
				values = append(values, args[2])
			}
			return x.utilFormat(append(values, args[3:]...), sc, depth)
		}
		return rules.Union(form(args[0]), form(args[1])), true
	}
	return msgeval.Value{}, false
}

// isUtilFormat reports whether name (or name.prop) is node's util.format.
func (x *fileCtx) isUtilFormat(name, prop string) bool {
	ref, ok := x.imports[name]
	if !ok || strings.TrimPrefix(ref.Module, "node:") != "util" {
		return false
	}
	if prop == "" {
		return ref.Name == "format"
	}
	return prop == "format" && (ref.Name == "*" || ref.Name == "default")
}

// join evaluates [a, b, c].join(sep).
func (x *fileCtx) join(arr syntax.Node, args []syntax.Node, sc *scope, depth int) msgeval.Value {
	sep := msgeval.Lit(",")
	if len(args) == 1 {
		sep = x.eval(args[0], sc, depth+1)
	}
	out := msgeval.Empty()
	i := 0
	for el := range arr.NamedChildren() {
		if el.Kind() == "comment" {
			continue
		}
		if el.Kind() == "spread_element" {
			return msgeval.Holed(x.hole(arr.Parent().Parent()))
		}
		if i > 0 {
			out = rules.Concat(out, sep)
		}
		out = rules.Concat(out, x.eval(el, sc, depth+1))
		i++
	}
	return out
}

// maxReturns caps the return statements of a local function that are
// evaluated as its message.
const maxReturns = 4

// localFunction returns the function node a callee names when the file
// defines it (function f() {}, const f = (a) => ...), or null.
func (x *fileCtx) localFunction(callee syntax.Node, sc *scope) syntax.Node {
	if callee.Kind() != "identifier" {
		return syntax.Node{}
	}
	r := msgeval.Reaching(callee, sc)
	if !r.Found {
		r.Bindings, r.Found = laterBinding(callee.Text(), sc)
	}
	if !r.Found || r.Param || len(r.Bindings) != 1 {
		return syntax.Node{}
	}
	a := r.Bindings[0]
	if a.Kind != msgeval.BindFunc && a.Kind != msgeval.BindSet {
		return syntax.Node{}
	}
	if f := unwrap(a.Value); f.Is("function_declaration", "function_expression", "function", "arrow_function") && x.scopeOf[f.Index()] != nil {
		return f
	}
	return syntax.Node{}
}

// laterBinding finds the bindings of name in the innermost enclosing scope
// of sc (not sc itself) that binds it below the function that reads it
// (const InvalidParameter = function () {...} at the end of the module):
// they hold by the time the function runs.
func laterBinding(name string, sc *scope) ([]assign, bool) {
	for s := sc.parent; s != nil; s = s.parent {
		if _, ok := s.Param(name); ok {
			return nil, false
		}
		if bs := s.assigns[name]; len(bs) > 0 {
			return bs, true
		}
	}
	return nil, false
}

// returns lists the values a function returns: an arrow function's
// expression body, or the return statements of its body (not those of
// nested functions).
func returns(f syntax.Node) []syntax.Node {
	body := f.Child("body")
	if body.Kind() != "statement_block" {
		return []syntax.Node{body}
	}
	return grammar.Returns(body, maxReturns)
}

// callLocal evaluates a call of a function of the file that builds a
// message (const syntaxError = (type, char) => `Missing ${type}: "${char}"`):
// its returned values with the parameters filled by the arguments. A
// function whose returns say nothing literal is not a message builder.
func (x *fileCtx) callLocal(f, call syntax.Node, args []syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	fs := x.scopeOf[f.Index()]
	var vals []msgeval.Value
	for _, r := range returns(f) {
		vals = append(vals, x.eval(r, fs, depth+1))
	}
	v := rules.Union(vals...)
	if len(v.Alts) == 0 || v.Opaque() || !v.Text {
		// A message builder some of whose returns give what a function
		// or a template the caller configured makes (mongoose's
		// formatMessage: return messageFormat(value, path) when
		// messageFormat is a function, messageFormat.replace('{PATH}',
		// path) when a string, else 'Cast to ' + kind + ' failed for
		// value ' + ...): one of its returns writing words makes it one,
		// its other returns alternatives. A single return that does
		// not give text (js-yaml's formatError: `${exception.reason}
		// ${where}`) is no help, nor is a space between values. A formatter of a value
		// (return c, or an escape of it) writes no sentence and is no
		// message builder.
		if len(vals) < 2 || !slices.ContainsFunc(vals, func(w msgeval.Value) bool { return w.Text && !w.Opaque() && hasWords(w) }) {
			return msgeval.Value{}, false
		}
		v.Text = true
	}
	v.Alts = rules.Alternatives.Substitute(v.Alts, x.bindArgs(fs, args, sc, depth))
	v.Alts = calleeHoles(v.Alts, fs, call)
	return v, true
}

// calleeHoles gives the holes a called function's result keeps for its
// own variables (getTokenDesc's value in `${kind} "${value}"`) the
// call's expression, so that they are not taken for the caller's
// variables of the same name when the caller's parameters are filled.
func calleeHoles(ts []errdex.Template, fs *scope, call syntax.Node) []errdex.Template {
	out := make([]errdex.Template, len(ts))
	for i, t := range ts {
		parts := slices.Clone(t.Parts)
		for j, p := range parts {
			if _, param := fs.Param(p.Expr); p.IsHole() && (param || len(fs.assigns[p.Expr]) > 0) {
				parts[j].Expr = rules.Expr(call.Text())
			}
		}
		out[i] = errdex.Template{Parts: parts}
	}
	return out
}

// bindArgs returns the messages a call's arguments give the parameters of
// the called function fs: by name, from defaults, and by property for a
// destructured parameter given an object literal.
func (x *fileCtx) bindArgs(fs *scope, args []syntax.Node, sc *scope, depth int) map[string][]errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range fs.params {
		var a syntax.Node
		if i < len(args) && args[i].Kind() != "spread_element" {
			a = unwrap(args[i])
		}
		switch {
		case p.rest, i < len(args) && a.IsNull():
			return values // the positions after a spread are not known
		case p.props != nil:
			if a.Kind() != "object" {
				continue
			}
			for prop := range a.NamedChildren() {
				switch prop.Kind() {
				case "pair":
					if local, ok := p.props[propertyName(prop.Child("key"))]; ok {
						values[local] = x.eval(prop.Child("value"), sc, depth+1).Alts
					}
				case "shorthand_property_identifier":
					if local, ok := p.props[prop.Text()]; ok {
						values[local] = x.eval(prop, sc, depth+1).Alts
					}
				}
			}
		case p.name == "":
		case !a.IsNull() && !isUndefined(a):
			values[p.name] = x.eval(a, sc, depth+1).Alts
		case !p.def.IsNull():
			// No argument, or undefined: the default.
			values[p.name] = x.eval(p.def, fs, depth+1).Alts
		}
	}
	return values
}

// exportedValue evaluates what the module's top level assigns to
// exports.NAME, as compiled TypeScript reads its own constants
// (exports.LIMIT_MESSAGE = 'Invalid expression, loop limit exceeded';
// throw new Error(exports.LIMIT_MESSAGE)); the void 0 it first declares
// them with is no value.
func (x *fileCtx) exportedValue(name string, depth int) (msgeval.Value, bool) {
	var v msgeval.Value
	found := false
	for _, e := range x.exported {
		if e.name != name || isUndefined(unwrap(e.value)) || unwrap(e.value).Kind() == "assignment_expression" {
			continue
		}
		w := x.eval(e.value, x.module, depth+1)
		if found {
			w = rules.Union(v, w)
		}
		v, found = w, true
	}
	return v, found
}

// isUndefined reports whether an argument is undefined (undefined, void
// 0), which a function receives as if it were not passed.
func isUndefined(a syntax.Node) bool {
	return a.Kind() == "undefined" || a.Kind() == "identifier" && a.Text() == "undefined" || a.Kind() == "unary_expression" && a.Child("operator").Text() == "void"
}

// memberConst evaluates a property of an object literal the file binds
// to a name (const ERRORS = {INVALID: "..."}; ERRORS.INVALID), also
// nested (ERRORS.read.EOF) and wrapped in Object.freeze, or of the object
// a function of the file returns (const metadata = makeParsedError(er,
// txt); metadata.message).
func (x *fileCtx) memberConst(n syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	prop := propertyKey(n)
	if prop == "" {
		return msgeval.Value{}, false
	}
	objExpr := unwrap(n.Child("object"))
	if o := msgeval.Compact(objExpr.Text()); o == "exports" || o == "module.exports" {
		return x.exportedValue(prop, depth)
	}
	obj, osc := x.objectLiteral(objExpr, sc, depth)
	if obj.IsNull() {
		if call, csc := x.callOf(objExpr, sc); !call.IsNull() {
			return x.returnedProp(call, csc, prop, depth+1)
		}
		return msgeval.Value{}, false
	}
	for p := range obj.NamedChildren() {
		if p.Kind() == "pair" && propertyName(p.Child("key")) == prop {
			return x.eval(p.Child("value"), osc, depth+1), true
		}
	}
	return msgeval.Value{}, false
}

// callOf returns the call an expression is (f(a)) or that the only
// assignment reaching a variable is (const m = f(a)), with the scope
// the call is in, or null.
func (x *fileCtx) callOf(e syntax.Node, sc *scope) (syntax.Node, *scope) {
	switch e.Kind() {
	case "call_expression":
		return e, sc
	case "identifier":
		r := msgeval.Reaching(e, sc)
		if r.Found && !r.Param && len(r.Bindings) == 1 && r.Bindings[0].Kind == msgeval.BindSet {
			if v := unwrap(r.Bindings[0].Value); v.Kind() == "call_expression" {
				return v, r.Bindings[0].Scope
			}
		}
	}
	return syntax.Node{}, nil
}

// returnedProp evaluates the property prop of what a call of a function
// of the file returns: an object literal (return {message: `${msg} while
// parsing ${text}`, position}) or the call of another such function, any
// of its returns, with the function's parameters filled by the call's
// arguments.
func (x *fileCtx) returnedProp(call syntax.Node, sc *scope, prop string, depth int) (msgeval.Value, bool) {
	f := x.localFunction(unwrap(call.Child("function")), sc)
	if f.IsNull() || depth > maxDepth || !x.Budget.Step(depth) {
		return msgeval.Value{}, false
	}
	fs := x.scopeOf[f.Index()]
	var vals []msgeval.Value
	for _, r := range returns(f) {
		switch r = unwrap(r); r.Kind() {
		case "object":
			for p := range r.NamedChildren() {
				switch {
				case p.Kind() == "pair" && propertyName(p.Child("key")) == prop:
					vals = append(vals, x.eval(p.Child("value"), fs, depth+1))
				case p.Kind() == "shorthand_property_identifier" && p.Text() == prop:
					vals = append(vals, x.eval(p, fs, depth+1))
				}
			}
		case "call_expression":
			if v, ok := x.returnedProp(r, fs, prop, depth+1); ok {
				vals = append(vals, v)
			}
		}
	}
	if len(vals) == 0 {
		return msgeval.Value{}, false
	}
	v := rules.Union(vals...)
	v.Alts = rules.Alternatives.Substitute(v.Alts, x.bindArgs(fs, argList(call.Child("arguments")), sc, depth))
	return v, true
}

// propertyKey is the property a member or subscript expression reads
// ("x" for o.x and o["x"]), or "".
func propertyKey(n syntax.Node) string {
	if n.Kind() == "member_expression" {
		return n.Child("property").Text()
	}
	if idx := unwrap(n.Child("index")); idx.Kind() == "string" {
		return decodeString(idx)
	}
	return ""
}

// objectLiteral returns the object literal an expression names, with the
// scope to evaluate its values in.
func (x *fileCtx) objectLiteral(e syntax.Node, sc *scope, depth int) (syntax.Node, *scope) {
	if depth > maxDepth {
		return syntax.Node{}, nil
	}
	switch e.Kind() {
	case "identifier":
		r := msgeval.Reaching(e, sc)
		if !r.Found || r.Param || len(r.Bindings) != 1 || r.Bindings[0].Kind != msgeval.BindSet {
			return syntax.Node{}, nil
		}
		v := unwrap(r.Bindings[0].Value)
		if v.Kind() == "call_expression" && msgeval.Compact(v.Child("function").Text()) == "Object.freeze" {
			v = unwrap(firstArg(v.Child("arguments")))
		}
		if v.Kind() == "object" {
			return v, r.Bindings[0].Scope
		}
	case "member_expression", "subscript_expression":
		outer, osc := x.objectLiteral(unwrap(e.Child("object")), sc, depth+1)
		prop := propertyKey(e)
		if outer.IsNull() || prop == "" {
			return syntax.Node{}, nil
		}
		for p := range outer.NamedChildren() {
			if p.Kind() == "pair" && propertyName(p.Child("key")) == prop {
				if v := unwrap(p.Child("value")); v.Kind() == "object" {
					return v, osc
				}
			}
		}
	}
	return syntax.Node{}, nil
}

// trim removes the white space at the start and end of a message's
// literal text (String.prototype.trim); a hole at an end stops it.
func trim(t errdex.Template, start, end bool) errdex.Template {
	parts := append([]errdex.Part(nil), t.Parts...)
	if n := len(parts); start && n > 0 && !parts[0].IsHole() {
		parts[0].Text = strings.TrimLeft(parts[0].Text, " \t\n\r\v\f\u00a0\ufeff")
	}
	if n := len(parts); end && n > 0 && !parts[n-1].IsHole() {
		parts[n-1].Text = strings.TrimRight(parts[n-1].Text, " \t\n\r\v\f\u00a0\ufeff")
	}
	return errdex.Template{Parts: parts}.Normalize()
}
