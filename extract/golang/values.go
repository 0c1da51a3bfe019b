package golang

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// Package-level values: a constant, or a variable nothing assigns, whose
// value is known text reads as that text where a message names it. The
// file's own constants and unexported variables are read while the file
// is extracted (see resolveIdent); the others, of another file of the
// package (Name) or of another package of the repository (names.Duration,
// where the import path names a directory of the repository, see
// linker.dirFor), in Link, which knows every file's assignments.

// maxValueAlternatives bounds the texts a package-level value may have.
const maxValueAlternatives = 4

// assignments records the package-level names the file's functions may
// change: assigned (=, op=), incremented or whose address is taken, in
// x.assigned for names of the file's package and in Facts.Assigned with
// those of other packages (pkg.X = ...). A local of the same name counts
// too: a value is kept only when it surely holds.
func (x *fileCtx) assignments() {
	x.assigned = map[string]bool{}
	seen := map[NameRef]bool{}
	note := func(e ast.Expr) {
		var r NameRef
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			r.Name = e.Name
		case *ast.SelectorExpr:
			id, ok := e.X.(*ast.Ident)
			if !ok || x.imports[id.Name] == "" {
				return
			}
			r = NameRef{Import: x.imports[id.Name], Name: e.Sel.Name}
		default:
			return
		}
		if r.Name == "_" || seen[r] {
			return
		}
		seen[r] = true
		if r.Import == "" {
			x.assigned[r.Name] = true
		}
		x.facts.Assigned = append(x.facts.Assigned, r)
	}
	ast.Inspect(x.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					note(l)
				}
			}
		case *ast.IncDecStmt:
			note(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				note(n.X)
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						note(e)
					}
				}
			}
		}
		return true
	})
}

// varValue returns the texts of a package-level variable of the file
// that no function of the file assigns, nil for another name or a value
// that is no known text. An exported variable is left to Link, which
// knows what other packages assign.
func (x *fileCtx) varValue(name string, depth int) []errdex.Template {
	v, ok := x.vars[name]
	if !ok || x.assigned[name] || token.IsExported(name) || !x.textVar(name, v) {
		return nil
	}
	return x.knownText(v, depth)
}

// textVar reports whether a package-level variable may hold text rather
// than an error: not named like one (errX), not built by an error
// constructor (var errClosed = errors.New("closed") is a sentinel, see
// Facts.Sentinels).
func (x *fileCtx) textVar(name string, v ast.Expr) bool {
	if isErrName(name) {
		// Named like an error, but an untyped string is text (var
		// errPrefix = "expecting the prefix [col %d]", a format).
		return !x.typedVars[name] && isStringText(v)
	}
	if call, ok := ast.Unparen(v).(*ast.CallExpr); ok {
		if _, ctor := x.ctorOf(call); ctor {
			return false
		}
	}
	return true
}

// isStringText reports whether e is a string literal or a concatenation
// of them.
func isStringText(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return e.Op == token.ADD && isStringText(e.X) && isStringText(e.Y)
	}
	return false
}

// knownText returns the messages of a package-level value when they are
// text: at most maxValueAlternatives templates without holes; nil
// otherwise.
func (x *fileCtx) knownText(v ast.Expr, depth int) []errdex.Template {
	switch ast.Unparen(v).(type) {
	case *ast.BasicLit, *ast.BinaryExpr, *ast.CallExpr, *ast.Ident:
	default:
		return nil // a table, a function, a pointer: tmpl would make a hole
	}
	ts := scope{x, nil}.tmpl(v, depth+1)
	if len(ts) == 0 || len(ts) > maxValueAlternatives {
		return nil
	}
	for _, t := range ts {
		if len(t.Holes()) > 0 {
			return nil
		}
	}
	return ts
}

// recordValues records in Facts.Values the file's package-level
// constants, and the variables no function of the file assigns, whose
// value is known text, in declaration order.
func (x *fileCtx) recordValues() {
	named := map[string]bool{}
	for _, c := range x.facts.Consts {
		named[c.Name] = true
	}
	for _, d := range x.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST && g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			s, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, name := range s.Names {
				if named[name.Name] {
					continue // printed by its type's methods
				}
				v, ok := x.consts[name.Name]
				v = x.unconvert(v)
				if g.Tok == token.VAR {
					v, ok = x.vars[name.Name]
					ok = ok && !x.assigned[name.Name] && x.textVar(name.Name, v)
				}
				if !ok {
					continue
				}
				if ts := x.knownText(v, 0); ts != nil {
					x.facts.Values = append(x.facts.Values, Value{Name: name.Name, Templates: ts, Var: g.Tok == token.VAR})
				}
			}
		}
	}
}

// unconvert returns the string a constant's conversion converts
// (FullName("google.protobuf.Any") gives the literal): a constant
// expression calls no function but the builtins conversionType leaves
// out. A number converted to a named type (EEXIST = Errno(0x11)) stays:
// its type's methods print it.
func (x *fileCtx) unconvert(e ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !conversionType(call.Fun) || (scope{x, nil}).isNumber(call.Args[0]) {
			return e
		}
		e = call.Args[0]
	}
}

// freeName records a name a message leaves as a hole though no local
// declares it (see Facts.Free).
func (x *fileCtx) freeName(name string) {
	if !x.free[name] {
		x.free[name] = true
		x.facts.Free = append(x.facts.Free, name)
	}
}

// dropLocalNames removes from Facts.Free the names a function of the
// file declares (a parameter, a receiver, :=, var, a range variable):
// Link tells holes apart by name alone, and a hole of such a name may
// read the local (func labelled(Label string) beside a free Label).
func (x *fileCtx) dropLocalNames() {
	if len(x.facts.Free) == 0 {
		return
	}
	local := map[string]bool{}
	for _, d := range x.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			addDeclared(fd, local)
		}
	}
	x.facts.Free = slices.DeleteFunc(x.facts.Free, func(name string) bool { return local[name] })
}

// inlineValues replaces the holes that name a package-level value of
// another file with its text: a free name of the file (see Facts.Free)
// read in its package, pkg.Name in the package of the repository the
// file imports as pkg. A variable some file assigns is left a hole; a
// name with different texts in several files (builds) reads each, first
// the text of the file the most platforms build.
func (l *linker) inlineValues() {
	wanted := l.valueHoles()
	values := map[key][]errdex.Template{}
	widest := map[key]int{} // the width of the build of values[k][0]
	isVar := map[key]bool{}
	assigned := map[key]bool{}
	for _, fx := range l.facts {
		if fx == nil {
			continue
		}
		for _, v := range fx.Values {
			k := key{fx.Dir, v.Name}
			if !wanted[k] {
				continue // no hole reads it
			}
			if old, ok := values[k]; !ok {
				values[k] = dedupe(v.Templates, maxValueAlternatives) // no copy for one text
				widest[k] = l.width(fx)
			} else if w := l.width(fx); w > widest[k] { // a name of several files (builds)
				values[k] = dedupe(append(slices.Clone(v.Templates), old...), maxValueAlternatives)
				widest[k] = w
			} else {
				values[k] = dedupe(append(old, v.Templates...), maxValueAlternatives)
			}
			isVar[k] = isVar[k] || v.Var
		}
		for _, a := range fx.Assigned {
			if d := l.dir(fx.Dir, a.Import); d != "" {
				assigned[key{d, a.Name}] = true
			}
		}
	}
	if len(values) == 0 {
		return
	}
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		free := freeNames(fx)
		lookup := func(p errdex.Part) []errdex.Template {
			k, ok := l.valueKey(fx, p.Expr, free)
			if !ok || isVar[k] && assigned[k] {
				return nil
			}
			return readsAs(p, values[k])
		}
		for _, s := range f.Sites {
			if ts, ok := substValues(append([]errdex.Template{s.Template}, s.Alternatives...), lookup); ok {
				s.Template, s.Alternatives = ts[0], ts[1:]
			}
		}
		for i := range fx.Calls {
			for j := range fx.Calls[i].Args {
				a := &fx.Calls[i].Args[j]
				a.Templates, _ = substValues(a.Templates, lookup)
				a.Printf, _ = substValues(a.Printf, lookup)
			}
		}
		for i := range fx.Stringers {
			fx.Stringers[i].Templates, _ = substValues(fx.Stringers[i].Templates, lookup)
		}
		for i := range fx.Literals {
			lit := &fx.Literals[i]
			lit.Fallback, _ = substValues(lit.Fallback, lookup)
			for j := range lit.Fields {
				f := &lit.Fields[j]
				if ts, ok := substValues(append([]errdex.Template{f.Template}, f.Alternatives...), lookup); ok && len(ts) == 1+len(f.Alternatives) {
					f.Template, f.Alternatives = ts[0], ts[1:]
				}
			}
		}
	})
}

// valueHoles returns the package-level names that holes of the files'
// messages name (see valueKey): the only values inlineValues looks up,
// of the many the files record.
func (l *linker) valueHoles() map[key]bool {
	wanted := map[key]bool{}
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		free := freeNames(fx)
		mark := func(ts ...errdex.Template) {
			for _, t := range ts {
				for _, p := range t.Parts {
					if !p.IsHole() {
						continue
					}
					if k, ok := l.valueKey(fx, p.Expr, free); ok {
						wanted[k] = true
					}
				}
			}
		}
		for _, s := range f.Sites {
			mark(s.Template)
			mark(s.Alternatives...)
		}
		for i := range fx.Calls {
			for _, a := range fx.Calls[i].Args {
				mark(a.Templates...)
				mark(a.Printf...)
			}
		}
		for _, s := range fx.Stringers {
			mark(s.Templates...)
		}
		for _, lit := range fx.Literals {
			mark(lit.Fallback...)
			for _, f := range lit.Fields {
				mark(f.Template)
				mark(f.Alternatives...)
			}
		}
	})
	return wanted
}

// freeNames returns the set of fx.Free.
func freeNames(fx *Facts) map[string]bool {
	free := make(map[string]bool, len(fx.Free))
	for _, n := range fx.Free {
		free[n] = true
	}
	return free
}

// valueKey returns the package-level name a hole's expression names: a
// free name of the file in its own package, pkg.Name in the directory of
// the repository that the file's import pkg names.
func (l *linker) valueKey(fx *Facts, expr string, free map[string]bool) (key, bool) {
	q, name, qualified := strings.Cut(expr, ".")
	if !qualified {
		return key{fx.Dir, expr}, free[expr]
	}
	imp, ok := fx.Imports[q]
	if !ok || !isIdent(name) {
		return key{}, false
	}
	d := l.dirFor(imp)
	return key{d, name}, d != ""
}

// readsAs returns the texts a hole reads as a value's: a hole of any
// text, a string or a path takes them, a number's only digits, a format's
// (see holeFormat) literal texts with their verbs as holes; nil for
// another hole (a %q of the value prints it quoted).
func readsAs(p errdex.Part, ts []errdex.Template) []errdex.Template {
	switch p.Type {
	case errdex.HoleAny, errdex.HoleStr, errdex.HolePath:
		return ts
	case holeFormat:
		// A format constant of another file: printed with its verbs
		// filled by arguments not seen here.
		out := make([]errdex.Template, len(ts))
		for i, t := range ts {
			lit, ok := literalText(t)
			if !ok {
				return nil
			}
			out[i] = errdex.NewTemplate(formatParts(lit)...)
		}
		return out
	case errdex.HoleInt:
		if len(ts) == 1 && isDigits(ts[0].String()) {
			return ts
		}
	}
	return nil
}

// substValues replaces in each template the holes lookup gives texts for,
// a template for each combination of them, and reports whether any was
// replaced.
func substValues(ts []errdex.Template, lookup func(errdex.Part) []errdex.Template) ([]errdex.Template, bool) {
	var out []errdex.Template
	changed := false
	for i, t := range ts {
		var found [][]errdex.Template // made at the first hole with texts
		for j, p := range t.Parts {
			if !p.IsHole() {
				continue
			}
			if vs := lookup(p); vs != nil {
				if found == nil {
					found = make([][]errdex.Template, len(t.Parts))
				}
				found[j] = vs
			}
		}
		if found == nil {
			if changed {
				out = append(out, t)
			}
			continue
		}
		if !changed {
			out = append(out, ts[:i]...) // the templates before, unchanged
			changed = true
		}
		acc := one()
		for j, p := range t.Parts {
			if found[j] == nil {
				found[j] = one(p)
			}
			acc = product(acc, found[j])
		}
		out = append(out, acc...)
	}
	if !changed {
		return ts, false
	}
	return dedupe(out, max(len(ts), maxAlternatives)), true
}
