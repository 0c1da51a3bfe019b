package golang

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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
	// closures are the local variables of the function that hold a
	// function literal, assigned once (see localClosures), and consts
	// whether its body may declare constants: each found on first use.
	closures []closure
	scanned  bool
	consts   int8 // 0 unknown, 1 no, 2 maybe
	// outflow are the calls whose error leaves the function (see
	// outflowing), found on first use.
	outflow map[errdex.Span]bool
	// dropped are the calls whose error the function drops (see
	// droppedCalls), found on first use.
	dropped map[*ast.CallExpr]bool
	// texts are the local variables assigned text (see textVars), found
	// on first use.
	texts map[string]bool
	// spreads are the possible elements of the local slices spread into
	// printf-style calls, by name (see sliceElems), found on first use.
	spreads map[string][][]ast.Expr
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
	// sentinels are the package-level variables' constructor calls,
	// others those of other calls (var ErrX = errs.New("...") of a
	// constructor Link may know).
	sentinels, others := map[*ast.CallExpr]string{}, map[*ast.CallExpr]string{}
	if g, ok := root.(*ast.GenDecl); ok {
		x.packageVars(g, fn, sentinels, others)
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if fn.ftype == nil && n.Body != nil {
				// A function literal of a package-level variable (a
				// table of conversions): its parameters and results
				// are declared, as a function's are; its sites belong
				// to the package's initialisation still.
				x.walk(n.Body, &funcCtx{name: fn.name, ftype: n.Type, body: n.Body})
				return false
			}
		case *ast.CallExpr:
			x.recordCall(n, fn)
			if s := x.call(n, fn); s != nil {
				if name, ok := sentinels[n]; ok {
					x.facts.Sentinels = append(x.facts.Sentinels, Sentinel{Name: name, Site: s})
				}
			} else if !isPanic(n) && !x.isCtorCall(n) && !x.isRuntimeFatal(n) {
				calls := len(x.facts.Calls)
				x.helperCall(n, fn)
				if name, ok := others[n]; ok && len(x.facts.Calls) > calls {
					x.facts.Calls[calls].Sentinel = name
				}
			}
		case *ast.ReturnStmt:
			x.returnStmt(n, fn)
		case *ast.AssignStmt:
			x.assignStmt(n, fn)
		}
		if e, ok := n.(ast.Expr); ok {
			x.valueAnywhere(e, fn)
		}
		return true
	})
}

// valueAnywhere records a value of a named type that may be an error
// wherever it is constructed, unless a statement around it already did
// (a return, a panic, a package variable): a composite literal passed as
// an argument, kept in a field or an element, or one of several results,
// and a conversion whose type is named like an error (EscapeError(s)). Its
// site is the expression itself; Link keeps those of error types.
func (x *fileCtx) valueAnywhere(e ast.Expr, fn *funcCtx) {
	if x.made[e] {
		return
	}
	if compositeLit(e) != nil {
		x.literalSite(e, e, kindLiteral, fn, nil)
		return
	}
	if typ, _, conv := typedValue(e); conv && errLikeType(typeName(typ)) && !x.isCtorCall(e) {
		x.literalSite(e, e, kindLiteral, fn, nil)
	}
}

// errLikeType reports whether a type name reads like an error type's
// (SyntaxError, plainError, errorString, Errno): conversions are told from
// calls only by the name, and only those are worth a look from Link.
func errLikeType(name string) bool {
	return strings.Contains(strings.ToLower(name), "err")
}

// isCtorCall reports whether e is a call of an error constructor (a site
// of its own).
func (x *fileCtx) isCtorCall(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	_, ok = x.ctorOf(call)
	return ok
}

// packageVars notes which package-level variables are sentinels (their
// value is an error constructor call) or aliases of other sentinels.
func (x *fileCtx) packageVars(g *ast.GenDecl, fn *funcCtx, sentinels, others map[*ast.CallExpr]string) {
	for _, spec := range g.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			v := unconvertError(ast.Unparen(vs.Values[i]))
			if c, ok := x.ctorNamed(v); ok && name.Name != "_" {
				x.facts.Ctors = append(x.facts.Ctors, CtorVar{Name: name.Name, ctor: c})
				continue
			}
			if call, ok := v.(*ast.CallExpr); ok {
				if _, ok := x.ctorOf(call); ok {
					sentinels[call] = name.Name
					continue
				}
				others[call] = name.Name
			}
			if typ, _, _ := typedValue(v); typ != nil && name.Name != "_" {
				// var divideError = error(errorString("integer divide by
				// zero")): a sentinel of a named error type.
				if site := x.literalSite(v, v, kindLiteral, fn, nil); site != nil {
					x.facts.Sentinels = append(x.facts.Sentinels, Sentinel{Name: name.Name, Site: site})
				}
				continue
			}
			call := false
			if c, ok := v.(*ast.CallExpr); ok && len(c.Args) == 0 {
				v, call = c.Fun, true // var ErrInvalid = errInvalid()
			}
			switch v := v.(type) {
			case *ast.Ident, *ast.SelectorExpr:
				if imp, target, ok := x.ref(v); ok && isErrName(name.Name) {
					x.facts.Aliases = append(x.facts.Aliases, Alias{Name: name.Name, Import: imp, Target: target, Call: call})
				}
			}
		}
	}
}

// unconvertError strips a conversion to the error interface: error(x) → x.
func unconvertError(e ast.Expr) ast.Expr {
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "error" {
			return ast.Unparen(call.Args[0])
		}
	}
	return e
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
	return x.ctorNamed(call.Fun)
}

// ctorNamed recognises an error constructor named by e (errors.New).
func (x *fileCtx) ctorNamed(e ast.Expr) (ctor, bool) {
	sel, ok := e.(*ast.SelectorExpr)
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

// runtimeFatal is the Exception of the Go runtime's fatal errors, which
// print as "fatal error: concurrent map writes" and cannot be recovered.
const runtimeFatal = "fatal error"

// isRuntimeFatal reports whether call is throw(msg) or fatal(msg) in the Go
// runtime (package runtime and internal/runtime/...).
func (x *fileCtx) isRuntimeFatal(call *ast.CallExpr) bool {
	id, ok := call.Fun.(*ast.Ident)
	if !ok || id.Name != "throw" && id.Name != "fatal" || len(call.Args) != 1 {
		return false
	}
	dir := x.facts.Dir
	return x.pkg == "runtime" && (dir == "runtime" || strings.HasSuffix(dir, "/runtime")) ||
		strings.HasPrefix(dir, "internal/runtime/") || strings.Contains(dir, "/internal/runtime/")
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
	if x.isRuntimeFatal(call) {
		if ts := s.tmpl(call.Args[0], 0); !ts[0].IsOpaque() {
			return x.addSite(errdex.KindPanic, call, fn, runtimeFatal, ts)
		}
		return nil
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
	if compositeLit(arg) != nil {
		if site := x.literalSite(call, arg, errdex.KindPanic, fn, nil); site != nil {
			return site
		}
	}
	ts := s.tmpl(arg, 0)
	if len(ts) == 1 && ts[0].IsOpaque() {
		if _, _, conv := typedValue(arg); conv {
			// panic(plainError("...")): maybe a conversion to an error type.
			if site := x.literalSite(call, arg, errdex.KindPanic, fn, ts); site != nil {
				return site
			}
		}
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

// typedValue returns the named type of a value that may be an error: a
// composite literal T{...} or &pkg.T{...} (fields are its elements), or a
// call T(x) of one argument that may be a conversion (x is the only field,
// conv is set). It returns nil elements when e is neither.
func typedValue(e ast.Expr) (typ ast.Expr, elts []ast.Expr, conv bool) {
	if cl := compositeLit(e); cl != nil {
		return cl.Type, cl.Elts, false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil, nil, false
	}
	switch f := call.Fun.(type) {
	case *ast.Ident:
		if builtinFunc[f.Name] {
			return nil, nil, false
		}
		return f, call.Args, true
	case *ast.SelectorExpr:
		if _, ok := f.X.(*ast.Ident); ok {
			return f, call.Args, true
		}
	}
	return nil, nil, false
}

// builtinFunc are predeclared functions and conversions that never name an
// error type.
var builtinFunc = map[string]bool{
	"len": true, "cap": true, "new": true, "make": true, "append": true, "string": true, "error": true,
	"int": true, "int64": true, "uint": true, "uintptr": true, "byte": true, "rune": true, "float64": true,
	"panic": true, "recover": true, "print": true, "println": true, "min": true, "max": true, "complex": true,
	"real": true, "imag": true, "any": true, "bool": true, "int32": true, "uint32": true, "uint64": true,
}

// literalSite records a value of a named type that may be an error (see
// typedValue) as a site of the given kind. Link settles its template from
// the type's Error method; until then it is a hole named after the type.
// fallback, when set, is the site's message if the type turns out to have
// no Error method (a panic keeps its site); without it such a site is
// dropped.
func (x *fileCtx) literalSite(at ast.Node, e ast.Expr, kind errdex.SiteKind, fn *funcCtx, fallback []errdex.Template) *errdex.Site {
	s := scope{x, fn}
	typ, elts, conv := typedValue(e)
	if typ == nil {
		return nil
	}
	lit := Literal{Type: typeName(typ), Conversion: conv}
	if sel, ok := typ.(*ast.SelectorExpr); ok {
		imp, _, ok := x.ref(sel)
		if !ok {
			return nil
		}
		lit.Import = imp
	}
	lit.Fields = s.literalFields(elts, true)
	if fallback == nil && kind == errdex.KindPanic {
		fallback = one(errdex.HolePart(lit.Type, clip(x.text(e), maxExpr), errdex.HoleAny))
	}
	lit.Fallback = fallback
	placeholder := one(errdex.HolePart(lit.Type, clip(x.text(e), maxExpr), errdex.HoleAny))
	x.made[e] = true
	if u, ok := e.(*ast.UnaryExpr); ok {
		x.made[u.X] = true
	}
	lit.Site = x.addSite(kind, at, fn, lit.Type, placeholder)
	if lit.Site != nil {
		x.facts.Literals = append(x.facts.Literals, lit)
	}
	return lit.Site
}

// literalFields reads the elements of a composite literal. With nested
// set, a positional element that is itself a composite literal of an
// elided type (the {Summary: "..."} of hcl.Diagnostics{{Summary:
// "..."}}) keeps its own fields in Elem, one level deep.
func (s scope) literalFields(elts []ast.Expr, nested bool) []LiteralField {
	x := s.x
	var out []LiteralField
	for i, el := range elts {
		f := LiteralField{Index: i}
		v := el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				f.Name = id.Name
			}
			v = kv.Value
		}
		f.Expr = x.text(v)
		if ts := s.tmpl(v, 0); len(ts) == 1 || len(ts) > 1 && !slices.ContainsFunc(ts, func(t errdex.Template) bool { return !hasText(t) }) {
			// Several messages when each says something: text that
			// grows on some paths, not a value that may be empty or
			// opaque (var path string; if ... { path = p.ImportPath }).
			f.Template, f.Alternatives = ts[0], ts[1:]
		} else {
			f.Template = errdex.NewTemplate(s.hole(v, errdex.HoleAny))
		}
		if el := elidedLit(v); nested && el != nil && f.Name == "" {
			f.Elem = &Literal{Fields: s.literalFields(el.Elts, false)}
		}
		out = append(out, f)
	}
	return out
}

// elidedLit returns the composite literal of an elided type that an
// element of a list literal is or points to ({...}, &{...}), or nil. An
// element of a named type (&Diagnostic{...}) is a site of its own.
func elidedLit(e ast.Expr) *ast.CompositeLit {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	if cl, ok := e.(*ast.CompositeLit); ok && cl.Type == nil {
		return cl
	}
	return nil
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
		typ, _, _ := typedValue(e)
		if typ == nil || i >= len(results) || len(results) != len(r.Results) {
			continue
		}
		if call, ok := e.(*ast.CallExpr); ok {
			if _, ok := x.ctorOf(call); ok {
				continue // a site of its own
			}
		}
		if rt := results[i]; isErrorType(rt) || typeName(rt) == typeName(typ) {
			x.literalSite(r, e, kindLiteral, fn, nil)
		}
	}
}

// assignStmt records a composite literal assigned to a variable or a
// field (err = &PathError{...}, s.err = &SyntaxError{...}), and a
// conversion assigned to one named like an error (err = EscapeError(s)):
// the site is the assignment.
func (x *fileCtx) assignStmt(a *ast.AssignStmt, fn *funcCtx) {
	if len(a.Lhs) != len(a.Rhs) {
		return
	}
	for i, l := range a.Lhs {
		v := ast.Unparen(a.Rhs[i])
		if x.made[v] {
			continue
		}
		if compositeLit(v) != nil {
			x.literalSite(a, v, kindLiteral, fn, nil)
			continue
		}
		name := lastName(l)
		if typ, _, conv := typedValue(v); conv && (errLikeType(typeName(typ)) || errLikeType(name)) && !x.isCtorCall(v) {
			x.literalSite(a, v, kindLiteral, fn, nil)
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
	ts, conds := x.methodBranches(d, fn, true)
	if f := x.messageField(ts, fn); f != "" {
		ts = one(errdex.HolePart(f, fn.recvName+"."+f, errdex.HoleStr))
	}
	site := x.addSite(errdex.KindErrorMethod, d, fn, fn.exception, ts)
	if site == nil {
		return
	}
	x.facts.ErrorTypes = append(x.facts.ErrorTypes, ErrorType{Name: fn.recvType, Recv: fn.recvName, Site: site, Conds: conds})
}

// messageFields are the names of a struct's string field that holds an
// error's message, lower case.
var messageFields = map[string]bool{"message": true, "msg": true, "reason": true, "text": true, "description": true, "desc": true, "detail": true, "errmsg": true}

// messageField returns the string field named like a message (Message,
// Msg, Reason, ...) of the receiver of fn, an Error method whose messages
// ts are each a value it gets from a call the extractor does not follow
// (goccy/go-yaml's return e.FormatError(defaultFormatColor,
// defaultIncludeSource), which formats e.Message with a position and
// colours): such a method prints the message the field holds, with what
// else it adds unknown. "" when the method's messages are read, or the
// receiver has no such field.
func (x *fileCtx) messageField(ts []errdex.Template, fn *funcCtx) string {
	if len(ts) == 0 || fn.recvName == "" {
		return ""
	}
	for _, t := range ts {
		if len(t.Parts) != 1 || !t.Parts[0].IsHole() || !strings.Contains(t.Parts[0].Expr, "(") {
			return ""
		}
	}
	st := x.structs[fn.recvType]
	if st == nil || st.Fields == nil {
		return ""
	}
	for _, f := range st.Fields.List {
		if id, ok := f.Type.(*ast.Ident); !ok || id.Name != "string" {
			continue
		}
		for _, n := range f.Names {
			if messageFields[strings.ToLower(n.Name)] {
				return n.Name
			}
		}
	}
	return ""
}

// bareResult returns, for a bare return of a function with one named
// result (func (e *ParseError) Error() (s string) { s = ...; return }),
// a use of that result at the return, which reads what the function
// assigned it there; nil for any other return.
func bareResult(ft *ast.FuncType, r *ast.ReturnStmt) ast.Expr {
	if len(r.Results) > 0 || ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) != 1 {
		return nil
	}
	name := ft.Results.List[0].Names[0].Name
	if name == "_" {
		return nil
	}
	return &ast.Ident{Name: name, NamePos: r.Pos()}
}

// methodTemplates returns the messages a method returning a string (Error,
// String) builds: one template per return statement (closures excluded),
// the first with literal text first.
func (x *fileCtx) methodTemplates(d *ast.FuncDecl, fn *funcCtx) []errdex.Template {
	ts, _ := x.methodBranches(d, fn, false)
	return ts
}

// methodBranches is methodTemplates and, when withConds is set, the
// conditions on the receiver's fields under which each message is
// returned (see fieldConds), by templateKey; a message returned under
// different conditions has none.
func (x *fileCtx) methodBranches(d *ast.FuncDecl, fn *funcCtx, withConds bool) ([]errdex.Template, map[string][]Cond) {
	s := scope{x, fn}
	var ts []errdex.Template
	var conds [][]Cond // parallel to ts
	// shadowed are the names that hide constants (see condConst).
	var shadowed map[string]bool
	if withConds {
		shadowed = changedNames(d.Body)
		for _, l := range []*ast.FieldList{d.Recv, d.Type.Params} {
			if l == nil {
				continue
			}
			for _, f := range l.List {
				for _, n := range f.Names {
					shadowed[n.Name] = true
				}
			}
		}
	}
	inspectStack(d.Body, func(stack []ast.Node) {
		r, ok := stack[len(stack)-1].(*ast.ReturnStmt)
		if !ok {
			return
		}
		result := bareResult(d.Type, r)
		if len(r.Results) == 1 {
			result = r.Results[0]
		}
		if result != nil {
			var c []Cond
			if withConds {
				c = x.fieldConds(stack, fn.recvName, shadowed)
			}
			if md := x.selfMethod(result, fn); md != nil {
				// return e.format(): the method's own messages, under
				// this return's conditions and theirs.
				x.inlining[md] = true
				mts, mconds := x.methodBranches(md, x.newFuncCtx(md), withConds)
				delete(x.inlining, md)
				for _, t := range mts {
					conds = append(conds, append(slices.Clip(c), mconds[templateKey(t)]...))
				}
				ts = append(ts, mts...)
				return
			}
			got := s.tmpl(result, 0)
			if withConds {
				if vts, vconds, ok := x.varBranches(s, result, fn.recvName, shadowed); ok {
					for i := range vts {
						conds = append(conds, append(slices.Clip(c), vconds[i]...))
					}
					ts = append(ts, vts...)
					return
				}
			}
			for range got {
				conds = append(conds, c)
			}
			ts = append(ts, got...)
		}
	})
	// "if e == nil { return "<nil>" }" guards a nil receiver; it is not
	// a message anyone meets.
	if len(ts) > 1 {
		for i := len(ts) - 1; i >= 0; i-- {
			if ts[i].String() == "<nil>" {
				ts, conds = slices.Delete(ts, i, i+1), slices.Delete(conds, i, i+1)
			}
		}
	}
	if len(ts) == 0 {
		// No return (the method panics): the message is unknown.
		ts = one(errdex.HolePart(fn.recvType, fn.recvName, errdex.HoleAny))
	}
	x.typeErrorFields(ts, fn)
	var byKey map[string][]Cond
	for i, c := range conds {
		k := templateKey(ts[i])
		prev, seen := byKey[k]
		switch {
		case !seen && len(c) > 0:
			if byKey == nil {
				byKey = map[string][]Cond{}
			}
			byKey[k] = c
		case seen && !slices.Equal(prev, c):
			byKey[k] = nil // returned under other conditions too
		}
	}
	return preferLiteral(dedupe(ts, maxMethodAlternatives)), byKey
}

// selfMethod returns the declaration, in the file, of the method that
// result calls on the receiver of fn without arguments (return e.format()
// in an Error method, where func (e *Error) format() string builds the
// text from e's fields), when it names its receiver as fn does; nil
// otherwise, and for Error and String, and a method being inlined.
func (x *fileCtx) selfMethod(result ast.Expr, fn *funcCtx) *ast.FuncDecl {
	call, ok := ast.Unparen(result).(*ast.CallExpr)
	if !ok || len(call.Args) > 0 || fn.recvName == "" {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name == "Error" || sel.Sel.Name == "String" {
		return nil
	}
	if id, ok := sel.X.(*ast.Ident); !ok || id.Name != fn.recvName {
		return nil
	}
	for _, d := range x.file.Decls {
		md, ok := d.(*ast.FuncDecl)
		if !ok || md.Recv == nil || md.Body == nil || md.Name.Name != sel.Sel.Name || x.inlining[md] ||
			md.Type.Params.NumFields() > 0 || md.Type.Results.NumFields() != 1 {
			continue
		}
		if mfn := x.newFuncCtx(md); mfn.recvType == fn.recvType && mfn.recvName == fn.recvName {
			return md
		}
	}
	return nil
}

// fieldConds returns the guards of the return statement at the top of
// stack that compare a field of the receiver recv with a constant (e.Message
// == "", e.Code != 0), as Conds.
func (x *fileCtx) fieldConds(stack []ast.Node, recv string, shadowed map[string]bool) []Cond {
	if recv == "" {
		return nil
	}
	return x.guardConds(x.guardSetFrom(stack, false), recvField(recv), shadowed)
}

// recvField returns the field of receiver recv a guard's subject names
// (e.Message is Message), "" for another subject.
func recvField(recv string) func(subject string) string {
	return func(subject string) string {
		if field, ok := strings.CutPrefix(subject, recv+"."); ok && isIdent(field) {
			return field
		}
		return ""
	}
}

// typeErrorFields gives the holes of an Error method's templates that
// print a field of type error (e.Err formatted with %s or %v, or
// e.Err.Error()) the hole type errdex.HoleError: the message there is
// another error's, which the matcher looks for inside (a wrapped chain),
// as it does for %w.
func (x *fileCtx) typeErrorFields(ts []errdex.Template, fn *funcCtx) {
	st := x.structs[strings.TrimPrefix(fn.recvType, "*")]
	if st == nil || fn.recvName == "" {
		return
	}
	errFields := map[string]bool{}
	for _, f := range st.Fields.List {
		if id, ok := f.Type.(*ast.Ident); ok && id.Name == "error" {
			for _, n := range f.Names {
				errFields[fn.recvName+"."+n.Name] = true
				errFields[fn.recvName+"."+n.Name+".Error()"] = true
			}
		}
	}
	if len(errFields) == 0 {
		return
	}
	for _, t := range ts {
		for i, p := range t.Parts {
			if p.IsHole() && errFields[p.Expr] {
				t.Parts[i].Type = errdex.HoleError
			}
		}
	}
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

// isOneLine reports whether s is valid UTF-8 whose white space is single
// spaces between words: what clip would return unchanged.
func isOneLine(s string) bool {
	prevSpace := true // a leading space counts as doubled
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			return false // invalid UTF-8, or U+FFFD itself: let clip decide
		case r == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		case unicode.IsSpace(r):
			return false
		default:
			prevSpace = false
		}
	}
	return !prevSpace || s == ""
}

// clip shortens s to at most n bytes on a rune boundary, collapsing
// newlines so that it reads as one line, and replaces invalid UTF-8 (the
// source text of a broken string literal) with U+FFFD.
func clip(s string, n int) string {
	if len(s) <= n && isOneLine(s) {
		return s
	}
	// Only a prefix can show: collapse at most that of a long text (a
	// table of thousands of lines), with room for indentation.
	long := false
	if limit := 4*n + 64; len(s) > limit {
		for limit > 0 && !utf8.RuneStart(s[limit]) {
			limit--
		}
		s, long = s[:limit], true
	}
	s = strings.ToValidUTF8(strings.Join(strings.Fields(s), " "), "\uFFFD")
	if len(s) <= n {
		if long {
			return s + "…"
		}
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
