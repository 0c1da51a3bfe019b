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
