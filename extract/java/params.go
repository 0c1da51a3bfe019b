package java

import (
	"github.com/errdex/errdex"
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
// method in the file passes for its parameters.
type ParamCall struct {
	Site  *errdex.Site
	Binds []map[string][]errdex.Template
}

// callerMessages records the ParamCalls of the file's sites: those in a
// method with parameters that the file calls with an argument that says
// something literal.
func (x *fileCtx) callerMessages() {
	bySc := map[*scope][]*errdex.Site{}
	for i, s := range x.sites {
		if sc := x.siteScopes[i]; sc != nil && len(sc.params) > 0 && sc.node.Kind() == "method_declaration" {
			bySc[sc] = append(bySc[sc], s)
		}
	}
	if len(bySc) == 0 {
		return
	}
	binds := map[*scope][]map[string][]errdex.Template{}
	for _, c := range x.calls {
		name := c.node.Child("name").Text()
		as := args(c.node)
		m := x.localMethod(name, len(as), c.sc)
		if m == nil || bySc[m] == nil || len(binds[m]) >= maxCallers {
			continue
		}
		b := map[string][]errdex.Template{}
		literal := false
		for i, p := range m.params {
			if unwrap(as[i]).Kind() == "null_literal" {
				continue // passes no text: setEncoding(null) is no "null" message
			}
			v := x.eval(as[i], c.sc, 1)
			b[p.name] = v.Alts
			literal = literal || !v.Opaque()
		}
		if literal {
			binds[m] = append(binds[m], b)
		}
	}
	for m, bs := range binds {
		for _, s := range bySc[m] {
			x.facts.ParamCalls = append(x.facts.ParamCalls, &ParamCall{Site: s, Binds: bs})
		}
	}
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
	for _, b := range pc.Binds {
		for _, t := range rules.Alternatives.Substitute(own, b) {
			if c := t.Canonical(); !seen[c] && !t.IsOpaque() && len(all) < maxSiteTemplates {
				seen[c] = true
				all = append(all, t)
			}
		}
	}
	if len(all) > len(own) {
		pc.Site.Template, pc.Site.Alternatives = template.Pick(all)
	}
}

// callOf records an unqualified call (f(...), this.f(...)), which may
// call a method of the file.
func (x *fileCtx) callOf(n syntax.Node, sc *scope) {
	if obj := unwrap(n.Child("object")); obj.IsNull() || obj.Kind() == "this" {
		x.calls = append(x.calls, callAt{node: n, sc: sc})
	}
}

// callAt is a call with the scope it is in.
type callAt struct {
	node syntax.Node
	sc   *scope
}
