package golang

import (
	"go/ast"
	"go/types"
)

// Callee is what a call expression names: a function of the file's own
// package (Import ""), a function of an imported package (Import its
// path), or a method of any type (Method: the receiver's type is unknown
// without type checking).
type Callee struct {
	Import string
	Name   string
	Method bool
}

// CallSite is a call that names its callee without type checking: a
// function of the file's own package, a function of an imported package,
// or a method called on the receiver of the method it is in (Recv). The
// file's Facts.CallSites hold one per calling function and callee, at the
// first such call: the repository's analyses list a function's callers
// from them.
type CallSite struct {
	Callee Callee
	// Recv is the type name, without '*' or type parameters, of the
	// value a method is called on (Callee.Method is then set): the
	// enclosing method's receiver, or a parameter or local variable
	// declared with its type (see declaredType); Callee.Import is the
	// type's package when it is another's (var b strings.Builder).
	Recv string
	// Caller is the calling function as a stack names it:
	// "strconv.ParseBool", "os.(*File).Read", "pkg.F.func1" are named by
	// their enclosing declaration ("pkg.F").
	Caller string
	Line   int
}

// callKey identifies a CallSite for deduplication.
type callKey struct {
	callee       Callee
	recv, caller string
}

// recordCall records call, made in fn, in the file's Facts.CallSites when
// its callee is known (see CallSite). Calls of function values and
// conversions are kept under their name like any other: the repository
// analyses only look up names they know.
func (x *fileCtx) recordCall(call *ast.CallExpr, fn *funcCtx) {
	var c Callee
	recv := ""
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		c = Callee{Name: f.Name}
	case *ast.SelectorExpr:
		c = Callee{Name: f.Sel.Name, Method: true}
		if id, ok := f.X.(*ast.Ident); ok {
			if imp, ok := x.imports[id.Name]; ok {
				c = Callee{Import: imp, Name: f.Sel.Name}
			} else if fn != nil && fn.recvName != "" && id.Name == fn.recvName {
				recv = fn.recvType
			} else if imp, name, ok := x.declaredType(fn, id.Name); ok {
				c.Import, recv = imp, name
			}
		}
	case *ast.IndexExpr: // a generic function instantiated: f[T](x)
		if id, ok := f.X.(*ast.Ident); ok {
			c = Callee{Name: id.Name}
		}
	}
	if c.Name == "" {
		return
	}
	if fn == nil || c.Method && recv == "" || isBuiltin(c) {
		return
	}
	k := callKey{c, recv, fn.name}
	if x.callsSeen[k] {
		return
	}
	if x.callsSeen == nil {
		x.callsSeen = map[callKey]bool{}
	}
	x.callsSeen[k] = true
	x.facts.CallSites = append(x.facts.CallSites, CallSite{Callee: c, Recv: recv, Caller: fn.name, Line: x.tf.Line(call.Pos())})
}

// isBuiltin reports whether c names a predeclared function or type of the
// universe scope (len, append, string(x)...), whose calls are not kept.
// min, max and clear are kept: they became built-ins in Go 1.21, and code
// written before often declares its own.
func isBuiltin(c Callee) bool {
	if c.Import != "" || c.Method {
		return false
	}
	switch c.Name {
	case "min", "max", "clear":
		return false
	}
	return types.Universe.Lookup(c.Name) != nil
}

// declaredType returns the named type, and its package's import path ("" for
// the file's own), with which fn declares a parameter or local name (l
// *lexer, var b strings.Builder, p := &parser{}; see funcInfo.types), or
// false for a name of no such type.
func (x *fileCtx) declaredType(fn *funcCtx, name string) (imp, typ string, ok bool) {
	if fn == nil || fn.ftype == nil {
		return "", "", false
	}
	t := fn.infoOf().types[name]
	for {
		switch tt := t.(type) {
		case *ast.StarExpr:
			t = tt.X
			continue
		case *ast.IndexExpr:
			t = tt.X
			continue
		case *ast.IndexListExpr:
			t = tt.X
			continue
		}
		break
	}
	imp, typ, ok = x.ref(t)
	if !ok || imp == "" && types.Universe.Lookup(typ) != nil {
		return "", "", false
	}
	return imp, typ, true
}
