package javascript

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file holds the one pre-order pass over a file's tree. It records
// the function scopes with their names, parameters and the assignments of
// local names inside them, the imports and requires, the classes with what
// builds their messages, and the candidate sites (throw statements and the
// calls that reject or assert). Evaluation (eval.go) and site building
// (sites.go) run after the pass, when every assignment is known.

// scope is the module (the program node) or one function.
type scope struct {
	node   syntax.Node
	parent *scope
	// name is what a stack frame prints for the function ("Foo.bar",
	// "new Foo", "fetchUser"); "" for an anonymous function, whose sites
	// belong to the enclosing named one.
	name    string
	params  []param
	assigns map[string][]assign
	// class is the class of a method; ctor marks its constructor.
	class *classInfo
	ctor  bool
	// rejects are the names of a Promise executor's reject parameter.
	rejects []string
	// captured are the local names that a nested function assigns
	// (function next() { index += 1 }): their value where the scope uses
	// them depends on when the function ran.
	captured map[string]bool
	// rewrites are the assignments of a local error's message (err.message
	// = `...: ${err}`), by the error's name, in source order.
	rewrites map[string][]syntax.Node
}

// function is the name sites in s report.
func (s *scope) function() string {
	return msgeval.Function(s, func(s *scope) string { return s.name }, "<module>")
}

// param is a function parameter; def is its default value (or null).
// A destructured object parameter ({code, message}) has no name; props
// maps its property names to the local names they bind.
type param struct {
	name  string
	def   syntax.Node
	rest  bool
	props map[string]string
}

// Import is what an imported local name refers to: Name exported by
// Module as written in the import ("./errors", "node:assert"); Name is
// "default" for a default import and "*" for the module object itself
// (import * as m, const m = require("m")).
type Import struct {
	Module string
	Name   string
}

// classInfo is a class declaration or expression.
type classInfo struct {
	name string
	node syntax.Node
	base syntax.Node // the extends expression, or null
	ctor *scope
	// superCalls are the super(...) calls of the constructor;
	// messageSets the values it assigns to this.message.
	superCalls  []syntax.Node
	messageSets []syntax.Node
	// messageAppends are its this.message += ... statements.
	messageAppends []syntax.Node
	// methodMessages are the assignments (= and +=) to this.message in
	// its other methods, by method name (setMessage() { this.message =
	// ...; this.message += ... }).
	methodMessages map[string][]syntax.Node
	// messageField is a class field "message = ..." (or null).
	messageField syntax.Node
	// fieldParams maps this.X to the constructor parameter assigned to
	// it (this.code = code).
	fieldParams map[string]string
	exported    bool
	isDefault   bool
}

type candKind uint8

const (
	candThrow    candKind = iota // throw_statement
	candReject                   // Promise.reject(E), reject(E)
	candAssert                   // assert(cond, msg) and friends
	candDeliver                  // an error handed over without throw: cb(E), this.emit('error', E), s.destroy(E)
	candReport                   // an error reported by its message: session.error(`Rule "${name}" is not defined`)
	candValidate                 // a validator's message in place of true: return n <= max || `Expected at most ${max}`
)

// candidate is a statement or call that may be a site.
type candidate struct {
	kind candKind
	node syntax.Node // throw_statement or call_expression
	arg  syntax.Node // the rejected value or the assert message
	sc   *scope
	// assert is the assert function called ("ok", "strictEqual").
	assert string
}

// fileCtx is the state of extracting one file.
type fileCtx struct {
	path    string
	lang    string
	tree    *syntax.Tree
	src     []byte
	module  *scope
	imports map[string]Import
	classes []*classInfo
	byNode  map[int]*classInfo // class node index → class
	scopeOf map[int]*scope     // function node index → its scope
	cands   []candidate
	// exported are the values assigned to exports.NAME and
	// module.exports.NAME at top level.
	exported []exportedValue
	// executors are the function nodes passed to new Promise(...).
	executors map[int]bool
	// chosen are the constructions choiceSites made sites of, by tree
	// index: a variable handed to two calls is one error.
	chosen map[int]bool
	// textOf records, by the tree index of a variable's use, whether its
	// value is text (the resolver's memo keeps the messages only).
	textOf map[int]bool

	// calls are the calls of a name, of a method of this or of a
	// method of a named object, for the calls of helpers that throw
	// (helpers.go).
	calls []candidate
	// deepCalls are the calls of a member of a member of a name
	// (webidl.errors.exception(...)), for the helpers of other modules.
	deepCalls []candidate
	// fnMessages are the values functions that are not class
	// constructors assign to this.message (function ParseError(msg) {
	// this.message = msg }), by function scope, in source order.
	fnMessages map[*scope][]syntax.Node
	fnOrder    []*scope
	// aliases are the methods assigned another method of the file
	// (pp.raiseRecoverable = pp.raise), new name → old name.
	aliases map[string]string
	// methodIndex is methods(), built once the file is read.
	methodIndex map[string]*scope
	// modules are the modules the file imports, requires or re-exports
	// from, as written ("./parse", "../utils/common.js"), in source
	// order.
	modules []string
	// codeTables are the entries of the file's tables of messages by
	// code, built at their first use (see codeMessage).
	codeTables map[string]string
	// factorySites are the sites of the file's factories' own
	// constructions, by function node index (see factorySite).
	factorySites map[int]*errdex.Site
	// built are the sites built from candidates, with what they throw.
	built []builtSite

	sites []*errdex.Site
	facts *Facts
	// File holds the regions skipped, the budget and the resolvers.
	msgeval.File[*scope]
}

type exportedValue struct {
	name  string
	value syntax.Node
}

// frame is where a node of the pass is: its scope and its class.
type frame struct {
	sc    *scope
	class *classInfo
}

// functionNodes are the nodes that open a function scope; functionKinds
// holds them as a set.
var (
	functionNodes = []string{"function_declaration", "generator_function_declaration", "function_expression",
		"function", "generator_function", "arrow_function", "method_definition"}
	functionKinds = func() map[string]bool {
		m := map[string]bool{}
		for _, k := range functionNodes {
			m[k] = true
		}
		return m
	}()
)

// scan makes the pass over f's tree.
func scan(f *extract.File) *fileCtx {
	tree := f.Tree
	root := tree.Root()
	x := &fileCtx{
		path: f.Path, lang: f.Language, tree: tree, src: tree.Source(),
		imports: map[string]Import{}, byNode: map[int]*classInfo{}, scopeOf: map[int]*scope{}, executors: map[int]bool{},
		textOf: map[int]bool{},
	}
	x.Budget = msgeval.Budget{MaxSteps: maxSteps, MaxDepth: maxDepth}
	x.Resolver = msgeval.Resolver[*scope]{Rules: rules, Eval: x.eval}
	x.Throws = msgeval.Throws[*scope]{Rules: rules, Value: x.thrownValue,
		Constructs: func(v syntax.Node) bool { return unwrap(v).Is("new_expression", "call_expression") }}
	x.module = &scope{node: root, assigns: map[string][]assign{}}
	x.facts = &Facts{Path: f.Path, Imports: x.imports, calls: extract.CallLog{Max: maxCalls}}
	msgeval.Walk(tree, frame{sc: x.module}, &x.Regions, x.visit)
	x.captures()
	return x
}

// isWrite reports whether a binding node changes a name already declared:
// an assignment, x += y, x++ (not a declaration).
func isWrite(n syntax.Node) bool {
	return n.Is("assignment_expression", "augmented_assignment_expression", "update_expression")
}

// captures marks the names that functions assign in the scopes that
// declare them, further out.
func (x *fileCtx) captures() {
	for _, s := range x.scopeOf {
		for name, bs := range s.assigns {
			if !x.writesOnly(s, name, bs) {
				continue
			}
			for d := s.parent; d != nil; d = d.parent {
				if _, param := d.Param(name); param || len(d.assigns[name]) > 0 && !x.writesOnly(d, name, d.assigns[name]) {
					if d.captured == nil {
						d.captured = map[string]bool{}
					}
					d.captured[name] = true
					break
				}
			}
		}
	}
}

// writesOnly reports whether scope s only assigns name without declaring
// it (no declaration, function or parameter of s binds it).
func (x *fileCtx) writesOnly(s *scope, name string, bs []assign) bool {
	if _, param := s.Param(name); param {
		return false
	}
	for _, b := range bs {
		if !isWrite(x.tree.At(b.At)) {
			return false
		}
	}
	return true
}

// visit records what one node of the pass adds: a function or class, an
// import, a binding of a local name, a candidate site.
func (x *fileCtx) visit(node syntax.Node, fs *msgeval.Frames[frame]) {
	top := fs.Top()
	sc, cls := top.sc, top.class
	kind := node.Kind()
	switch {
	case functionKinds[kind]:
		if node.Child("body").IsNull() {
			return // a declaration without a body (TS overloads)
		}
		s := x.pushFunction(node, sc, cls)
		fs.Push(frame{sc: s, class: cls}, node)
		return
	case kind == "class_declaration" || kind == "class" || kind == "abstract_class_declaration":
		c := x.pushClass(node)
		fs.Push(frame{sc: sc, class: c}, node)
		return
	}
	switch kind {
	case "throw_statement":
		if !x.Regions.Broken(node) {
			x.cands = append(x.cands, candidate{kind: candThrow, node: node, sc: sc})
		}
	case "binary_expression":
		if isValidation(node) {
			x.cands = append(x.cands, candidate{kind: candValidate, node: node, arg: node.Child("right"), sc: sc})
		}
	case "call_expression":
		x.call(node, sc)
		x.recordCall(node, sc)
		if fn := node.Child("function"); fn.Kind() == "identifier" && fn.Text() == "require" || fn.Kind() == "import" {
			x.usesModule(firstArg(node.Child("arguments"))) // require('./x'), import('./x')
		}
		if spec, ok := exportStar(node); ok {
			x.facts.ReExports = append(x.facts.ReExports, spec)
		}
		if fn := calleeOf(node); fn.Kind() == "identifier" ||
			fn.Kind() == "member_expression" && (fn.Child("object").Is("this", "identifier") || thisChain(fn.Child("object"))) {
			x.calls = append(x.calls, candidate{node: node, sc: sc})
		} else if fn.Kind() == "member_expression" && rootName(fn) != "" {
			x.deepCalls = append(x.deepCalls, candidate{node: node, sc: sc})
		}
	case "new_expression":
		if ctor := node.Child("constructor"); ctor.Kind() == "identifier" && ctor.Text() == "Promise" {
			if fn := unwrap(node.Child("arguments").NamedChild(0)); fn.Is("arrow_function", "function_expression", "function") {
				x.executors[fn.Index()] = true
			}
		}
	case "variable_declarator":
		x.declarator(node, sc)
	case "assignment_expression":
		x.assignment(node, sc)
	case "augmented_assignment_expression":
		if left := node.Child("left"); left.Kind() == "identifier" {
			k := msgeval.BindOpaque
			if node.Child("operator").Text() == "+=" {
				k = msgeval.BindAdd
			}
			x.bind(sc, left.Text(), k, node, node.Child("right"))
		} else if left.Kind() == "member_expression" && node.Child("operator").Text() == "+=" {
			x.rewrite(left, node, sc) // e.message += ' while compiling'
			if left.Child("object").Kind() == "this" && left.Child("property").Text() == "message" {
				if cls := ctorClass(sc); cls != nil {
					cls.messageAppends = append(cls.messageAppends, node)
				} else {
					methodMessage(sc, node)
				}
			}
		}
	case "update_expression":
		if arg := node.Child("argument"); arg.Kind() == "identifier" {
			x.bind(sc, arg.Text(), msgeval.BindOpaque, node, syntax.Node{})
		}
	case "for_in_statement":
		x.patternNames(node.Child("left"), sc, node)
	case "catch_clause":
		if p := node.Child("parameter"); p.Kind() == "identifier" {
			x.bindIn(sc, p.Text(), msgeval.BindCaught, p, node.Child("body"))
		} else if !p.IsNull() {
			x.patternNames(p, sc, node)
		}
	case "import_statement":
		x.importStatement(node)
		if !typeOnly(node) {
			x.usesModule(node.Child("source"))
		}
	case "import_alias", "import_require_clause":
		x.importRequire(node)
	case "public_field_definition", "field_definition":
		if cls != nil && fs.End() == cls.node.SkipSubtree() {
			x.classField(node, cls)
		}
	case "export_statement":
		if !typeOnly(node) {
			x.usesModule(node.Child("source")) // export * from './x'
			if src := node.Child("source"); src.Kind() == "string" {
				x.facts.ReExports = append(x.facts.ReExports, decodeString(src))
			}
		}
		if d := node.Child("declaration"); !d.IsNull() {
			if c := x.byNode[d.Index()]; c != nil {
				c.exported = true
			}
		}
	}
}

// unwrap looks through parentheses and TypeScript's type-only wrappers
// (x as T, x!, <T>x, x satisfies T).
func unwrap(n syntax.Node) syntax.Node {
	for {
		switch n.Kind() {
		case "parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion":
			var inner syntax.Node
			for c := range n.NamedChildren() {
				if c.Kind() == "comment" || c.Kind() == "type_arguments" {
					continue
				}
				inner = c
				if n.Kind() != "type_assertion" {
					break
				}
			}
			if inner.IsNull() {
				return n
			}
			n = inner
		default:
			return n
		}
	}
}

// pushFunction opens the scope of a function node.
func (x *fileCtx) pushFunction(node syntax.Node, parent *scope, cls *classInfo) *scope {
	s := &scope{node: node, parent: parent, assigns: map[string][]assign{}}
	x.scopeOf[node.Index()] = s
	if node.Kind() == "method_definition" && cls != nil && node.Parent().Kind() == "class_body" &&
		node.Parent().Parent().Index() == cls.node.Index() {
		s.class = cls
		name := propertyName(node.Child("name"))
		if name == "constructor" {
			s.ctor = true
			cls.ctor = s
			s.name = "new " + cls.displayName()
		} else {
			s.name = cls.displayName() + "." + name
		}
	} else {
		s.name = x.functionName(node)
	}
	x.params(node, s)
	if x.executors[node.Index()] && len(s.params) >= 2 && !s.params[1].rest {
		s.rejects = []string{s.params[1].name}
	}
	// A named function declaration binds its name in the enclosing scope.
	if node.Is("function_declaration", "generator_function_declaration") {
		if id := node.Child("name"); !id.IsNull() {
			x.bind(parent, id.Text(), msgeval.BindFunc, node, node)
		}
	}
	return s
}

func (c *classInfo) displayName() string {
	if c.name == "" {
		return "<anonymous>"
	}
	return c.name
}

// propertyName is the name of a method or field as a frame prints it.
func propertyName(n syntax.Node) string {
	switch n.Kind() {
	case "string":
		return decodeString(n)
	case "computed_property_name":
		return "[" + msgeval.Compact(strings.Trim(n.Text(), "[]")) + "]"
	}
	return n.Text()
}

// functionName infers the name V8 gives a function that is not a class
// method: its own name, or the name of what it is assigned to.
func (x *fileCtx) functionName(fn syntax.Node) string {
	if fn.Kind() != "arrow_function" && fn.Kind() != "method_definition" {
		if id := fn.Child("name"); !id.IsNull() {
			return id.Text()
		}
	}
	if fn.Kind() == "method_definition" {
		obj := fn.Parent()
		if owner := x.valueName(obj); owner != "" {
			return owner + "." + propertyName(fn.Child("name"))
		}
		return propertyName(fn.Child("name"))
	}
	return x.valueName(fn)
}

// valueName is the name a value (a function or an object literal) takes
// from where it is stored: a variable, an assigned member, an object key,
// a class field, a default export. It returns "" for values passed on
// (call arguments, returns).
func (x *fileCtx) valueName(v syntax.Node) string {
	p := v.Parent()
	for p.Is("parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion") {
		v, p = p, p.Parent()
	}
	switch p.Kind() {
	case "variable_declarator":
		if id := p.Child("name"); id.Kind() == "identifier" && p.Child("value").Index() == v.Index() {
			return id.Text()
		}
	case "assignment_expression":
		if p.Child("right").Index() != v.Index() {
			break
		}
		left := unwrap(p.Child("left"))
		if left.Kind() == "member_expression" && left.Child("object").Kind() == "this" {
			if c := x.enclosingClass(p); c != nil {
				return c.displayName() + "." + propertyName(left.Child("property"))
			}
		}
		return memberName(left)
	case "pair":
		if p.Child("value").Index() == v.Index() {
			key := propertyName(p.Child("key"))
			if owner := x.valueName(p.Parent()); owner != "" {
				return owner + "." + key
			}
			return key
		}
	case "public_field_definition", "field_definition":
		key := propertyName(fieldName(p))
		if c := x.enclosingClass(p); c != nil {
			return c.displayName() + "." + key
		}
		return key
	case "export_statement":
		return "default"
	}
	return ""
}

func fieldName(field syntax.Node) syntax.Node {
	if n := field.Child("name"); !n.IsNull() {
		return n
	}
	return field.Child("property")
}

// memberName renders an assignment target as a frame names the function
// stored there: "exports.f", "module.exports", "Foo.bar" for
// Foo.prototype.bar, "handler" for this.handler.
func memberName(left syntax.Node) string {
	s := msgeval.Compact(left.Text())
	s = strings.TrimPrefix(s, "this.")
	s = strings.Replace(s, ".prototype.", ".", 1)
	if len(s) > 80 {
		return ""
	}
	return s
}

func (x *fileCtx) enclosingClass(n syntax.Node) *classInfo {
	for a := range n.Ancestors() {
		if c := x.byNode[a.Index()]; c != nil {
			return c
		}
	}
	return nil
}

// params records a function's parameters.
func (x *fileCtx) params(fn syntax.Node, s *scope) {
	if p := fn.Child("parameter"); !p.IsNull() { // x => ...
		s.params = append(s.params, param{name: p.Text()})
		return
	}
	for p := range fn.Child("parameters").NamedChildren() {
		var pr param
		switch p.Kind() {
		case "identifier":
			pr.name = p.Text()
		case "assignment_pattern":
			pr.name, pr.def = p.Child("left").Text(), p.Child("right")
		case "rest_pattern":
			pr.name, pr.rest = restName(p), true
		case "object_pattern":
			pr.props = patternProps(p)
		case "required_parameter", "optional_parameter":
			pat := p.Child("pattern")
			switch pat.Kind() {
			case "identifier":
				pr.name, pr.def = pat.Text(), p.Child("value")
			case "rest_pattern":
				pr.name, pr.rest = restName(pat), true
			case "object_pattern":
				pr.props = patternProps(pat)
			}
		case "comment":
			continue
		}
		s.params = append(s.params, pr)
	}
}

// patternProps maps the properties of an object pattern ({a, b: c, d =
// 1}) to the local names they bind.
func patternProps(p syntax.Node) map[string]string {
	props := map[string]string{}
	for c := range p.NamedChildren() {
		switch c.Kind() {
		case "shorthand_property_identifier_pattern":
			props[c.Text()] = c.Text()
		case "object_assignment_pattern":
			if l := c.Child("left"); l.Kind() == "shorthand_property_identifier_pattern" {
				props[l.Text()] = l.Text()
			}
		case "pair_pattern":
			if v := c.Child("value"); v.Kind() == "identifier" {
				props[propertyName(c.Child("key"))] = v.Text()
			}
		}
	}
	return props
}

func restName(p syntax.Node) string {
	for c := range p.NamedChildren() {
		if c.Kind() == "identifier" {
			return c.Text()
		}
	}
	return ""
}

// pushClass records a class declaration or expression.
func (x *fileCtx) pushClass(node syntax.Node) *classInfo {
	c := &classInfo{node: node, fieldParams: map[string]string{}}
	if id := node.Child("name"); !id.IsNull() {
		c.name = id.Text()
	} else {
		c.name = x.valueName(node)
	}
	for h := range node.NamedChildren() {
		if h.Kind() != "class_heritage" {
			continue
		}
		for e := range h.NamedChildren() {
			switch e.Kind() {
			case "extends_clause": // TypeScript
				c.base = e.Child("value")
			case "implements_clause", "comment":
			default:
				if c.base.IsNull() {
					c.base = e
				}
			}
		}
	}
	if p := node.Parent(); p.Kind() == "export_statement" {
		c.exported = true
		c.isDefault = strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(p.Text(), "export")), "default")
	}
	x.classes = append(x.classes, c)
	x.byNode[node.Index()] = c
	return c
}

// classField records "message = ..." class fields.
func (x *fileCtx) classField(node syntax.Node, c *classInfo) {
	if propertyName(fieldName(node)) == "message" && !node.Child("value").IsNull() {
		c.messageField = node.Child("value")
	}
}

// rewrite records an assignment (or a += append) of the message of a
// local error, when left is err.message.
func (x *fileCtx) rewrite(left, node syntax.Node, sc *scope) {
	if obj := unwrap(left.Child("object")); obj.Kind() == "identifier" && left.Child("property").Text() == "message" {
		if sc.rewrites == nil {
			sc.rewrites = map[string][]syntax.Node{}
		}
		sc.rewrites[obj.Text()] = append(sc.rewrites[obj.Text()], node)
	}
}

// bind records an assignment of name in sc, located by node.
func (x *fileCtx) bind(sc *scope, name string, kind msgeval.BindKind, node, value syntax.Node) {
	b := msgeval.Bind(&grammar, sc, kind, "", node, value)
	if c := b.Block; c.Parent().Is(grammar.Bodies...) && c.FieldName() != "" && !bodyFields[c.FieldName()] {
		// if (obj.hasOwnProperty(p = 'MODE')): the condition always runs,
		// in the block that holds the statement.
		b.Block = grammar.BlockOf(c.Parent())
		b.Terminates = grammar.Terminates(b.Block)
	}
	sc.assigns[name] = append(sc.assigns[name], b)
}

// bodyFields are the fields of the statements of grammar.Bodies that
// hold their bodies, which run under their condition.
var bodyFields = map[string]bool{"consequence": true, "alternative": true, "body": true}

// bindIn records a binding whose block is given (a catch parameter is
// bound in the catch body).
func (x *fileCtx) bindIn(sc *scope, name string, kind msgeval.BindKind, node, block syntax.Node) {
	if block.IsNull() {
		block = grammar.BlockOf(node)
	}
	sc.assigns[name] = append(sc.assigns[name], assign{At: node.Index(), Kind: kind, Scope: sc, Block: block})
}

// declarator records let/const/var x = value, and requires.
func (x *fileCtx) declarator(node syntax.Node, sc *scope) {
	name, value := node.Child("name"), node.Child("value")
	if mod, member, ok := requireCall(value); ok {
		x.requireBinding(name, mod, member)
	} else if sc == x.module {
		x.memberAlias(name, value)
	}
	switch name.Kind() {
	case "identifier":
		k := msgeval.BindSet
		if value.IsNull() {
			k = msgeval.BindDecl
		}
		x.bind(sc, name.Text(), k, node, value)
	default:
		x.patternNames(name, sc, node)
	}
}

// assignment records x = value, and what a constructor sets on this.
func (x *fileCtx) assignment(node syntax.Node, sc *scope) {
	left, right := unwrap(node.Child("left")), node.Child("right")
	switch left.Kind() {
	case "identifier":
		x.bind(sc, left.Text(), msgeval.BindSet, node, right)
	case "member_expression":
		if r := unwrap(right); r.Kind() == "member_expression" {
			if x.aliases == nil {
				x.aliases = map[string]string{}
			}
			x.aliases[memberName(left)] = memberName(r)
		}
		if sc == x.module {
			if obj := msgeval.Compact(left.Child("object").Text()); obj == "exports" || obj == "module.exports" {
				x.exported = append(x.exported, exportedValue{left.Child("property").Text(), right})
			}
		}
		x.rewrite(left, node, sc)
		cls := ctorClass(sc)
		if cls == nil && left.Child("object").Kind() == "this" && left.Child("property").Text() == "message" &&
			sc.node.Is("function_declaration", "function_expression", "function") {
			if x.fnMessages == nil {
				x.fnMessages = map[*scope][]syntax.Node{}
			}
			if x.fnMessages[sc] == nil {
				x.fnOrder = append(x.fnOrder, sc)
			}
			x.fnMessages[sc] = append(x.fnMessages[sc], right)
		}
		if cls == nil && left.Child("object").Kind() == "this" && left.Child("property").Text() == "message" {
			methodMessage(sc, node)
		}
		if cls == nil || left.Child("object").Kind() != "this" {
			return
		}
		prop := left.Child("property").Text()
		switch r := unwrap(right); {
		case prop == "message":
			cls.messageSets = append(cls.messageSets, right)
		case r.Kind() == "identifier":
			cls.fieldParams[prop] = r.Text()
		}
	case "object_pattern", "array_pattern":
		x.patternNames(left, sc, node)
	}
}

// ctorClass returns the class whose constructor is sc (arrow functions
// inside the constructor share its this).
func ctorClass(sc *scope) *classInfo {
	for s := sc; s != nil; s = s.parent {
		if s.ctor {
			return s.class
		}
		if s.node.Kind() != "arrow_function" {
			return nil
		}
	}
	return nil
}

// patternNames binds every name in a destructuring pattern as opaque.
func (x *fileCtx) patternNames(p syntax.Node, sc *scope, at syntax.Node) {
	if p.Kind() == "identifier" {
		x.bind(sc, p.Text(), msgeval.BindOpaque, at, syntax.Node{})
		return
	}
	for d := range p.Descendants() {
		if d.Kind() == "identifier" || d.Kind() == "shorthand_property_identifier_pattern" {
			if f := d.FieldName(); f == "key" || f == "value" && d.Parent().Kind() == "assignment_pattern" {
				continue // a key, or a default value's expression
			}
			x.bind(sc, d.Text(), msgeval.BindOpaque, at, syntax.Node{})
		}
	}
}

// call records the calls that may be sites (Promise.reject, reject in an
// executor, asserts) and a constructor's super(...) calls.
func (x *fileCtx) call(node syntax.Node, sc *scope) {
	fn := unwrap(node.Child("function"))
	args := node.Child("arguments")
	if fn.Kind() == "sequence_expression" {
		// (0, _devAssert.devAssert)(...): compiled code calling an import.
		fn = unwrap(fn.NamedChild(fn.NamedChildCount() - 1))
	}
	if x.assertLike(fn) {
		if as := argList(args); len(as) >= 2 && as[1].Kind() != "spread_element" {
			x.cands = append(x.cands, candidate{kind: candAssert, node: node, arg: as[1], sc: sc, assert: assertImported})
		}
		return
	}
	switch fn.Kind() {
	case "super":
		if cls := ctorClass(sc); cls != nil {
			cls.superCalls = append(cls.superCalls, node)
		}
		return
	case "identifier":
		name := fn.Text()
		if x.isReject(name, sc) {
			x.cands = append(x.cands, candidate{kind: candReject, node: node, arg: firstArg(args), sc: sc})
			return
		}
		if ref, ok := x.imports[name]; ok && isAssertModule(ref.Module) {
			method := ref.Name
			if method == "default" || method == "*" || method == "strict" {
				method = "ok"
			}
			x.assertCall(node, method, sc)
			return
		}
		// An error-first callback: cb(new Error(...)), callback(err),
		// next(err) in middleware: a function the code was handed, or
		// one named as such callbacks are; not log(new Error(...)) or
		// wrap(new Error(...)).
		if callbackNames[name] || x.isParam(name, sc) {
			// A reporter handed in, given the message (yaml's
			// onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be
			// unique'), of a function that receives onError).
			if reporterNames[name] && !callbackNames[name] && resultDropped(node) && !unwrap(firstArg(args)).Is("new_expression") {
				x.cands = append(x.cands, candidate{kind: candReport, node: node, sc: sc})
			}
			x.deliver(node, firstArg(args), sc)
			return
		}
		x.newErrorArgs(node, fn, args, sc)
	case "member_expression":
		obj, prop := unwrap(fn.Child("object")), fn.Child("property").Text()
		if obj.Kind() == "identifier" && obj.Text() == "Promise" && prop == "reject" {
			x.cands = append(x.cands, candidate{kind: candReject, node: node, arg: firstArg(args), sc: sc})
			return
		}
		switch as := argList(args); prop {
		case "emit": // this.emit('error', err)
			if len(as) == 2 && as[0].Kind() == "string" && decodeString(as[0]) == "error" {
				x.deliver(node, as[1], sc)
			}
		case "destroy", "abort", "reject": // stream.destroy(err), controller.abort(err), deferred.reject(err)
			if len(as) == 1 {
				x.deliver(node, as[0], sc)
			}
		default: // this._exitCallback(err), opts.callback(err)
			if callbackNames[prop] || strings.HasSuffix(strings.ToLower(prop), "callback") {
				x.deliver(node, firstArg(args), sc)
			} else {
				x.newErrorArgs(node, fn, args, sc)
			}
		}
		if obj.Kind() == "member_expression" && obj.Child("property").Text() == "strict" {
			obj = unwrap(obj.Child("object")) // assert.strict.equal
		}
		if obj.Kind() == "identifier" {
			if ref, ok := x.imports[obj.Text()]; ok && isAssertModule(ref.Module) &&
				(ref.Name == "default" || ref.Name == "*" || ref.Name == "strict") {
				x.assertCall(node, prop, sc)
				return
			}
		}
		// A reporter given the message (session.error(`Rule "${name}"
		// is not defined`, loc), handler.fatalError('source is not a
		// string'), usage.fail(__('Unknown argument: %s', arg))), not a
		// logger's nor this file's own.
		if reporterNames[prop] && obj.Kind() != "this" && !logCall(fn) && resultDropped(node) && len(argList(args)) > 0 {
			x.cands = append(x.cands, candidate{kind: candReport, node: node, sc: sc})
		}
	}
}

// deliver records a call that may hand the error arg over without
// throwing it (an error-first callback, an 'error' event, a stream
// destroyed with an error). Only a new error, built here or in a variable
// or factory the call reads, makes it a site: passing an error on is not a
// new message, and other values are not errors.
func (x *fileCtx) deliver(node, arg syntax.Node, sc *scope) {
	if node.Parent().Is("throw_statement", "arguments") {
		return // throw wrap(new Error(...)) and f(g(err)) are sites of their own or none
	}
	if a := unwrap(arg); a.Is("new_expression", "call_expression", "identifier") {
		x.cands = append(x.cands, candidate{kind: candDeliver, node: node, arg: arg, sc: sc})
	}
}

// newErrorArgs records the errors a call whose result is dropped is handed
// new (subscriber.error(new EmptyError()), request._beforeError(new
// HTTPError(response)), errors.push(new ValidationError(...))): the error
// is raised where it is built, the line its stack names, whatever the
// callee does with it. A call whose result is kept may wrap it (const
// wrapped = wrap(new Error(..))), and one that logs it (console.error(new
// Error(..)), logger.warn(..), process.emitWarning(..)) raises nothing.
//
// So is a method of the object itself whose result the function hands
// back, returned at once (return this.__error(new CsvError(...))) or from
// the variable it is kept in (const err = this.__error(new CsvError(...));
// if (err !== undefined) return err): the object's own error handler
// raises the error or gives it back for the caller to throw, and the
// error was raised where it was built, unlike a wrapper (const wrapped =
// wrapError(new Error(..))), which makes another.
func (x *fileCtx) newErrorArgs(node, fn, args syntax.Node, sc *scope) {
	if logCall(fn) || !resultDropped(node) && !(thisMethod(fn) && resultHandedBack(node, sc)) {
		return
	}
	local := !x.localFunction(fn, sc).IsNull()
	for _, a := range argList(args) {
		switch u := unwrap(a); u.Kind() {
		case "new_expression":
			if !local { // failure(new Error(..)) of a function of the file: helperCalls
				x.deliver(node, a, sc)
			}
		case "call_expression":
			// this._reject(this._getRangeError(count)): an error a
			// factory of the file builds (run keeps it only then).
			if !local {
				x.deliver(node, a, sc)
			}
		case "identifier":
			// er = new Error(er); emit(parser, 'onerror', er): an error
			// built in this function, which it neither throws nor returns
			// (defineHidden(error, "clone", ...) of a factory).
			if builtHere(u, sc) && !passesOnBinding(sc, u) {
				x.deliver(node, a, sc)
			}
		}
	}
}

// builtHere reports whether every value of local variable id where it is
// read is an error built in its function (new X(...)).
func builtHere(id syntax.Node, sc *scope) bool {
	r := msgeval.Reaching(id, sc)
	if !r.Found || r.Param || r.Scope != sc || len(r.Bindings) == 0 {
		return false
	}
	built := false
	for _, b := range r.Bindings {
		switch v := unwrap(b.Value); {
		case b.Kind == msgeval.BindDecl: // let err; then assigned in branches
		case b.Kind != msgeval.BindSet:
			return false
		case v.Kind() == "new_expression" || choiceOfNew(v) != nil:
			built = true
		case !passedParam(v, sc):
			return false
		}
	}
	return built
}

// passedParam reports whether v names a parameter of function sc, an
// error given to it that a variable may pass on (err = message, when the
// caller gave an error).
func passedParam(v syntax.Node, sc *scope) bool {
	if v.Kind() != "identifier" {
		return false
	}
	_, ok := sc.Param(v.Text())
	return ok
}

// choiceOfNew returns the errors a conditional expression chooses among
// when each of its branches builds one (c ? new RangeError(..) : new
// TypeError(..), nested too), or nil.
func choiceOfNew(e syntax.Node) []syntax.Node {
	e = unwrap(e)
	if e.Kind() != "ternary_expression" {
		return nil
	}
	var out []syntax.Node
	for _, b := range []syntax.Node{e.Child("consequence"), e.Child("alternative")} {
		switch b = unwrap(b); b.Kind() {
		case "new_expression":
			out = append(out, b)
		case "ternary_expression":
			sub := choiceOfNew(b)
			if sub == nil {
				return nil
			}
			out = append(out, sub...)
		default:
			return nil
		}
	}
	return out
}

// chosenNew returns the errors a thrown or delivered value chooses among:
// a conditional expression building one in each branch, or a local
// variable given one such expression in its function (const err = columns
// === false ? new CsvError(...) : new CsvError(...)); nil otherwise.
//
// So does a variable given new errors in several branches (if (a) err =
// new RangeError(..); else err = new TypeError(..)), or a new error in
// one and the error a parameter brought in another (if (message
// instanceof Error) err = message; else err = new TimeoutError('operation
// timed out')): each error it builds is raised at its construction.
func chosenNew(e syntax.Node, sc *scope) []syntax.Node {
	e = unwrap(e)
	if e.Kind() != "identifier" {
		return choiceOfNew(e)
	}
	r := msgeval.Reaching(e, sc)
	if !r.Found || r.Param || r.Scope != sc {
		return nil
	}
	var out []syntax.Node
	passed := false
	for _, b := range r.Bindings {
		v := unwrap(b.Value)
		switch {
		case b.Kind == msgeval.BindDecl: // let err; then assigned in branches
		case b.Kind != msgeval.BindSet:
			return nil
		case v.Kind() == "new_expression":
			out = append(out, v)
		case passedParam(v, sc):
			passed = true
		default:
			c := choiceOfNew(v)
			if c == nil {
				return nil
			}
			out = append(out, c...)
		}
	}
	if len(out) == 0 || len(out) == 1 && !passed {
		return nil // one error built: the throw or the call is its site
	}
	return out
}

// passesOnBinding reports whether the function sc throws or returns the
// value local variable id holds (throw err, return err), outside its
// nested functions and, for a let or const, inside the block of a
// binding that reaches id: another const err of another block is
// another error.
func passesOnBinding(sc *scope, id syntax.Node) bool {
	bs := msgeval.Reaching(id, sc).Bindings
	for n := range sc.node.Descendants() {
		if !n.Is("throw_statement", "return_statement") || enclosingFunction(n).Index() != sc.node.Index() {
			continue
		}
		if e := unwrap(n.NamedChild(0)); e.Kind() != "identifier" || e.Text() != id.Text() {
			continue
		}
		for _, b := range bs {
			if !lexical(b.Value) || within(n, b.Block) {
				return true
			}
		}
	}
	return false
}

// lexical reports whether value is given in a let or const declaration,
// which holds in its block only; var and assignments hold in the whole
// function (err = new HttpError(msg) in an if, then return err).
func lexical(value syntax.Node) bool {
	d := value.Parent()
	return d.Kind() == "variable_declarator" && d.Parent().Kind() == "lexical_declaration"
}

// within reports whether node n is block or inside it (a null block
// holds everything).
func within(n, block syntax.Node) bool {
	if block.IsNull() {
		return true
	}
	for a := n; !a.IsNull(); a = a.Parent() {
		if a.Index() == block.Index() {
			return true
		}
	}
	return false
}

// passesOn reports whether function fn throws or returns the variable
// name itself (throw err, return err), outside its nested functions.
func passesOn(fn syntax.Node, name string) bool {
	for n := range fn.Descendants() {
		if n.Is("throw_statement", "return_statement") {
			if e := unwrap(n.NamedChild(0)); e.Kind() == "identifier" && e.Text() == name && enclosingFunction(n).Index() == fn.Index() {
				return true
			}
		}
	}
	return false
}

// enclosingFunction is the innermost function around n, or null.
func enclosingFunction(n syntax.Node) syntax.Node {
	for a := range n.Ancestors() {
		if a.Is("function_declaration", "function_expression", "function", "arrow_function", "method_definition", "generator_function_declaration", "generator_function") {
			return a
		}
	}
	return syntax.Node{}
}

// resultDropped reports whether the value of call is not used: it is a
// statement of its own, alone or as an operand of && || ?: or a comma
// (hasValue && subscriber.error(err)).
func resultDropped(call syntax.Node) bool {
	for n := call.Parent(); ; n = n.Parent() {
		switch n.Kind() {
		case "expression_statement":
			return true
		case "parenthesized_expression", "sequence_expression", "ternary_expression":
		case "binary_expression":
			if op := n.Child("operator").Text(); op != "&&" && op != "||" && op != "??" {
				return false
			}
		default:
			return false
		}
	}
}

// thisMethod reports whether a call's function is a method of this
// (this.__error, this._reject).
func thisMethod(fn syntax.Node) bool {
	return fn.Kind() == "member_expression" && unwrap(fn.Child("object")).Kind() == "this"
}

// resultHandedBack reports whether the function sc returns the result of
// call: return f(..), or const v = f(..) (v = f(..)) and a later return v
// or throw v.
func resultHandedBack(call syntax.Node, sc *scope) bool {
	p := call.Parent()
	for p.Is("parenthesized_expression", "await_expression") {
		p = p.Parent()
	}
	var name syntax.Node
	switch p.Kind() {
	case "return_statement":
		return enclosingFunction(p).Index() == sc.node.Index()
	case "variable_declarator":
		name = p.Child("name")
	case "assignment_expression":
		name = unwrap(p.Child("left"))
	}
	return name.Kind() == "identifier" && !sc.node.IsNull() && passesOn(sc.node, name.Text())
}

// reporterNames are the methods, and the functions a function is handed,
// that record an error from its message.
var reporterNames = map[string]bool{"error": true, "fatalError": true, "fail": true, "onError": true, "reportError": true}

// logNames are the functions and methods that log or warn.
var logNames = map[string]bool{
	"log": true, "warn": true, "warning": true, "info": true, "debug": true, "trace": true,
	"verbose": true, "emitWarning": true, "deprecate": true, "print": true,
}

// logCall reports whether fn, a call's function, logs: a log method, or
// error of a console or logger (console.error, this.logger.error).
func logCall(fn syntax.Node) bool {
	if fn.Kind() == "identifier" {
		return logNames[fn.Text()]
	}
	if fn.Kind() != "member_expression" {
		return false
	}
	prop := fn.Child("property").Text()
	recv := strings.ToLower(fn.Child("object").Text())
	return logNames[prop] || prop == "error" && (strings.Contains(recv, "console") || strings.Contains(recv, "log"))
}

// callbackNames are the names error-first callbacks conventionally have.
var callbackNames = map[string]bool{"cb": true, "callback": true, "done": true, "next": true}

// isParam reports whether name is a parameter of an enclosing function.
func (x *fileCtx) isParam(name string, sc *scope) bool {
	for s := sc; s != nil; s = s.parent {
		for _, p := range s.params {
			if p.binds(name) {
				return true
			}
		}
	}
	return false
}

// isReject reports whether name is the reject parameter of an enclosing
// Promise executor.
func (x *fileCtx) isReject(name string, sc *scope) bool {
	for s := sc; s != nil; s = s.parent {
		for _, r := range s.rejects {
			if r == name {
				return true
			}
		}
		for _, p := range s.params {
			if p.binds(name) && len(s.rejects) == 0 {
				return false // shadowed by a parameter of an inner function
			}
		}
	}
	return false
}

// firstArg returns the first argument of an argument list, or null.
func firstArg(args syntax.Node) syntax.Node { return grammar.Operand(args) }

// rootName is the name a member chain starts from (webidl for
// webidl.errors.exception), or "".
func rootName(fn syntax.Node) string {
	for fn.Kind() == "member_expression" {
		fn = unwrap(fn.Child("object"))
	}
	if fn.Kind() == "identifier" {
		return fn.Text()
	}
	return ""
}

// argList returns the arguments of a call without comments.
func argList(args syntax.Node) []syntax.Node {
	var out []syntax.Node
	if args.Kind() != "arguments" {
		return nil
	}
	for a := range args.NamedChildren() {
		if a.Kind() != "comment" {
			out = append(out, a)
		}
	}
	return out
}

// assertMessageArg is the position of the message argument of each
// node:assert function.
var assertMessageArg = map[string]int{
	"ok": 1, "equal": 2, "notEqual": 2, "strictEqual": 2, "notStrictEqual": 2, "deepEqual": 2, "notDeepEqual": 2,
	"deepStrictEqual": 2, "notDeepStrictEqual": 2, "match": 2, "doesNotMatch": 2, "fail": 0,
}

// assertCall records an assert call that passes a message.
func (x *fileCtx) assertCall(node syntax.Node, method string, sc *scope) {
	at, ok := assertMessageArg[method]
	if !ok {
		return
	}
	args := argList(node.Child("arguments"))
	if method == "fail" && len(args) > 1 {
		return // the deprecated fail(actual, expected, message, operator)
	}
	if at >= len(args) || args[at].Kind() == "spread_element" {
		return
	}
	x.cands = append(x.cands, candidate{kind: candAssert, node: node, arg: args[at], sc: sc, assert: method})
}

// assertImported marks the assert candidates that call an assert
// function imported from a module other than node's (assertLike).
const assertImported = "imported"

// assertLike reports whether a callee is an assert function imported
// from a module other than node's assert: assert or invariant by name
// (devAssert, softInvariant), bound by import or require, or a member of
// an imported module object (Hoek.assert, _devAssert.devAssert). Such a
// call, assert(cond, "message"), throws the message when cond is false.
func (x *fileCtx) assertLike(fn syntax.Node) bool {
	var name, bound string
	switch fn.Kind() {
	case "identifier":
		name, bound = fn.Text(), fn.Text()
	case "member_expression":
		obj := unwrap(fn.Child("object"))
		if obj.Kind() != "identifier" {
			return false
		}
		name, bound = fn.Child("property").Text(), obj.Text()
	default:
		return false
	}
	ref, ok := x.imports[bound]
	if !ok || isAssertModule(ref.Module) {
		return false
	}
	return name == "assert" || name == "invariant" || strings.HasSuffix(name, "Assert") || strings.HasSuffix(name, "Invariant")
}

func isAssertModule(m string) bool {
	switch strings.TrimPrefix(m, "node:") {
	case "assert", "assert/strict":
		return true
	}
	return false
}

// importStatement records an ES import.
func (x *fileCtx) importStatement(node syntax.Node) {
	src := node.Child("source")
	if src.IsNull() {
		return
	}
	mod := decodeString(src)
	for clause := range node.NamedChildren() {
		if clause.Kind() != "import_clause" {
			continue
		}
		for c := range clause.NamedChildren() {
			switch c.Kind() {
			case "identifier":
				x.imports[c.Text()] = Import{mod, "default"}
			case "namespace_import":
				for id := range c.NamedChildren() {
					if id.Kind() == "identifier" {
						x.imports[id.Text()] = Import{mod, "*"}
					}
				}
			case "named_imports":
				for spec := range c.NamedChildren() {
					if spec.Kind() != "import_specifier" {
						continue
					}
					name, alias := spec.Child("name"), spec.Child("alias")
					local := name
					if !alias.IsNull() {
						local = alias
					}
					imported := name.Text()
					if name.Kind() == "string" {
						imported = decodeString(name)
					}
					x.imports[local.Text()] = Import{mod, imported}
				}
			}
		}
	}
}

// importRequire records TypeScript's import x = require("m").
func (x *fileCtx) importRequire(node syntax.Node) {
	var id, src syntax.Node
	for c := range node.Descendants() {
		switch {
		case c.Kind() == "identifier" && id.IsNull():
			id = c
		case c.Kind() == "string" && src.IsNull():
			src = c
		}
	}
	if !id.IsNull() && !src.IsNull() {
		x.imports[id.Text()] = Import{decodeString(src), "*"}
	}
}

// requireCall recognises require("m"), require("m").name and
// require("m").strict, returning the module and the member ("" for the
// module itself).
func requireCall(v syntax.Node) (mod, member string, ok bool) {
	v = unwrap(v)
	if v.Kind() == "member_expression" {
		inner, m, ok := requireCall(v.Child("object"))
		if !ok || m != "" {
			return "", "", false
		}
		return inner, v.Child("property").Text(), true
	}
	if v.Kind() != "call_expression" {
		return "", "", false
	}
	if fn := v.Child("function"); fn.Kind() != "identifier" || fn.Text() != "require" {
		return "", "", false
	}
	arg := firstArg(v.Child("arguments"))
	if arg.Kind() != "string" {
		return "", "", false
	}
	return decodeString(arg), "", true
}

// memberAlias records a module-level alias of an imported module's member
// (var f = util.format after var util = require('util'), as avsc and many
// older Node libraries write it): f is that member, as if imported by name.
func (x *fileCtx) memberAlias(name, value syntax.Node) {
	value = unwrap(value)
	if name.Kind() != "identifier" || value.Kind() != "member_expression" {
		return
	}
	obj := unwrap(value.Child("object"))
	if obj.Kind() != "identifier" {
		return
	}
	if ref, ok := x.imports[obj.Text()]; ok && (ref.Name == "*" || ref.Name == "default") {
		x.imports[name.Text()] = Import{ref.Module, value.Child("property").Text()}
	}
}

// requireBinding records const x = require("m") and const {a, b: c} =
// require("m").
func (x *fileCtx) requireBinding(name syntax.Node, mod, member string) {
	whole := "*"
	if member != "" {
		whole = member
	}
	switch name.Kind() {
	case "identifier":
		x.imports[name.Text()] = Import{mod, whole}
	case "object_pattern":
		if member != "" {
			return
		}
		for p := range name.NamedChildren() {
			switch p.Kind() {
			case "shorthand_property_identifier_pattern":
				x.imports[p.Text()] = Import{mod, p.Text()}
			case "pair_pattern":
				if v := p.Child("value"); v.Kind() == "identifier" {
					x.imports[v.Text()] = Import{mod, propertyName(p.Child("key"))}
				}
			}
		}
	}
}

// thisChain reports whether n is a member chain from this
// (this.parser, this.state.scope): an object the instance holds.
func thisChain(n syntax.Node) bool {
	n = unwrap(n)
	if n.Kind() != "member_expression" {
		return false
	}
	for n.Kind() == "member_expression" {
		n = unwrap(n.Child("object"))
	}
	return n.Kind() == "this"
}

// usesModule records the module a string literal names, as an import,
// require or re-export gives it.
func (x *fileCtx) usesModule(src syntax.Node) {
	if src.Kind() == "string" {
		x.modules = append(x.modules, decodeString(src))
	}
}

// exportStar reads TypeScript's CommonJS output of export * from './x':
// __exportStar(require("./x"), exports), through tslib too
// (tslib_1.__exportStar(...)), and the older __export(require("./x")).
func exportStar(call syntax.Node) (string, bool) {
	name := msgeval.Compact(calleeOf(call).Text())
	name = name[strings.LastIndexByte(name, '.')+1:]
	if name != "__exportStar" && name != "__export" {
		return "", false
	}
	req := unwrap(firstArg(call.Child("arguments")))
	if req.Kind() != "call_expression" || req.Child("function").Text() != "require" {
		return "", false
	}
	src := unwrap(firstArg(req.Child("arguments")))
	if src.Kind() != "string" {
		return "", false
	}
	return decodeString(src), true
}

// typeOnly reports whether a TypeScript import or export statement
// names types only (import type {A} from './a', export type {B} from
// './b', import {type C} from './c'), which compiling erases: the module
// is not loaded for it.
func typeOnly(stmt syntax.Node) bool {
	hasType := func(n syntax.Node) bool {
		for c := range n.Children() {
			if !c.IsNamed() && c.Kind() == "type" {
				return true
			}
		}
		return false
	}
	if hasType(stmt) {
		return true
	}
	specs := 0
	for clause := range stmt.NamedChildren() {
		if clause.Kind() != "import_clause" {
			continue
		}
		for c := range clause.NamedChildren() {
			if c.Kind() != "named_imports" {
				return false // a default or namespace import
			}
			for spec := range c.NamedChildren() {
				if spec.Kind() == "import_specifier" {
					if !hasType(spec) {
						return false
					}
					specs++
				}
			}
		}
	}
	return specs > 0
}

// methodMessage records assignment node, to this.message, when sc is a
// method of a class other than its constructor.
func methodMessage(sc *scope, node syntax.Node) {
	if sc.class == nil || sc.ctor || sc.node.Kind() != "method_definition" {
		return
	}
	name := propertyName(sc.node.Child("name"))
	if sc.class.methodMessages == nil {
		sc.class.methodMessages = map[string][]syntax.Node{}
	}
	sc.class.methodMessages[name] = append(sc.class.methodMessages[name], node)
}

// isValidation reports whether node, a binary expression, is a
// validator's result: cond || message, returned (or an arrow function's
// body) where a check that passes gives true and one that fails the text
// saying why (superstruct's refinements, inquirer's and vee-validate's
// validate functions): the left operand a condition (a comparison, a
// negation, a type test, a predicate call, or a combination of them), the
// right one a string. The message itself is judged by candValidate's site
// (see validationSite).
func isValidation(node syntax.Node) bool {
	if node.Child("operator").Text() != "||" {
		return false
	}
	if r := unwrap(node.Child("right")); r.Kind() != "string" && r.Kind() != "template_string" {
		return false
	}
	p := node.Parent()
	for p.Kind() == "parenthesized_expression" {
		p = p.Parent()
	}
	switch p.Kind() {
	case "return_statement":
	case "arrow_function":
		if p.Child("body").Index() != node.Index() {
			return false
		}
	default:
		return false
	}
	return isCondition(node.Child("left"))
}

// conditionOps are the binary operators whose value is a truth value.
var conditionOps = map[string]bool{"<": true, "<=": true, ">": true, ">=": true, "==": true, "===": true, "!=": true, "!==": true,
	"instanceof": true, "in": true}

// isCondition reports whether n is a truth value by its form: a
// comparison, a negation, a conjunction or disjunction of conditions, or
// a call of a predicate (isX, hasX, test, includes, ...).
func isCondition(n syntax.Node) bool {
	n = unwrap(n)
	switch n.Kind() {
	case "unary_expression":
		return n.Child("operator").Text() == "!"
	case "binary_expression":
		op := n.Child("operator").Text()
		if op == "&&" || op == "||" {
			return isCondition(n.Child("left")) && isCondition(n.Child("right"))
		}
		return conditionOps[op]
	case "call_expression":
		fn := calleeOf(n)
		if fn.Kind() == "member_expression" {
			fn = fn.Child("property")
		}
		name := fn.Text()
		for _, p := range []string{"is", "has", "can", "valid", "test", "match", "includes", "every", "some", "startsWith", "endsWith"} {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
	case "true", "false":
		return true
	}
	return false
}
