package golang

import (
	"go/ast"
	"go/token"

	"github.com/errdex/errdex"
)

// assign is one assignment to a local variable.
type assign struct {
	pos token.Pos
	// stmtEnd ends the assignment statement: a use before it (in its own
	// right-hand side, format = Sprintf("x: %s", format)) reads the value
	// from before.
	stmtEnd token.Pos
	rhs     ast.Expr // nil when the value cannot be seen (a multi-value call, a range variable)
	zero    bool     // var x T: the zero value, "" for a string
	add     bool     // x += rhs
	// start and end delimit the innermost block or statement that encloses
	// the assignment; terminates says that block ends with a return,
	// panic or jump, so it cannot reach code after it.
	start, end token.Pos
	terminates bool
}

// funcInfo is what variable resolution needs to know about a function:
// the assignments to each local name in source order, declared types, and
// which names are parameters (values that come from callers).
type funcInfo struct {
	assigns map[string][]assign
	types   map[string]ast.Expr
	params  map[string]bool
}

// infoOf returns the function's funcInfo, built on first use.
func (fn *funcCtx) infoOf() *funcInfo {
	if fn.info == nil {
		fn.info = buildFuncInfo(fn.ftype, fn.body)
	}
	return fn.info
}

func buildFuncInfo(ft *ast.FuncType, body *ast.BlockStmt) *funcInfo {
	info := &funcInfo{assigns: map[string][]assign{}, types: map[string]ast.Expr{}, params: map[string]bool{}}
	if ft != nil {
		info.fields(ft.Params, nil)
		if body != nil {
			info.fields(ft.Results, &assign{pos: ft.Pos(), zero: true, start: body.Pos(), end: body.End()})
		}
	}
	if body == nil {
		return info
	}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			info.assignStmt(n, enclosing(stack, n.Pos()))
		case *ast.ValueSpec:
			info.valueSpec(n, enclosing(stack, n.Pos()))
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				a := assign{pos: n.Pos(), start: n.Pos(), end: n.End()}
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						info.add(id.Name, a)
					}
				}
			}
		case *ast.FuncLit:
			info.fields(n.Type.Params, nil)
		}
		stack = append(stack, n)
		return true
	})
	return info
}

// fields records a parameter or result list: parameters are values from
// callers; named results start as zero values (a when not nil).
func (info *funcInfo) fields(fl *ast.FieldList, a *assign) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			info.types[n.Name] = f.Type
			if a != nil {
				info.add(n.Name, *a)
			} else {
				info.params[n.Name] = true
			}
		}
	}
}

func (info *funcInfo) add(name string, a assign) {
	if name != "_" {
		info.assigns[name] = append(info.assigns[name], a)
	}
}

// enclosing returns the scope of a statement at pos from the stack of its
// ancestors: an assign with start, end and terminates set.
func enclosing(stack []ast.Node, pos token.Pos) assign {
	for i := len(stack) - 1; i >= 0; i-- {
		a := assign{pos: pos, start: stack[i].Pos(), end: stack[i].End()}
		switch n := stack[i].(type) {
		case *ast.BlockStmt:
			a.terminates = terminates(n.List)
			return a
		case *ast.CaseClause:
			a.terminates = terminates(n.Body)
			return a
		case *ast.CommClause:
			a.terminates = terminates(n.Body)
			return a
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			return a
		}
	}
	return assign{pos: pos, start: pos, end: pos}
}

// terminates reports whether a statement list ends by leaving its block:
// a return, a jump, or a panic.
func terminates(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			return isPanic(call)
		}
	}
	return false
}

func (info *funcInfo) assignStmt(n *ast.AssignStmt, scope assign) {
	for i, l := range n.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		a := scope
		a.stmtEnd = n.End()
		switch {
		case n.Tok == token.ADD_ASSIGN && len(n.Rhs) == 1:
			a.rhs, a.add = n.Rhs[0], true
		case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
			// x -= 1 and friends: not a message.
		case len(n.Lhs) == len(n.Rhs):
			a.rhs = n.Rhs[i]
		case i == 0 && len(n.Lhs) == 2 && len(n.Rhs) == 1 && isIndex(n.Rhs[0]):
			a.rhs = n.Rhs[0] // v, ok := m[k]: v is the element
		}
		info.add(id.Name, a)
	}
}

func (info *funcInfo) valueSpec(n *ast.ValueSpec, scope assign) {
	for i, id := range n.Names {
		if n.Type != nil {
			info.types[id.Name] = n.Type
		}
		a := scope
		a.stmtEnd = n.End()
		switch {
		case len(n.Values) == 0:
			a.zero = true
		case len(n.Values) == len(n.Names):
			a.rhs = n.Values[i]
		}
		info.add(id.Name, a)
	}
}

// resolveVar returns the messages a local variable can hold where id uses
// it: the assignments before the use, where an assignment in a scope that
// encloses the use replaces what came before and an assignment in another
// branch adds an alternative. It reports false for names that are not
// local variables.
func (s scope) resolveVar(id *ast.Ident, depth int) ([]errdex.Template, bool) {
	info := s.fn.infoOf()
	as := info.assigns[id.Name]
	param := info.params[id.Name]
	if len(as) == 0 && !param {
		return nil, false
	}
	use := id.Pos()
	var cur []errdex.Template
	have := param
	if param {
		cur = one(s.hole(id, errdex.HoleAny))
	}
	// An assignment that encloses the use and sets the whole value
	// replaces all before it: start there.
	from := 0
	for i, a := range as {
		if a.pos >= use {
			break
		}
		if a.start <= use && use <= a.end && !a.add && use >= a.stmtEnd {
			from = i
		}
	}
	if from > 0 {
		have = true
	}
	for _, a := range as[from:] {
		if a.pos >= use {
			break
		}
		if use < a.stmtEnd {
			continue // the assignment's own right-hand side
		}
		encloses := a.start <= use && use <= a.end
		if !encloses && a.terminates && use > a.end {
			continue
		}
		if !encloses && have && len(cur) >= maxAlternatives {
			continue // another alternative, past those kept
		}
		var ts []errdex.Template
		switch {
		case a.zero:
			ts = one()
		case a.rhs == nil:
			ts = one(s.hole(id, errdex.HoleAny))
		default:
			ts = s.tmpl(a.rhs, depth+1)
		}
		if a.add {
			base := cur
			if !have {
				base = one(s.hole(id, errdex.HoleAny))
			}
			ts = product(base, ts)
		}
		if !have || encloses {
			cur = ts
		} else {
			cur = dedupe(append(cur, ts...), maxAlternatives)
		}
		have = true
	}
	if !have {
		return nil, false
	}
	cur = dedupe(cur, maxAlternatives)
	if len(cur) == 1 && cur[0].IsEmpty() {
		// Only the zero value is seen: the variable is set elsewhere
		// (through a pointer, in a closure).
		cur = one(s.hole(id, errdex.HoleAny))
	}
	if len(cur) == 1 && isSingleHole(cur[0]) {
		// An opaque value: name it after the variable, keep what it holds.
		p := cur[0].Parts[0]
		p.Hole = id.Name
		if p.Type == errdex.HoleAny {
			p.Type = s.typeOf(id)
		}
		return one(p), true
	}
	return cur, true
}

// isIndex reports whether e is an index expression (m[k]).
func isIndex(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.IndexExpr)
	return ok
}
