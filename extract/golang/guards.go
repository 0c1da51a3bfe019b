package golang

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// This file derives the guards of a site from the syntax on the path from
// its function's start to it, as the Python extractor does (see
// extract/python/guards.go). It is purely syntactic: a condition is
// reported as the code checks it, at the line that checks it. The walk
// stops at the enclosing function declaration or function literal.
//
//   - if: the body's condition (kind if); in an else-if chain, the
//     matched condition (kind elif) and the negation of every earlier
//     one (kind elif); in the final else, the negation of every
//     condition of the chain (kind else). A condition "a && b" that holds
//     gives two guards, as does a negated "a || b".
//   - switch: a case clause of a switch with a tag gives "tag == value"
//     (kind match; several values are joined with ||); one of a switch
//     without a tag gives its expression. The default clause gives the
//     negation of the other cases when they have at most maxDefaultCases
//     expressions. A switch with a fallthrough gives none; type switches
//     and selects give none.
//   - early exits: an if statement without else before the site, in the
//     same block or an enclosing one, whose body ends in return (kind
//     early-return) or in continue or break (kind continue) gives its
//     negated condition. One whose body ends in panic, a log.Fatal-like
//     call, goto, or a return of a value that is itself a site is not a
//     guard: the two errors are alternatives, and avoiding one by
//     triggering the other is no fix. A switch on a tag before the site
//     whose every case clause ends in return or continue, without default
//     and with at most maxDefaultCases values, gives the negation of each
//     value (the site runs when no case matched).
//   - a comparison of an error variable with nil (err != nil, e.err ==
//     nil) is left out: it says only that an earlier call failed or
//     succeeded, which the explanation would turn into "make sure err ==
//     nil", and every Go function checks one.
//
// Guards are in source order (outermost first), at most maxGuards, the
// ones nearest the site kept; the build guard is put before them.

const (
	maxGuards        = 8
	maxEarlyExits    = 3  // per block
	maxExitScan      = 40 // statements looked at before the site, per block
	maxGuardNames    = 8
	maxDefaultCases  = 4
	maxGuardDepth    = 64 // enclosing nodes looked at
	guardConditionCh = extract.MaxFactText
)

// siteGuards computes the guards of every site recorded with its node
// (see addSite), in one walk of the file.
func (x *fileCtx) siteGuards() {
	if len(x.siteNodes) == 0 && len(x.callNodes) == 0 {
		return
	}
	var stack []ast.Node
	ast.Inspect(x.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		sites := x.siteNodes[n]
		var cs *callSite
		if c, ok := n.(*ast.CallExpr); ok {
			cs = x.callNodes[c]
		}
		if len(sites) > 0 || cs != nil {
			if gs := x.guardsOf(stack); len(gs) > 0 {
				for _, s := range sites {
					s.Guards = append(slices.Clone(gs), s.Guards...)
				}
				if cs != nil {
					cs.guards = append(slices.Clone(gs), cs.guards...)
				}
			}
		}
		return true
	})
}

// inspectStack calls visit for root and each node below it outside
// function literals, with the path from root to the node, the node last.
func inspectStack(root ast.Node, visit func(stack []ast.Node)) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		visit(stack)
		return true
	})
}

// guardSet collects the guards of one site.
type guardSet struct {
	x      *fileCtx
	guards []errdex.Guard
	// reach is set for the conditions under which the site is reached
	// (see paramConds): an early return counts even when it raises
	// another error.
	reach bool
	// ors are the matched case clauses of several values of a switch on
	// a subject (case a, b:), which no Guard structures: the conditions
	// of branches read them (see fieldConds).
	ors []orGuard
	// binding is set for the conditions under which a binding runs (see
	// bindingGuards): early exits are left out, enclosing loops count.
	binding bool
}

// orGuard is a switch's subject and the values of its matched case
// clause, as written: the subject equals one of them.
type orGuard struct {
	Subject string
	Values  []string
}

// guardsOf returns the guards of the node at the top of stack, the path
// from the file to it.
func (x *fileCtx) guardsOf(stack []ast.Node) []errdex.Guard {
	return x.guardsFrom(stack, false)
}

// guardsFrom is guardsOf, with the early returns that raise another error
// when reach is set (see guardSet).
func (x *fileCtx) guardsFrom(stack []ast.Node, reach bool) []errdex.Guard {
	return x.guardSetFrom(stack, reach).guards
}

// guardSetFrom is guardsFrom with the case clauses of several values
// (see guardSet.ors).
func (x *fileCtx) guardSetFrom(stack []ast.Node, reach bool) *guardSet {
	g := &guardSet{x: x, reach: reach}
	return g.walk(stack)
}

// walk adds the guards of the node at the top of stack.
func (g *guardSet) walk(stack []ast.Node) *guardSet {
	low := max(0, len(stack)-1-maxGuardDepth)
walk:
	for i := len(stack) - 2; i >= low; i-- {
		child := stack[i+1]
		switch a := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			break walk
		case *ast.BlockStmt:
			if !g.binding {
				g.earlyExits(a.List, child)
			}
		case *ast.ForStmt:
			if g.binding && child == a.Body {
				g.loop(a)
			}
		case *ast.RangeStmt:
			if g.binding && child == a.Body {
				g.loop(a)
			}
		case *ast.CaseClause:
			if !g.binding {
				g.earlyExits(a.Body, child)
			}
			if st, ok := child.(ast.Stmt); ok && i >= 2 && slices.Contains(a.Body, st) {
				if sw, ok := stack[i-2].(*ast.SwitchStmt); ok {
					g.caseClause(sw, a)
				}
			}
		case *ast.CommClause:
			if !g.binding {
				g.earlyExits(a.Body, child)
			}
		case *ast.IfStmt:
			switch {
			case child == a.Body:
				preds := ifChain(stack, i)
				kind := "if"
				if len(preds) > 0 {
					kind = "elif"
				}
				for _, p := range preds {
					g.cond(p.Cond, true, nil, "elif", true)
				}
				g.cond(a.Cond, false, nil, kind, false)
			case child == a.Else:
				if _, ok := a.Else.(*ast.BlockStmt); ok {
					for _, p := range ifChain(stack, i) {
						g.cond(p.Cond, true, nil, "else", true)
					}
					g.cond(a.Cond, true, nil, "else", true)
				}
			}
		}
	}
	slices.SortStableFunc(g.guards, func(a, b errdex.Guard) int { return a.Line - b.Line })
	if len(g.guards) > maxGuards {
		g.guards = g.guards[len(g.guards)-maxGuards:]
	}
	return g
}

// ifChain returns the if statements of the else-if chain that stack[i]
// ends, outermost first, without stack[i] itself.
func ifChain(stack []ast.Node, i int) []*ast.IfStmt {
	var out []*ast.IfStmt
	for j := i; j > 0; j-- {
		p, ok := stack[j-1].(*ast.IfStmt)
		if !ok || p.Else != stack[j] {
			break
		}
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// earlyExits adds the guards that the statements before child in list
// give by leaving the block early (see the file comment).
func (g *guardSet) earlyExits(list []ast.Stmt, child ast.Node) {
	i := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child })
	n := 0
	for j := i - 1; j >= 0 && j >= i-maxExitScan && n < maxEarlyExits; j-- {
		if sw, ok := list[j].(*ast.SwitchStmt); ok {
			if kind := g.switchExit(sw); kind != "" {
				for _, c := range sw.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						g.caseExprs(sw.Tag, []ast.Expr{e}, true, kind)
					}
				}
				n++
			}
			continue
		}
		s, ok := list[j].(*ast.IfStmt)
		if !ok || s.Else != nil || s.Body == nil || len(s.Body.List) == 0 {
			continue
		}
		if kind := g.exitKind(s.Body.List[len(s.Body.List)-1]); kind != "" {
			g.cond(s.Cond, true, nil, kind, true)
			n++
		}
	}
}

// exitKind returns the guard kind of a statement that leaves its block,
// or "" for one that does not or that raises another error.
func (g *guardSet) exitKind(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		if !g.reach && g.x.hasSite(s) {
			return ""
		}
		return "early-return"
	case *ast.BranchStmt:
		if s.Tok == token.CONTINUE || s.Tok == token.BREAK {
			return "continue"
		}
	}
	return ""
}

// hasSite reports whether a site, or a helper call Link may make one,
// was recorded at or below n.
func (x *fileCtx) hasSite(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil {
			return false
		}
		if c, ok := m.(*ast.CallExpr); ok && x.callNodes[c] != nil || x.siteNodes[m] != nil {
			found = true
		}
		return !found
	})
	return found
}

// switchExit returns the guard kind of a switch on a tag that leaves the
// block in each of its cases, so that what follows it runs only when no
// case matched (switch e.kind { case a: return x; case b: return y };
// return z): every clause ends in a return or continue (a break leaves
// the switch alone), there is no default and no fallthrough, and at most
// maxDefaultCases values. It returns "" for any other switch.
func (g *guardSet) switchExit(sw *ast.SwitchStmt) string {
	if sw.Tag == nil || sw.Init != nil || sw.Body == nil || len(sw.Body.List) == 0 {
		return ""
	}
	kind, values := "", 0
	for _, s := range sw.Body.List {
		c, ok := s.(*ast.CaseClause)
		if !ok || c.List == nil || len(c.Body) == 0 {
			return ""
		}
		values += len(c.List)
		last := c.Body[len(c.Body)-1]
		if b, ok := last.(*ast.BranchStmt); ok && b.Tok != token.CONTINUE {
			return ""
		}
		if kind = g.exitKind(last); kind == "" {
			return ""
		}
	}
	if values > maxDefaultCases {
		return ""
	}
	return kind
}

// caseClause adds the guards of the case clause cc of switch sw.
func (g *guardSet) caseClause(sw *ast.SwitchStmt, cc *ast.CaseClause) {
	if sw.Body == nil {
		return
	}
	for _, s := range sw.Body.List {
		c, ok := s.(*ast.CaseClause)
		if !ok {
			return
		}
		if k := len(c.Body); k > 0 {
			if b, ok := c.Body[k-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				return
			}
		}
	}
	if cc.List != nil {
		g.caseExprs(sw.Tag, cc.List, false, "match")
		return
	}
	var others []ast.Expr
	for _, s := range sw.Body.List {
		if c := s.(*ast.CaseClause); c != cc {
			others = append(others, c.List...)
		}
	}
	if len(others) == 0 || len(others) > maxDefaultCases {
		return
	}
	for _, e := range others {
		g.caseExprs(sw.Tag, []ast.Expr{e}, true, "match")
	}
}

// caseExprs adds the guard, of the given kind, that one of the case
// expressions list matches (or, when neg, that the one expression does
// not).
func (g *guardSet) caseExprs(tag ast.Expr, list []ast.Expr, neg bool, kind string) {
	if tag == nil {
		if len(list) == 1 {
			g.cond(list[0], neg, nil, kind, neg)
			return
		}
		var parts []string
		for _, e := range list {
			parts = append(parts, g.x.text(e))
		}
		text := oneLine(strings.Join(parts, " || "))
		g.add(errdex.Guard{Condition: text, Source: text, Kind: kind, Line: g.x.line(list[0]),
			Names: g.x.names(list...)})
		return
	}
	t := g.x.text(tag)
	if t == "" {
		return
	}
	var parts []string
	for _, e := range list {
		parts = append(parts, t+" == "+g.x.text(e))
	}
	source := oneLine(strings.Join(parts, " || "))
	gd := errdex.Guard{Condition: source, Source: source, Kind: kind, Line: g.x.line(list[0]),
		Names: g.x.names(append([]ast.Expr{tag}, list...)...)}
	if len(list) > 1 && !neg && isSubject(ast.Unparen(tag)) {
		or := orGuard{Subject: oneLine(t)}
		for _, e := range list {
			if e = ast.Unparen(e); !isConstExpr(e) && !isChain(e) {
				or.Values = nil
				break
			}
			or.Values = append(or.Values, oneLine(g.x.text(e)))
		}
		if or.Values != nil {
			g.ors = append(g.ors, or)
		}
	}
	if len(list) == 1 {
		bin := &ast.BinaryExpr{X: tag, Op: token.EQL, Y: list[0], OpPos: list[0].Pos()}
		gd.Subject, gd.Op, gd.Value = g.x.structure(bin, neg)
		if neg {
			gd.Condition, gd.Negated = oneLine(t+" != "+g.x.text(list[0])), true
		}
	}
	g.add(gd)
}

func (g *guardSet) add(gd errdex.Guard) {
	if gd.Condition != "" {
		g.guards = append(g.guards, gd)
	}
}

// cond adds the guards for condition e holding (neg false) or failing
// (neg true). It splits conjunctions that hold and disjunctions that fail
// into their parts, and goes through "!" and parentheses. written is the
// outermost expression the current part was reached through, for Source;
// negated says whether the construct negates what the code wrote.
func (g *guardSet) cond(e ast.Expr, neg bool, written ast.Expr, kind string, negated bool) {
	if e == nil {
		return
	}
	if written == nil {
		written = e
	}
	m := ast.Unparen(e)
	switch m := m.(type) {
	case *ast.UnaryExpr:
		if m.Op == token.NOT {
			g.cond(m.X, !neg, written, kind, negated)
			return
		}
	case *ast.BinaryExpr:
		if m.Op == token.LAND && !neg || m.Op == token.LOR && neg {
			g.cond(m.X, neg, nil, kind, negated)
			g.cond(m.Y, neg, nil, kind, negated)
			return
		}
	}
	if isErrNilCheck(m) {
		return
	}
	gd := errdex.Guard{Source: oneLine(g.x.text(written)), Negated: negated, Kind: kind, Line: g.x.line(m)}
	gd.Condition = g.x.render(m, neg)
	gd.Subject, gd.Op, gd.Value = g.x.structure(m, neg)
	gd.Names = g.x.names(m)
	g.add(gd)
}

// isErrNilCheck reports whether m compares an error variable (err,
// readErr, s.err) with nil.
func isErrNilCheck(m ast.Expr) bool {
	b, ok := m.(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	l, r := ast.Unparen(b.X), ast.Unparen(b.Y)
	if id, ok := l.(*ast.Ident); ok && id.Name == "nil" {
		l, r = r, l
	}
	if id, ok := r.(*ast.Ident); !ok || id.Name != "nil" {
		return false
	}
	name := lastName(l)
	return name == "err" || strings.HasSuffix(name, "Err") || strings.HasSuffix(name, "err") || isErrName(name)
}

// lastName is the name of an identifier or the selected name of a
// selector (x.y.err → err), "" for other expressions.
func lastName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

func (x *fileCtx) line(n ast.Node) int {
	if !n.Pos().IsValid() {
		return 0
	}
	return x.tf.Line(n.Pos())
}

// negatedOps maps a comparison operator to its negation.
var negatedOps = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// mirroredOps maps an operator to the one that holds with its operands
// swapped (0 < x is x > 0).
var mirroredOps = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ, token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

// render writes the condition m (negated when neg) as source text.
func (x *fileCtx) render(m ast.Expr, neg bool) string {
	text := oneLine(x.text(m))
	if !neg || text == "" {
		return text
	}
	if b, ok := m.(*ast.BinaryExpr); ok {
		if op, ok := negatedOps[b.Op]; ok {
			return oneLine(x.text(b.X) + " " + op.String() + " " + x.text(b.Y))
		}
	}
	switch m.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.IndexListExpr:
		return "!" + text
	}
	return "!(" + text + ")"
}

// structure gives the condition's structured form when it compares one
// variable (a name, a selector chain, a call of one without arguments, or
// len or cap of one) with a constant or another variable (the subject is
// the left one, unless only the right one is a variable).
func (x *fileCtx) structure(m ast.Expr, neg bool) (subject, op, value string) {
	b, ok := m.(*ast.BinaryExpr)
	if !ok {
		return "", "", ""
	}
	o, ok := mirroredOps[b.Op]
	if !ok {
		return "", "", ""
	}
	l, r, o := ast.Unparen(b.X), ast.Unparen(b.Y), b.Op
	if isConstExpr(l) && isSubject(r) {
		l, r, o = r, l, mirroredOps[o]
	}
	if !isSubject(l) || !isConstExpr(r) && !isChain(r) {
		return "", "", ""
	}
	if neg {
		o = negatedOps[o]
	}
	return oneLine(x.text(l)), o.String(), oneLine(x.text(r))
}

// isChain reports whether e is a name or a selector chain of names.
func isChain(e ast.Expr) bool {
	for {
		switch v := e.(type) {
		case *ast.Ident:
			return v.Name != "nil" && v.Name != "true" && v.Name != "false"
		case *ast.SelectorExpr:
			e = v.X
		default:
			return false
		}
	}
}

// isSubject reports whether e can be the subject of a structured
// condition: a chain, a call of one without arguments, or len or cap of
// a chain.
func isSubject(e ast.Expr) bool {
	if isChain(e) {
		return true
	}
	c, ok := e.(*ast.CallExpr)
	if !ok || !isChain(c.Fun) {
		return false
	}
	if len(c.Args) == 0 {
		return true
	}
	if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "len" || id.Name == "cap") && len(c.Args) == 1 {
		return isChain(ast.Unparen(c.Args[0]))
	}
	return false
}

// isConstExpr reports whether e is a literal: a basic literal (signed),
// nil, true or false.
func isConstExpr(e ast.Expr) bool {
	switch v := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return v.Name == "nil" || v.Name == "true" || v.Name == "false"
	case *ast.UnaryExpr:
		return (v.Op == token.SUB || v.Op == token.ADD) && isConstExpr(v.X)
	}
	return false
}

// guardBuiltins are predeclared names a condition reads that are never
// the variables a reader wants traced (the functions it calls, len and
// the conversions included, are left out anyway).
var guardBuiltins = setOf("nil", "true", "false", "iota")

// names returns the variables and selector chains the expressions read,
// without the functions they call, the packages they name and the
// predeclared names, in order, at most maxGuardNames.
func (x *fileCtx) names(es ...ast.Expr) []string {
	var out []string
	addName := func(s string) {
		if len(out) < maxGuardNames && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch v := n.(type) {
		case *ast.FuncLit, *ast.CompositeLit:
			return false
		case *ast.CallExpr:
			switch f := ast.Unparen(v.Fun).(type) {
			case *ast.SelectorExpr:
				// A method's receiver is read; a package is not.
				if id, ok := f.X.(*ast.Ident); !ok || x.imports[id.Name] == "" {
					ast.Inspect(f.X, visit)
				}
			case *ast.Ident:
			default:
				ast.Inspect(f, visit)
			}
			for _, a := range v.Args {
				ast.Inspect(a, visit)
			}
			return false
		case *ast.SelectorExpr:
			if isChain(v) {
				addName(oneLine(x.text(v)))
				return false
			}
		case *ast.Ident:
			if !guardBuiltins[v.Name] && v.Name != "_" {
				addName(v.Name)
			}
			return false
		}
		return true
	}
	for _, e := range es {
		if e != nil {
			ast.Inspect(e, visit)
		}
	}
	return out
}

// oneLine collapses the white space of a source text and cuts it at
// extract.MaxFactText bytes.
func oneLine(s string) string { return clip(s, guardConditionCh) }
