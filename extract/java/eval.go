package java

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Limits that keep evaluation linear on hostile input.
const (
	maxAlternatives = 8    // messages one expression can produce
	maxText         = 4096 // literal bytes of one message
	maxSteps        = 200000
	maxDepth        = 64
	maxExpr         = 200 // source bytes kept in a hole's Expr
	maxReturns      = 4   // returns of a helper method evaluated
)

// val is what an expression evaluates to: the messages it can produce,
// whether it is a String (so that + concatenates), and its static type
// where known ("String", "Throwable").
type val struct {
	alts []errdex.Template
	str  bool
}

func lit(s string) val {
	return val{alts: []errdex.Template{errdex.NewTemplate(errdex.Lit(s))}, str: true}
}

// printed is a value that is not a String but prints as s.
func printed(s string) val {
	v := lit(s)
	v.str = false
	return v
}

func holeVal(p errdex.Part) val {
	return val{alts: []errdex.Template{{Parts: []errdex.Part{p}}}}
}

func (v val) known() (string, bool) {
	if len(v.alts) != 1 {
		return "", false
	}
	var b strings.Builder
	for _, p := range v.alts[0].Parts {
		if p.IsHole() {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

func (v val) opaque() bool {
	for _, a := range v.alts {
		if !a.IsOpaque() {
			return false
		}
	}
	return true
}

func (x *fileCtx) hole(n syntax.Node) errdex.Part {
	text := template.ClipExpr(n.Text(), maxExpr)
	return errdex.HolePart(template.HoleNameOf(text), text, holeType(n))
}

func namedHole(name string, typ errdex.HoleType) errdex.Part {
	return errdex.HolePart(name, name, typ)
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

func (x *fileCtx) step(depth int) bool {
	x.steps++
	if x.steps > maxSteps || depth > maxDepth {
		x.budgetHit = x.budgetHit || x.steps > maxSteps
		return false
	}
	return true
}

// eval evaluates an expression to the messages it can produce.
func (x *fileCtx) eval(n syntax.Node, sc *scope, depth int) val {
	if n.IsNull() {
		return lit("null")
	}
	n = unwrap(n)
	if !x.step(depth) {
		return holeVal(x.hole(n))
	}
	switch n.Kind() {
	case "string_literal":
		return lit(decodeString(n))
	case "character_literal":
		return printed(decodeChar(n))
	case "decimal_integer_literal":
		s := strings.TrimRight(strings.ReplaceAll(n.Text(), "_", ""), "lL")
		if s == "0" || s != "" && s[0] != '0' {
			return printed(s)
		}
	case "decimal_floating_point_literal":
		if s, ok := floatText(n.Text()); ok {
			return printed(s)
		}
	case "true", "false":
		return printed(n.Kind())
	case "null_literal":
		return printed("null")
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
			l := x.eval(n.Child("left"), sc, depth+1)
			r := x.eval(n.Child("right"), sc, depth+1)
			if l.str || r.str {
				return val{alts: product(l.alts, r.alts), str: true}
			}
		}
	case "ternary_expression":
		return union(x.eval(n.Child("consequence"), sc, depth+1), x.eval(n.Child("alternative"), sc, depth+1))
	case "method_invocation":
		if v, ok := x.callValue(n, sc, depth); ok {
			return v
		}
	case "object_creation_expression":
		// new StringBuilder(), new StringBuilder("text"), new String(s).
		switch typeName(n.Child("type")) {
		case "StringBuilder", "StringBuffer", "String":
			as := args(n)
			if len(as) == 0 {
				return lit("")
			}
			if v := x.eval(as[0], sc, depth+1); v.str {
				return v
			}
			if len(as) == 1 && typeName(n.Child("type")) != "String" {
				return lit("") // a capacity
			}
		}
	}
	return holeVal(x.hole(n))
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

// alternatives keeps maxAlternatives messages of an expression, each cut
// at maxText bytes of literal text, told apart by their holes'
// expressions.
var alternatives = template.Alternatives{Max: maxAlternatives, MaxText: maxText, Key: template.ExprKey}

// product concatenates every message of a with every one of b
// (template.Alternatives.Product); an empty side adds nothing.
func product(a, b []errdex.Template) []errdex.Template {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	return alternatives.Product(a, b)
}

// union joins the messages of two values, without duplicates.
func union(a, b val) val {
	return val{alts: alternatives.Union(a.alts, b.alts), str: a.str && b.str}
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
func (x *fileCtx) callValue(n syntax.Node, sc *scope, depth int) (val, bool) {
	name := n.Child("name").Text()
	obj := unwrap(n.Child("object"))
	objText := compact(obj.Text())
	as := args(n)
	switch {
	case name == "format" && (objText == "String" || objText == "java.lang.String"):
		if len(as) > 1 && x.isLocale(as[0], sc) {
			as = as[1:] // String.format(Locale, format, args...)
		}
		return x.printf(as, sc, depth), true
	case name == "formatted" && !obj.IsNull():
		return x.printf(append([]syntax.Node{obj}, as...), sc, depth), true
	case name == "format" && (objText == "MessageFormat" || objText == "java.text.MessageFormat"):
		return x.messageFormat(as, sc, depth), true
	case name == "lenientFormat" && strings.HasSuffix(objText, "Strings"):
		return x.lenient(as, sc, depth), true
	case (name == "valueOf" && (objText == "String" || objText == "java.lang.String") ||
		name == "toString" && (objText == "Objects" || objText == "java.util.Objects")) && len(as) == 1:
		v := x.eval(as[0], sc, depth+1)
		v.str = true
		return v, true
	case name == "toString" && len(as) == 0 && !obj.IsNull():
		if v, ok := x.builder(obj, sc, depth); ok {
			return v, true
		}
		v := x.eval(obj, sc, depth+1)
		v.str = true
		return v, true
	case name == "concat" && len(as) == 1 && !obj.IsNull():
		v := x.eval(obj, sc, depth+1)
		if !v.str {
			return val{}, false
		}
		return val{alts: product(v.alts, x.eval(as[0], sc, depth+1).alts), str: true}, true
	case name == "join" && (objText == "String" || objText == "java.lang.String") && len(as) >= 2:
		sep := x.eval(as[0], sc, depth+1)
		out := val{alts: []errdex.Template{{}}, str: true}
		if len(as) == 2 {
			return holeVal(x.hole(n)), true // String.join(sep, iterable)
		}
		for i, a := range as[1:] {
			if i > 0 {
				out.alts = product(out.alts, sep.alts)
			}
			out.alts = product(out.alts, x.eval(a, sc, depth+1).alts)
		}
		return out, true
	case obj.IsNull() || obj.Kind() == "this":
		if m := x.localMethod(name, len(as), sc); m != nil {
			return x.callLocal(m, as, sc, depth)
		}
	}
	return val{}, false
}

// printf evaluates String.format(format, args...) with java.util.Formatter
// rules (template.Printf, dialect Java).
func (x *fileCtx) printf(as []syntax.Node, sc *scope, depth int) val {
	if len(as) == 0 {
		return holeVal(errdex.HolePart("value", "", errdex.HoleAny))
	}
	f, ok := x.eval(as[0], sc, depth+1).known()
	if !ok {
		return holeVal(x.hole(as[0]))
	}
	rest := as[1:]
	if len(rest) == 1 {
		if arr := unwrap(rest[0]); arr.Kind() == "array_creation_expression" {
			rest = nil // String.format(f, new Object[] {a, b})
			for v := range arr.Child("value").NamedChildren() {
				rest = append(rest, v)
			}
		}
	}
	texts := make([]string, len(rest))
	for i, a := range rest {
		texts[i] = template.ClipExpr(a.Text(), maxExpr)
	}
	p := template.Printf{Dialect: template.PrintfJava, Value: func(i int) (errdex.Template, bool) {
		v := x.eval(rest[i], sc, depth+1)
		if s, ok := v.known(); ok {
			return errdex.NewTemplate(errdex.Lit(s)), true
		}
		return errdex.Template{}, false
	}}
	return val{alts: []errdex.Template{p.Parse(f, texts).Template}, str: true}
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
func (x *fileCtx) messageFormat(as []syntax.Node, sc *scope, depth int) val {
	if len(as) == 0 {
		return holeVal(errdex.HolePart("value", "", errdex.HoleAny))
	}
	pattern, ok := x.eval(as[0], sc, depth+1).known()
	if !ok {
		return holeVal(x.hole(as[0]))
	}
	rest := as[1:]
	m := template.MessageFormat{}
	if len(rest) == 1 {
		if arr := unwrap(rest[0]); arr.Kind() == "array_creation_expression" {
			rest = nil
			for v := range arr.Child("value").NamedChildren() {
				rest = append(rest, v)
			}
		} else if arr.Kind() == "identifier" && strings.HasSuffix(x.declaredType(arr, sc), "[]") {
			m.UnknownArgs = true
		}
	}
	texts := make([]string, len(rest))
	for i, a := range rest {
		texts[i] = template.ClipExpr(a.Text(), maxExpr)
	}
	m.Value = func(i int) (errdex.Template, bool) {
		v := x.eval(rest[i], sc, depth+1)
		if s, ok := v.known(); ok && v.str {
			return errdex.NewTemplate(errdex.Lit(s)), true
		}
		return errdex.Template{}, false
	}
	return val{alts: []errdex.Template{m.Parse(pattern, texts).Template}, str: true}
}

// lenient evaluates Guava's Strings.lenientFormat(template, args...): each
// "%s" takes the next argument, a "%s" without one stays, and arguments
// left over are appended as " [a, b]".
func (x *fileCtx) lenient(as []syntax.Node, sc *scope, depth int) val {
	if len(as) == 0 {
		return lit("null")
	}
	tv := x.eval(as[0], sc, depth+1)
	f, ok := tv.known()
	if !ok {
		tv.str = true
		return tv // String.valueOf(template)
	}
	out := []errdex.Template{{}}
	rest := as[1:]
	next := 0
	for {
		k := strings.Index(f, "%s")
		if k < 0 || next >= len(rest) {
			break
		}
		out = product(out, []errdex.Template{errdex.NewTemplate(errdex.Lit(f[:k]))})
		out = product(out, x.eval(rest[next], sc, depth+1).alts)
		next++
		f = f[k+2:]
	}
	out = product(out, []errdex.Template{errdex.NewTemplate(errdex.Lit(f))})
	if next < len(rest) {
		out = product(out, []errdex.Template{errdex.NewTemplate(errdex.Lit(" ["))})
		for i, a := range rest[next:] {
			if i > 0 {
				out = product(out, []errdex.Template{errdex.NewTemplate(errdex.Lit(", "))})
			}
			out = product(out, x.eval(a, sc, depth+1).alts)
		}
		out = product(out, []errdex.Template{errdex.NewTemplate(errdex.Lit("]"))})
	}
	return val{alts: out, str: true}
}

// appended evaluates the arguments of an append chain, in order.
func (x *fileCtx) appended(call syntax.Node, sc *scope, depth int) val {
	var as []syntax.Node
	for n := call; n.Kind() == "method_invocation" && n.Child("name").Text() == "append"; n = n.Child("object") {
		a := args(n)
		if len(a) != 1 {
			return holeVal(x.hole(call))
		}
		as = append(as, a[0])
	}
	out := val{alts: []errdex.Template{{}}, str: true}
	for i := len(as) - 1; i >= 0; i-- {
		out.alts = product(out.alts, x.eval(as[i], sc, depth+1).alts)
	}
	return out
}

// builder evaluates new StringBuilder(s).append(a).append(b) chains.
func (x *fileCtx) builder(n syntax.Node, sc *scope, depth int) (val, bool) {
	var appends []syntax.Node
	for n.Kind() == "method_invocation" && n.Child("name").Text() == "append" {
		as := args(n)
		if len(as) != 1 {
			return val{}, false
		}
		appends = append(appends, as[0])
		n = unwrap(n.Child("object"))
	}
	if n.Kind() != "object_creation_expression" || len(appends) == 0 {
		return val{}, false
	}
	if t := n.Child("type").Text(); t != "StringBuilder" && t != "StringBuffer" {
		return val{}, false
	}
	out := val{alts: []errdex.Template{{}}, str: true}
	if as := args(n); len(as) == 1 {
		if v := x.eval(as[0], sc, depth+1); v.str {
			out = v // new StringBuilder(int) sets a capacity
		}
	}
	for i := len(appends) - 1; i >= 0; i-- {
		out.alts = product(out.alts, x.eval(appends[i], sc, depth+1).alts)
	}
	return out, true
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
	body := m.Child("body")
	var out []syntax.Node
	end := body.SkipSubtree()
	for i := body.Index() + 1; i < end && len(out) < maxReturns; i++ {
		n := body.Tree().At(i)
		switch {
		case n.Is("lambda_expression", "class_body"):
			i = n.SkipSubtree() - 1
		case n.Kind() == "return_statement":
			if e := n.NamedChild(0); !e.IsNull() && !e.Is("line_comment", "block_comment") {
				out = append(out, e)
			}
		}
	}
	return out
}

// callLocal evaluates a call of a method of the file that builds a
// message, with its parameters filled by the arguments.
func (x *fileCtx) callLocal(m *scope, as []syntax.Node, sc *scope, depth int) (val, bool) {
	if t := compact(m.node.Child("type").Text()); t != "String" && t != "java.lang.String" {
		return val{}, false
	}
	var v val
	for i, r := range returns(m.node) {
		w := x.eval(r, m, depth+1)
		if i == 0 {
			v = w
		} else {
			v = union(v, w)
		}
	}
	if len(v.alts) == 0 || v.opaque() {
		return val{}, false
	}
	v.alts = alternatives.Substitute(v.alts, x.bindArgs(m, as, sc, depth))
	return v, true
}

// bindArgs returns the messages a call's arguments give the parameters of
// method m.
func (x *fileCtx) bindArgs(m *scope, as []syntax.Node, sc *scope, depth int) map[string][]errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range m.params {
		if i < len(as) && !p.varargs {
			values[p.name] = x.eval(as[i], sc, depth+1).alts
		}
	}
	return values
}

// constant evaluates a constant field visible from type t by its simple
// name: a final field of t or an enclosing type with an initializer.
func (x *fileCtx) constant(t *typeInfo, name string, depth int) (val, bool) {
	for ; t != nil; t = t.parent {
		if f, ok := t.fields[name]; ok {
			if !f.final || f.value.IsNull() {
				return val{}, false
			}
			v := x.eval(f.value, f.decl, depth+1)
			if v.opaque() {
				return val{}, false
			}
			return v, true
		}
	}
	if owner, ok := x.statics[name]; ok {
		if t := x.localType(owner); t != nil {
			return x.constant(t, name, depth)
		}
	}
	return val{}, false
}

// fieldAccess evaluates this.NAME and Type.NAME for types of the file,
// and a constructor's this.NAME set from a parameter.
func (x *fileCtx) fieldAccess(n syntax.Node, sc *scope, depth int) (val, bool) {
	obj, name := unwrap(n.Child("object")), n.Child("field").Text()
	switch obj.Kind() {
	case "this":
		for s := sc; s != nil; s = s.parent {
			if s.ctor != nil {
				if p, ok := s.ctor.fieldParams[name]; ok {
					return holeVal(namedHole(p, errdex.HoleAny)), true
				}
			}
		}
		if sc.typ != nil {
			if f, ok := sc.typ.fields[name]; ok && f.final && !f.value.IsNull() {
				return x.constant(sc.typ, name, depth)
			}
		}
	case "identifier", "field_access", "scoped_identifier":
		if t := x.localType(compact(obj.Text())); t != nil {
			return x.constant(t, name, depth)
		}
	}
	return val{}, false
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
