package javascript

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file follows messages through the helpers that throw them: a
// function whose site shows a parameter in its message (function
// fail(msg) { throw new Error(msg) }, error(message, opts) { throw
// this.root.error(message, opts) }, raise(pos, message) { message += " ("
// + line + ")"; throw new SyntaxError(message) }). Each call of it in
// the same file (by name, as a method of this, of the prototype object
// or of a named object) that passes literal text for that parameter is a
// site of its own, with the helper's message filled with the call's
// arguments (return this.error(`Expected ${description}.`) reads
// "Expected {description}."); the helper keeps its own site, where the
// stack points. A call that passes a parameter of its own function makes
// that function a helper in turn (warn(msg) { this.fail(msg) }), to
// maxHelperDepth. A call that gives a new error to a function throwing
// its parameter (failure(new Error("..."))) throws that error.

// Bounds: the levels of helpers followed, and the calls of one helper
// made sites.
const (
	maxHelperDepth = 5
	maxCallers     = 256
)

// builtSite is a site built from a candidate: the node, its scope and
// what it throws.
type builtSite struct {
	node syntax.Node
	sc   *scope
	t    thrown
}

// helperMsg is what a helper throws, with the class it constructs and
// the arguments it passes, for Link to build the message of the class
// at its callers too (throw new UnsupportedError(`${label} bound`)
// gives numericOperand(v, "min_length") the message the class makes).
type helperMsg struct {
	t     thrown
	class string
	args  []Arg
	site  *errdex.Site // the helper's site, when it is one
}

// helperCalls adds the sites of the calls of the file's helpers.
func (x *fileCtx) helperCalls() {
	helpers := map[*scope][]helperMsg{}
	done := map[int]bool{}
	for i, b := range x.built {
		done[b.node.Index()] = true
		if showsParam(b.t.Msg, b.sc) && !caughtHere(b.node) {
			h := helperMsg{t: b.t, class: b.t.Ctor, site: x.sites[i]}
			for _, a := range b.t.Args {
				h.args = append(h.args, x.arg(a, b.sc))
			}
			helpers[b.sc] = append(helpers[b.sc], h)
		}
	}
	x.helperFacts()
	defer x.importedCalls(done)
	if len(helpers) == 0 {
		return
	}
	methods := x.methodsOnce()
	for depth := 0; depth < maxHelperDepth && len(helpers) > 0; depth++ {
		next := map[*scope][]helperMsg{}
		made := map[*scope]int{}
		for _, c := range x.calls {
			f := x.calleeScope(c.node, c.sc, methods)
			hs := helpers[f]
			if hs == nil || done[c.node.Index()] || made[f] >= maxCallers || c.node.Parent().Kind() == "throw_statement" {
				continue
			}
			if t, ok := x.passedError(f, c, hs); ok {
				x.addSite(c.node, c.sc, t)
				done[c.node.Index()] = true
				made[f]++
				continue
			}
			binds := x.bindArgs(f, argList(c.node.Child("arguments")), c.sc, 0)
			var nt helperMsg
			text := false // the call gives literal text to the message
			for _, h := range hs {
				for _, m := range h.t.Msg {
					m, looked := x.lookups(m, binds)
					filled := rules.Alternatives.Substitute([]errdex.Template{m}, binds)
					fill := looked || fills(m, binds)
					if !fill && !showsParam(filled, c.sc) {
						continue
					}
					text = text || fill
					if nt.t.Msg == nil {
						nt.t = thrown{Kind: errdex.KindThrow, Exception: h.t.Exception, Scope: c.sc}
						if h.t.Kind == errdex.KindReject {
							nt.t.Kind = h.t.Kind // an error handed to a callback
						}
						if len(hs) == 1 && h.class != "" {
							nt.class, nt.args = h.class, substituteArgs(h.args, binds)
						}
					}
					// Any of the helper's messages, the first one's exception.
					nt.t.Msg = rules.Alternatives.Union(nt.t.Msg, filled)
				}
			}
			if nt.t.Msg == nil {
				continue
			}
			if showsParam(nt.t.Msg, c.sc) {
				next[c.sc] = append(next[c.sc], nt)
			}
			if text && !opaque(nt.t.Msg) {
				site := x.addSite(c.node, c.sc, nt.t)
				if nt.class != "" {
					x.facts.Throws = append(x.facts.Throws, &Throw{Site: site, Class: nt.class, Args: nt.args})
				}
				x.derived(site, hs, binds)
				done[c.node.Index()] = true
				made[f]++
			}
		}
		helpers = next
	}
}

// derived records that site fills the messages of helper sites hs with
// binds, for Link to fill them again once it has completed them (throw
// syntaxError(source, pos, `Expected ${value}`), whose imported factory
// adds "Syntax Error: ").
func (x *fileCtx) derived(site *errdex.Site, hs []helperMsg, binds map[string][]errdex.Template) {
	d := &Derived{Site: site, Binds: binds}
	for _, h := range hs {
		if h.site == nil {
			return
		}
		d.From = append(d.From, h.site)
		d.Was = append(d.Was, messages(h.site))
	}
	x.facts.Derived = append(x.facts.Derived, d)
}

// messages are a site's message and its alternatives.
func messages(s *errdex.Site) []errdex.Template {
	return append([]errdex.Template{s.Template}, s.Alternatives...)
}

// maxImportedCalls caps the calls of imported functions recorded for one
// file.
const maxImportedCalls = 4096

// helperFacts records the helpers of the module's top level (functions
// and the methods of its classes) for the calls of other files, with
// their sites, whose messages Link may complete before it fills them,
// and its factories (const invalidParameterError = (name, expected) =>
// new Error(`Expected ${expected} for ${name}`)) for the throws of other
// files.
func (x *fileCtx) helperFacts() {
	for i, b := range x.built {
		f := b.sc
		if f.parent != x.module || f.name == "" || strings.HasPrefix(f.name, "new ") || !showsParam(b.t.Msg, f) || caughtHere(b.node) {
			continue
		}
		if x.facts.Helpers == nil {
			x.facts.Helpers = map[string]*Helper{}
		}
		h := x.facts.Helpers[f.name]
		if h == nil {
			h = &Helper{Params: x.paramFacts(f)}
			x.facts.Helpers[f.name] = h
		}
		h.Sites = append(h.Sites, x.sites[i])
	}
	factories := map[string]*Helper{}
	for _, f := range x.scopeOf {
		if f.parent != x.module || f.name == "" || strings.HasPrefix(f.name, "new ") || x.facts.Helpers[f.name] != nil {
			continue
		}
		if _, dup := factories[f.name]; dup {
			factories[f.name] = nil // two functions of the name: neither
			continue
		}
		noArgs := func() map[string][]errdex.Template { return nil }
		factories[f.name] = nil
		if t, ok := x.factory(returns(f.node), f, 0, noArgs); ok && (showsParam(t.Msg, f) || showsParamProp(t.Msg, f)) {
			factories[f.name] = &Helper{Params: x.paramFacts(f), Exception: t.Exception, Msg: t.Msg}
		}
	}
	for name, h := range factories {
		if h != nil {
			if x.facts.Helpers == nil {
				x.facts.Helpers = map[string]*Helper{}
			}
			x.facts.Helpers[name] = h
		}
	}
}

// importedCalls records the calls of imported functions (parse(...),
// TomlError.x(...), errors.fail(...)) that pass literal text and are no
// site of the file's own (done), for Link to make sites of those that
// call a helper of another module.
func (x *fileCtx) importedCalls(done map[int]bool) {
	siteAt := map[int]*errdex.Site{}
	for i, b := range x.built {
		siteAt[b.node.Index()] = x.sites[i]
	}
	for _, c := range slices.Concat(x.calls, x.deepCalls) {
		if len(x.facts.Calls) >= maxImportedCalls {
			return
		}
		fn := calleeOf(c.node)
		thrown := siteAt[c.node.Parent().Index()]
		if _, ok := x.imports[rootName(fn)]; !ok || done[c.node.Index()] ||
			c.node.Parent().Kind() == "throw_statement" && thrown == nil {
			continue
		}
		args := argList(c.node.Child("arguments"))
		if _, ok := x.textArg(args, c.sc); !ok && !x.textProp(args, c.sc) {
			continue
		}
		call := &Call{Callee: msgeval.Compact(fn.Text()), Span: c.node.Span(), Function: c.sc.function(), Thrown: thrown}
		for _, a := range args {
			call.Args = append(call.Args, x.arg(a, c.sc))
		}
		x.facts.Calls = append(x.facts.Calls, call)
	}
}

// textProp reports whether an object literal among args gives a property
// literal text ({header: 'Headers constructor', message: `...`}).
func (x *fileCtx) textProp(args []syntax.Node, sc *scope) bool {
	for _, a := range args {
		if a = unwrap(a); a.Kind() != "object" {
			continue
		}
		for p := range a.NamedChildren() {
			if p.Kind() == "pair" {
				if v := x.eval(p.Child("value"), sc, 1); v.Text && !v.Opaque() {
					return true
				}
			}
		}
	}
	return false
}

// caughtHere reports whether a throw is caught by a try of its own
// function whose handler throws nothing (try { throw error } catch
// (base) { error = Object.create(base) }, to capture a stack): its
// function does not throw what its callers pass.
func caughtHere(n syntax.Node) bool {
	child := n
	for a := range n.Ancestors() {
		switch {
		case a.Is(functionNodes...):
			return false
		case a.Kind() == "try_statement" && child.Index() == a.Child("body").Index():
			h := a.Child("handler")
			if h.IsNull() {
				return false
			}
			for d := range h.Descendants() {
				if d.Kind() == "throw_statement" {
					return false
				}
			}
			return true
		}
		child = a
	}
	return false
}

// substituteArgs fills the holes of a helper's construction arguments
// that name its parameters with what a call passes.
func substituteArgs(args []Arg, binds map[string][]errdex.Template) []Arg {
	out := make([]Arg, len(args))
	for i, a := range args {
		a.Alts = rules.Alternatives.Substitute(a.Alts, binds)
		if a.Props != nil {
			props := make(map[string][]errdex.Template, len(a.Props))
			for k, v := range a.Props {
				props[k] = rules.Alternatives.Substitute(v, binds)
			}
			a.Props = props
		}
		out[i] = a
	}
	return out
}

// passedError returns the error a call passes to a helper that throws
// its parameter (function failure(err) { if (cb) return cb(err); throw
// err }): failure(new Error("secret must have a value")) is a site that
// throws the new error.
func (x *fileCtx) passedError(f *scope, c candidate, hs []helperMsg) (thrown, bool) {
	args := argList(c.node.Child("arguments"))
	for _, h := range hs {
		t := h.t
		if t.Kind != errdex.KindRaiseObject || len(t.Msg) != 1 || len(t.Msg[0].Parts) != 1 {
			continue
		}
		for i, p := range f.params {
			if p.name == "" || p.name != t.Msg[0].Parts[0].Expr || p.rest || i >= len(args) {
				continue
			}
			a := unwrap(args[i])
			if !a.Is("new_expression", "call_expression") {
				continue
			}
			if e := x.thrownValue(a, c.sc, 1); e.Kind == errdex.KindThrow && x.errorClass(e.Exception, 0) {
				return e, true
			}
		}
	}
	return thrown{}, false
}

// showsParam reports whether a message shows a parameter of sc in a
// hole: what sc throws is, at least in part, what its callers pass.
func showsParam(ts []errdex.Template, sc *scope) bool {
	for _, t := range ts {
		for _, p := range t.Parts {
			if _, ok := sc.Param(p.Expr); ok && p.Expr != "" {
				return true
			}
			if _, key, ok := tableLookup(p.Expr); ok {
				if _, ok := sc.Param(key); ok {
					return true // errors[type]
				}
			}

		}
	}
	return false
}

// showsParamProp reports whether messages show a property of a parameter
// (`${message.header}: ${message.message}`), which a caller's object
// literal gives.
func showsParamProp(ts []errdex.Template, sc *scope) bool {
	for _, t := range ts {
		for _, p := range t.Parts {
			if obj, prop, ok := strings.Cut(p.Expr, "."); ok && isIdent(prop) {
				if _, ok := sc.Param(obj); ok {
					return true
				}
			}
		}
	}
	return false
}

// tableLookup splits a hole's expression that reads a table by a name
// (errors[type]) into the table and the name.
func tableLookup(expr string) (table, key string, ok bool) {
	table, rest, ok := strings.Cut(expr, "[")
	key, ok2 := strings.CutSuffix(rest, "]")
	if !ok || !ok2 || !isIdent(table) || !isIdent(key) {
		return "", "", false
	}
	return table, key, true
}

// isIdent reports whether s is a plain JavaScript identifier.
func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// lookups replaces the holes of t that read a constant table of the
// module by a parameter (throw new RangeError(errors[type])) with the
// entry the call's argument names (error('overflow') reads errors.overflow),
// and reports whether it replaced one.
func (x *fileCtx) lookups(t errdex.Template, binds map[string][]errdex.Template) (errdex.Template, bool) {
	out, done := t, false
	for i, p := range t.Parts {
		table, key, ok := tableLookup(p.Expr)
		if !ok {
			continue
		}
		k, known := msgeval.Value{Alts: binds[key]}.Known()
		if v, ok := x.facts.Consts[table+"."+k]; known && ok {
			if !done {
				out.Parts = slices.Clone(t.Parts)
			}
			out.Parts[i], done = errdex.Part{Text: v}, true
		}
	}
	return out, done
}

// opaque reports whether messages say nothing literal.
func opaque(ts []errdex.Template) bool {
	for _, t := range ts {
		if !t.IsOpaque() {
			return false
		}
	}
	return true
}

// fills reports whether a call gives literal text to a parameter the
// message shows: a value printed from null, undefined, a boolean or a
// number (host = null; isIP(host)) is no text the call chose.
func fills(t errdex.Template, binds map[string][]errdex.Template) bool {
	for _, p := range t.Parts {
		if !p.IsHole() {
			continue
		}
		for _, a := range binds[p.Expr] {
			if !a.IsOpaque() && !printedPrimitive(a) {
				return true
			}
		}
	}
	return false
}

// printedPrimitive reports whether a template is only the printed form
// of null, undefined, a boolean or a number.
func printedPrimitive(t errdex.Template) bool {
	if len(t.Parts) != 1 || t.Parts[0].IsHole() {
		return false
	}
	switch s := t.Parts[0].Text; s {
	case "null", "undefined", "true", "false":
		return true
	default:
		_, err := strconv.ParseFloat(s, 64)
		return err == nil
	}
}

// calleeScope returns the scope of the function of the file a call
// calls: a function by name, or this.m(...) for a method m of the class
// (or the prototype) of the calling method; nil when it is not known.
func (x *fileCtx) calleeScope(call syntax.Node, sc *scope, methods map[string]*scope) *scope {
	fn := calleeOf(call)
	if fn.Kind() == "identifier" {
		if f := x.localFunction(fn, sc); !f.IsNull() {
			return x.scopeOf[f.Index()]
		}
		return nil
	}
	prop := propertyName(fn.Child("property"))
	obj := unwrap(fn.Child("object"))
	switch {
	case obj.Kind() == "identifier":
		// A static method or a method of an object of the file:
		// YAMLException.throwAt(...), pp.raise(...).
		if f := methods[obj.Text()+"."+prop]; f != nil || !x.isParam(obj.Text(), sc) {
			return f
		}
		// A method of an object the function is handed (acorn's
		// state.raise("Unterminated group") in
		// regexp_eatCapturingGroup(state)).
		return x.methodByArity(prop, len(argList(call.Child("arguments"))))
	case obj.Kind() != "this":
		// A method of an object the instance holds (acorn's
		// this.parser.raiseRecoverable(this.start, msg) in
		// RegExpValidationState.prototype.raise), not one of its own.
		return x.methodByArity(prop, len(argList(call.Child("arguments"))))
	}
	if f := x.ownMethod(sc, prop, methods); f != nil {
		return f
	}
	// this.raise(...) in a function of another prototype object
	// (pp$9.unexpected calling pp$4.raise): the one method of the name.
	return methods["."+prop]
}

// methodByArity returns the file's one method named prop (stored as
// X.prop, or an alias of one: pp.raiseRecoverable = pp.raise) that
// declares n parameters, nil when there is none or more than one: called
// on an object whose class the file does not say, the method is known
// by its name and the arguments it is passed (acorn's
// RegExpValidationState.prototype.raise(message) for state.raise("..."),
// pp.raise(pos, message) for this.parser.raise(pos, "...")).
func (x *fileCtx) methodByArity(prop string, n int) *scope {
	if platformMethods[prop] {
		return nil // response.once('error', handler) is the platform's once
	}
	var found *scope
	consider := func(s *scope) bool {
		if s == nil || s == found || len(s.params) != n || slices.ContainsFunc(s.params, func(p param) bool { return p.rest }) {
			return true
		}
		if found != nil {
			return false // two methods of the name and arity
		}
		found = s
		return true
	}
	suffix := "." + prop
	for _, s := range x.scopeOf {
		if (strings.HasSuffix(s.name, suffix) || strings.HasSuffix(x.storedName(s), suffix)) && !consider(s) {
			return nil
		}
	}
	methods := x.methodsOnce()
	for name, old := range x.aliases {
		if strings.HasSuffix(name, suffix) && !consider(methods[old]) {
			return nil
		}
	}
	return found
}

// platformMethods are methods of the platform's objects (event emitters,
// streams, promises, collections, functions): called on an object whose
// class the file does not say, such a name most likely calls the
// platform's method, not a function of the file that has the name (got
// patches result.once = (event, handler) => {...}, and its
// response.once('error', ...) calls are the stream's).
var platformMethods = map[string]bool{
	"on": true, "once": true, "off": true, "emit": true, "addListener": true, "removeListener": true,
	"prependListener": true, "write": true, "end": true, "pipe": true, "destroy": true, "close": true,
	"read": true, "push": true, "then": true, "catch": true, "finally": true, "get": true, "set": true,
	"has": true, "delete": true, "add": true, "clear": true, "call": true, "apply": true, "bind": true,
	"send": true, "resolve": true, "reject": true, "toString": true, "valueOf": true,
}

// calleeOf is the function a call calls: (0, _errors.fail)(...), as
// Babel and TypeScript compile a call of an import, calls _errors.fail.
func calleeOf(call syntax.Node) syntax.Node {
	fn := unwrap(call.Child("function"))
	if fn.Kind() == "sequence_expression" {
		fn = unwrap(fn.NamedChild(fn.NamedChildCount() - 1))
	}
	return fn
}

// ownMethod returns the method prop of the class (or the prototype) of
// the method sc is in, nil when it is not known.
func (x *fileCtx) ownMethod(sc *scope, prop string, methods map[string]*scope) *scope {
	owner := ""
	for s := sc; s != nil && owner == ""; s = s.parent {
		if s.node.Kind() == "arrow_function" {
			continue // shares this with the enclosing function, named or not
		}
		if s.name == "" {
			return nil
		}
		name := strings.TrimPrefix(x.storedName(s), "new ")
		if i := strings.LastIndexByte(name, '.'); i > 0 {
			owner = name[:i]
		} else if name != s.name {
			owner = name
		} else {
			return nil
		}
	}
	return methods[owner+"."+prop]
}

// methodsOnce returns methods(), built at its first use.
func (x *fileCtx) methodsOnce() map[string]*scope {
	if x.methodIndex == nil {
		x.methodIndex = x.methods()
	}
	return x.methodIndex
}

// methodFactory describes what a method of this that builds an error
// returns (throw this.unexpected(token), where unexpected returns
// syntaxError(source, pos, `Unexpected ${desc(token)}.`)): its error,
// or, when the class is not known, its first message with text; the
// parameters are filled by the call's arguments.
func (x *fileCtx) methodFactory(call, fn syntax.Node, sc *scope, depth int) (thrown, bool) {
	if fn.Kind() != "member_expression" || fn.Child("object").Kind() != "this" || depth >= 4 {
		return thrown{}, false
	}
	f := x.ownMethod(sc, propertyName(fn.Child("property")), x.methodsOnce())
	if f == nil || f == sc {
		return thrown{}, false
	}
	bind := func() map[string][]errdex.Template { return x.bindArgs(f, argList(call.Child("arguments")), sc, depth) }
	if t, ok := x.factory(returns(f.node), f, depth, bind); ok {
		return t, true
	}
	for _, r := range returns(f.node) {
		if t := x.thrownValue(r, f, depth+1); t.Kind == errdex.KindThrow && !opaque(t.Msg) {
			t.Msg = rules.Alternatives.Substitute(t.Msg, bind())
			t.Ctor, t.Args, t.Scope = "", nil, sc
			return t, true
		}
	}
	return thrown{}, false
}

// methods maps the names of the file's functions that hold a dot
// ("Parser.error"), and those of the members named functions are stored
// in, to their scopes, when one function has the name; a
// method assigned another (pp.raiseRecoverable = pp.raise) is that one.
// ".error" names the one method called error, when the file has one.
func (x *fileCtx) methods() map[string]*scope {
	out := map[string]*scope{}
	seen := map[string]bool{}
	add := func(name string, s *scope) {
		if seen[name] {
			if out[name] != s {
				delete(out, name)
			}
			return
		}
		seen[name] = true
		out[name] = s
	}
	for _, s := range x.scopeOf {
		if strings.Contains(s.name, ".") {
			add(s.name, s)
		}
	}
	for name, old := range x.aliases {
		if s := out[old]; s != nil && strings.Contains(name, ".") && !seen[name] {
			add(name, s)
		}
	}
	for name, s := range maps.Clone(out) {
		add(name[strings.LastIndexByte(name, '.'):], s)
	}
	for _, s := range x.scopeOf {
		if stored := x.storedName(s); stored != s.name {
			add(stored, s)
		}
	}
	return out
}

// storedName is the name of the member a named function is stored in
// (_proto.fail for _proto.fail = function fail(msg) {...}, as Babel
// compiles classes), for ownMethod to find its siblings by; else its
// name.
func (x *fileCtx) storedName(s *scope) string {
	if strings.Contains(s.name, ".") || strings.HasPrefix(s.name, "new ") {
		return s.name
	}
	if stored := x.valueName(s.node); strings.Contains(stored, ".") {
		return stored
	}
	return s.name
}

// paramHole is the message of a factory given a parameter: a hole named
// for it.
func paramHole(name string) []errdex.Template {
	return []errdex.Template{{Parts: []errdex.Part{msgeval.Var(name, errdex.HoleAny)}}}
}
