package golang

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/errdex/errdex"
)

// funcInfo is what variable resolution needs to know about a function:
// declared types, the names declared anywhere in it, the
// names it changes, and the values of its variables before statements
// already walked.
type funcInfo struct {
	types map[string]ast.Expr
	// locals are the names declared in the function: parameters, results,
	// :=, var and const, range variables, closures' parameters.
	locals map[string]bool
	// consts are the names of the function's local constants.
	consts map[string]bool
	// modified are the names assigned, declared or incremented in the
	// body, or whose address is taken: a condition on them is not known to
	// hold twice.
	modified map[string]bool
	// reassigned are the modified names a change replaces as a whole (x =,
	// x++, &x, a declaration), not only through a field, element or
	// pointer (x.f = v): a walk for one of the others finds only what it
	// starts with (see resolveVar).
	reassigned map[string]bool
	// before holds, for a variable name, the values flowing into a
	// statement of a statement list, as a walk found them: a later use
	// after it starts there (see walker.list).
	before map[flowKey]flow
	// escapes holds, for a name whose address is taken (&x) or that a
	// function literal not called in place assigns, the first position
	// from which that may change it: the escape itself, or the start of
	// the outermost loop around it (a later iteration runs it again).
	// The walk does not see such changes, so a use past it is a value.
	escapes map[string]token.Pos
	// litDecls memoises the names each function literal declares (see
	// declaredIn).
	litDecls map[*ast.FuncLit]map[string]bool
}

type flowKey struct {
	st   ast.Stmt
	name string
}

// infoOf returns the function's funcInfo, built on first use.
func (fn *funcCtx) infoOf() *funcInfo {
	if fn.info == nil {
		fn.info = buildFuncInfo(fn.ftype, fn.body)
	}
	return fn.info
}

func buildFuncInfo(ft *ast.FuncType, body *ast.BlockStmt) *funcInfo {
	info := &funcInfo{types: map[string]ast.Expr{}, locals: map[string]bool{}, consts: map[string]bool{},
		modified: map[string]bool{}, reassigned: map[string]bool{}, before: map[flowKey]flow{}, escapes: map[string]token.Pos{}}
	if ft != nil {
		info.fields(ft.Params)
		info.fields(ft.Results)
	}
	if body == nil {
		return info
	}
	var stack []ast.Node // the nodes enclosing the one visited
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				info.modify(l, n.Tok == token.DEFINE)
				if n.Tok != token.DEFINE {
					info.escapeIn(l, stack, false)
				} else if id, ok := l.(*ast.Ident); ok && len(n.Lhs) == len(n.Rhs) {
					if t := newBuilderType(n.Rhs[i]); t != nil {
						info.types[id.Name] = t
					} else if cl := compositeLit(n.Rhs[i]); cl != nil {
						info.types[id.Name] = cl.Type // p := &parser{}
					}
				}
			}
		case *ast.IncDecStmt:
			info.modify(n.X, false)
			info.escapeIn(n.X, stack, false)
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if e != nil {
					info.modify(e, n.Tok == token.DEFINE)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && !isFprintDest(stack, n) {
				info.modify(n.X, false)
				info.escapeIn(n.X, stack, true)
			}
		case *ast.GenDecl:
			for _, spec := range n.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && n.Tok == token.CONST {
					for _, id := range vs.Names {
						info.consts[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if n.Type != nil {
					info.types[id.Name] = n.Type
				}
				info.locals[id.Name] = true
				info.modified[id.Name] = true
				info.reassigned[id.Name] = true
			}
		case *ast.FuncLit:
			info.fields(n.Type.Params)
			info.fields(n.Type.Results)
		}
		stack = append(stack, n) // enclosing the nodes below, not n itself
		return true
	})
	return info
}

// fields records a parameter or result list.
func (info *funcInfo) fields(fl *ast.FieldList) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			info.types[n.Name] = f.Type
			info.locals[n.Name] = true
		}
	}
}

// escapeIn records in escapes the variable e names when its address is
// taken (addr) or when a function literal of stack (the nodes enclosing
// e, outermost first) assigns it without declaring it; a function
// literal called in place (func() { ... }()) or deferred runs where the
// walk sees it. A field, element or pointee of x changes no string x.
func (info *funcInfo) escapeIn(e ast.Expr, stack []ast.Node, addr bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	inLit := false
	for i, n := range stack {
		lit, ok := n.(*ast.FuncLit)
		if !ok || inPlace(stack[:i], lit) {
			continue
		}
		if info.declaredIn(lit)[id.Name] {
			return // a variable of the literal's own
		}
		inLit = true
	}
	if !addr && !inLit {
		return
	}
	from := id.Pos()
	for _, n := range stack {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			from = min(from, n.Pos())
		}
	}
	if p, ok := info.escapes[id.Name]; !ok || from < p {
		info.escapes[id.Name] = from
	}
}

// inPlace reports whether lit, enclosed by the nodes of outer (outermost
// first), runs where the walk sees it: called at once (func() { ... }())
// or deferred (defer func() { ... }(), which runs on the way out), not
// by a go statement.
func inPlace(outer []ast.Node, lit *ast.FuncLit) bool {
	n := len(outer)
	if n == 0 {
		return false
	}
	if call, ok := outer[n-1].(*ast.CallExpr); !ok || call.Fun != lit {
		return false
	}
	if n > 1 {
		if _, ok := outer[n-2].(*ast.GoStmt); ok {
			return false
		}
	}
	return true
}

// declaredIn returns the names a function literal declares (see
// addDeclared). It is computed once for each literal: escapeIn asks for
// every assignment in it.
func (info *funcInfo) declaredIn(lit *ast.FuncLit) map[string]bool {
	if names, ok := info.litDecls[lit]; ok {
		return names
	}
	names := map[string]bool{}
	addDeclared(lit, names)
	if info.litDecls == nil {
		info.litDecls = map[*ast.FuncLit]map[string]bool{}
	}
	info.litDecls[lit] = names
	return names
}

// addDeclared adds to names those a function (or anything in it)
// declares: parameters and results, :=, var, range variables.
func addDeclared(n ast.Node, names map[string]bool) {
	idents := func(es ...ast.Expr) {
		for _, e := range es {
			if id, ok := e.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType:
			for _, fl := range []*ast.FieldList{n.Params, n.Results} {
				if fl != nil {
					for _, f := range fl.List {
						for _, id := range f.Names {
							names[id.Name] = true
						}
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				idents(n.Lhs...)
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				idents(n.Key, n.Value)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				names[id.Name] = true
			}
		}
		return true
	})
}

// modify records the variable an assignment to e changes (x in x, x.f,
// x[i], *x); declare says it is declared there.
func (info *funcInfo) modify(e ast.Expr, declare bool) {
	whole := true // no field, element or pointer of x
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			e, whole = x.X, false
		case *ast.IndexExpr:
			e, whole = x.X, false
		case *ast.StarExpr:
			e, whole = x.X, false
		case *ast.Ident:
			info.modified[x.Name] = true
			if whole {
				info.reassigned[x.Name] = true
			}
			if declare {
				info.locals[x.Name] = true
			}
			return
		default:
			return
		}
	}
}

// The values of one variable name are found by walking the function's
// statements in order, as a small abstract interpretation: a sequence
// composes (x = a; x += b is a+b), an if joins the values after each
// branch (or after the branch and before it, without an else), a switch
// or select joins its cases (and the values before it, for a switch
// without default), a loop joins the values before it with one pass of
// its body, and a branch that returns, panics or jumps does not flow on
// (its break and continue reach the end of their loop). A use reads the
// values flowing into its statement: in an assignment's own right-hand
// side, the values from before.

// fact is a condition known on the path that gave a value: the
// condition's text and whether it held. Conditions on names the function
// never changes (e.Source != nil) hold twice the same way, so a second if
// on the same condition takes the branch the first took.
type fact struct {
	cond string
	val  bool
	// e is the if statement's condition that gave the fact, and held
	// whether it held on the path (see receiverConds).
	e    ast.Expr
	held bool
}

// alt is one value the variable may hold, with the facts of its path.
type alt struct {
	t     errdex.Template
	facts []fact
}

func (a alt) fact(cond string) (val, ok bool) {
	for _, f := range a.facts {
		if f.cond == cond {
			return f.val, true
		}
	}
	return false, false
}

// binding is one declaration of the name in scope and its values.
type binding struct {
	scope ast.Node
	alts  []alt
	// numeric says the variable holds a number (n := 0, n := len(s)):
	// n += k adds, it does not append.
	numeric bool
}

// flow is what reaches a point of the function: the declarations of the
// name in scope, innermost last. A flow that is not live reaches nothing
// (after a return).
type flow struct {
	live  bool
	binds []binding
}

// truncate leaves the bindings declared before the n-th.
func (f flow) truncate(n int) flow {
	if f.live && len(f.binds) > n {
		f.binds = f.binds[:n:n]
	}
	return f
}

// target is a statement break or continue leave: a loop, a switch or a
// select, with the flows that jumped to it.
type target struct {
	label          string
	loop           bool
	mark           int // bindings in scope at the statement
	breaks, conts  []flow
	fall           flow // the flow of a case ending in fallthrough
	hasFallthrough bool
}

// walker finds the values of the variable a use names.
type walker struct {
	s       scope
	info    *funcInfo
	id      *ast.Ident // the use
	depth   int
	cur     ast.Node // the innermost scope
	targets []*target
	rets    *[]flow // the returns of a closure called in place
	label   string  // the label of the statement about to be walked
	found   bool    // the walk reached the use
	aborted bool    // the walk ran out of steps, or cannot see the changes
	at      flow    // the flow into the use
	// joinSep is the separator when the walk follows a slice of strings
	// that strings.Join reads (see joinTmpl), nil otherwise.
	joinSep *string
}

// resolveVar returns the messages a local variable can hold where id uses
// it, by walking the function's statements up to the use. It reports
// false for names that are not local variables there.
func (s scope) resolveVar(id *ast.Ident, depth int) ([]errdex.Template, bool) {
	if fn := s.fn; fn != nil && fn.body != nil && fn.ftype != nil && id.Name != "_" &&
		!fn.infoOf().reassigned[id.Name] && isParam(fn.ftype, id.Name) {
		// A parameter nothing assigns holds what the caller passed
		// wherever it is read: the walk would find only that. So does
		// one changed only through its fields or elements (v.Op = op in
		// cmd/compile's rewrite rules), which the walk does not follow.
		w := &walker{s: s, info: fn.infoOf(), id: id}
		return w.finish(id, nil), true
	}
	w := s.walkTo(id, depth)
	switch {
	case w == nil:
		return nil, false
	case !w.found || w.aborted || !w.at.live:
		// Not followed there (dead code, too much work): a value.
		return w.finish(id, []alt{{t: one(s.hole(id, errdex.HoleAny))[0]}}), true
	case len(w.at.binds) == 0:
		return nil, false
	}
	return w.finish(id, w.at.binds[len(w.at.binds)-1].alts), true
}

// varAlts returns the values a local variable may hold where id uses it,
// each with the facts of its path (see resolveVar); nil when the walk did
// not follow them there.
func (s scope) varAlts(id *ast.Ident, depth int) []alt {
	w := s.walkTo(id, depth)
	if w == nil || !w.found || w.aborted || !w.at.live || len(w.at.binds) == 0 {
		return nil
	}
	return w.at.binds[len(w.at.binds)-1].alts
}

// walkTo walks the function's statements up to id, a use of a local
// variable; nil when id names none.
func (s scope) walkTo(id *ast.Ident, depth int) *walker {
	return s.walkJoined(id, depth, nil)
}

// walkJoined is walkTo for a slice whose elements strings.Join joins with
// *join, or for any variable when join is nil.
func (s scope) walkJoined(id *ast.Ident, depth int, join *string) *walker {
	fn := s.fn
	if fn == nil || fn.body == nil {
		return nil
	}
	info := fn.infoOf()
	if !info.locals[id.Name] {
		return nil
	}
	w := &walker{s: s, info: info, id: id, depth: depth, cur: fn.body, joinSep: join}
	if p, ok := info.escapes[id.Name]; ok && p < id.Pos() {
		// Changed where the walk does not look (through a pointer, in a
		// closure) before the use: a value.
		w.found, w.aborted = true, true
		return w
	}
	in := flow{live: true}
	if fn.ftype != nil {
		in = w.fields(in, fn.ftype.Params, false)
		in = w.fields(in, fn.ftype.Results, true)
	}
	w.list(fn.body.List, in)
	return w
}

// finish turns the values at a use of id into its messages.
func (w *walker) finish(id *ast.Ident, alts []alt) []errdex.Template {
	s := w.s
	if len(alts) == 0 {
		alts = []alt{{t: one(s.hole(id, errdex.HoleAny))[0]}}
	}
	ts := make([]errdex.Template, len(alts))
	for i, a := range alts {
		ts[i] = a.t
	}
	ts = dedupeEmpty(ts, maxAlternatives, w.stringVar(id))
	if len(ts) == 1 && ts[0].IsEmpty() {
		// Only the zero value is seen: the variable is set elsewhere
		// (through a pointer, in a closure).
		ts = one(s.hole(id, errdex.HoleAny))
	}
	if len(ts) == 1 && isSingleHole(ts[0]) {
		// An opaque value: name it after the variable, keep what it holds.
		p := ts[0].Parts[0]
		p.Hole = id.Name
		if p.Type == errdex.HoleAny {
			p.Type = s.typeOf(id)
		}
		return one(p)
	}
	return ts
}

// stringVar reports whether an empty value of id is the empty string, a
// piece of a message left out (where := ""; var where string): id is
// declared without a type or with type string. The zero value of
// another type (var n int) prints otherwise, and is not known here.
func (w *walker) stringVar(id *ast.Ident) bool {
	t, ok := w.info.types[id.Name]
	if !ok {
		return true
	}
	name, ok := t.(*ast.Ident)
	return ok && name.Name == "string"
}

// contains reports whether the use is inside n.
func (w *walker) contains(n ast.Node) bool {
	return n != nil && n.Pos() <= w.id.Pos() && w.id.Pos() < n.End()
}

// reach ends the walk at the node holding the use: the flow into it, or
// into the closure inside it that holds the use.
func (w *walker) reach(n ast.Node, in flow) {
	var lit *ast.FuncLit
	ast.Inspect(n, func(m ast.Node) bool {
		if lit != nil || m == nil || !w.contains(m) {
			return false
		}
		lit, _ = m.(*ast.FuncLit)
		return lit == nil
	})
	if lit != nil && in.live {
		w.closure(lit, in)
	}
	if !w.found {
		w.found, w.at = true, in
	}
}

// list walks a statement list. A use past a statement already walked
// for this name starts from the values flowing into it.
func (w *walker) list(list []ast.Stmt, in flow) flow {
	start := 0
	for i := len(list) - 1; i > 0 && w.joinSep == nil; i-- {
		if list[i].Pos() > w.id.Pos() {
			continue
		}
		if f, ok := w.info.before[flowKey{list[i], w.id.Name}]; ok {
			start, in = i, f
			break
		}
	}
	for i, st := range list[start:] {
		if w.found {
			break
		}
		if !w.aborted && start+i > 0 && w.joinSep == nil {
			// The flow into the first statement is never looked up: a
			// walk reaching it starts there anyway.
			w.info.before[flowKey{st, w.id.Name}] = in
		}
		in = w.stmt(st, in)
	}
	return in
}

// scoped walks a statement that opens a scope: the names it declares go
// out of scope after it.
func (w *walker) scoped(n ast.Node, in flow, body func(flow) flow) flow {
	outer, mark := w.cur, len(in.binds)
	w.cur = n
	out := body(in)
	w.cur = outer
	return out.truncate(mark)
}

func (w *walker) stmt(st ast.Stmt, in flow) flow {
	label := w.label
	w.label = ""
	if w.found {
		return in
	}
	if w.s.x.steps++; w.s.x.steps > maxSteps {
		w.found, w.aborted = true, true
		return flow{}
	}
	if !in.live {
		if w.contains(st) {
			w.found, w.at = true, in
		}
		return in
	}
	switch st := st.(type) {
	case *ast.LabeledStmt:
		w.label = st.Label.Name
		return w.stmt(st.Stmt, in)
	case *ast.BlockStmt:
		return w.scoped(st, in, func(in flow) flow { return w.list(st.List, in) })
	case *ast.ExprStmt:
		if w.contains(st) {
			w.reach(st, in)
			return in
		}
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
			if lit, ok := call.Fun.(*ast.FuncLit); ok {
				return w.closure(lit, in)
			}
			if ts, ok := w.builderWrite(call, in); ok {
				return w.appendTo(in, ts)
			}
			if w.exits(call) {
				return flow{}
			}
		}
		return in
	case *ast.AssignStmt:
		if w.contains(st) {
			w.reach(st, in)
			return in
		}
		return w.assign(st, in)
	case *ast.DeclStmt:
		return w.decl(st, in)
	case *ast.ReturnStmt:
		if w.contains(st) {
			w.reach(st, in)
		} else if w.rets != nil {
			*w.rets = append(*w.rets, in)
		}
		return flow{}
	case *ast.BranchStmt:
		w.branch(st, in)
		return flow{}
	case *ast.IfStmt:
		return w.scoped(st, in, func(in flow) flow {
			if in = w.header(st.Init, st.Cond, in); w.found {
				return in
			}
			a, b := w.branches(st.Cond, in)
			if a = w.stmt(st.Body, a); w.found {
				return a
			}
			if st.Else == nil {
				// The values from before first: source order.
				return w.join(b, a)
			}
			if b = w.stmt(st.Else, b); w.found {
				return b
			}
			return w.join(a, b)
		})
	case *ast.ForStmt:
		return w.scoped(st, in, func(in flow) flow { return w.forStmt(st, label, in) })
	case *ast.RangeStmt:
		return w.scoped(st, in, func(in flow) flow { return w.rangeStmt(st, label, in) })
	case *ast.SwitchStmt:
		return w.scoped(st, in, func(in flow) flow {
			if in = w.header(st.Init, st.Tag, in); w.found {
				return in
			}
			return w.cases(st.Body, label, in, "", st.Tag)
		})
	case *ast.TypeSwitchStmt:
		return w.scoped(st, in, func(in flow) flow {
			if in = w.header(st.Init, st.Assign, in); w.found {
				return in
			}
			bound := ""
			if a, ok := st.Assign.(*ast.AssignStmt); ok && len(a.Lhs) == 1 {
				if id, ok := a.Lhs[0].(*ast.Ident); ok {
					bound = id.Name
				}
			}
			return w.cases(st.Body, label, in, bound, nil)
		})
	case *ast.SelectStmt:
		return w.selectStmt(st, label, in)
	}
	if w.contains(st) {
		w.reach(st, in)
		return in
	}
	if st, ok := st.(*ast.IncDecStmt); ok && w.names(st.X) {
		return w.set(in, w.opaque()) // a number, no longer the one it was
	}
	// Sends, go and defer statements leave a string alone.
	return in
}

// names reports whether e is the name the walk follows.
func (w *walker) names(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == w.id.Name
}

// header walks the init statement of an if, for or switch and ends the
// walk when the use is in its condition or tag e.
func (w *walker) header(init ast.Stmt, e ast.Node, in flow) flow {
	if in = w.stmtOpt(init, in); !w.found && w.contains(e) {
		w.reach(e, in)
	}
	return in
}

// stmtOpt walks st when there is one.
func (w *walker) stmtOpt(st ast.Stmt, in flow) flow {
	if st == nil {
		return in
	}
	return w.stmt(st, in)
}

// exits reports whether a call does not return: panic, os.Exit,
// log.Fatal and log.Panic.
func (w *walker) exits(call *ast.CallExpr) bool {
	if isPanic(call) {
		return true
	}
	name, recv := calleeName(call)
	switch w.s.x.imports[recv] {
	case "os":
		return name == "Exit"
	case "log":
		return len(name) >= 5 && (name[:5] == "Fatal" || name[:5] == "Panic")
	}
	return false
}

// closure walks the body of a function literal from the flow where it is
// defined (a use inside it) or called in place (func() { ... }()): the
// flow after it joins its end and its returns.
func (w *walker) closure(lit *ast.FuncLit, in flow) flow {
	targets, rets := w.targets, w.rets
	var returned []flow
	w.targets, w.rets = nil, &returned
	out := w.scoped(lit, in, func(in flow) flow {
		in = w.fields(in, lit.Type.Params, false)
		in = w.fields(in, lit.Type.Results, true)
		return w.list(lit.Body.List, in)
	})
	w.targets, w.rets = targets, rets
	for _, r := range returned {
		out = w.join(out, r.truncate(len(in.binds)))
	}
	return out
}

// fields declares the name when a parameter list (a value from callers)
// or a result list (the zero value) has it.
func (w *walker) fields(in flow, fl *ast.FieldList, zero bool) flow {
	if fl == nil {
		return in
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			if n.Name != w.id.Name {
				continue
			}
			if zero {
				in = w.declare(in, one())
			} else {
				in = w.declare(in, w.opaque())
			}
		}
	}
	return in
}

// opaque is a value the walk cannot see: a hole.
func (w *walker) opaque() []errdex.Template {
	return one(w.s.hole(w.id, errdex.HoleAny))
}

// value evaluates an expression assigned to the name, where uses of the
// name read the flow before the assignment.
func (w *walker) value(e ast.Expr, in flow) []errdex.Template {
	if newBuilderType(e) != nil {
		return one() // an empty strings.Builder: writes append to it
	}
	if ts, ok := w.joinedLiteral(e, in); ok {
		return ts
	}
	if in.live && len(in.binds) > 0 {
		// Resolve the uses of the name in e now, from this flow, rather
		// than by walking again up to each.
		alts := in.binds[len(in.binds)-1].alts
		nameUses(e, func(n *ast.Ident) {
			if _, ok := w.s.x.memo[n]; !ok && n.Name == w.id.Name {
				w.s.x.memo[n] = w.finish(n, alts)
			}
		})
	}
	return w.s.tmpl(e, w.depth+1)
}

// nameUses calls visit for each identifier of e that names a variable
// or constant, outside function literals: not a selected field or
// method (x.f) or a key of a composite literal.
func nameUses(e ast.Expr, visit func(*ast.Ident)) {
	fields := map[*ast.Ident]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			fields[n.Sel] = true
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok {
				fields[k] = true
			}
		case *ast.Ident:
			if !fields[n] {
				visit(n)
			}
		}
		return true
	})
}

func (w *walker) assign(st *ast.AssignStmt, in flow) flow {
	if elems, ok := w.joinedAppend(st); ok {
		return w.appendJoined(in, elems)
	}
	out := in
	for i, l := range st.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name != w.id.Name {
			continue
		}
		var ts []errdex.Template
		add := false
		switch {
		case st.Tok == token.ADD_ASSIGN && len(st.Rhs) == 1 && !w.numeric(in, st.Rhs[0]):
			ts, add = w.value(st.Rhs[0], in), true
		case st.Tok != token.ASSIGN && st.Tok != token.DEFINE:
			ts = w.opaque() // x -= 1 and friends, n += k: not a message
		case len(st.Lhs) == len(st.Rhs):
			ts = w.value(st.Rhs[i], in)
		case i == 0 && len(st.Lhs) == 2 && len(st.Rhs) == 1 && isIndex(st.Rhs[0]):
			ts = w.value(st.Rhs[0], in) // v, ok := m[k]: v is the element
		default:
			ts = w.opaque() // a multi-value call
		}
		switch {
		case add:
			out = w.appendTo(out, ts)
		case st.Tok == token.DEFINE && (len(out.binds) == 0 || out.binds[len(out.binds)-1].scope != w.cur):
			out = w.declare(out, ts)
			if len(st.Lhs) == len(st.Rhs) {
				out.binds[len(out.binds)-1].numeric = w.isNumber(st.Rhs[i])
			}
		default:
			out = w.set(out, ts)
		}
	}
	return out
}

func (w *walker) decl(st *ast.DeclStmt, in flow) flow {
	gd, ok := st.Decl.(*ast.GenDecl)
	if !ok || (gd.Tok != token.VAR && gd.Tok != token.CONST) {
		if w.contains(st) {
			w.reach(st, in)
		}
		return in
	}
	for _, spec := range gd.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok {
			continue
		}
		if w.contains(vs) {
			w.reach(vs, in)
			return in
		}
		out := in
		for i, id := range vs.Names {
			if id.Name != w.id.Name {
				continue
			}
			var ts []errdex.Template
			switch {
			case len(vs.Values) == len(vs.Names):
				ts = w.value(vs.Values[i], in)
			case len(vs.Values) == 0 && gd.Tok == token.VAR:
				ts = one() // the zero value, "" for a string
			default:
				ts = w.opaque()
			}
			out = w.declare(out, ts)
			if len(vs.Values) == len(vs.Names) && vs.Type == nil {
				out.binds[len(out.binds)-1].numeric = w.isNumber(vs.Values[i])
			}
		}
		in = out
	}
	return in
}

// numeric reports whether x += e adds numbers: the variable is declared
// with a numeric type or bound to a number, or e is a number.
func (w *walker) numeric(in flow, e ast.Expr) bool {
	if len(in.binds) > 0 && in.binds[len(in.binds)-1].numeric {
		return true
	}
	return w.isNumber(w.id) || w.isNumber(e)
}

// isNumber reports whether e is known to be a number (see
// scope.isNumber).
func (w *walker) isNumber(e ast.Expr) bool { return w.s.isNumber(e) }

// commonFacts are the facts all values of the innermost binding share:
// those of the path, whatever the value.
func commonFacts(in flow) []fact {
	if len(in.binds) == 0 {
		return nil
	}
	alts := in.binds[len(in.binds)-1].alts
	if len(alts) == 0 {
		return nil
	}
	var out []fact
	for _, f := range alts[0].facts {
		all := true
		for _, a := range alts[1:] {
			if v, ok := a.fact(f.cond); !ok || v != f.val {
				all = false
				break
			}
		}
		if all {
			out = append(out, f)
		}
	}
	return out
}

func alts(ts []errdex.Template, facts []fact) []alt {
	out := make([]alt, len(ts))
	for i, t := range ts {
		out[i] = alt{t: t, facts: facts}
	}
	return out
}

// declare adds a declaration of the name in the current scope.
func (w *walker) declare(in flow, ts []errdex.Template) flow {
	b := binding{scope: w.cur, alts: alts(ts, commonFacts(in))}
	return flow{live: true, binds: append(slices.Clip(in.binds), b)}
}

// withAlts replaces the values of the innermost binding.
func withAlts(in flow, as []alt) flow {
	binds := slices.Clone(in.binds)
	binds[len(binds)-1].alts = as
	return flow{live: true, binds: binds}
}

// set assigns the innermost binding; an assignment to a name not
// declared here is to a package variable, which is not followed.
func (w *walker) set(in flow, ts []errdex.Template) flow {
	if len(in.binds) == 0 {
		return in
	}
	return withAlts(in, alts(ts, commonFacts(in)))
}

// appendTo appends ts to each value of the innermost binding (x += ts).
func (w *walker) appendTo(in flow, ts []errdex.Template) flow {
	if len(in.binds) == 0 {
		return in
	}
	var out []alt
	for _, a := range in.binds[len(in.binds)-1].alts {
		for _, t := range ts {
			out = append(out, alt{t: concat(a.t, t), facts: a.facts})
		}
	}
	return withAlts(in, merge(out))
}

// join is the flow where two paths meet: each binding may hold the values
// of either.
func (w *walker) join(a, b flow) flow {
	switch {
	case !a.live:
		return b
	case !b.live:
		return a
	}
	n := min(len(a.binds), len(b.binds))
	binds := make([]binding, n)
	for i := range binds {
		binds[i] = binding{scope: a.binds[i].scope, alts: merge(slices.Concat(a.binds[i].alts, b.binds[i].alts)),
			numeric: a.binds[i].numeric || b.binds[i].numeric}
	}
	return flow{live: true, binds: binds}
}

// merge drops repeated values (keeping the facts they share) and keeps at
// most maxAlternatives: when it must cut, it keeps the fullest messages
// (see fullest), in their order.
func merge(as []alt) []alt {
	out := as[:0:0]
	index := map[string]int{}
	for _, a := range as {
		k := templateKey(a.t)
		i, ok := index[k]
		if !ok {
			index[k] = len(out)
			out = append(out, a)
			continue
		}
		var shared []fact
		for _, f := range out[i].facts {
			if v, ok := a.fact(f.cond); ok && v == f.val {
				shared = append(shared, f)
			}
		}
		out[i].facts = shared
	}
	if len(out) <= maxAlternatives {
		return out
	}
	ts := make([]errdex.Template, len(out))
	for i, a := range out {
		ts[i] = a.t
	}
	keep := fullest(ts, maxAlternatives)
	kept := out[:0]
	for i, a := range out {
		if keep[i] {
			kept = append(kept, a)
		}
	}
	return kept
}

// fullest marks the n templates that spell the most of a message: the
// most literal bytes, a hole counting as a word of holeBytes. Messages
// built by appends under conditions (net.OpError's "dial tcp 127.0.0.1:1:
// connect: connection refused") are mostly the full ones, while a short
// template left out is usually a prefix of one kept, so the matcher still
// meets its text; ties keep the earlier.
func fullest(ts []errdex.Template, n int) []bool {
	const holeBytes = 4
	size := func(t errdex.Template) int {
		s := 0
		for _, p := range t.Parts {
			if p.IsHole() {
				s += holeBytes
			} else {
				s += len(p.Text)
			}
		}
		return s
	}
	order := make([]int, len(ts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return size(ts[j]) - size(ts[i]) })
	keep := make([]bool, len(ts))
	for _, i := range order[:min(n, len(order))] {
		keep[i] = true
	}
	return keep
}

// branches returns the flows into the two branches of an if on cond:
// where cond is a condition on names the function does not change, the
// values whose path already decided it go only into the branch it
// decided.
func (w *walker) branches(cond ast.Expr, in flow) (flow, flow) {
	return w.branch1(cond, true, in), w.branch1(cond, false, in)
}

// branch1 returns the flow into the branch where cond holds (held) or
// fails: where cond is a condition on names the function does not
// change, the values whose path decided it the other way do not flow
// in, and the others take the fact.
func (w *walker) branch1(cond ast.Expr, held bool, in flow) flow {
	key, val, ok := w.condition(cond)
	if !ok || len(in.binds) == 0 {
		return in
	}
	if !held {
		val = !val
	}
	var as []alt
	for _, a := range in.binds[len(in.binds)-1].alts {
		if v, known := a.fact(key); !known || v == val {
			as = append(as, alt{t: a.t, facts: append(slices.Clip(a.facts), fact{key, val, cond, held})})
		}
	}
	if len(as) == 0 {
		return flow{}
	}
	return withAlts(in, as)
}

// condition returns the text of a condition that holds the same way
// whenever it is tested, and whether it is stated positively: a
// comparison or a test of names the function never changes, without
// calls.
func (w *walker) condition(e ast.Expr) (string, bool, bool) {
	switch c := e.(type) {
	case *ast.ParenExpr:
		return w.condition(c.X)
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			k, v, ok := w.condition(c.X)
			return k, !v, ok
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND, token.LOR:
			return "", false, false
		case token.EQL, token.NEQ:
			if !w.stable(c) {
				return "", false, false
			}
			return w.s.x.text(c.X) + " == " + w.s.x.text(c.Y), c.Op == token.EQL, true
		}
	}
	if !w.stable(e) {
		return "", false, false
	}
	return w.s.x.text(e), true, true
}

// stable reports whether e has no calls or receives and names nothing
// the function changes.
func (w *walker) stable(e ast.Expr) bool {
	ok := true
	fields := map[*ast.Ident]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.FuncLit, *ast.BadExpr:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && n.Op != token.ARROW
		case *ast.SelectorExpr:
			fields[n.Sel] = true
		case *ast.Ident:
			ok = ok && (fields[n] || !w.info.modified[n.Name])
		}
		return ok
	})
	return ok
}

// push adds a target of break and continue.
func (w *walker) push(label string, loop bool, in flow) *target {
	t := &target{label: label, loop: loop, mark: len(in.binds)}
	w.targets = append(w.targets, t)
	return t
}

func (w *walker) pop() { w.targets = w.targets[:len(w.targets)-1] }

// branch sends the flow of a break, continue or fallthrough to its
// target; a goto's is lost.
func (w *walker) branch(st *ast.BranchStmt, in flow) {
	for i := len(w.targets) - 1; i >= 0; i-- {
		t := w.targets[i]
		switch {
		case st.Tok == token.FALLTHROUGH:
			t.fall, t.hasFallthrough = w.join(t.fall, in.truncate(t.mark)), true
			return
		case st.Tok != token.BREAK && st.Tok != token.CONTINUE:
			return
		case st.Label != nil && st.Label.Name != t.label:
			continue
		case st.Tok == token.BREAK:
			t.breaks = append(t.breaks, in.truncate(t.mark))
			return
		case t.loop:
			t.conts = append(t.conts, in.truncate(t.mark))
			return
		}
	}
}

// forStmt walks a for loop: its body once, from the flow after init; the
// flow after it joins the flow before the body (the condition failing at
// once), after one pass and post, and its breaks. A loop without a
// condition leaves only by a break.
func (w *walker) forStmt(st *ast.ForStmt, label string, in flow) flow {
	if in = w.stmtOpt(st.Init, in); w.found {
		return in
	}
	in = w.carried(in, st.Body, st.Post)
	if w.contains(st.Cond) {
		w.reach(st.Cond, in)
		return in
	}
	t := w.push(label, true, in)
	defer w.pop()
	end := w.stmt(st.Body, in)
	if w.found {
		return end
	}
	end = w.joinAll(end, t.conts)
	if st.Post != nil {
		if w.contains(st.Post) {
			w.reach(st.Post, end)
			return end
		}
		end = w.stmt(st.Post, end)
	}
	out := flow{}
	if st.Cond != nil {
		out = w.join(in, end)
	}
	return w.joinAll(out, t.breaks)
}

// carried returns the flow into a loop whose body (with a for loop's
// post statement) updates the name from its own value, not declaring it
// there: one pass does not give what it holds after some. A string the
// loop only appends to (s += t, s = s + t) is each value it held before
// followed by a hole named after it ("names:{list}"); a value updated
// otherwise (n++, n += k of a number, n = n * 2) is a hole named after
// it from the loop on.
func (w *walker) carried(in flow, parts ...ast.Node) flow {
	appended, updated, declared := false, false, false
	for _, part := range parts {
		if part == nil {
			continue
		}
		ast.Inspect(part, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // see funcInfo.escapes
			case *ast.IncDecStmt:
				updated = updated || w.names(n.X)
			case *ast.ValueSpec:
				for _, id := range n.Names {
					declared = declared || id.Name == w.id.Name
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if !w.names(l) {
						continue
					}
					switch {
					case n.Tok == token.DEFINE:
						declared = true
					case len(n.Lhs) != len(n.Rhs):
					case n.Tok == token.ADD_ASSIGN && !w.numeric(in, n.Rhs[i]):
						appended = true
					case n.Tok == token.ASSIGN && w.appends(n.Rhs[i], in):
						appended = true
					case n.Tok != token.ASSIGN || w.uses(n.Rhs[i]):
						updated = true
					}
				}
			}
			return !declared
		})
	}
	switch {
	case declared:
		return in
	case updated:
		return w.set(in, w.opaque())
	case appended:
		return w.appendTo(in, w.opaque())
	}
	return in
}

// uses reports whether e reads the name.
func (w *walker) uses(e ast.Expr) bool {
	found := false
	nameUses(e, func(id *ast.Ident) { found = found || id.Name == w.id.Name })
	return found
}

// appends reports whether e, assigned to the name, is the name followed
// by more (s + t + u) where the name holds a string.
func (w *walker) appends(e ast.Expr, in flow) bool {
	for {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			return false
		}
		if w.names(b.X) {
			return !w.numeric(in, b.Y) && !w.uses(b.Y)
		}
		if w.uses(b.Y) {
			return false
		}
		e = b.X
	}
}

// rangeStmt walks a range loop like a for loop; its variables hold values
// the walk does not see.
func (w *walker) rangeStmt(st *ast.RangeStmt, label string, in flow) flow {
	if w.contains(st.X) || w.contains(st.Key) || w.contains(st.Value) {
		w.reach(st, in)
		return in
	}
	in = w.carried(in, st.Body)
	t := w.push(label, true, in)
	defer w.pop()
	body := in
	for _, e := range []ast.Expr{st.Key, st.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name == w.id.Name {
			if st.Tok == token.DEFINE {
				body = w.declare(body, w.opaque())
			} else {
				body = w.set(body, w.opaque())
			}
		}
	}
	end := w.stmt(st.Body, body)
	if w.found {
		return end
	}
	return w.joinAll(w.join(in, end.truncate(t.mark)), slices.Concat(t.conts, t.breaks))
}

// cases walks the clauses of a switch from the flow after its tag: the
// flow after it joins the clauses' ends and breaks, and the flow before
// them when no default clause exists. A clause ending in fallthrough
// flows into the next. bound names a type switch's variable.
func (w *walker) cases(body *ast.BlockStmt, label string, in flow, bound string, tag ast.Expr) flow {
	t := w.push(label, false, in)
	defer w.pop()
	if tag != nil && hasFallthrough(body) {
		tag = nil // a clause entered from another: its case may not hold
	}
	out := flow{}
	for _, c := range body.List {
		if cc, ok := c.(*ast.CaseClause); ok && cc.List == nil {
			out = flow{} // a default clause: no value flows past untouched
			break
		}
		out = in // the values from before first: source order
	}
	for _, c := range body.List {
		cc, ok := c.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			if w.contains(e) {
				w.reach(e, in)
				return in
			}
		}
		entry := in
		if tag != nil {
			entry = w.caseFacts(tag, body, cc, in)
		}
		if t.hasFallthrough {
			entry = w.join(in, t.fall)
		}
		t.fall, t.hasFallthrough = flow{}, false
		var done bool
		if out, done = w.clause(cc, entry, out, func(in flow) flow {
			if bound == w.id.Name {
				in = w.declare(in, w.opaque())
			}
			return w.list(cc.Body, in)
		}); done {
			return out
		}
	}
	return w.joinAll(out, t.breaks)
}

// caseFacts returns the flow into clause cc of a switch on tag: the
// values whose path already decided its case go in only when it holds,
// and take the fact that it does (case v: tag == v; the default clause:
// tag != v for each value of the other clauses, at most maxDefaultCases),
// as an if on the same comparison would (see branches). A clause of
// several values adds no fact.
func (w *walker) caseFacts(tag ast.Expr, body *ast.BlockStmt, cc *ast.CaseClause, in flow) flow {
	var values []ast.Expr
	held := cc.List != nil
	switch {
	case len(cc.List) == 1:
		values = cc.List
	case cc.List == nil:
		for _, s := range body.List {
			if c := s.(*ast.CaseClause); c != cc {
				values = append(values, c.List...)
			}
		}
		if len(values) > maxDefaultCases {
			return in
		}
	}
	for _, v := range values {
		eq := &ast.BinaryExpr{X: tag, OpPos: v.Pos(), Op: token.EQL, Y: v}
		if in = w.branch1(eq, held, in); !in.live {
			return in
		}
	}
	return in
}

// hasFallthrough reports whether a clause of a switch's body ends in
// fallthrough.
func hasFallthrough(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		if c, ok := s.(*ast.CaseClause); ok && len(c.Body) > 0 {
			if b, ok := c.Body[len(c.Body)-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				return true
			}
		}
	}
	return false
}

// clause walks a case of a switch or select from in and joins its end
// into out; done says the walk ended inside.
func (w *walker) clause(cc ast.Node, in, out flow, body func(flow) flow) (_ flow, done bool) {
	end := w.scoped(cc, in, body)
	if w.found {
		return end, true
	}
	return w.join(out, end), false
}

// joinAll joins flows into out.
func (w *walker) joinAll(out flow, fs []flow) flow {
	for _, f := range fs {
		out = w.join(out, f)
	}
	return out
}

// selectStmt walks the clauses of a select: one of them runs (an empty
// select blocks for ever).
func (w *walker) selectStmt(st *ast.SelectStmt, label string, in flow) flow {
	t := w.push(label, false, in)
	defer w.pop()
	out := flow{}
	for _, c := range st.Body.List {
		cc, ok := c.(*ast.CommClause)
		if !ok {
			continue
		}
		var done bool
		if out, done = w.clause(cc, in, out, func(in flow) flow {
			if in = w.stmtOpt(cc.Comm, in); w.found {
				return in
			}
			return w.list(cc.Body, in)
		}); done {
			return out
		}
	}
	return w.joinAll(out, t.breaks)
}

// isIndex reports whether e is an index expression (m[k]).
func isIndex(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.IndexExpr)
	return ok
}
