package golang

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// Limits on the work spent on one message.
const (
	maxAlternatives       = 16  // messages one expression may have
	maxMethodAlternatives = 512 // messages an Error method may have (tables of messages)
	maxDepth              = 10  // nesting of variables, constants and calls followed
	maxExpr               = 200 // bytes of source kept in a hole's Expr
	// maxSteps bounds the expressions evaluated for the messages of one
	// file; past it, expressions become holes. Resolution is memoised, so
	// only pathological code (thousands of chained assignments) reaches it.
	maxSteps = 200_000
)

// scope evaluates expressions of one function (fn is nil at package level).
type scope struct {
	x  *fileCtx
	fn *funcCtx
}

// one wraps a single template.
func one(parts ...errdex.Part) []errdex.Template {
	return []errdex.Template{errdex.NewTemplate(parts...)}
}

// tmpl returns the messages a string-valued expression can have: one
// template, or several when it depends on branches.
func (s scope) tmpl(e ast.Expr, depth int) []errdex.Template {
	s.x.steps++
	if depth > maxDepth || s.x.steps > maxSteps {
		return one(s.hole(e, errdex.HoleAny))
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			if v, err := strconv.Unquote(e.Value); err == nil {
				// "\xff" escapes bytes that are no UTF-8.
				return one(errdex.Lit(strings.ToValidUTF8(v, "\uFFFD")))
			}
		case token.INT:
			if v, err := strconv.ParseInt(strings.ReplaceAll(e.Value, "_", ""), 0, 64); err == nil {
				return one(errdex.Lit(strconv.FormatInt(v, 10)))
			}
		}
	case *ast.ParenExpr:
		return s.tmpl(e.X, depth)
	case *ast.BinaryExpr:
		if v, ok := s.constInt(e); ok { // timestampLen + payloadLen adds
			return one(errdex.Lit(v))
		}
		if e.Op == token.ADD && !s.isNumber(e) { // i + 1 adds
			return product(s.tmpl(e.X, depth+1), s.tmpl(e.Y, depth+1))
		}
	case *ast.CallExpr:
		return s.callTmpl(e, depth)
	case *ast.Ident:
		return s.identTmpl(e, depth)
	}
	return one(s.hole(e, errdex.HoleAny))
}

// constInt returns the decimal value of e, arithmetic on integer
// literals and on the file's untyped integer constants (timestampLen +
// payloadLen, which concatenation read "416" for 4 + 16), and whether
// it is one. An expression naming anything else (iota, a local of the
// function, a typed constant, whose String method may print it) is not
// evaluated.
func (s scope) constInt(e *ast.BinaryExpr) (string, bool) {
	known := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			known = false // a conversion: a typed value may print otherwise
		case *ast.Ident:
			d, ok := s.x.constDecls[n.Name]
			local := s.fn != nil && s.fn.body != nil && s.fn.infoOf().locals[n.Name]
			known = ok && d.typ == nil && !local
		}
		return known
	})
	if !known {
		return "", false
	}
	v := s.x.evalInt(e, 0)
	if v.Kind() != constant.Int {
		return "", false
	}
	return v.ExactString(), true
}

// product concatenates every template of a with every template of b,
// keeping at most maxAlternatives.
func product(a, b []errdex.Template) []errdex.Template {
	if len(a) == 1 && len(b) == 1 {
		return []errdex.Template{concat(a[0], b[0])}
	}
	// The first maxAlternatives distinct concatenations, as dedupe keeps,
	// without making the others.
	var out []errdex.Template
	seen := map[string]bool{}
	for _, x := range a {
		for _, y := range b {
			t := concat(x, y)
			if k := templateKey(t); !seen[k] && !t.IsEmpty() {
				seen[k] = true
				out = append(out, t)
				if len(out) == maxAlternatives {
					return out
				}
			}
		}
	}
	if len(out) == 0 {
		return one()
	}
	return out
}

// maxTemplateBytes bounds the text of a template: no message is that
// long, but code that doubles a string in a loop (s = s + t + s) builds
// ever longer ones.
const maxTemplateBytes = 1024

// concat is x followed by y, or x alone when the two together would be
// longer than maxTemplateBytes.
func concat(x, y errdex.Template) errdex.Template {
	if templateBytes(x)+templateBytes(y) > maxTemplateBytes {
		return x
	}
	return x.Concat(y)
}

// templateBytes is the length of a template's text and hole expressions.
func templateBytes(t errdex.Template) int {
	n := 0
	for _, p := range t.Parts {
		n += len(p.Text) + len(p.Expr)
	}
	return n
}

// dedupe drops repeated and (when others exist) empty templates and keeps
// at most n.
func dedupe(ts []errdex.Template, n int) []errdex.Template {
	return dedupeEmpty(ts, n, false)
}

// dedupeEmpty is dedupe, keeping an empty template when keepEmpty is set:
// a value of a piece of a message (where := ""; if line != 0 { where =
// "line 3: " }), whose empty value is a message without the piece.
func dedupeEmpty(ts []errdex.Template, n int, keepEmpty bool) []errdex.Template {
	if len(ts) <= 1 {
		return ts
	}
	seen := map[string]bool{}
	out := ts[:0:0]
	for _, t := range ts {
		k := templateKey(t)
		if seen[k] || t.IsEmpty() && !keepEmpty {
			continue
		}
		seen[k] = true
		out = append(out, t)
		if len(out) == n {
			break
		}
	}
	if len(out) == 0 {
		return ts[:1]
	}
	return out
}

// templateKey identifies a template with its hole names and types.
func templateKey(t errdex.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteString("\x00" + p.Hole + "\x00" + string(p.Type) + "\x00")
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// hole makes a hole for e, typed by typ or, when typ is HoleAny, by what
// the declarations and names say about e.
func (s scope) hole(e ast.Expr, typ errdex.HoleType) errdex.Part {
	text := s.x.text(e)
	if typ == errdex.HoleAny {
		typ = s.typeOf(e)
	}
	return errdex.HolePart(template.HoleNameOf(text), clip(text, maxExpr), typ)
}

// identTmpl resolves a name: a local variable to the assignments reaching
// it, a package constant of this file to its value, an unexported package
// variable of it that it never assigns to its text (see varValue),
// anything else to a hole.
func (s scope) identTmpl(id *ast.Ident, depth int) []errdex.Template {
	if ts, ok := s.x.memo[id]; ok {
		return ts
	}
	ts := s.resolveIdent(id, depth)
	s.x.memo[id] = ts
	return ts
}

func (s scope) resolveIdent(id *ast.Ident, depth int) []errdex.Template {
	if s.fn != nil {
		if ts, ok := s.resolveVar(id, depth); ok {
			return ts
		}
	}
	if v, ok := s.x.consts[id.Name]; ok {
		if ts := (scope{s.x, nil}).tmpl(s.x.unconvert(v), depth+1); len(ts) == 1 && !ts[0].IsOpaque() {
			return ts
		}
	}
	if ts := s.x.varValue(id.Name, depth); ts != nil {
		return ts
	}
	s.x.freeName(id.Name)
	return one(s.hole(id, errdex.HoleAny))
}

// callTmpl gives the message of a call: a nested error constructor or
// Sprintf, a conversion to text of a known kind, or a hole.
func (s scope) callTmpl(call *ast.CallExpr, depth int) []errdex.Template {
	if c, ok := s.x.ctorOf(call); ok && c.kind != errdex.KindLogFatal {
		return s.ctorTmpl(call, c, depth+1)
	}
	name, recv := calleeName(call)
	if recv != "" && s.x.imports[recv] == "fmt" {
		switch name {
		case "Sprintf":
			return s.printf(call, 0, depth+1)
		case "Sprint":
			return s.sprint(call.Args, false, depth+1)
		case "Sprintln":
			return s.sprint(call.Args, true, depth+1)
		}
	}
	if i, ok := s.wrapperCall(call); ok {
		return s.printf(call, i, depth+1)
	}
	if id := s.builderRead(call); id != nil {
		return s.identTmpl(id, depth+1)
	}
	if recv != "" && s.x.imports[recv] == "strings" {
		if ts, ok := s.joinTmpl(call, name, depth); ok {
			return ts
		}
		if ts, ok := s.trimmed(call, name, depth); ok {
			return ts
		}
	}
	if ts, ok := s.calledLiteral(call, depth); ok {
		return ts
	}
	if ts, ok := s.stringOf(call, depth); ok {
		return ts
	}
	if t, ok := textFuncs[name]; ok && (len(call.Args) > 0 || t == errdex.HoleError) {
		return one(s.hole(call, t))
	}
	return one(s.hole(call, errdex.HoleAny))
}

// trimmed gives the messages of strings.TrimSpace(x), and of
// strings.TrimPrefix and TrimSuffix of x and a text: x's, less what is
// trimmed from the text they start or end with
// (panic(strings.TrimSpace(fmt.Sprintf(undefinedFunc, tag, field))) is
// "undefined function {tag} on field {field}" without the space its
// empty field leaves); false for another function.
func (s scope) trimmed(call *ast.CallExpr, name string, depth int) ([]errdex.Template, bool) {
	var head, tail func(string) string
	switch {
	case name == "TrimSpace" && len(call.Args) == 1:
		head = func(t string) string { return strings.TrimLeftFunc(t, unicode.IsSpace) }
		tail = func(t string) string { return strings.TrimRightFunc(t, unicode.IsSpace) }
	case (name == "TrimPrefix" || name == "TrimSuffix") && len(call.Args) == 2:
		cuts := s.tmpl(call.Args[1], depth+1)
		if len(cuts) != 1 {
			return nil, false
		}
		cut, ok := literalText(cuts[0])
		if !ok || cut == "" {
			return nil, false
		}
		if name == "TrimPrefix" {
			head = func(t string) string { return strings.TrimPrefix(t, cut) }
		} else {
			tail = func(t string) string { return strings.TrimSuffix(t, cut) }
		}
	default:
		return nil, false
	}
	ts := slices.Clone(s.tmpl(call.Args[0], depth+1))
	for i, t := range ts {
		parts := slices.Clone(t.Parts)
		if n := len(parts); head != nil && n > 0 && !parts[0].IsHole() {
			parts[0].Text = head(parts[0].Text)
		}
		if n := len(parts); tail != nil && n > 0 && !parts[n-1].IsHole() {
			parts[n-1].Text = tail(parts[n-1].Text)
		}
		parts = slices.DeleteFunc(parts, func(p errdex.Part) bool { return !p.IsHole() && p.Text == "" })
		ts[i] = errdex.NewTemplate(parts...)
	}
	return ts, true
}

// calledLiteral gives the messages of a function literal called in place
// without arguments (var prefix = func() string { if detrand { return
// "proto:\u00a0" }; return "proto: " }()): those of its returns, each
// of one result, as the alternatives of branches; false for another call
// or a literal without such returns.
func (s scope) calledLiteral(call *ast.CallExpr, depth int) ([]errdex.Template, bool) {
	lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit)
	if !ok || len(call.Args) != 0 || lit.Type.Params.NumFields() != 0 || lit.Type.Results.NumFields() != 1 {
		return nil, false
	}
	inner := s
	if inner.fn == nil {
		// At package level the literal is the function its names live in.
		inner.fn = &funcCtx{name: s.x.pkg + ".init", ftype: lit.Type, body: lit.Body}
	}
	var ts []errdex.Template
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				ts = append(ts, inner.tmpl(n.Results[0], depth+1)...)
			}
		}
		return true
	})
	if len(ts) == 0 {
		return nil, false
	}
	return dedupe(ts, maxAlternatives), true
}

// stringOf gives the message of string(x) of a name x that is no number:
// a string hole named by x when x is another package's (string(
// names.Any)), which Link may read as a value of that package (see
// inlineValues), or the name's text when it is known (a constant of a
// named string type); false otherwise.
func (s scope) stringOf(call *ast.CallExpr, depth int) ([]errdex.Template, bool) {
	fun, ok := call.Fun.(*ast.Ident)
	if !ok || fun.Name != "string" || len(call.Args) != 1 || s.isNumber(call.Args[0]) {
		return nil, false
	}
	switch arg := call.Args[0].(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if imp, _, ok := s.x.ref(arg); ok && imp != "" {
			return one(s.hole(arg, errdex.HoleStr)), true
		}
		ts := s.tmpl(arg, depth+1)
		for _, t := range ts {
			if len(t.Holes()) > 0 {
				return nil, false
			}
		}
		return ts, true
	}
	return nil, false
}

// textFuncs are functions and methods that render a value as text, by the
// type of text they give. Error and String are methods without arguments;
// the others are strconv's and their look-alikes (strconv's own quote).
var textFuncs = map[string]errdex.HoleType{
	"Error": errdex.HoleError, "String": errdex.HoleStr, "string": errdex.HoleStr,
	"Quote": errdex.HoleRepr, "quote": errdex.HoleRepr, "QuoteToASCII": errdex.HoleRepr,
	"QuoteRune": errdex.HoleRepr, "QuoteToGraphic": errdex.HoleRepr,
	"Itoa": errdex.HoleInt, "itoa": errdex.HoleInt, "Uitoa": errdex.HoleInt, "uitoa": errdex.HoleInt,
	"FormatInt": errdex.HoleInt, "FormatUint": errdex.HoleInt, "formatInt": errdex.HoleInt,
	"FormatFloat": errdex.HoleFloat, "FormatBool": errdex.HoleBool,
}

// calleeName returns a call's function name and, for a selector call, the
// identifier before the dot ("fmt" in fmt.Sprintf, "e" in e.Error()).
func calleeName(call *ast.CallExpr) (name, recv string) {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name, ""
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			return f.Sel.Name, id.Name
		}
		return f.Sel.Name, "?"
	}
	return "", ""
}

// ctorTmpl gives the message an error constructor call builds.
func (s scope) ctorTmpl(call *ast.CallExpr, c ctor, depth int) []errdex.Template {
	args := call.Args
	switch c.form {
	case formMsg:
		if len(args) >= 1 {
			return s.tmpl(args[0], depth)
		}
	case formPrintf:
		return s.printf(call, 0, depth)
	case formWrap:
		if len(args) >= 2 {
			return product(s.tmpl(args[1], depth), one(errdex.Lit(": "), s.hole(args[0], errdex.HoleError)))
		}
	case formWrapf:
		if len(args) >= 2 {
			return product(s.printf(call, 1, depth), one(errdex.Lit(": "), s.hole(args[0], errdex.HoleError)))
		}
	case formSprint:
		return s.sprint(args, false, depth)
	case formSprintln:
		return s.sprint(args, true, depth)
	}
	return one(s.hole(call, errdex.HoleAny))
}

// printf gives the messages of a printf-style call whose format is
// argument fmtIdx. A format that is not a constant (after resolving
// variables) stays as its own template.
func (s scope) printf(call *ast.CallExpr, fmtIdx, depth int) []errdex.Template {
	if len(call.Args) <= fmtIdx {
		return one(s.hole(call, errdex.HoleAny))
	}
	formats := s.tmpl(call.Args[fmtIdx], depth+1)
	if id, ok := ast.Unparen(call.Args[fmtIdx]).(*ast.Ident); ok && s.localName(id) {
		formats = dropGrowth(formats, id.Name)
	}
	args := call.Args[fmtIdx+1:]
	if call.Ellipsis.IsValid() && len(args) == 1 {
		if lists := s.sliceElems(args[0]); lists != nil {
			return s.printfSpread(call, formats, lists, depth)
		}
	}
	return s.printfArgs(call, formats, args, call.Ellipsis.IsValid(), depth)
}

// printfSpread gives the messages of a printf-style call spreading a
// local slice built in the function (args = []any{err, msg}; args =
// append(args, e); fmt.Errorf(format, args...)): each format is applied
// to lists, the slice's possible elements, of the same index when the
// format and the slice are built alike (each list as long as its format
// has verbs), else to the first list as long, or to the slice itself when
// none is.
func (s scope) printfSpread(call *ast.CallExpr, formats []errdex.Template, lists [][]ast.Expr, depth int) []errdex.Template {
	verbs := make([]int, len(formats))
	alike := len(formats) == len(lists)
	for i, f := range formats {
		text, _ := formatText(f)
		verbs[i] = len(template.Printf{Dialect: template.PrintfGo}.Parse(text, nil).Template.Holes())
		alike = alike && verbs[i] == len(lists[i])
	}
	var out []errdex.Template
	for i, f := range formats {
		args, spread := call.Args[len(call.Args)-1:], true
		if alike {
			args, spread = lists[i], false
		} else if k := slices.IndexFunc(lists, func(l []ast.Expr) bool { return len(l) == verbs[i] }); k >= 0 {
			args, spread = lists[k], false
		}
		out = append(out, s.printfArgs(call, one(f.Parts...), args, spread, depth)...)
	}
	return dedupe(out, maxAlternatives)
}

// localName reports whether id names a variable the function declares,
// not a parameter.
func (s scope) localName(id *ast.Ident) bool {
	return s.fn != nil && s.fn.body != nil && s.fn.infoOf().locals[id.Name] && !isParamIdent(id, s.fn)
}

// dropGrowth removes from formats, the messages of the local format
// variable name, the holes named after it: they stand for what a loop
// appended to it (see carried), a pass of the loop is a message of its
// own, and the hole is no text of the format.
func dropGrowth(formats []errdex.Template, name string) []errdex.Template {
	grown := func(p errdex.Part) bool { return p.IsHole() && p.Expr == name }
	var out []errdex.Template // a copy, made at the first change
	for i, f := range formats {
		if len(f.Parts) == 1 || !slices.ContainsFunc(f.Parts, grown) {
			continue
		}
		if out == nil {
			out = slices.Clone(formats)
		}
		out[i] = errdex.NewTemplate(slices.DeleteFunc(slices.Clone(f.Parts), grown)...)
	}
	if out == nil {
		return formats
	}
	return out
}

// sliceElems returns, for a local slice variable the function builds
// only from composite literals and appends of values to itself, its
// possible elements (see sliceValues), found once for each name. It
// returns nil for another expression or a slice built otherwise.
func (s scope) sliceElems(e ast.Expr) [][]ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !s.localName(id) {
		return nil
	}
	lists, ok := s.fn.spreads[id.Name]
	if !ok {
		lists = sliceValues(s.fn.body, id.Name)
		if s.fn.spreads == nil {
			s.fn.spreads = map[string][][]ast.Expr{}
		}
		s.fn.spreads[id.Name] = lists
	}
	return lists
}

// sliceValues returns the possible elements of the slice variable name
// when body builds it only from composite literals and appends of values
// to itself (not of another slice spread): each literal (or none, for
// one only declared), and each followed by every value appended; nil
// when body builds it otherwise.
func sliceValues(body *ast.BlockStmt, name string) [][]ast.Expr {
	var bases [][]ast.Expr
	var added []ast.Expr
	bad, empty := false, false
	assign := func(v ast.Expr) {
		switch v := ast.Unparen(v).(type) {
		case *ast.CompositeLit:
			if _, ok := v.Type.(*ast.ArrayType); !ok || slices.ContainsFunc(v.Elts, func(e ast.Expr) bool { _, kv := e.(*ast.KeyValueExpr); return kv }) {
				bad = true
				return
			}
			bases = append(bases, v.Elts)
		case *ast.CallExpr:
			if f, ok := v.Fun.(*ast.Ident); !ok || f.Name != "append" || v.Ellipsis.IsValid() || len(v.Args) < 2 || !isIdentNamed(v.Args[0], name) {
				bad = true
				return
			}
			added = append(added, v.Args[1:]...)
		default:
			bad = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			bad = bad || n.Op == token.AND && isIdentNamed(n.X, name)
		case *ast.ValueSpec:
			for i, declared := range n.Names {
				if declared.Name != name {
					continue
				}
				if i < len(n.Values) {
					assign(n.Values[i])
				} else {
					empty = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !isIdentNamed(l, name) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					bad = true
				} else {
					assign(n.Rhs[i])
				}
			}
		}
		return !bad
	})
	if empty && len(bases) == 0 {
		// var args []any, then only appends; declared empty and assigned
		// a literal, it holds the literal where it is spread.
		bases = append(bases, nil)
	}
	if bad || len(bases) == 0 {
		return nil
	}
	lists := bases
	if len(added) > 0 {
		for _, b := range bases {
			lists = append(lists, append(slices.Clip(b), added...))
		}
	}
	return lists
}

// formatText returns the text of a format, with a private-use rune in
// place of each of its holes (placeholder), and whether it has any text
// with a verb to parse.
func formatText(f errdex.Template) (string, bool) {
	var b strings.Builder
	verbs := false
	for k, p := range f.Parts {
		if p.IsHole() {
			b.WriteRune(placeholder(k))
			continue
		}
		verbs = verbs || strings.Contains(p.Text, "%")
		b.WriteString(p.Text)
	}
	return b.String(), verbs
}

// placeholderBase is the first of the private-use runes standing for the
// parts of a format in its text (see formatText).
const placeholderBase = 0xE000

// placeholder is the rune standing for part k of a format in its text
// (see formatText).
func placeholder(k int) rune { return placeholderBase + rune(k) }

// unplace puts back the holes of format f in t, the message parsed from
// f's text (see formatText).
func unplace(t errdex.Template, f errdex.Template) errdex.Template {
	var parts []errdex.Part
	for _, p := range t.Parts {
		if p.IsHole() {
			parts = append(parts, p)
			continue
		}
		start := 0
		for i, r := range p.Text {
			k := int(r - placeholderBase)
			if k < 0 || k >= len(f.Parts) || !f.Parts[k].IsHole() {
				continue
			}
			if i > start {
				parts = append(parts, errdex.Lit(p.Text[start:i]))
			}
			parts = append(parts, f.Parts[k])
			start = i + utf8.RuneLen(r)
		}
		if start < len(p.Text) {
			parts = append(parts, errdex.Lit(p.Text[start:]))
		}
	}
	return errdex.NewTemplate(parts...)
}

// printfArgs gives the messages of a printf-style call of the formats
// applied to args; spread is set when the call spreads the last of them
// (f(format, args...)).
func (s scope) printfArgs(call *ast.CallExpr, formats []errdex.Template, args []ast.Expr, spread bool, depth int) []errdex.Template {
	texts := make([]string, len(args))
	byText := make(map[string]ast.Expr, len(args))
	for i, a := range args {
		texts[i] = clip(s.x.text(a), maxExpr)
		byText[texts[i]] = a
	}
	// values are the messages of each argument, resolved on first use;
	// pick is the one of each a format is applied with. An argument of
	// several messages (where := ""; if line != 0 { where = "line 3: " })
	// gives a message for each, up to maxAlternatives in all (see
	// printfPicks).
	values := make([][]errdex.Template, len(args))
	resolved := make([]bool, len(args))
	valuesOf := func(i int) []errdex.Template {
		if !resolved[i] {
			// The empty value last: the first choice of each argument
			// makes the main message, as when it has one value.
			ts := slices.Clone(s.tmpl(args[i], depth+1))
			slices.SortStableFunc(ts, func(a, b errdex.Template) int {
				return cmpBool(a.IsEmpty(), b.IsEmpty())
			})
			values[i], resolved[i] = ts, true
		}
		return values[i]
	}
	var pick []int
	used := make([]bool, len(args))
	p := template.Printf{
		Dialect: template.PrintfGo,
		Value: func(i int) (errdex.Template, bool) {
			used[i] = true
			ts := valuesOf(i)
			if len(ts) == 0 {
				return errdex.Template{}, false
			}
			t := ts[0]
			if pick != nil {
				t = ts[pick[i]]
			}
			if isSingleHole(t) {
				return errdex.Template{}, false
			}
			return t, true
		},
	}
	var out []errdex.Template
	for _, f := range formats {
		format, ok := literalText(f)
		partial := false
		if !ok && !isSingleHole(f) {
			// Text and holes (format := "%s: %d"; if v { format +=
			// name }): the text's verbs read the arguments, the holes
			// stay.
			format, partial = formatText(f)
			ok = partial
		}
		if !ok {
			if isSingleHole(f) && (!isIdent(f.Parts[0].Expr) || s.packageName(f.Parts[0].Expr)) && (len(args) > 0 || spread) {
				// A format held in a field (fmt.Sprintf(e.Code.String(),
				// e.Args...)) or in a constant of another file
				// (fmt.Errorf(errorMsg, i, i, n)): its verbs become holes
				// where a value's text fills it (see holeFormat).
				h := f.Parts[0]
				h.Type = holeFormat
				f = errdex.NewTemplate(h)
			}
			out = append(out, f)
			continue
		}
		pick = nil
		clear(used)
		first := p.Parse(format, texts)
		if len(first.Problems) > 0 && !spread && !partial {
			s.x.problem(call, "format %q: %s", clip(format, 60), first.Problems[0])
		}
		counts := make([]int, len(args))
		for i := range args {
			counts[i] = 1
			if used[i] {
				counts[i] = len(valuesOf(i))
			}
		}
		for _, pk := range printfPicks(counts, maxAlternatives) {
			res := first
			if pk != nil {
				pick = pk
				res = p.Parse(format, texts)
			}
			parts := res.Template.Parts
			for i, part := range parts {
				if part.IsHole() && part.Type == errdex.HoleAny {
					if a, ok := byText[part.Expr]; ok {
						parts[i].Type = s.typeOf(a)
					}
				}
			}
			if partial {
				res.Template = unplace(res.Template, f)
			}
			out = append(out, res.Template)
		}
	}
	return dedupe(out, maxAlternatives)
}

// packageName reports whether name, an identifier in a function body,
// is no name the function declares (parameter, result or local): a
// package-level one. It is false outside a function body.
func (s scope) packageName(name string) bool {
	return s.fn != nil && s.fn.body != nil && !s.fn.infoOf().locals[name]
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// printfPicks enumerates the choices of one message per argument, counts
// giving how many each has: the first choice (every argument's first
// message) as nil, then the others in order, the last argument varying
// fastest, at most n in all.
func printfPicks(counts []int, n int) [][]int {
	out := [][]int{nil}
	pick := make([]int, len(counts))
	for len(out) < n {
		i := len(counts) - 1
		for ; i >= 0; i-- {
			if pick[i]++; pick[i] < counts[i] {
				break
			}
			pick[i] = 0
		}
		if i < 0 {
			break
		}
		out = append(out, slices.Clone(pick))
	}
	return out
}

// literalText returns a template's text when it has no holes.
func literalText(t errdex.Template) (string, bool) {
	if len(t.Holes()) > 0 {
		return "", false
	}
	return t.String(), true
}

func isSingleHole(t errdex.Template) bool {
	return len(t.Parts) == 1 && t.Parts[0].IsHole()
}

// sprint gives the message of fmt.Sprint (spaces between operands when
// neither is a string) or fmt.Sprintln (spaces always; the final newline is
// left out, as the end of a message).
func (s scope) sprint(args []ast.Expr, ln bool, depth int) []errdex.Template {
	out := one()
	for i, a := range args {
		if i > 0 && (ln || !s.isString(args[i-1]) && !s.isString(a)) {
			out = product(out, one(errdex.Lit(" ")))
		}
		out = product(out, s.tmpl(a, depth+1))
	}
	return out
}

// isString reports whether e is known to be a string.
func (s scope) isString(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (s.isString(e.X) || s.isString(e.Y))
	}
	return s.typeOf(e) == errdex.HoleStr
}

// isNumber reports whether e is known to be a number: a numeric
// literal, arithmetic on one (-1, n*2, i + 1), len(s), a conversion
// int(x), a name declared with a numeric type.
func (s scope) isNumber(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind != token.STRING
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && s.isNumber(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD:
			// A string literal makes it text whatever the other operand's
			// guessed type (a name declared int elsewhere in the function).
			return !isStringLit(e.X) && !isStringLit(e.Y) && (s.isNumber(e.X) || s.isNumber(e.Y))
		case token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
			return true // no operator of strings
		}
		return false
	case *ast.CallExpr: // len(s), int(x); typeOf takes strconv.Itoa(n) for a number too
		if name, recv := calleeName(e); recv == "" && (name == "len" || name == "cap") {
			return true
		}
		if len(e.Args) != 1 {
			return false
		}
		switch holeTypeOf(e.Fun) {
		case errdex.HoleInt, errdex.HoleFloat:
			return true
		}
	case *ast.Ident:
		switch s.typeOf(e) {
		case errdex.HoleInt, errdex.HoleFloat:
			return true
		}
	}
	return false
}

// isStringLit reports whether e is a string literal.
func isStringLit(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// typeOf guesses a hole type from declarations in the function and the
// file (parameters, variables, struct fields of the receiver) and, failing
// that, from Go's naming conventions (err, ErrX, path).
func (s scope) typeOf(e ast.Expr) errdex.HoleType {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return s.typeOf(e.X)
	case *ast.BasicLit:
		switch e.Kind {
		case token.INT:
			return errdex.HoleInt
		case token.FLOAT:
			return errdex.HoleFloat
		case token.STRING:
			return errdex.HoleStr
		}
	case *ast.Ident:
		if s.fn != nil {
			if t, ok := s.fn.infoOf().types[e.Name]; ok {
				if h := holeTypeOf(t); h != errdex.HoleAny {
					return refineByName(h, e.Name)
				}
			}
		}
		return refineByName(errdex.HoleAny, e.Name)
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && s.fn != nil && id.Name == s.fn.recvName && id.Name != "" {
			if t := s.x.fieldType(s.fn.recvType, e.Sel.Name); t != nil {
				if h := holeTypeOf(t); h != errdex.HoleAny {
					return refineByName(h, e.Sel.Name)
				}
			}
		}
		return refineByName(errdex.HoleAny, e.Sel.Name)
	case *ast.CallExpr:
		name, recv := calleeName(e)
		if t, ok := textFuncs[name]; ok {
			return t
		}
		if recv == "" && len(e.Args) == 1 {
			if h := holeTypeOf(e.Fun); h != errdex.HoleAny {
				return h // a conversion: int(n), string(b)
			}
		}
		if name == "len" || name == "cap" {
			return errdex.HoleInt
		}
	}
	return errdex.HoleAny
}

// holeTypeOf maps a Go type expression to a hole type.
func holeTypeOf(t ast.Expr) errdex.HoleType {
	id, ok := t.(*ast.Ident)
	if !ok {
		return errdex.HoleAny
	}
	switch id.Name {
	case "string":
		return errdex.HoleStr
	case "error":
		return errdex.HoleError
	case "bool":
		return errdex.HoleBool
	case "float32", "float64":
		return errdex.HoleFloat
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "byte":
		return errdex.HoleInt
	}
	return errdex.HoleAny
}

// refineByName applies naming conventions: an unknown value named like an
// error is an error; a string named like a path is a path.
func refineByName(h errdex.HoleType, name string) errdex.HoleType {
	switch {
	case h == errdex.HoleAny && (name == "err" || name == "Err" || strings.HasSuffix(name, "Err") || isErrName(name)):
		return errdex.HoleError
	case (h == errdex.HoleAny || h == errdex.HoleStr) && isPathName(name):
		return errdex.HolePath
	}
	return h
}

// isPathName reports whether a name denotes a file system path.
func isPathName(name string) bool {
	switch strings.ToLower(name) {
	case "path", "filepath", "filename", "fname", "file", "dir", "dirname", "pathname", "oldpath", "newpath":
		return true
	}
	return false
}

// fieldType returns the declared type of a field of a struct type of this
// file, or nil.
func (x *fileCtx) fieldType(typ, field string) ast.Expr {
	st := x.structs[typ]
	if st == nil || st.Fields == nil {
		return nil
	}
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == field {
				return f.Type
			}
		}
	}
	return nil
}

// problem records a non-fatal note about the file at a node.
func (x *fileCtx) problem(n ast.Node, format string, args ...any) {
	if len(x.problems) < maxProblems {
		x.problems = append(x.problems, fmt.Sprintf("line %d: ", x.tf.Position(n.Pos()).Line)+fmt.Sprintf(format, args...))
	}
}
