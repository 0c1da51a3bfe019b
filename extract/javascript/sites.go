package javascript

import (
	"github.com/errdex/errdex/extract/cguard"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// builtinErrors are the error constructors of the language and of the
// platforms (Node, browsers), with the position of their message
// argument.
var builtinErrors = map[string]int{
	"Error": 0, "TypeError": 0, "RangeError": 0, "SyntaxError": 0, "ReferenceError": 0, "EvalError": 0,
	"URIError": 0, "AggregateError": 1, "SuppressedError": 2, "DOMException": 0, "InternalError": 0,
}

// thrown describes a thrown value.
type thrown = msgeval.Thrown[*scope]

// run builds the sites of the candidates and the facts of the classes.
func (x *fileCtx) run() {
	for _, c := range x.cands {
		switch c.kind {
		case candThrow:
			e := grammar.Operand(c.node)
			if e.IsNull() {
				continue
			}
			if x.choiceSites(e, c.sc, errdex.KindThrow) {
				continue
			}
			t := x.thrownValue(e, c.sc, 0)
			s := x.addSite(c.node, c.sc, t)
			builtFrom(s, e, c.sc, t)
			x.citeFactory(s, e, c.sc, t)
		case candReject:
			if c.arg.IsNull() {
				continue
			}
			t := x.thrownValue(c.arg, c.sc, 0)
			if t.Kind != errdex.KindThrow {
				continue // an error passed through
			}
			t.Kind = errdex.KindReject
			builtFrom(x.addSite(c.node, c.sc, t), c.arg, c.sc, t)
		case candDeliver:
			if x.choiceSites(c.arg, c.sc, errdex.KindReject) {
				continue
			}
			t := x.thrownValue(c.arg, c.sc, 0)
			if t.Kind != errdex.KindThrow || !x.errorClass(t.Exception, 0) {
				continue // not a new error: passed on, or a value (new Date(), new Set())
			}
			t.Kind = errdex.KindReject
			builtFrom(x.addSite(c.node, c.sc, t), c.arg, c.sc, t)
		case candAssert:
			x.assertSite(c)
		case candReport:
			if v, ok := x.reportMessage(c); ok {
				x.addSite(c.node, c.sc, thrown{Kind: errdex.KindSetError, Msg: v.Alts, Scope: c.sc})
			}
		case candValidate:
			// A check with its message; the error that carries it is the
			// validation library's to make.
			if v := x.eval(c.arg, c.sc, 0); hasWords(v) {
				s := x.addSite(c.arg, c.sc, thrown{Kind: errdex.KindCheckMacro, Msg: v.Alts, Scope: c.sc})
				s.Guards = append(s.Guards, validationGuard(c.node.Child("left")))
			}
		}
	}
	x.tableReports()
	x.moduleConsts() // before helperCalls, which reads tables (errors[type])
	x.helperCalls()
	x.classFacts()
}

// choiceSites adds a site of kind for each error that value e, thrown or
// delivered, chooses among (throw c ? new RangeError(..) : new
// TypeError(..)), at the construction a stack names, and reports whether
// e is such a choice.
func (x *fileCtx) choiceSites(e syntax.Node, sc *scope, kind errdex.SiteKind) bool {
	news := chosenNew(e, sc)
	if news == nil {
		return false
	}
	for _, n := range news {
		if x.chosen[n.Index()] {
			continue
		}
		if x.chosen == nil {
			x.chosen = map[int]bool{}
		}
		x.chosen[n.Index()] = true
		t := x.thrownValue(n, sc, 0)
		if t.Kind != errdex.KindThrow || !x.errorClass(t.Exception, 0) {
			continue // a value (new Date()), no error
		}
		t.Kind = kind
		x.addSite(n, sc, t)
	}
	return true
}

// thrownValue describes the value of a throw (or a reject).
func (x *fileCtx) thrownValue(e syntax.Node, sc *scope, depth int) thrown {
	e = unwrap(e)
	switch e.Kind() {
	case "new_expression":
		ctor := unwrap(e.Child("constructor"))
		return x.construct(msgeval.Compact(ctor.Text()), argList(e.Child("arguments")), sc)
	case "call_expression":
		fn := unwrap(e.Child("function"))
		name := msgeval.Compact(fn.Text())
		if fn.Is("identifier", "member_expression") && x.isErrorName(name) {
			return x.construct(name, argList(e.Child("arguments")), sc)
		}
		// A reporter given an entry of a table of messages (throw
		// this.raise(Errors.UnterminatedString, pos)): its message.
		if v, ok := x.tableMessage(e); ok {
			return thrown{Kind: errdex.KindThrow, Msg: v.Alts, Scope: sc}
		}
		// A factory of the file: function notFound(id) { return new
		// NotFoundError(`no ${id}`) }.
		if f := x.localFunction(fn, sc); !f.IsNull() && depth < 4 {
			fs := x.scopeOf[f.Index()]
			bind := func() map[string][]errdex.Template { return x.bindArgs(fs, argList(e.Child("arguments")), sc, depth) }
			if t, ok := x.factory(returns(f), fs, depth, bind); ok {
				return t
			}
		}
		if t, ok := x.methodFactory(e, fn, sc, depth); ok {
			return t
		}
		// A call that wraps a new error: Object.assign(new Error(..), {..}),
		// or Object.assign(er, {..}) of a variable assigned one.
		if depth < 4 {
			for _, a := range argList(e.Child("arguments")) {
				if a = unwrap(a); a.Is("new_expression", "call_expression", "identifier") {
					if t := x.thrownValue(a, sc, depth+1); t.Kind == errdex.KindThrow && t.Exception != "" {
						return t
					}
				}
			}
		}
		// A factory (throw createError(404, "Not found")): the first
		// text argument is the best guess at the message.
		if v, ok := x.textArg(argList(e.Child("arguments")), sc); ok {
			return thrown{Kind: errdex.KindThrow, Msg: v.Alts, Scope: sc}
		}
		// A factory given a parameter of the function (throw
		// this.root.error(message, opts)): the parameter is the best
		// guess, for the callers to fill (helperCalls).
		if a := x.paramArg(argList(e.Child("arguments")), sc); !a.IsNull() {
			return thrown{Kind: errdex.KindRaiseObject, Msg: paramHole(a.Text()), Scope: sc}
		}
	case "identifier":
		if depth < 4 {
			t, ok := x.Throws.Variable(e, sc, depth)
			sets, replaced := x.rewrites(e, sc)
			appends := x.appends(e, sc)
			if len(sets)+len(appends) > 0 {
				if !ok {
					t = thrown{Kind: errdex.KindRaiseObject, Msg: []errdex.Template{{Parts: []errdex.Part{x.errorHole(e)}}}, Scope: sc}
				}
				v := msgeval.Value{Alts: t.Msg}
				if len(sets) > 0 {
					v = rules.Either(sets, func(a syntax.Node) msgeval.Value { return x.eval(a.Child("right"), sc, 0) })
					if !replaced {
						v = rules.Union(msgeval.Value{Alts: t.Msg}, v)
					}
				}
				v = x.appended(v, appends, e, sc)
				t.Msg, t.Ctor, t.Args = v.Alts, "", nil
				return t
			}
			if ok {
				return t
			}
			// A parameter given a new error in a branch (function
			// (err, info) { if (!info && !err) err = new Error('template
			// not found: ' + name); if (err) cb(err) }): passing the
			// parameter on makes no message, the new error does.
			if r := msgeval.Reaching(e, sc); r.Found && r.Param && len(r.Bindings) == 1 && r.Bindings[0].Kind == msgeval.BindSet &&
				unwrap(r.Bindings[0].Value).Kind() == "new_expression" {
				return x.thrownValue(r.Bindings[0].Value, sc, depth+1)
			}
			// An error passed through transformations of itself (let
			// error = new HTTPError(...); for (const hook of hooks) error
			// = await hook(error); throw error): the error built.
			if t, ok := x.transformed(e, sc, depth); ok {
				return t
			}
			// A variable holding what a factory returned (var err =
			// error(code, message, {line}); throw err): the factory's
			// error, or the parameter it was given; one assigned a
			// factory's error in each of several branches (err =
			// this.error(f('expected ID %s', id), token) or
			// this.error(f('expected value %s', val), token)) holds
			// either.
			if t, ok := x.calledThrown(calledValues(e, sc), sc, depth); ok {
				return t
			}
		}
	case "string", "template_string", "binary_expression", "ternary_expression":
		return thrown{Kind: errdex.KindThrow, Msg: x.eval(e, sc, 0).Alts, Scope: sc}
	case "object":
		if m := objectMessage(e); !m.IsNull() {
			return thrown{Kind: errdex.KindThrow, Msg: x.eval(m, sc, 0).Alts, Scope: sc}
		}
		// throw {code: "T1006", stack: ...}: the message the file's
		// table gives the code (see codetable.go).
		if t, ok := x.codeMessage(objectCode(e)); ok {
			return thrown{Kind: errdex.KindThrow, Msg: []errdex.Template{t}, Scope: sc}
		}
	}
	return thrown{Kind: errdex.KindRaiseObject, Msg: []errdex.Template{{Parts: []errdex.Part{x.errorHole(e)}}}, Scope: sc}
}

// transformed describes what local variable id holds when its values are
// new errors and results of calls given id itself (error = await
// hook(error)), which return the error they are given, changed or not:
// the errors built.
func (x *fileCtx) transformed(id syntax.Node, sc *scope, depth int) (thrown, bool) {
	r := msgeval.Reaching(id, sc)
	if !r.Found || r.Param || len(r.Bindings) < 2 {
		return thrown{}, false
	}
	var out thrown
	built := false
	for _, b := range r.Bindings {
		v := unwrap(b.Value)
		if v.Kind() == "await_expression" {
			v = unwrap(v.NamedChild(0))
		}
		switch {
		case b.Kind != msgeval.BindSet:
			return thrown{}, false
		case v.Kind() == "call_expression" && passes(v, id.Text()):
		case v.Kind() == "new_expression":
			t := x.thrownValue(v, b.Scope, depth+1)
			if t.Kind != errdex.KindThrow || t.Exception == "" {
				return thrown{}, false
			}
			if built {
				t.Msg = rules.Alternatives.Union(out.Msg, t.Msg)
				t.Ctor, t.Args = "", nil
			}
			out, built = t, true
		default:
			return thrown{}, false
		}
	}
	return out, built
}

// passes reports whether call gives the variable name as an argument.
func passes(call syntax.Node, name string) bool {
	for _, a := range argList(call.Child("arguments")) {
		if a = unwrap(a); a.Kind() == "identifier" && a.Text() == name {
			return true
		}
	}
	return false
}

// paramArg is the argument of a call that passes a parameter of the
// enclosing function on as the message: the first such parameter named as
// a message is (error(code, message)), else the first argument when it
// is a parameter (this.root.error(message, opts)); null when there is
// none.
func (x *fileCtx) paramArg(args []syntax.Node, sc *scope) syntax.Node {
	isParam := func(a syntax.Node) bool {
		if a.Kind() != "identifier" {
			return false
		}
		r := msgeval.Reaching(a, sc)
		return r.Found && r.Param && len(r.Bindings) == 0 && r.Scope == sc
	}
	for _, a := range args {
		if a = unwrap(a); messageName(a.Text()) && isParam(a) {
			return a
		}
	}
	if len(args) > 0 && isParam(unwrap(args[0])) {
		return unwrap(args[0])
	}
	return syntax.Node{}
}

// calledValues are the calls a local variable of the function holds
// where id reads it, when every value it is given is one (var err =
// error(code, message); or var err; then err = f(..) in branches).
func calledValues(id syntax.Node, sc *scope) []syntax.Node {
	r := msgeval.Reaching(id, sc)
	if !r.Found || r.Param || r.Scope != sc {
		return nil
	}
	var out []syntax.Node
	for _, b := range r.Bindings {
		v := unwrap(b.Value)
		switch {
		case b.Kind == msgeval.BindDecl && v.IsNull(): // var err;
		case b.Kind == msgeval.BindCaught && !within(id, b.Block): // catch (err) {...} elsewhere
		case b.Kind == msgeval.BindSet && v.Kind() == "call_expression":
			out = append(out, v)
		default:
			return nil
		}
	}
	return out
}

// calledThrown is the error the calls of calledValues build: each must
// build one (or pass on a parameter of the function for its callers to
// fill); several give the messages of all, with no construction left for
// Link to redo.
func (x *fileCtx) calledThrown(calls []syntax.Node, sc *scope, depth int) (thrown, bool) {
	var out thrown
	for i, c := range calls {
		t := x.thrownValue(c, sc, depth+1)
		if t.Kind != errdex.KindThrow && !showsParam(t.Msg, sc) {
			return thrown{}, false
		}
		if i == 0 {
			out = t
			continue
		}
		out.Msg = rules.Alternatives.Union(out.Msg, t.Msg)
		out.Ctor, out.Args = "", nil
		if out.Exception != t.Exception {
			out.Exception = ""
		}
	}
	return out, len(calls) > 0
}

// factory is what a factory of the file returns: the error of its first
// return that builds one, with the messages of all such returns
// (invalidChar(c) returns "invalid end of input" when c is undefined,
// "invalid character" else).
func (x *fileCtx) factory(rets []syntax.Node, fs *scope, depth int, bind func() map[string][]errdex.Template) (thrown, bool) {
	var out thrown
	found := false
	for _, r := range rets {
		t, ok := x.Throws.Factory([]syntax.Node{r}, fs, depth, bind)
		switch {
		case !ok:
		case !found:
			out, found = t, true
		default:
			out.Msg = rules.Alternatives.Union(out.Msg, t.Msg)
		}
	}
	return out, found
}

// errorClass reports whether a class constructed in the file is an
// error: named like one (Error, TypeError, DOMException, errors.FetchError)
// or a class of the file that extends one, followed through at most
// maxDepth bases. A delivered value (cb(new X())) is a site only when it
// is an error; throw needs no such test.
func (x *fileCtx) errorClass(name string, depth int) bool {
	if name == "" || depth > maxDepth {
		return false
	}
	short := name[strings.LastIndexByte(name, '.')+1:]
	if strings.HasSuffix(short, "Error") || strings.HasSuffix(short, "Exception") {
		return true
	}
	for _, c := range x.byNode {
		if c.name == name && !c.base.IsNull() && x.errorClass(msgeval.Compact(c.base.Text()), depth+1) {
			return true
		}
	}
	return false
}

// rewrites returns the assignments that may have rewritten the message
// of the error id names before id uses it (err.message = `Could not read
// package.json: ${err}`; throw err): the last one on the way to the use,
// which replaces the message (replaced), and those after it in branches
// that may not have run.
func (x *fileCtx) rewrites(id syntax.Node, sc *scope) (sets []syntax.Node, replaced bool) {
	all := sc.rewrites[id.Text()]
	for i := len(all) - 1; i >= 0; i-- {
		a := all[i]
		if a.Index() > id.Index() || a.Kind() != "assignment_expression" {
			continue
		}
		switch b := grammar.BlockOf(a); {
		case b.Contains(id):
			return append(sets, a), true
		case !grammar.Terminates(b):
			sets = append(sets, a)
		}
	}
	return sets, false
}

// appends returns, in source order, the appends to the message of the
// local error id (err.message += " while compiling") that may reach id:
// those before it, but not in a block that ends before it with return
// or throw.
func (x *fileCtx) appends(id syntax.Node, sc *scope) []syntax.Node {
	var out []syntax.Node
	for _, a := range sc.rewrites[id.Text()] {
		if a.Index() > id.Index() || a.Kind() != "augmented_assignment_expression" {
			continue
		}
		if b := grammar.BlockOf(a); b.Contains(id) || !grammar.Terminates(b) {
			out = append(out, a)
		}
	}
	return out
}

// appended is message v after the appends that reach id: one on id's
// path appends; those in a branch (if (e instanceof SyntaxError) { ...
// }) append in turn within it, each under a further condition adding an
// alternative, and the branch gives the message with and without them.
func (x *fileCtx) appended(v msgeval.Value, appends []syntax.Node, id syntax.Node, sc *scope) msgeval.Value {
	var root syntax.Node // the branch being read
	var before, inside msgeval.Value
	flush := func() {
		if !root.IsNull() {
			v, root = rules.Union(before, inside), syntax.Node{}
		}
	}
	for _, a := range appends {
		text := x.eval(a.Child("right"), sc, 0)
		b := grammar.BlockOf(a)
		if b.Contains(id) {
			flush()
			v = rules.Concat(v, text)
			continue
		}
		r := branchRoot(a, id)
		if root.IsNull() || r.Index() != root.Index() {
			flush()
			root, before, inside = r, v, v
		}
		grown := rules.Concat(inside, text)
		if blocksBelow(a, r) > 1 {
			grown = rules.Union(inside, grown) // under a further condition
		}
		inside = grown
	}
	flush()
	return v
}

// blocksBelow counts the blocks and statement bodies that hold n below
// root.
func blocksBelow(n, root syntax.Node) int {
	k := 0
	for a := range n.Ancestors() {
		if a.Index() == root.Index() {
			break
		}
		if a.Is(grammar.Blocks...) || a.Is(grammar.Bodies...) {
			k++
		}
	}
	return k
}

// branchRoot returns the ancestor of n (or n) whose parent is the first
// ancestor that also holds id.
func branchRoot(n, id syntax.Node) syntax.Node {
	below := n
	for a := range n.Ancestors() {
		if a.Contains(id) {
			return below
		}
		below = a
	}
	return below
}

// errorHole is a hole for a thrown error object.
func (x *fileCtx) errorHole(e syntax.Node) errdex.Part {
	p := x.hole(e)
	p.Type = errdex.HoleError
	return p
}

// objectMessage returns the value of the "message" property of an object
// literal.
func objectMessage(obj syntax.Node) syntax.Node {
	for p := range obj.NamedChildren() {
		if p.Kind() == "pair" && propertyName(p.Child("key")) == "message" {
			return p.Child("value")
		}
	}
	return syntax.Node{}
}

// isErrorName reports whether a callee called without new builds an
// error: a built-in error constructor, or a capitalised name that says
// so ("HttpError", "errors.NotFound" is not enough: "errors.NotFoundError").
func (x *fileCtx) isErrorName(name string) bool {
	last := name[strings.LastIndexByte(name, '.')+1:]
	if _, ok := builtinErrors[last]; ok {
		return true
	}
	if last == "" || !unicode.IsUpper(rune(last[0])) {
		return false
	}
	for _, suffix := range [...]string{"Error", "Exception", "Err", "Failure", "Fault"} {
		if strings.HasSuffix(last, suffix) {
			return true
		}
	}
	for _, c := range x.classes {
		if c.name == last && !c.base.IsNull() {
			return true
		}
	}
	return false
}

// construct describes new C(args) (or C(args) for an error constructor).
func (x *fileCtx) construct(name string, args []syntax.Node, sc *scope) thrown {
	t := thrown{Kind: errdex.KindThrow, Exception: exceptionName(name), Scope: sc}
	bare := strings.TrimPrefix(strings.TrimPrefix(name, "globalThis."), "window.")
	if at, ok := builtinErrors[bare]; ok && (bare != name || !x.bound(name, sc)) {
		t.Msg = x.messageArg(args, at, sc)
		return t
	}
	t.Ctor, t.Args = name, args
	// Until Link finds the class: the first text argument, or the
	// message property of an object argument.
	if v, ok := x.textArg(args, sc); ok {
		t.Msg = v.Alts
		return t
	}
	for _, a := range args {
		if a = unwrap(a); a.Kind() == "object" {
			if m := objectMessage(a); !m.IsNull() {
				t.Msg = x.eval(m, sc, 1).Alts
				return t
			}
		}
	}
	// new CommanderError(exitCode, code, message): the argument named
	// as a message, else the first.
	for _, a := range args {
		if a = unwrap(a); a.Kind() == "identifier" && messageName(a.Text()) {
			t.Msg = x.eval(a, sc, 1).Alts
			return t
		}
	}
	if len(args) > 0 && args[0].Kind() != "spread_element" {
		t.Msg = x.eval(args[0], sc, 1).Alts
	}
	return t
}

// messageName reports whether a variable is named as a message is
// (message, msg, errorMessage, errMsg).
// exceptionName is the exception a constructor as written names: without
// the module object of compiled code, exports.TimeoutError, the
// EmptyError_1 of TypeScript's CommonJS output (EmptyError_1.EmptyError
// after const EmptyError_1 = require("./EmptyError")) or Babel's
// _GraphQLError.GraphQLError, which no stack prints.
func exceptionName(ctor string) string {
	for _, head := range [...]string{"module.exports.", "exports."} {
		if rest, ok := strings.CutPrefix(ctor, head); ok {
			return rest
		}
	}
	head, rest, ok := strings.Cut(ctor, ".")
	if i := strings.LastIndexByte(head, '_'); ok && i > 0 && i < len(head)-1 && strings.Trim(head[i+1:], "0123456789") == "" {
		return rest
	}
	if ok && head == "_"+rest {
		return rest
	}
	return ctor
}

// bound reports whether the file binds name where sc reads it: a local
// name, a parameter or an import (var DOMException =
// errors.DOMException, whose constructor is not the platform's).
func (x *fileCtx) bound(name string, sc *scope) bool {
	if _, ok := x.imports[name]; ok {
		return true
	}
	for s := sc; s != nil; s = s.parent {
		if len(s.assigns[name]) > 0 {
			return true
		}
		if _, ok := s.Param(name); ok {
			return true
		}
	}
	return false
}

func messageName(name string) bool {
	n := strings.ToLower(name)
	return strings.HasSuffix(n, "message") || strings.HasSuffix(n, "msg")
}

// textArg returns the first argument that is a string with literal text:
// a status code or an error code before the message is passed over.
func (x *fileCtx) textArg(args []syntax.Node, sc *scope) (msgeval.Value, bool) {
	for _, a := range args {
		if a.Kind() == "spread_element" {
			break
		}
		if v := x.eval(a, sc, 1); v.Text && !v.Opaque() {
			return v, true
		}
	}
	return msgeval.Value{}, false
}

// reportMessage is the message reporter call c is given: the first of its
// arguments that holds prose (a literal space), as
// onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique') passes a
// position and a code before it, else its first argument. An argument
// counts when it is text written at the call, or built by a call or in a
// variable (usage.fail(__('Unknown argument: %s', arg))), one whose lines
// a callback appends (msg += `\n  ${...}` in a forEach) too: some of it is
// literal.
func (x *fileCtx) reportMessage(c candidate) (msgeval.Value, bool) {
	var first msgeval.Value
	found := false
	for i, a := range argList(c.node.Child("arguments")) {
		if a.Kind() == "spread_element" {
			break
		}
		var v msgeval.Value
		ok := false
		switch u := unwrap(a); {
		case u.Is("string", "template_string", "binary_expression", "call_expression"):
			v, ok = x.textArg([]syntax.Node{a}, c.sc)
		case u.Kind() == "identifier":
			v = x.eval(u, c.sc, 1)
			ok = !v.Opaque()
		}
		switch {
		case !ok:
			continue
		case hasProse(v):
			return v, true
		case i == 0:
			first, found = v, true
		}
	}
	return first, found
}

// hasProse reports whether some text v may be has a literal space: a
// sentence, not a code ('DUPLICATE_KEY') or a name.
func hasProse(v msgeval.Value) bool {
	for _, t := range v.Alts {
		for _, p := range t.Parts {
			if p.Hole == "" && strings.Contains(p.Text, " ") {
				return true
			}
		}
	}
	return false
}

// hasWords reports whether some text v may be has a literal part with a
// space and a word of three letters or more: words of a sentence, not a
// separator (" ", "in ", ": ").
func hasWords(v msgeval.Value) bool {
	for _, t := range v.Alts {
		for _, p := range t.Parts {
			if p.Hole != "" || !strings.Contains(p.Text, " ") {
				continue
			}
			run := 0
			for _, r := range p.Text {
				if unicode.IsLetter(r) {
					if run++; run >= 3 {
						return true
					}
				} else {
					run = 0
				}
			}
		}
	}
	return false
}

// messageArg is the message an Error constructor takes from argument at:
// "" when it is missing or undefined.
func (x *fileCtx) messageArg(args []syntax.Node, at int, sc *scope) []errdex.Template {
	if at >= len(args) || args[at].Kind() == "spread_element" {
		if at < len(args) {
			return []errdex.Template{{Parts: []errdex.Part{x.hole(args[at])}}}
		}
		return []errdex.Template{{}}
	}
	a := unwrap(args[at])
	if isUndefined(a) {
		return []errdex.Template{{}}
	}
	return x.eval(a, sc, 0).Alts
}

// assertSite builds the site of an assert call with a message.
func (x *fileCtx) assertSite(c candidate) {
	t := thrown{Kind: errdex.KindAssert, Exception: "AssertionError", Scope: c.sc}
	if c.assert == assertImported {
		// Another module's assert: its error type is not known, and
		// further arguments join the message (Hoek's assert(cond,
		// 'Cannot merge type', this.type, 'with another type:', b.type)).
		t.Exception = ""
		v := x.eval(c.arg, c.sc, 0)
		for a := c.arg.NextNamedSibling(); !a.IsNull() && a.Kind() != "spread_element"; a = a.NextNamedSibling() {
			if a.Kind() != "comment" {
				v = rules.Concat(rules.Concat(v, msgeval.Lit(" ")), x.eval(a, c.sc, 0))
			}
		}
		if !opaque(v.Alts) {
			t.Msg = v.Alts
			x.addSite(c.node, c.sc, t)
		}
		return
	}
	if m := unwrap(c.arg); m.Kind() == "new_expression" || m.Kind() == "call_expression" && x.isErrorName(msgeval.Compact(unwrap(m.Child("function")).Text())) {
		// assert(cond, new TypeError("...")) throws that error.
		inner := x.thrownValue(m, c.sc, 0)
		t.Exception, t.Msg, t.Ctor, t.Args = inner.Exception, inner.Msg, inner.Ctor, inner.Args
	} else {
		t.Msg = x.eval(c.arg, c.sc, 0).Alts
	}
	x.addSite(c.node, c.sc, t)
}

// addSite records the site of node and returns it.
func (x *fileCtx) addSite(node syntax.Node, sc *scope, t thrown) *errdex.Site {
	s := t.Site(x.lang, x.path, sc.function(), node)
	s.Guards = cguard.Guards(node, cguard.JavaScript)
	x.sites = append(x.sites, s)
	x.built = append(x.built, builtSite{node: node, sc: sc, t: t})
	if c := t.Construction(s, x.arg); c != nil {
		x.facts.Throws = append(x.facts.Throws, c)
	}
	return s
}

// maxBuiltAbove is how many lines above its throw a variable's error may
// be built for the site to span both.
const maxBuiltAbove = 40

// builtFrom makes site s, which throws (or delivers) e, start where e was
// built when e is a variable holding an error built a few lines above in
// the same function (const err = new SyntaxError(msg); ...; throw err):
// a JavaScript stack names the line where the error was built, not the
// one that threw it. A helper's site (raise(pos, message) { ...; const
// err = new SyntaxError(message); ...; throw err }) keeps its throw: the
// stack's frame of the construction is then no site, and the next frame,
// the call that passes the message, is the site a trace names.
func builtFrom(s *errdex.Site, e syntax.Node, sc *scope, t thrown) {
	e = unwrap(e)
	if t.Kind != errdex.KindThrow && t.Kind != errdex.KindReject || e.Kind() != "identifier" || showsParam(t.Msg, sc) {
		return
	}
	r := msgeval.Reaching(e, sc)
	if !r.Found || r.Param && len(r.Bindings) == 0 || r.Scope.function() != sc.function() {
		return
	}
	for _, b := range r.Bindings {
		if b.Kind != msgeval.BindSet || b.Value.IsNull() {
			continue
		}
		v := b.Value.Span()
		if at := &s.Location; v.Line < at.Line && at.Line-v.Line <= maxBuiltAbove {
			at.Line, at.Column = v.Line, v.Column
		}
	}
}

// arg records a call argument for Link.
func (x *fileCtx) arg(a syntax.Node, sc *scope) Arg {
	if a.Kind() == "spread_element" {
		return Arg{Expr: rules.Expr(a.Text()), Spread: true}
	}
	out := Arg{Expr: rules.Expr(a.Text()), Alts: x.eval(a, sc, 1).Alts}
	switch u := unwrap(a); {
	case isUndefined(u):
		out.Alts = []errdex.Template{{}}
	case u.Kind() == "array":
		out.Props = x.elements(u, sc)
	case u.Kind() == "object":
		out.Props = map[string][]errdex.Template{}
		for p := range u.NamedChildren() {
			switch p.Kind() {
			case "pair":
				out.Props[propertyName(p.Child("key"))] = x.eval(p.Child("value"), sc, 1).Alts
			case "shorthand_property_identifier":
				out.Props[p.Text()] = x.eval(p, sc, 1).Alts
			}
		}
	}
	return out
}

// elements records the elements of an array literal argument as the
// properties an array has ("0", "1", ...), for a parameter the callee
// joins (Param.Join); nil when a spread leaves the positions unknown.
func (x *fileCtx) elements(arr syntax.Node, sc *scope) map[string][]errdex.Template {
	out := map[string][]errdex.Template{}
	for el := range arr.NamedChildren() {
		switch el.Kind() {
		case "comment":
			continue
		case "spread_element":
			return nil
		}
		out[strconv.Itoa(len(out))] = x.eval(el, sc, 1).Alts
	}
	return out
}

// validationGuard is the guard of a validator's message: its condition
// failed.
func validationGuard(cond syntax.Node) errdex.Guard {
	src := strings.Join(strings.Fields(unwrap(cond).Text()), " ")
	return errdex.Guard{Condition: cguard.Negate(src), Source: src, Negated: true, Kind: "assert", Line: cond.Line()}
}
