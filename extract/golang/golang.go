// Package golang finds error sites in Go source code. It parses with the
// standard library's go/parser (no tree-sitter: about 8x faster on Go code,
// and no cgo), so its Extractor has no Grammar and reads File.Src itself.
//
// # Sites
//
//   - errors.New(msg), and New of github.com/pkg/errors,
//     github.com/cockroachdb/errors and golang.org/x/xerrors: kind
//     errors-new. A package-level `var ErrX = errors.New(...)` is a sentinel:
//     the same site, recorded in Facts with the places that return it.
//   - fmt.Errorf and the Errorf/Newf/Wrap/Wrapf/WithMessage(f) of the error
//     packages above: kind errorf. Printf verbs become typed holes (see
//     template.Printf); %w becomes a hole of type errdex.HoleError, and
//     Wrap(err, msg) is "msg: {err}" with the same hole type, so a message
//     is "this template followed by another error's message" exactly where
//     the template says so.
//   - panic(x): kind panic when x's message is known (a string, a Sprintf,
//     an errors.New/fmt.Errorf call, a composite literal of an error type);
//     kind raise-object when x is an error value built elsewhere (panic(err),
//     panic(r) after recover).
//   - the Go runtime's throw(msg) and fatal(msg) ("fatal error: concurrent
//     map writes"): kind panic, Exception "fatal error".
//   - log.Fatal*/log.Panic* and the same functions of logrus, glog and klog:
//     kind log-fatal, message formatted as fmt.Sprint/Sprintf/Sprintln do.
//   - Error() string methods: kind error-method, the template built from the
//     returned expression (e.Op + " " + e.Path + ": " + e.Err.Error() gives
//     holes for the fields); several returns give Alternatives.
//   - Tables of messages: an Error method that returns an element of a
//     package-level array, slice or map of string literals (syscall's
//     Errno returns errors[e]; crypto/tls's alert returns e.String(), which
//     returns "tls: " + alertText[e]) gives each distinct entry a site of
//     its own at the entry's line: kind error-method, the method's
//     Exception and Function, the method's message with the entry in place
//     of the element ("no such file or directory" at its line of
//     zerrors_linux_amd64.go). Link pairs the method with the tables of
//     that name in files some build compiles together with it, at most
//     512 entries a table; the method's site keeps its other messages
//     ("errno {e}").
//   - Values of error types wherever they are constructed: composite
//     literals (return &PathError{Op: "open", Path: name, Err: err};
//     s.err = &SyntaxError{...}; d.saveError(&UnmarshalTypeError{...});
//     one of several results, an element of a table, an argument) and
//     conversions (panic(plainError("...")), var divideError =
//     error(errorString("integer divide by zero")), err = EscapeError(s)):
//     kind raise (panic when panicked), the template the type's Error
//     method gives with the value substituted ("open {name}: {err}",
//     "runtime error: integer divide by zero"). A value returned, panicked,
//     assigned or kept in a package variable is located at that statement,
//     any other at the expression; each construction is one site. As a
//     call T(x) reads like a conversion, one outside a return or a panic is
//     looked at only when the type, or the variable it is assigned to, is
//     named like an error (EscapeError, plainError, err = T(x)). These are
//     resolved in Link, across the files of the repository (following type
//     aliases such as os's PathError = fs.PathError); a value whose type
//     has no known Error method is dropped, or kept as a raise-object site
//     when panicked.
//
// Constructor helpers: a small function or method (at most maxHelperStmts
// statements, maxHelperSites sites) whose sites read its parameters —
// func badStringError(what, val string) error { return fmt.Errorf("%s %q",
// what, val) }, func (d *Decoder) syntaxError(msg string) error { return
// &SyntaxError{Msg: msg, Line: d.line} } — gives each call of it whose
// arguments give text (a string literal or constant) a site at the call:
// the helper's messages, settled in Link (an error type's Error method
// applied), with each parameter read by the call's argument
// (badStringError("unsupported protocol scheme", scheme) is "unsupported
// protocol scheme {scheme}"); a format parameter (a string before a final
// ...any) reads the call's format applied to its arguments, as does a
// parameter before a final variadic one that an Error method formats
// from a field (getErr(code ErrorCode, args ...any) { return
// &Error{Code: code, Args: args} }, the method's fmt.Sprintf(
// e.Code.String(), e.Args...): getErr(ErrUndefinedNameRef, capname) is
// "reference to undefined group name {capname}"); a variadic parameter
// the call passes nothing for is nil, one it passes values for is not
// (the method's len(e.Args) == 0). Where a field's format gets text
// otherwise, its verbs are holes (see holeFormat). A printf
// wrapper named like an error (errorf, fail) that passes its format to
// fmt.Sprintf without making a site gives its calls the format as an
// errorf site. The call's site takes the helper's kind and exception and
// cites it in a "helper" fact; the helper keeps its own site. Calls are
// resolved by name within the package (x.m by the receiver's or the
// variable's declared type, or the only type with such a method), by
// import path, or through a receiver's field of a named type
// (p.errors.Add). A closure assigned once to a local variable (addrErr :=
// func(addr, why string) ...) is a helper for the calls of that variable
// in its function. A small function that passes its parameters on to one
// helper, in a call whose error leaves it, is a helper too, up to
// maxHelperDepth deep (go/parser's errorExpected → error → ErrorList.Add;
// see chains.go). An argument makes a call a site only where its text
// shows in the message. A helper's own site also takes, as alternatives,
// its messages with the constants its callers in the package pass
// (through helpers that pass a parameter on unchanged, as strconv's
// toError) in place of the parameters they read (see callers.go).
//
// Branches: an Error method's messages carry the conditions on receiver
// fields they are returned under (if e.Message == "" { return A }; return
// B; switch e.kind { case kindA, kindB: return A; default: return B },
// the statements after a switch whose every case returns taking the
// negation of its cases; len(e.s) > 0 reads e.s != ""; e.Line > 0, an
// order, with an integer constant), so a value's field, or a helper's
// argument for it, selects the message (see conds.go); a field set to an
// integer constant of a named type of its package, of any file (kind:
// kindUnknown), reads its value, one set to an address (&name) is not
// nil, one left out of a keyed literal is its zero value. A message
// built in a local variable carries the conditions on receiver fields
// under which its values were assigned, by an if or a case of a switch
// without fallthrough (s := "section " + e.sect; if e.variable != nil {
// s += ", variable " + *e.variable }; return s: each
// combination of the values of the variables a return reads, at most
// maxVarCombos, a message with the conditions of their paths; see
// varBranches). A strings.Builder or bytes.Buffer written to
// (b.WriteString, b.WriteByte, fmt.Fprintf(&b, ...)) and read by
// b.String() is such a variable, and so is a local slice of strings
// that strings.Join joins, built from a literal and appends outside loops
// (see builder.go). A helper's
// own sites carry the conditions on its parameters they are made under
// (if kind == "x" { return A }; return B), so a call's constant takes only the messages of the
// branches it can reach, and a caller's constant specialises only those
// sites. A condition comparing with a constant of the file (kind ==
// kindFile, e.Kind == kindDir) reads its value (see condConst), unless a
// parameter or local of the function hides it. An Error method returning a field's or an
// embedded field's String() (exec.ExitError: e.ProcessState.String())
// takes that method's messages, of every build's variant, the most widely
// built first; a sentinel defined for several builds resolves to the one
// a build compiles with the reference.
//
// Fatal errors outside the runtime: a call with text of a function
// declared without a body that the linker supplies with the runtime's
// throw or fatal (see fatal.go) is a panic site with Exception "fatal
// error", as sync's fatal("sync: unlock of unlocked mutex").
//
// Sentinel references: a hole that names a package-level sentinel (a
// field Err: fs.ErrInvalid, an argument of %w) reads the sentinel's text
// ("open {name}: invalid argument"), resolved in Link across the packages
// of the repository (import path → directory) through aliases (var
// ErrInvalid = fs.ErrInvalid) and getters (var ErrInvalid = errInvalid(),
// where func errInvalid() error { return oserror.ErrInvalid }), at most
// maxAliasHops steps; the site cites the sentinel in a "wraps" fact.
// A hole that names an errno-like constant — a package-level constant of
// a named type whose value is an integer constant (EEXIST = Errno(0x11),
// EPERM Errno = 1, iota included), the type's Error method returning an
// element of a table indexed by the receiver (errors[e]) — reads the
// table's entry at the constant's value (keyed 17: "...", EPERM: "...",
// or by position) the same way: Err: syscall.EEXIST reads "file exists",
// citing its line of zerrors_darwin_amd64.go. Of the constants and tables
// of several builds, a constant of a build compiled with the reference
// (the most widely built first) and a table of a build compiled with both
// (the constant's own file first) are read; a sentinel of that name
// compiled with the reference comes first (see errno.go).
//
// errors.Join is not a site: it has no text of its own (its message is the
// joined messages, one per line), and each joined error has its own site.
//
// # Conventions
//
// Exception: Go errors print no type, so sites whose error is a plain value
// (errors.New, fmt.Errorf, panics with strings, log.Fatal) leave Exception
// empty. Sites of a named error type (error-method and raise sites, panics
// with a composite literal) set it to the type as fmt's %T prints it:
// "*fs.PathError", "strconv.NumError" (the receiver's form).
//
// Function: the enclosing function as the last element of a Go stack
// frame's function name: "os.ReadFile", "os.(*File).Read", "bufio.Reader.Peek"
// for a value receiver, "list.(*List[...]).Push" for a generic receiver, and
// "pkg.init" for package-level declarations (where Go runs them). Closures
// and method values belong to the function that contains them. A frame
// "github.com/x/y/pkg.(*T).M" matches a site by its suffix after the last '/'.
//
// Variables: a message built in a local variable (msg := "..."; if c { msg =
// "..." }; return errors.New(msg)) resolves to the assignments that reach
// the use: an assignment in a block enclosing the use replaces the earlier
// ones, an assignment in a sibling branch adds an alternative, "+=" appends.
// The empty string is a value too (where := ""; if line != 0 { where =
// "line 3: " } gives a message without the piece), unless the variable
// is declared with another type (var n int: its zero value prints
// otherwise). An argument of Sprintf or Errorf with several values gives
// a message for each (up to maxAlternatives in all), the first of each
// (the empty one last) making the main message.
//
// Build constraints: a file compiled only for some builds (a //go:build
// line, or the old // +build lines, before the package clause; a file name
// ending in _GOOS, _GOARCH or _GOOS_GOARCH, before any _test) gives each of
// its sites a first Guard of kind "build" whose Condition is the whole
// constraint as a build-constraint expression ("unix && !ios", "linux &&
// amd64", "goexperiment.jsonv2"), Source the directive as written (or "file
// name zerrors_linux_amd64.go") and Line the directive's line (0 for a file
// name alone); Site.Build holds the same condition, for the matcher.
//
// Files with syntax errors yield the sites of the partial tree go/parser
// returns, with the errors as Problems; test files, cgo files, build-tagged
// and generated files are extracted like any other file.
package golang

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/scanner"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// Extractor finds the error sites of Go files.
var Extractor = &extract.Extractor{
	Language: "go",
	Doc:      "errors.New, fmt.Errorf, panic, log.Fatal*/Panic*, sentinel errors, Error() methods and error-type literals in Go (go/parser)",
	Extract:  extractFile,
	Link:     link,
}

// maxProblems caps the syntax errors reported for one file.
const maxProblems = 5

// kindLiteral is the site kind of a composite literal of an error type. It
// is errdex.KindRaise: the Go counterpart of raising a new exception object.
const kindLiteral = errdex.KindRaise

func extractFile(f *extract.File) (*extract.FileResult, error) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, f.Path, f.Src, parser.SkipObjectResolution)
	res := &extract.FileResult{}
	if err != nil {
		if list, ok := err.(scanner.ErrorList); ok {
			for i, e := range list {
				if i == maxProblems {
					res.Problems = append(res.Problems, strconv.Itoa(len(list)-maxProblems)+" more syntax errors")
					break
				}
				res.Problems = append(res.Problems, "syntax error: "+e.Error())
			}
		} else {
			res.Problems = append(res.Problems, "parse: "+err.Error())
		}
	}
	if af == nil || af.Name == nil {
		return res, nil
	}
	x := newFileCtx(f, fset, af)
	x.broken = err != nil
	x.run()
	x.recordValues()
	x.dropLocalNames()
	x.siteGuards()
	// Kept until Link: without the room left by their growth.
	x.facts.Calls = trimmed(x.facts.Calls)
	x.facts.Values = trimmed(x.facts.Values)
	x.facts.CallSites = trimmed(x.facts.CallSites)
	x.facts.Build = x.buildGuard()
	guardFile(x.facts.Build, x.sites)
	res.Sites = x.sites
	res.Facts = x.facts
	res.Analysis = x.analysisFacts()
	res.Problems = append(res.Problems, x.problems...)
	return res, nil
}

// trimmed returns s, or a copy of it without spare capacity when it has
// some.
func trimmed[S ~[]E, E any](s S) S {
	if len(s) == 0 || cap(s) == len(s) {
		return s
	}
	return slices.Clone(s)
}

// fileCtx is the state of extracting one file.
type fileCtx struct {
	path    string
	src     []byte
	tf      *token.File
	file    *ast.File
	pkg     string
	imports map[string]string // local name → import path
	consts  map[string]ast.Expr
	// vars are the values of the file's package-level variables,
	// assigned the names its functions may change (see assignments), and
	// free the names its messages leave as holes (see Facts.Free).
	vars map[string]ast.Expr
	// typedVars are the package-level variables declared with a type.
	typedVars map[string]bool
	assigned  map[string]bool
	free      map[string]bool
	// constDecls are the file's package-level constants, and intVals the
	// values of those evaluated (see intConsts).
	constDecls map[string]constDecl
	intVals    map[string]constant.Value
	structs    map[string]*ast.StructType
	// wrappers are the printf wrappers of the file (see printfWrapper):
	// the index of the format parameter by helperKey.
	wrappers map[string]int
	// folded are calls whose message belongs to an enclosing site
	// (panic(errors.New(...))), so they are not sites of their own.
	folded map[*ast.CallExpr]bool
	// callsSeen are the CallSites recorded, one per caller and callee.
	callsSeen map[callKey]bool
	// made are the values of named types that have a site (see
	// literalSite), so that each construction has one.
	made map[ast.Expr]bool
	// inlining are the methods whose messages an enclosing method is
	// taking in place of a call (see selfMethod).
	inlining map[*ast.FuncDecl]bool
	sites    []*errdex.Site
	// siteNodes are the nodes of the sites, for their guards.
	siteNodes map[ast.Node][]*errdex.Site
	// callNodes are the calls of helpers that Link may make sites.
	callNodes map[*ast.CallExpr]*callSite
	facts     *Facts
	problems  []string
	// memo holds the messages of names already resolved, and steps
	// counts evaluated expressions (see maxSteps).
	memo  map[*ast.Ident][]errdex.Template
	steps int
	// broken is set when the file has syntax errors: sites that contain
	// a piece go/parser could not parse are dropped.
	broken bool
}

func newFileCtx(f *extract.File, fset *token.FileSet, af *ast.File) *fileCtx {
	x := &fileCtx{
		path:      f.Path,
		src:       f.Src,
		tf:        fset.File(af.Pos()),
		file:      af,
		pkg:       af.Name.Name,
		imports:   map[string]string{},
		consts:    map[string]ast.Expr{},
		vars:      map[string]ast.Expr{},
		typedVars: map[string]bool{},
		free:      map[string]bool{},
		structs:   map[string]*ast.StructType{},
		wrappers:  map[string]int{},
		folded:    map[*ast.CallExpr]bool{},
		made:      map[ast.Expr]bool{},
		inlining:  map[*ast.FuncDecl]bool{},
		memo:      map[*ast.Ident][]errdex.Template{},
		siteNodes: map[ast.Node][]*errdex.Site{},
		callNodes: map[*ast.CallExpr]*callSite{},
	}
	x.facts = &Facts{Package: x.pkg, Dir: path.Dir(f.Path), Path: f.Path}
	for _, imp := range af.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if strings.HasPrefix(name, "v") && isDigits(name[1:]) && strings.Contains(p, "/") {
			name = path.Base(path.Dir(p)) // k8s.io/klog/v2 → klog
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name != "_" && name != "." {
			x.imports[name] = p
		}
	}
	x.facts.Imports = x.imports
	return x
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// run extracts the file: package-level declarations first (constants,
// types and tables feed templates), then every function.
func (x *fileCtx) run() {
	x.intConsts()
	x.assignments()
	for _, d := range x.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			switch s := spec.(type) {
			case *ast.ValueSpec:
				x.declValues(g.Tok, s)
			case *ast.TypeSpec:
				if s.Assign.IsValid() && s.Name != nil {
					if imp, target, ok := x.ref(s.Type); ok {
						x.facts.TypeAliases = append(x.facts.TypeAliases, Alias{Name: s.Name.Name, Import: imp, Target: target})
					}
				}
				if st, ok := s.Type.(*ast.StructType); ok && s.Name != nil {
					x.structs[s.Name.Name] = st
					x.facts.Structs = append(x.facts.Structs, Struct{Name: s.Name.Name, Fields: fieldNames(st), Types: x.fieldTypes(st)})
				}
				if elem, ok := x.listElem(s); ok {
					x.facts.Lists = append(x.facts.Lists, ListType{Name: s.Name.Name, Elem: elem})
				}
			}
		}
	}
	for _, d := range x.file.Decls {
		if d, ok := d.(*ast.FuncDecl); ok {
			x.printfWrapper(d)
		}
	}
	pkgLevel := &funcCtx{name: x.pkg + ".init"}
	for _, d := range x.file.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			switch d.Tok {
			case token.VAR:
				x.walk(d, pkgLevel)
			case token.CONST:
				x.packageVars(constErrors(d), pkgLevel, map[*ast.CallExpr]string{}, map[*ast.CallExpr]string{})
			}
		case *ast.FuncDecl:
			x.getter(d)
			x.fatalLinks(d)
			fn := x.newFuncCtx(d)
			if d.Body != nil {
				before, calls := len(x.sites), len(x.facts.Calls)
				x.walk(d.Body, fn)
				x.helper(d, fn, slices.Clone(x.sites[before:]), calls)
				x.fieldFacts(d, fn)
				x.closureHelpers(fn, x.sites[before:])
			}
			switch {
			case isErrorMethod(d):
				x.errorMethod(d, fn)
			case isTextMethod(d, "String"):
				x.facts.Stringers = append(x.facts.Stringers, Stringer{Name: fn.recvType, Recv: fn.recvName, Templates: x.methodTemplates(d, fn)})
			}
		}
	}
}

// constErrors returns the constants of d whose value is an error made
// of text: a string literal converted to an error type (const ErrX =
// Error("...")), or declared with one (const ErrInvalidID strErr = "xid:
// invalid ID"), which it rewrites as that conversion, spanning the
// literal. Numbers (EINVAL = Errno(0x16)) are read as tables' keys
// instead (see Facts.Consts).
func constErrors(d *ast.GenDecl) *ast.GenDecl {
	out := &ast.GenDecl{Tok: d.Tok}
	for _, spec := range d.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, v := range vs.Values {
			if lit, ok := ast.Unparen(v).(*ast.BasicLit); ok && lit.Kind == token.STRING && vs.Type != nil && errLikeType(typeName(vs.Type)) {
				v = &ast.CallExpr{Fun: vs.Type, Lparen: lit.Pos(), Args: []ast.Expr{lit}, Rparen: lit.End() - 1}
			}
			if typ, args, conv := typedValue(v); conv && errLikeType(typeName(typ)) && isStringLit(args[0]) {
				out.Specs = append(out.Specs, &ast.ValueSpec{Names: vs.Names[i : i+1], Values: []ast.Expr{v}})
			}
		}
	}
	return out
}

// declValues records package-level constants, string tables and sentinels.
func (x *fileCtx) declValues(tok token.Token, s *ast.ValueSpec) {
	for i, name := range s.Names {
		if i >= len(s.Values) || name.Name == "_" {
			continue
		}
		v := s.Values[i]
		if tok == token.CONST {
			x.consts[name.Name] = v
			continue
		}
		if len(s.Values) == len(s.Names) {
			x.vars[name.Name] = v
			if s.Type != nil {
				x.typedVars[name.Name] = true
			}
		}
		x.stringTable(name.Name, v)
	}
}

// getter records a function without parameters or receiver whose body is
// "return name" of a package-level name (see Facts.Getters).
func (x *fileCtx) getter(d *ast.FuncDecl) {
	if d.Recv != nil || d.Body == nil || d.Type.Params.NumFields() > 0 || len(d.Body.List) != 1 {
		return
	}
	r, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return
	}
	if imp, target, ok := x.ref(ast.Unparen(r.Results[0])); ok {
		x.facts.Getters = append(x.facts.Getters, Alias{Name: d.Name.Name, Import: imp, Target: target})
	}
}

// fieldNames lists a struct's fields in declaration order; an embedded
// field is named by its type.
func fieldNames(st *ast.StructType) []string {
	var names []string
	if st.Fields == nil {
		return nil
	}
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			names = append(names, typeName(f.Type))
			continue
		}
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
	}
	return names
}

// fieldTypes lists the named types of a struct's fields, parallel to
// fieldNames: T, *T, pkg.T and *pkg.T by their package and name; other
// types, and type parameters' arguments, as the zero TypeRef.
func (x *fileCtx) fieldTypes(st *ast.StructType) []TypeRef {
	if st.Fields == nil {
		return nil
	}
	var out []TypeRef
	for _, f := range st.Fields.List {
		t := f.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		var ref TypeRef
		if imp, name, ok := x.ref(t); ok {
			ref = TypeRef{Import: imp, Name: name, Embedded: len(f.Names) == 0}
		}
		for range max(1, len(f.Names)) {
			out = append(out, ref)
		}
	}
	return out
}

// listElem returns the named element type of a slice or array type
// declaration (type Diagnostics []*Diagnostic, type Errors [4]pkg.E).
func (x *fileCtx) listElem(s *ast.TypeSpec) (TypeRef, bool) {
	at, ok := s.Type.(*ast.ArrayType)
	if !ok || s.Name == nil || s.Assign.IsValid() {
		return TypeRef{}, false
	}
	t := at.Elt
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	imp, name, ok := x.ref(t)
	if !ok {
		return TypeRef{}, false
	}
	return TypeRef{Import: imp, Name: name}, true
}

// typeName is the last identifier of a type expression (*pkg.T → T).
func typeName(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	}
	return ""
}

// maxTableEntries bounds the entries kept of one table of messages.
const maxTableEntries = 512

// stringTable records in Facts.Tables the distinct non-empty string
// literals of a table of messages, each with a provisional site at its
// line, and the keys of its elements (see Table.Keys); nothing when e is
// not such a table. A table is a composite literal of string elements
// ([...]string{...}, []string, map[K]string: entries that are not literals
// are skipped) or, of another type, one whose elements are all string
// literals.
func (x *fileCtx) stringTable(name string, e ast.Expr) {
	cl, ok := e.(*ast.CompositeLit)
	if !ok || len(cl.Elts) == 0 {
		return
	}
	lits := make([]*ast.BasicLit, len(cl.Elts))
	for i, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if lit, ok := el.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			lits[i] = lit
		} else if !hasStringElems(cl.Type) {
			return
		}
	}
	fn := &funcCtx{name: x.pkg + ".init"}
	var out []TableEntry
	keys := map[string]int{}
	elemKeys := x.tableKeys(cl)
	seen := map[string]int{}
	for i, lit := range lits {
		if lit == nil {
			continue
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || s == "" {
			continue
		}
		j, dup := seen[s]
		if !dup {
			if len(out) == maxTableEntries {
				x.facts.Truncated = append(x.facts.Truncated, name)
				break
			}
			j = -1 // a site that did not parse
			if site := x.addSite(errdex.KindErrorMethod, cl.Elts[i], fn, "", one(errdex.Lit(s))); site != nil {
				j = len(out)
				out = append(out, TableEntry{Text: s, Site: site})
			}
			seen[s] = j
		}
		if j < 0 {
			continue
		}
		for _, k := range elemKeys[i] {
			if _, dup := keys[k]; !dup {
				keys[k] = j
			}
		}
	}
	if len(out) > 0 {
		x.facts.Tables = append(x.facts.Tables, Table{Name: name, Entries: out, Keys: keys})
	}
}

// hasStringElems reports whether a composite literal's type is an array,
// slice or map of strings.
func hasStringElems(t ast.Expr) bool {
	var elt ast.Expr
	switch t := t.(type) {
	case *ast.ArrayType:
		elt = t.Elt
	case *ast.MapType:
		elt = t.Value
	default:
		return false
	}
	id, ok := elt.(*ast.Ident)
	return ok && id.Name == "string"
}

// isErrorMethod reports whether d is a method "Error() string".
func isErrorMethod(d *ast.FuncDecl) bool { return isTextMethod(d, "Error") }

// isTextMethod reports whether d is a method "name() string".
func isTextMethod(d *ast.FuncDecl, name string) bool {
	if d.Recv == nil || len(d.Recv.List) != 1 || d.Name.Name != name || d.Body == nil {
		return false
	}
	t := d.Type
	if t.Params != nil && len(t.Params.List) > 0 || t.Results == nil || len(t.Results.List) != 1 {
		return false
	}
	id, ok := t.Results.List[0].Type.(*ast.Ident)
	return ok && id.Name == "string" && len(t.Results.List[0].Names) <= 1
}

// lineText returns a node's source text on one line, cut as oneLine cuts
// it, copying only the part of a long text that can show.
func (x *fileCtx) lineText(n ast.Node) string {
	if n == nil || !n.Pos().IsValid() || !n.End().IsValid() {
		return ""
	}
	base := token.Pos(x.tf.Base())
	s, e := int(n.Pos()-base), int(n.End()-base)
	if s < 0 || e > len(x.src) || s > e {
		return ""
	}
	if limit := s + 4*guardConditionCh + 65; e > limit {
		return oneLine(string(x.src[s:limit]) + " …")
	}
	return oneLine(string(x.src[s:e]))
}

// text returns the source text of a node, or "" when its offsets are not
// in the file (nodes of a broken parse).
func (x *fileCtx) text(n ast.Node) string {
	if n == nil {
		return ""
	}
	start, end := n.Pos(), n.End()
	if !start.IsValid() || !end.IsValid() {
		return ""
	}
	base := token.Pos(x.tf.Base())
	s, e := int(start-base), int(end-base)
	if s < 0 || e > len(x.src) || s > e {
		return ""
	}
	return string(x.src[s:e])
}

// span locates a node.
func (x *fileCtx) span(n ast.Node) errdex.Span {
	start := x.tf.Position(n.Pos())
	end := x.tf.Position(n.End())
	return errdex.Span{Path: x.path, Line: start.Line, Column: start.Column, EndLine: end.Line, EndColumn: end.Column}
}

// addSite records a site and returns it, or returns nil when the site's
// code did not parse.
func (x *fileCtx) addSite(kind errdex.SiteKind, n ast.Node, fn *funcCtx, exception string, ts []errdex.Template) *errdex.Site {
	if x.broken && containsBad(n) {
		x.problem(n, "a %s site with a syntax error inside was skipped", kind)
		return nil
	}
	s := &errdex.Site{
		Language:  "go",
		Kind:      kind,
		Exception: exception,
		Location:  errdex.Location{Span: x.span(n)},
		Function:  fn.name,
	}
	if len(ts) > 0 {
		s.Template = ts[0]
		s.Alternatives = ts[1:]
	}
	x.sites = append(x.sites, s)
	x.siteNodes[n] = append(x.siteNodes[n], s)
	return s
}

// containsBad reports whether n contains a node go/parser could not parse.
func containsBad(n ast.Node) bool {
	bad := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BadExpr, *ast.BadStmt, *ast.BadDecl:
			bad = true
		}
		return !bad
	})
	return bad
}
