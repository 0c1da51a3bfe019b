package python

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// This file resolves a variable to the values its assignments give it at
// a point of use: the assignments of the same function (or module) that
// reach the point through the statements before it, with if/elif/else,
// try and loop bodies giving alternatives. It walks only the blocks on
// the way to the point, and skips every statement that does not bind the
// name (a binary search in the scope's binding index), so resolving is
// proportional to the statements of one function.

// resolve evaluates the variable name used at tree index at in scope sc.
// ok is false when nothing binds it where it is used (a global defined
// elsewhere, a builtin).
func (ev *evaluator) resolve(name string, at int, sc *scope) (value, bool) {
	// Bindings read each other (n = a + b; a = b + n ...), across whole
	// loops too (see iteration): without a memory of what was resolved,
	// the work would grow exponentially with the nesting of loops. What
	// resolve gives depends on the name, the point and the evaluator's
	// mode, unless a call is being modelled (the callee's parameters are
	// the call's arguments), a base's methods are read for a subclass (see
	// evaluator.selfClass) or the evaluation stopped at maxEvalDepth.
	if len(ev.calls) > 0 || ev.selfClass != nil {
		return ev.resolveUncached(name, at, sc)
	}
	key := resolveKey{sc, name, at, ev.mode()}
	if r, ok := ev.resolved[key]; ok && ev.fits(r.height) {
		return r.v, r.ok
	}
	var v value
	var ok bool
	height, truncated := ev.measured(func() { v, ok = ev.resolveUncached(name, at, sc) })
	if !truncated {
		if ev.resolved == nil {
			ev.resolved = map[resolveKey]attrResult{}
		}
		ev.resolved[key] = attrResult{v: v, ok: ok, height: height}
	}
	return v, ok
}

// measured runs f and reports how deep below the current depth its
// evaluations went (its height), and whether one stopped at maxEvalDepth
// or read a value still being computed, which makes its result one that
// must not be kept. The evaluator's own flag keeps what it held before or
// gains f's.
func (ev *evaluator) measured(f func()) (height int, truncated bool) {
	savedTruncated, savedReach := ev.truncated, ev.reach
	ev.truncated, ev.reach = false, ev.depth
	f()
	height, truncated = ev.reach-ev.depth, ev.truncated
	ev.truncated, ev.reach = savedTruncated || truncated, max(savedReach, ev.reach)
	return height, truncated
}

// fits reports whether a kept result of the given height (see measured)
// may stand for a fresh evaluation at the current depth: one that would
// have stopped at maxEvalDepth here must be evaluated again (and cut), or
// a template would depend on which raise of the file read the value first.
// A result used raises the reach as its evaluation would have.
func (ev *evaluator) fits(height int) bool {
	if ev.depth+height >= maxEvalDepth {
		return false
	}
	ev.reach = max(ev.reach, ev.depth+height)
	return true
}

// mode packs the evaluator's flags that change what a name resolves to.
func (ev *evaluator) mode() uint8 {
	var m uint8
	for i, b := range [...]bool{ev.iterating, ev.classCtx, ev.formatFor} {
		if b {
			m |= 1 << i
		}
	}
	return m
}

// resolveKey is a name used at a point of a scope in a mode of the
// evaluator (see resolve), or a name and a loop (see iteration).
type resolveKey struct {
	sc   *scope
	name string
	at   int
	mode uint8
}

// maxResolves bounds the variable lookups of one file: the Python
// standard library's most entangled file needs about 550.
const maxResolves = 20000

// resolveUncached is resolve without its memory.
func (ev *evaluator) resolveUncached(name string, at int, sc *scope) (value, bool) {
	if ev.resolves >= maxResolves {
		// Hostile or generated code (texts built from each other in
		// deeply nested loops) may still ask for more than any real
		// file: past the budget a variable is a hole named after it.
		if !ev.exhausted {
			ev.exhausted = true
			where := "at module level"
			if sc.qual != "" {
				where = "in " + sc.qual
			}
			ev.problems = append(ev.problems, fmt.Sprintf("variables resolved as holes after %d lookups, from line %d %s on (the file's code is unusually entangled)",
				maxResolves, ev.fs.tree.At(at).Line(), where))
		}
		return unknown(name, ""), true
	}
	ev.resolves++
	for s, point := sc, at; s != nil; s = s.parent {
		if s.kind == classScope && s != sc {
			continue // class bodies do not enclose their methods' names
		}
		pv, isParam := ev.paramValue(name, s)
		if f := ev.reaching(name, point, s); f.set {
			v := f.v
			if f.partial && isParam {
				// A parameter reassigned on some paths only ("if pos is
				// not None: msg = '%s at position %d' % (msg, pos)")
				// still holds the caller's value on the others.
				v = union(v, pv)
			}
			keep := func(expr string) bool {
				if ev.classCtx {
					return isReference(expr) || strings.HasPrefix(expr, "type(self).") || isKeyReference(expr)
				}
				_, param := paramValue(expr, s)
				if f := formatOf(expr); f != "" && !param {
					// A message parameter formatted (msg =
					// msg.format(*format_args)), which the
					// callers' formats replace.
					_, param = paramValue(f, s)
				}
				return param || isParamRead(expr, s)
			}
			return named(v, name, keep), true
		}
		if isParam {
			return pv, true
		}
		// A closure reads the enclosing function's variables as they are
		// when it runs: all of the enclosing function's assignments. At
		// module level the same holds for functions.
		point = -1
	}
	return value{}, false
}

// paramValue is the value of parameter name of scope sc as the function
// receives it: unknown, named after the parameter.
func paramValue(name string, sc *scope) (value, bool) {
	for _, p := range sc.params {
		if p.name == name {
			v := unknown(name, "")
			if p.kind == paramStar || p.kind == paramDoubleStar {
				v.typ = errdex.HoleAny
			}
			return v, true
		}
	}
	return value{}, false
}

// named makes alternatives that say nothing literal (an unknown value, a
// text made of holes) into a hole named after the variable: "{msg}" is
// more telling than "{compute_message(x, y)}".
//
// A value keep accepts keeps its expression: reading a class for Link, a
// plain reference Link can substitute (a parameter, self.attr, args[0]);
// otherwise a parameter of the function, which the messages its callers
// pass replace (see params.go).
func named(v value, name string, keep func(expr string) bool) value {
	if v.kind == vUnknown {
		if keep(v.expr) {
			return v
		}
		return unknown(name, v.typ)
	}
	if v.kind != vStr {
		return v
	}
	out := v
	out.alts = nil
	for _, a := range v.alts {
		if a.IsOpaque() && !(len(a.Parts) == 1 && keep(a.Parts[0].Expr)) {
			var typ errdex.HoleType
			if len(a.Parts) == 1 {
				typ = a.Parts[0].Type
			}
			a = unknown(name, typ).hole("")
		}
		out.alts = appendAlts(out.alts, a)
	}
	// A None among messages is the "no message yet" of code like
	// msg = None; if ...: msg = "..." and is not what gets raised.
	if len(out.alts) > 1 {
		kept := out.alts[:0:0]
		for _, a := range out.alts {
			if s, ok := literalOnly(a); !ok || s != "None" {
				kept = append(kept, a)
			}
		}
		if len(kept) > 0 {
			out.alts = kept
		}
	}
	return out
}

// flow is the state of the walk: the values that may be bound to the
// name at the current point. set is false until some binding reaches;
// partial is set when some path reaches the point without a binding.
type flow struct {
	v       value
	set     bool
	partial bool
}

func (f flow) join(g flow) flow {
	switch {
	case !f.set && !g.set:
		return f
	case !f.set:
		g.partial = true
		return g
	case !g.set:
		f.partial = true
		return f
	}
	return flow{union(f.v, g.v), true, f.partial || g.partial}
}

// walk holds one resolution: the name, the indexes of its bindings in the
// scope, and the point of use (-1: the end of the scope).
type walk struct {
	ev    *evaluator
	sc    *scope
	name  string
	binds []*binding
	at    int
}

// reaching returns the values the name's bindings in sc give it at point.
func (ev *evaluator) reaching(name string, point int, sc *scope) flow {
	w := walk{ev: ev, sc: sc, name: name, at: point}
	for _, i := range sc.bindingsOf(name) {
		if b := &sc.binds[i]; point < 0 || b.at < point {
			w.binds = append(w.binds, b)
		}
	}
	if len(w.binds) == 0 {
		return flow{}
	}
	f, _ := w.block(sc.body, flow{})
	return f
}

// bindsIn reports whether the subtree of n holds a binding of the name.
func (w *walk) bindsIn(n syntax.Node) bool { return len(w.within(n)) > 0 }

// within returns the bindings of the name in the subtree of n.
func (w *walk) within(n syntax.Node) []*binding {
	lo, hi := n.Index(), n.SkipSubtree()
	k := sort.Search(len(w.binds), func(i int) bool { return w.binds[i].at >= lo })
	j := k
	for j < len(w.binds) && w.binds[j].at < hi {
		j++
	}
	return w.binds[k:j]
}

// contains reports whether the point of use lies in n's subtree.
func (w *walk) contains(n syntax.Node) bool {
	return w.at >= n.Index() && w.at < n.SkipSubtree()
}

// block runs the statements of a block. reached reports that the point
// of use was met, which ends the walk.
func (w *walk) block(b syntax.Node, in flow) (out flow, reached bool) {
	f := in
	for s := b.FirstChild(); !s.IsNull(); s = s.NextSibling() {
		if !s.IsNamed() || s.Kind() == "comment" {
			continue
		}
		if w.at >= 0 && w.contains(s) {
			return w.into(s, f), true
		}
		if w.bindsIn(s) {
			f = w.statement(s, f)
		}
	}
	return f, false
}

// statement applies one statement, which binds the name somewhere inside,
// to the flow.
func (w *walk) statement(s syntax.Node, f flow) flow {
	switch s.Kind() {
	case "if_statement":
		var branches []flow
		exhaustive := false
		for c := s.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			var b syntax.Node
			switch c.Kind() {
			case "block":
				b = c
			case "elif_clause":
				b = c.Child("consequence")
			case "else_clause":
				b = c.Child("body")
				exhaustive = true
			default:
				continue
			}
			if endsInExit(b) {
				// if isinstance(x, str): x = x.lower(); return x: what
				// the branch binds does not reach past the if.
				continue
			}
			g, _ := w.block(b, f)
			branches = append(branches, g)
		}
		if !exhaustive || len(branches) == 0 {
			branches = append(branches, f)
		}
		out := branches[0]
		for _, g := range branches[1:] {
			out = out.join(g)
		}
		return out
	case "for_statement", "while_statement":
		out := f
		if w.bindsIn(s.Child("left")) {
			out = out.join(flow{v: unknown(w.name, ""), set: true})
		}
		body, _ := w.block(s.Child("body"), out)
		out = out.join(body)
		if e := s.Child("alternative"); !e.IsNull() {
			out, _ = w.block(e.Child("body"), out)
		}
		return out
	case "try_statement":
		body, _ := w.block(s.Child("body"), f)
		after := body
		for c := s.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			switch c.Kind() {
			case "except_clause", "except_group_clause":
				g, _ := w.block(lastBlock(c), w.caught(c, f.join(body)))
				after = after.join(g)
			case "else_clause":
				g, _ := w.block(c.Child("body"), body)
				after = after.join(g)
			case "finally_clause":
				after, _ = w.block(lastBlock(c), after)
			}
		}
		return after
	case "with_statement":
		out := f
		if w.bindsIn(s.Child("with_clause")) {
			out = flow{v: unknown(w.name, ""), set: true}
		}
		out, _ = w.block(s.Child("body"), out)
		return out
	case "match_statement":
		out := f
		for c := range s.Child("body").NamedChildren() {
			if c.Kind() == "case_clause" {
				g, _ := w.block(c.Child("consequence"), f)
				out = out.join(g)
			}
		}
		return out
	case "function_definition", "class_definition", "decorated_definition":
		return flow{v: unknown(w.name, ""), set: true}
	}
	// A simple statement: apply its bindings in order.
	for _, b := range w.within(s) {
		switch b.kind {
		case bindAssign:
			f = flow{v: w.ev.eval(b.value, w.sc), set: true}
		case bindAugAdd:
			add := w.ev.eval(b.value, w.sc)
			if f.set && addsText(f.v, add) {
				f = flow{v: concat(f.v, add, w.name), set: true, partial: f.partial}
			} else {
				f = flow{v: unknown(w.name, ""), set: true}
			}
		case bindExcept:
			f = flow{v: unknown(w.name, errdex.HoleError), set: true}
		case bindUnpack:
			f = flow{v: w.ev.unpacked(b, w.sc), set: true}
		case bindListOp:
			if f.set {
				f = flow{v: w.ev.listOp(f.v, b.value, w.name, w.sc), set: true, partial: f.partial}
			} else {
				f = flow{v: unknown(w.name, ""), set: true}
			}
		default:
			f = flow{v: unknown(w.name, ""), set: true}
		}
	}
	return f
}

// into walks into the statement holding the point of use and returns the
// flow there.
func (w *walk) into(s syntax.Node, f flow) flow {
	switch s.Kind() {
	case "if_statement", "for_statement", "while_statement", "with_statement", "match_statement", "try_statement", "case_clause":
	default:
		return w.simpleUpTo(s, f)
	}
	if s.Kind() == "try_statement" {
		body, reached := w.block(s.Child("body"), f)
		if reached {
			return body
		}
		after := body
		for c := s.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			switch c.Kind() {
			case "except_clause", "except_group_clause":
				in := w.caught(c, f.join(body))
				if w.contains(c) {
					g, _ := w.block(lastBlock(c), in)
					return g
				}
				g, _ := w.block(lastBlock(c), in)
				after = after.join(g)
			case "else_clause":
				if w.contains(c) {
					g, _ := w.block(c.Child("body"), body)
					return g
				}
				g, _ := w.block(c.Child("body"), body)
				after = after.join(g)
			case "finally_clause":
				g, _ := w.block(lastBlock(c), after)
				return g
			}
		}
		return after
	}
	// Find the block on the way to the point; the header's bindings (a
	// for target, a with target) come first.
	for c := s.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		if !w.contains(c) {
			if c.Kind() != "block" && !isClause(c) && w.bindsIn(c) {
				f = flow{v: unknown(w.name, ""), set: true}
			}
			continue
		}
		switch {
		case c.Kind() == "block":
			if k := s.Kind(); k == "for_statement" || k == "while_statement" {
				f = w.backEdge(s, f)
			}
			g, _ := w.block(c, f)
			return g
		case c.Kind() == "case_clause" || c.Kind() == "elif_clause" || c.Kind() == "else_clause":
			b := lastBlock(c)
			if k := s.Kind(); c.Kind() == "else_clause" && (k == "for_statement" || k == "while_statement") {
				// A loop's else clause runs once the loop ends, after
				// none or some passes through the body.
				f = w.backEdge(s, f)
			}
			if w.contains(b) {
				g, _ := w.block(b, f)
				return g
			}
			return f
		default:
			// The point is in a header expression (a condition).
			return f
		}
	}
	return f
}

// endsInExit reports whether a block ends by leaving it for good: a return, a
// raise, or a loop's continue or break.
func endsInExit(b syntax.Node) bool {
	last := syntax.Node{}
	for s := b.FirstChild(); !s.IsNull(); s = s.NextSibling() {
		if s.IsNamed() && s.Kind() != "comment" {
			last = s
		}
	}
	switch last.Kind() {
	case "return_statement", "raise_statement", "continue_statement", "break_statement":
		return true
	}
	return false
}

// backEdge joins to f, the flow entering the body of loop, what an
// earlier pass through the body leaves there (see iteration). Paths of
// the body that bind nothing carry f on: when f is set, they leave no
// point unbound.
func (w *walk) backEdge(loop syntax.Node, f flow) flow {
	g := w.iteration(loop)
	if !g.set {
		return f
	}
	set, partial := f.set, f.partial
	f = f.join(g)
	if set {
		f.partial = partial
	}
	return f
}

// iteration returns what one whole pass through the body of loop binds
// the name to, entered with nothing bound: what an earlier iteration
// leaves for a point of use inside the body. Bindings in branches the
// point is not in, and after it, reach it that way: in "for line in f:
// if mo: sectname = ...; else: raise DuplicateOptionError(sectname,
// ...)", sectname is not only the None it starts as. Results are kept
// per loop and name (unless a call is being modelled, see resolve).
func (w *walk) iteration(loop syntax.Node) flow {
	if w.ev.iterating {
		// Values read while one iteration is computed see no back edge
		// of their own: each would walk its loops again, for every
		// variable it reads (n = a + b; a = b + n ...), and the work
		// would grow exponentially with the nesting of loops.
		return flow{}
	}
	key := resolveKey{w.sc, w.name, loop.Index(), w.ev.mode()}
	cache := len(w.ev.calls) == 0 && w.ev.selfClass == nil
	if r, ok := w.ev.iterations[key]; ok && cache && w.ev.fits(r.height) {
		return r.g
	}
	all := walk{ev: w.ev, sc: w.sc, name: w.name, at: -1}
	for _, i := range w.sc.bindingsOf(w.name) {
		if b := &w.sc.binds[i]; b.at >= loop.Index() && b.at < loop.SkipSubtree() {
			all.binds = append(all.binds, b)
		}
	}
	if len(all.binds) == 0 {
		return flow{}
	}
	w.ev.iterating = true
	var g flow
	height, truncated := w.ev.measured(func() { g, _ = all.block(loop.Child("body"), flow{}) })
	w.ev.iterating = false
	if cache && !truncated {
		if w.ev.iterations == nil {
			w.ev.iterations = map[resolveKey]iterResult{}
		}
		w.ev.iterations[key] = iterResult{g: g, height: height}
	}
	return g
}

// iterResult is a loop's iteration kept for a name, with the height of
// its evaluation (see measured).
type iterResult struct {
	g      flow
	height int
}

// simpleUpTo applies the bindings of a simple statement that come before
// the point of use (a walrus before the raise in the same line).
func (w *walk) simpleUpTo(s syntax.Node, f flow) flow {
	for _, b := range w.within(s) {
		if b.at < w.at && b.kind != bindAssign && b.kind != bindAugAdd {
			f = flow{v: unknown(w.name, ""), set: true}
		}
	}
	return f
}

// lastBlock returns the last block child of a clause (an except clause's
// body follows its type expression).
func lastBlock(n syntax.Node) syntax.Node {
	var last syntax.Node
	for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		if c.Kind() == "block" {
			last = c
		}
	}
	if last.IsNull() {
		for _, f := range [...]string{"body", "consequence"} {
			if b := n.Child(f); !b.IsNull() {
				return b
			}
		}
	}
	return last
}

func isClause(n syntax.Node) bool {
	switch n.Kind() {
	case "elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause", "case_clause":
		return true
	}
	return false
}

// caught applies "except E as name" of an except clause, which binds the
// name to the caught exception before the clause's block runs.
func (w *walk) caught(clause syntax.Node, f flow) flow {
	block := lastBlock(clause)
	for _, b := range w.within(clause) {
		if b.kind == bindExcept && b.at < block.Index() {
			return flow{v: unknown(w.name, errdex.HoleError), set: true}
		}
	}
	return f
}

// isKeyReference reports whether expr reads one key of a mapping a name
// holds (kwargs['error_msg']): a format's field filled from **kwargs,
// which Link binds to the keyword the raise passes. A class whose format
// is that field alone ("{error_msg}") says nothing literal of its own.
func isKeyReference(expr string) bool {
	base, index, ok := strings.Cut(expr, "[")
	if !ok || !isReference(base) || strings.Contains(base, "[") {
		return false
	}
	key, ok := strings.CutSuffix(index, "]")
	if !ok || len(key) < 3 {
		return false
	}
	if q := key[0]; (q != '\'' && q != '"') || key[len(key)-1] != q {
		return false
	}
	return !strings.ContainsAny(key[1:len(key)-1], "'\"\\[]")
}

// isReference reports whether an expression is a name, a dotted
// attribute chain, or one of those indexed by an integer ("args[0]").
func isReference(expr string) bool {
	base, index, indexed := strings.Cut(expr, "[")
	if indexed {
		digits, ok := strings.CutSuffix(index, "]")
		if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
			return false
		}
	}
	for _, part := range strings.Split(base, ".") {
		if part == "" || strings.IndexFunc(part, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 ||
			unicode.IsDigit(rune(part[0])) {
			return false
		}
	}
	return true
}
