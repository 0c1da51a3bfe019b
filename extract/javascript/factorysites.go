package javascript

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// A factory of the file builds an error and returns it for its callers to
// throw (function invalidChar(c) { return syntaxError(`JSON5: invalid
// character '${formatChar(c)}' at ${line}:${column}`) }, function
// endOfMessagePackError() { let error = new Error('Unexpected end of
// MessagePack data'); ...; return error }). Each throw of a call of it
// (throw invalidChar(read())) is a site with the factory's message, and
// the factory's construction, the line a Node stack names first, is a site
// too, which the throws cite as their helper (errdex.FactHelper): a
// message that matches many of the throws equally well was built there,
// whichever throw ran.

// citeFactory makes site s, which throws e, cite the construction of the
// factory of the file that e calls, adding that construction's site the
// first time, when the factory's error has a message of its own.
func (x *fileCtx) citeFactory(s *errdex.Site, e syntax.Node, sc *scope, t thrown) {
	e = unwrap(e)
	if t.Kind != errdex.KindThrow || opaque(t.Msg) || e.Kind() != "call_expression" {
		return
	}
	fn := calleeOf(e)
	f := x.localFunction(fn, sc)
	if f.IsNull() || x.scopeOf[f.Index()] == nil || x.scopeOf[f.Index()] == sc {
		return
	}
	fs := x.factorySite(f)
	if fs == nil {
		return
	}
	s.Provenance = append(s.Provenance, errdex.Fact{
		Name: fn.Text(), Kind: errdex.FactHelper, Text: fn.Text() + ": " + fs.Template.String(),
		Function: fs.Function, Location: fs.Location.Span,
	})
}

// factorySite returns the site of the constructions factory f returns,
// made once: the new errors its returns give with a message holding
// prose, each at the line of its construction (the variable's new
// Error(...) when it returns a variable), with f's parameters as holes.
// One site holds them all, its messages the alternatives, spanning from
// the first construction to the last (function invalidChar(c) { if (c
// === undefined) return syntaxError(`...invalid end of input...`); return
// syntaxError(`...invalid character...`) }), since a throw of a call of f
// throws any of them. It is nil when no return gives one.
func (x *fileCtx) factorySite(f syntax.Node) *errdex.Site {
	if s, ok := x.factorySites[f.Index()]; ok {
		return s
	}
	if x.factorySites == nil {
		x.factorySites = map[int]*errdex.Site{}
	}
	x.factorySites[f.Index()] = nil
	fs := x.scopeOf[f.Index()]
	var (
		out         thrown
		first, last syntax.Node
	)
	for _, r := range returns(f) {
		t, ok := x.Throws.Factory([]syntax.Node{r}, fs, 1, func() map[string][]errdex.Template { return nil })
		if !ok || t.Kind != errdex.KindThrow || opaque(t.Msg) || !hasProse(msgeval.Value{Alts: t.Msg}) {
			continue
		}
		node := unwrap(r)
		if node.Kind() == "identifier" {
			if b := msgeval.Reaching(node, fs); b.Found && !b.Param && len(b.Bindings) == 1 && b.Bindings[0].Kind == msgeval.BindSet {
				node = unwrap(b.Bindings[0].Value)
			}
		}
		if x.siteAt(node) {
			return nil
		}
		if first.IsNull() {
			out, first = t, node
		} else {
			out.Msg = rules.Alternatives.Union(out.Msg, t.Msg)
		}
		last = node
	}
	if first.IsNull() {
		return nil
	}
	out.Scope = fs
	s := x.addSite(first, fs, out)
	if end := last.Span(); end.EndLine > s.Location.EndLine {
		s.Location.EndLine, s.Location.EndColumn = end.EndLine, end.EndColumn
	}
	x.factorySites[f.Index()] = s
	return s
}

// siteAt reports whether node is already a site's.
func (x *fileCtx) siteAt(node syntax.Node) bool {
	for _, b := range x.built {
		if b.node.Index() == node.Index() {
			return true
		}
	}
	return false
}
