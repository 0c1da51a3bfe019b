package golang

import (
	"cmp"
	"go/ast"
	"go/token"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// This file records the language-neutral facts of a Go file
// (extract.FileFacts) that the repository analyses read to say where the
// values a site's conditions test come from, and which configuration is
// behind them (see analyze/config):
//
//   - Functions: every function and method with a body, named as its
//     sites name theirs ("srv.(*Server).Start"), with its receiver
//     (Class is the receiver's type, Receiver its name), its parameters
//     and its bindings: x := v, x = v, x += v, x++, var x = v, the
//     variables of a range clause, s.x = v on the receiver, and the
//     fields of a keyed literal of a named type (&Server{port: p}, with
//     Assign.Type "Server"). Closures belong to the function around
//     them, as their sites do. Each binding carries the conditions under
//     which it runs (the guards of its enclosing ifs, switch cases and
//     loops, without the early exits before it), Exit and Cover. A
//     function "<module>" holds the package-level variables of the file.
//   - Config: environment reads (os.Getenv("X"), os.LookupEnv("X"),
//     syscall.Getenv, and helpers whose name contains "env" called with
//     an upper-case name first: getEnv("PORT", "8080"), the default
//     second); command-line flags of the flag package, of pflag and of
//     cobra's flag sets (flag.Int("port", 8080, "..."), fs.IntVar(&cfg.Port,
//     "port", 8080, "..."), cmd.Flags().StringVarP(&o.addr, "addr", "a",
//     ":80", "...")), declared with the default they give; struct fields
//     tagged with an environment variable (env:"PORT" envDefault:"8080",
//     envconfig:"PORT" default:"8080"); and the fields of settings-like
//     structs (named *Config, *Settings, *Options, *Params, *Args).
//   - Sites: what each site's statement reads, the arguments of its call
//     or the field values of its literal.
//
// A flag declared with a pointer to a plain variable (flag.IntVar(&port,
// ...)) binds the variable: the registration is recorded as an
// assignment of it, in the package-level function when the variable is
// not declared in the registering function, so that tracing the variable
// from any function of the file reaches the flag.

// settingsSuffixes are the endings of struct names that hold settings.
var settingsSuffixes = []string{"Config", "Settings", "Options", "Params", "Args", "Arguments", "Opts", "Flags"}

// flagKinds are the value kinds of the flag, pflag and cobra functions
// that declare a flag: Int, IntVar, IntP, IntVarP for kind "Int".
var flagKinds = setOf("Bool", "Int", "Int8", "Int16", "Int32", "Int64", "Uint", "Uint8", "Uint16", "Uint32",
	"Uint64", "Float32", "Float64", "String", "Duration", "StringSlice", "StringArray", "IntSlice", "StringToString",
	"IP", "IPNet", "BytesHex", "Text")

// analysisFacts returns the language-neutral facts of the file (see the
// file comment).
func (x *fileCtx) analysisFacts() *extract.FileFacts {
	ff := &extract.FileFacts{}
	for _, imp := range x.file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p == "C" {
			continue
		}
		local := path.Base(p)
		if imp.Name != nil {
			local = imp.Name.Name
		}
		ff.AllImports = append(ff.AllImports, extract.Import{Local: local, Module: p})
	}
	if x.tf == nil {
		return ff // no position in the file: nothing can be cited
	}
	b := &factBuilder{x: x, ff: ff}
	for n, sites := range x.siteNodes {
		m := mark{pos: n.Pos(), reads: x.statementReads(n)}
		for _, s := range sites {
			m.reads = append(m.reads, guardNames(s.Guards)...)
		}
		b.marks = append(b.marks, m)
	}
	for c, cs := range x.callNodes {
		b.marks = append(b.marks, mark{pos: c.Pos(), reads: append(x.names(c.Args...), guardNames(cs.guards)...)})
	}
	slices.SortFunc(b.marks, func(p, q mark) int { return cmp.Compare(p.pos, q.pos) })
	ff.Functions = append(ff.Functions, extract.Function{Name: moduleName, Line: 1, EndLine: x.tf.LineCount()})
	for _, d := range x.file.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			b.genDecl(d)
		case *ast.FuncDecl:
			if d.Body != nil && d.Name != nil {
				b.function(d)
			}
		}
	}
	b.siteReads()
	return ff
}

// moduleName is the name of the file's package level as a function, as
// the analyses expect it (analyze.ModuleFunction).
const moduleName = "<module>"

// factBuilder builds the FileFacts of one file.
type factBuilder struct {
	x  *fileCtx
	ff *extract.FileFacts
	// fn is the index in ff.Functions of the function being walked, and
	// locals the names it declares (its parameters included). untraced is
	// set while a function whose facts are not recorded is read for the
	// flags it declares (see declarations).
	fn       int
	locals   map[string]bool
	untraced bool
	// blockGuards are the guards of the bindings of a block of the
	// function (see guards).
	blockGuards map[ast.Node][]errdex.Guard
	// pass1 is set in the first pass over a function's body, which lists
	// its bindings in light; needed are the names whose bindings the
	// second records (see function and slice).
	pass1  bool
	light  []sketch
	needed map[string]bool
	// setup is set while a function that sets up the package is walked
	// (see isSetup).
	setup bool
	// marks are the file's sites and the calls Link may make sites,
	// sorted by position.
	marks []mark
}

// mark is a site's node, or a call Link may make a site, and what its
// statement's conditions and message read.
type mark struct {
	pos   token.Pos
	reads []string
}

// genDecl records the package-level variables and the struct types of a
// declaration.
func (b *factBuilder) genDecl(d *ast.GenDecl) {
	switch d.Tok {
	case token.VAR:
		b.fn, b.locals = 0, nil
		for _, spec := range d.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				b.valueSpec(vs, nil)
				b.calls(vs)
			}
		}
	case token.TYPE:
		for _, spec := range d.Specs {
			if ts, ok := spec.(*ast.TypeSpec); ok && ts.Name != nil {
				if st, ok := ts.Type.(*ast.StructType); ok {
					b.structType(ts, st)
				}
			}
		}
	}
}

// structType records the configuration a struct's fields declare. The
// struct is no Class: a field's declaration (limit int) says nothing of
// where its value comes from, and recording every struct's would cost
// more than it tells.
func (b *factBuilder) structType(ts *ast.TypeSpec, st *ast.StructType) {
	settings := isSettingsName(ts.Name.Name)
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			b.fieldConfig(ts.Name.Name, n, f, settings)
		}
	}
}

// fieldConfig records the environment variable a struct field's tag
// names, or the field as a setting of a settings-like struct.
func (b *factBuilder) fieldConfig(owner string, n *ast.Ident, f *ast.Field, settings bool) {
	x := b.x
	var tag reflect.StructTag
	if f.Tag != nil {
		if s, err := strconv.Unquote(f.Tag.Value); err == nil {
			tag = reflect.StructTag(s)
		}
	}
	u := extract.ConfigUse{Dest: n.Name, Owner: owner, Decl: true, Function: moduleName, Line: x.line(n),
		Column: x.tf.Position(n.Pos()).Column, Text: x.lineText(f)}
	for _, k := range []string{"envDefault", "default"} {
		if v, ok := tag.Lookup(k); ok {
			u.Default, u.HasDefault = fieldDefault(f.Type, v), true
			break
		}
	}
	for _, k := range []string{"env", "envconfig"} {
		if v, ok := tag.Lookup(k); ok {
			if name, _, _ := strings.Cut(v, ","); isEnvName(name) {
				u.Kind, u.Name = extract.ConfigEnv, name
				b.ff.Config = append(b.ff.Config, u)
				return
			}
		}
	}
	if settings && ast.IsExported(n.Name) {
		u.Kind, u.Name = extract.ConfigSetting, owner+"."+n.Name
		b.ff.Config = append(b.ff.Config, u)
	}
}

// fieldDefault writes the default a field's tag gives as a Go literal of
// the field's type: 8080 for an int field, "8080" for a string one.
func fieldDefault(t ast.Expr, v string) string {
	id, ok := t.(*ast.Ident)
	if !ok {
		return strconv.Quote(v)
	}
	switch {
	case id.Name == "bool":
		if b, err := strconv.ParseBool(v); err == nil {
			return strconv.FormatBool(b)
		}
	case strings.HasPrefix(id.Name, "int") || strings.HasPrefix(id.Name, "uint"):
		if _, err := strconv.ParseInt(v, 0, 64); err == nil {
			return v
		}
	case strings.HasPrefix(id.Name, "float"):
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return v
		}
	}
	return strconv.Quote(v)
}

// isSettingsName reports whether a struct's name says it holds settings.
func isSettingsName(name string) bool {
	for _, s := range settingsSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// function records a function or method and walks its body.
func (b *factBuilder) function(d *ast.FuncDecl) {
	if !b.traced(d) {
		b.declarations(d)
		return
	}
	x := b.x
	fc := x.newFuncCtx(d)
	fn := extract.Function{Name: fc.name, Receiver: fc.recvName, Line: x.line(d), EndLine: x.tf.Line(d.End())}
	if fc.recvName != "" {
		fn.Class = fc.recvType
	}
	for _, fl := range d.Type.Params.List {
		for _, n := range fl.Names {
			pos := x.tf.Position(n.Pos())
			fn.Params = append(fn.Params, extract.Param{Name: n.Name, Type: typeName(fl.Type), Line: pos.Line, Column: pos.Column})
		}
	}
	b.fn = len(b.ff.Functions)
	b.ff.Functions = append(b.ff.Functions, fn)
	b.blockGuards = map[ast.Node][]errdex.Guard{}
	// The first pass lists the bindings' targets and reads, for slice to
	// choose the names whose bindings the second pass records.
	b.pass1, b.light = true, b.light[:0]
	b.walkBody(d)
	b.needed = b.slice(&fn, b.light, b.marksIn(d))
	b.pass1, b.setup = false, isSetup(d)
	b.walkBody(d)
	b.setup = false
	b.locals, b.needed = nil, nil
	f := &b.ff.Functions[b.fn]
	f.Assigns = trimmed(f.Assigns)
	for i := range f.Assigns {
		f.Assigns[i].Guards = bare(f.Assigns[i].Guards)
	}
}

// walkBody walks a function's body for its bindings (in the first pass,
// see function) and configuration (in the second).
func (b *factBuilder) walkBody(d *ast.FuncDecl) {
	b.locals = map[string]bool{}
	for _, fl := range d.Type.Params.List {
		for _, n := range fl.Names {
			b.locals[n.Name] = true
		}
	}
	if d.Type.Results != nil {
		for _, fl := range d.Type.Results.List {
			for _, n := range fl.Names {
				b.locals[n.Name] = true
			}
		}
	}
	var stack []ast.Node
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			b.assignStmt(n, stack)
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok && b.wants(id.Name, "", nil) {
				b.bind(b.assign(id.Name, "+=", "1", nil, n, ""), stack)
			}
		case *ast.ValueSpec:
			b.valueSpec(n, stack)
		case *ast.RangeStmt:
			b.rangeStmt(n, stack)
		case *ast.CompositeLit:
			b.literal(n, stack)
		case *ast.CallExpr:
			if !b.pass1 {
				b.call(n, stack)
			}
		}
		return true
	})
}

// wants reports whether to record the binding of target (a field of a
// literal of type typ when typ is set) whose value is value: in the first
// pass, it notes the binding for slice and reports false; in the second,
// it reports whether slice chose the name.
func (b *factBuilder) wants(target, typ string, value ast.Expr) bool {
	if b.pass1 {
		b.light = append(b.light, sketch{target: target, typ: typ, value: value})
		return false
	}
	return b.needed[target] || isEntry(&b.ff.Functions[b.fn], target, typ)
}

// traced reports whether the analyses may trace values through a
// function, so that its facts are recorded: it holds a site (or a call
// that Link may make one), or it sets fields, of its receiver or of a
// keyed literal of a named type (a constructor). Most functions do
// neither, and recording them all would double the extraction's memory.
func (b *factBuilder) traced(d *ast.FuncDecl) bool {
	if len(b.marksIn(d)) > 0 {
		return true
	}
	recv := ""
	if d.Recv != nil && len(d.Recv.List) == 1 && len(d.Recv.List[0].Names) == 1 {
		recv = d.Recv.List[0].Names[0].Name
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && recv != "" {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == recv {
						found = true
					}
				}
			}
		case *ast.CompositeLit:
			if len(n.Elts) > 0 && typeName(n.Type) != "" {
				if kv, ok := n.Elts[0].(*ast.KeyValueExpr); ok {
					_, named := kv.Key.(*ast.Ident)
					found = found || named
				}
			}
		}
		return !found
	})
	return found
}

// marksIn returns the marks within a function.
func (b *factBuilder) marksIn(d *ast.FuncDecl) []mark {
	i, _ := slices.BinarySearchFunc(b.marks, d.Pos(), func(m mark, p token.Pos) int { return cmp.Compare(m.pos, p) })
	j := i
	for j < len(b.marks) && b.marks[j].pos < d.End() {
		j++
	}
	return b.marks[i:j]
}

// pruneFacts drops, once Link has made the file's sites, the facts of
// the functions that turned out to have none (their calls that Link might
// have made sites were not) unless other functions' tracing enters them
// by the fields they set, and the reads of the sites Link dropped.
func pruneFacts(f *extract.FileResult) {
	ff := f.Analysis
	if ff == nil {
		return
	}
	withSites := make(map[string]bool, len(f.Sites))
	kept := make(map[*errdex.Site]bool, len(f.Sites))
	for _, s := range f.Sites {
		withSites[s.Function] = true
		kept[s] = true
	}
	ff.Functions = slices.DeleteFunc(ff.Functions, func(fn extract.Function) bool {
		return fn.Name != moduleName && !withSites[fn.Name] &&
			!slices.ContainsFunc(fn.Assigns, func(a extract.Assign) bool { return isEntry(&fn, a.Target, a.Type) })
	})
	ff.Functions = trimmed(ff.Functions)
	ff.Sites = trimmed(slices.DeleteFunc(ff.Sites, func(sf extract.SiteFacts) bool { return !kept[sf.Site] }))
}

// isEntry reports whether a binding of fn is one by which the analyses
// enter fn from another function: a field of a keyed literal, or of fn's
// receiver.
func isEntry(fn *extract.Function, target, typ string) bool {
	return typ != "" || fn.Receiver != "" && strings.HasPrefix(target, fn.Receiver+".")
}

// maxTraceDepth bounds the steps from a site's reads to the bindings
// slice keeps: analyze/config follows at most four.
const maxTraceDepth = 4

// sketch is a binding's target, the type of the literal it is a field
// of, and the names its value reads: what slice reads of it.
type sketch struct {
	target, typ string
	value       ast.Expr
}

// slice chooses which of a function's bindings to record: those the
// analyses may reach from its sites, the bindings of the names the sites'
// conditions and messages read, of the names those bindings read, and so
// on (maxTraceDepth steps); and those by which other functions' tracing
// enters the function (the receiver's fields, the fields of keyed
// literals). It returns the names whose bindings to record.
func (b *factBuilder) slice(fn *extract.Function, bs []sketch, marks []mark) map[string]bool {
	// A binding's reads are listed when first needed: most are not.
	reads := make([][]string, len(bs))
	listed := make([]bool, len(bs))
	readsOf := func(i int) []string {
		if !listed[i] && bs[i].value != nil {
			reads[i], listed[i] = b.x.names(bs[i].value), true
		}
		return reads[i]
	}
	needed := map[string]bool{}
	need := func(names []string) {
		for _, n := range names {
			first, _, _ := strings.Cut(n, ".")
			needed[first] = true
			needed[n] = true
		}
	}
	for _, m := range marks {
		need(m.reads)
	}
	for i, lb := range bs {
		if isEntry(fn, lb.target, lb.typ) {
			need(readsOf(i))
		}
	}
	for depth, grew := 0, true; grew && depth < maxTraceDepth; depth++ {
		grew = false
		var more []string
		for i, lb := range bs {
			if !needed[lb.target] || isEntry(fn, lb.target, lb.typ) {
				continue
			}
			for _, r := range readsOf(i) {
				if first, _, _ := strings.Cut(r, "."); !needed[first] {
					grew = true
					more = append(more, r)
				}
			}
		}
		need(more)
	}
	return needed
}

// bare keeps of a binding's guards what the analyses read of them (see
// analyze/config's reaching): the condition, its kind, line and
// negation.
func bare(gs []errdex.Guard) []errdex.Guard {
	for i, g := range gs {
		gs[i] = errdex.Guard{Condition: g.Condition, Kind: g.Kind, Line: g.Line, Negated: g.Negated}
	}
	return gs
}

// guardNames returns the names the guards read.
func guardNames(gs []errdex.Guard) []string {
	var out []string
	for _, g := range gs {
		out = append(out, g.Names...)
	}
	return out
}

// declarations records the flags a function whose facts are not
// recorded declares for its package: those bound to package-level
// variables (flag.IntVar(&port, ...) in main or init) or read through a
// settings value (fs.IntVar(&cfg.Port, ...)).
func (b *factBuilder) declarations(d *ast.FuncDecl) {
	b.fn, b.locals, b.untraced = 0, map[string]bool{}, true
	for _, fl := range d.Type.Params.List {
		for _, n := range fl.Names {
			b.locals[n.Name] = true
		}
	}
	setup := isSetup(d)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						b.locals[id.Name] = true
					}
				}
			} else if setup {
				b.packageAssign(n)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				b.locals[id.Name] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && n.Tok == token.DEFINE {
					b.locals[id.Name] = true
				}
			}
		case *ast.CallExpr:
			b.call(n, nil)
		}
		return true
	})
	b.locals, b.untraced = nil, false
}

// valueOf returns the value the i-th of n names declared or assigned
// together receives from values: its own, or the one call that returns
// them all (a, b := f()); nil when there is none (var x int).
func valueOf(i, n int, values []ast.Expr) ast.Expr {
	switch {
	case len(values) == n:
		return values[i]
	case len(values) == 1:
		return values[0]
	}
	return nil
}

// isSetup reports whether a function sets up its package, so that what it
// assigns to package-level variables is their value for the rest of the
// program: init, and main.
func isSetup(d *ast.FuncDecl) bool {
	return d.Recv == nil && (d.Name.Name == "init" || d.Name.Name == "main")
}

// packageAssign records the assignments of a setup function (see
// isSetup) to package-level variables (debug = os.Getenv("APP_DEBUG") !=
// "" in init) as bindings of the package level, with the configuration
// their values read: tracing the variable from any function of the file
// reaches them.
func (b *factBuilder) packageAssign(n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN {
		return
	}
	fn, untraced := b.fn, b.untraced
	b.fn, b.untraced = 0, false
	defer func() { b.fn, b.untraced = fn, untraced }()
	found := false
	for i, l := range n.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || b.locals[id.Name] {
			continue
		}
		value := valueOf(i, len(n.Lhs), n.Rhs)
		b.add(0, b.assign(id.Name, "=", "", value, n, ""))
		found = true
	}
	if found {
		for _, r := range n.Rhs {
			b.calls(r)
		}
	}
}

// assignStmt records the targets of an assignment that are variables or
// the receiver's fields.
func (b *factBuilder) assignStmt(n *ast.AssignStmt, stack []ast.Node) {
	if !b.pass1 && b.setup {
		b.packageAssign(n)
	}
	op := n.Tok.String()
	if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
		op = "="
	}
	for i, l := range n.Lhs {
		value := valueOf(i, len(n.Lhs), n.Rhs)
		target := b.target(l)
		if target == "" {
			continue
		}
		if n.Tok == token.DEFINE {
			b.locals[target] = true
		}
		if b.wants(target, "", value) {
			b.bind(b.assign(target, op, "", value, n, ""), stack)
		}
	}
}

// target is the name an assignment binds: a variable, or a field of the
// method's receiver ("s.port"); "" for anything else.
func (b *factBuilder) target(l ast.Expr) string {
	switch l := ast.Unparen(l).(type) {
	case *ast.Ident:
		if l.Name != "_" {
			return l.Name
		}
	case *ast.SelectorExpr:
		recv := b.ff.Functions[b.fn].Receiver
		if id, ok := l.X.(*ast.Ident); ok && recv != "" && id.Name == recv {
			return recv + "." + l.Sel.Name
		}
	}
	return ""
}

// valueSpec records var x = v and var x T; stack is nil at package level.
func (b *factBuilder) valueSpec(vs *ast.ValueSpec, stack []ast.Node) {
	var stmt ast.Node = vs
	if len(stack) >= 3 {
		if d, ok := stack[len(stack)-3].(*ast.DeclStmt); ok {
			stmt = d
		}
	}
	for i, n := range vs.Names {
		if n.Name == "_" {
			continue
		}
		value := valueOf(i, len(vs.Names), vs.Values)
		if b.locals != nil {
			b.locals[n.Name] = true
		}
		if stack == nil || b.wants(n.Name, "", value) {
			b.bind(b.assign(n.Name, "=", "", value, stmt, ""), stack)
		}
	}
}

// rangeStmt records the variables a range clause binds.
func (b *factBuilder) rangeStmt(r *ast.RangeStmt, stack []ast.Node) {
	if r.Tok != token.DEFINE && r.Tok != token.ASSIGN {
		return
	}
	x := b.x
	for _, e := range []ast.Expr{r.Key, r.Value} {
		id, ok := e.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		if r.Tok == token.DEFINE {
			b.locals[id.Name] = true
		}
		if !b.wants(id.Name, "", r.X) {
			continue
		}
		a := b.assign(id.Name, "=", "range "+x.lineText(r.X), r.X, r, "for "+x.loopHead(r))
		a.EndLine = a.Line
		g := &guardSet{x: x, binding: true}
		g.walk(stack)
		g.loop(r)
		a.Guards = g.guards
		b.add(b.fn, a)
	}
}

// literal records the keyed fields of a literal of a named type.
func (b *factBuilder) literal(c *ast.CompositeLit, stack []ast.Node) {
	t := typeName(c.Type)
	if t == "" || len(c.Elts) == 0 {
		return
	}
	if _, ok := c.Type.(*ast.ArrayType); ok {
		return
	}
	for _, e := range c.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return // an unkeyed literal names no field
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return // a map literal
		}
		if !b.wants(key.Name, t, kv.Value) {
			continue
		}
		a := b.assign(key.Name, "=", "", kv.Value, kv, t+"{"+b.x.lineText(kv)+"}")
		a.Type = t
		b.bind(a, stack)
	}
}

// bind records a binding of the current function, with the conditions
// under which it runs when stack, the path from the function's body to
// its statement, is given (nil at package level).
func (b *factBuilder) bind(a extract.Assign, stack []ast.Node) {
	if stack != nil {
		a.Guards = b.guards(stack)
		a.Exit = b.exit(stack)
		a.Cover = b.cover(a.Target, stack)
	}
	b.add(b.fn, a)
}

func (b *factBuilder) add(fn int, a extract.Assign) {
	f := &b.ff.Functions[fn]
	f.Assigns = append(f.Assigns, a)
}

// assign builds the Assign of a binding of target: valueText is the
// value's text when it is not value's own (x++ adds "1"), text the
// statement's when it is not stmt's.
func (b *factBuilder) assign(target, op, valueText string, value ast.Expr, stmt ast.Node, text string) extract.Assign {
	x := b.x
	if text == "" {
		text = x.lineText(stmt)
	} else {
		text = oneLine(text)
	}
	pos := x.tf.Position(stmt.Pos())
	a := extract.Assign{Target: target, Op: op, Value: valueText, Text: text, Line: pos.Line,
		Column: pos.Column, EndLine: x.tf.Line(stmt.End())}
	if value != nil {
		if a.Value == "" {
			v := x.lineText(value)
			if i := strings.Index(a.Text, v); i >= 0 {
				v = a.Text[i : i+len(v)] // one copy of the text
			}
			a.Value = v
		}
		a.Reads = x.names(value)
		if c, ok := ast.Unparen(value).(*ast.CallExpr); ok && isChain(c.Fun) {
			a.Callee = x.lineText(c.Fun)
		}
	}
	return a
}

// exit returns the line of the return or panic that ends the innermost
// block holding the statement at the top of stack, or 0.
func (b *factBuilder) exit(stack []ast.Node) int {
	for i := len(stack) - 2; i >= 0; i-- {
		var list []ast.Stmt
		switch p := stack[i].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return 0
		default:
			continue
		}
		if len(list) == 0 {
			return 0
		}
		last := list[len(list)-1]
		if e, ok := last.(*ast.ExprStmt); ok {
			if c, ok := e.X.(*ast.CallExpr); ok && isPanic(c) {
				return b.x.line(last)
			}
		}
		if _, ok := last.(*ast.ReturnStmt); ok {
			return b.x.line(last)
		}
		return 0
	}
	return 0
}

// cover returns the line of the if statement whose clauses, a final else
// included, each assign target at their top level, when the statement at
// the top of stack is one of those assignments; 0 otherwise.
func (b *factBuilder) cover(target string, stack []ast.Node) int {
	i := len(stack) - 1
	if _, ok := stack[i].(*ast.KeyValueExpr); ok || i < 2 {
		return 0
	}
	if _, ok := stack[i-1].(*ast.BlockStmt); !ok {
		return 0
	}
	if _, ok := stack[i-2].(*ast.IfStmt); !ok {
		return 0
	}
	j := i - 2
	for j > 0 {
		if p, ok := stack[j-1].(*ast.IfStmt); ok && p.Else == stack[j] {
			j--
			continue
		}
		break
	}
	head := stack[j].(*ast.IfStmt)
	for s := head; ; {
		if !assignsAtTop(s.Body, target, b) {
			return 0
		}
		switch e := s.Else.(type) {
		case *ast.IfStmt:
			s = e
			continue
		case *ast.BlockStmt:
			if !assignsAtTop(e, target, b) {
				return 0
			}
			return b.x.line(head)
		}
		return 0
	}
}

// assignsAtTop reports whether a block assigns target with one of its own
// statements.
func assignsAtTop(blk *ast.BlockStmt, target string, b *factBuilder) bool {
	if blk == nil {
		return false
	}
	for _, s := range blk.List {
		if a, ok := s.(*ast.AssignStmt); ok && (a.Tok == token.ASSIGN || a.Tok == token.DEFINE) {
			for _, l := range a.Lhs {
				if b.target(l) == target {
					return true
				}
			}
		}
	}
	return false
}

// guards returns the guards of the binding at the top of stack (see
// bindingGuards), shared by the bindings of one block: they depend only
// on the statements around the block.
func (b *factBuilder) guards(stack []ast.Node) []errdex.Guard {
	var block ast.Node
	for i := len(stack) - 2; i >= 0 && block == nil; i-- {
		switch n := stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			block = n
		}
	}
	if gs, ok := b.blockGuards[block]; ok && block != nil {
		return gs
	}
	gs := b.x.bindingGuards(stack)
	if block != nil {
		b.blockGuards[block] = gs
	}
	return gs
}

// bindingGuards returns the conditions under which the statement at the
// top of stack runs: the site guards of its enclosing ifs and switch
// cases without the early exits before it, and its enclosing loops.
func (x *fileCtx) bindingGuards(stack []ast.Node) []errdex.Guard {
	g := &guardSet{x: x, binding: true}
	return g.walk(stack).guards
}

// loop adds the guard of a loop's body running: kind "for", the
// condition the loop's header without "for" ("i := 0; i < n; i++", "k, v
// := range m"). A loop without condition has none: its body runs.
func (g *guardSet) loop(s ast.Stmt) {
	if f, ok := s.(*ast.ForStmt); ok && f.Cond == nil {
		return
	}
	head := g.x.loopHead(s)
	g.add(errdex.Guard{Condition: oneLine(head), Source: oneLine("for " + head), Kind: "for", Line: g.x.line(s)})
}

// loopHead is a for statement's header as written, without "for".
func (x *fileCtx) loopHead(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.RangeStmt:
		head := "range " + x.text(s.X)
		if s.Key != nil {
			vars := x.text(s.Key)
			if s.Value != nil {
				vars += ", " + x.text(s.Value)
			}
			head = vars + " " + s.Tok.String() + " " + head
		}
		return head
	case *ast.ForStmt:
		if s.Init == nil && s.Post == nil {
			return x.text(s.Cond)
		}
		return x.text(s.Init) + "; " + x.text(s.Cond) + "; " + x.text(s.Post)
	}
	return ""
}

// call records the configuration a call reads or declares.
func (b *factBuilder) call(c *ast.CallExpr, stack []ast.Node) {
	x := b.x
	var recv ast.Expr
	name := ""
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		recv, name = f.X, f.Sel.Name
	default:
		return
	}
	pkg := ""
	if id, ok := recv.(*ast.Ident); ok {
		pkg = x.imports[id.Name]
	}
	if b.untraced {
		if recv != nil {
			b.flag(c, recv, pkg, name, extract.ConfigUse{Line: x.line(c), Column: x.tf.Position(c.Pos()).Column, Text: x.lineText(c)}, nil)
		}
		return
	}
	fnName := b.ff.Functions[b.fn].Name
	u := extract.ConfigUse{Function: fnName, Line: x.line(c), Column: x.tf.Position(c.Pos()).Column, Text: x.lineText(c)}
	switch {
	case (pkg == "os" || pkg == "syscall") && (name == "Getenv" || name == "LookupEnv"):
		if v, ok := strLit(arg(c, 0)); ok && isIdentName(v) {
			u.Kind, u.Name = extract.ConfigEnv, v
			b.ff.Config = append(b.ff.Config, u)
		}
	case strings.Contains(strings.ToLower(name), "env") && !writesEnv(name) && pkg != "os" && pkg != "syscall":
		if v, ok := strLit(arg(c, 0)); ok && isEnvName(v) {
			u.Kind, u.Name = extract.ConfigEnv, v
			if len(c.Args) > 1 {
				u.Default, u.HasDefault = x.lineText(c.Args[1]), true
			}
			b.ff.Config = append(b.ff.Config, u)
		}
	default:
		b.flag(c, recv, pkg, name, u, stack)
	}
}

// flag records a flag a call of the flag package, of pflag or of a flag
// set declares (see the file comment).
func (b *factBuilder) flag(c *ast.CallExpr, recv ast.Expr, pkg, name string, u extract.ConfigUse, stack []ast.Node) {
	if recv == nil {
		return
	}
	kind, short := strings.CutSuffix(name, "P")
	kind, isVar := strings.CutSuffix(kind, "Var")
	if !flagKinds[kind] {
		return
	}
	want := 3 // name, default, usage
	if isVar {
		want++
	}
	if short {
		want++
	}
	if len(c.Args) != want {
		return
	}
	args := c.Args
	var dest ast.Expr
	if isVar {
		dest, args = args[0], args[1:]
	}
	flagName, ok := strLit(args[0])
	if !ok || !isFlagName(flagName) {
		return
	}
	def := args[1]
	if short {
		if _, ok := strLit(args[1]); !ok {
			return
		}
		def = args[2]
	}
	x := b.x
	dash := "-"
	if short || pkg == "github.com/spf13/pflag" || isFlagsCall(recv) {
		dash = "--"
	} else if pkg != "flag" && pkg != "" {
		return // a function of another package that happens to be named so
	}
	u.Kind, u.Name = extract.ConfigFlag, dash+flagName
	u.Default, u.HasDefault = x.lineText(def), true
	if dest == nil {
		if !b.untraced {
			b.ff.Config = append(b.ff.Config, u) // read where its result is bound
		}
		return
	}
	ptr, ok := dest.(*ast.UnaryExpr)
	if !ok || ptr.Op != token.AND || !isChain(ptr.X) {
		return
	}
	if target := b.target(ptr.X); target != "" {
		// The flag binds a variable or a field of the receiver: an
		// assignment of it, read where its assignments are followed.
		fn := b.fn
		if !strings.Contains(target, ".") && !b.locals[target] {
			fn = 0 // a package-level variable
			u.Function = moduleName
		} else if b.untraced {
			return // bound in a function whose facts are not recorded
		}
		if fn == b.fn && !b.wants(target, "", nil) {
			return // a local the function's sites do not read
		}
		a := b.assign(target, "=", "", c, c, "")
		a.Reads = nil // the value comes from the command line
		if fn == b.fn && stack != nil {
			a.Guards = b.guards(stack)
		}
		b.add(fn, a)
		b.ff.Config = append(b.ff.Config, u)
		return
	}
	if _, ok := ptr.X.(*ast.SelectorExpr); ok {
		// Read as cfg.Port for &cfg.Port, as o.Cluster.Name for
		// &opts.Cluster.Name: the chain after its first name.
		_, u.Dest, _ = strings.Cut(x.text(ptr.X), ".")
		u.Decl = true
		b.ff.Config = append(b.ff.Config, u)
	}
}

// isFlagsCall reports whether e calls a method returning a command's flag
// set (cobra's cmd.Flags(), cmd.PersistentFlags()).
func isFlagsCall(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	s, ok := c.Fun.(*ast.SelectorExpr)
	return ok && strings.HasSuffix(s.Sel.Name, "Flags")
}

// calls records the configuration the calls below n read.
func (b *factBuilder) calls(n ast.Node) {
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			b.call(c, nil)
		}
		return true
	})
}

// siteReads records what each site's statement reads.
func (b *factBuilder) siteReads() {
	x := b.x
	for n, sites := range x.siteNodes {
		reads := x.statementReads(n)
		for _, s := range sites {
			b.ff.Sites = append(b.ff.Sites, extract.SiteFacts{Site: s, Reads: reads})
		}
	}
	// The map's order is random: sort for deterministic facts.
	slices.SortFunc(b.ff.Sites, func(p, q extract.SiteFacts) int {
		return cmp.Or(p.Site.Location.Line-q.Site.Location.Line, p.Site.Location.Column-q.Site.Location.Column,
			strings.Compare(p.Site.Template.String(), q.Site.Template.String()))
	})
}

// statementReads returns the names a site's node reads: the arguments of
// its call, the field values of its literal.
func (x *fileCtx) statementReads(n ast.Node) []string {
	if u, ok := n.(*ast.UnaryExpr); ok {
		n = u.X
	}
	switch n := n.(type) {
	case *ast.CallExpr:
		return x.names(n.Args...)
	case *ast.CompositeLit:
		vals := make([]ast.Expr, 0, len(n.Elts))
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			vals = append(vals, e)
		}
		return x.names(vals...)
	}
	return nil
}

// arg returns a call's i-th argument, or nil.
func arg(c *ast.CallExpr, i int) ast.Expr {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return nil
}

// strLit returns the value of a string literal.
func strLit(e ast.Expr) (string, bool) {
	l, ok := e.(*ast.BasicLit)
	if !ok || l.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(l.Value)
	return s, err == nil
}

// writesEnv reports whether a function's name says it changes the
// environment (Setenv, Unsetenv, PutEnv, ClearEnv) rather than reading it.
func writesEnv(name string) bool {
	l := strings.ToLower(name)
	for _, p := range []string{"set", "put", "unset", "clear", "del"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// isIdentName reports whether s can name an environment variable read
// by its exact name: letters, digits and underscores, not starting with a
// digit.
func isIdentName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isEnvName reports whether s is spelt as environment variables usually
// are, upper case: PORT, APP_DB_URL.
func isEnvName(s string) bool {
	return len(s) >= 2 && isIdentName(s) && strings.ToUpper(s) == s && strings.ToLower(s) != s
}

// isFlagName reports whether s can name a flag: letters, digits, '-',
// '.' and '_', starting with a letter or digit.
func isFlagName(s string) bool {
	if s == "" || s[0] == '-' || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
