package golang

import "go/ast"

// Callee is what a call expression names: a function of the file's own
// package (Import ""), a function of an imported package (Import its
// path), or a method of any type (Method: the receiver's type is unknown
// without type checking).
type Callee struct {
	Import string
	Name   string
	Method bool
}

// countCall records the callee of call in the file's Facts.CallCounts. Calls of
// function values, conversions and built-ins are counted under their name
// like any other: the repository analyses only look up names they know.
func (x *fileCtx) countCall(call *ast.CallExpr) {
	var c Callee
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		c = Callee{Name: f.Name}
	case *ast.SelectorExpr:
		c = Callee{Name: f.Sel.Name, Method: true}
		if id, ok := f.X.(*ast.Ident); ok {
			if imp, ok := x.imports[id.Name]; ok {
				c = Callee{Import: imp, Name: f.Sel.Name}
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
	if x.facts.CallCounts == nil {
		x.facts.CallCounts = map[Callee]int{}
	}
	x.facts.CallCounts[c]++
}
