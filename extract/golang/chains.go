package golang

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/template"
)

// This file resolves calls of constructor helpers (see Helper), through
// chains of them. A small function whose body calls a helper passing on
// its own parameters (one helper: not a dispatcher) is a helper too, with the messages that call gives:
// go/parser's errorExpected(pos, msg) sets msg = "expected " + msg (and
// ", found ..." in branches) and calls p.error(pos, msg), which calls
// p.errors.Add(epos, msg), a method of the receiver's field of type
// scanner.ErrorList, which appends &Error{pos, msg}. The call
// p.errorExpected(pos, "operand") is then a site "{epos}: expected
// operand, found {...}". Calls are resolved by name within the package (x.m
// by the receiver's or the variable's declared type, or the only type
// with such a method), by import path, or through a field of the
// receiver whose declared type is named; at most maxHelperDepth helpers
// deep.

// maxHelperDepth bounds the helpers a chain of calls goes through, the
// one rule for both directions: the helper called (or, in callers.go,
// the one whose site takes its callers' constants) is at depth 0, and a
// helper at depth d is followed on to the helpers at d+1 only while d <
// maxHelperDepth. A call takes the messages of sites at most
// maxHelperDepth helpers below the one it calls (see sitesOf), and a
// site the constants of calls of helpers at most maxHelperDepth above
// its own (see callerIndex.bindings).
//
// What a helper gives at depth d depends on d (the limit cuts it
// maxHelperDepth-d helpers further), so it is remembered for the pair of
// helper and depth: a result cut by the limit is reused only where the
// limit cuts it the same way, and no helper's messages or constants
// depend on which call or site was looked at first. A cycle of calls
// ends at the limit; sitesOf also ends it where a call comes back to a
// helper on the chain (see chainSites).
const maxHelperDepth = 4

// atDepth is a helper at a depth of a chain (see maxHelperDepth).
type atDepth struct {
	h     *Helper
	depth int
}

// forwards reports whether call passes on a parameter of fn, a function
// small enough to be a helper whose results say it may make an error (see
// errResults): an argument reads one (function literals excluded), and
// the call's error leaves fn (see outflowing).
func (x *fileCtx) forwards(call *ast.CallExpr, fn *funcCtx) bool {
	if fn.ftype == nil || fn.ftype.Params.NumFields() == 0 || fn.body == nil || len(fn.body.List) > maxHelperStmts || !errResults(fn.ftype) {
		return false
	}
	if fn.outflow == nil {
		fn.outflow = x.outflowing(fn.ftype, fn.body)
	}
	if !fn.outflow[x.span(call)] {
		return false
	}
	for _, a := range call.Args {
		if x.readsParam(a, fn) {
			return true
		}
	}
	return false
}

// readsParam reports whether e reads a parameter of fn (function literals
// excluded).
func (x *fileCtx) readsParam(e ast.Expr, fn *funcCtx) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			found = found || n.Name != "_" && isParam(fn.ftype, n.Name)
		}
		return !found
	})
	return found
}

// isParam reports whether name is a parameter of ft.
func isParam(ft *ast.FuncType, name string) bool {
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// isIdentNamed reports whether e is the identifier name.
func isIdentNamed(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// closureKey names a closure helper: the file, the enclosing function
// and the variable.
type closureKey struct{ path, scope, name string }

// helperIndex finds the helper a call calls, and the messages of each
// helper through its own calls of helpers.
type helperIndex struct {
	l        *linker
	helpers  map[key]*Helper
	methods  map[key][]*Helper // by directory and method name
	closures map[closureKey]*Helper
	// settled are the sites of each helper at a depth whose messages its
	// calls take: its own and those its calls of other helpers give (see
	// maxHelperDepth).
	settled map[atDepth]chainSites
	// busy holds the helpers of the chain being followed, by depth.
	busy map[*Helper]int
	// made are the calls' sites helperSites added.
	made map[*errdex.Site]bool
	// conds are the conditions on its helper's parameters each site of
	// a helper is made under: its own (see Helper.Conds), or for one a
	// call passing parameters on gives, those carried (see forwarded).
	conds map[*errdex.Site][]Cond
	// ctors are the package-level variables holding an error
	// constructor (see Facts.Ctors).
	ctors map[key]ctor
	// origin is, for each site forwarded made for a call passing
	// parameters on, the helper's site its messages come from, through
	// any chain: one a helper's body makes.
	origin map[*errdex.Site]*errdex.Site
}

func (l *linker) newHelperIndex() *helperIndex {
	ix := &helperIndex{l: l, helpers: map[key]*Helper{}, methods: map[key][]*Helper{}, ctors: map[key]ctor{},
		closures: map[closureKey]*Helper{}, settled: map[atDepth]chainSites{}, busy: map[*Helper]int{},
		made: map[*errdex.Site]bool{}, conds: map[*errdex.Site][]Cond{}, origin: map[*errdex.Site]*errdex.Site{}}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, c := range fx.Ctors {
			ix.ctors[key{fx.Dir, c.Name}] = c.ctor
		}
		for i := range fx.Helpers {
			h := &fx.Helpers[i]
			h.file = fx
			if l.undropped(h.Sites) > maxHelperSites && !h.Relay {
				continue // too many once the literals of error types are known (see firmSites)
			}
			for _, s := range h.Sites {
				// The sentinels the helper's messages name are those of
				// its file (fs.ErrNotExist), whatever its callers import.
				l.inline(s, fx)
			}
			for k, cs := range h.Conds {
				if len(cs) > 0 {
					ix.conds[h.Sites[k]] = cs
				}
			}
			if h.Scope != "" {
				ix.closures[closureKey{fx.Path, h.Scope, h.Name}] = h
				continue
			}
			// Of one helper for several platforms (statNolog of
			// stat_unix.go and stat_plan9.go), the most widely built.
			k := key{fx.Dir, helperKey(h.Recv, h.Name)}
			if had, ok := ix.helpers[k]; !ok || l.width(fx) > l.width(had.file) {
				ix.helpers[k] = h
			}
			if h.Recv != "" {
				k := key{fx.Dir, h.Name}
				ix.methods[k] = append(ix.methods[k], h)
			}
		}
	})
	return ix
}

// undropped returns how many of sites Link keeps.
func (l *linker) undropped(sites []*errdex.Site) int {
	n := 0
	for _, s := range sites {
		if !l.drop[s] {
			n++
		}
	}
	return n
}

// of returns the helper c, a call in a file with facts fx, calls, or nil.
func (ix *helperIndex) of(c Call, fx *Facts) *Helper {
	var h *Helper
	switch {
	case c.Scope != "":
		h = ix.closures[closureKey{fx.Path, c.Scope, c.Name}]
	case c.Import != "":
		if d := ix.l.dirFor(c.Import); d != "" {
			h = ix.helpers[key{d, c.Name}]
		}
	case !c.Method:
		h = ix.helpers[key{fx.Dir, c.Name}]
	case c.Field != "":
		k := key{fx.Dir, c.Recv}
		names, types := ix.l.structs[k], ix.l.fieldTys[k]
		for i, n := range names {
			if n == c.Field && i < len(types) && types[i].Name != "" {
				h = ix.helpers[key{ix.l.dir(fx.Dir, types[i].Import), helperKey(types[i].Name, c.Name)}]
				break
			}
		}
	case c.RecvImport != "":
		if d := ix.l.dirFor(c.RecvImport); d != "" {
			h = ix.helpers[key{d, helperKey(c.Recv, c.Name)}]
		}
	case c.Recv != "" && ix.helpers[key{fx.Dir, helperKey(c.Recv, c.Name)}] != nil:
		h = ix.helpers[key{fx.Dir, helperKey(c.Recv, c.Name)}]
	case len(ix.methods[key{fx.Dir, c.Name}]) == 1:
		h = ix.methods[key{fx.Dir, c.Name}][0] // the only type with such a method
	}
	if h == nil || (h.Recv != "") != c.Method && c.Import == "" {
		return nil
	}
	return h
}

// chainSites is what sitesOf finds for a helper at a depth.
type chainSites struct {
	sites []*errdex.Site
	// cycle is the least depth of a helper on the chain above that a
	// call came back to, or noCycle. A call back into a helper being
	// followed gives that helper's own sites only (the recursion of
	// strconv-like retry(fn) → again(fn) → retry(fn) makes no other
	// error), so what it finds depends on the chain it is followed from
	// and is not remembered.
	cycle int
	// cut is set when the depth limit left a call passing parameters on
	// unfollowed, here or below: what it would give is not known.
	cut bool
}

const noCycle = maxHelperDepth + 1

// sitesOf returns the sites whose messages calls of h take: h's own, and
// one for each call of h's body of another helper that passes on h's
// parameters, with that helper's messages (see settle); depth counts the
// helpers above, and those below are followed while depth <
// maxHelperDepth.
func (ix *helperIndex) sitesOf(h *Helper, depth int) chainSites {
	r := chainSites{cycle: noCycle}
	for _, s := range h.Sites {
		if !ix.l.drop[s] {
			r.sites = append(r.sites, s)
		}
	}
	if d, ok := ix.busy[h]; ok {
		r.cycle = d
		return r
	}
	k := atDepth{h, depth}
	if m, ok := ix.settled[k]; ok {
		return m
	}
	if depth >= maxHelperDepth {
		r.cut = slices.ContainsFunc(h.Calls, func(i int) bool { return ix.passesOn(h, h.file.Calls[i]) != nil })
		ix.settled[k] = r
		return r
	}
	// A function passing its parameters on to several helpers chooses
	// among errors (strconv's toError: syntaxError(fn, s) or
	// rangeError(fn, s) by err): its calls are no one error's sites. A
	// call the depth limit cut counts as one choice: what it gives is not
	// known, and a dispatcher is not one helper's forwarder because the
	// limit hid its other call.
	//
	// A call with text of its own that passes parameters on (see
	// Call.Passes) words its message as a site of h's body would: its
	// messages are h's, and no choice among errors.
	ix.busy[h] = depth
	var got [][]*errdex.Site // the sites of each call passing parameters on
	var worded []*errdex.Site
	for _, i := range h.Calls {
		c := h.file.Calls[i]
		callee := ix.passesOn(h, c)
		if callee == nil {
			continue
		}
		sites, sub := ix.forwarded(callee, c, h, depth+1)
		r.cycle, r.cut = min(r.cycle, sub.cycle), r.cut || sub.cut
		switch {
		case c.Passes:
			worded = append(worded, sites...)
		case len(sites) > 0 || sub.cut:
			got = append(got, sites)
		}
	}
	delete(ix.busy, h)
	r.sites = append(r.sites, worded...)
	if len(got) == 1 {
		r.sites = append(r.sites, got[0]...)
	}
	if r.cycle >= depth {
		// No call came back above h: the same from any chain.
		r.cycle = noCycle
		ix.settled[k] = r
	}
	return r
}

// passesOn returns the helper c, a call in h's body, passes h's
// parameters on to (h itself excluded), or nil.
func (ix *helperIndex) passesOn(h *Helper, c Call) *Helper {
	if !c.Forward && !c.Passes {
		return nil
	}
	if callee := ix.of(c, h.file); callee != h {
		return callee
	}
	return nil
}

// helperSites gives each call of a helper whose arguments give text a
// site at the call: the helper's messages (see sitesOf) with each
// parameter read in them replaced by the call's argument (a format
// parameter by the call's format applied to its arguments), the kind and
// exception of the helper's site. It returns the index of helpers it
// used.
func (l *linker) helperSites() *helperIndex {
	ix := l.newHelperIndex()
	fatals := l.fatalExterns()
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		for _, c := range fx.Calls {
			if c.Forward || c.Named && !slices.ContainsFunc(c.Args, func(a CallArg) bool { return anyText(a.Templates) }) {
				continue
			}
			if e, ok := fatals[key{fx.Dir, c.Name}]; ok && !c.Method && c.Import == "" {
				if fatalCall(e, c) {
					guardFile(fx.Build, []*errdex.Site{c.Site.site()})
					f.Sites = append(f.Sites, c.Site.site())
				}
				continue
			}
			if ix.ctorCall(c, fx) {
				guardFile(fx.Build, []*errdex.Site{c.Site.site()})
				f.Sites = append(f.Sites, c.Site.site())
				continue
			}
			if h := ix.of(c, fx); h != nil && ix.settle(h, c, 0, true) {
				guardFile(fx.Build, []*errdex.Site{c.Site.site()})
				f.Sites = append(f.Sites, c.Site.site())
				ix.made[c.Site.site()] = true
			}
		}
	})
	return ix
}

// ctorCall gives c, a call with text in a file with facts fx, the site
// of the error constructor a package-level variable it calls holds (var
// New = errors.New of the repository's internal errors package:
// errors.New("required pointer type value")), and reports whether it
// is one.
func (ix *helperIndex) ctorCall(c Call, fx *Facts) bool {
	if c.Forward || c.ByParam || c.Method || c.Scope != "" {
		return false
	}
	dir := fx.Dir
	if c.Import != "" {
		dir = ix.l.dirFor(c.Import)
	}
	ct, ok := ix.ctors[key{dir, c.Name}]
	if !ok {
		return false
	}
	text := func(i int) []errdex.Template {
		if ct.form == formPrintf || ct.form == formWrapf {
			if a := c.Args[i]; a.Printf != nil {
				return a.Printf
			}
		}
		return c.Args[i].Templates
	}
	var ts []errdex.Template
	switch {
	case (ct.form == formMsg || ct.form == formPrintf) && len(c.Args) >= 1:
		ts = text(0)
	case (ct.form == formWrap || ct.form == formWrapf) && len(c.Args) >= 2:
		wrapped := errdex.HolePart(template.HoleNameOf(c.Args[0].Expr), c.Args[0].Expr, errdex.HoleError)
		ts = product(text(1), one(errdex.Lit(": "), wrapped))
	}
	if !anyText(ts) {
		return false
	}
	s := c.Site.site()
	s.Template, s.Alternatives = ts[0], ts[1:]
	s.Kind = ct.kind
	if c.Sentinel != "" {
		sk := key{fx.Dir, c.Sentinel}
		ix.l.sentinels[sk] = append(ix.l.sentinels[sk], sentinelAt{s, fx})
	}
	return true
}

// forwarded returns the sites of c, a call in a helper's body that
// passes its parameters on to h: one for each of h's sites (see sitesOf)
// whose messages read them, each with that site's messages, kind and
// exception. A helper passing err on to os.(*File).wrapErr(op, err),
// which panics on an unexpected error or returns &PathError{Op: op, ...},
// may do either, and its callers' sites take the kind of the message they
// carry (see settle). The sites come in the order of their first message
// among all, as one site's messages would (see preferLiteral), so that the
// callers' messages are those one site would give, under the conditions
// of their site that c leaves open on the parameters of in, the helper
// making c (see carryConds). r is what sitesOf found for h.
func (ix *helperIndex) forwarded(h *Helper, c Call, in *Helper, depth int) (_ []*errdex.Site, r chainSites) {
	ts, srcs, r := ix.messages(h, c, depth, false)
	all := r.sites
	var order []*errdex.Site
	seen := map[*errdex.Site]bool{}
	add := func(s *errdex.Site) {
		if s != nil && !seen[s] {
			seen[s] = true
			order = append(order, s)
		}
	}
	for _, t := range preferLiteral(dedupe(ts, maxAlternatives)) {
		add(sourceSite(t, ts, srcs))
	}
	for _, s := range srcs {
		add(s)
	}
	var out []*errdex.Site
	for _, from := range order {
		var mine []errdex.Template
		for i, t := range ts {
			if srcs[i] == from {
				mine = append(mine, t)
			}
		}
		s := c.Site.value()
		s.Provenance = slices.Clip(s.Provenance)
		ix.settleAs(h, &s, mine, slices.Repeat([]*errdex.Site{from}, len(mine)), all)
		if cs := carryConds(ix.conds[from], h, c, in); len(cs) > 0 {
			ix.conds[&s] = cs
		}
		ix.origin[&s] = ix.originOf(from)
		out = append(out, &s)
	}
	return out, r
}

// originOf returns the site of a helper's body s's messages come from
// (see helperIndex.origin): s itself when it is one.
func (ix *helperIndex) originOf(s *errdex.Site) *errdex.Site {
	if o := ix.origin[s]; o != nil {
		return o
	}
	return s
}

// reworded reports whether t, a message of site s of a helper, has other
// words than all messages of the site it comes from (see originOf): a
// helper's own site has none, nor one a call passing parameters on
// unchanged gives (os.Stat(name) through statNolog(name)), but
// go/parser's errorExpected gives "{epos}: expected {msg}" where
// ErrorList.Add makes "{pos}: {msg}".
func (ix *helperIndex) reworded(t errdex.Template, s *errdex.Site) bool {
	o := ix.originOf(s)
	if o == s {
		return false
	}
	k := wordsKey(t)
	for _, u := range append([]errdex.Template{o.Template}, o.Alternatives...) {
		if wordsKey(u) == k {
			return false
		}
	}
	return true
}

// wordsKey is t's literal text, each hole a mark whatever it reads.
func wordsKey(t errdex.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteByte(0)
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// settle settles c.Site, the site of a call of h, and reports whether it
// has a message: one with text from the call when needText is set (a
// call that is a site), else one that reads an argument (a call passing
// on parameters, see sitesOf).
func (ix *helperIndex) settle(h *Helper, c Call, depth int, needText bool) bool {
	ts, srcs, r := ix.messages(h, c, depth, needText)
	all := r.sites
	if len(ts) == 0 && needText && h.Printf && h.Format < len(c.Args) {
		// A printf wrapper without a site of its own: the call's format.
		arg := c.Args[h.Format]
		if arg.Printf != nil {
			arg.Templates = arg.Printf
		}
		if anyText(arg.Templates) {
			ts = arg.Templates
			s := c.Site.site()
			s.Kind = errdex.KindErrorf
			s.Provenance = append(s.Provenance, errdex.Fact{
				Name: h.Name, Kind: errdex.FactHelper, Text: helperKey(h.Recv, h.Name) + ": fmt.Sprintf(" + h.Params[h.Format] + ", ...)", Location: h.Span,
			})
		}
	}
	if len(ts) == 0 {
		return false
	}
	ix.settleAs(h, c.Site.site(), ts, srcs, all)
	return true
}

// messages returns the messages a call c of h takes from h's sites (see
// sitesOf), with the parameters they read replaced by c's arguments, and
// for each the site it comes from: those with text from the call when
// needText is set, else those that read an argument. r holds h's sites
// (see sitesOf).
func (ix *helperIndex) messages(h *Helper, c Call, depth int, needText bool) (ts []errdex.Template, srcs []*errdex.Site, r chainSites) {
	r = ix.sitesOf(h, depth)
	for _, s := range r.sites {
		for _, t := range append([]errdex.Template{s.Template}, s.Alternatives...) {
			conds := ix.l.conds[s][templateKey(t)]
			if cs := ix.conds[s]; len(cs) > 0 {
				conds = append(slices.Clip(conds), cs...)
			}
			keep, chosen := callConds(conds, h, c)
			if !keep {
				continue
			}
			chosen = chosen && !c.ByParam
			out, sub := substituteParams(t, h, c)
			text := sub.text
			if needText && !text && !chosen && (sub.shaped || sub.passed && ix.reworded(t, s)) {
				// The call shapes the message without words of its own,
				// or names in it a parameter of its own where the message
				// is no site's: the helper's chain words it (see
				// reworded). A message of the call where it has words.
				out = slices.DeleteFunc(out, func(t errdex.Template) bool { return !hasText(t) })
				text = len(out) > 0
			}
			if needText && (text || chosen) || !needText && sub.read {
				ts = append(ts, out...)
				for range out {
					srcs = append(srcs, s)
				}
			}
		}
	}
	return ts, srcs, r
}

// settleAs gives site, that of a call of h, the messages ts, which come
// from h's sites srcs (index for index; nil for none, as a printf
// wrapper's format), and the kind and exception of the site whose message
// it carries: the one that gave the message chosen first (see
// sourceSite), not merely one that reads the call's arguments; or, when
// others of h's sites (all) hold that one, the outermost of them, which
// raises the value (see enclosing). The fact cites the message's site.
// os.(*File).wrapErr(op, err) panics on an unexpected error before it
// returns &PathError{Op: op, ...}: f.wrapErr("read", e) is a *PathError
// value, not a panic. fmt's s.errorString(msg), which panics with
// scanError{errors.New(msg)}, stays a panic.
func (ix *helperIndex) settleAs(h *Helper, site *errdex.Site, ts []errdex.Template, srcs, all []*errdex.Site) {
	chosen := preferLiteral(dedupe(ts, maxAlternatives))
	site.Template, site.Alternatives = chosen[0], chosen[1:]
	if from := sourceSite(chosen[0], ts, srcs); from != nil {
		raised := enclosing(from, all)
		site.Kind, site.Exception = raised.Kind, raised.Exception
		site.Provenance = append(site.Provenance, errdex.Fact{
			Name: h.Name, Kind: errdex.FactHelper, Text: helperKey(h.Recv, h.Name) + ": " + from.Template.String(), Location: from.Location.Span,
		})
		for _, f := range from.Provenance {
			if f.Kind == errdex.FactWraps {
				// The sentinels the message took in the helper's file.
				site.Provenance = appendFact(site.Provenance, f, maxReturnFacts)
			}
		}
	}
}

// sourceSite returns the site that gave t, the message chosen among ts
// (whose sites are srcs, index for index), or nil when none did (a
// printf wrapper's format). When several sites give the same message,
// with different kinds or not, the first in srcs' order wins: the
// helper's own sites in source order, then those its calls of other
// helpers give (see sitesOf), so the choice does not depend on map
// order or on the caller.
func sourceSite(t errdex.Template, ts []errdex.Template, srcs []*errdex.Site) *errdex.Site {
	k := templateKey(t)
	for i, u := range ts {
		if i < len(srcs) && templateKey(u) == k {
			return srcs[i]
		}
	}
	return nil
}

// enclosing returns the outermost of sites whose span holds s's, or s:
// the site that raises the value s makes (panic(scanError{errors.New(err)})
// raises what errors.New(err) makes).
func enclosing(s *errdex.Site, sites []*errdex.Site) *errdex.Site {
	out := s
	for _, o := range sites {
		if o.Location.Span != out.Location.Span && holds(o.Location.Span, out.Location.Span) {
			out = o
		}
	}
	return out
}

// holds reports whether span a holds span b (or is it).
func holds(a, b errdex.Span) bool {
	startsBefore := a.Line < b.Line || a.Line == b.Line && a.Column <= b.Column
	endsAfter := a.EndLine > b.EndLine || a.EndLine == b.EndLine && a.EndColumn >= b.EndColumn
	return a.Path == b.Path && startsBefore && endsAfter
}

// outflowing returns the spans of the calls in body whose error leaves
// the function: returned (return f(x)), the one value assigned to a
// variable that the next statement returns, directly or after the if
// statement whose body ends with the assignment (if ok { err =
// os.NewSyscallError(name, err) }; return err), or made for their effect
// (p.error(pos, msg), which records or panics). A call whose value the
// function keeps otherwise (epos := p.file.Position(pos)), or one of
// several results (n, err := f(x), whose error a helper may return or
// handle), does not pass its error on.
func (x *fileCtx) outflowing(ft *ast.FuncType, body *ast.BlockStmt) map[errdex.Span]bool {
	out := map[errdex.Span]bool{}
	add := func(e ast.Expr) {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			out[x.span(call)] = true
		}
	}
	named := map[string]bool{}
	if ft != nil && ft.Results != nil {
		for _, f := range ft.Results.List {
			for _, n := range f.Names {
				named[n.Name] = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				add(r)
			}
		case *ast.ExprStmt:
			add(n.X)
		case *ast.BlockStmt:
			for i := 0; i+1 < len(n.List); i++ {
				ret, ok := n.List[i+1].(*ast.ReturnStmt)
				if !ok {
					continue
				}
				if a := assignedBefore(n.List[i], ret, named); a != nil {
					add(a)
				}
			}
		}
		return true
	})
	return out
}

// assignedBefore returns the call st assigns as the one value of the
// variable ret returns (its last result, or a result named in named for
// a bare return), st being that assignment or an if statement whose body
// ends with it; nil when it is neither.
func assignedBefore(st ast.Stmt, ret *ast.ReturnStmt, named map[string]bool) ast.Expr {
	if is, ok := st.(*ast.IfStmt); ok && len(is.Body.List) > 0 {
		st = is.Body.List[len(is.Body.List)-1]
	}
	a, ok := st.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return nil
	}
	id, ok := a.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if len(ret.Results) == 0 && named[id.Name] {
		return a.Rhs[0]
	}
	if len(ret.Results) > 0 {
		if r, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident); ok && r.Name == id.Name {
			return a.Rhs[0]
		}
	}
	return nil
}

// errResults reports whether a function with type ft may make an error its
// callers see: it has no results (it records or panics, as go/parser's
// p.error), or one is error or a type named like an error (*NumError).
func errResults(ft *ast.FuncType) bool {
	if ft.Results == nil || len(ft.Results.List) == 0 {
		return true
	}
	for _, r := range ft.Results.List {
		if isErrorType(r.Type) || errLikeType(typeName(r.Type)) {
			return true
		}
	}
	return false
}

// droppedCalls returns the calls of fn whose error cannot leave it, so
// that no helper call among them is a site: those whose last result (an
// error's place) is assigned to the blank identifier (d, _ :=
// lstatNolog(dir + "/" + name)), or to a variable fn only compares with
// nil (if _, err := stat(name + ".bak"); err == nil), not a named result.
func (fn *funcCtx) droppedCalls() map[*ast.CallExpr]bool {
	if fn.dropped != nil {
		return fn.dropped
	}
	fn.dropped = map[*ast.CallExpr]bool{}
	byName := map[string][]*ast.CallExpr{}
	ast.Inspect(fn.body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := a.Lhs[len(a.Lhs)-1].(*ast.Ident); ok {
			if id.Name == "_" {
				fn.dropped[call] = true
			} else {
				byName[id.Name] = append(byName[id.Name], call)
			}
		}
		return true
	})
	if len(byName) == 0 {
		return fn.dropped
	}
	for name := range nilComparedOnly(fn.body, byName) {
		if fn.ftype == nil || fn.ftype.Results != nil && isNamed(fn.ftype.Results, name) {
			continue
		}
		for _, call := range byName[name] {
			fn.dropped[call] = true
		}
	}
	return fn.dropped
}

// nilComparedOnly returns those of the variables named in names that
// body only assigns, declares or compares with nil (err != nil).
func nilComparedOnly(body *ast.BlockStmt, names map[string][]*ast.CallExpr) map[string]bool {
	harmless := map[*ast.Ident]bool{} // uses that read nothing out
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					harmless[id] = true
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				l, lok := ast.Unparen(n.X).(*ast.Ident)
				r, rok := ast.Unparen(n.Y).(*ast.Ident)
				if lok && rok && r.Name == "nil" {
					harmless[l] = true
				} else if lok && rok && l.Name == "nil" {
					harmless[r] = true
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				harmless[id] = true
			}
		case *ast.SelectorExpr:
			harmless[n.Sel] = true
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				harmless[id] = true
			}
		}
		return true
	})
	only := map[string]bool{}
	for name := range names {
		only[name] = true
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && only[id.Name] && !harmless[id] {
			delete(only, id.Name)
		}
		return true
	})
	return only
}

// isNamed reports whether a field list names name.
func isNamed(fl *ast.FieldList, name string) bool {
	for _, f := range fl.List {
		for _, n := range f.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}
