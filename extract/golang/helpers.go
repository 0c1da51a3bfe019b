package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// Limits on constructor helpers (see Helper).
const (
	maxHelperStmts = 8 // statements of a helper's body
	maxHelperSites = 4 // sites of a helper's body
	// maxErrHelperStmts bounds the body of a helper named like an error
	// (see errLikeFunc) with a single site: its name says that making the
	// error is its job, and the statements before the site only work out
	// the values it reports (json-iterator's ReportError computes the
	// text around the position in ten statements, then sets iter.Error).
	maxErrHelperStmts = 24
	// maxRelaySites and maxRelayStmts bound a helper that relays its
	// caller's text (see relaysParam): its size does not make it a
	// dispatcher, since each error it builds says what the caller wrote.
	maxRelaySites = 16
	maxRelayStmts = 48
)

// Helper is a small function or method whose error may be built from its
// parameters (func badStringError(what, val string) error { return
// fmt.Errorf("%s %q", what, val) }). Link gives each call of it whose
// arguments give text a site at the call, with the helper's messages
// where the parameters read the arguments.
type Helper struct {
	Name   string // the function's name, or the method's
	Recv   string // the receiver's type name for a method, "" for a function
	Params []string
	// Variadic is set when the last parameter is variadic (args ...T).
	Variadic bool
	// Format is the index of the format parameter, a string followed by a
	// final ...any (errorf(format string, args ...any)), or -1.
	Format int
	// Sites are the sites of the helper's body.
	Sites []*errdex.Site
	// Conds are, for each of Sites, the conditions on the parameters it
	// is made under (see paramConds); nil when none has any.
	Conds [][]Cond
	// Relay is set for a helper whose every site prints one of its string
	// parameters (see relaysParam), which Link takes whatever its number
	// of sites.
	Relay bool
	// Printf is set for a printf wrapper named like an error (errorf,
	// fail) that passes its format to fmt.Sprintf: when it makes no site
	// itself (the lexer's errorf keeps fmt.Sprintf(format, args...) in an
	// item), its message is the format.
	Printf bool
	// Scope is, for a closure assigned to a local variable (addrErr :=
	// func(addr, why string) error { ... }), the enclosing function as
	// Site.Function names it; its calls are those of that variable in
	// that function. "" for a declared function or method.
	Scope string
	Span  errdex.Span // the declaration, or the function literal
	// Calls are the indexes in the file's Facts.Calls of the calls made
	// in the helper's body that may be of other helpers: those with text
	// and those passing on a parameter (see chains.go).
	Calls []int
	file  *Facts // set by Link
}

// Call is a call whose arguments give text, of a function or method that
// may be a Helper; Link resolves it.
type Call struct {
	Name   string // the function or method called
	Import string // the import path of a call pkg.F
	Method bool   // x.m(...)
	// Recv is the receiver's type name when x is the enclosing method's
	// receiver, "" when unknown.
	Recv string
	// RecvImport is the import path of Recv when x is a parameter or
	// variable declared with a type of another package (path cty.Path).
	RecvImport string
	// Scope is set when the callee is a local variable holding a function
	// literal: the enclosing function (see Helper.Scope).
	Scope string
	// Field is the receiver's field the method is called on (p.errors.Add
	// in a method of parser: Recv "parser", Field "errors").
	Field string
	// Forward is set for a call without text that passes on a parameter
	// of the small function it is in: never a site, it may make that
	// function a helper (see chains.go).
	Forward bool
	// Passes is set for a call with text that passes on a parameter of
	// the small function it is in as Forward's do (p.error(pos,
	// "expected "+msg)): a site, and a call whose messages make that
	// function a helper (see sitesOf).
	Passes bool
	// Spread is set for a call that spreads a slice into a variadic
	// parameter (f(a, xs...)).
	Spread bool
	Args   []CallArg
	// ByParam is set for a call without text in its arguments, kept for
	// the parameters of its function it passes (see CallArg.Param): a
	// site by the text its arguments hold or the message it names them
	// in, not by the conditions its constants choose (see callConds), and
	// not one that makes that function a helper.
	ByParam bool
	// Named is set for a call whose only possible text is a name of
	// another file of the package (see otherFileName): Link makes it a
	// site only when that name's value is text (see inlineValues).
	Named bool
	// Site is the provisional site of the call, which Link adds to the
	// file's sites when the callee is a helper with a message.
	Site *callSite
	// Sentinel names the package-level variable the call's value is
	// (var ErrX = errs.New("...")): a sentinel where Link makes the call
	// a constructor's site (see ctorCall).
	Sentinel string
}

// callSite is the provisional site of a Call: where it is and its guards,
// the site itself made only when Link makes the call one (see site), as
// few calls are.
type callSite struct {
	span     errdex.Span
	function string
	guards   []errdex.Guard
	made     *errdex.Site
}

// site returns the call's site, made on first use.
func (c *callSite) site() *errdex.Site {
	if c.made == nil {
		s := c.value()
		c.made = &s
	}
	return c.made
}

// value returns a copy of the call's site: of the one made, or of the
// one site would make.
func (c *callSite) value() errdex.Site {
	if c.made != nil {
		return *c.made
	}
	return errdex.Site{Language: "go", Location: errdex.Location{Span: c.span}, Function: c.function, Guards: c.guards}
}

// CallArg is one argument of a Call: its source text and messages and,
// when it is text with a printf verb, the messages of it as the format of
// the arguments that follow.
type CallArg struct {
	Expr      string
	Templates []errdex.Template
	Printf    []errdex.Template
	// Param is set when the argument of a call that may be a site is a
	// parameter of the function making it, passed as it is (not
	// reassigned text): a value the message names, as text would (see
	// substituteParams).
	Param bool
}

// helper records d as a Helper when it is one (see newHelper), or when
// it calls what may be another helper: the calls recorded from its body
// are those of Facts.Calls from index calls on.
func (x *fileCtx) helper(d *ast.FuncDecl, fn *funcCtx, sites []*errdex.Site, calls int) {
	recv := ""
	if d.Recv != nil {
		recv = fn.recvType
	}
	h, ok := x.newHelper(d.Name.Name, recv, d.Type, d.Body, sites)
	if h.Name == "" {
		return // too long, or without parameters
	}
	for i := calls; i < len(x.facts.Calls); i++ {
		if !x.facts.Calls[i].ByParam {
			h.Calls = append(h.Calls, i)
		}
	}
	if ok || len(h.Calls) > 0 {
		h.Span = x.span(d)
		x.facts.Helpers = append(x.facts.Helpers, h)
	}
}

// newHelper returns the Helper of a function with the given type and
// body, and whether it is one: parameters, a short body, and a few sites
// (sites are the sites its body made) or, without any, a printf wrapper
// named like an error. A function of that shape that is no helper by
// itself is returned with false, for its calls (see helper); one of
// another shape has no Name.
func (x *fileCtx) newHelper(name, recv string, ft *ast.FuncType, body *ast.BlockStmt, sites []*errdex.Site) (Helper, bool) {
	if body == nil {
		return Helper{}, false
	}
	relay := x.relaysParam(ft, body, sites)
	if !relay && (x.firmSites(sites) > maxHelperSites || len(body.List) > maxHelperStmts && !x.errHelperShape(name, body, sites)) {
		return Helper{}, false
	}
	h := Helper{Name: name, Recv: recv, Format: -1, Sites: sites, Relay: relay}
	var last ast.Expr
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			h.Params = append(h.Params, n.Name)
		}
		last = f.Type
	}
	if len(h.Params) == 0 {
		return Helper{}, false
	}
	_, h.Variadic = last.(*ast.Ellipsis)
	// From here on h is returned even when it is no helper, for its calls.
	if n := len(h.Params); n >= 2 && isVariadicAny(last) && x.isStringParam(ft, n-2) {
		h.Format = n - 2
	}
	h.Printf = h.Format >= 0 && errLikeFunc(h.Name) && x.passesFormat(body, h.Params[h.Format], h.Params[h.Format+1])
	h.Conds = x.paramConds(body, h.Params, sites)
	return h, len(sites) > 0 || h.Printf
}

// relaysParam reports whether every one of sites, the sites of a
// function's body, takes its message whole from the same string parameter
// of the function (dns's endingToTxtSlice(c *zlexer, errstr string)
// returns &ParseError{err: errstr, lex: l} at six places as it reads a
// record): a call's text is then the error, whichever site ran, and the
// function is a helper whatever its length, within maxRelaySites and
// maxRelayStmts. A parameter that is only part of the messages ("bad " +
// typ + " Flags") makes no relay: the words are the helper's.
func (x *fileCtx) relaysParam(ft *ast.FuncType, body *ast.BlockStmt, sites []*errdex.Site) bool {
	if len(sites) == 0 || len(sites) > maxRelaySites || len(body.List) > maxRelayStmts {
		return false
	}
	i := 0
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if x.isStringParam(ft, i) && x.everySiteReads(body, sites, n.Name) {
				return true
			}
			i++
		}
	}
	return false
}

// everySiteReads reports whether the statement of each of sites in body
// reads the variable name whole as a message: a field of a composite
// literal (&ParseError{err: errstr}) or the argument of errors.New, not
// an operand of a concatenation or a format's argument.
func (x *fileCtx) everySiteReads(body *ast.BlockStmt, sites []*errdex.Site, name string) bool {
	reads := make([]bool, len(sites))
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || id.Name != name || !x.wholeMessage(id, parent) {
			return true
		}
		p := x.tf.Position(id.Pos())
		for k, s := range sites {
			if inSpan(p.Line, p.Column, s.Location.Span) {
				reads[k] = true
			}
		}
		return true
	})
	return !slices.Contains(reads, false)
}

// wholeMessage reports whether identifier id, a child of parent, is
// passed whole where an error keeps its message: as a composite literal's
// field or element, or as the argument of errors.New.
func (x *fileCtx) wholeMessage(id *ast.Ident, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.KeyValueExpr:
		return p.Value == id
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		return len(p.Args) == 1 && p.Args[0] == id && x.text(p.Fun) == "errors.New"
	}
	return false
}

// inSpan reports whether line and column lie in span.
func inSpan(line, col int, s errdex.Span) bool {
	return (line > s.Line || line == s.Line && col >= s.Column) &&
		(line < s.EndLine || line == s.EndLine && (s.EndColumn == 0 || col < s.EndColumn))
}

// errHelperShape reports whether a function too long for a helper may
// still be one: it is named like an error, has at most maxErrHelperStmts
// statements and a single site, its last statement.
func (x *fileCtx) errHelperShape(name string, body *ast.BlockStmt, sites []*errdex.Site) bool {
	if len(body.List) > maxErrHelperStmts || !errLikeFunc(name) || x.firmSites(sites) != 1 {
		return false
	}
	last := x.span(body.List[len(body.List)-1])
	for _, s := range sites {
		if s.Location.Line >= last.Line && s.Location.Line <= last.EndLine {
			return true
		}
	}
	return false
}

// firmSites returns how many of sites, the sites a function's body made,
// count towards maxHelperSites: the provisional sites of composite
// literals of types that may have no Error method do not, as Link drops
// those of other types (the lexer's errorf sends item{err:
// fmt.Errorf(format, args...)} on a channel: item is no error), and
// newHelperIndex counts what is left. They are the last of the file's
// Literals.
func (x *fileCtx) firmSites(sites []*errdex.Site) int {
	n := len(sites)
	for i := len(x.facts.Literals) - 1; i >= 0 && n > maxHelperSites; i-- {
		lit := x.facts.Literals[i]
		if !slices.Contains(sites, lit.Site) {
			break
		}
		if lit.Fallback == nil {
			n--
		}
	}
	return n
}

// isVariadicAny reports whether t is ...any or ...interface{}.
func isVariadicAny(t ast.Expr) bool {
	e, ok := t.(*ast.Ellipsis)
	if !ok {
		return false
	}
	switch el := e.Elt.(type) {
	case *ast.Ident:
		return el.Name == "any"
	case *ast.InterfaceType:
		return el.Methods == nil || len(el.Methods.List) == 0
	}
	return false
}

// isStringParam reports whether parameter i of ft is a string.
func (x *fileCtx) isStringParam(ft *ast.FuncType, i int) bool {
	for _, f := range ft.Params.List {
		n := max(1, len(f.Names))
		if i < n {
			id, ok := f.Type.(*ast.Ident)
			return ok && id.Name == "string"
		}
		i -= n
	}
	return false
}

// errLikeFunc reports whether a function's name says it reports an error
// (errorf, Errorf, fail, fatalf, panicf).
func errLikeFunc(name string) bool {
	n := strings.ToLower(name)
	for _, w := range [...]string{"err", "fail", "fatal", "panic"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// passesFormat reports whether body calls fmt.Sprintf(format, args...).
func (x *fileCtx) passesFormat(body *ast.BlockStmt, format, args string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			found = x.isSprintfOf(e, format, args)
		}
		return !found
	})
	return found
}

// isSprintfOf reports whether e is fmt.Sprintf(format, args...).
func (x *fileCtx) isSprintfOf(e ast.Expr, format, args string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !call.Ellipsis.IsValid() {
		return false
	}
	name, recv := calleeName(call)
	f, ok1 := call.Args[0].(*ast.Ident)
	a, ok2 := call.Args[1].(*ast.Ident)
	return name == "Sprintf" && x.imports[recv] == "fmt" && ok1 && ok2 && f.Name == format && a.Name == args
}

// helperCall records a call that may be of a Helper: one with an argument
// that gives text (a string literal or constant of the file), of a
// function or method named by an identifier.
func (x *fileCtx) helperCall(call *ast.CallExpr, fn *funcCtx) {
	if len(call.Args) == 0 || fn.body != nil && fn.droppedCalls()[call] {
		return
	}
	c := Call{Spread: call.Ellipsis.IsValid()}
	switch {
	case x.hasTextArg(call, fn):
		c.Passes = x.forwards(call, fn)
	case ownFunc(call, fn) && slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return x.otherFileName(a, fn) }):
		c.Passes, c.Named = x.forwards(call, fn), true
	case x.forwards(call, fn):
		c.Forward = true
	case slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isParamIdent(a, fn) }):
		c.ByParam = true
	default:
		return // only opaque values: the helper's own site says as much
	}
	switch f := call.Fun.(type) {
	case *ast.Ident:
		if builtinFunc[f.Name] {
			return
		}
		c.Name = f.Name
		if x.closureNamed(fn, f.Name) != nil {
			c.Scope = fn.name
		}
	case *ast.SelectorExpr:
		c.Name = f.Sel.Name
		id, ok := f.X.(*ast.Ident)
		switch {
		case ok && x.imports[id.Name] != "":
			c.Import = x.imports[id.Name]
		case ok && id.Name == fn.recvName && fn.recvName != "":
			c.Method, c.Recv = true, fn.recvType
		case ok && fn.ftype != nil:
			// A parameter or variable of a declared type (l *lexer), of
			// this package or of another (path cty.Path).
			t := fn.infoOf().types[id.Name]
			c.Method, c.Recv = true, typeName(t)
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			if imp, _, ok := x.ref(t); ok && imp != "" {
				c.RecvImport = imp
			}
		default:
			c.Method = true
			if sel, ok := f.X.(*ast.SelectorExpr); ok && fn.recvName != "" && isIdentNamed(sel.X, fn.recvName) {
				c.Recv, c.Field = fn.recvType, sel.Sel.Name // p.errors.Add
			}
		}
	default:
		return
	}
	s := scope{x, fn}
	c.Args = make([]CallArg, 0, len(call.Args))
	for i, a := range call.Args {
		arg := CallArg{Expr: clip(x.text(a), maxExpr)}
		if c.Forward && !x.readsParam(a, fn) {
			// No text and no parameter: what it holds is not looked at.
			arg.Templates = one(s.hole(a, errdex.HoleAny))
			c.Args = append(c.Args, arg)
			continue
		}
		arg.Templates = s.tmpl(a, 0)
		arg.Param = !c.Forward && isParamIdent(a, fn) && len(arg.Templates) == 1 &&
			isSingleHole(arg.Templates[0]) && arg.Templates[0].Parts[0].Expr == arg.Expr
		if !c.Forward && (i+1 < len(call.Args) || !call.Ellipsis.IsValid()) {
			if formatLike(arg.Templates) {
				n := len(x.problems)
				arg.Printf = s.printf(call, i, 0)
				x.problems = x.problems[:n] // not every text with a % is a format
			}
		}
		c.Args = append(c.Args, arg)
	}
	c.Site = &callSite{span: x.span(call), function: fn.name}
	if !c.Forward {
		x.callNodes[call] = c.Site // for its guards, should Link make it a site
	}
	x.facts.Calls = append(x.facts.Calls, c)
}

// formatLike reports whether each of ts, the messages of an argument, has
// a verb in its text, as a format has, whether whole text or built with a
// variable's value (s + " (expected " + expected + "): %s").
func formatLike(ts []errdex.Template) bool {
	for _, t := range ts {
		if _, verbs := formatText(t); !verbs {
			return false
		}
	}
	return len(ts) > 0
}

// hasTextArg reports whether an argument of call is or contains a string
// literal, or names a constant of the file or of fn (function literals
// excluded), or is a local variable of fn given text (see textVars).
func (x *fileCtx) hasTextArg(call *ast.CallExpr, fn *funcCtx) bool {
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && (scope{x, fn}).localName(id) && fn.textVars()[id.Name] {
			return true
		}
	}
	return anyArgNode(call, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			return n.Kind == token.STRING
		case *ast.Ident:
			_, ok := x.consts[n.Name]
			return ok || x.mayDeclareConsts(fn) && fn.infoOf().consts[n.Name]
		}
		return false
	})
}

// ownFunc reports whether call calls a function of its package by name,
// or a method of fn's receiver: where a name of another file of the
// package may be passed to a helper (see otherFileName). Calls of other
// packages' functions and of other values' methods are left out, for
// the memory their records would take.
func ownFunc(call *ast.CallExpr, fn *funcCtx) bool {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return fn.recvName != "" && isIdentNamed(f.X, fn.recvName)
	}
	return false
}

// otherFileName reports whether e is a name fn and the file neither declare
// nor import: a package-level name of another file, whose text Link may
// know (const readSyscallName = "read" in fd_unix.go, passed to
// wrapSyscallError(readSyscallName, err) in fd_posix.go; see
// linker.inlineValues).
func (x *fileCtx) otherFileName(e ast.Expr, fn *funcCtx) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	switch id.Name {
	case "_", "nil", "true", "false", "iota":
		return false
	}
	if x.imports[id.Name] != "" || isParamIdent(id, fn) || fn.body != nil && fn.infoOf().locals[id.Name] {
		return false
	}
	_, isConst := x.consts[id.Name]
	_, isVar := x.vars[id.Name]
	return !isConst && !isVar && !x.typedVars[id.Name]
}

// isParamIdent reports whether e is a parameter of fn.
func isParamIdent(e ast.Expr, fn *funcCtx) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name != "_" && fn.ftype != nil && isParam(fn.ftype, id.Name)
}

// anyArgNode reports whether is(n) holds for a node n of an argument of call,
// outside function literals.
func anyArgNode(call *ast.CallExpr, is func(ast.Node) bool) bool {
	found := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok || found {
				return false
			}
			found = n != nil && is(n)
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// hasText reports whether a template has literal text with a letter: an
// argument that says something, not a number or punctuation.
func hasText(t errdex.Template) bool {
	for _, p := range t.Parts {
		if !p.IsHole() && strings.IndexFunc(p.Text, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// helperKey names a helper: "f" for a function, "T.m" for a method.
func helperKey(recv, name string) string {
	if recv == "" {
		return name
	}
	return recv + "." + name
}

func anyText(ts []errdex.Template) bool {
	for _, t := range ts {
		if hasText(t) {
			return true
		}
	}
	return false
}

// composed reports whether a template of ts puts literal text that is
// not blank around a value: "'"+tok+"'" or fmt.Sprintf("%d:%d", a, b),
// not a constant alone.
func composed(ts []errdex.Template) bool {
	for _, t := range ts {
		lit, hole := false, false
		for _, p := range t.Parts {
			hole = hole || p.IsHole()
			lit = lit || !p.IsHole() && strings.TrimSpace(p.Text) != ""
		}
		if lit && hole {
			return true
		}
	}
	return false
}

// substitution is what substituteParams reports of a message.
type substitution struct {
	// text: an argument put text (with a letter) in the message in place
	// of a parameter.
	text bool
	// shaped: one put text without a letter around its values there
	// ("'"+tok+"'" for msg in "expected {msg}", see composed).
	shaped bool
	// passed: one that is a parameter of the caller took the place of
	// one (see CallArg.Param).
	passed bool
	// read: any argument took the place of one.
	read bool
}

// substituteParams replaces in t, a message of helper h, the holes that
// read a parameter with the call's argument, and reports what the
// arguments put in their place.
func substituteParams(t errdex.Template, h *Helper, c Call) (_ []errdex.Template, r substitution) {
	acc := one()
	for _, p := range t.Parts {
		i, exact := -1, false
		if p.IsHole() {
			i, exact = paramRef(p.Expr, h.Params)
			if h.Format >= 0 && p.Expr == "fmt.Sprintf("+h.Params[h.Format]+", "+h.Params[h.Format+1]+"...)" {
				i, exact = h.Format, true // the format applied to its arguments
			}
		}
		if i < 0 || i >= len(c.Args) || c.Args[i].Templates == nil {
			acc = product(acc, one(p))
			continue
		}
		arg := c.Args[i]
		vals := arg.Templates
		if exact && arg.Printf != nil && (i == h.Format || p.Type == holeFormat && h.Variadic && i == len(h.Params)-2) {
			// The format applied to its arguments: a format parameter's,
			// or one a field keeps for a Sprintf (see holeFormat) before
			// the variadic parameter (getErr(code ErrorCode, args
			// ...any)).
			vals = arg.Printf
		}
		var alts []errdex.Template
		for _, v := range vals {
			alts = append(alts, errdex.NewTemplate(fill(p, v, exact, h.Params[i], arg.Expr)...))
		}
		// The argument's text counts where it shows in the message, not
		// inside a hole's expression (hex.DecodeString("3077af") reads s
		// in {src[i]}).
		r.text = r.text || anyText(alts)
		r.shaped = r.shaped || exact && composed(alts)
		r.passed = r.passed || exact && arg.Param
		r.read = true
		acc = product(acc, alts)
	}
	for i := range acc {
		acc[i] = template.DistinctHoles(acc[i])
	}
	return acc, r
}

// paramRef finds the first parameter a hole's expression reads, by its
// index in params: exact when the expression is the parameter itself or
// its Error()/String() text.
func paramRef(expr string, params []string) (int, bool) {
	for i := 0; i < len(expr); {
		if isQuote(expr[i]) {
			i = literalEnd(expr, i) // "s" in a literal reads no parameter s
			continue
		}
		if !isIdentByte(expr[i]) || '0' <= expr[i] && expr[i] <= '9' {
			i++
			continue
		}
		j := i
		for j < len(expr) && isIdentByte(expr[j]) {
			j++
		}
		if i == 0 || expr[i-1] != '.' {
			for k, p := range params {
				if p == expr[i:j] && p != "_" {
					rest := expr[j:]
					return k, i == 0 && (rest == "" || rest == ".Error()" || rest == ".String()")
				}
			}
		}
		i = j
	}
	return -1, false
}

// fill returns the parts that take the place of hole p when the value it
// reads, named old in its expression, has message v and source text expr:
// v itself when p is the value (a single hole keeps p's type), v quoted
// when p quotes text (%q, strconv.Quote), else a hole whose expression
// reads expr in place of old. old, a parameter's name or a receiver's
// field (e.Num), is replaced only where it stands whole (see
// replaceWhole): strconv.Quote(strings.Clone(str)) with s for str reads
// strconv.Quote(strings.Clone(s)), not sconv.Quote(sings.Clone(s)).
func fill(p errdex.Part, v errdex.Template, exact bool, old, expr string) []errdex.Part {
	lit, isLit := literalText(v)
	switch {
	case isLit && p.Type == holeFormat:
		return formatParts(lit)
	case isLit && p.Type == errdex.HoleRepr:
		return []errdex.Part{errdex.Lit(strconv.Quote(lit))}
	case exact && isSingleHole(v):
		h := v.Parts[0]
		if p.Type != errdex.HoleAny && !(h.Type == errdex.HolePath && p.Type == errdex.HoleStr) {
			h.Type = p.Type
		}
		return []errdex.Part{h}
	case exact:
		return v.Parts
	default:
		e := fillExpr(p.Expr, old, expr)
		return []errdex.Part{errdex.HolePart(template.HoleNameOf(e), e, p.Type)}
	}
}

// fillExpr returns e, a hole's expression, with expr in place of old
// where old stands whole (see replaceWhole). An expr that is no operand
// (a+b, -k, *p: see isOperand) is parenthesised where it stands inside
// a larger expression, so that the hole reads what the code computes: a+b
// for n in n*2 reads (a+b)*2, not a+b*2. It is not where it is e
// itself, or in a place that delimits it already: an argument of a call
// (strconv.Quote(a+b)), an index, a slice bound, an element of a
// composite literal, inside parentheses. An e that does not parse (cut
// short, see clip) takes it parenthesised everywhere.
func fillExpr(e, old, expr string) string {
	if e == old || isOperand(expr) {
		return replaceWhole(e, old, expr)
	}
	const ph = "ǂ" // a letter: an identifier no expression of ours holds
	paren := "(" + expr + ")"
	if strings.Contains(e, ph) {
		return replaceWhole(e, old, paren)
	}
	marked := replaceWhole(e, old, ph)
	fset := token.NewFileSet()
	x, err := parser.ParseExprFrom(fset, "", marked, 0)
	if err != nil {
		return replaceWhole(e, old, paren)
	}
	// delimited holds the offsets of the placeholders that stand whole
	// where nothing binds to them.
	delimited := map[int]bool{}
	mark := func(es ...ast.Expr) {
		for _, a := range es {
			if kv, ok := a.(*ast.KeyValueExpr); ok {
				a = kv.Value
			}
			if id, ok := a.(*ast.Ident); ok && id.Name == ph {
				delimited[fset.Position(id.Pos()).Offset] = true
			}
		}
	}
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			mark(n.Args...)
		case *ast.ParenExpr:
			mark(n.X)
		case *ast.IndexExpr:
			mark(n.Index)
		case *ast.IndexListExpr:
			mark(n.Indices...)
		case *ast.SliceExpr:
			mark(n.Low, n.High, n.Max)
		case *ast.CompositeLit:
			mark(n.Elts...)
		}
		return true
	})
	var b strings.Builder
	for i := 0; ; {
		j := strings.Index(marked[i:], ph)
		if j < 0 {
			b.WriteString(marked[i:])
			return b.String()
		}
		b.WriteString(marked[i : i+j])
		if delimited[i+j] {
			b.WriteString(expr)
		} else {
			b.WriteString(paren)
		}
		i += j + len(ph)
	}
}

// isOperand reports whether expr is a primary expression (an operand, a
// conversion, a selector, an index, a slice, a type assertion or a
// call), which no operator around it binds into.
func isOperand(expr string) bool {
	x, err := parser.ParseExpr(expr)
	if err != nil {
		return false
	}
	switch x.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.CompositeLit, *ast.FuncLit, *ast.ParenExpr, *ast.SelectorExpr,
		*ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.TypeAssertExpr, *ast.CallExpr:
		return true
	}
	return false
}

// printfWrapper records d when it is a printf wrapper: a function or
// method of at most maxHelperStmts statements with a format parameter
// (format string, args ...any) and a single string result, every return
// of which gives fmt.Sprintf(format, args...), directly or through a local
// variable assigned only that (msg := fmt.Sprintf(format, a...); ...;
// return msg, as flag's FlagSet.sprintf). A call of it in the file reads
// as fmt.Sprintf of its format (see wrapperCall).
func (x *fileCtx) printfWrapper(d *ast.FuncDecl) {
	ft := d.Type
	if d.Body == nil || len(d.Body.List) > maxHelperStmts || ft.Params == nil || ft.Results == nil ||
		len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 || holeTypeOf(ft.Results.List[0].Type) != errdex.HoleStr {
		return
	}
	var params []string
	var last ast.Expr
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			params = append(params, n.Name)
		}
		last = f.Type
	}
	n := len(params)
	if n < 2 || !isVariadicAny(last) || !x.isStringParam(ft, n-2) {
		return
	}
	format, args := params[n-2], params[n-1]
	isSprintf := func(e ast.Expr) bool { return x.isSprintfOf(e, format, args) }
	// vars are the local variables assigned: true when only ever assigned
	// fmt.Sprintf(format, args...).
	vars := map[string]bool{}
	ok, returns := true, 0
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := l.(*ast.Ident)
				if !isID {
					continue
				}
				good := len(n.Lhs) == len(n.Rhs) && n.Tok != token.ADD_ASSIGN && isSprintf(n.Rhs[i])
				if prev, seen := vars[id.Name]; seen {
					good = good && prev
				}
				vars[id.Name] = good
			}
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			r := ast.Unparen(n.Results[0])
			if id, isID := r.(*ast.Ident); isID {
				ok = ok && vars[id.Name] // assignments precede the return in a straight body
			} else {
				ok = ok && isSprintf(r)
			}
		}
		return ok
	})
	if ok && returns > 0 {
		recv := ""
		if d.Recv != nil && len(d.Recv.List) == 1 {
			if recv = typeName(d.Recv.List[0].Type); recv == "" {
				return
			}
		}
		x.wrappers[helperKey(recv, d.Name.Name)] = n - 2
	}
}

// wrapperCall reports whether call is of a printf wrapper of the file (a
// function, or a method of the enclosing method's receiver type called
// on the receiver), and the index of its format argument.
func (s scope) wrapperCall(call *ast.CallExpr) (int, bool) {
	k := ""
	switch f := call.Fun.(type) {
	case *ast.Ident:
		k = f.Name
	case *ast.SelectorExpr:
		id, ok := f.X.(*ast.Ident)
		if !ok || s.fn == nil || s.fn.recvName == "" || id.Name != s.fn.recvName {
			return 0, false
		}
		k = helperKey(s.fn.recvType, f.Sel.Name)
	default:
		return 0, false
	}
	i, ok := s.x.wrappers[k]
	return i, ok && i < len(call.Args)
}

// closure is a local variable holding a function literal.
type closure struct {
	name string
	lit  *ast.FuncLit
}

// localClosures returns, in source order, the local variables of a
// function body assigned a function literal (f := func(...) {...}, var f
// = func...) and nothing else anywhere in the body.
func localClosures(body *ast.BlockStmt) []closure {
	var out []closure
	assigned := map[string]int{}
	note := func(lhs, rhs []ast.Expr) {
		for i, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			assigned[id.Name]++
			if len(lhs) == len(rhs) {
				if lit, ok := rhs[i].(*ast.FuncLit); ok {
					out = append(out, closure{id.Name, lit})
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			note(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			note(lhs, n.Values)
		}
		return true
	})
	return slices.DeleteFunc(out, func(c closure) bool { return assigned[c.name] != 1 })
}

// bodyHas reports whether the source of fn's body contains word: a cheap
// test before a walk of the body for what the word declares.
func (x *fileCtx) bodyHas(fn *funcCtx, word string) bool {
	if fn.body == nil {
		return false
	}
	base := x.tf.Base()
	start, end := int(fn.body.Pos())-base, int(fn.body.End())-base
	if start < 0 || end > len(x.src) || start > end {
		return true
	}
	return bytes.Contains(x.src[start:end], []byte(word))
}

// mayDeclareConsts reports whether fn's body may declare constants.
func (x *fileCtx) mayDeclareConsts(fn *funcCtx) bool {
	if fn.consts == 0 {
		fn.consts = 1
		if x.bodyHas(fn, "const ") || x.bodyHas(fn, "const(") || x.bodyHas(fn, "const\t") {
			fn.consts = 2
		}
	}
	return fn.consts == 2
}

// closureNamed returns the function literal that the local variable name
// of fn holds (see localClosures), or nil.
func (x *fileCtx) closureNamed(fn *funcCtx, name string) *ast.FuncLit {
	if !fn.scanned {
		fn.scanned = true
		if x.bodyHas(fn, "func") {
			fn.closures = localClosures(fn.body)
		}
	}
	for _, c := range fn.closures {
		if c.name == name {
			return c.lit
		}
	}
	return nil
}

// closureHelpers records the closures of fn that are helpers (see
// newHelper), given the sites fn's body made. Only closures looked for by
// a call with text (see closureNamed) are known.
func (x *fileCtx) closureHelpers(fn *funcCtx, sites []*errdex.Site) {
	for _, c := range fn.closures {
		from, to := x.tf.Position(c.lit.Pos()), x.tf.Position(c.lit.End())
		var inside []*errdex.Site
		for _, s := range sites {
			if within(s.Location.Span, from, to) {
				inside = append(inside, s)
			}
		}
		if h, ok := x.newHelper(c.name, "", c.lit.Type, c.lit.Body, inside); ok {
			h.Scope, h.Span = fn.name, x.span(c.lit)
			x.facts.Helpers = append(x.facts.Helpers, h)
		}
	}
}

// within reports whether a span starts between two positions of its file.
func within(sp errdex.Span, from, to token.Position) bool {
	after := sp.Line > from.Line || sp.Line == from.Line && sp.Column >= from.Column
	before := sp.Line < to.Line || sp.Line == to.Line && sp.Column < to.Column
	return after && before
}

// holeFormat is the type, while files are linked, of a hole that is the
// format of a Sprintf whose format is not literal (fmt.Sprintf(
// e.Code.String(), e.Args...), regexp2's syntax.Error with Code a
// constant "reference to undefined group name %v"): where a literal's
// field or a helper's argument gives it text, fill formats it, its verbs
// holes (formatParts). Link makes the holes left HoleStr (see
// plainFormats): the type is never stored.
const holeFormat errdex.HoleType = "printf-format"

// formatParts is format, the text of a hole of type holeFormat, as the
// Sprintf reading it prints it: its verbs holes for arguments not seen
// here.
func formatParts(format string) []errdex.Part {
	t := template.Printf{Dialect: template.PrintfGo}.Parse(format, nil).Template
	return t.Parts
}

// textVars returns the names of fn's variables that an assignment or
// declaration gives a value holding a string literal (msg =
// fmt.Sprintf("the required flag %s was not specified", name)): passed
// to a helper, such a variable gives it text as a literal does.
func (fn *funcCtx) textVars() map[string]bool {
	if fn.texts != nil {
		return fn.texts
	}
	fn.texts = map[string]bool{}
	give := func(lhs []*ast.Ident, rhs []ast.Expr) {
		for i, id := range lhs {
			if len(rhs) == len(lhs) && hasStringLit(rhs[i]) {
				fn.texts[id.Name] = true
			}
		}
	}
	ast.Inspect(fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			var lhs []*ast.Ident
			for _, l := range n.Lhs {
				id, _ := l.(*ast.Ident)
				if id == nil {
					id = &ast.Ident{Name: "_"}
				}
				lhs = append(lhs, id)
			}
			give(lhs, n.Rhs)
		case *ast.ValueSpec:
			give(n.Names, n.Values)
		}
		return true
	})
	return fn.texts
}

// hasStringLit reports whether e holds a string literal outside function
// literals.
func hasStringLit(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		lit, ok := n.(*ast.BasicLit)
		found = ok && lit.Kind == token.STRING
		return !found
	})
	return found
}
