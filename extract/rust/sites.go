package rust

import (
	"github.com/errdex/errdex/extract/cguard"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// file is the state of extracting one file.
type file struct {
	opts  Options
	tree  *syntax.Tree
	mods  []string
	facts *facts
	// Bindings by variable name, in source order: let declarations,
	// and assignments (=, +=, push_str) that may change them.
	lets    map[string][]syntax.Node
	assigns map[string][]syntax.Node
	// consts are the values of the file's const and static items.
	consts map[string]syntax.Node
	// methods are the functions of the file's impl blocks, by
	// "Type::name".
	methods map[string]syntax.Node
	// enums and structs are the file's enum and struct items by name.
	enums, structs map[string]syntax.Node
	// debugImpls are the file's hand-written impl Debug blocks, by type.
	debugImpls map[string]syntax.Node
	// globEnums are the types whose variants a use declaration of the
	// file imports by a glob (use error::Error::*), in source order.
	globEnums []string

	sites []*errdex.Site
	// siteNodes are the nodes of the sites, for the facts of what their
	// statements read (see analysisFacts).
	siteNodes map[*errdex.Site]syntax.Node
	notes     msgeval.Notes
	budget    msgeval.Budget

	// expansion, in a pass over macro bodies for one invocation, is what
	// the invocation binds and the transcriber the pass reads (see
	// expandTables); nil otherwise.
	expansion *expansion
}

func newFile(f *extract.File, opts Options) *file {
	return &file{
		opts:       opts,
		tree:       f.Tree,
		mods:       modulePath(f.Path),
		facts:      &facts{calls: extract.CallLog{Max: maxCalls}},
		lets:       map[string][]syntax.Node{},
		assigns:    map[string][]syntax.Node{},
		consts:     map[string]syntax.Node{},
		methods:    map[string]syntax.Node{},
		enums:      map[string]syntax.Node{},
		structs:    map[string]syntax.Node{},
		debugImpls: map[string]syntax.Node{},
		budget:     msgeval.Budget{MaxSteps: maxSteps, MaxDepth: maxDepth},
	}
}

// run indexes the file's bindings and error types, then builds the sites
// of every candidate node.
func (x *file) run() {
	root := x.tree.Root()
	for c := range root.NamedChildren() {
		if c.Kind() == "inner_attribute_item" && isTestAttr(c.NamedChild(0)) && !x.opts.Tests {
			return // #![cfg(test)]: the whole file is test code
		}
	}
	var cands []syntax.Node
	for n := range root.Descendants() {
		switch n.Kind() {
		case "use_declaration":
			if arg := msgeval.Compact(n.Child("argument").Text()); strings.HasSuffix(arg, "::*") {
				if t := lastSegment(strings.TrimSuffix(arg, "::*")); t != "" && unicode.IsUpper(rune(t[0])) {
					x.globEnums = append(x.globEnums, t)
				}
			}
		case "let_declaration":
			if p := n.Child("pattern"); p.Kind() == "identifier" {
				x.lets[p.Text()] = append(x.lets[p.Text()], n)
			}
		case "assignment_expression", "compound_assignment_expr":
			if l := n.Child("left"); l.Kind() == "identifier" &&
				(n.Kind() == "assignment_expression" || n.Child("operator").Text() == "+=") {
				x.assigns[l.Text()] = append(x.assigns[l.Text()], n)
			}
		case "const_item", "static_item":
			if v := n.Child("value"); !v.IsNull() {
				x.consts[n.Child("name").Text()] = v
			}
		case "call_expression":
			x.recordCall(n)
			if fn := n.Child("function"); fn.Kind() == "field_expression" {
				if recv := fn.Child("value"); recv.Kind() == "identifier" && fn.Child("field").Text() == "push_str" {
					x.assigns[recv.Text()] = append(x.assigns[recv.Text()], n)
				}
			}
			cands = append(cands, n)
		case "function_item":
			if impl := n.Parent().Parent(); impl.Kind() == "impl_item" {
				x.methods[typeName(impl.Child("type"))+"::"+n.Child("name").Text()] = n
			}
			if returnsError(n) {
				cands = append(cands, n)
			}
			if !inTestCode(n) || x.opts.Tests {
				x.errHelper(n)
			}
		case "macro_invocation", "enum_item", "struct_item":
			cands = append(cands, n)
			switch n.Kind() {
			case "enum_item":
				x.enums[n.Child("name").Text()] = n
			case "struct_item":
				x.structs[n.Child("name").Text()] = n
			}
		case "impl_item":
			switch lastSegment(typeName(n.Child("trait"))) {
			case "Error", "StdError":
				x.facts.errorTypes = append(x.facts.errorTypes, typeName(n.Child("type")))
			case "Display":
				cands = append(cands, n)
			case "":
				if n.Child("trait").IsNull() {
					cands = append(cands, n)
				}
			case "Debug":
				x.debugImpls[typeName(n.Child("type"))] = n
			}
		}
	}
	if x.expansion == nil {
		defer x.textConsts()
	}
	x.wrappers()
	for _, n := range cands {
		if !x.opts.Tests && inTestCode(n) || x.expansion != nil && !x.expansion.reads(n) {
			continue
		}
		switch n.Kind() {
		case "macro_invocation":
			x.macro(n)
		case "call_expression":
			x.call(n)
		case "enum_item", "struct_item":
			x.errorType(n)
		case "impl_item":
			if n.Child("trait").IsNull() {
				x.displayMethods(n)
			} else {
				x.display(n)
			}
		case "function_item":
			// fn unsupported() -> Self { Error::Custom("unsupported".into()) }
			if tail := blockValue(n.Child("body")); !tail.IsNull() && !x.notes.Broken(tail) {
				before := len(x.sites)
				if x.constructed(tail, errdex.KindRaise) && len(x.sites) > before {
					s := x.sites[len(x.sites)-1]
					c := x.facts.constructions[s]
					c.helper = true
					x.facts.constructions[s] = c
				}
			}
		}
	}
}

// add records a site built from v: its first alternative is the template,
// the others are alternatives.
func (x *file) add(kind errdex.SiteKind, exc string, n syntax.Node, fn string, v msgeval.Value) *errdex.Site {
	if len(v.Alts) == 0 {
		return nil
	}
	s := msgeval.NewSite(kind, exc, fn, n, v.Alts)
	s.Guards = cguard.Guards(n, cguard.Rust)
	x.sites = append(x.sites, s)
	if x.siteNodes == nil {
		x.siteNodes = map[*errdex.Site]syntax.Node{}
	}
	x.siteNodes[s] = n
	return s
}

// stringKind is errors-new for a fixed message and errorf for a formatted
// one.
func stringKind(v msgeval.Value) errdex.SiteKind {
	if len(v.Alts) > 0 && len(v.Alts[0].Holes()) > 0 {
		return errdex.KindErrorf
	}
	return errdex.KindErrorsNew
}

// prefixed puts prefix and ": " before each alternative of msg, or
// returns the bare prefix when there is no message.
func prefixed(prefix string, msg *msgeval.Value) msgeval.Value {
	p := msgeval.Lit(prefix)
	if msg == nil {
		return p
	}
	return rules.Concat(rules.Concat(p, msgeval.Lit(": ")), *msg)
}

// macro builds the site of a panicking or error-making macro.
func (x *file) macro(n syntax.Node) {
	name := macroName(n)
	switch name {
	case "panic", "unreachable", "todo", "unimplemented", "assert", "debug_assert",
		"assert_eq", "assert_ne", "debug_assert_eq", "debug_assert_ne",
		"bail", "anyhow", "format_err", "eyre", "ensure":
	default:
		return
	}
	if x.notes.Broken(n) {
		return
	}
	args := macroArgs(macroTokens(n))
	fn := x.function(n)
	// message evaluates args as a format message, or nil when there are
	// none.
	message := func(args []tokArg) *msgeval.Value {
		if len(args) == 0 {
			return nil
		}
		if v, ok := x.format(args, n, 0); ok {
			return &v
		}
		v := x.evalTokens(args[0], n, 0)
		return &v
	}
	switch name {
	case "panic":
		msg := message(args)
		if msg == nil {
			x.add(errdex.KindPanic, "", n, fn, msgeval.Lit("explicit panic"))
			return
		}
		x.add(errdex.KindPanic, "", n, fn, *msg)
	case "unreachable":
		x.add(errdex.KindPanic, "", n, fn, prefixed("internal error: entered unreachable code", message(args)))
	case "todo":
		x.add(errdex.KindPanic, "", n, fn, prefixed("not yet implemented", message(args)))
	case "unimplemented":
		x.add(errdex.KindPanic, "", n, fn, prefixed("not implemented", message(args)))
	case "assert", "debug_assert":
		if len(args) == 0 {
			return
		}
		if msg := message(args[1:]); msg != nil {
			x.add(errdex.KindAssert, "", n, fn, *msg)
			return
		}
		x.add(errdex.KindAssert, "", n, fn, msgeval.Lit("assertion failed: "+template.Stringize(args[0].text(), template.StringizeRust)))
	case "assert_eq", "assert_ne", "debug_assert_eq", "debug_assert_ne":
		if len(args) < 2 {
			return
		}
		op := "=="
		if strings.HasSuffix(name, "_ne") {
			op = "!="
		}
		x.add(errdex.KindAssert, "", n, fn, assertEq(op, args[0], args[1], message(args[2:])))
	case "bail", "anyhow", "format_err", "eyre":
		msg := message(args)
		if msg == nil || !meaningful(*msg) {
			return // anyhow!(err) wraps an existing error
		}
		x.add(errdex.KindErrorf, "", n, fn, *msg)
	case "ensure":
		if len(args) == 0 {
			return
		}
		if msg := message(args[1:]); msg != nil {
			x.add(errdex.KindCheckMacro, "", n, fn, *msg)
			return
		}
		x.add(errdex.KindCheckMacro, "", n, fn, conditionFailed(args[0]))
	}
}

// assertEq is the message of a failed assert_eq!/assert_ne!: Rust 1.73's
// form first, the older form as an alternative.
func assertEq(op string, left, right tokArg, msg *msgeval.Value) msgeval.Value {
	l, r := debugPart(left.toks), debugPart(right.toks)
	head := msgeval.Lit("assertion `left " + op + " right` failed")
	if msg != nil {
		head = rules.Concat(rules.Concat(head, msgeval.Lit(": ")), *msg)
	}
	modern := rules.Concat(head, msgeval.Of(errdex.NewTemplate(errdex.Lit("\n  left: "), l, errdex.Lit("\n right: "), r)))
	old := msgeval.Of(errdex.NewTemplate(errdex.Lit("assertion failed: `(left "+op+" right)`\n  left: `"), l,
		errdex.Lit("`,\n right: `"), r, errdex.Lit("`")))
	if msg != nil {
		old = rules.Concat(rules.Concat(old, msgeval.Lit(": ")), *msg)
	}
	v := rules.Union(modern, old)
	for i, t := range v.Alts {
		v.Alts[i] = template.DistinctHoles(t)
	}
	return v
}

// conditionFailed is anyhow's message for ensure!(cond) without a message:
// "Condition failed: `a == b` (1 vs 2)" for a comparison (anyhow 1.0.58
// and later), "Condition failed: `cond`" otherwise, and as an alternative.
func conditionFailed(cond tokArg) msgeval.Value {
	text := template.Stringize(cond.text(), template.StringizeRust)
	plain := msgeval.Lit("Condition failed: `" + text + "`")
	op := -1
	for i, t := range cond.toks {
		switch {
		case t.Is("&&", "||", "=", "as"):
			return plain // not a comparison at the top
		case i > 0 && op < 0 && t.Is("==", "!=", "<", "<=", ">", ">="):
			op = i
		}
	}
	if op < 0 || op == len(cond.toks)-1 {
		return plain
	}
	detailed := msgeval.Of(template.DistinctHoles(errdex.NewTemplate(
		errdex.Lit("Condition failed: `"+text+"` ("), debugPart(cond.toks[:op]), errdex.Lit(" vs "),
		debugPart(cond.toks[op+1:]), errdex.Lit(")"))))
	return rules.Union(detailed, plain)
}

// debugPart is how Debug prints an operand given as tokens: the literal's
// text for a simple literal, else a repr hole.
func debugPart(toks []syntax.Node) errdex.Part {
	if s, ok := literalDebug(toks); ok {
		return errdex.Lit(s)
	}
	e := tokArg{toks: toks}.text()
	return errdex.HolePart(template.RustHoleName(e), rules.Expr(e), errdex.HoleRepr)
}

// optionMethods return an Option: .expect on their result prints the
// message alone.
var optionMethods = map[string]bool{
	"get": true, "get_mut": true, "next": true, "next_back": true, "first": true, "last": true, "pop": true,
	"pop_front": true, "pop_back": true, "peek": true, "find": true, "find_map": true, "position": true,
	"rposition": true, "nth": true, "max": true, "min": true, "max_by_key": true, "min_by_key": true,
	"max_by": true, "min_by": true, "strip_prefix": true, "strip_suffix": true, "parent": true,
	"file_name": true, "file_stem": true, "extension": true, "to_str": true, "checked_add": true,
	"checked_sub": true, "checked_mul": true, "checked_div": true, "upgrade": true, "take": true, "ok": true,
	"err": true, "split_once": true, "rsplit_once": true, "var_os": true, "downcast_ref": true,
	"downcast_mut": true, "get_key_value": true, "last_mut": true, "first_mut": true, "chars": true,
}

// call builds the sites of calls: Err(..), .expect(..), .context(..) and
// friends, and error constructors.
func (x *file) call(n syntax.Node) {
	fn, args := n.Child("function"), n.Child("arguments")
	nargs := args.NamedChildCount()
	x.helperCallSite(n)
	switch fn.Kind() {
	case "identifier", "scoped_identifier", "generic_function":
		if fn.Kind() == "generic_function" { // Err::<T, E>(..)
			fn = fn.Child("function")
		}
		callee := fn.Text()
		switch {
		case (callee == "Err" || callee == "Result::Err") && nargs == 1:
			if x.notes.Broken(n) {
				return
			}
			if v := x.eval(args.NamedChild(0), 0); meaningful(v) {
				x.add(stringKind(v), "", n, x.function(n), v)
			} else if !v.Text {
				x.constructed(args.NamedChild(0), errdex.KindRaise)
			}
		case fn.Kind() == "scoped_identifier" && nargs >= 1:
			x.constructor(n, fn, args)
		}
	case "field_expression":
		method := fn.Child("field").Text()
		if nargs != 1 {
			return
		}
		arg := args.NamedChild(0)
		switch method {
		case "expect", "expect_err", "context", "wrap_err", "with_context", "wrap_err_with", "ok_or", "ok_or_else", "map_err":
		default:
			return
		}
		if x.notes.Broken(n) {
			return
		}
		v := x.eval(arg, 0)
		switch method {
		case "expect":
			x.expect(n, fn.Child("value"), v)
		case "expect_err":
			x.add(errdex.KindExpect, "", n, x.function(n), rules.Concat(v, msgeval.Of(errdex.NewTemplate(
				errdex.Lit(": "), errdex.HolePart("value", "", errdex.HoleRepr)))))
		case "context", "wrap_err", "with_context", "wrap_err_with":
			if meaningful(v) {
				x.add(errdex.KindErrorf, "", n, x.function(n), v)
			}
		case "ok_or", "ok_or_else", "map_err":
			switch {
			case meaningful(v):
				if method == "map_err" {
					v = errorParam(arg, v)
				}
				x.add(stringKind(v), "", n, x.function(n), v)
			case !v.Text:
				if arg.Kind() == "closure_expression" {
					arg = arg.Child("body")
				}
				if arg.Kind() == "block" {
					arg = blockValue(arg)
				}
				x.constructed(arg, errdex.KindRaise)
			}
		}
	}
}

// expect builds the site of recv.expect(msg).
func (x *file) expect(n, recv syntax.Node, msg msgeval.Value) {
	fn := x.function(n)
	if recv.Kind() == "call_expression" {
		if f := recv.Child("function"); f.Kind() == "field_expression" && optionMethods[f.Child("field").Text()] ||
			f.Kind() == "scoped_identifier" && optionMethods[f.Child("name").Text()] {
			x.add(errdex.KindExpect, "", n, fn, msg)
			return
		}
	}
	withErr := rules.Concat(msg, msgeval.Of(errdex.NewTemplate(errdex.Lit(": "), errdex.HolePart("err", "", errdex.HoleRepr))))
	x.add(errdex.KindExpect, "", n, fn, rules.Union(withErr, msg))
}

// errorParam types as errors the holes filled by a map_err closure's
// parameter (|e| format!("read: {}", e)).
func errorParam(closure syntax.Node, v msgeval.Value) msgeval.Value {
	if closure.Kind() != "closure_expression" {
		return v
	}
	params := closure.Child("parameters")
	var name string
	for p := range params.NamedChildren() {
		if p.Kind() == "identifier" {
			name = p.Text()
		} else if id := p.Child("pattern"); id.Kind() == "identifier" {
			name = id.Text()
		}
		break
	}
	if name == "" {
		return v
	}
	out := msgeval.Value{Text: v.Text}
	for _, t := range v.Alts {
		parts := append([]errdex.Part(nil), t.Parts...)
		for i, p := range parts {
			if p.IsHole() && p.Type == errdex.HoleAny && (p.Expr == name || strings.HasPrefix(p.Expr, name+".")) {
				parts[i].Type = errdex.HoleError
			}
		}
		out.Alts = append(out.Alts, errdex.Template{Parts: parts})
	}
	return out
}

// constructorMethods build an error from a message (the last argument).
var constructorMethods = map[string]bool{"new": true, "msg": true, "custom": true, "other": true, "from": true}

// constructor builds the site of an error constructor: io::Error::new(kind,
// "..."), de::Error::custom(format!(..)), MyError::new("...").
func (x *file) constructor(n, fn, args syntax.Node) {
	typ := fn.Child("path")
	if !constructorMethods[fn.Child("name").Text()] || typ.Kind() == "generic_type" {
		return
	}
	t := strings.TrimPrefix(typ.Text(), "std::")
	if !strings.HasSuffix(lastSegment(t), "Error") {
		return
	}
	var last syntax.Node
	for a := range args.NamedChildren() {
		if !isComment(a) {
			last = a
		}
	}
	if x.notes.Broken(n) {
		return
	}
	if v := x.eval(last, 0); meaningful(v) {
		x.add(stringKind(v), t, n, x.function(n), v)
	}
}

// returnsError reports whether function fn returns a value of an error
// type: its return type's name says so, or it is Self in an impl of such
// a type.
func returnsError(fn syntax.Node) bool {
	ret := fn.Child("return_type")
	if ret.IsNull() {
		return false
	}
	typ := typeName(ret)
	if typ == "Self" {
		if impl := fn.Parent().Parent(); impl.Kind() == "impl_item" {
			typ = typeName(impl.Child("type"))
		}
	}
	return errorNamed(typ)
}
