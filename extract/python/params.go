package python

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// This file follows messages into the functions that raise them: a site
// whose message shows a parameter of its function (def fail(self, msg):
// raise self.failureException(msg); def _fail_neg(values, errmsg=...):
// raise StatisticsError(errmsg)) raises whatever its callers pass. Each
// call of the function in the same file, with its arguments evaluated
// where the call is, gives the site one more template, and a parameter's
// default gives one for the callers elsewhere. Link applies them once the
// site's own message is final (a class may build it).

// Bounds: the calls of one function read, and the templates a site ends
// with.
const (
	maxCallers       = 32
	maxSiteTemplates = 32
)

// paramCall is a site whose message shows parameters of its function,
// with the arguments each call of the function binds to them.
type paramCall struct {
	site  *errdex.Site
	binds []bindings
}

// callerMessages records the paramCalls of the file's sites.
func (x *extraction) callerMessages() {
	byFunc := map[*scope][]*errdex.Site{}
	names := map[string]bool{}
	for _, b := range x.built {
		sc := b.c.scope
		if sc.kind != funcScope || !mentionsParam(b.site, sc) {
			continue
		}
		byFunc[sc] = append(byFunc[sc], b.site)
		names[sc.name] = true
	}
	if len(byFunc) == 0 {
		return
	}
	calls := map[*scope][]bindings{}
	for _, c := range x.fs.calls {
		fn := c.node.Child("function")
		if !names[calleeSimpleName(fn)] {
			continue
		}
		f, bound := x.ev.callee(fn, c.scope)
		if byFunc[f] == nil || len(calls[f]) >= maxCallers {
			continue
		}
		args, ok := x.ev.bindCall(c.node.Child("arguments"), f, bound, c.scope, false)
		if !ok {
			continue
		}
		b := bindings{}
		for k, v := range args {
			b[k] = argOf(v)
		}
		x.defaults(f, bound, b)
		calls[f] = append(calls[f], b)
	}
	for f, sites := range byFunc {
		binds := calls[f]
		// A caller elsewhere may leave out the parameters that have
		// defaults.
		if d := (bindings{}); x.defaults(f, f.method() != nil && !isStatic(f), d) > 0 {
			binds = append(binds, d)
		}
		if len(binds) == 0 {
			continue
		}
		for _, s := range sites {
			x.facts.paramCalls = append(x.facts.paramCalls, &paramCall{site: s, binds: binds})
		}
	}
}

// defaults binds fn's parameters that b leaves unbound to their defaults,
// marking a default None (see argVal.noneDefault), and returns how many
// it bound to something other than None.
func (x *extraction) defaults(fn *scope, skipFirst bool, b bindings) int {
	params := fn.params
	if skipFirst && len(params) > 0 && params[0].kind == paramPlain {
		params = params[1:]
	}
	n := 0
	for _, p := range params {
		if _, ok := b[p.name]; ok || p.def.IsNull() {
			continue
		}
		d := argOf(x.ev.eval(p.def, fn.parent))
		d.noneDefault = d.isNone()
		if !d.noneDefault {
			n++
		}
		b[p.name] = d
	}
	return n
}

// calleeSimpleName is the last name of a callee: "f" for f(...) and
// obj.f(...).
func calleeSimpleName(fn syntax.Node) string {
	switch fn.Kind() {
	case "identifier":
		return fn.Text()
	case "attribute":
		return fn.Child("attribute").Text()
	}
	return ""
}

// mentionsParam reports whether a hole of the site's templates is one of
// the parameters of its function sc (self aside).
func mentionsParam(s *errdex.Site, sc *scope) bool {
	params := map[string]bool{}
	for i, p := range sc.params {
		if i == 0 && sc.method() != nil && p.kind == paramPlain {
			continue
		}
		if p.kind == paramPlain || p.kind == paramKwOnly {
			params[p.name] = true
		}
	}
	if len(params) == 0 {
		return false
	}
	for _, t := range append([]errdex.Template{s.Template}, s.Alternatives...) {
		for _, p := range t.Parts {
			if p.IsHole() && params[p.Expr] {
				return true
			}
		}
	}
	return false
}

// apply adds to the site the templates its callers' arguments give, after
// the ones it has, at most maxSiteTemplates in all.
func (pc *paramCall) apply() {
	own := append([]errdex.Template{pc.site.Template}, pc.site.Alternatives...)
	all := append([]errdex.Template(nil), own...)
	seen := map[string]bool{}
	for _, t := range own {
		seen[t.Canonical()] = true
	}
	for _, b := range pc.binds {
		for _, t := range b.applyAll(own) {
			t = t.Normalize()
			if c := t.Canonical(); !seen[c] && len(all) < maxSiteTemplates {
				seen[c] = true
				all = append(all, t)
			}
		}
	}
	if len(all) > len(own) {
		setMessage(pc.site, all)
	}
}
