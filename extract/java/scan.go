package java

import (
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file holds the one pre-order pass over a file's tree. It records
// the package and imports, the types (named, local and anonymous, with
// the names the JVM gives them), the code scopes (methods, constructors,
// initializers, lambdas) with their parameters and the assignments of
// local names, the fields, and the candidate sites. Evaluation (eval.go)
// and site building (sites.go) run after the pass.

// typeInfo is a class, interface, enum, record or anonymous class body.
type typeInfo struct {
	name    string // the simple name; "" for an anonymous class
	display string // "Outer.Inner", "Outer$1", the prefix of Function names
	binary  string // "com.acme.Outer$Inner", as getClass().getName() prints it
	node    syntax.Node
	parent  *typeInfo
	super   syntax.Node // the superclass type, or null
	fields  map[string]*field
	ctors   []*ctorInfo
	// getMessage holds the scope of a getMessage() override.
	getMessage *scope
	// counters for the names of anonymous and local classes inside.
	anon   int
	locals map[string]int
}

// field is a field with its initializer.
type field struct {
	value   syntax.Node
	typ     string
	final   bool
	static  bool
	decl    *scope // the initializer's scope (<init> or <clinit>)
	ownerOf *typeInfo
}

// ctorInfo is a constructor: its scope, its explicit this(...) or
// super(...) call, and the fields it sets from parameters.
type ctorInfo struct {
	sc          *scope
	call        syntax.Node
	fieldParams map[string]string
}

// scope is a method, constructor, initializer or lambda body.
type scope struct {
	node    syntax.Node
	parent  *scope
	name    string // "Foo.bar", "Foo.<init>"; "" for a lambda
	typ     *typeInfo
	params  []param
	assigns map[string][]assign
	ctor    *ctorInfo
}

// function is the name sites in s report.
func (s *scope) function() string {
	return msgeval.Function(s, func(s *scope) string { return s.name }, "<clinit>")
}

type param struct {
	name    string
	typ     string
	varargs bool
}

type candKind uint8

const (
	candThrow       candKind = iota // throw_statement
	candAssert                      // assert cond : msg
	candCheck                       // checkArgument(cond, msg, ...), requireNonNull(x, msg)
	candDeliver                     // f.completeExceptionally(new X(...)): an error handed on, not thrown
	candDeliverCall                 // maybeThrow(XException.create(...)): one a factory makes, handed on
)

type candidate struct {
	kind candKind
	node syntax.Node
	sc   *scope
	// check is the checking method called ("checkArgument").
	check string
}

// fileCtx is the state of extracting one file.
type fileCtx struct {
	path    string
	tree    *syntax.Tree
	pkg     string
	imports map[string]string // simple name → qualified name
	// wildcards are the packages and types imported on demand;
	// statics maps statically imported members to their type.
	wildcards []string
	statics   map[string]string
	types     []*typeInfo
	byName    map[string]*typeInfo // simple name → type declared in the file
	scopeOf   map[int]*scope       // method node index → scope
	methods   map[*typeInfo][]*scope
	cands     []candidate
	calls     []callAt // unqualified calls, for callerMessages
	// rawCalls are the calls Facts.CallSites are resolved from.
	rawCalls []rawCall
	// classCalls are calls of other classes' methods passing text.
	classCalls []callAt
	// helpers are the calls that may call a message helper of another
	// class, by the Expr of their holes (helperCall).
	helpers map[string]callAt
	// siteScopes are the scopes of sites, by index; siteFormats their
	// messages formatted from their methods' parameters, or nil.
	siteScopes  []*scope
	siteFormats []*Format

	sites []*errdex.Site
	facts *Facts
	// File holds the regions skipped, the budget and the resolvers.
	msgeval.File[*scope]
}

// frame is where a node of the pass is: its scope and its type.
type frame struct {
	sc  *scope
	typ *typeInfo
}

// typeKinds are the declarations of named types.
var typeKinds = map[string]bool{
	"class_declaration": true, "interface_declaration": true, "enum_declaration": true,
	"record_declaration": true, "annotation_type_declaration": true,
}

// scan makes the pass over f's tree.
func scan(f *extract.File) *fileCtx {
	tree := f.Tree
	root := tree.Root()
	x := &fileCtx{
		path: f.Path, tree: tree, imports: map[string]string{}, statics: map[string]string{},
		byName: map[string]*typeInfo{}, scopeOf: map[int]*scope{}, methods: map[*typeInfo][]*scope{},
	}
	x.Budget = msgeval.Budget{MaxSteps: maxSteps, MaxDepth: maxDepth}
	x.Resolver = msgeval.Resolver[*scope]{Rules: rules, Eval: x.eval, HoleType: typeHole, KeepsExpr: keepsExpr}
	x.Throws = msgeval.Throws[*scope]{Rules: rules, Value: x.thrownValue, Caught: caughtType, SameException: true,
		Constructs: func(v syntax.Node) bool { return unwrap(v).Kind() == "object_creation_expression" }}
	top := &scope{node: root, assigns: map[string][]assign{}}
	msgeval.Walk(tree, frame{sc: top}, &x.Regions, x.visit)
	return x
}

// visit records what one node of the pass adds: a type, a scope, an import,
// a binding of a local name, a candidate site.
func (x *fileCtx) visit(node syntax.Node, fs *msgeval.Frames[frame]) {
	fr := fs.Top()
	sc, typ := fr.sc, fr.typ
	kind := node.Kind()
	switch {
	case typeKinds[kind]:
		t := x.pushType(node, typ, sc, node.Child("name").Text())
		fs.Push(frame{sc: sc, typ: t}, node)
		return
	case kind == "class_body" && node.Parent().Is("object_creation_expression", "enum_constant"):
		t := x.pushType(node, typ, sc, "")
		fs.Push(frame{sc: sc, typ: t}, node)
		return
	}
	if s := x.pushScope(node, sc, typ); s != nil {
		fs.Push(frame{sc: s, typ: typ}, node)
		return
	}
	switch kind {
	case "package_declaration":
		for c := range node.NamedChildren() {
			if c.Is("scoped_identifier", "identifier") {
				x.pkg = c.Text()
			}
		}
	case "import_declaration":
		x.importDecl(node)
	case "throw_statement":
		if !x.Regions.Broken(node) {
			x.cands = append(x.cands, candidate{kind: candThrow, node: node, sc: sc})
		}
	case "assert_statement":
		if !node.HasError() && node.NamedChildCount() >= 2 {
			x.cands = append(x.cands, candidate{kind: candAssert, node: node, sc: sc})
		}
	case "method_invocation":
		x.recordCall(node, sc, typ)
		x.callOf(node, sc)
		if root := appendRoot(node); !root.IsNull() && appendRoot(prevStatementCall(node)).Text() != root.Text() {
			// A run of appends to one builder is bound once, as += of
			// the text the run adds (eval of its first call): a branch
			// then adds all of it or none, and Reaching keeps the appends
			// before it. The branches of an if-else chain that only
			// append are one += of either branch's text, bound from
			// the first.
			switch choice := appendChoice(node, root.Text()); {
			case choice.IsNull():
				x.bind(sc, root.Text(), msgeval.BindAdd, "", node, node)
			case firstAppend(choice.Child("consequence")).Index() == node.Index():
				x.bind(sc, root.Text(), msgeval.BindAdd, "", choice, choice)
			}
		}
		for _, b := range x.builderArgs(node, sc) {
			// describe(sb); writes to sb what the file cannot tell: a
			// hole where it happens among the appends.
			x.bind(sc, b, msgeval.BindAdd, "", node, node)
		}
		if check := x.checkMethod(node); check != "" {
			x.cands = append(x.cands, candidate{kind: candCheck, node: node, sc: sc, check: check})
		}
		if deliveredFactory(node) {
			x.cands = append(x.cands, candidate{kind: candDeliverCall, node: node, sc: sc})
		}
	case "object_creation_expression":
		x.recordCall(node, sc, typ)
		if delivered(node) {
			x.cands = append(x.cands, candidate{kind: candDeliver, node: node, sc: sc})
		}
	case "explicit_constructor_invocation":
		if sc.ctor != nil && sc.ctor.call.IsNull() {
			sc.ctor.call = node
		}
	case "local_variable_declaration":
		typText := msgeval.Compact(node.Child("type").Text())
		for d := range node.ChildrenByField("declarator") {
			x.declarator(d, typText, sc)
		}
	case "field_declaration", "constant_declaration":
		x.fieldDecl(node, typ, sc)
	case "assignment_expression":
		x.assignment(node, sc)
	case "update_expression":
		for c := range node.NamedChildren() {
			if c.Kind() == "identifier" {
				x.bind(sc, c.Text(), msgeval.BindOpaque, "", node, syntax.Node{})
			}
		}
	case "enhanced_for_statement", "resource":
		if id := node.Child("name"); id.Kind() == "identifier" {
			x.bind(sc, id.Text(), msgeval.BindOpaque, msgeval.Compact(node.Child("type").Text()), node, syntax.Node{})
		}
	case "catch_formal_parameter":
		if id := node.Child("name"); !id.IsNull() {
			var typText string
			for c := range node.NamedChildren() {
				if c.Kind() == "catch_type" {
					typText = msgeval.Compact(c.Text())
				}
			}
			body := node.Parent().Child("body")
			sc.assigns[id.Text()] = append(sc.assigns[id.Text()], assign{At: id.Index(), Kind: msgeval.BindCaught, Type: typText, Scope: sc, Block: body})
		}
	case "type_pattern":
		for c := range node.NamedChildren() {
			if c.Kind() == "identifier" {
				x.bind(sc, c.Text(), msgeval.BindOpaque, "", node, syntax.Node{})
			}
		}
	}
}

// pushType records a type declaration or an anonymous class body.
func (x *fileCtx) pushType(node syntax.Node, outer *typeInfo, sc *scope, name string) *typeInfo {
	t := &typeInfo{name: name, node: node, parent: outer, fields: map[string]*field{}, locals: map[string]int{}}
	local := sc != nil && sc.typ != nil && sc.node.Kind() != "program"
	switch {
	case outer == nil:
		t.display = name
		t.binary = name
		if x.pkg != "" {
			t.binary = x.pkg + "." + name
		}
	case name == "": // anonymous: Outer$1
		outer.anon++
		t.display = outer.display + "$" + strconv.Itoa(outer.anon)
		t.binary = outer.binary + "$" + strconv.Itoa(outer.anon)
	case local: // a class declared in a method: Outer$1Local
		outer.locals[name]++
		suffix := "$" + strconv.Itoa(outer.locals[name]) + name
		t.display = outer.display + suffix
		t.binary = outer.binary + suffix
	default:
		t.display = outer.display + "." + name
		t.binary = outer.binary + "$" + name
	}
	t.super = node.Child("superclass")
	if !t.super.IsNull() {
		for c := range t.super.NamedChildren() {
			t.super = c
			break
		}
	} else if node.Kind() == "class_body" && node.Parent().Kind() == "object_creation_expression" {
		t.super = node.Parent().Child("type") // new Base(...) { ... }
	}
	if name != "" {
		if _, dup := x.byName[name]; !dup {
			x.byName[name] = t
		}
	}
	x.types = append(x.types, t)
	return t
}

// pushScope opens the scope of a method, constructor, initializer, field
// initializer or lambda, or returns nil for other nodes.
func (x *fileCtx) pushScope(node syntax.Node, parent *scope, typ *typeInfo) *scope {
	owner := ""
	if typ != nil {
		owner = typ.display + "."
	}
	s := &scope{node: node, parent: parent, typ: typ, assigns: map[string][]assign{}}
	switch node.Kind() {
	case "method_declaration":
		if node.Child("body").IsNull() {
			return nil
		}
		name := node.Child("name").Text()
		s.name = owner + name
		x.params(node.Child("parameters"), s)
		if typ != nil && name == "getMessage" && len(s.params) == 0 {
			typ.getMessage = s
		}
		if typ != nil {
			x.methods[typ] = append(x.methods[typ], s)
		}
	case "constructor_declaration", "compact_constructor_declaration":
		s.name = owner + "<init>"
		x.params(node.Child("parameters"), s)
		if node.Kind() == "compact_constructor_declaration" && typ != nil {
			x.params(typ.node.Child("parameters"), s) // a record's components
		}
		if typ != nil {
			s.ctor = &ctorInfo{sc: s, fieldParams: map[string]string{}}
			typ.ctors = append(typ.ctors, s.ctor)
		}
	case "static_initializer":
		s.name = owner + "<clinit>"
	case "block":
		if !node.Parent().Is("class_body", "enum_body_declarations") {
			return nil
		}
		s.name = owner + "<init>" // an instance initializer
	case "lambda_expression":
		p := node.Child("parameters")
		switch p.Kind() {
		case "identifier":
			s.params = append(s.params, param{name: p.Text()})
		case "inferred_parameters":
			for id := range p.NamedChildren() {
				if id.Kind() == "identifier" {
					s.params = append(s.params, param{name: id.Text()})
				}
			}
		default:
			x.params(p, s)
		}
	case "field_declaration", "constant_declaration":
		// A field's initializer runs in <clinit> (static) or <init>.
		if typ == nil || !node.Parent().Is("class_body", "interface_body", "enum_body_declarations", "annotation_type_body") {
			return nil
		}
		s.name = owner + "<init>"
		if isStatic(node) || typ.node.Kind() == "interface_declaration" || node.Kind() == "constant_declaration" {
			s.name = owner + "<clinit>"
		}
		x.fieldDecl(node, typ, s)
		x.scopeOf[node.Index()] = s
		return s
	default:
		return nil
	}
	x.scopeOf[node.Index()] = s
	return s
}

func isStatic(decl syntax.Node) bool {
	for c := range decl.Children() {
		if c.Kind() == "modifiers" {
			for m := range c.Children() {
				if m.Kind() == "static" {
					return true
				}
			}
		}
	}
	return false
}

func isFinal(decl syntax.Node) bool {
	for c := range decl.Children() {
		if c.Kind() == "modifiers" {
			for m := range c.Children() {
				if m.Kind() == "final" {
					return true
				}
			}
		}
	}
	return false
}

// params records formal parameters.
func (x *fileCtx) params(ps syntax.Node, s *scope) {
	for p := range ps.NamedChildren() {
		switch p.Kind() {
		case "formal_parameter":
			s.params = append(s.params, param{name: p.Child("name").Text(), typ: msgeval.Compact(p.Child("type").Text())})
		case "spread_parameter":
			var typText, name string
			for c := range p.NamedChildren() {
				switch c.Kind() {
				case "variable_declarator":
					name = c.Child("name").Text()
				case "modifiers":
				default:
					if typText == "" {
						typText = msgeval.Compact(c.Text())
					}
				}
			}
			s.params = append(s.params, param{name: name, typ: typText + "[]", varargs: true})
		}
	}
}

// fieldDecl records the fields a declaration declares.
func (x *fileCtx) fieldDecl(node syntax.Node, typ *typeInfo, sc *scope) {
	if typ == nil {
		return
	}
	typText := msgeval.Compact(node.Child("type").Text())
	interfaceConst := typ.node.Kind() == "interface_declaration" || node.Kind() == "constant_declaration"
	for d := range node.ChildrenByField("declarator") {
		name := d.Child("name").Text()
		if _, done := typ.fields[name]; done {
			continue
		}
		typ.fields[name] = &field{value: d.Child("value"), typ: typText, final: isFinal(node) || interfaceConst,
			static: isStatic(node) || interfaceConst, decl: sc, ownerOf: typ}
	}
}

func (x *fileCtx) bind(sc *scope, name string, kind msgeval.BindKind, typ string, node, value syntax.Node) {
	sc.assigns[name] = append(sc.assigns[name], msgeval.Bind(&grammar, sc, kind, typ, node, value))
}

func (x *fileCtx) declarator(d syntax.Node, typ string, sc *scope) {
	name, value := d.Child("name"), d.Child("value")
	if name.Kind() != "identifier" {
		return
	}
	k := msgeval.BindSet
	if value.IsNull() {
		k = msgeval.BindDecl
	}
	x.bind(sc, name.Text(), k, typ, d, value)
}

func (x *fileCtx) assignment(node syntax.Node, sc *scope) {
	left, right := node.Child("left"), node.Child("right")
	op := node.Child("operator").Text()
	switch left.Kind() {
	case "identifier":
		k := msgeval.BindOpaque
		switch op {
		case "=":
			k = msgeval.BindSet
		case "+=":
			k = msgeval.BindAdd
		}
		if sc.ctor != nil && op == "=" && x.isField(sc, left.Text()) {
			x.ctorField(sc, left.Text(), right) // iMessage = super.getMessage();
		}
		x.bind(sc, left.Text(), k, "", node, right)
	case "field_access":
		if sc.ctor != nil && left.Child("object").Kind() == "this" && op == "=" {
			x.ctorField(sc, left.Child("field").Text(), right)
		}
	}
}

// ctorField records what constructor sc sets field f to, when that is a
// parameter or the message the superclass was given (super.getMessage(),
// which Link fills as it fills getMessage()'s).
func (x *fileCtx) ctorField(sc *scope, f string, value syntax.Node) {
	switch r := unwrap(value); {
	case r.Kind() == "identifier":
		sc.ctor.fieldParams[f] = r.Text()
	case isSuperMessage(r):
		sc.ctor.fieldParams[f] = superMessage
	}
}

// isField reports whether a simple name assigned in scope sc is a field of
// its type: no parameter or local variable of sc has that name.
func (x *fileCtx) isField(sc *scope, name string) bool {
	if sc.typ == nil || sc.typ.fields[name] == nil {
		return false
	}
	for _, p := range sc.params {
		if p.name == name {
			return false
		}
	}
	for _, b := range sc.assigns[name] {
		if b.Type != "" || b.Kind == msgeval.BindDecl {
			return false
		}
	}
	return true
}

// importDecl records an import declaration.
func (x *fileCtx) importDecl(node syntax.Node) {
	var name string
	static, star := false, false
	for c := range node.Children() {
		switch c.Kind() {
		case "static":
			static = true
		case "asterisk":
			star = true
		case "scoped_identifier", "identifier":
			name = c.Text()
		}
	}
	if name == "" {
		return
	}
	switch {
	case star && static:
		x.wildcards = append(x.wildcards, name) // members and nested types of a type
		x.statics["*"+name] = name
	case star:
		x.wildcards = append(x.wildcards, name)
	case static:
		if k := strings.LastIndexByte(name, '.'); k > 0 {
			x.statics[name[k+1:]] = name[:k]
		}
	default:
		x.imports[name[strings.LastIndexByte(name, '.')+1:]] = name
	}
}

// checks are the checking methods that throw with a message, by the
// class that declares them: the exception they throw and the position of
// their message argument.
var checks = map[string]map[string]checkInfo{
	"com.google.common.base.Preconditions": {
		"checkArgument": {"IllegalArgumentException", "java.lang.IllegalArgumentException", 1, true},
		"checkState":    {"IllegalStateException", "java.lang.IllegalStateException", 1, true},
		"checkNotNull":  {"NullPointerException", "java.lang.NullPointerException", 1, true},
	},
	"com.google.common.base.Verify": {
		"verify":        {"VerifyException", "com.google.common.base.VerifyException", 1, true},
		"verifyNotNull": {"VerifyException", "com.google.common.base.VerifyException", 1, true},
	},
	"java.util.Objects": {
		"requireNonNull": {"NullPointerException", "java.lang.NullPointerException", 1, false},
	},
}

type checkInfo struct {
	exception, qualified string
	msgArg               int
	lenient              bool // Guava's %s-only message template with trailing arguments
}

// checkMethod returns "Class.method" for a call of a checking method
// (Preconditions.checkArgument, a static import of it), or "".
func (x *fileCtx) checkMethod(call syntax.Node) string {
	name := call.Child("name").Text()
	obj := call.Child("object")
	var owner string
	switch {
	case obj.IsNull():
		if o, ok := x.statics[name]; ok {
			owner = o
		} else {
			for _, w := range x.wildcards {
				if _, ok := checks[w][name]; ok && x.statics["*"+w] != "" {
					owner = w
				}
			}
		}
	default:
		written := msgeval.Compact(obj.Text())
		owner = written
		if q, ok := x.imports[written]; ok {
			owner = q
		} else if !strings.Contains(written, ".") {
			owner = "java.util." + written // Objects is in java.util, which is imported by name
			if written != "Objects" {
				owner = ""
			}
		}
	}
	if _, ok := checks[owner][name]; !ok {
		return ""
	}
	return owner + "." + name
}

// caughtType is the exception a catch parameter of the declared type
// holds: none for a multi-catch, whose type is one of several.
func caughtType(typ string) string {
	if strings.Contains(typ, "|") {
		return ""
	}
	return typ
}

// prevStatementCall returns the call of the expression statement before
// the one of call, or null.
func prevStatementCall(call syntax.Node) syntax.Node {
	prev := call.Parent().PrevNamedSibling()
	for prev.Is("line_comment", "block_comment") {
		prev = prev.PrevNamedSibling()
	}
	return statementCall(prev)
}

// builderArgs returns the local StringBuilder and StringBuffer variables
// that call, a statement of its own whose result is dropped, is passed:
// a method handed a builder and returning nothing writes to it (Guava's
// Range: lowerBound.describeAsLowerBound(sb); sb.append(".."); ...).
// Appending a builder to another (b.append(sb)) only reads it.
func (x *fileCtx) builderArgs(call syntax.Node, sc *scope) []string {
	if statementCall(call.Parent()).Index() != call.Index() || call.Child("name").Text() == "append" {
		return nil
	}
	var out []string
	for _, a := range args(call) {
		if a = unwrap(a); a.Kind() != "identifier" {
			continue
		}
		switch x.declaredType(a, sc) {
		case "StringBuilder", "StringBuffer", "java.lang.StringBuilder", "java.lang.StringBuffer":
			out = append(out, a.Text())
		}
	}
	return out
}

// statementCall returns the call an expression statement makes, or null.
func statementCall(st syntax.Node) syntax.Node {
	if st.Kind() != "expression_statement" {
		return syntax.Node{}
	}
	if c := grammar.Operand(st); c.Kind() == "method_invocation" {
		return c
	}
	return syntax.Node{}
}

// appendRun returns the calls of the run of expression statements that
// append to the builder call appends to, from call on.
func appendRun(call syntax.Node) []syntax.Node {
	root := appendRoot(call).Text()
	run := []syntax.Node{call}
	for st := call.Parent().NextNamedSibling(); st.Kind() == "expression_statement" || st.Is("line_comment", "block_comment"); st = st.NextNamedSibling() {
		if st.Kind() != "expression_statement" {
			continue
		}
		c := grammar.Operand(st)
		if c.Kind() != "method_invocation" || appendRoot(c).Text() != root {
			break
		}
		run = append(run, c)
	}
	return run
}

// appendChoice returns the if statement whose branches all append to
// builder root and do nothing else, the outermost of nested and else-if
// chains of them, when the run of appends at call is one of the branches
// (if (lo == null) b.append("none"); else b.append("from ").append(lo););
// else null.
func appendChoice(call syntax.Node, root string) syntax.Node {
	n := call.Parent()
	if n.Parent().Kind() == "block" {
		n = n.Parent()
	}
	top := n.Parent()
	if top.Kind() != "if_statement" {
		return syntax.Node{}
	}
	for {
		up := top.Parent()
		if up.Kind() == "block" && nestedIf(up).Index() == top.Index() {
			up = up.Parent()
		}
		if up.Kind() != "if_statement" || up.Child("condition").Index() == top.Index() {
			break
		}
		top = up
	}
	if top.Child("alternative").IsNull() || !onlyAppends(top, root) {
		return syntax.Node{} // an if without else adds its run or not, as any
	}
	return top
}

// nestedIf returns the if statement that is branch b, or b's only
// statement when b is a block; else null.
func nestedIf(b syntax.Node) syntax.Node {
	if b.Kind() == "block" {
		var only syntax.Node
		for c := range b.NamedChildren() {
			if c.Is("line_comment", "block_comment") {
				continue
			}
			if !only.IsNull() {
				return syntax.Node{}
			}
			only = c
		}
		b = only
	}
	if b.Kind() == "if_statement" {
		return b
	}
	return syntax.Node{}
}

// onlyAppends reports whether every branch of if statement n (and of the
// if statements nested in its branches) is a run of appends to root.
func onlyAppends(n syntax.Node, root string) bool {
	for _, b := range []syntax.Node{n.Child("consequence"), n.Child("alternative")} {
		if b.IsNull() {
			continue
		}
		if in := nestedIf(b); !in.IsNull() {
			if !onlyAppends(in, root) {
				return false
			}
			continue
		}
		first := firstAppend(b)
		if first.IsNull() || appendRoot(first).Text() != root {
			return false
		}
		run := appendRun(first)
		if last := run[len(run)-1].Parent(); b.Kind() == "block" && !last.NextNamedSibling().IsNull() && !last.NextNamedSibling().Is("line_comment", "block_comment") {
			return false // more than the run
		}
	}
	return true
}

// firstAppend returns the call of the first statement of branch b (a
// block or a statement) when it is an expression statement, the first
// one of its nested if statement's branches, or null.
func firstAppend(b syntax.Node) syntax.Node {
	if in := nestedIf(b); !in.IsNull() {
		return firstAppend(in.Child("consequence"))
	}
	if b.Kind() == "block" {
		b = b.NamedChild(0)
		for b.Is("line_comment", "block_comment") {
			b = b.NextNamedSibling()
		}
	}
	return statementCall(b)
}

// appendRoot returns the variable of a statement sb.append(a).append(b);
// or null for other calls.
func appendRoot(call syntax.Node) syntax.Node {
	if call.Parent().Kind() != "expression_statement" {
		return syntax.Node{}
	}
	n := call
	for n.Kind() == "method_invocation" && n.Child("name").Text() == "append" {
		n = n.Child("object")
	}
	if n.Kind() != "identifier" || n.Index() == call.Index() {
		return syntax.Node{}
	}
	return n
}
