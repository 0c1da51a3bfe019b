package java

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// This file follows messages into the methods that throw them: a site
// whose message shows a parameter of its method (private void accept(int
// ch, String s) { ... throw error(s); }) throws whatever the method's
// callers pass. Each call of the method in the same file gives the site
// one more template, its arguments evaluated where the call is
// (accept(')', "Unclosed group")). Link applies them once the site's own
// message is final (a factory or a class may build it).

// Bounds: the calls of one method read, and the templates a site ends
// with.
const (
	maxCallers       = 32
	maxSiteTemplates = 32
)

// ParamCall is a site of a method with the messages each call of the
// method in the file passes for its parameters. When the site formats
// its message from the method's parameters (Format), Calls holds each
// call's arguments, which format it.
type ParamCall struct {
	Site   *errdex.Site
	Binds  []map[string][]errdex.Template
	Format *Format
	Calls  [][]Arg
}

// callerMessages records the ParamCalls of the file's sites: those in a
// method with parameters that the file calls with an argument that says
// something literal.
func (x *fileCtx) callerMessages() {
	bySc := map[*scope][]int{}
	for i, sc := range x.siteScopes {
		if sc != nil && len(sc.params) > 0 && sc.node.Kind() == "method_declaration" {
			bySc[sc] = append(bySc[sc], i)
		}
	}
	binds := map[*scope][]map[string][]errdex.Template{}
	calls := map[*scope][][]Arg{}
	relays := map[*scope][]relay{}
	for _, c := range x.calls {
		name := c.node.Child("name").Text()
		as := args(c.node)
		m := x.calledMethod(name, as, c.sc)
		if m == nil && !x.declaresAround(name, c.sc) && len(x.classCalls) < maxClassCalls && (textArg(c.node) || paramArg(as, c.sc)) {
			// A method of a base class in another file (a parser's
			// _reportError("Unrecognized token '%s'", ...) that its
			// base class declares): Link finds it.
			x.classCalls = append(x.classCalls, c)
		}
		if m == nil || bySc[m] == nil || len(binds[m]) >= maxCallers {
			continue
		}
		b := map[string][]errdex.Template{}
		literal := false
		for i, p := range m.params {
			if i >= len(as) || p.varargs {
				break // the varargs only a format reads
			}
			if unwrap(as[i]).Kind() == "null_literal" {
				continue // passes no text: setEncoding(null) is no "null" message
			}
			v := x.eval(as[i], c.sc, 1)
			b[p.name] = v.Alts
			literal = literal || !v.Opaque()
		}
		if outer := c.sc.method(); outer != nil && outer != m && len(outer.params) > 0 && readsParam(b, outer.params) {
			relays[outer] = append(relays[outer], relay{to: m, binds: b})
		}
		if literal {
			binds[m] = append(binds[m], b)
			var cargs []Arg
			for _, a := range as {
				cargs = append(cargs, x.arg(a, c.sc))
			}
			calls[m] = append(calls[m], cargs)
		}
	}
	x.classCallFacts(bySc, relays)
	for m, bs := range binds {
		for _, i := range bySc[m] {
			pc := &ParamCall{Site: x.sites[i], Binds: bs, Format: x.siteFormats[i]}
			if pc.Format != nil {
				pc.Calls = calls[m]
			}
			x.facts.ParamCalls = append(x.facts.ParamCalls, pc)
		}
	}
}

// calledMethod finds the method of the enclosing types an unqualified
// call with arguments as runs: the one of its name whose parameters the
// arguments fill, a varargs parameter last included (notBlank(s, MESSAGE)
// runs notBlank(s, message, values...)); among overloads that all end
// with varargs, the only one whose parameter types agree with the
// arguments' declared types, generic ones read as their bounds (notEmpty(T collection, ...) with <T extends
// Collection<?>>, not notEmpty(T map, ...) with <T extends Map<?, ?>>).
func (x *fileCtx) calledMethod(name string, as []syntax.Node, sc *scope) *scope {
	for t := sc.typ; t != nil; t = t.parent {
		var cands []*scope
		for _, m := range x.methods[t] {
			n := len(m.params)
			spread := n > 0 && m.params[n-1].varargs
			if m.node.Child("name").Text() == name && (n == len(as) || spread && len(as) >= n-1) {
				cands = append(cands, m)
			}
		}
		if len(cands) > 1 && !slices.ContainsFunc(cands, func(m *scope) bool { return !endsWithVarargs(m) }) {
			// Overloads taking a message and its values, one for each
			// type checked: the argument's type chooses.
			cands = slices.DeleteFunc(cands, func(m *scope) bool { return !x.argsAgree(m, as, sc) })
		}
		switch len(cands) {
		case 0:
		case 1:
			return cands[0]
		default:
			return nil // overloaded: not resolved
		}
	}
	return nil
}

// endsWithVarargs reports whether m's last parameter is varargs; a method
// without parameters (newHashSet() beside newHashSet(E... elements), both
// candidates for a call without arguments) has none.
func endsWithVarargs(m *scope) bool {
	return len(m.params) > 0 && m.params[len(m.params)-1].varargs
}

// argsAgree reports whether no argument of as (written in sc) whose
// declared type is known has another type than m's parameter for it.
func (x *fileCtx) argsAgree(m *scope, as []syntax.Node, sc *scope) bool {
	for i, p := range m.params {
		if i >= len(as) || p.varargs {
			break
		}
		a := unwrap(as[i])
		var typ string
		switch {
		case a.Kind() == "string_literal":
			typ = "String"
		case a.Kind() == "identifier":
			typ = erasure(x.declaredType(a, sc), sc)
		}
		if typ != "" && erasure(p.typ, m) != "" && typ != erasure(p.typ, m) {
			return false
		}
	}
	return true
}

// erasure is a declared type without its type arguments, a type variable
// of the method of sc (or of a method around it) read as its first bound,
// or Object: T[] with <T extends Number> is Number[]; "" for "".
func erasure(typ string, sc *scope) string {
	if k := strings.IndexByte(typ, '<'); k >= 0 {
		typ = typ[:k] + typ[strings.LastIndexByte(typ, '>')+1:]
	}
	base := strings.TrimRight(typ, "[]")
	dims := typ[len(base):]
	for s := sc; s != nil; s = s.parent {
		for tp := range s.node.Child("type_parameters").NamedChildren() {
			if tp.Kind() != "type_parameter" || tp.NamedChild(0).Text() != base {
				continue
			}
			bound := "Object"
			for b := range tp.NamedChildren() {
				if b.Kind() == "type_bound" {
					bound = erasure(msgeval.Compact(b.NamedChild(0).Text()), nil)
				}
			}
			return bound + dims
		}
	}
	return typ
}

// apply adds to the site the templates its callers' arguments give, after
// its own, at most maxSiteTemplates in all.
func (pc *ParamCall) apply() {
	own := append([]errdex.Template{pc.Site.Template}, pc.Site.Alternatives...)
	all := append([]errdex.Template(nil), own...)
	seen := map[string]bool{}
	for _, t := range own {
		seen[t.Canonical()] = true
	}
	add := func(t errdex.Template) {
		if c := t.Canonical(); !seen[c] && !t.IsOpaque() && len(all) < maxSiteTemplates {
			seen[c] = true
			all = append(all, t)
		}
	}
	for i, b := range pc.Binds {
		if pc.Format != nil && i < len(pc.Calls) {
			if ts, ok := pc.Format.apply(pc.Calls[i]); ok {
				for _, t := range ts {
					add(t)
				}
				continue
			}
		}
		for _, t := range rules.Alternatives.Substitute(own, b) {
			add(t)
		}
	}
	if len(all) > len(own) {
		pc.Site.Template, pc.Site.Alternatives = template.Pick(all)
	}
}

// callOf records an unqualified call (f(...), this.f(...)), which may
// call a method of the file.
func (x *fileCtx) callOf(n syntax.Node, sc *scope) {
	switch obj := unwrap(n.Child("object")); {
	case obj.IsNull() || obj.Kind() == "this":
		x.calls = append(x.calls, callAt{node: n, sc: sc})
	case obj.Is("identifier", "field_access", "scoped_identifier") && len(x.classCalls) < maxClassCalls && textArg(n):
		name := msgeval.Compact(obj.Text())
		if last := name[strings.LastIndexByte(name, '.')+1:]; last != "" && unicode.IsUpper(rune(last[0])) || obj.Kind() == "identifier" {
			// Validate.isTrue(ok, "...", v); ctxt.reportInputMismatch(
			// "...", v), a method of the name's declared type.
			x.classCalls = append(x.classCalls, callAt{node: n, sc: sc})
		}
	}
}

// maxClassCalls caps the calls of other classes' methods one file
// records for Link.
const maxClassCalls = 512

// textArg reports whether a call passes a string literal, alone or
// concatenated, or a name written as a constant (NOT_FOUND).
func textArg(n syntax.Node) bool {
	for _, a := range args(n) {
		a = unwrap(a)
		if a.Kind() == "string_literal" || a.Kind() == "binary_expression" && strings.Contains(a.Text(), `"`) ||
			a.Kind() == "identifier" && strings.ToUpper(a.Text()) == a.Text() && strings.ContainsAny(a.Text(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			return true
		}
	}
	return false
}

// relay is a call, in a method with parameters, of a method of the file
// whose sites show its parameters, with what the call binds them to in
// terms of the calling method's parameters: _reportUnexpectedChar(int
// ch, String comment) { ... _reportError("Unexpected character (" +
// _getCharDesc(ch) + "): " + comment); }.
type relay struct {
	to    *scope
	binds map[string][]errdex.Template
}

// readsParam reports whether a bound message shows one of params.
func readsParam(b map[string][]errdex.Template, params []param) bool {
	for _, ts := range b {
		for _, t := range ts {
			for _, p := range t.Parts {
				if p.IsHole() && slices.ContainsFunc(params, func(q param) bool { return q.name == p.Expr }) {
					return true
				}
			}
		}
	}
	return false
}

// paramArg reports whether an argument of a call is a parameter of the
// method it is written in, which the method's callers fill.
func paramArg(as []syntax.Node, sc *scope) bool {
	m := sc.method()
	if m == nil {
		return false
	}
	for _, a := range as {
		if a = unwrap(a); a.Kind() == "identifier" && slices.ContainsFunc(m.params, func(p param) bool { return p.name == a.Text() }) {
			return true
		}
	}
	return false
}

// declaresAround reports whether a type around sc declares a method
// name.
func (x *fileCtx) declaresAround(name string, sc *scope) bool {
	for t := sc.typ; t != nil; t = t.parent {
		if x.declares(t, name) {
			return true
		}
	}
	return false
}

// classCallFacts records for Link the calls of other classes' methods
// that pass text (Facts.ClassCalls), and the methods of the file's types
// whose sites show their parameters (Class.ParamMethods), which such
// calls in other files fill: the sites that format their messages from
// them, those whose message shows a parameter, and through relays the
// sites of the methods they call.
func (x *fileCtx) classCallFacts(bySc map[*scope][]int, relays map[*scope][]relay) {
	for _, c := range x.classCalls {
		if x.checkMethod(c.node) != "" {
			continue // checkArgument(ok, "...") is a site of its own
		}
		call := x.call(c.node, c.sc.typ, c.sc)
		if call == nil {
			continue
		}
		for _, a := range call.Args {
			if !(msgeval.Value{Alts: a.Alts}).Opaque() {
				x.facts.ClassCalls = append(x.facts.ClassCalls, call)
				break
			}
		}
	}
	var methods []*scope
	for m := range bySc {
		methods = append(methods, m)
	}
	for m := range relays {
		if bySc[m] == nil {
			methods = append(methods, m)
		}
	}
	slices.SortFunc(methods, func(a, b *scope) int { return a.node.Index() - b.node.Index() })
	for _, m := range methods {
		if m.typ == nil || m.typ.name == "" {
			continue
		}
		pm := ParamMethod{Name: m.node.Child("name").Text()}
		for _, p := range m.params {
			pm.Params = append(pm.Params, Param{Name: p.name, Type: p.typ, Varargs: p.varargs})
		}
		for _, i := range bySc[m] {
			// A format and its values say a parameter is a message; a
			// message that shows a parameter is one only when a call
			// passes prose (Charset.forName(charsetName) is called with
			// names), which Link checks.
			if x.siteFormats[i] != nil || showsParam(x.sites[i], m.params) {
				pm.Sites, pm.Formats = append(pm.Sites, x.sites[i]), append(pm.Formats, x.siteFormats[i])
				pm.Relays = append(pm.Relays, nil)
			}
		}
		for _, r := range relays[m] {
			for _, i := range bySc[r.to] {
				if x.siteFormats[i] == nil && len(pm.Sites) < maxCallers {
					pm.Sites, pm.Formats = append(pm.Sites, x.sites[i]), append(pm.Formats, nil)
					pm.Relays = append(pm.Relays, r.binds)
				}
			}
		}
		if len(pm.Sites) > 0 {
			c := x.classFact(m.typ)
			c.ParamMethods = append(c.ParamMethods, pm)
		}
	}
}

// callAt is a call with the scope it is in.
type callAt struct {
	node syntax.Node
	sc   *scope
}

// showsParam reports whether a message of site s is or shows one of
// params.
func showsParam(s *errdex.Site, params []param) bool {
	b := map[string][]errdex.Template{"": append([]errdex.Template{s.Template}, s.Alternatives...)}
	return readsParam(b, params)
}

// method returns sc when it is a method declaration, nil otherwise (a
// constructor, an initializer, a lambda).
func (sc *scope) method() *scope {
	if sc != nil && sc.node.Kind() == "method_declaration" {
		return sc
	}
	return nil
}
