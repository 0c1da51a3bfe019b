package javascript

import (
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/cguard"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file records the language-neutral facts of a file for the
// repository analyses (extract.FileFacts), as the Python extractor does:
// each function with its parameters and assignments, the top level as
// "<module>", the classes with their fields, the configuration the code
// reads (analysis_config.go) and what each site's statement reads. It
// makes one more pass over the flat tree, after the scan, reusing the
// scan's function scopes and classes.
//
// A function is named as its sites report it (scope.function): an
// anonymous function (a callback, an IIFE) belongs to the named function
// around it, and so do its parameters and assignments. A method has Class
// and Receiver "this"; its assignments of this.x are recorded with Target
// "this.x". A constructor is recorded twice over the same parameters and
// assignments: as "new Foo", the name its sites report, and as
// "Foo.constructor", the name of a method of Foo, under which the
// analyses find the assignments of this.x that other methods read.

// maxReads bounds the names recorded for a value or a site.
const maxReads = 8

// factWalker builds the FileFacts of one scanned file.
type factWalker struct {
	x  *fileCtx
	ff *extract.FileFacts
	// levels says what is recorded of each Function; ctors marks the
	// constructors.
	levels []recording
	ctors  map[int]bool
	// envAliases are the local names bound to process.env (const env =
	// process.env, const { env } = require('process')).
	envAliases map[string]bool
	// traced are the functions whose sites the analyses trace: those of
	// the file's sites and of its calls that Link may make sites.
	traced map[string]bool
}

// analysisFrame is a function or class being walked: the Function whose
// assignments it holds (-1 when the function is not listed), its name,
// the class whose body it is (-1 when it is not a class body), and what
// is recorded of it.
type analysisFrame struct {
	fn, class int
	name      string
	record    recording
}

// recording says which assignments of a function are recorded.
type recording uint8

const (
	recordNone  recording = iota // the function is not listed
	recordAttrs                  // its parameters and its assignments of this.x
	recordAll                    // its parameters and all its assignments
)

// analysisFacts records the facts of a scanned file whose sites are
// built. A minified file records its imports only: its one-letter names
// are reused everywhere, and its whole code is on a few lines, so that
// the values its conditions read cannot be told apart (tar's bundle
// index.min.js has 51 sites on its line 1).
func analysisFacts(x *fileCtx, minified bool) *extract.FileFacts {
	w := &factWalker{x: x, ff: &extract.FileFacts{}, ctors: map[int]bool{}, traced: map[string]bool{}}
	for _, m := range x.modules {
		w.ff.AllImports = append(w.ff.AllImports, extract.Import{Module: m})
	}
	if minified {
		return w.ff
	}
	for _, s := range x.sites {
		w.traced[s.Function] = true
	}
	for _, c := range x.facts.Calls {
		w.traced[c.Function] = true
	}
	for local, imp := range x.imports {
		if imp.Name == "env" && (imp.Module == "process" || imp.Module == "node:process") {
			w.addEnvAlias(local)
		}
	}
	w.walk()
	w.sites()
	w.finish()
	return w.ff
}

// finish drops the methods whose assignments are not recorded (nor any
// of this.x), without spare capacity in the lists that stay (the facts
// live until the analyses run), and adds each constructor's twin,
// "Foo.constructor" (see above), with the configuration it reads, which
// the analyses look up by function name.
func (w *factWalker) finish() {
	ff := w.ff
	kept := make([]extract.Function, 0, len(ff.Functions)+len(w.ctors))
	var ctors []int
	for i, fn := range ff.Functions {
		if w.levels[i] == recordAttrs && len(fn.Assigns) == 0 {
			continue
		}
		if w.ctors[i] {
			ctors = append(ctors, len(kept))
		}
		if cap(fn.Assigns) > len(fn.Assigns) {
			fn.Assigns = slices.Clone(fn.Assigns)
		}
		if cap(fn.Params) > len(fn.Params) {
			fn.Params = slices.Clone(fn.Params)
		}
		kept = append(kept, fn)
	}
	names := map[string]string{}
	for _, k := range ctors {
		twin := kept[k]
		twin.Name = twin.Class + ".constructor"
		names[kept[k].Name] = twin.Name
		kept = append(kept, twin)
	}
	ff.Functions = slices.Clone(kept)
	if len(w.traced) == 0 {
		// Only declarations are read from a file without sites.
		ff.Config = slices.DeleteFunc(ff.Config, func(u extract.ConfigUse) bool { return !u.Decl })
	}
	for _, u := range ff.Config {
		if twin, ok := names[u.Function]; ok {
			u.Function = twin
			ff.Config = append(ff.Config, u)
		}
	}
}

func (w *factWalker) addEnvAlias(name string) {
	if w.envAliases == nil {
		w.envAliases = map[string]bool{}
	}
	w.envAliases[name] = true
}

// walk makes the pass over the tree.
func (w *factWalker) walk() {
	w.ff.Functions = append(w.ff.Functions, extract.Function{Name: moduleFunction, Line: 1, EndLine: w.x.tree.Root().EndLine()})
	w.levels = append(w.levels, recordAll)
	// The analyses trace a file's values for its own sites only: a file
	// without sites records the configuration it declares.
	top := recordNone
	if len(w.traced) > 0 {
		top = recordAll
	}
	// ERROR regions are skipped as the scan skips them (and counted
	// there).
	var regions msgeval.Regions
	module := analysisFrame{fn: 0, class: -1, name: moduleFunction, record: top}
	msgeval.Walk(w.x.tree, module, &regions, func(node syntax.Node, fs *msgeval.Frames[analysisFrame]) {
		top := fs.Top()
		switch kind := node.Kind(); {
		case functionKinds[kind]:
			if sc := w.x.scopeOf[node.Index()]; sc != nil { // nil: a declaration without a body
				fs.Push(w.function(sc, top), node)
			}
		case node.IsNamed() && w.x.byNode[node.Index()] != nil: // not the keyword class
			cl := top
			cl.class = w.class(w.x.byNode[node.Index()])
			fs.Push(cl, node)
		case kind == "public_field_definition" || kind == "field_definition":
			if top.class >= 0 && node.Parent().Kind() == "class_body" {
				w.field(node, top)
			}
		case kind == "variable_declarator":
			w.declarator(node, top)
		case kind == "assignment_expression" || kind == "augmented_assignment_expression":
			w.assignment(node, top)
		case kind == "member_expression" || kind == "subscript_expression":
			w.envMember(node, top)
		case kind == "call_expression":
			w.configCall(node, top)
		case kind == "binary_expression":
			w.envTest(node, top)
		}
	})
}

// moduleFunction names the top level of a file, as its sites report it.
const moduleFunction = "<module>"

// function returns the frame of a function scope sc:
// its own Function for a named function, the enclosing frame's for an
// anonymous one. Only what the analyses may read is recorded: the
// functions with sites, with their parameters and assignments, and the
// top level; the constructors too, and the parameters and assignments of
// this.x of the other methods, which the methods with sites read. Other
// functions are not listed (in npm's code and its dependencies, 1,116
// sites in 13,149 functions).
func (w *factWalker) function(sc *scope, top analysisFrame) analysisFrame {
	if sc.name == "" {
		if top.record != recordNone {
			w.params(sc.node, &w.ff.Functions[top.fn])
		}
		top.class = -1
		return top
	}
	name := sc.function()
	record := recordNone
	switch {
	case len(w.traced) == 0:
	case w.traced[name] || sc.ctor:
		record = recordAll
	case sc.class != nil:
		record = recordAttrs
	}
	if record == recordNone {
		return analysisFrame{fn: -1, class: -1, name: name}
	}
	fn := extract.Function{Name: name, Line: sc.node.Line(), EndLine: sc.node.EndLine()}
	if sc.class != nil {
		fn.Class, fn.Receiver = sc.class.displayName(), "this"
	}
	w.params(sc.node, &fn)
	if sc.ctor {
		parameterProperties(sc.node, &fn)
	}
	k := len(w.ff.Functions)
	w.ff.Functions = append(w.ff.Functions, fn)
	w.levels = append(w.levels, record)
	if sc.ctor && fn.Class != "" {
		w.ctors[k] = true
	}
	return analysisFrame{fn: k, class: -1, name: name, record: record}
}

// params records the parameters of function node fn in f: every name a
// parameter binds, destructured ones too, with its default.
func (w *factWalker) params(fn syntax.Node, f *extract.Function) {
	if p := fn.Child("parameter"); !p.IsNull() { // x => ...
		f.Params = append(f.Params, extract.Param{Name: p.Text(), Line: p.Line(), Column: p.Start().Column + 1})
		return
	}
	for p := range fn.Child("parameters").NamedChildren() {
		switch p.Kind() {
		case "required_parameter", "optional_parameter": // TypeScript
			w.patternParams(p.Child("pattern"), p.Child("value"), f)
		case "comment":
		default:
			w.patternParams(p, syntax.Node{}, f)
		}
	}
}

// parameterProperties records the parameter properties of a TypeScript
// constructor (constructor(private readonly max: number)) as the
// assignments of this.max they are.
func parameterProperties(ctor syntax.Node, f *extract.Function) {
	for p := range ctor.Child("parameters").NamedChildren() {
		id := p.Child("pattern")
		if !p.Is("required_parameter", "optional_parameter") || id.Kind() != "identifier" {
			continue
		}
		for c := range p.Children() {
			if c.Is("accessibility_modifier", "readonly", "override_modifier") {
				f.Assigns = append(f.Assigns, extract.Assign{Target: "this." + id.Text(), Op: "=", Value: id.Text(),
					Text: factText(p.Bytes()), Line: p.Line(), Column: p.Start().Column + 1, EndLine: p.EndLine(),
					Reads: []string{id.Text()}})
				break
			}
		}
	}
}

// patternParams records the names a parameter pattern binds, def being
// the default of the whole pattern (or null).
func (w *factWalker) patternParams(p, def syntax.Node, f *extract.Function) {
	bound(p, def, func(id, def syntax.Node) {
		fp := extract.Param{Name: id.Text(), Line: id.Line(), Column: id.Start().Column + 1}
		if !def.IsNull() {
			fp.Default, fp.HasDefault = factText(def.Bytes()), true
			fp.Line, fp.Column = def.Line(), def.Start().Column+1
		}
		f.Params = append(f.Params, fp)
	})
}

// bound calls fn for each name pattern p binds, with its default value
// (the null node when it has none): x, x = 1, {a, b: c, d = 1}, [e, ...f].
func bound(p, def syntax.Node, fn func(id, def syntax.Node)) {
	switch p.Kind() {
	case "identifier", "shorthand_property_identifier_pattern":
		fn(p, def)
	case "assignment_pattern", "object_assignment_pattern":
		bound(p.Child("left"), p.Child("right"), fn)
	case "pair_pattern":
		bound(p.Child("value"), syntax.Node{}, fn)
	case "rest_pattern":
		for c := range p.NamedChildren() {
			bound(c, syntax.Node{}, fn)
		}
	case "object_pattern", "array_pattern":
		for c := range p.NamedChildren() {
			bound(c, syntax.Node{}, fn)
		}
	}
}

// class records a class and returns its index in ff.Classes.
func (w *factWalker) class(c *classInfo) int {
	cl := extract.Class{Name: c.displayName(), Line: c.node.Line(), EndLine: c.node.EndLine()}
	if !c.base.IsNull() {
		cl.Bases = []string{cutText(msgeval.Compact(c.base.Text()))}
	}
	w.ff.Classes = append(w.ff.Classes, cl)
	return len(w.ff.Classes) - 1
}

// field records a class field: port = 3000, static x = 1, or TypeScript's
// private port: number (Op ":", no value).
func (w *factWalker) field(node syntax.Node, top analysisFrame) {
	name, value := fieldName(node), node.Child("value")
	if len(w.traced) == 0 || name.Kind() != "property_identifier" && name.Kind() != "private_property_identifier" {
		return
	}
	op := "="
	if value.IsNull() {
		if node.Child("type").IsNull() {
			return
		}
		op = ":"
	}
	a := w.assign(name.Text(), op, value, node)
	cl := &w.ff.Classes[top.class]
	cl.Fields = append(cl.Fields, a)
}

// declarator records const/let/var x = value, and each name a
// destructuring declaration binds (const {PORT = 3000} = process.env).
func (w *factWalker) declarator(node syntax.Node, top analysisFrame) {
	name, value := node.Child("name"), node.Child("value")
	if value.IsNull() {
		return
	}
	if v := unwrap(value); functionKinds[v.Kind()] || v.Is("class", "class_declaration") {
		return // a function's name: its own Function
	}
	if top.fn == 0 && importValue(value) {
		return // an import: const fs = require('fs')
	}
	if name.Kind() == "identifier" {
		if isEnvObject(value, w.envAliases) {
			w.addEnvAlias(name.Text()) // const env = process.env
		}
		w.bind(top, name.Text(), "=", value, node)
		return
	}
	env := isEnvObject(value, w.envAliases)
	if !env && name.Kind() == "object_pattern" && msgeval.Compact(unwrap(value).Text()) == "process" {
		for c := range name.NamedChildren() { // const { env } = process
			if c.Kind() == "shorthand_property_identifier_pattern" && c.Text() == "env" {
				w.addEnvAlias("env")
			} else if c.Kind() == "pair_pattern" && propertyName(c.Child("key")) == "env" && c.Child("value").Kind() == "identifier" {
				w.addEnvAlias(c.Child("value").Text())
			}
		}
	}
	bound(name, syntax.Node{}, func(id, def syntax.Node) {
		a := w.bind(top, id.Text(), "=", value, node)
		destructured(a, id, def)
		if env && name.Kind() == "object_pattern" {
			w.envDestructured(id, def, node, top, a)
		}
	})
}

// destructured places the assignment a of a name a destructuring pattern
// binds (id, with its default def) at the pattern's element, and adds
// what the default reads: in const { args = [], shell = env.ComSpec ||
// 'cmd' } = opts, over many lines, shell is assigned on its own line,
// which alone holds the configuration it reads.
func destructured(a *extract.Assign, id, def syntax.Node) {
	if a == nil {
		return
	}
	el := id
	for p := el.Parent(); p.Is("assignment_pattern", "object_assignment_pattern", "pair_pattern", "rest_pattern"); p = p.Parent() {
		el = p
	}
	a.Line, a.Column, a.EndLine = el.Line(), el.Start().Column+1, el.EndLine()
	for _, r := range reads(def) {
		if len(a.Reads) < maxReads && !slices.Contains(a.Reads, r) {
			a.Reads = append(a.Reads, r)
		}
	}
}

// importValue reports whether a declaration's value is an import: a
// require call (require('fs'), require('./x').y), or one that compiled
// code wraps (__importDefault(require('fs'))).
func importValue(v syntax.Node) bool {
	if _, _, ok := requireCall(v); ok {
		return true
	}
	v = unwrap(v)
	if v.Kind() != "call_expression" {
		return false
	}
	_, _, ok := requireCall(firstArg(v.Child("arguments")))
	return ok
}

// assignment records x = value, x += value, this.x = value (in a
// method), and the names a destructuring assignment binds.
func (w *factWalker) assignment(node syntax.Node, top analysisFrame) {
	left, value := unwrap(node.Child("left")), node.Child("right")
	op := "="
	if node.Kind() == "augmented_assignment_expression" {
		op = node.Child("operator").Text()
	}
	switch left.Kind() {
	case "identifier":
		w.bind(top, left.Text(), op, value, node)
	case "member_expression":
		if top.fn >= 0 && w.ff.Functions[top.fn].Receiver != "" && left.Child("object").Kind() == "this" {
			w.bind(top, "this."+left.Child("property").Text(), op, value, node)
		}
	case "object_pattern", "array_pattern":
		bound(left, syntax.Node{}, func(id, def syntax.Node) { destructured(w.bind(top, id.Text(), op, value, node), id, def) })
	}
}

// bind records one assignment of target in the frame's function and
// returns it (nil when it is not recorded).
func (w *factWalker) bind(top analysisFrame, target, op string, value, node syntax.Node) *extract.Assign {
	if top.record == recordNone || top.record == recordAttrs && !strings.HasPrefix(target, "this.") {
		return nil
	}
	fn := &w.ff.Functions[top.fn]
	a := w.assign(target, op, value, node)
	if top.fn != 0 {
		a.Guards = assignGuards(node)
		for i := range a.Guards {
			a.Guards[i].Names = nil // the analyses read the names of a site's guards, not of these
		}
		a.Exit = blockExit(node)
		if op == "=" {
			a.Cover = cover(target, node)
		}
	}
	fn.Assigns = append(fn.Assigns, a)
	return &fn.Assigns[len(fn.Assigns)-1]
}

// assign builds the assignment of target made by node, a declarator, an
// assignment expression or a field.
func (w *factWalker) assign(target, op string, value, node syntax.Node) extract.Assign {
	prefix := ""
	if node.Kind() == "variable_declarator" {
		switch d := node.Parent(); d.Kind() {
		case "variable_declaration":
			prefix = "var "
		case "lexical_declaration":
			if k := d.Child("kind").Text(); k != "" {
				prefix = k + " "
			}
		}
	}
	a := extract.Assign{Target: target, Op: op, Text: cutText(prefix + factText(node.Bytes())), Line: node.Line(),
		Column: node.Start().Column + 1, EndLine: node.EndLine()}
	if !value.IsNull() {
		a.Value = factText(value.Bytes())
		if strings.HasSuffix(a.Text, a.Value) {
			a.Value = a.Text[len(a.Text)-len(a.Value):] // one copy of the text
		}
		a.Reads = reads(value)
		v := unwrap(value)
		if v.Kind() == "await_expression" {
			v = unwrap(v.NamedChild(0))
		}
		switch v.Kind() {
		case "call_expression":
			a.Callee = chainText(calleeOf(v))
		case "new_expression":
			a.Callee = chainText(v.Child("constructor"))
		}
	}
	return a
}

// sites records what each site's statement reads.
func (w *factWalker) sites() {
	for i, b := range w.x.built {
		if i >= len(w.x.sites) {
			break
		}
		if rs := siteReads(b.node); len(rs) > 0 {
			w.ff.Sites = append(w.ff.Sites, extract.SiteFacts{Site: w.x.sites[i], Reads: rs})
		}
	}
}

// siteReads returns the names the error of a site's statement reads: the
// arguments of the thrown construction or call (throw new RangeError(`bad
// port ${port}`) reads port), the thrown value itself, or the arguments
// of a call that delivers or asserts.
func siteReads(n syntax.Node) []string {
	if n.Kind() == "throw_statement" {
		n = unwrap(grammar.Operand(n))
	}
	switch n.Kind() {
	case "new_expression", "call_expression":
		return reads(n.Child("arguments"))
	case "binary_expression": // a validator's message
		return reads(n.Child("right"))
	}
	return reads(n)
}

// jsGlobals are names a read never traces to the code: built-in objects
// and functions.
var jsGlobals = map[string]bool{
	"undefined": true, "NaN": true, "Infinity": true, "Number": true, "String": true, "Boolean": true,
	"Object": true, "Array": true, "Math": true, "JSON": true, "Date": true, "Promise": true, "Symbol": true,
	"BigInt": true, "RegExp": true, "Error": true, "TypeError": true, "RangeError": true, "parseInt": true,
	"parseFloat": true, "isNaN": true, "isFinite": true, "console": true, "require": true, "Buffer": true,
	"Reflect": true, "Map": true, "Set": true,
}

// reads returns the variables and member chains expression n reads, in
// order, without duplicates, at most maxReads: a chain is read whole
// (process.env.PORT, this.opts.port, program.opts().port), a method call
// reads its object and its arguments, and nested functions are not
// entered.
func reads(n syntax.Node) []string {
	var buf [maxReads]string
	out := buf[:0]
	var walk func(n syntax.Node)
	walk = func(n syntax.Node) {
		if len(out) >= maxReads || n.IsNull() {
			return
		}
		switch n.Kind() {
		case "identifier", "shorthand_property_identifier":
			if t := n.Text(); !jsGlobals[t] && !slices.Contains(out, t) {
				out = append(out, t)
			}
			return
		case "member_expression":
			if t := chainText(n); t != "" {
				if root, _, _ := strings.Cut(t, "."); !jsGlobals[root] && !slices.Contains(out, t) && len(t) <= 80 {
					out = append(out, t)
				}
				return
			}
		case "call_expression":
			if f := calleeOf(n); f.Kind() == "member_expression" {
				walk(f.Child("object"))
			}
			walk(n.Child("arguments"))
			return
		case "new_expression":
			walk(n.Child("arguments"))
			return
		case "pair":
			walk(n.Child("value"))
			return
		case "string", "number", "regex", "comment", "property_identifier":
			return
		}
		if functionKinds[n.Kind()] || n.Is("class", "class_declaration") {
			return
		}
		for c := range n.NamedChildren() {
			walk(c)
		}
	}
	walk(n)
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// chainText is the text of a name or a member chain without white space
// (a.b.c, this.x, program.opts().port: a call without arguments is part
// of a chain), or "" when n is none.
func chainText(n syntax.Node) string {
	n = unwrap(n)
	switch n.Kind() {
	case "identifier", "this", "super":
		return n.Text()
	case "member_expression":
		obj := chainText(n.Child("object"))
		prop := n.Child("property")
		if obj == "" || prop.Kind() != "property_identifier" && prop.Kind() != "private_property_identifier" {
			return ""
		}
		return obj + "." + prop.Text()
	case "call_expression":
		if args := argList(n.Child("arguments")); len(args) == 0 && n.Child("function").Kind() == "member_expression" {
			if f := chainText(n.Child("function")); f != "" {
				return f + "()"
			}
		}
	}
	return ""
}

// oneLine collapses the white space of source text; text on one line
// with single spaces is returned as is, without a copy.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\n\t\r") || strings.Contains(s, "  ") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// factText is source text on one line, its runs of white space
// collapsed, cut at extract.MaxFactText bytes (on a character boundary,
// with an ellipsis): only what is kept is copied, however long the
// source (an object literal of a thousand lines).
func factText(b []byte) string {
	var sb strings.Builder
	sb.Grow(min(len(b), extract.MaxFactText+len("…")+3))
	space := false
	for _, c := range b {
		switch c {
		case ' ', '\n', '\t', '\r', '\f', '\v':
			space = sb.Len() > 0
			continue
		}
		if sb.Len() >= extract.MaxFactText && c&0xC0 != 0x80 {
			sb.WriteString("…")
			break
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// cutText cuts s at extract.MaxFactText bytes, on a character boundary,
// with an ellipsis.
func cutText(s string) string {
	if len(s) <= extract.MaxFactText {
		return s
	}
	cut := extract.MaxFactText
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// assignGuards returns the conditions under which the assignment at n
// runs, relative to the body of its function, outermost first: the
// enclosing ifs as cguard gives a site's (without the early exits before
// it), loops (kind "for", or "while" for a loop with a condition),
// catch clauses (kind "except") and switch cases (kind "match").
func assignGuards(n syntax.Node) []errdex.Guard {
	g := cguard.JavaScript
	var out []errdex.Guard
	child := n
	for p := n.Parent(); !p.IsNull() && !g.Functions[p.Kind()]; child, p = p, p.Parent() {
		if child.FieldName() != "body" && child.FieldName() != "consequence" && child.FieldName() != "alternative" &&
			!p.Is("if_statement") {
			continue
		}
		switch p.Kind() {
		case "if_statement":
			out = append(out, g.IfGuards(p, child)...)
		case "for_in_statement":
			if child.FieldName() == "body" {
				op := " of "
				for c := range p.Children() {
					if c.Kind() == "in" {
						op = " in "
					}
				}
				cond := cutText(oneLine(p.Child("left").Text()) + op + oneLine(p.Child("right").Text()))
				out = append(out, errdex.Guard{Condition: cond, Source: cond, Kind: "for", Line: p.Line()})
			}
		case "for_statement", "while_statement":
			if child.FieldName() == "body" {
				c := p.Child("condition")
				for c.Kind() == "parenthesized_expression" || c.Kind() == "expression_statement" {
					c = c.NamedChild(0)
				}
				cond, kind := "true", "while"
				if !c.IsNull() && c.Kind() != "empty_statement" {
					cond = factText(c.Bytes())
				}
				out = append(out, errdex.Guard{Condition: cond, Source: cond, Kind: kind, Line: p.Line()})
			}
		case "catch_clause":
			cond := "catch"
			if par := p.Child("parameter"); !par.IsNull() {
				cond += " (" + oneLine(par.Text()) + ")"
			}
			out = append(out, errdex.Guard{Condition: cond, Source: cond, Kind: "except", Line: p.Line()})
		case "switch_case", "switch_default":
			if child.FieldName() == "body" {
				out = append(out, caseGuard(p))
			}
		}
		if len(out) >= cguard.MaxGuards {
			break
		}
	}
	if len(out) > cguard.MaxGuards {
		out = out[:cguard.MaxGuards]
	}
	slices.Reverse(out)
	return out
}

// caseGuard is the guard of a switch's case or default clause: subject
// === value, or for the default, the subject differs from every case's
// value (at most three; "default" beyond).
func caseGuard(c syntax.Node) errdex.Guard {
	subject := unwrap(c.Parent().Parent().Child("value"))
	s := oneLine(subject.Text())
	g := errdex.Guard{Kind: "match", Line: c.Line()}
	if c.Kind() == "switch_case" {
		v := oneLine(c.Child("value").Text())
		g.Condition, g.Source = cutText(s+" === "+v), cutText("case "+v)
		return g
	}
	var parts []string
	for o := range c.Parent().NamedChildren() {
		if o.Kind() == "switch_case" {
			parts = append(parts, s+" !== "+oneLine(o.Child("value").Text()))
		}
	}
	g.Condition, g.Source = "switch ("+s+") default", "default"
	if len(parts) > 0 && len(parts) <= 3 {
		g.Condition = cutText(strings.Join(parts, " && "))
	}
	return g
}

// blockExit returns the line of the return or throw that ends the
// innermost block holding n, or 0 (also when that block is the body of
// the function).
func blockExit(n syntax.Node) int {
	for p := n.Parent(); !p.IsNull(); p = p.Parent() {
		if cguard.JavaScript.Functions[p.Kind()] {
			return 0
		}
		if p.Kind() != "statement_block" {
			continue
		}
		if functionKinds[p.Parent().Kind()] {
			return 0
		}
		last := grammar.Last(p)
		if last.Is("return_statement", "throw_statement") {
			return last.Line()
		}
		return 0
	}
	return 0
}

// cover returns the line of the if statement (the head of an else-if
// chain) one of whose clauses n, an assignment, is a top-level statement
// of, when the chain ends in an else and each of its clauses assigns
// target at its top level; else 0.
func cover(target string, n syntax.Node) int {
	st := n.Parent()
	if st.Kind() != "expression_statement" {
		return 0 // a declaration in a clause is another variable
	}
	clause := st.Parent()
	if clause.Kind() == "statement_block" {
		st, clause = clause, clause.Parent()
	}
	var ifStmt syntax.Node
	switch {
	case clause.Kind() == "if_statement" && st.FieldName() == "consequence":
		ifStmt = clause
	case clause.Kind() == "else_clause":
		ifStmt = clause.Parent()
	default:
		return 0
	}
	for { // the head of the else-if chain
		p := ifStmt.Parent()
		if p.Kind() != "else_clause" || p.Parent().Kind() != "if_statement" {
			break
		}
		ifStmt = p.Parent()
	}
	head := ifStmt
	for {
		if !assignsAtTop(ifStmt.Child("consequence"), target) {
			return 0
		}
		alt := ifStmt.Child("alternative")
		if alt.IsNull() {
			return 0 // no else: the value may stay
		}
		body := alt.NamedChild(0)
		for body.Kind() == "comment" {
			body = body.NextNamedSibling()
		}
		if body.Kind() != "if_statement" {
			if !assignsAtTop(body, target) {
				return 0
			}
			return head.Line()
		}
		ifStmt = body
	}
}

// assignsAtTop reports whether st, a statement or a block, assigns target
// with "=" in a statement of its own (not nested in another).
func assignsAtTop(st syntax.Node, target string) bool {
	stmts := []syntax.Node{st}
	if st.Kind() == "statement_block" {
		stmts = nil
		for c := range st.NamedChildren() {
			stmts = append(stmts, c)
		}
	}
	for _, s := range stmts {
		if s.Kind() != "expression_statement" {
			continue
		}
		if e := unwrap(s.NamedChild(0)); e.Kind() == "assignment_expression" && msgeval.Compact(unwrap(e.Child("left")).Text()) == target {
			return true
		}
	}
	return false
}
