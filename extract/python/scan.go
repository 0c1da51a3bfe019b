package python

import (
	"strings"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/python/pystr"
	"github.com/errdex/errdex/syntax"
)

// This file holds the one pre-order pass over a file's tree. It records
// what the later steps need, each in an index built as the pass goes:
// scopes (module, classes, functions) with their parameters and the
// bindings of names inside them, imports, the classes with the methods
// that build exception messages, the raise and assert statements, and the
// regions with syntax errors. Later analyses (calls, guards, environment
// reads) add cases to the same switch rather than walking the tree again.

type scopeKind uint8

const (
	moduleScope scopeKind = iota
	classScope
	funcScope
)

// scope is the module, a class body or a function body.
type scope struct {
	kind   scopeKind
	node   syntax.Node // module, class_definition or function_definition
	body   syntax.Node // the block of statements (the module node for the module)
	name   string      // the simple name; "" for the module
	qual   string      // qualified by enclosing classes and functions; "" for the module
	parent *scope
	params []param
	binds  []binding
	// class is the class of a class scope, and of a method's scope (a
	// function defined directly in a class body).
	class *classInfo
	// returned is the first call a function returns, which makes it an
	// exception factory when the call builds an exception.
	returned syntax.Node
	// returns are the values of the function's return statements, in
	// source order (see calls.go).
	returns []syntax.Node
	// byName indexes binds by name (positions in binds, in source
	// order); built on first use.
	byName map[string][]int32
}

// bindingsOf returns the positions in s.binds of the bindings of name.
func (s *scope) bindingsOf(name string) []int32 {
	if s.byName == nil {
		s.byName = make(map[string][]int32, len(s.binds))
		for i, b := range s.binds {
			s.byName[b.name] = append(s.byName[b.name], int32(i))
		}
	}
	return s.byName[name]
}

// method reports whether s is a function defined directly in a class
// body, and returns its class.
func (s *scope) method() *classInfo {
	if s.kind == funcScope && s.parent != nil && s.parent.kind == classScope {
		return s.class
	}
	return nil
}

// selfName is the name of a method's first parameter ("self"), or "".
func (s *scope) selfName() string {
	if s.method() != nil && len(s.params) > 0 && s.params[0].kind == paramPlain {
		return s.params[0].name
	}
	return ""
}

// function is the name sites in s report as their enclosing function.
func (s *scope) function() string {
	if s.qual == "" {
		return "<module>"
	}
	return s.qual
}

type paramKind uint8

const (
	paramPlain paramKind = iota
	paramKwOnly
	paramStar
	paramDoubleStar
)

type param struct {
	name string
	kind paramKind
	def  syntax.Node // default value; the zero Node when none
}

type bindKind uint8

const (
	bindAssign bindKind = iota // name = value
	bindAugAdd                 // name += value
	bindOpaque                 // any binding whose value is not modelled
	bindExcept                 // except E as name: value is E
	bindClass                  // class name: ...
	bindDef                    // def name(...): ...
	bindListOp                 // name.append(x), name.extend(xs), name.insert(i, x): value is the call
	bindUnpack                 // a, name = f(...): value is the call, at the name in its pattern
)

// binding is one place a scope binds a name. Attribute assignments in
// methods are bindings of "self.attr" (with the method's own name for its
// first parameter). Bindings are in source order.
type binding struct {
	name  string
	kind  bindKind
	at    int         // tree index of the binding node, for containment tests
	value syntax.Node // the assigned value, or the caught type of bindExcept
}

// importTarget is what an imported name refers to: a module ("os.path"),
// or a name in a module. Relative imports keep their leading dots
// ("..errors"), resolved in Link once the file's package is known.
type importTarget struct {
	module string
	name   string // "" when the name is the module itself
}

// qualified renders the target as a dotted name.
func (t importTarget) qualified() string {
	switch {
	case t.name == "":
		return t.module
	case strings.HasSuffix(t.module, "."):
		return t.module + t.name
	}
	return t.module + "." + t.name
}

// classInfo records a class definition and what builds its messages.
type classInfo struct {
	scope *scope
	qual  string
	bases []syntax.Node // positional superclass expressions, Base for Base[T]
	// methods holds __init__, __str__ and __repr__ when defined, and
	// properties the methods decorated as properties, by name.
	methods, properties map[string]*scope
	// superInits are the calls in __init__ of a base's __init__:
	// super().__init__(...), Base.__init__(self, ...).
	superInits []syntax.Node
	// returns holds the returned values of __str__ and __repr__.
	strReturns, reprReturns []syntax.Node
}

// candidate is a raise or assert statement found by the scan.
type candidate struct {
	node  syntax.Node
	scope *scope
}

// fileScan is the result of the pass.
type fileScan struct {
	tree    *syntax.Tree
	src     []byte
	module  *scope
	imports map[string]importTarget
	stars   []string // modules imported with *
	// imported lists every import of the file in source order, with
	// the module as written in full ("pkg.core" for import pkg.core).
	imported []extract.Import
	classes  []*classInfo
	funcs    []*scope
	sites    []candidate
	// calls are the file's calls with their scopes, for the messages
	// passed to a function that raises them (params.go).
	calls []candidate
	// errorLines are the first lines of the outermost ERROR nodes;
	// skipped counts raise and assert statements inside them.
	errorLines []int
	skipped    int
	// py2Raises are the lines of Python 2 "raise E, msg" statements.
	py2Raises []int
	latin1    bool // the source declares a Latin-1 encoding
}

type frame struct {
	s   *scope
	end int
}

// scan makes the pass over tree.
func scan(tree *syntax.Tree) *fileScan {
	root := tree.Root()
	fs := &fileScan{tree: tree, src: tree.Source(), imports: map[string]importTarget{}}
	fs.latin1 = pystr.DeclaresLatin1(fs.src)
	fs.module = &scope{kind: moduleScope, node: root, body: root}
	stack := []frame{{fs.module, root.SkipSubtree()}}
	errEnd := -1 // end of the ERROR subtree being skipped
	n := tree.Len()
	for i := 1; i < n; i++ {
		for len(stack) > 1 && i >= stack[len(stack)-1].end {
			stack = stack[:len(stack)-1]
		}
		node := tree.At(i)
		if errEnd >= 0 && i >= errEnd {
			errEnd = -1
		}
		if errEnd >= 0 {
			fs.countSkipped(node)
			continue
		}
		if node.IsError() {
			fs.errorLines = append(fs.errorLines, node.Line())
			errEnd = node.SkipSubtree()
			fs.countSkipped(node)
			continue
		}
		cur := stack[len(stack)-1].s
		switch node.Kind() {
		case "function_definition":
			s := fs.pushFunction(node, cur)
			stack = append(stack, frame{s, node.SkipSubtree()})
		case "class_definition":
			s := fs.pushClass(node, cur)
			stack = append(stack, frame{s, node.SkipSubtree()})
		case "raise_statement", "assert_statement":
			if node.HasError() {
				fs.skipped++
				continue
			}
			fs.sites = append(fs.sites, candidate{node, cur})
		case "yield":
			// A generator of errors (jsonschema's validators yield
			// ValidationError(...) for the caller to raise) builds each
			// exception where it yields it.
			if v := node.NamedChild(0); v.Kind() == "call" && !node.HasError() && constructsException(v) {
				fs.sites = append(fs.sites, candidate{node, cur})
			}
		case "subscript":
			if envLookupCandidate(node) {
				fs.sites = append(fs.sites, candidate{node, cur})
			}
		case "assignment":
			fs.assignment(node, cur)
		case "augmented_assignment":
			if left := node.Child("left"); left.Kind() == "identifier" {
				kind := bindOpaque
				if node.Child("operator").Kind() == "+=" {
					kind = bindAugAdd
				}
				cur.binds = append(cur.binds, binding{left.Text(), kind, node.Index(), node.Child("right")})
			}
		case "for_statement":
			fs.opaqueTargets(node.Child("left"), cur)
		case "as_pattern_target":
			// with ... as name, except ... as name.
			p := node.Parent()
			if clause := p.Parent(); clause.Kind() == "except_clause" {
				if id := node.NamedChild(0); id.Kind() == "identifier" {
					cur.binds = append(cur.binds, binding{id.Text(), bindExcept, id.Index(), p.NamedChild(0)})
				}
				continue
			}
			fs.opaqueTargets(node, cur)
		case "named_expression":
			fs.opaqueTargets(node.Child("name"), cur)
		case "import_statement", "import_from_statement":
			fs.importStatement(node, cur)
		case "call":
			fs.calls = append(fs.calls, candidate{node, cur})
			if isRaiseFrom(node) && !node.HasError() {
				// six.raise_from(exc, cause) and future's raise_from
				// are Python 2-compatible spellings of raise exc from
				// cause.
				fs.sites = append(fs.sites, candidate{node, cur})
			}
			if name, ok := listOp(node); ok {
				cur.binds = append(cur.binds, binding{name, bindListOp, node.Index(), node})
			}
			if m := cur.method(); m != nil && cur.name == "__init__" && isInitCall(node) {
				m.superInits = append(m.superInits, node)
			}
		case "return_statement":
			v := node.NamedChild(0)
			if v.IsNull() || cur.kind != funcScope {
				continue
			}
			if m := cur.method(); m != nil {
				switch cur.name {
				case "__str__":
					m.strReturns = append(m.strReturns, v)
				case "__repr__":
					m.reprReturns = append(m.reprReturns, v)
				}
			}
			if v.Kind() == "call" && cur.returned.IsNull() {
				cur.returned = v
			}
			cur.returns = append(cur.returns, v)
		}
	}
	return fs
}

// countSkipped counts a raise or assert inside a region with syntax
// errors: a statement node, or a bare keyword the parser could not place.
func (fs *fileScan) countSkipped(node syntax.Node) {
	switch node.Kind() {
	case "raise_statement", "assert_statement":
		fs.skipped++
	case "raise", "assert", "identifier":
		if p := node.Parent(); p.Kind() != "raise_statement" && p.Kind() != "assert_statement" {
			if t := node.Bytes(); string(t) == "raise" || string(t) == "assert" {
				fs.skipped++
			}
		}
	}
}

func (fs *fileScan) pushFunction(node syntax.Node, parent *scope) *scope {
	name := node.Child("name").Text()
	s := &scope{kind: funcScope, node: node, body: node.Child("body"), name: name, qual: qualify(parent.qual, name), parent: parent}
	s.params = parseParams(node.Child("parameters"))
	parent.binds = append(parent.binds, binding{name, bindDef, node.Index(), syntax.Node{}})
	fs.funcs = append(fs.funcs, s)
	if parent.kind == classScope {
		s.class = parent.class
		switch name {
		case "__init__", "__str__", "__repr__":
			if parent.class.methods == nil {
				parent.class.methods = map[string]*scope{}
			}
			parent.class.methods[name] = s
		default:
			if isProperty(node) {
				if parent.class.properties == nil {
					parent.class.properties = map[string]*scope{}
				}
				parent.class.properties[name] = s
			}
		}
	}
	return s
}

func (fs *fileScan) pushClass(node syntax.Node, parent *scope) *scope {
	name := node.Child("name").Text()
	s := &scope{kind: classScope, node: node, body: node.Child("body"), name: name, qual: qualify(parent.qual, name), parent: parent}
	c := &classInfo{scope: s, qual: s.qual}
	for b := range node.Child("superclasses").NamedChildren() {
		if b.Kind() == "subscript" {
			b = b.Child("value") // a generic alias (Base[T]) subclasses its origin
		}
		if b.Kind() != "keyword_argument" && b.Kind() != "list_splat" && b.Kind() != "dictionary_splat" && b.Kind() != "comment" && !b.IsNull() {
			c.bases = append(c.bases, b)
		}
	}
	s.class = c
	fs.classes = append(fs.classes, c)
	parent.binds = append(parent.binds, binding{name, bindClass, node.Index(), syntax.Node{}})
	return s
}

func qualify(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// parseParams reads a parameter list.
func parseParams(n syntax.Node) []param {
	var ps []param
	kwOnly := false
	for c := range n.NamedChildren() {
		p := param{kind: paramPlain}
		if kwOnly {
			p.kind = paramKwOnly
		}
		switch c.Kind() {
		case "identifier":
			p.name = c.Text()
		case "typed_parameter":
			inner := c.NamedChild(0)
			switch inner.Kind() {
			case "identifier":
				p.name = inner.Text()
			case "list_splat_pattern":
				p.name, p.kind, kwOnly = inner.NamedChild(0).Text(), paramStar, true
			case "dictionary_splat_pattern":
				p.name, p.kind = inner.NamedChild(0).Text(), paramDoubleStar
			}
		case "default_parameter", "typed_default_parameter":
			p.name, p.def = c.Child("name").Text(), c.Child("value")
		case "list_splat_pattern":
			p.name, p.kind, kwOnly = c.NamedChild(0).Text(), paramStar, true
		case "dictionary_splat_pattern":
			p.name, p.kind = c.NamedChild(0).Text(), paramDoubleStar
		case "keyword_separator":
			kwOnly = true
			continue
		default:
			continue
		}
		if p.name != "" {
			ps = append(ps, p)
		}
	}
	return ps
}

// assignment records the bindings of "left = right" (and of each target
// of a chained assignment, which the pass visits in turn).
func (fs *fileScan) assignment(node syntax.Node, cur *scope) {
	right := node.Child("right")
	if right.IsNull() {
		return // an annotation without a value
	}
	for right.Kind() == "assignment" {
		right = right.Child("right")
	}
	switch left := node.Child("left"); left.Kind() {
	case "identifier":
		cur.binds = append(cur.binds, binding{left.Text(), bindAssign, node.Index(), right})
	case "attribute":
		if self := cur.selfName(); self != "" && left.Child("object").Kind() == "identifier" && left.Child("object").Text() == self {
			cur.binds = append(cur.binds, binding{"self." + left.Child("attribute").Text(), bindAssign, node.Index(), right})
		}
	case "pattern_list", "tuple_pattern":
		if right.Kind() != "call" {
			fs.opaqueTargets(left, cur)
			return
		}
		// ok, msg = check(x): each name is an item of the tuples the
		// function returns.
		for c := range left.NamedChildren() {
			if c.Kind() == "identifier" {
				cur.binds = append(cur.binds, binding{c.Text(), bindUnpack, c.Index(), right})
			} else {
				fs.opaqueTargets(c, cur)
			}
		}
	default:
		fs.opaqueTargets(left, cur)
	}
}

// opaqueTargets records every name bound by a target pattern as bound to
// an unknown value.
func (fs *fileScan) opaqueTargets(target syntax.Node, cur *scope) {
	if target.Kind() == "identifier" {
		cur.binds = append(cur.binds, binding{target.Text(), bindOpaque, target.Index(), syntax.Node{}})
		return
	}
	for d := range target.Descendants() {
		if d.Kind() == "identifier" {
			if p := d.Parent(); p.Kind() == "attribute" || p.Kind() == "subscript" || p.Kind() == "call" {
				continue
			}
			cur.binds = append(cur.binds, binding{d.Text(), bindOpaque, d.Index(), syntax.Node{}})
		}
	}
}

// importStatement records the names an import binds. Imports anywhere in
// the file count; a function-level import of an exception class is as
// good a witness of its module as a top-level one.
func (fs *fileScan) importStatement(node syntax.Node, cur *scope) {
	bind := func(local string, t importTarget) {
		if _, ok := fs.imports[local]; !ok {
			fs.imports[local] = t
		}
		cur.binds = append(cur.binds, binding{local, bindOpaque, node.Index(), syntax.Node{}})
	}
	if node.Kind() == "import_statement" {
		for c := range node.ChildrenByField("name") {
			switch c.Kind() {
			case "dotted_name":
				full := dottedText(c)
				first, _, _ := strings.Cut(full, ".")
				bind(first, importTarget{module: first})
				fs.imported = append(fs.imported, extract.Import{Local: first, Module: full})
			case "aliased_import":
				local, full := c.Child("alias").Text(), dottedText(c.Child("name"))
				bind(local, importTarget{module: full})
				fs.imported = append(fs.imported, extract.Import{Local: local, Module: full})
			}
		}
		return
	}
	mod := node.Child("module_name")
	module := dottedText(mod)
	if mod.Kind() == "relative_import" {
		module = strings.Join(strings.Fields(mod.Text()), "")
	}
	for c := range node.NamedChildren() {
		if c.Kind() == "wildcard_import" {
			fs.stars = append(fs.stars, module)
			fs.imported = append(fs.imported, extract.Import{Module: module, Name: "*"})
		}
	}
	for c := range node.ChildrenByField("name") {
		switch c.Kind() {
		case "dotted_name":
			name := dottedText(c)
			bind(name, importTarget{module: module, name: name})
			fs.imported = append(fs.imported, extract.Import{Local: name, Module: module, Name: name})
		case "aliased_import":
			local, name := c.Child("alias").Text(), dottedText(c.Child("name"))
			bind(local, importTarget{module: module, name: name})
			fs.imported = append(fs.imported, extract.Import{Local: local, Module: module, Name: name})
		}
	}
}

// dottedText renders a dotted_name without the spaces or line breaks the
// source may put around its dots.
func dottedText(n syntax.Node) string {
	t := n.Text()
	if strings.ContainsAny(t, " \t\\\n") {
		return strings.Join(strings.Fields(strings.ReplaceAll(t, "\\", " ")), "")
	}
	return t
}

// isInitCall reports whether call is a call of a base class's __init__:
// super().__init__(...), super(C, self).__init__(...) or
// Base.__init__(self, ...).
func isInitCall(call syntax.Node) bool {
	fn := call.Child("function")
	return fn.Kind() == "attribute" && fn.Child("attribute").Text() == "__init__"
}

// listOp reports a statement that grows a list held in a plain name
// (parts.append(x), parts.extend(xs), parts.insert(0, x)) and returns the
// name.
func listOp(call syntax.Node) (string, bool) {
	if call.Parent().Kind() != "expression_statement" {
		return "", false
	}
	fn := call.Child("function")
	if fn.Kind() != "attribute" || fn.Child("object").Kind() != "identifier" {
		return "", false
	}
	switch fn.Child("attribute").Text() {
	case "append", "extend", "insert":
		return fn.Child("object").Text(), true
	}
	return "", false
}

// constructsException reports whether a call builds an exception: it
// calls a builtin exception or a name that ends like one
// ("ValidationError", "errors.ParseException").
func constructsException(call syntax.Node) bool {
	name := compactName(call.Child("function").Text())
	last := name[strings.LastIndexByte(name, '.')+1:]
	if builtinExceptions[last] {
		return true
	}
	for _, suffix := range []string{"Error", "Exception", "Warning"} {
		if len(last) > len(suffix) && strings.HasSuffix(last, suffix) {
			return true
		}
	}
	return false
}

// isRaiseFrom reports whether a call is a statement calling raise_from
// (bare or qualified: six.raise_from) with the exception first.
func isRaiseFrom(call syntax.Node) bool {
	if call.Parent().Kind() != "expression_statement" {
		return false
	}
	name := compactName(call.Child("function").Text())
	if name != "raise_from" && !strings.HasSuffix(name, ".raise_from") {
		return false
	}
	return !raisedArg(call).IsNull()
}

// raisedArg returns the first positional argument of a call, or the zero
// Node.
func raisedArg(call syntax.Node) syntax.Node {
	for a := range call.Child("arguments").NamedChildren() {
		switch a.Kind() {
		case "comment":
			continue
		case "keyword_argument", "list_splat", "dictionary_splat":
			return syntax.Node{}
		}
		return a
	}
	return syntax.Node{}
}

// isProperty reports whether a function definition is decorated as a
// property (@property, @functools.cached_property).
func isProperty(def syntax.Node) bool {
	p := def.Parent()
	if p.Kind() != "decorated_definition" {
		return false
	}
	for d := range p.NamedChildren() {
		if d.Kind() != "decorator" {
			continue
		}
		name := compactName(strings.TrimPrefix(d.Text(), "@"))
		switch name[strings.LastIndexByte(name, '.')+1:] {
		case "property", "cached_property":
			return true
		}
	}
	return false
}
