package python

import (
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/codetext"
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
		for _, c := range x.fs.calls {
			x.importedCall(c)
		}
		return
	}
	calls := map[*scope][]bindings{}
	for _, c := range x.fs.calls {
		fn := c.node.Child("function")
		if !names[calleeSimpleName(fn)] {
			x.importedCall(c)
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
		d := bindings{}
		if x.defaults(f, f.method() != nil && !isStatic(f), d) > 0 {
			binds = append(binds, d)
		}
		var ef *exportedFunc
		if name, params, ok := exportedName(f); ok {
			// Callers in other modules are bound by Link.
			ef = &exportedFunc{params: params, defaults: d}
			if x.facts.exported == nil {
				x.facts.exported = map[string]*exportedFunc{}
			}
			x.facts.exported[name] = ef
		} else if len(binds) == 0 {
			continue
		}
		for _, s := range sites {
			pc := &paramCall{site: s, binds: binds[:len(binds):len(binds)]}
			x.facts.paramCalls = append(x.facts.paramCalls, pc)
			if ef != nil {
				ef.calls = append(ef.calls, pc)
			}
		}
	}
}

// exportedName is the name other modules call function f by, and the
// parameters their calls bind: a module-level function's own ("f"), and
// a method's of a module-level class ("Tokenizer.raise_syntax_error"),
// self or cls aside. ok is false for other functions.
func exportedName(f *scope) (name string, params []param, ok bool) {
	switch p := f.parent; {
	case p == nil:
		return "", nil, false
	case p.kind == moduleScope:
		return f.name, f.params, true
	case p.kind == classScope && p.parent != nil && p.parent.kind == moduleScope:
		params = f.params
		if !isStatic(f) && len(params) > 0 && params[0].kind == paramPlain {
			params = params[1:]
		}
		return p.name + "." + f.name, params, true
	}
	return "", nil, false
}

// maxImportedCalls bounds the calls of imported functions a file records.
const maxImportedCalls = 256

// exportedFunc is a module-level function of the file whose sites raise
// what its callers pass, for Link to bind the calls of other files.
type exportedFunc struct {
	params   []param
	defaults bindings // what the parameters' defaults bind
	calls    []*paramCall
}

// importedCall is a call of a function the file imports, with a text
// among its arguments, evaluated where the call is.
type importedCall struct {
	target string // the callee's dotted name as imported (maybe relative)
	pos    []argVal
	kw     map[string]argVal
}

// importedCall records call c when it calls an imported function by its
// name (validate(...) after from ._util import validate) or through its
// module (_util.validate(...) after import or from . import _util) and
// passes some text.
func (x *extraction) importedCall(c candidate) {
	if len(x.facts.importedCalls) >= maxImportedCalls {
		return
	}
	fn := c.node.Child("function")
	var target string
	switch fn.Kind() {
	case "identifier":
		t, ok := x.fs.imports[fn.Text()]
		if !ok || t.name == "" || x.isVariable(fn.Text(), c.scope) {
			return
		}
		target = t.qualified()
	case "attribute":
		obj := fn.Child("object")
		if obj.Kind() != "identifier" {
			return
		}
		if t, ok := x.fs.imports[obj.Text()]; ok {
			target = t.qualified() + "." + fn.Child("attribute").Text()
			break
		}
		// A method of an imported class, called on a parameter
		// annotated with it (def parse(tokenizer: Tokenizer):
		// tokenizer.raise_syntax_error(message="...")).
		cls := x.paramAnnotation(obj.Text(), c.scope)
		t, ok := x.fs.imports[cls]
		if !ok || t.name == "" || x.isVariable(cls, c.scope) {
			return
		}
		target = t.qualified() + "." + fn.Child("attribute").Text()
	default:
		return
	}
	ic := importedCall{target: target}
	text := false
	for a := range c.node.Child("arguments").NamedChildren() {
		var v argVal
		switch a.Kind() {
		case "comment":
			continue
		case "list_splat", "dictionary_splat", "parenthesized_list_splat":
			return
		case "keyword_argument":
			v = argOf(x.ev.eval(a.Child("value"), c.scope))
			if ic.kw == nil {
				ic.kw = map[string]argVal{}
			}
			ic.kw[a.Child("name").Text()] = v
		default:
			v = argOf(x.ev.eval(a, c.scope))
			ic.pos = append(ic.pos, v)
		}
		text = text || slices.ContainsFunc(v.str, isText)
	}
	if text {
		x.facts.importedCalls = append(x.facts.importedCalls, ic)
	}
}

// paramAnnotation returns the name annotating parameter name of the
// function sc is, or of the function enclosing it ("Tokenizer" for
// tokenizer: Tokenizer, and for tokenizer: "Tokenizer"), or "" when the
// parameter has no annotation that is one name.
func (x *extraction) paramAnnotation(name string, sc *scope) string {
	for ; sc != nil && sc.kind != moduleScope; sc = sc.parent {
		if sc.kind != funcScope || !slices.ContainsFunc(sc.params, func(p param) bool { return p.name == name }) {
			continue
		}
		for p := range sc.node.Child("parameters").NamedChildren() {
			if p.Kind() != "typed_parameter" && p.Kind() != "typed_default_parameter" {
				continue
			}
			id := p.Child("name")
			if id.IsNull() {
				id = p.NamedChild(0)
			}
			if id.Kind() != "identifier" || id.Text() != name {
				continue
			}
			ann := strings.Trim(strings.TrimSpace(p.Child("type").Text()), `"'`)
			if !codetext.EnvIdent(ann) {
				return ""
			}
			return ann
		}
		return ""
	}
	return ""
}

// bind binds the arguments of a call of the function to its parameters,
// the ones left out to their defaults; names past the parameters go to a
// *args parameter, which stays unknown. ok is false when the call does
// not fit the parameters.
func (ef *exportedFunc) bind(c importedCall) (bindings, bool) {
	b := bindings{}
	star := slices.ContainsFunc(ef.params, func(p param) bool { return p.kind == paramStar })
	i := 0
	for _, a := range c.pos {
		for i < len(ef.params) && ef.params[i].kind != paramPlain {
			i++
		}
		if i >= len(ef.params) {
			if star {
				break
			}
			return nil, false
		}
		b[ef.params[i].name] = a
		i++
	}
	for k, a := range c.kw {
		if !hasParam(ef.params, k) {
			return nil, false
		}
		b[k] = a
	}
	for k, d := range ef.defaults {
		if _, ok := b[k]; !ok {
			b[k] = d
		}
	}
	return b, true
}

// bindImportedCalls gives the sites of the functions other modules
// import the templates their calls there pass (see callerMessages).
func (l *linker) bindImportedCalls(f *facts) {
	for _, c := range f.importedCalls {
		target := absolute(c.target, f)
		m, ef := l.exportedFunc(target)
		if ef == nil || m == f {
			continue
		}
		b, ok := ef.bind(c)
		if !ok {
			continue
		}
		for _, pc := range ef.calls {
			if len(pc.binds) < maxCallers {
				pc.binds = append(pc.binds, b)
			}
		}
	}
}

// exportedFunc finds the function a dotted target names, with its
// module: a module's function ("pkg.mod.f") or a method of a module's
// class ("pkg.mod.Class.method").
func (l *linker) exportedFunc(target string) (*facts, *exportedFunc) {
	i := strings.LastIndexByte(target, '.')
	if i < 0 {
		return nil, nil
	}
	if m := l.modules[target[:i]]; m != nil {
		return m, m.exported[target[i+1:]]
	}
	j := strings.LastIndexByte(target[:i], '.')
	if j < 0 {
		return nil, nil
	}
	if m := l.modules[target[:j]]; m != nil {
		return m, m.exported[target[j+1:]]
	}
	return nil, nil
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
			if p.IsHole() && (params[p.Expr] || params[formatOf(p.Expr)]) {
				return true
			}
		}
	}
	return false
}

// formatOf returns the name whose text a hole's expression formats
// ("msg" for "msg % (value, options)" and "msg.format(**args)"), or "".
func formatOf(expr string) string {
	left, _, ok := strings.Cut(expr, " % ")
	if !ok {
		left, _, ok = strings.Cut(expr, ".format(")
	}
	if !ok || !isReference(left) {
		return ""
	}
	return left
}

// apply adds to the site the templates its callers' arguments give, after
// the ones it has, at most maxSiteTemplates in all.
//
// A function that many callers share (unittest's TestCase.fail has some
// thirty) gets more templates than a site may hold, so they are taken
// round-robin: every call's first template before any call's second. A
// call's later templates are the variants of its message (with a caller's
// own note appended: "... : {msg}"). A multi-line message is matched by
// its first line (what follows is a diff, a listing, a traceback), so
// when the lines come from the callers (the site's own templates have
// none) a caller's template keeps its first line and a hole for the rest
// (see firstLine): the variants that differ only below it are one
// template.
func (pc *paramCall) apply() {
	own := append([]errdex.Template{pc.site.Template}, pc.site.Alternatives...)
	all := append([]errdex.Template(nil), own...)
	seen := map[string]bool{}
	for _, t := range own {
		seen[t.Canonical()] = true
	}
	bases := make([][]errdex.Template, len(pc.binds))
	variants := make([][]errdex.Template, len(pc.binds))
	// The site's own message keeps its lines: only lines the callers'
	// arguments bring are cut.
	cut := !slices.ContainsFunc(own, func(t errdex.Template) bool {
		return slices.ContainsFunc(t.Parts, func(p errdex.Part) bool { return !p.IsHole() && strings.Contains(p.Text, "\n") })
	})
	for i, b := range pc.binds {
		ts := b.applyAll(own)
		if cut {
			ts = firstLines(ts)
		}
		bases[i], variants[i] = splitVariants(ts)
	}
	for _, round := range [][][]errdex.Template{bases, variants} {
		for k, more := 0, true; more && len(all) < maxSiteTemplates; k++ {
			more = false
			for _, ts := range round {
				if k >= len(ts) {
					continue
				}
				more = true
				if c := ts[k].Canonical(); !seen[c] && len(all) < maxSiteTemplates {
					seen[c] = true
					all = append(all, ts[k])
				}
			}
		}
	}
	if len(all) > len(own) {
		setMessage(pc.site, all)
	}
}

// splitVariants separates the templates of one call into its messages and
// their variants: a template that another of the call's templates begins
// ("{a} not less than {b} : {msg}" after "{a} not less than {b}") is a
// variant, tried only once every call's messages have a place, and so is
// a template of holes only, which says nothing to match.
func splitVariants(ts []errdex.Template) (bases, variants []errdex.Template) {
	canon := make([]string, len(ts))
	for i, t := range ts {
		canon[i] = t.Canonical()
	}
next:
	for i, t := range ts {
		if t.IsOpaque() {
			variants = append(variants, t)
			continue
		}
		for j, c := range canon {
			if !ts[j].IsOpaque() && len(c) < len(canon[i]) && strings.HasPrefix(canon[i], c) {
				variants = append(variants, t)
				continue next
			}
		}
		bases = append(bases, t)
	}
	return bases, variants
}

// firstLines applies firstLine to the templates of one call, and drops a
// one-line template when another is that line followed by more lines
// ("Items in the first set but not the second:" beside
// "Items in the first set but not the second:\n{rest}").
func firstLines(ts []errdex.Template) []errdex.Template {
	out := make([]errdex.Template, 0, len(ts))
	longer := map[string]bool{}
	for _, t := range ts {
		t = firstLine(t.Normalize())
		if c := t.Canonical(); strings.HasSuffix(c, "\n{}") {
			longer[strings.TrimSuffix(c, "{}")] = true
		}
		out = append(out, t)
	}
	kept := out[:0]
	for _, t := range out {
		if !longer[t.Canonical()+"\n"] && !longer[t.Canonical()] {
			kept = append(kept, t)
		}
	}
	return kept
}

// restHole is the hole firstLine puts for the lines after the first, and
// endInRest for what is added to a text at the cap.
var restHole = errdex.HolePart("rest", "rest", errdex.HoleAny)

// firstLine cuts a multi-line template after its first line break, the
// lines after it becoming one hole: "{a}s differ: {x} != {y}\n\nFirst
// differing element {i}:..." is "{a}s differ: {x} != {y}\n{rest}". A
// template is left whole when its first line has no literal text to
// match, or when what follows the break is a single hole already.
func firstLine(t errdex.Template) errdex.Template {
	text := false
	for i, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		nl := strings.IndexByte(p.Text, '\n')
		if nl < 0 {
			text = text || strings.TrimSpace(p.Text) != ""
			continue
		}
		text = text || strings.TrimSpace(p.Text[:nl]) != ""
		tail := t.Parts[i+1:]
		if !text || nl == len(p.Text)-1 && (len(tail) == 0 || len(tail) == 1 && tail[0].IsHole()) {
			return t
		}
		parts := append(t.Parts[:i:i], errdex.Lit(p.Text[:nl+1]), restHole)
		return errdex.Template{Parts: parts}
	}
	return t
}
