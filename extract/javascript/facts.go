package javascript

import (
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// Facts is what the extractor records about one file (the Facts of its
// extract.FileResult): what Link needs to follow error classes across
// files. Site pointers refer to sites of the same FileResult.
type Facts struct {
	Path string
	// calls are the file's calls whose callee a name says (see
	// NamedCalls).
	calls extract.CallLog
	// Imports maps each local name bound by import or require to what it
	// names.
	Imports map[string]Import
	// Classes are the classes that extend another (error classes among
	// them), with what their constructors do with their arguments.
	Classes []*Class
	// Default names the class the module exports as a whole (export
	// default class X, module.exports = X), or "".
	Default string
	// ReExports are the modules whose exports the module exports as its
	// own, as written: export * from './error', export { X } from
	// './error', and TypeScript's CommonJS output of the first,
	// __exportStar(require("./error"), exports).
	ReExports []string
	// Consts are the texts of the module's constant strings and tables of
	// strings, by the name an importer reads them with: "MESSAGE" for
	// const MESSAGE = "..." (or exports.MESSAGE = "..."), "ERRORS.EOF"
	// for const ERRORS = {EOF: "..."}.
	Consts map[string]string
	// Throws are the constructions of classes that are not built in,
	// whose message Link may replace with the one the class builds.
	Throws []*Throw
	// Helpers are the module's functions that throw a message their
	// callers pass (export function fail(msg) { throw new Error(msg) },
	// static x(message, ctx) { throw new TomlError(message, ...) }), by
	// the name an importer calls them with ("fail", "TomlError.x").
	Helpers map[string]*Helper
	// Calls are the calls of imported functions that pass literal text:
	// sites once Link finds that the function is a helper.
	Calls []*Call
	// Derived are the sites of the calls of the file's helpers, in the
	// order they were made.
	Derived []*Derived
}

// Derived is the site of a call of a helper of the file: the helper's
// sites it fills (From, whose messages were Was) and the call's
// arguments by parameter name.
type Derived struct {
	Site  *errdex.Site
	From  []*errdex.Site
	Was   [][]errdex.Template
	Binds map[string][]errdex.Template
}

// Helper is a function that throws a message built from its parameters
// (its parameters and its sites), or a factory that returns an error
// built so (its parameters, the error's class and messages).
type Helper struct {
	Params    []Param
	Sites     []*errdex.Site
	Exception string
	Msg       []errdex.Template
}

// Call is a call of an imported function (TomlError.x('invalid value',
// ctx), parseJoseHeader(header, JWSInvalid, "JWS Protected Header is
// invalid")): the callee as written, its arguments, where it is and the
// function it is in.
type Call struct {
	Callee   string
	Args     []Arg
	Span     errdex.Span
	Function string
	// Thrown is the site of the throw whose operand the call is (throw
	// is.invalidParameterError('width', ...)), whose message a factory's
	// fills.
	Thrown *errdex.Site
}

// Class is an error class: what its constructor passes to its base and
// what it sets as its message. Templates name the constructor's
// parameters in holes whose Expr is the parameter's name.
type Class struct {
	Name string
	Base string // the extends expression as written
	// HasCtor is set when the class defines a constructor; Params are its
	// parameters; SuperArgs are the arguments of its super(...) call
	// (HasSuper).
	HasCtor   bool
	Params    []Param
	HasSuper  bool
	SuperArgs []Arg
	// Message holds the messages the class sets itself (this.message =
	// ..., a message field), which replace the one passed to the base.
	Message []errdex.Template
}

// Param is a constructor parameter with its default value's messages.
// A destructured object parameter ({code, message}) has no Name; Props
// maps its property names to the local names it binds.
//
// Join is set when the function replaces the parameter with its elements
// joined (if (Array.isArray(message)) message = message.join(" "), as
// csv-parse's CsvError does): an array literal argument then gives the
// joined text.
type Param struct {
	Name    string
	Default []errdex.Template
	Rest    bool
	Props   map[string]string
	Join    *Join
}

// Join is how a function joins an array parameter: the separator, and
// whether the result is trimmed (message.join(" ").trim()).
type Join struct {
	Sep  string
	Trim bool
}

// Arg is a call argument as Link sees it.
type Arg = msgeval.Arg

// Throw is a site that constructs a class: new Class(Args).
type Throw = msgeval.Construction

// classFacts records the facts of the file's classes that extend another.
func (x *fileCtx) classFacts() {
	for _, c := range x.classes {
		if c.base.IsNull() || c.name == "" {
			continue
		}
		cf := &Class{Name: c.name, Base: msgeval.Compact(c.base.Text())}
		if c.ctor != nil {
			cf.HasCtor = true
			cf.Params = x.paramFacts(c.ctor)
			if len(c.superCalls) > 0 {
				cf.HasSuper = true
				for _, a := range argList(c.superCalls[0].Child("arguments")) {
					cf.SuperArgs = append(cf.SuperArgs, x.arg(a, c.ctor))
				}
			}
		}
		switch {
		case len(c.messageSets) > 0:
			v := rules.Either(c.messageSets, func(m syntax.Node) msgeval.Value { return x.eval(m, c.ctor, 1) })
			cf.Message = x.ctorAppended(v, c).Alts
		case !c.messageField.IsNull():
			cf.Message = x.eval(c.messageField, x.module, 1).Alts
		default:
			if v, ok := x.methodSetMessage(c); ok {
				cf.Message = v.Alts
			}
		}
		if c.isDefault {
			x.facts.Default = c.name
		}
		x.facts.Classes = append(x.facts.Classes, cf)
	}
	x.constructorFacts()
	x.defaultExport()
}

// constructorFacts records as classes the functions that set
// this.message without being a class's constructor: an ES5 constructor
// (function ParseError(msg) { this.message = 'Parse error: ' + msg }), or
// the implementation a class factory makes a class of (const EmptyError =
// createErrorClass((_super) => function EmptyErrorImpl() { _super(this);
// this.message = 'no elements in sequence' })), under its own name and
// the name the made class is stored in.
func (x *fileCtx) constructorFacts() {
	for _, f := range x.fnOrder {
		sets := x.fnMessages[f]
		cf := Class{HasCtor: true, Params: x.paramFacts(f)}
		cf.Message = rules.Either(sets, func(m syntax.Node) msgeval.Value { return x.eval(m, f, 1) }).Alts
		for _, name := range []string{f.name, madeClassName(f.node)} {
			if name != "" && !strings.Contains(name, ".") {
				c := cf
				c.Name = name
				x.facts.Classes = append(x.facts.Classes, &c)
			}
		}
	}
}

// madeClassName is the name of the variable or export that stores what a
// call makes of function fn, passed to it directly or returned by an
// arrow function or function it is passed (EmptyError for const
// EmptyError = createErrorClass((_super) => function EmptyErrorImpl()
// {...}), exports.EmptyError = ...), or "".
func madeClassName(fn syntax.Node) string {
	called := false
	for n := fn.Parent(); !n.IsNull(); n = n.Parent() {
		switch n.Kind() {
		case "parenthesized_expression", "arguments", "return_statement", "statement_block", "arrow_function", "function_expression", "function":
		case "call_expression":
			called = true
		case "variable_declarator":
			if id := n.Child("name"); called && id.Kind() == "identifier" {
				return id.Text()
			}
			return ""
		case "assignment_expression":
			left := unwrap(n.Child("left"))
			if !called {
				return ""
			}
			if left.Kind() == "member_expression" {
				return propertyName(left.Child("property"))
			}
			if left.Kind() == "identifier" {
				return left.Text()
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

// paramFacts are the parameters of function scope f as Link sees them.
func (x *fileCtx) paramFacts(f *scope) []Param {
	var out []Param
	for _, p := range f.params {
		pf := Param{Name: p.name, Rest: p.rest, Props: p.props}
		if !p.def.IsNull() {
			pf.Default = x.eval(p.def, f, 1).Alts
		}
		if p.name != "" {
			pf.Join = paramJoin(f.node, p.name)
		}
		out = append(out, pf)
	}
	return out
}

// paramJoin finds an assignment in function fn (outside its nested
// functions) that replaces parameter name with its elements joined by a
// literal separator: name = name.join(sep), or name.join(sep).trim().
func paramJoin(fn syntax.Node, name string) *Join {
	for n := range fn.Descendants() {
		if n.Kind() != "assignment_expression" || enclosingFunction(n).Index() != fn.Index() {
			continue
		}
		if l := unwrap(n.Child("left")); l.Kind() != "identifier" || l.Text() != name {
			continue
		}
		if j, ok := joinCall(unwrap(n.Child("right")), name); ok {
			return &j
		}
	}
	return nil
}

// joinCall reads name.join(sep) and name.join(sep).trim() with a string
// separator (a missing one is ",", as for Array.prototype.join).
func joinCall(call syntax.Node, name string) (Join, bool) {
	if call.Kind() != "call_expression" {
		return Join{}, false
	}
	fn := unwrap(call.Child("function"))
	if fn.Kind() != "member_expression" {
		return Join{}, false
	}
	obj, prop := unwrap(fn.Child("object")), fn.Child("property").Text()
	args := argList(call.Child("arguments"))
	switch {
	case prop == "trim" && len(args) == 0:
		j, ok := joinCall(obj, name)
		j.Trim = true
		return j, ok
	case prop != "join" || obj.Kind() != "identifier" || obj.Text() != name || len(args) > 1:
		return Join{}, false
	case len(args) == 0:
		return Join{Sep: ","}, true
	case args[0].Kind() == "string":
		return Join{Sep: decodeString(args[0])}, true
	}
	return Join{}, false
}

// maxConsts caps the constants recorded for one file.
const maxConsts = 2000

// moduleConsts records the module's constant strings and string tables.
func (x *fileCtx) moduleConsts() {
	consts := map[string]string{}
	var add func(name string, v syntax.Node, sc *scope, depth int)
	add = func(name string, v syntax.Node, sc *scope, depth int) {
		v = unwrap(v)
		if v.Kind() == "call_expression" && msgeval.Compact(v.Child("function").Text()) == "Object.freeze" {
			v = unwrap(firstArg(v.Child("arguments")))
		}
		switch {
		case len(consts) >= maxConsts || depth > 2:
		case v.Kind() == "array":
			// A table of messages by number (fflate's ec[ind]): the
			// entries by position, holes ([a, , b]) counted.
			i := 0
			for c := range v.Children() {
				switch {
				case c.Kind() == ",":
					i++
				case c.IsNamed() && c.Kind() != "comment":
					add(name+"."+strconv.Itoa(i), c, sc, depth+1)
				}
			}
		case v.Kind() == "object":
			for p := range v.NamedChildren() {
				switch p.Kind() {
				case "pair":
					add(name+"."+propertyName(p.Child("key")), p.Child("value"), sc, depth+1)
				case "shorthand_property_identifier":
					add(name+"."+p.Text(), p, sc, depth+1)
				}
			}
		case v.Is("string", "template_string", "binary_expression", "identifier", "member_expression"):
			if v.Kind() == "identifier" {
				if obj, osc := x.objectLiteral(v, sc, 0); !obj.IsNull() {
					add(name, obj, osc, depth)
					return
				}
			}
			if s, ok := x.eval(v, sc, 1).Known(); ok {
				consts[name] = s
			}
		}
	}
	for name, as := range x.module.assigns {
		if len(as) == 1 && as[0].Kind == msgeval.BindSet {
			add(name, as[0].Value, x.module, 0)
		}
	}
	for _, e := range x.exported {
		add(e.name, e.value, x.module, 0)
	}
	if len(consts) > 0 {
		x.facts.Consts = consts
	}
}

// defaultExport finds module.exports = X and export default X.
func (x *fileCtx) defaultExport() {
	if x.facts.Default != "" {
		return
	}
	root := x.tree.Root()
	for st := range root.NamedChildren() {
		switch st.Kind() {
		case "expression_statement":
			a := st.NamedChild(0)
			if a.Kind() != "assignment_expression" || msgeval.Compact(a.Child("left").Text()) != "module.exports" {
				continue
			}
			if r := unwrap(a.Child("right")); r.Kind() == "identifier" {
				x.facts.Default = r.Text()
			}
		case "export_statement":
			if v := st.Child("value"); v.Kind() == "identifier" && strings.Contains(st.Text(), "default") {
				x.facts.Default = v.Text()
			}
		}
	}
}

// methodSetMessage returns the message a method of class c that its
// constructor calls assigns to this.message (postcss's CssSyntaxError:
// this.setMessage(), setMessage() { this.message = this.plugin ? ...;
// this.message += this.file ? this.file : '<css input>'; ...; this.message
// += ': ' + this.reason }), read as if the constructor did it, where
// this.reason is the parameter it was given.
func (x *fileCtx) methodSetMessage(c *classInfo) (msgeval.Value, bool) {
	if len(c.methodMessages) == 0 || c.ctor == nil {
		return msgeval.Value{}, false
	}
	body := c.ctor.node.Child("body")
	if body.IsNull() {
		return msgeval.Value{}, false
	}
	for stmt := range body.NamedChildren() {
		call := unwrap(grammar.Operand(stmt))
		if stmt.Kind() != "expression_statement" || call.Kind() != "call_expression" {
			continue
		}
		fn := unwrap(call.Child("function"))
		if fn.Kind() != "member_expression" || fn.Child("object").Kind() != "this" {
			continue
		}
		nodes := c.methodMessages[propertyName(fn.Child("property"))]
		if len(nodes) == 0 || nodes[0].Kind() != "assignment_expression" {
			continue
		}
		method := grammar.BlockOf(nodes[0])
		for !method.IsNull() && method.Parent().Kind() != "method_definition" {
			method = grammar.BlockOf(method.Parent())
		}
		if method.IsNull() || method.NamedChildCount() == 0 {
			continue
		}
		v := x.eval(nodes[0].Child("right"), c.ctor, 1)
		end := method.NamedChild(method.NamedChildCount() - 1)
		return x.appended(v, nodes[1:], end, c.ctor), true
	}
	return msgeval.Value{}, false
}

// ctorAppended is message v, which the constructor of class c assigns to
// this.message, after the text the constructor appends to it below the
// first assignment (this.message = plugin ? plugin + ": " : "";
// this.message += file ? file : '<css input>'; if (...) { this.message +=
// ':' + line }; this.message += ': ' + this.reason), the appends of a
// branch with and without them.
func (x *fileCtx) ctorAppended(v msgeval.Value, c *classInfo) msgeval.Value {
	body := c.ctor.node.Child("body")
	if len(c.messageAppends) == 0 || body.IsNull() || body.NamedChildCount() == 0 {
		return v
	}
	first := c.messageSets[0].Index()
	var appends []syntax.Node
	for _, a := range c.messageAppends {
		if a.Index() > first {
			appends = append(appends, a)
		}
	}
	end := body.NamedChild(body.NamedChildCount() - 1) // a statement every path reaches
	return x.appended(v, appends, end, c.ctor)
}
