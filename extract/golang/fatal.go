package golang

import (
	"go/ast"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// This file finds the fatal errors that packages outside the runtime raise
// through it. The runtime's throw(s) and fatal(s) print "fatal error: " and
// s, and cannot be recovered (see isRuntimeFatal). Other packages cannot
// import the runtime, so they declare a function without a body and have
// the linker supply it:
//
//	// internal/sync/runtime.go
//	//go:linkname fatal
//	func fatal(string)
//
//	// runtime/panic.go
//	//go:linkname internal_sync_fatal internal/sync.fatal
//	func internal_sync_fatal(s string) { fatal(s) }
//
// A call of such a function with text (fatal("sync: unlock of unlocked
// mutex")) is a site of kind panic with Exception "fatal error", like the
// runtime's own calls. A body-less function is one when a forwarder
// pushes to it: a function with a //go:linkname directive naming another
// package's function, whose body is a single call of the runtime's throw
// or fatal passing its parameter (Facts.FatalLinks); or when it pulls the
// runtime's throw or fatal itself (//go:linkname throw runtime.throw).
// Only the name is trusted within the package: a body-less function is
// never a helper (it has no site to give), so nothing else is lost.

// Extern is a function declared without a body whose one parameter is a
// string (func fatal(string)): the linker supplies it, maybe from the
// runtime's fatal errors.
type Extern struct {
	Name string
	// Target is the symbol a //go:linkname directive on it names, "" for
	// none or the one-argument form.
	Target string
	Span   errdex.Span
}

// runtimeFatalSymbols are the runtime's functions that print "fatal error:
// " and their argument.
var runtimeFatalSymbols = map[string]bool{"runtime.throw": true, "runtime.fatal": true}

// linkTarget returns the target of the //go:linkname directive naming d
// ("//go:linkname local pkg/path.name") among the comment lines right
// above it, or "". Files are parsed without comments, so the lines are
// read from the source.
func (x *fileCtx) linkTarget(d *ast.FuncDecl) string {
	end := x.tf.Offset(d.Pos())
	for end > 0 {
		start := strings.LastIndexByte(string(x.src[:end-1]), '\n') + 1
		line := strings.TrimSpace(string(x.src[start : end-1]))
		if !strings.HasPrefix(line, "//") {
			return ""
		}
		if f := strings.Fields(line); len(f) == 3 && f[0] == "//go:linkname" && f[1] == d.Name.Name {
			return f[2]
		}
		end = start
	}
	return ""
}

// fatalLinks records what d says about functions that raise the runtime's
// fatal errors: a body-less function of one string parameter as an
// Extern, and a runtime function that forwards its parameter to throw or
// fatal under a linkname to another package's symbol as a FatalLink.
func (x *fileCtx) fatalLinks(d *ast.FuncDecl) {
	if d.Recv != nil || d.Type.Params == nil || d.Type.Params.NumFields() != 1 || d.Type.Results.NumFields() != 0 {
		return
	}
	if !x.isStringParam(d.Type, 0) {
		return
	}
	if d.Body == nil {
		x.facts.Externs = append(x.facts.Externs, Extern{Name: d.Name.Name, Target: x.linkTarget(d), Span: x.span(d)})
		return
	}
	target := x.linkTarget(d)
	if target == "" || len(d.Body.List) != 1 || len(d.Type.Params.List[0].Names) != 1 {
		return
	}
	st, ok := d.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return
	}
	call, ok := st.X.(*ast.CallExpr)
	if !ok || !x.isRuntimeFatal(call) {
		return
	}
	if arg, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && arg.Name == d.Type.Params.List[0].Names[0].Name {
		x.facts.FatalLinks = append(x.facts.FatalLinks, target)
	}
}

// fatalExterns returns the body-less functions of the repository that
// raise the runtime's fatal errors (see the file comment), by package
// directory and name.
func (l *linker) fatalExterns() map[key]Extern {
	pushed := map[key]bool{}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, t := range fx.FatalLinks {
			slash := strings.LastIndexByte(t, '/')
			dot := strings.IndexByte(t[slash+1:], '.')
			if dot < 0 {
				continue
			}
			imp, name := t[:slash+1+dot], t[slash+2+dot:]
			if d := l.dirFor(imp); d != "" {
				pushed[key{d, name}] = true
			}
		}
	})
	out := map[key]Extern{}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, e := range fx.Externs {
			k := key{fx.Dir, e.Name}
			if pushed[k] || runtimeFatalSymbols[e.Target] {
				first(out, k, e)
			}
		}
	})
	return out
}

// fatalCall settles the site of a call of e, a body-less function that
// raises the runtime's fatal errors, and reports whether its message has
// text.
func fatalCall(e Extern, c Call) bool {
	if len(c.Args) != 1 || !anyText(c.Args[0].Templates) {
		return false
	}
	ts := preferLiteral(dedupe(c.Args[0].Templates, maxAlternatives))
	s := c.Site.site()
	s.Kind, s.Exception = errdex.KindPanic, runtimeFatal
	s.Template, s.Alternatives = ts[0], ts[1:]
	s.Provenance = append(s.Provenance, errdex.Fact{
		Name: e.Name, Kind: errdex.FactHelper, Text: e.Name + ": the runtime's fatal error, supplied by the linker", Location: e.Span,
	})
	return true
}
