package java

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// Facts is what the Java extractor records about one file (the Facts of
// its extract.FileResult): what Link needs to resolve class names across
// files. Site pointers refer to sites of the same FileResult.
type Facts struct {
	Path    string
	Package string
	// CallSites are the file's calls whose callee a name says, one per
	// calling function and callee (see CallSite).
	CallSites []CallSite
	// Arities are the arities of the methods and constructors the
	// file's sites are in, by site (see Arity).
	Arities map[*errdex.Site]Arity
	// Imports maps simple names to the types they import; Wildcards are
	// the packages (and types) imported on demand; Statics maps
	// statically imported members to their type.
	Imports   map[string]string
	Wildcards []string
	Statics   map[string]string
	// Classes are the file's named types that extend another type or
	// declare constants.
	Classes []*Class
	// Throws are the sites of new C(args), whose message Link replaces
	// with the one C builds when C is a class of the repository.
	Throws []*Throw
	// Unqualified are sites whose exception the file alone cannot
	// qualify (a type of the same package, a name imported on demand).
	Unqualified []*errdex.Site
	// Calls are the sites that throw what a method returns (throw
	// Errors.badValue(s), throw outOfBounds(i)), which Link follows to
	// the factories of the repository's classes.
	Calls []*Call
	// ParamCalls are the sites whose messages the callers of their
	// methods in the file may fill.
	ParamCalls []*ParamCall
	// HelperCalls maps the Expr of a hole in the file's messages to the
	// call it reads when that may call a message helper of another class
	// (FormatUtils.createErrorMessage(text, pos)), which Link follows.
	HelperCalls map[string]*Call
	// ClassCalls are the calls of other classes' methods that pass text,
	// which Link gives to the sites of those methods that show their
	// parameters (Class.ParamMethods).
	ClassCalls []*Call
}

// Helper is a method that returns a message: static String
// createErrorMessage(String text, int pos) { return "Invalid format: \""
// + text + '"'; }. Msg names its parameters in holes whose Expr is the
// name.
type Helper struct {
	Name   string
	Params []Param
	Msg    []errdex.Template
}

// Call is a call of a method that may be a factory of exceptions.
type Call struct {
	// Site is the site that throws the call's result; nil for a call a
	// factory returns.
	Site *errdex.Site
	// Owner is the binary name of the type the call is written in.
	Owner string
	// Object is the class the method is called on as written
	// ("Errors", "NumberFormatException"), or "" for an unqualified call
	// (a method of the owner, its enclosing or base classes, or a static
	// import).
	Object string
	Method string
	Args   []Arg
}

// Factory is a method that returns exceptions it builds: static
// IllegalArgumentException invalid(String s) { return new
// IllegalArgumentException("invalid: " + s); }.
type Factory struct {
	Name    string
	Params  []Param
	Returns []Return
}

// Return is one exception a factory may return: a construction
// (Exception, with the Message Throwable's constructors take from Args
// when the class is not the repository's) or the result of another call.
// Templates name the factory's parameters in holes whose Expr is the
// name.
type Return struct {
	Exception string // as written in the factory's file
	Qualified string // its binary name, or "" when only Link can tell
	Msg       []errdex.Template
	Args      []Arg
	Call      *Call
	// Format is set when the message is formatted from the factory's
	// own parameters, which only a call's arguments tell.
	Format *Format
}

// Format is a message a factory formats from its parameters: new
// X(String.format(fmt, args)) with fmt and args... its parameters, the
// format at index Param and the arguments from index Args on. Link
// formats it once a call passes the format's text
// (newIAE("invalid header name: \"%s\"", name)).
type Format struct {
	Dialect     formatDialect
	Param, Args int
}

// formatDialect is the formatting a call follows.
type formatDialect uint8

// The formatting dialects of the JDK.
const (
	noFormat      formatDialect = iota
	printfFormat                // String.format, "...".formatted: java.util.Formatter
	messageFormat               // MessageFormat.format: java.text.MessageFormat
)

// Class is a type of the file: its constructors and what they pass to
// their superclass, its getMessage() override, its constants. Templates
// name parameters (and fields, in GetMessage) in holes whose Expr is the
// name; "super.getMessage()" stands for the superclass's message.
type Class struct {
	Name   string // the simple name
	Binary string // the binary name: com.acme.Outer$Inner
	Super  string // the superclass as written, or ""
	// Interfaces are the interfaces it implements (an interface: those
	// it extends), as written: their constants and factories are its own.
	Interfaces []string
	Ctors      []Ctor
	// GetMessage holds the messages getMessage() returns, or nil.
	// NullMessage holds those it returns only when the superclass's
	// message is null (if (super.getMessage() == null) return
	// extendedMessage;), which GetMessage leaves out.
	GetMessage  []errdex.Template
	NullMessage []errdex.Template
	// Consts are the texts of the final fields with a known string value.
	Consts map[string]string
	// Factories are the methods that return exceptions they build.
	Factories []Factory
	// Helpers are the static methods that return messages with text.
	Helpers []Helper
	// ParamMethods are the methods whose sites format their messages
	// from their parameters, which calls in other files fill
	// (Validate.isTrue(ok, "...", v)).
	ParamMethods []ParamMethod
}

// ParamMethod is a method with the sites that show its parameters: each
// with its Format when it formats its message from them, and its Relay
// when it is a site of another method of the file that this one calls,
// the Relay binding that method's parameters to messages that show this
// one's.
type ParamMethod struct {
	Name    string
	Params  []Param
	Sites   []*errdex.Site
	Formats []*Format
	Relays  []map[string][]errdex.Template
}

// superMessage names the superclass's message in templates and in
// Ctor.Fields.
const superMessage = "super.getMessage()"

// Ctor is a constructor: its parameters, its explicit this(...) or
// super(...) call ("" for the implicit super()), and the fields it sets
// from parameters (or to superMessage).
type Ctor struct {
	Params []Param
	Call   string
	Args   []Arg
	Fields map[string]string
	// Format is set when the first argument of the call formats the
	// message from the constructor's parameters (super(String.format(fmt,
	// args)) in X(String fmt, Object... args)).
	Format *Format
}

// Param is a formal parameter.
type Param struct {
	Name    string
	Type    string
	Varargs bool
}

// Arg is a call argument as Link sees it.
type Arg = msgeval.Arg

// Throw is a site that constructs a class: new Class(Args).
type Throw = msgeval.Construction

// typeFacts records the facts of the file's named types.
func (x *fileCtx) typeFacts() {
	x.facts.Package = x.pkg
	x.facts.Imports, x.facts.Wildcards, x.facts.Statics = x.imports, x.wildcards, x.statics
	for _, t := range x.types {
		if t.name == "" {
			continue
		}
		c := &Class{Name: t.name, Binary: t.binary}
		if !t.super.IsNull() && t.node.Kind() != "class_body" {
			c.Super = typeName(t.super)
		}
		c.Interfaces = interfaces(t.node)
		for name, f := range t.fields {
			if !f.final || f.value.IsNull() || len(c.Consts) >= maxConsts {
				continue
			}
			if s, ok := x.eval(f.value, f.decl, 1).Known(); ok && f.typ == "String" {
				if c.Consts == nil {
					c.Consts = map[string]string{}
				}
				c.Consts[name] = s
			}
		}
		if c.Super != "" {
			for _, ct := range t.ctors {
				c.Ctors = append(c.Ctors, x.ctorFact(ct))
			}
			if g := t.getMessage; g != nil {
				var rets, nulls []syntax.Node
				for _, r := range returns(g.node) {
					if x.ifNoMessage(r, g) {
						nulls = append(nulls, r)
					} else {
						rets = append(rets, r)
					}
				}
				eval := func(r syntax.Node) msgeval.Value { return x.eval(r, g, 1) }
				c.GetMessage = rules.Either(rets, eval).Alts
				if len(nulls) > 0 {
					c.NullMessage = rules.Either(nulls, eval).Alts
				}
			}
		}
		for _, m := range x.methods[t] {
			if f, ok := x.factoryFact(t, m); ok {
				c.Factories = append(c.Factories, f)
			}
			if h, ok := x.helperFact(m); ok {
				c.Helpers = append(c.Helpers, h)
			}
		}
		if c.Super != "" || c.Interfaces != nil || c.Consts != nil || c.Factories != nil || c.Helpers != nil {
			x.facts.Classes = append(x.facts.Classes, c)
		}
	}
}

// classFact returns the Class fact of type t, recorded anew when
// typeFacts had nothing to say of it.
func (x *fileCtx) classFact(t *typeInfo) *Class {
	for _, c := range x.facts.Classes {
		if c.Binary == t.binary {
			return c
		}
	}
	c := &Class{Name: t.name, Binary: t.binary}
	x.facts.Classes = append(x.facts.Classes, c)
	return c
}

// interfaces lists the interfaces a type declaration implements or, for
// an interface, extends, as written.
func interfaces(decl syntax.Node) []string {
	var out []string
	for c := range decl.NamedChildren() {
		if !c.Is("super_interfaces", "extends_interfaces") {
			continue
		}
		for l := range c.NamedChildren() {
			if l.Kind() != "type_list" {
				continue
			}
			for t := range l.NamedChildren() {
				out = append(out, typeName(t))
			}
		}
	}
	return out
}

// maxConsts caps the constants recorded for one type.
const maxConsts = 2000

func (x *fileCtx) ctorFact(ct *ctorInfo) Ctor {
	c := Ctor{Fields: ct.fieldParams}
	for _, p := range ct.sc.params {
		c.Params = append(c.Params, Param{Name: p.name, Type: p.typ, Varargs: p.varargs})
	}
	if call := ct.call; !call.IsNull() {
		c.Call = strings.TrimSpace(call.Child("constructor").Text())
		as := args(call)
		for _, a := range as {
			c.Args = append(c.Args, x.arg(a, ct.sc))
		}
		c.Format = x.paramFormat(ct.sc, as)
	}
	return c
}

// factoryFact describes method m of type t when it returns exceptions:
// its return type names a throwable and some of its returns (each branch
// of a conditional) construct one or call another method.
func (x *fileCtx) factoryFact(t *typeInfo, m *scope) (Factory, bool) {
	if !isThrowableName(typeName(m.node.Child("type"))) {
		return Factory{}, false
	}
	f := Factory{Name: m.node.Child("name").Text()}
	for _, p := range m.params {
		f.Params = append(f.Params, Param{Name: p.name, Type: p.typ, Varargs: p.varargs})
	}
	for _, r := range returns(m.node) {
		for _, e := range branches(r) {
			es := []syntax.Node{e}
			if e = unwrap(e); e.Kind() == "identifier" {
				// A local set to a new exception, changed before it is
				// returned: e = new X(p, msg); e.prependPath(from); return e;
				es = created(e, m)
			}
			for _, e := range es {
				if ret, ok := x.returnFact(t, m, e); ok {
					f.Returns = append(f.Returns, ret)
				}
			}
		}
	}
	return f, len(f.Returns) > 0
}

// helperFact describes method m when it is a message helper: with
// parameters, returning a String with literal text in it. It may be an
// instance method that subclasses call without qualification
// (JCommander's BaseConverter.getErrorString(value, to)).
func (x *fileCtx) helperFact(m *scope) (Helper, bool) {
	if t := msgeval.Compact(m.node.Child("type").Text()); t != "String" && t != "java.lang.String" || len(m.params) == 0 {
		return Helper{}, false
	}
	v := rules.Either(returns(m.node), func(r syntax.Node) msgeval.Value { return x.eval(r, m, 1) })
	if len(v.Alts) == 0 || v.Opaque() {
		return Helper{}, false
	}
	h := Helper{Name: m.node.Child("name").Text(), Msg: v.Alts}
	for _, p := range m.params {
		h.Params = append(h.Params, Param{Name: p.name, Type: p.typ, Varargs: p.varargs})
	}
	return h, true
}

// branches lists the values an expression may have: each branch of
// nested conditionals.
func branches(e syntax.Node) []syntax.Node {
	e = unwrap(e)
	if e.Kind() != "ternary_expression" {
		return []syntax.Node{e}
	}
	return append(branches(e.Child("consequence")), branches(e.Child("alternative"))...)
}

// returnFact describes a value a factory of type t returns: new X(...)
// of a throwable, or a call of a method.
func (x *fileCtx) returnFact(t *typeInfo, m *scope, e syntax.Node) (Return, bool) {
	switch e.Kind() {
	case "object_creation_expression":
		name := typeName(e.Child("type"))
		if !isThrowableName(name) || !e.Child("body").IsNull() {
			return Return{}, false
		}
		as := args(e)
		r := Return{Exception: name, Qualified: x.qualify(name), Msg: x.throwableMessage(name, as, m), Format: x.paramFormat(m, as)}
		for _, a := range as {
			r.Args = append(r.Args, x.arg(a, m))
		}
		return r, true
	case "method_invocation":
		if c := fluentNew(e); !c.IsNull() {
			return x.returnFact(t, m, c)
		}
		if c := x.call(e, t, m); c != nil {
			return Return{Call: c}, true
		}
	}
	return Return{}, false
}

// paramFormat recognises the message of a construction in factory m (or
// of the super(...) call of constructor m, or of a factory call a method
// throws), its arguments as, formatted from m's parameters: a format
// parameter and the parameters after it, a varargs one
// (String.format(fmt, args), fmt.formatted(args), MessageFormat.format(
// fmt, args)) or each of them in order (Jackson's _reportError(String
// msg, Object arg1, Object arg2) { throw _constructError(
// String.format(msg, arg1, arg2)); }).
func (x *fileCtx) paramFormat(m *scope, as []syntax.Node) *Format {
	n := len(m.params)
	if len(as) == 0 || n < 2 {
		return nil
	}
	call := unwrap(as[0])
	if call.Kind() != "method_invocation" {
		return nil
	}
	d, fas := x.formatCall(call, m)
	k := n - (len(fas) - 1) // the first parameter of the values
	if d == noFormat || len(fas) < 2 || k < 1 || len(fas) > 2 && m.params[n-1].varargs {
		return nil
	}
	for j, v := range fas[1:] {
		if u := unwrap(v); u.Kind() != "identifier" || u.Text() != m.params[k+j].name {
			return nil
		}
	}
	for i, p := range m.params[:k] {
		if unwrap(fas[0]).Kind() == "identifier" && fas[0].Text() == p.name {
			return &Format{Dialect: d, Param: i, Args: k}
		}
	}
	return nil
}

// call describes a call of a method of type t's code for Link, or nil
// when it is called on an expression rather than a class or this.
func (x *fileCtx) call(e syntax.Node, t *typeInfo, sc *scope) *Call {
	if t == nil {
		return nil
	}
	c := &Call{Owner: t.binary, Method: e.Child("name").Text()}
	switch obj := unwrap(e.Child("object")); obj.Kind() {
	case "", "this":
	case "identifier":
		// A local name, parameter or field calls its declared type's
		// method (errno.translate(path)); otherwise it names a class.
		c.Object = obj.Text()
		if typ := x.declaredType(obj, sc); typ != "" {
			c.Object = typ
		}
	case "field_access", "scoped_identifier":
		c.Object = msgeval.Compact(obj.Text())
	default:
		return nil
	}
	for _, a := range args(e) {
		c.Args = append(c.Args, x.arg(a, sc))
	}
	return c
}

// ifNoMessage reports whether the return r of getMessage() g runs only
// when the superclass's message is null: in the body of if (m == null)
// where m is super.getMessage() or a local set to it.
func (x *fileCtx) ifNoMessage(r syntax.Node, g *scope) bool {
	for n := r; !n.IsNull() && n.Index() != g.node.Index(); n = n.Parent() {
		p := n.Parent()
		if p.Kind() != "if_statement" || p.Child("consequence").Index() != n.Index() {
			continue
		}
		cond := unwrap(p.Child("condition"))
		if cond.Kind() != "binary_expression" || cond.Child("operator").Text() != "==" {
			continue
		}
		m := unwrap(cond.Child("left"))
		if m.Kind() == "null_literal" {
			m = unwrap(cond.Child("right"))
		} else if unwrap(cond.Child("right")).Kind() != "null_literal" {
			continue
		}
		if isSuperMessage(m) {
			return true
		}
		if m.Kind() == "identifier" {
			reach := msgeval.Reaching(m, g)
			all := len(reach.Bindings) > 0 && !reach.Param
			for _, b := range reach.Bindings {
				all = all && b.Kind == msgeval.BindSet && isSuperMessage(unwrap(b.Value))
			}
			if all {
				return true
			}
		}
	}
	return false
}

// isSuperMessage reports whether n is super.getMessage().
func isSuperMessage(n syntax.Node) bool {
	return n.Kind() == "method_invocation" && n.Child("name").Text() == "getMessage" &&
		n.Child("object").Kind() == "super" && len(args(n)) == 0
}
