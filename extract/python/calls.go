package python

import (
	"slices"
	"strings"

	"github.com/errdex/errdex/syntax"
)

// This file models calls of the file's own functions that return text:
// msg = self._formatMessage(msg, standardMsg), f"{what} (at {coord(src,
// pos)})". The call's value is the union of what the function's return
// statements give, evaluated with its parameters bound to the call's
// arguments (and to their defaults when the call leaves them out).
// Anything the evaluator cannot follow stays a hole, as before.

// Bounds on modelling calls: the return statements read per function, the
// functions being evaluated at once (nested calls), and the parameters.
const (
	maxReturns   = 8
	maxCallDepth = 3
)

// callFrame binds the parameters of a function being evaluated for a call.
type callFrame struct {
	fn   *scope
	args map[string]value
}

// paramValue is the value parameter name of scope sc holds: the argument
// of the call being modelled when sc is that call's function, else
// unknown, named after the parameter. ok is false when sc has no such
// parameter.
func (ev *evaluator) paramValue(name string, sc *scope) (value, bool) {
	for i := len(ev.calls) - 1; i >= 0; i-- {
		if f := ev.calls[i]; f.fn == sc {
			if v, ok := f.args[name]; ok {
				return v, true
			}
			break
		}
	}
	return paramValue(name, sc)
}

// localCall evaluates a call of a function of this file whose return
// statements give text. ok is false when the callee is not such a
// function, or the call cannot be bound to its parameters.
func (ev *evaluator) localCall(n syntax.Node, sc *scope) (value, bool) {
	if len(ev.calls) >= maxCallDepth {
		return value{}, false
	}
	fn, bound := ev.callee(n.Child("function"), sc)
	if fn == nil || len(fn.returns) == 0 || len(fn.returns) > maxReturns {
		return value{}, false
	}
	for _, f := range ev.calls {
		if f.fn == fn {
			return value{}, false // recursion
		}
	}
	args, ok := ev.bindCall(n.Child("arguments"), fn, bound, sc, true)
	if !ok {
		return value{}, false
	}
	ev.calls = append(ev.calls, callFrame{fn: fn, args: args})
	defer func() { ev.calls = ev.calls[:len(ev.calls)-1] }()
	var out value
	text := false
	for i, r := range fn.returns {
		v := ev.eval(r, fn)
		text = text || v.isStringish()
		if i == 0 {
			out = v
		} else {
			out = union(out, v)
		}
	}
	if !text {
		return value{}, false
	}
	out.expr = ev.text(n)
	return out, true
}

// unpacked is the value a tuple unpacking binds to one name (ok, msg =
// check(x)): the item at the name's position of each tuple display the
// called function of the file returns, with its parameters bound to the
// call's arguments as for localCall, or a hole named after the name where a
// return is no such tuple, the callee is not the file's, or the unpacking
// is itself inside a modelled call.
func (ev *evaluator) unpacked(b *binding, sc *scope) value {
	hole := unknown(b.name, "")
	id := ev.fs.tree.At(b.at)
	pos := -1
	for i, c := range slices.Collect(id.Parent().NamedChildren()) {
		if c == id {
			pos = i
		}
	}
	if pos < 0 || len(ev.calls) > 0 {
		// Only the unpacking at hand is followed into the callee, not
		// the callee's own (token, value = get_cfws(value) in a parser
		// of such functions calling each other).
		return hole
	}
	fn, bound := ev.callee(b.value.Child("function"), sc)
	if fn == nil || len(fn.returns) == 0 || len(fn.returns) > maxReturns || slices.ContainsFunc(ev.calls, func(f callFrame) bool { return f.fn == fn }) {
		return hole
	}
	args, ok := ev.bindCall(b.value.Child("arguments"), fn, bound, sc, true)
	if !ok {
		return hole
	}
	ev.calls = append(ev.calls, callFrame{fn: fn, args: args})
	defer func() { ev.calls = ev.calls[:len(ev.calls)-1] }()
	items := make([]value, 0, len(fn.returns))
	for _, r := range fn.returns {
		elems := slices.Collect(unparen(r).NamedChildren())
		if k := unparen(r).Kind(); k != "expression_list" && k != "tuple" || pos >= len(elems) {
			items = append(items, hole)
			continue
		}
		items = append(items, ev.eval(elems[pos], fn))
	}
	return union(items...)
}

// callee finds the function a call's callee names: a function visible
// from sc by its name, a method of the enclosing class through self or
// cls (or of a named class of the file), or, on any other object, the one
// method of the file with that name. bound reports that the first
// parameter receives the object (an instance or class method called
// through an attribute).
func (ev *evaluator) callee(fn syntax.Node, sc *scope) (f *scope, bound bool) {
	switch fn.Kind() {
	case "identifier":
		name := fn.Text()
		for s := sc; s != nil; s = s.parent {
			if s.kind == classScope && s != sc {
				continue
			}
			if idx := s.bindingsOf(name); len(idx) > 0 {
				if b := s.binds[idx[0]]; len(idx) == 1 && b.kind == bindDef {
					return ev.funcAt(b.at), false
				}
				return nil, false
			}
		}
		return nil, false
	case "attribute":
		obj, name := fn.Child("object"), fn.Child("attribute").Text()
		if obj.Kind() == "identifier" {
			o := obj.Text()
			if m := sc.method(); m != nil && (o == sc.selfName() || o == "cls") {
				if f := ev.methodOf(m, name, 0); f != nil {
					return f, !isStatic(f)
				}
				return nil, false
			}
			for _, c := range ev.fs.classes {
				if c.qual == o {
					if f := ev.methodOf(c, name, 0); f != nil {
						return f, isClassMethod(f)
					}
					return nil, false
				}
			}
			if _, imported := ev.fs.imports[o]; imported {
				return nil, false
			}
		}
		var found *scope
		for _, f := range ev.fs.funcs {
			if f.name == name && f.method() != nil {
				if found != nil {
					return nil, false
				}
				found = f
			}
		}
		if found != nil {
			return found, !isStatic(found)
		}
	}
	return nil, false
}

// methodOf finds method name of class c, or of its bases defined in the
// file.
func (ev *evaluator) methodOf(c *classInfo, name string, depth int) *scope {
	if depth > maxChain {
		return nil
	}
	if idx := c.scope.bindingsOf(name); len(idx) > 0 {
		if b := c.scope.binds[idx[0]]; len(idx) == 1 && b.kind == bindDef {
			return ev.funcAt(b.at)
		}
		return nil
	}
	for _, base := range c.bases {
		if bc := ev.fileClass(compactName(ev.text(base)), c); bc != nil {
			if f := ev.methodOf(bc, name, depth+1); f != nil {
				return f
			}
		}
	}
	return nil
}

// funcAt returns the function scope defined at tree index at.
func (ev *evaluator) funcAt(at int) *scope {
	if ev.funcIndex == nil {
		ev.funcIndex = make(map[int]*scope, len(ev.fs.funcs))
		for _, f := range ev.fs.funcs {
			ev.funcIndex[f.node.Index()] = f
		}
	}
	return ev.funcIndex[at]
}

// isStatic and isClassMethod read a method's decorators.
func isStatic(f *scope) bool      { return hasDecorator(f, "staticmethod") }
func isClassMethod(f *scope) bool { return hasDecorator(f, "classmethod") }

func hasDecorator(f *scope, name string) bool {
	d := f.node.Parent()
	if d.Kind() != "decorated_definition" {
		return false
	}
	for c := range d.NamedChildren() {
		if c.Kind() == "decorator" && strings.TrimPrefix(strings.TrimSpace(c.Text()), "@") == name {
			return true
		}
	}
	return false
}

// bindCall binds a call's arguments, evaluated in sc, to fn's parameters
// as Python does; with defaults, a parameter the call leaves out takes its
// default, evaluated where the function is defined. skipFirst drops the
// first parameter (self or cls). ok is false for calls that spread *args
// or **kwargs, or that pass more positionals than the function takes.
func (ev *evaluator) bindCall(args syntax.Node, fn *scope, skipFirst bool, sc *scope, defaults bool) (map[string]value, bool) {
	if args.Kind() != "argument_list" {
		return nil, false
	}
	params := fn.params
	if skipFirst && len(params) > 0 && params[0].kind == paramPlain {
		params = params[1:]
	}
	out := make(map[string]value, len(params))
	i := 0
	for c := range args.NamedChildren() {
		switch c.Kind() {
		case "comment":
		case "keyword_argument":
			name := c.Child("name").Text()
			if !hasParam(params, name) {
				return nil, false
			}
			out[name] = ev.eval(c.Child("value"), sc)
		case "list_splat", "dictionary_splat", "parenthesized_list_splat":
			return nil, false
		default:
			for i < len(params) && params[i].kind != paramPlain {
				i++
			}
			if i >= len(params) && slices.ContainsFunc(params, func(p param) bool { return p.kind == paramStar }) {
				continue // collected by *args, which stays unknown
			}
			if i >= len(params) {
				return nil, false
			}
			out[params[i].name] = ev.eval(c, sc)
			i++
		}
	}
	for _, p := range params {
		if _, ok := out[p.name]; !ok && defaults && !p.def.IsNull() {
			out[p.name] = ev.eval(p.def, fn.parent)
		}
	}
	return out, true
}

func hasParam(ps []param, name string) bool {
	for _, p := range ps {
		if p.name == name && (p.kind == paramPlain || p.kind == paramKwOnly) {
			return true
		}
	}
	return false
}
