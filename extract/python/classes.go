package python

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// This file turns a class definition into the facts Link needs to know
// what str() of its instances prints: what its __init__ passes on to the
// base class's __init__, the attributes it sets, and what __str__ returns.
// Holes in these templates name the __init__ parameters ("msg"), the
// attributes ("self.code") and the args tuple ("self.args[0]"); Link
// substitutes the arguments of each raise.

// maxClassAttrs caps the attributes recorded for one class.
const maxClassAttrs = 64

// classFact is what a class contributes to the messages of its instances.
type classFact struct {
	qual  string // the class's name within its module ("Outer.Inner")
	bases []nameRef
	methodFacts
	// consts are the texts and numbers the class body binds, by name
	// (message = "..."), which self.NAME reads unless __init__ sets it;
	// properties, what its properties return (jinja2's message returns
	// self.args[0]), read the same way.
	consts, properties map[string]argVal
	// inherited holds, by the qualified name of a base in the file, the
	// facts of that base's __init__ and __str__ as they read for this
	// class, when they format constants it binds (see inherit).
	inherited map[string]*methodFacts
}

// methodFacts are the facts of a class's __init__ and __str__.
type methodFacts struct {
	init *initFact
	// attrs are the values __init__ assigns to self.NAME, by NAME;
	// partial names those some path through __init__ leaves unset.
	attrs   map[string]argVal
	partial map[string]bool
	// str holds the messages __str__ returns; nil when the class does
	// not define __str__.
	str []errdex.Template
}

// initFact describes a class's __init__.
type initFact struct {
	params []paramFact // after self
	// super holds the arguments passed to the base class's __init__; nil
	// when __init__ does not call it (the instance's args are then the
	// constructor's own arguments, which BaseException.__new__ keeps).
	super *callArgs
	// superClass names the class whose __init__ is called explicitly
	// (Base.__init__(self, ...)); "" for super().__init__(...).
	superClass nameRef
	// superWithArgs, when set, holds the arguments passed to the base's
	// __init__ when the *args parameter star collects some, and super
	// those passed when it collects none (see argsBranches).
	superWithArgs *callArgs
	star          string
}

type paramFact struct {
	name string
	kind paramKind
	def  *argVal
}

// classFact derives the facts of a class. It returns nil for classes
// without bases, which cannot be exceptions.
func (x *extraction) classFact(c *classInfo) *classFact {
	if len(c.bases) == 0 {
		return nil
	}
	x.ev.classCtx = true
	defer func() { x.ev.classCtx = false }()
	cf := &classFact{qual: c.qual, consts: x.consts(c)}
	for _, b := range c.bases {
		cf.bases = append(cf.bases, x.ref(compactName(x.ev.text(b))))
	}
	if init := c.methods["__init__"]; init != nil {
		cf.init = x.initFact(c, init)
		cf.attrs, cf.partial = x.attrs(init)
	}
	cf.str = x.strOf(c)
	cf.properties = x.properties(c)
	if len(cf.consts) > 0 {
		x.inherit(c, cf)
	}
	return cf
}

// properties evaluates what c's properties return, by name; a property
// whose value is unknown and reads nothing of the instance is left out.
func (x *extraction) properties(c *classInfo) map[string]argVal {
	var out map[string]argVal
	for name, p := range c.properties {
		if len(p.returns) == 0 || len(p.returns) > maxAlts {
			continue
		}
		v := x.ev.returned(p)
		if v.kind == vUnknown && !strings.HasPrefix(v.expr, "self.") {
			continue
		}
		if out == nil {
			out = map[string]argVal{}
		}
		out[name] = argOf(v)
	}
	return out
}

// strOf returns the messages c's __str__ (or the __repr__ that stands for
// it) returns; nil when c defines neither.
func (x *extraction) strOf(c *classInfo) []errdex.Template {
	strScope, returns := c.methods["__str__"], c.strReturns
	if x.strIsRepr(c) {
		strScope, returns = c.methods["__repr__"], c.reprReturns
	}
	if strScope == nil || len(returns) == 0 {
		return nil
	}
	var v value
	for i, r := range returns {
		if i == 0 {
			v = x.ev.eval(r, strScope)
		} else {
			v = union(v, x.ev.eval(r, strScope))
		}
	}
	return v.strAlts()
}

// inherit records how the __init__ and __str__ of c's bases in the file
// read for c when they format constants c binds: botocore's
// BotoCoreError.__init__ passes self.fmt.format(**kwargs) on, and each
// subclass binds fmt to its own message ("Unknown service:
// '{service_name}'..."), which Link would otherwise never see, the base's
// message being formatted with the base's fmt already.
func (x *extraction) inherit(c *classInfo, cf *classFact) {
	ev := x.ev
	ev.selfClass = c
	defer func() { ev.selfClass, ev.overridden = nil, false }()
	for _, a := range x.ev.fileBases(c) {
		init := a.methods["__init__"]
		ev.overridden = false
		var v methodFacts
		if init != nil {
			v.init = x.initFact(a, init)
			v.attrs, v.partial = x.attrs(init)
		}
		v.str = x.strOf(a)
		if ev.overridden {
			if cf.inherited == nil {
				cf.inherited = map[string]*methodFacts{}
			}
			cf.inherited[a.qual] = &v
		}
	}
}

// fileBases returns the bases of c defined in the file, nearest first
// (depth first along the bases as written), each once.
func (ev *evaluator) fileBases(c *classInfo) []*classInfo {
	var out []*classInfo
	var walk func(k *classInfo, depth int)
	walk = func(k *classInfo, depth int) {
		if depth > maxChain {
			return
		}
		for _, b := range k.bases {
			bc := ev.fileClass(compactName(ev.text(b)), k)
			if bc == nil || bc == c || slices.Contains(out, bc) {
				continue
			}
			out = append(out, bc)
			walk(bc, depth+1)
		}
	}
	walk(c, 0)
	return out
}

// initFact reads __init__'s parameters and its call of the base __init__.
func (x *extraction) initFact(c *classInfo, init *scope) *initFact {
	f := &initFact{params: x.paramFacts(init)}
	if len(c.superInits) == 0 {
		return f
	}
	call := c.superInits[0]
	if len(c.superInits) == 2 {
		if withArgs, without, star, ok := argsBranches(c.superInits[0], c.superInits[1], init); ok {
			call = without
			a := x.superArgs(f, withArgs, init)
			f.superWithArgs, f.star = &a, star
		}
	}
	a := x.superArgs(f, call, init)
	f.super = &a
	return f
}

// superArgs reads the arguments of a call of the base's __init__ in
// init, noting in f the base class a Base.__init__(self, ...) call
// names.
func (x *extraction) superArgs(f *initFact, call syntax.Node, init *scope) callArgs {
	args := x.callArgs(call, init)
	obj := call.Child("function").Child("object")
	if !(obj.Kind() == "call" && obj.Child("function").Text() == "super") {
		// Base.__init__(self, ...): the first argument is the instance.
		f.superClass = x.ref(compactName(x.ev.text(obj)))
		if len(args.pos) > 0 && args.pos[0].expr == init.selfName() {
			args.pos = args.pos[1:]
		}
	}
	return args
}

// argsBranches recognises two calls of the base's __init__ in the
// branches of "if ARGS: ... else: ..." (or "if not ARGS"), ARGS being
// init's *args parameter: which call runs depends on whether the raise
// passes positional arguments. dnspython's DNSException.__init__ passes
// *args on when there are some and its default message otherwise. It
// returns the call made with arguments, the one made without, and the
// parameter's name.
func argsBranches(a, b syntax.Node, init *scope) (withArgs, without syntax.Node, star string, ok bool) {
	for _, p := range init.params {
		if p.kind == paramStar {
			star = p.name
		}
	}
	ifs := a.Parent()
	for ifs.Kind() != "if_statement" && ifs.Kind() != "function_definition" && !ifs.IsNull() {
		ifs = ifs.Parent()
	}
	if star == "" || ifs.Kind() != "if_statement" || ifs.Child("alternative").IsNull() ||
		ifs.Child("alternative").Kind() != "else_clause" {
		return syntax.Node{}, syntax.Node{}, "", false
	}
	then, other := ifs.Child("consequence"), ifs.Child("alternative")
	if !then.Contains(a) || !other.Contains(b) {
		return syntax.Node{}, syntax.Node{}, "", false
	}
	switch cond := unparen(ifs.Child("condition")); {
	case cond.Kind() == "identifier" && cond.Text() == star:
		return a, b, star, true
	case cond.Kind() == "not_operator" && unparen(cond.Child("argument")).Kind() == "identifier" &&
		unparen(cond.Child("argument")).Text() == star:
		return b, a, star, true
	}
	return syntax.Node{}, syntax.Node{}, "", false
}

// attrs evaluates what __init__ leaves in each self.NAME, and which
// names some path leaves unset.
func (x *extraction) attrs(init *scope) (map[string]argVal, map[string]bool) {
	var out map[string]argVal
	var partial map[string]bool
	for _, b := range init.binds {
		name, ok := strings.CutPrefix(b.name, "self.")
		if !ok {
			continue
		}
		if _, done := out[name]; done {
			continue
		}
		if len(out) >= maxClassAttrs {
			break
		}
		f := x.ev.reaching(b.name, -1, init)
		if !f.set {
			continue
		}
		if out == nil {
			out, partial = map[string]argVal{}, map[string]bool{}
		}
		out[name] = argOf(f.v)
		if f.partial {
			partial[name] = true
		}
	}
	return out, partial
}

// consts evaluates the class body's bindings of names to texts and
// numbers.
func (x *extraction) consts(c *classInfo) map[string]argVal {
	var out map[string]argVal
	for _, b := range c.scope.binds {
		if b.kind != bindAssign || len(c.scope.bindingsOf(b.name)) != 1 {
			continue
		}
		switch b.value.Kind() {
		case "string", "concatenated_string", "integer", "float", "true", "false", "none", "binary_operator", "call", "parenthesized_expression":
		default:
			continue
		}
		v := x.ev.eval(b.value, c.scope)
		if v.kind == vUnknown {
			continue
		}
		if out == nil {
			out = map[string]argVal{}
		}
		out[b.name] = argOf(v)
	}
	if doc, ok := x.docstring(c); ok {
		if out == nil {
			out = map[string]argVal{}
		}
		out["__doc__"] = doc
	}
	return out
}

// docstring returns what the class binds __doc__ to: its docstring, the
// text as written (Python before 3.13 keeps its indentation), or None
// when it has none, since a class does not inherit its base's. An
// exception that prints its class's docstring when raised without a
// message (dnspython's DNSException sets self.msg = self.__doc__, and
// raise LabelTooLong prints 'A DNS label is > 63 octets long.') reads it
// as a class constant. ok is false for a docstring that is not plain
// text (an f-string, a concatenation).
func (x *extraction) docstring(c *classInfo) (argVal, bool) {
	first := c.scope.body.NamedChild(0)
	for first.Kind() == "comment" {
		first = first.NextNamedSibling()
	}
	if first.Kind() != "expression_statement" || first.NamedChildCount() != 1 || first.NamedChild(0).Kind() != "string" {
		return argOf(litValue(vConst, "None", "None")), true
	}
	v := x.ev.eval(first.NamedChild(0), c.scope)
	if v.kind != vStr || len(v.alts) != 1 || v.alts[0].IsOpaque() {
		return argVal{}, false
	}
	return argOf(v), true
}

// strIsRepr reports whether a class's str() is its repr(): __str__ =
// __repr__ in the class body, or a __str__ returning repr(self) or
// self.__repr__().
func (x *extraction) strIsRepr(c *classInfo) bool {
	if c.methods["__repr__"] == nil {
		return false
	}
	for _, i := range c.scope.bindingsOf("__str__") {
		if b := c.scope.binds[i]; b.kind == bindAssign && b.value.Text() == "__repr__" {
			return true
		}
	}
	if len(c.strReturns) == 1 {
		s := strings.ReplaceAll(c.strReturns[0].Text(), " ", "")
		self := c.methods["__str__"].selfName()
		return s == "repr("+self+")" || s == self+".__repr__()"
	}
	return false
}

// factoryFact describes a function that returns a new exception, which
// code raises as "raise make_error(...)": its parameters and the
// exception call it returns, whose arguments may name the parameters.
type factoryFact struct {
	params []paramFact
	class  nameRef
	args   callArgs
	// more are the arguments of the function's other returns of the
	// same class, in source order (def _error(value): if value: return
	// ValueError("unexpected token: %s" % value); return
	// ValueError("unexpected end")): each gives the raise a message.
	more   []callArgs
	method bool // defined in a class body
	// classParam names the parameter whose class the function builds
	// (def parse_error(self, exception=ParseError, *args): return
	// exception(line, col, *args)); class is then unset.
	classParam string
	// forward is the factory key of the factory the function returns the
	// result of, passing args (return self._src.parse_error(exception,
	// *args)); "" when it builds the exception itself.
	forward string
}

// maxFactoryReturns bounds the returned calls of one factory read.
const maxFactoryReturns = 4

// factoryFact derives the facts of a function whose first returned call
// builds an instance of a class; nil otherwise. Link uses it when a raise
// calls the function.
func (x *extraction) factoryFact(f *scope) *factoryFact {
	returned := f.returned
	if returned.IsNull() {
		returned = x.returnedBinding(f)
	}
	if returned.IsNull() {
		return nil
	}
	written := compactName(x.ev.text(returned.Child("function")))
	last := written[strings.LastIndexByte(written, '.')+1:]
	if r, _ := utf8.DecodeRuneInString(last); unicode.IsLower(r) || r == '_' {
		// A function or a parameter, though named like a class
		// (parse_error): a factory passing its arguments on.
		if ff := x.passingFactory(f, returned, written); ff != nil {
			return ff
		}
	}
	if !x.classLike(written) {
		return nil
	}
	ff := &factoryFact{class: x.ref(written), args: x.callArgs(returned, f), params: x.paramFacts(f), method: f.method() != nil}
	for _, r := range f.returns {
		if len(ff.more) == maxFactoryReturns-1 {
			break
		}
		if r.Kind() == "call" && r != returned && compactName(x.ev.text(r.Child("function"))) == written {
			ff.more = append(ff.more, x.callArgs(r, f))
		}
	}
	return ff
}

// passingFactory describes a function that returns a call of a class its
// parameter holds, or the result of another factory it passes one of its
// parameters to; nil for any other function.
func (x *extraction) passingFactory(f *scope, returned syntax.Node, written string) *factoryFact {
	if len(f.returns) != 1 {
		return nil
	}
	ff := &factoryFact{args: x.callArgs(returned, f), params: x.paramFacts(f), method: f.method() != nil}
	if _, isParam := paramValue(written, f); isParam && len(f.bindingsOf(written)) == 0 {
		ff.classParam = written
		return ff
	}
	passes := false
	for a := range returned.Child("arguments").NamedChildren() {
		if a.Kind() == "identifier" {
			_, isParam := paramValue(a.Text(), f)
			passes = passes || isParam
		}
	}
	if ff.forward = x.factoryKey(written, f); ff.forward == "" || !passes {
		return nil
	}
	return ff
}

// returnedBinding returns the class call behind a function's first
// returned name that is bound to one (if not exc: exc =
// ParsingError(source); exc.append(line); return exc); the zero Node
// when there is none.
func (x *extraction) returnedBinding(f *scope) syntax.Node {
	for _, r := range f.returns {
		if r.Kind() != "identifier" {
			continue
		}
		call := x.callBinding(r.Text(), r.Index(), f)
		if !call.IsNull() && x.classLike(compactName(x.ev.text(call.Child("function")))) {
			return call
		}
	}
	return syntax.Node{}
}

// paramFacts reads a function's parameters, without a method's self,
// with their defaults evaluated at module level.
func (x *extraction) paramFacts(f *scope) []paramFact {
	var ps []paramFact
	for i, p := range f.params {
		if i == 0 && p.kind == paramPlain && f.method() != nil {
			continue // self
		}
		pf := paramFact{name: p.name, kind: p.kind}
		if !p.def.IsNull() {
			d := x.classArgOf(p.def, argOf(x.ev.eval(p.def, x.fs.module)))
			pf.def = &d
		}
		ps = append(ps, pf)
	}
	return ps
}
