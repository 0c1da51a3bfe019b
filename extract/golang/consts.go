package golang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"
)

// Errno-like constants: a package-level constant of a named integer type
// (EEXIST = Errno(0x11), EPERM Errno = 1, A T = iota) whose type's Error
// method returns an element of a table of messages indexed by the value
// (errors[e]) reads the table's entry at its value: a hole that names it
// (Err: syscall.EEXIST) is inlined in Link as a sentinel's would be (see
// linker.errnoEntry).

// constDecl is a package-level constant of the file: its value's
// expression (repeated from the block's previous spec when implicit), its
// declared type, and its spec's index in the block (iota).
type constDecl struct {
	value ast.Expr
	typ   ast.Expr
	iota  int64
}

// intConsts evaluates the file's package-level integer constants: every
// constant whose value is an integer constant expression of literals, iota
// and other constants of the file (implicit repetition of a const block's
// previous expression included). Constants of a named type (declared with
// it, or a conversion to it) are recorded in Facts.Consts.
func (x *fileCtx) intConsts() {
	n := 0 // the constants' names, for the table's room
	for _, d := range x.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, spec := range g.Specs {
				if s, ok := spec.(*ast.ValueSpec); ok {
					n += len(s.Names)
				}
			}
		}
	}
	x.constDecls = make(map[string]constDecl, n)
	x.intVals = map[string]constant.Value{}
	order := make([]string, 0, n)
	for _, d := range x.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		var values []ast.Expr
		var typ ast.Expr
		for i, spec := range g.Specs {
			s, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			if len(s.Values) > 0 || s.Type != nil {
				values, typ = s.Values, s.Type
			}
			for j, name := range s.Names {
				if name.Name == "_" || j >= len(values) {
					continue
				}
				if _, dup := x.constDecls[name.Name]; !dup {
					order = append(order, name.Name)
				}
				x.constDecls[name.Name] = constDecl{values[j], typ, int64(i)}
			}
		}
	}
	for _, name := range order {
		v := x.constValue(name)
		d := x.constDecls[name]
		typ := d.typ
		if typ == nil {
			if call, ok := ast.Unparen(d.value).(*ast.CallExpr); ok && len(call.Args) == 1 {
				typ = call.Fun
			}
		}
		if v.Kind() != constant.Int || typ == nil {
			continue
		}
		imp, tname, ok := x.ref(ast.Unparen(typ))
		if !ok || imp == "" && builtinFunc[tname] {
			continue
		}
		x.facts.Consts = append(x.facts.Consts, Const{Name: name, Type: TypeRef{Import: imp, Name: tname}, Value: v.ExactString()})
	}
}

// constValue returns the value of the file's constant name: unknown for
// another name or a value that is no integer constant expression.
func (x *fileCtx) constValue(name string) constant.Value {
	if v, ok := x.intVals[name]; ok {
		return v
	}
	d, ok := x.constDecls[name]
	if !ok {
		return constant.MakeUnknown()
	}
	x.intVals[name] = constant.MakeUnknown() // a cycle (invalid Go) reads unknown
	v := x.evalInt(d.value, d.iota)
	x.intVals[name] = v
	return v
}

// evalInt evaluates an integer constant expression of literals, iota (its
// value given) and the file's constants; unknown for anything else.
func (x *fileCtx) evalInt(e ast.Expr, iota int64) constant.Value {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.INT:
			return constant.MakeFromLiteral(e.Value, e.Kind, 0)
		case token.CHAR:
			return constant.ToInt(constant.MakeFromLiteral(e.Value, e.Kind, 0))
		}
	case *ast.Ident:
		if _, shadowed := x.constDecls["iota"]; e.Name == "iota" && !shadowed {
			return constant.MakeInt64(iota)
		}
		return x.constValue(e.Name)
	case *ast.ParenExpr:
		return x.evalInt(e.X, iota)
	case *ast.CallExpr: // a conversion T(x)
		if len(e.Args) == 1 && conversionType(e.Fun) {
			return x.evalInt(e.Args[0], iota)
		}
	case *ast.UnaryExpr:
		v := x.evalInt(e.X, iota)
		switch e.Op {
		case token.SUB, token.ADD, token.XOR:
			if v.Kind() == constant.Int {
				return constant.UnaryOp(e.Op, v, 0)
			}
		}
	case *ast.BinaryExpr:
		a, b := x.evalInt(e.X, iota), x.evalInt(e.Y, iota)
		if a.Kind() != constant.Int || b.Kind() != constant.Int {
			break
		}
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.OR, token.AND, token.XOR, token.AND_NOT:
			return constant.BinaryOp(a, e.Op, b)
		case token.QUO:
			if constant.Sign(b) != 0 {
				return constant.BinaryOp(a, token.QUO_ASSIGN, b) // integer division
			}
		case token.REM:
			if constant.Sign(b) != 0 {
				return constant.BinaryOp(a, e.Op, b)
			}
		case token.SHL, token.SHR:
			if s, ok := constant.Uint64Val(b); ok && s < 64 {
				return constant.Shift(a, e.Op, uint(s))
			}
		}
	}
	return constant.MakeUnknown()
}

// conversionType reports whether a call's function may be a type that
// converts an integer constant: a name or a qualified name, not a
// predeclared function.
func conversionType(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		switch f.Name {
		case "len", "cap", "min", "max", "real", "imag", "complex", "string":
			return false
		}
		return true
	case *ast.SelectorExpr:
		_, ok := f.X.(*ast.Ident)
		return ok
	}
	return false
}

// tableKeys returns the keys of a table's elements, parallel to cl.Elts:
// an element's index (its key's value, or the previous index plus one for
// an element without key, as in an array literal) in decimal, and for a
// key that is a name also the name ("EPERM"); nil for an element whose key
// is neither.
func (x *fileCtx) tableKeys(cl *ast.CompositeLit) [][]string {
	out := make([][]string, len(cl.Elts))
	next, known := int64(0), true
	for i, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			if known {
				out[i] = []string{strconv.FormatInt(next, 10)}
				next++
			}
			continue
		}
		known = false
		if v := x.evalInt(kv.Key, 0); v.Kind() == constant.Int {
			if n, ok := constant.Int64Val(v); ok {
				out[i] = append(out[i], strconv.FormatInt(n, 10))
				next, known = n+1, true
			}
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			out[i] = append(out[i], id.Name)
		}
	}
	return out
}

// condConst returns, for the value a condition compares with (kind ==
// kindFile), the constant it names as a literal when it is a constant of
// the file that shadowed does not hide: a string constant as its quoted
// literal (kindFile = "file" gives "\"file\"", through constants naming
// constants), an integer one as its decimal value (modeWrite, of iota + 1,
// gives "2"); otherwise value as written, which condValue takes as
// unknown.
func (x *fileCtx) condConst(value string, shadowed map[string]bool) string {
	name := value
	for range maxAliasHops {
		if !isIdent(name) || shadowed[name] {
			return value
		}
		d, ok := x.constDecls[name]
		if !ok {
			return value
		}
		switch e := ast.Unparen(d.value).(type) {
		case *ast.BasicLit:
			if e.Kind == token.STRING {
				return e.Value
			}
		case *ast.Ident:
			if _, ok := x.constDecls[e.Name]; ok && e.Name != "iota" {
				name = e.Name
				continue
			}
		}
		if v := x.constValue(name); v.Kind() == constant.Int {
			return v.ExactString()
		}
		return value
	}
	return value
}
