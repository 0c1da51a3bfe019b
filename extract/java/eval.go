package java

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Limits that keep evaluation linear on hostile input.
const (
	maxSteps   = 200000
	maxDepth   = 64
	maxReturns = 8 // returns of a helper method evaluated, as many as a value's alternatives
)

// rules keep the messages of Java expressions (msgeval.ExprRules).
var rules = msgeval.ExprRules()

func (x *fileCtx) hole(n syntax.Node) errdex.Part {
	return rules.Hole(n.Text(), holeType(n))
}

// holeType guesses the type of an expression's value from its shape.
func holeType(n syntax.Node) errdex.HoleType {
	n = unwrap(n)
	switch n.Kind() {
	case "decimal_integer_literal", "hex_integer_literal", "octal_integer_literal", "binary_integer_literal":
		return errdex.HoleInt
	case "decimal_floating_point_literal", "hex_floating_point_literal":
		return errdex.HoleFloat
	case "true", "false":
		return errdex.HoleBool
	case "method_invocation":
		switch n.Child("name").Text() {
		case "size", "length", "getSize", "ordinal":
			return errdex.HoleInt
		}
	case "field_access":
		if n.Child("field").Text() == "length" {
			return errdex.HoleInt
		}
	}
	return errdex.HoleAny
}

// numeric reports whether n is a number literal.
func numeric(n syntax.Node) bool {
	t := holeType(n)
	return t == errdex.HoleInt || t == errdex.HoleFloat
}

// unwrap looks through parentheses and casts.
func unwrap(n syntax.Node) syntax.Node {
	for {
		switch n.Kind() {
		case "parenthesized_expression":
			n = n.NamedChild(0)
		case "cast_expression":
			n = n.Child("value")
		default:
			return n
		}
	}
}

// eval evaluates an expression to the messages it can produce.
func (x *fileCtx) eval(n syntax.Node, sc *scope, depth int) msgeval.Value {
	if n.IsNull() {
		return msgeval.Lit("null")
	}
	n = unwrap(n)
	if !x.Budget.Step(depth) {
		return msgeval.Holed(x.hole(n))
	}
	switch n.Kind() {
	case "string_literal":
		return msgeval.Lit(decodeString(n))
	case "character_literal":
		return msgeval.Printed(decodeChar(n))
	case "decimal_integer_literal":
		s := strings.TrimRight(strings.ReplaceAll(n.Text(), "_", ""), "lL")
		if s == "0" || s != "" && s[0] != '0' {
			return msgeval.Printed(s)
		}
	case "decimal_floating_point_literal":
		if s, ok := floatText(n.Text()); ok {
			return msgeval.Printed(s)
		}
	case "true", "false":
		return msgeval.Printed(n.Kind())
	case "unary_expression":
		if n.Child("operator").Text() == "-" {
			if v, ok := x.eval(n.Child("operand"), sc, depth+1).Known(); ok && numeric(unwrap(n.Child("operand"))) {
				return msgeval.Printed("-" + v)
			}
		}
	case "null_literal":
		return msgeval.Printed("null")
	case "identifier":
		if v, ok := x.resolve(n, sc, depth); ok {
			return v
		}
		if v, ok := x.constant(sc.typ, n.Text(), depth); ok {
			return v
		}
	case "field_access":
		if v, ok := x.fieldAccess(n, sc, depth); ok {
			return v
		}
	case "binary_expression":
		if n.Child("operator").Text() == "+" {
			if v, ok := rules.Add(x.eval(n.Child("left"), sc, depth+1), x.eval(n.Child("right"), sc, depth+1)); ok {
				return v
			}
		}
	case "ternary_expression":
		return rules.Union(x.eval(n.Child("consequence"), sc, depth+1), x.eval(n.Child("alternative"), sc, depth+1))
	case "if_statement":
		// An if-else chain of appends (appendChoice): the text of
		// either branch, or none without an else.
		return rules.Union(x.branchAppends(n.Child("consequence"), sc, depth), x.branchAppends(n.Child("alternative"), sc, depth))
	case "method_invocation":
		if !appendRoot(n).IsNull() {
			// The text sb.append(a).append(b); and the appends to sb
			// in the statements after it add.
			out := msgeval.Empty()
			for _, c := range appendRun(n) {
				out = rules.Concat(out, x.appended(c, sc, depth))
			}
			return out
		}
		if v, ok := x.builder(n, sc, depth); ok {
			return v // StringBuilder b = new StringBuilder().append(a);
		}
		if v, ok := x.callValue(n, sc, depth); ok {
			return v
		}
		x.helperCall(n, sc)
	case "object_creation_expression":
		// new StringBuilder(), new StringBuilder("text"), new String(s).
		switch typeName(n.Child("type")) {
		case "StringBuilder", "StringBuffer", "String":
			as := args(n)
			if len(as) == 0 {
				return msgeval.Lit("")
			}
			if v := x.eval(as[0], sc, depth+1); v.Text {
				return v
			}
			if len(as) == 1 && typeName(n.Child("type")) != "String" {
				return msgeval.Lit("") // a capacity
			}
		}
	}
	return msgeval.Holed(x.hole(n))
}

var simpleFloat = regexp.MustCompile(`^[0-9]+\.[0-9]+[dDfF]?$`)

// floatText renders a decimal floating-point literal as Double.toString
// (or Float.toString) prints it, for plain forms between 0.001 and 10^7.
func floatText(s string) (string, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if !simpleFloat.MatchString(s) {
		return "", false
	}
	bits := 64
	if strings.HasSuffix(s, "f") || strings.HasSuffix(s, "F") {
		bits = 32
	}
	v, err := strconv.ParseFloat(strings.TrimRight(s, "dDfF"), bits)
	if err != nil || v != 0 && (v < 1e-3 || v >= 1e7) {
		return "", false
	}
	out := strconv.FormatFloat(v, 'f', -1, bits)
	if !strings.Contains(out, ".") {
		out += ".0"
	}
	return out, true
}

// args returns a call's arguments.
func args(call syntax.Node) []syntax.Node {
	var out []syntax.Node
	for a := range call.Child("arguments").NamedChildren() {
		if !a.Is("line_comment", "block_comment") {
			out = append(out, a)
		}
	}
	return out
}

// callValue evaluates the calls whose result is known from their
// arguments.
func (x *fileCtx) callValue(n syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	name := n.Child("name").Text()
	obj := unwrap(n.Child("object"))
	objText := msgeval.Compact(obj.Text())
	as := args(n)
	owner := objText // the class a static method belongs to
	if obj.IsNull() && x.localMethod(name, len(as), sc) == nil {
		owner = x.statics[name] // import static ...Strings.lenientFormat
	}
	switch d, fas := x.formatCall(n, sc); {
	case (name == "getMessage" || name == "getLocalizedMessage") && len(as) == 0 && x.isThrowable(obj, sc):
		// The message of a caught exception or a cause: the inner
		// site's, which the matcher composes with this one.
		return msgeval.Holed(errdex.HolePart(obj.Text(), rules.Expr(n.Text()), errdex.HoleError)), true
	case d == printfFormat:
		return x.printf(fas, sc, depth), true
	case d == messageFormat:
		return x.messageFormat(fas, sc, depth), true
	case name == "lenientFormat" && strings.HasSuffix(owner, "Strings"):
		return x.lenient(as, sc, depth), true
	case (name == "valueOf" && (objText == "String" || objText == "java.lang.String") ||
		name == "toString" && (objText == "Objects" || objText == "java.util.Objects")) && len(as) == 1:
		v := x.eval(as[0], sc, depth+1)
		v.Text = true
		return v, true
	case name == "toString" && len(as) == 0 && !obj.IsNull():
		if v, ok := x.builder(obj, sc, depth); ok {
			return v, true
		}
		v := x.eval(obj, sc, depth+1)
		v.Text = true
		return v, true
	case name == "concat" && len(as) == 1 && !obj.IsNull():
		v := x.eval(obj, sc, depth+1)
		if !v.Text {
			return msgeval.Value{}, false
		}
		return rules.Concat(v, x.eval(as[0], sc, depth+1)), true
	case name == "join" && (objText == "String" || objText == "java.lang.String") && len(as) >= 2:
		sep := x.eval(as[0], sc, depth+1)
		out := msgeval.Empty()
		if len(as) == 2 {
			return msgeval.Holed(x.hole(n)), true // String.join(sep, iterable)
		}
		for i, a := range as[1:] {
			if i > 0 {
				out = rules.Concat(out, sep)
			}
			out = rules.Concat(out, x.eval(a, sc, depth+1))
		}
		return out, true
	case obj.IsNull() || obj.Kind() == "this":
		if m := x.localMethod(name, len(as), sc); m != nil {
			return x.callLocal(m, as, sc, depth)
		}
		if v, ok := x.formatHelper(name, as, sc, depth); ok {
			return v, true
		}
	}
	return msgeval.Value{}, false
}

// formatHelper evaluates a call of a method of the file that formats its
// arguments, a format and its values (Guava's CacheBuilderSpec.format(
// String format, Object... args) { return String.format(Locale.ROOT,
// format, args); }): the call's own arguments formatted.
func (x *fileCtx) formatHelper(name string, as []syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	m := x.calledMethod(name, as, sc)
	if m == nil || m.method() == nil {
		return msgeval.Value{}, false
	}
	rs := returns(m.node)
	if len(rs) != 1 {
		return msgeval.Value{}, false
	}
	f := x.paramFormat(m, rs)
	if f == nil || f.Param >= len(as) || f.Args > len(as) {
		return msgeval.Value{}, false
	}
	fas := append([]syntax.Node{as[f.Param]}, as[f.Args:]...)
	if f.Dialect == messageFormat {
		return x.messageFormat(fas, sc, depth), true
	}
	return x.printf(fas, sc, depth), true
}

// formatCall recognises a formatting call and returns its dialect and
// its format followed by its arguments: String.format (a Locale first
// dropped), "...".formatted(args) and MessageFormat.format, also through
// a static import (import static java.lang.String.format).
func (x *fileCtx) formatCall(n syntax.Node, sc *scope) (formatDialect, []syntax.Node) {
	name := n.Child("name").Text()
	obj := unwrap(n.Child("object"))
	owner := msgeval.Compact(obj.Text())
	as := args(n)
	if obj.IsNull() && x.localMethod(name, len(as), sc) == nil {
		owner = x.statics[name]
	}
	switch {
	case name == "format" && (owner == "String" || owner == "java.lang.String"):
		if len(as) > 1 && x.isLocale(as[0], sc) {
			as = as[1:] // String.format(Locale, format, args...)
		}
		return printfFormat, as
	case name == "formatted" && !obj.IsNull():
		return printfFormat, append([]syntax.Node{obj}, as...)
	case name == "format" && (owner == "MessageFormat" || owner == "java.text.MessageFormat"):
		return messageFormat, as
	}
	return noFormat, nil
}

// isThrowable reports whether n is a local name that holds a throwable:
// a caught exception, or a name declared of a throwable type.
func (x *fileCtx) isThrowable(n syntax.Node, sc *scope) bool {
	if n.Kind() != "identifier" {
		return false
	}
	if isThrowableName(x.declaredType(n, sc)) {
		return true
	}
	r := msgeval.Reaching(n, sc)
	return len(r.Bindings) == 1 && r.Bindings[0].Kind == msgeval.BindCaught
}

// formatArgs splits the arguments of a formatting call into its format,
// which must be a known string, and the arguments after it, spread from
// an array (String.format(f, new Object[] {a, b})), with their source
// texts. When there is no known format it returns the hole that stands
// for the message instead.
func (x *fileCtx) formatArgs(as []syntax.Node, sc *scope, depth int) (string, []syntax.Node, []string, msgeval.Value, bool) {
	if len(as) == 0 {
		return "", nil, nil, msgeval.Holed(errdex.HolePart("value", "", errdex.HoleAny)), false
	}
	f, ok := x.eval(as[0], sc, depth+1).Known()
	if !ok {
		return "", nil, nil, msgeval.Holed(x.hole(as[0])), false
	}
	rest := as[1:]
	if len(rest) == 1 {
		if arr := unwrap(rest[0]); arr.Kind() == "array_creation_expression" {
			rest = nil
			for v := range arr.Child("value").NamedChildren() {
				rest = append(rest, v)
			}
		}
	}
	texts := make([]string, len(rest))
	for i, a := range rest {
		texts[i] = rules.Expr(a.Text())
	}
	return f, rest, texts, msgeval.Value{}, true
}

// printf evaluates String.format(format, args...) with java.util.Formatter
// rules (template.Printf, dialect Java).
func (x *fileCtx) printf(as []syntax.Node, sc *scope, depth int) msgeval.Value {
	f, rest, texts, unknown, ok := x.formatArgs(as, sc, depth)
	if !ok {
		return unknown
	}
	p := template.Printf{Dialect: template.PrintfJava, Value: func(i int) (errdex.Template, bool) {
		v := x.eval(rest[i], sc, depth+1)
		if s, ok := v.Known(); ok {
			return errdex.NewTemplate(errdex.Lit(s)), true
		}
		return errdex.Template{}, false
	}}
	return msgeval.Value{Alts: []errdex.Template{p.Parse(f, texts).Template}, Text: true}
}

// isLocale reports whether a first argument of String.format is a Locale.
func (x *fileCtx) isLocale(a syntax.Node, sc *scope) bool {
	a = unwrap(a)
	switch a.Kind() {
	case "field_access", "method_invocation", "object_creation_expression":
		return strings.Contains(a.Text(), "Locale")
	case "identifier":
		return strings.HasSuffix(x.declaredType(a, sc), "Locale")
	case "null_literal":
		return true
	}
	return false
}

// messageFormat evaluates MessageFormat.format(pattern, args...).
func (x *fileCtx) messageFormat(as []syntax.Node, sc *scope, depth int) msgeval.Value {
	pattern, rest, texts, unknown, ok := x.formatArgs(as, sc, depth)
	if !ok {
		return unknown
	}
	m := template.MessageFormat{}
	if len(as) == 2 {
		if arr := unwrap(as[1]); arr.Kind() == "identifier" && strings.HasSuffix(x.declaredType(arr, sc), "[]") {
			m.UnknownArgs = true // the arguments are an array variable
		}
	}
	m.Value = func(i int) (errdex.Template, bool) {
		v := x.eval(rest[i], sc, depth+1)
		if s, ok := v.Known(); ok && v.Text {
			return errdex.NewTemplate(errdex.Lit(s)), true
		}
		return errdex.Template{}, false
	}
	return msgeval.Value{Alts: []errdex.Template{m.Parse(pattern, texts).Template}, Text: true}
}

// lenient evaluates Guava's Strings.lenientFormat(template, args...): each
// "%s" takes the next argument, a "%s" without one stays, and arguments
// left over are appended as " [a, b]".
func (x *fileCtx) lenient(as []syntax.Node, sc *scope, depth int) msgeval.Value {
	if len(as) == 0 {
		return msgeval.Lit("null")
	}
	tv := x.eval(as[0], sc, depth+1)
	f, ok := tv.Known()
	if !ok {
		tv.Text = true
		return tv // String.valueOf(template)
	}
	out := msgeval.Empty()
	rest := as[1:]
	next := 0
	for {
		k := strings.Index(f, "%s")
		if k < 0 || next >= len(rest) {
			break
		}
		out = rules.Concat(out, msgeval.Lit(f[:k]))
		out = rules.Concat(out, x.eval(rest[next], sc, depth+1))
		next++
		f = f[k+2:]
	}
	out = rules.Concat(out, msgeval.Lit(f))
	if next < len(rest) {
		out = rules.Concat(out, msgeval.Lit(" ["))
		for i, a := range rest[next:] {
			if i > 0 {
				out = rules.Concat(out, msgeval.Lit(", "))
			}
			out = rules.Concat(out, x.eval(a, sc, depth+1))
		}
		out = rules.Concat(out, msgeval.Lit("]"))
	}
	return out
}

// branchAppends evaluates a branch of an if-else chain of appends: the
// text its run of appends adds, or none for a missing else.
func (x *fileCtx) branchAppends(b syntax.Node, sc *scope, depth int) msgeval.Value {
	switch {
	case b.IsNull():
		return msgeval.Empty()
	case !nestedIf(b).IsNull():
		return x.eval(nestedIf(b), sc, depth+1)
	}
	return x.eval(firstAppend(b), sc, depth+1)
}

// appended evaluates the arguments of an append chain, in order.
func (x *fileCtx) appended(call syntax.Node, sc *scope, depth int) msgeval.Value {
	var as []syntax.Node
	for n := call; n.Kind() == "method_invocation" && n.Child("name").Text() == "append"; n = n.Child("object") {
		a := args(n)
		if len(a) != 1 {
			return msgeval.Holed(x.hole(call))
		}
		as = append(as, a[0])
	}
	out := msgeval.Empty()
	for i := len(as) - 1; i >= 0; i-- {
		out = rules.Concat(out, x.eval(as[i], sc, depth+1))
	}
	return out
}

// builder evaluates new StringBuilder(s).append(a).append(b) chains.
func (x *fileCtx) builder(n syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	var appends []syntax.Node
	for n.Kind() == "method_invocation" && n.Child("name").Text() == "append" {
		as := args(n)
		if len(as) != 1 {
			return msgeval.Value{}, false
		}
		appends = append(appends, as[0])
		n = unwrap(n.Child("object"))
	}
	if n.Kind() != "object_creation_expression" || len(appends) == 0 {
		return msgeval.Value{}, false
	}
	if t := n.Child("type").Text(); t != "StringBuilder" && t != "StringBuffer" {
		return msgeval.Value{}, false
	}
	out := msgeval.Empty()
	if as := args(n); len(as) == 1 {
		if v := x.eval(as[0], sc, depth+1); v.Text {
			out = v // new StringBuilder(int) sets a capacity
		}
	}
	for i := len(appends) - 1; i >= 0; i-- {
		out = rules.Concat(out, x.eval(appends[i], sc, depth+1))
	}
	return out, true
}

// helperCall records, for Link, a call whose value a hole shows when it
// may call a message helper of another class: a method of a class
// (FormatUtils.createErrorMessage(text, pos)) or an unqualified call no
// method of the file answers (a static import, a base class's method).
func (x *fileCtx) helperCall(n syntax.Node, sc *scope) {
	switch obj := unwrap(n.Child("object")); obj.Kind() {
	case "":
		if x.localMethod(n.Child("name").Text(), len(args(n)), sc) != nil {
			return
		}
	case "identifier", "field_access", "scoped_identifier":
		name := msgeval.Compact(obj.Text())
		last := name[strings.LastIndexByte(name, '.')+1:]
		if last == "" || !unicode.IsUpper(rune(last[0])) || obj.Kind() == "identifier" && x.declaredType(obj, sc) != "" {
			return // a variable's method, not a class's
		}
	default:
		return
	}
	expr := x.hole(n).Expr
	if _, done := x.helpers[expr]; !done && len(x.helpers) < maxHelperCalls {
		if x.helpers == nil {
			x.helpers = map[string]callAt{}
		}
		x.helpers[expr] = callAt{node: n, sc: sc}
	}
}

// maxHelperCalls caps the calls of message helpers one file records.
const maxHelperCalls = 256

// helperFacts records the HelperCalls of the holes of the file's sites
// and constructions, their arguments evaluated once each.
func (x *fileCtx) helperFacts() {
	if len(x.helpers) == 0 {
		return
	}
	add := func(ts []errdex.Template) {
		for _, t := range ts {
			for _, p := range t.Parts {
				c, ok := x.helpers[p.Expr]
				if _, done := x.facts.HelperCalls[p.Expr]; !ok || done || !p.IsHole() {
					continue
				}
				if call := x.call(c.node, c.sc.typ, c.sc); call != nil {
					if x.facts.HelperCalls == nil {
						x.facts.HelperCalls = map[string]*Call{}
					}
					x.facts.HelperCalls[p.Expr] = call
				}
			}
		}
	}
	for _, s := range x.sites {
		add(append([]errdex.Template{s.Template}, s.Alternatives...))
	}
	for _, c := range x.facts.Throws {
		for _, a := range c.Args {
			add(a.Alts)
		}
	}
}

// localMethod finds a method of the enclosing types with the given name
// and number of parameters that has a body.
func (x *fileCtx) localMethod(name string, arity int, sc *scope) *scope {
	for t := sc.typ; t != nil; t = t.parent {
		var found *scope
		for _, m := range x.methods[t] {
			if m.node.Child("name").Text() == name && len(m.params) == arity && (arity == 0 || !m.params[arity-1].varargs) {
				if found != nil {
					return nil // overloaded: not resolved by arity alone
				}
				found = m
			}
		}
		if found != nil {
			return found
		}
	}
	return nil
}

// returns lists the values a method returns (not those of nested lambdas
// or classes).
func returns(m syntax.Node) []syntax.Node {
	return grammar.Returns(m.Child("body"), maxReturns)
}

// callLocal evaluates a call of a method of the file that builds a
// message, with its parameters filled by the arguments.
func (x *fileCtx) callLocal(m *scope, as []syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	if t := msgeval.Compact(m.node.Child("type").Text()); t != "String" && t != "java.lang.String" {
		return msgeval.Value{}, false
	}

	v := rules.Either(returns(m.node), func(r syntax.Node) msgeval.Value { return x.eval(r, m, depth+1) })
	if len(v.Alts) == 0 || v.Opaque() && !named(v) {
		return msgeval.Value{}, false
	}
	v.Alts = rules.Alternatives.Substitute(v.Alts, x.bindArgs(m, as, sc, depth))
	return v, true
}

// named reports whether every hole of v reads a name Link or the caller
// may fill (keepsExpr): a parameter, a field, the superclass's message
// (String getReason() { return super.getMessage(); }).
func named(v msgeval.Value) bool {
	for _, t := range v.Alts {
		for _, p := range t.Parts {
			if p.IsHole() && !keepsExpr(p.Expr) {
				return false
			}
		}
	}
	return true
}

// bindArgs returns the messages a call's arguments give the parameters of
// method m.
func (x *fileCtx) bindArgs(m *scope, as []syntax.Node, sc *scope, depth int) map[string][]errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range m.params {
		if i < len(as) && !p.varargs {
			values[p.name] = x.eval(as[i], sc, depth+1).Alts
		}
	}
	return values
}

// constant evaluates a constant field visible from type t by its simple
// name: a final field of t or an enclosing type with an initializer.
func (x *fileCtx) constant(t *typeInfo, name string, depth int) (msgeval.Value, bool) {
	if v, found, ok := x.declared(t, name, depth); found {
		return v, ok
	}
	if owner, ok := x.statics[name]; ok {
		if t := x.localType(owner); t != nil {
			v, _, ok := x.declared(t, name, depth)
			return v, ok
		}
	}
	return msgeval.Value{}, false
}

// declared evaluates the field name of type t or an enclosing type,
// found says whether one declares it. The file's static imports are not
// consulted: a type of the file imported statically by its own file
// (import static p.Outer.State.OPEN, an enum constant) has no field to
// find, and asking again would never end.
func (x *fileCtx) declared(t *typeInfo, name string, depth int) (v msgeval.Value, found, ok bool) {
	for ; t != nil; t = t.parent {
		f, has := t.fields[name]
		if !has {
			continue
		}
		if !f.final || f.value.IsNull() {
			return msgeval.Value{}, true, false
		}
		v := x.eval(f.value, f.decl, depth+1)
		if v.Opaque() {
			return msgeval.Value{}, true, false
		}
		return v, true, true
	}
	return msgeval.Value{}, false, false
}

// fieldAccess evaluates this.NAME and Type.NAME for types of the file,
// and a constructor's this.NAME set from a parameter.
func (x *fileCtx) fieldAccess(n syntax.Node, sc *scope, depth int) (msgeval.Value, bool) {
	obj, name := unwrap(n.Child("object")), n.Child("field").Text()
	switch obj.Kind() {
	case "this":
		for s := sc; s != nil; s = s.parent {
			if s.ctor != nil {
				if p, ok := s.ctor.fieldParams[name]; ok {
					return msgeval.Holed(msgeval.Var(p, errdex.HoleAny)), true
				}
			}
		}
		if sc.typ != nil {
			if f, ok := sc.typ.fields[name]; ok && f.final && !f.value.IsNull() {
				return x.constant(sc.typ, name, depth)
			}
		}
	case "identifier", "field_access", "scoped_identifier":
		if t := x.localType(msgeval.Compact(obj.Text())); t != nil {
			return x.constant(t, name, depth)
		}
	}
	return msgeval.Value{}, false
}

// localType finds a type of the file by its simple or dotted name
// ("Outer.Inner", or the qualified name of a top-level type).
func (x *fileCtx) localType(written string) *typeInfo {
	if x.pkg != "" {
		written = strings.TrimPrefix(written, x.pkg+".")
	}
	for _, t := range x.types {
		if t.display == written || t.name == written && t.name != "" {
			return t
		}
	}
	return nil
}
