package golang

import (
	"go/ast"
	"go/token"
	"strconv"

	"github.com/errdex/errdex"
)

// This file reads messages built in a strings.Builder or a bytes.Buffer
// (var b strings.Builder; b.WriteString("input"); if len(e.Locations) > 0
// { b.WriteByte(':'); ... }; fmt.Fprintf(&b, ": %s", e.Message); return
// b.String()), as a string variable appended to is read: each write
// appends its text to the variable's values, on the paths the walk
// follows, and b.String() reads them (gqlparser's gqlerror.Error).

// isBuilderType reports whether t is strings.Builder or bytes.Buffer, or
// a pointer to one, by the package names Go gives them.
func isBuilderType(t ast.Expr) bool {
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "strings" && sel.Sel.Name == "Builder" || pkg.Name == "bytes" && sel.Sel.Name == "Buffer")
}

// newBuilderType returns the builder type of a new, empty builder
// (&strings.Builder{}, strings.Builder{}, new(bytes.Buffer)), or nil.
func newBuilderType(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	var t ast.Expr
	switch e := e.(type) {
	case *ast.CompositeLit:
		if len(e.Elts) == 0 {
			t = e.Type
		}
	case *ast.CallExpr:
		if f, ok := e.Fun.(*ast.Ident); ok && f.Name == "new" && len(e.Args) == 1 {
			t = e.Args[0]
		}
	}
	if t == nil || !isBuilderType(t) {
		return nil
	}
	return t
}

// isFprintDest reports whether u, an address taken (&b), is the
// destination of a fmt.Fprint, Fprintf or Fprintln call, its parent on
// stack: writing there changes b as its own methods do, which the walk
// follows (see builderWrite).
func isFprintDest(stack []ast.Node, u *ast.UnaryExpr) bool {
	if len(stack) == 0 {
		return false
	}
	call, ok := stack[len(stack)-1].(*ast.CallExpr)
	return ok && len(call.Args) > 0 && call.Args[0] == u && fprintName(call) != ""
}

// fprintName returns the name of a fmt.Fprint* call, or "".
func fprintName(call *ast.CallExpr) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" {
		return ""
	}
	switch sel.Sel.Name {
	case "Fprint", "Fprintf", "Fprintln":
		return sel.Sel.Name
	}
	return ""
}

// isBuilder reports whether name is a local strings.Builder or
// bytes.Buffer of the function.
func (s scope) isBuilder(name string) bool {
	if s.fn == nil || s.fn.body == nil {
		return false
	}
	t, ok := s.fn.infoOf().types[name]
	return ok && isBuilderType(t)
}

// builderRead returns, for b.String() of a local builder b, the use of b
// whose values it reads; nil for any other call.
func (s scope) builderRead(call *ast.CallExpr) *ast.Ident {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" || len(call.Args) != 0 {
		return nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || !s.isBuilder(id.Name) {
		return nil
	}
	return id
}

// builderWrite returns the messages a statement's call appends to the
// builder the walk follows, and whether it is such a write: b.WriteString(x)
// and b.Write([]byte(x)) append x, b.WriteByte(c) and b.WriteRune(c) a
// character, fmt.Fprint*(&b, ...) what fmt.Sprint* makes of the rest.
func (w *walker) builderWrite(call *ast.CallExpr, in flow) ([]errdex.Template, bool) {
	if !w.s.isBuilder(w.id.Name) {
		return nil, false
	}
	if name := fprintName(call); name != "" {
		dest := ast.Unparen(call.Args[0])
		if u, ok := dest.(*ast.UnaryExpr); ok && u.Op == token.AND {
			dest = u.X // &b of a strings.Builder, b of a *strings.Builder
		}
		if !w.names(dest) {
			return nil, false
		}
		rest := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("fmt"), Sel: ast.NewIdent("S" + name[1:])}, Args: call.Args[1:], Ellipsis: call.Ellipsis, Lparen: call.Lparen, Rparen: call.Rparen}
		return w.value(rest, in), true
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !w.names(sel.X) || len(call.Args) != 1 {
		return nil, false
	}
	arg := ast.Unparen(call.Args[0])
	switch sel.Sel.Name {
	case "WriteString":
		return w.value(arg, in), true
	case "Write":
		if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
			if at, ok := conv.Fun.(*ast.ArrayType); ok && at.Len == nil {
				return w.value(conv.Args[0], in), true
			}
		}
		return one(w.s.hole(arg, errdex.HoleAny)), true
	case "WriteByte", "WriteRune":
		if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.CHAR {
			if r, _, _, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\''); err == nil {
				return one(errdex.Lit(string(r))), true
			}
		}
		return w.value(arg, in), true
	}
	return nil, false
}

// joinTmpl gives the messages of strings.Join(parts, sep) of a local
// slice of strings the function builds from a literal and appends to
// itself, with sep a string literal (parts := []string{"securecookie: "};
// if e.msg == "" { parts = append(parts, "error") } else { parts =
// append(parts, e.msg) }; return strings.Join(parts, "")): the walk
// follows the slice as the text its elements join to, each path one
// message. It reports false for any other call.
func (s scope) joinTmpl(call *ast.CallExpr, name string, depth int) ([]errdex.Template, bool) {
	if name != "Join" || len(call.Args) != 2 {
		return nil, false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || !s.localName(id) {
		return nil, false
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, false
	}
	sep, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, false
	}
	if appendsInLoop(s.fn.body, id.Name) {
		return nil, false // a list of values, each pass one more
	}
	w := s.walkJoined(id, depth, &sep)
	if w == nil || !w.found || w.aborted || !w.at.live || len(w.at.binds) == 0 {
		return nil, false
	}
	return w.finish(id, w.at.binds[len(w.at.binds)-1].alts), true
}

// joinedLiteral returns, in a walk for strings.Join, the text a slice
// literal's elements join to ([]string{"a", x} with ", " is "a, {x}"),
// and whether e is such a literal.
func (w *walker) joinedLiteral(e ast.Expr, in flow) ([]errdex.Template, bool) {
	if w.joinSep == nil {
		return nil, false
	}
	cl, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if _, ok := cl.Type.(*ast.ArrayType); !ok {
		return nil, false
	}
	out := one()
	for i, el := range cl.Elts {
		if _, kv := el.(*ast.KeyValueExpr); kv {
			return nil, false
		}
		if i > 0 {
			out = product(out, one(errdex.Lit(*w.joinSep)))
		}
		out = product(out, w.value(el, in))
	}
	return out, true
}

// joinedAppend returns, in a walk for strings.Join, the elements that
// st, parts = append(parts, a, b), appends to the slice followed, and
// whether it is such an append.
func (w *walker) joinedAppend(st *ast.AssignStmt) ([]ast.Expr, bool) {
	if w.joinSep == nil || len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok != token.ASSIGN || !w.names(st.Lhs[0]) {
		return nil, false
	}
	call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) < 2 || !w.names(call.Args[0]) {
		return nil, false
	}
	if f, ok := call.Fun.(*ast.Ident); !ok || f.Name != "append" {
		return nil, false
	}
	return call.Args[1:], true
}

// appendJoined appends elements to the values of the slice followed, each
// after the separator unless the slice is still empty on that path.
func (w *walker) appendJoined(in flow, elems []ast.Expr) flow {
	for _, el := range elems {
		ts := w.value(el, in)
		if len(in.binds) == 0 {
			return in
		}
		var out []alt
		for _, a := range in.binds[len(in.binds)-1].alts {
			prefix := a.t
			if !prefix.IsEmpty() {
				prefix = concat(prefix, errdex.NewTemplate(errdex.Lit(*w.joinSep)))
			}
			for _, t := range ts {
				out = append(out, alt{t: concat(prefix, t), facts: a.facts})
			}
		}
		in = withAlts(in, merge(out))
	}
	return in
}

// appendsInLoop reports whether body appends to the slice name in a for or
// range loop (close = append(close, k) for each k found).
func appendsInLoop(body *ast.BlockStmt, name string) bool {
	found := false
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.ForStmt:
				if m != n {
					walk(m.Body, true)
					return false
				}
			case *ast.RangeStmt:
				if m != n {
					walk(m.Body, true)
					return false
				}
			case *ast.CallExpr:
				if f, ok := m.Fun.(*ast.Ident); ok && f.Name == "append" && inLoop && len(m.Args) > 0 && isIdentNamed(m.Args[0], name) {
					found = true
				}
			}
			return !found
		})
	}
	walk(body, false)
	return found
}
