package golang

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/errdex/errdex"
)

// form says where a call's message comes from.
type form uint8

const (
	formMsg      form = iota + 1 // New(msg)
	formPrintf                   // Errorf(format, args...)
	formWrap                     // Wrap(err, msg): "msg: " + err
	formWrapf                    // Wrapf(err, format, args...)
	formSprint                   // Fatal(args...): fmt.Sprint
	formSprintln                 // Fatalln(args...): fmt.Sprintln
)

// ctor describes a function that makes an error or ends the program.
type ctor struct {
	kind errdex.SiteKind
	form form
}

// errorPackages maps an import path to its functions that build errors.
// pkg/errors, cockroachdb/errors and xerrors are listed because much Go
// code uses them in place of the standard library.
var errorPackages = map[string]map[string]ctor{
	"errors": {"New": {errdex.KindErrorsNew, formMsg}},
	"fmt":    {"Errorf": {errdex.KindErrorf, formPrintf}},
	"github.com/pkg/errors": {
		"New": {errdex.KindErrorsNew, formMsg}, "Errorf": {errdex.KindErrorf, formPrintf},
		"Wrap": {errdex.KindErrorf, formWrap}, "Wrapf": {errdex.KindErrorf, formWrapf},
		"WithMessage": {errdex.KindErrorf, formWrap}, "WithMessagef": {errdex.KindErrorf, formWrapf},
	},
	"github.com/cockroachdb/errors": {
		"New": {errdex.KindErrorsNew, formMsg}, "Newf": {errdex.KindErrorf, formPrintf},
		"Errorf": {errdex.KindErrorf, formPrintf}, "AssertionFailedf": {errdex.KindErrorf, formPrintf},
		"Wrap": {errdex.KindErrorf, formWrap}, "Wrapf": {errdex.KindErrorf, formWrapf},
		"WithMessage": {errdex.KindErrorf, formWrap}, "WithMessagef": {errdex.KindErrorf, formWrapf},
	},
	"golang.org/x/xerrors": {"New": {errdex.KindErrorsNew, formMsg}, "Errorf": {errdex.KindErrorf, formPrintf}},
}

// fatalPackages are logging packages whose Fatal* functions exit and whose
// Panic* functions panic with the logged message.
var fatalPackages = map[string]bool{
	"log": true, "github.com/sirupsen/logrus": true, "github.com/golang/glog": true,
	"k8s.io/klog": true, "k8s.io/klog/v2": true,
}

// fatalFuncs are the fatal functions of fatalPackages by name.
var fatalFuncs = map[string]form{
	"Fatal": formSprint, "Fatalf": formPrintf, "Fatalln": formSprintln,
	"Panic": formSprint, "Panicf": formPrintf, "Panicln": formSprintln,
	"Exit": formSprint, "Exitf": formPrintf, "Exitln": formSprintln,
}

// funcCtx is the function enclosing a site.
type funcCtx struct {
	name      string // qualified as a stack frame's last element: "os.(*File).Read"
	recvName  string // the receiver's name, "" for functions
	recvType  string // the receiver's type name without '*' or type parameters
	exception string // the receiver's type as %T prints it: "*fs.PathError"
	ftype     *ast.FuncType
	body      *ast.BlockStmt
	info      *funcInfo // built on first use
}

func (x *fileCtx) newFuncCtx(d *ast.FuncDecl) *funcCtx {
	fn := &funcCtx{ftype: d.Type, body: d.Body}
	name := d.Name.Name
	if d.Recv != nil && len(d.Recv.List) == 1 {
		field := d.Recv.List[0]
		t := field.Type
		ptr := false
		if star, ok := t.(*ast.StarExpr); ok {
			ptr, t = true, star.X
		}
		generic := false
		switch g := t.(type) {
		case *ast.IndexExpr:
			t, generic = g.X, true
		case *ast.IndexListExpr:
			t, generic = g.X, true
		}
		fn.recvType = typeName(t)
		if len(field.Names) == 1 {
			fn.recvName = field.Names[0].Name
		}
		recv := fn.recvType
		if generic {
			recv += "[...]"
		}
		fn.exception = x.pkg + "." + fn.recvType
		if ptr {
			recv = "(*" + recv + ")"
			fn.exception = "*" + fn.exception
		}
		name = recv + "." + name
	}
	fn.name = x.pkg + "." + name
	return fn
}

// walk finds the sites below root, which belongs to fn.
func (x *fileCtx) walk(root ast.Node, fn *funcCtx) {
	sentinels := map[*ast.CallExpr]string{}
	if g, ok := root.(*ast.GenDecl); ok {
		x.packageVars(g, sentinels)
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if s := x.call(n, fn); s != nil {
				if name, ok := sentinels[n]; ok {
					x.facts.Sentinels = append(x.facts.Sentinels, Sentinel{Name: name, Site: s})
				}
			}
		case *ast.ReturnStmt:
			x.returnStmt(n, fn)
		case *ast.AssignStmt:
			x.assignStmt(n, fn)
		}
		return true
	})
}

// packageVars notes which package-level variables are sentinels (their
// value is an error constructor call) or aliases of other sentinels.
func (x *fileCtx) packageVars(g *ast.GenDecl, sentinels map[*ast.CallExpr]string) {
	for _, spec := range g.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			switch v := ast.Unparen(vs.Values[i]).(type) {
			case *ast.CallExpr:
				if _, ok := x.ctorOf(v); ok {
					sentinels[v] = name.Name
				}
			case *ast.Ident, *ast.SelectorExpr:
				if imp, target, ok := x.ref(v); ok && isErrName(name.Name) {
					x.facts.Aliases = append(x.facts.Aliases, Alias{Name: name.Name, Import: imp, Target: target})
				}
			}
		}
	}
}

// ref splits a reference to a package-level name: "ErrX" in this package
// (import "") or "pkg.ErrX" through an import.
func (x *fileCtx) ref(e ast.Expr) (imp, name string, ok bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return "", e.Name, e.Name != "nil" && e.Name != "true" && e.Name != "false"
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if p, ok := x.imports[id.Name]; ok {
				return p, e.Sel.Name, true
			}
		}
	}
	return "", "", false
}

// isErrName reports whether a name follows Go's naming of sentinel errors
// (ErrSyntax, errClosed, EOF).
func isErrName(n string) bool {
	if n == "EOF" {
		return true
	}
	for _, p := range [...]string{"Err", "err"} {
		if rest, ok := strings.CutPrefix(n, p); ok && rest != "" {
			c := rest[0]
			return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
		}
	}
	return false
}

// ctorOf recognises a call of an error constructor.
func (x *fileCtx) ctorOf(call *ast.CallExpr) (ctor, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ctor{}, false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return ctor{}, false
	}
	p, ok := x.imports[id.Name]
	if !ok {
		return ctor{}, false
	}
	if c, ok := errorPackages[p][sel.Sel.Name]; ok {
		return c, true
	}
	if f, ok := fatalFuncs[sel.Sel.Name]; ok && fatalPackages[p] {
		return ctor{errdex.KindLogFatal, f}, true
	}
	return ctor{}, false
}

// isPanic reports whether call is the builtin panic with one argument.
func isPanic(call *ast.CallExpr) bool {
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "panic" && len(call.Args) == 1
}

// call makes the site of a call, if it is one, and returns it.
func (x *fileCtx) call(call *ast.CallExpr, fn *funcCtx) *errdex.Site {
	if x.folded[call] {
		return nil
	}
	s := scope{x, fn}
	if isPanic(call) {
		return x.panicSite(call, fn)
	}
	c, ok := x.ctorOf(call)
	if !ok {
		return nil
	}
	return x.addSite(c.kind, call, fn, "", s.ctorTmpl(call, c, 0))
}

// panicSite makes the site of panic(v).
func (x *fileCtx) panicSite(call *ast.CallExpr, fn *funcCtx) *errdex.Site {
	s := scope{x, fn}
	arg := ast.Unparen(call.Args[0])
	if inner, ok := arg.(*ast.CallExpr); ok {
		if c, ok := x.ctorOf(inner); ok && c.kind != errdex.KindLogFatal {
			x.folded[inner] = true
			return x.addSite(errdex.KindPanic, call, fn, "", s.ctorTmpl(inner, c, 0))
		}
	}
	if lit := compositeLit(arg); lit != nil {
		return x.literalSite(call, arg, lit, fn)
	}
	ts := s.tmpl(arg, 0)
	if len(ts) == 1 && ts[0].IsOpaque() {
		return x.addSite(errdex.KindRaiseObject, call, fn, "", ts)
	}
	return x.addSite(errdex.KindPanic, call, fn, "", ts)
}

// compositeLit returns the composite literal of a named type that e is or
// points to (T{...}, &pkg.T{...}), or nil.
func compositeLit(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok || cl.Type == nil {
		return nil
	}
	switch t := cl.Type.(type) {
	case *ast.Ident:
		return cl
	case *ast.SelectorExpr:
		if _, ok := t.X.(*ast.Ident); ok {
			return cl
		}
	}
	return nil
}

// literalSite records a composite literal that may be an error value. Its
// template is settled by Link from its type's Error method; until then it is
// a hole named after the type.
func (x *fileCtx) literalSite(at ast.Node, e ast.Expr, cl *ast.CompositeLit, fn *funcCtx) *errdex.Site {
	s := scope{x, fn}
	lit := Literal{Type: typeName(cl.Type)}
	if sel, ok := cl.Type.(*ast.SelectorExpr); ok {
		imp, _, ok := x.ref(sel)
		if !ok {
			return nil
		}
		lit.Import = imp
	}
	kind := kindLiteral
	if call, ok := at.(*ast.CallExpr); ok && isPanic(call) {
		kind = errdex.KindPanic
	}
	for i, el := range cl.Elts {
		f := LiteralField{Index: i}
		v := el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				f.Name = id.Name
			}
			v = kv.Value
		}
		f.Expr = x.text(v)
		if ts := s.tmpl(v, 0); len(ts) == 1 {
			f.Template = ts[0]
		} else {
			f.Template = errdex.NewTemplate(s.hole(v, errdex.HoleAny))
		}
		lit.Fields = append(lit.Fields, f)
	}
	placeholder := errdex.NewTemplate(errdex.HolePart(lit.Type, x.text(e), errdex.HoleAny))
	lit.Site = x.addSite(kind, at, fn, lit.Type, []errdex.Template{placeholder})
	if lit.Site != nil {
		x.facts.Literals = append(x.facts.Literals, lit)
	}
	return lit.Site
}

// returnStmt records references to sentinel-like names and composite
// literals of error types in a return statement.
func (x *fileCtx) returnStmt(r *ast.ReturnStmt, fn *funcCtx) {
	results := resultTypes(fn.ftype)
	for i, e := range r.Results {
		e = ast.Unparen(e)
		if imp, name, ok := x.ref(e); ok && isErrName(name) {
			x.facts.Refs = append(x.facts.Refs, Ref{Name: name, Import: imp, Function: fn.name, Span: x.span(r), Text: clip(x.text(r), 120)})
			continue
		}
		cl := compositeLit(e)
		if cl == nil || i >= len(results) || len(results) != len(r.Results) {
			continue
		}
		if rt := results[i]; isErrorType(rt) || typeName(rt) == typeName(cl.Type) {
			x.literalSite(r, e, cl, fn)
		}
	}
}

// assignStmt records a composite literal assigned to a variable named like
// an error (err = &PathError{...}).
func (x *fileCtx) assignStmt(a *ast.AssignStmt, fn *funcCtx) {
	if len(a.Lhs) != len(a.Rhs) {
		return
	}
	for i, l := range a.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || !strings.Contains(strings.ToLower(id.Name), "err") {
			continue
		}
		if cl := compositeLit(ast.Unparen(a.Rhs[i])); cl != nil {
			x.literalSite(a, a.Rhs[i], cl, fn)
		}
	}
}

// resultTypes lists a function's result types, one per result.
func resultTypes(ft *ast.FuncType) []ast.Expr {
	if ft == nil || ft.Results == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range ft.Results.List {
		n := max(1, len(f.Names))
		for range n {
			out = append(out, f.Type)
		}
	}
	return out
}

func isErrorType(t ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	return ok && id.Name == "error"
}

// errorMethod makes the site of an Error() string method: one template per
// return statement (closures excluded).
func (x *fileCtx) errorMethod(d *ast.FuncDecl, fn *funcCtx) {
	s := scope{x, fn}
	var ts []errdex.Template
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				ts = append(ts, s.tmpl(n.Results[0], 0)...)
			}
		}
		return true
	})
	ts = preferLiteral(dedupe(ts, maxMethodAlternatives))
	site := x.addSite(errdex.KindErrorMethod, d, fn, fn.exception, ts)
	if site == nil {
		return
	}
	x.facts.ErrorTypes = append(x.facts.ErrorTypes, ErrorType{Name: fn.recvType, Recv: fn.recvName, Site: site})
}

// preferLiteral moves the first template with literal text to the front,
// so that a site's main template is recognisable when any is.
func preferLiteral(ts []errdex.Template) []errdex.Template {
	for i, t := range ts {
		if !t.IsOpaque() {
			if i > 0 {
				ts = append([]errdex.Template{t}, append(ts[:i:i], ts[i+1:]...)...)
			}
			break
		}
	}
	return ts
}

// clip shortens s to at most n bytes on a rune boundary, collapsing
// newlines so that it reads as one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
