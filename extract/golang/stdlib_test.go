package golang

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// goroot returns the source tree of the Go installation running the tests.
func goroot(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	if _, err := os.Stat(filepath.Join(src, "strconv")); err != nil {
		t.Skipf("no Go source tree: %v", err)
	}
	return src
}

// productionCode keeps what indexing keeps by default: no test files, no
// testdata.
func productionCode(rel string) bool {
	if strings.HasSuffix(rel, "/") {
		return !strings.HasSuffix(rel, "testdata/") && rel != "testdata/"
	}
	return !strings.HasSuffix(rel, "_test.go")
}

// counts are numbers of sites by the call that makes them.
type counts struct {
	ErrorsNew, Errorf, Panic int
}

// tokenCounts counts error constructor calls in src with go/scanner alone,
// independently of go/ast and of the extractor: "errors . New (" where
// "errors" is the local name of an import of package errors (errorspkg in
// syscall), "fmt . Errorf (" likewise, and the builtin "panic (" (not a
// method, not a declaration). A constructor that
// is panic's direct argument counts as the panic only, as the extractor
// folds it.
func tokenCounts(src []byte) counts {
	type tok struct {
		t   token.Token
		lit string
	}
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var toks []tok
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{t, lit})
	}
	// names maps the local names of imports to their paths.
	names := map[string]string{}
	for i := 0; i < len(toks); i++ {
		if toks[i].t != token.IMPORT {
			continue
		}
		for j := i + 1; j < len(toks); j++ {
			t := toks[j]
			if t.t == token.STRING {
				p, _ := strconv.Unquote(t.lit)
				name := p[strings.LastIndex(p, "/")+1:]
				switch toks[j-1].t {
				case token.IDENT:
					names[toks[j-1].lit] = p
				case token.PERIOD: // a dot import names nothing
				default:
					names[name] = p
				}
			}
			if t.t == token.RPAREN || t.t == token.STRING && toks[i+1].t != token.LPAREN {
				break
			}
		}
	}
	at := func(i int, t token.Token, lit string) bool {
		return i >= 0 && i < len(toks) && toks[i].t == t && (lit == "" || toks[i].lit == lit)
	}
	// call reports whether a call of pkg.name( starts at i, with pkg
	// under any local name.
	call := func(i int, pkg, name string) bool {
		return at(i, token.IDENT, "") && names[toks[i].lit] == pkg && at(i+1, token.PERIOD, "") && at(i+2, token.IDENT, name) &&
			at(i+3, token.LPAREN, "") && !at(i-1, token.PERIOD, "")
	}
	inPanic := func(i int) bool {
		return at(i-1, token.LPAREN, "") && at(i-2, token.IDENT, "panic") && !at(i-3, token.PERIOD, "") && !at(i-3, token.FUNC, "")
	}
	var c counts
	for i := range toks {
		switch {
		case call(i, "errors", "New") && !inPanic(i):
			c.ErrorsNew++
		case call(i, "fmt", "Errorf") && !inPanic(i):
			c.Errorf++
		case at(i, token.IDENT, "panic") && at(i+1, token.LPAREN, "") && !at(i-1, token.PERIOD, "") && !at(i-1, token.FUNC, ""):
			c.Panic++
		}
	}
	return c
}

// TestStdlib extracts Go's standard library and compares the numbers of
// errors.New, fmt.Errorf and panic sites with tokenCounts.
func TestStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts the whole standard library")
	}
	root := goroot(t)
	res := run(t, root, productionCode)
	if len(res.Skipped) > 0 {
		t.Errorf("%d files skipped, first %+v", len(res.Skipped), res.Skipped[0])
	}
	var got, want counts
	kinds := map[errdex.SiteKind]int{}
	helperCalls := 0
	for _, s := range res.Sites {
		kinds[s.Kind]++
		if name := helperOf(s); name != "" {
			// A call of a helper takes the helper's kind; it is no
			// constructor call. Its source must be a call of that name.
			helperCalls++
			src, err := os.ReadFile(filepath.Join(root, s.Location.Path))
			if err != nil {
				t.Fatal(err)
			}
			if !callsAt(src, s.Location.Line, s.Location.Column, name) {
				t.Errorf("%s:%d:%d: site of a call of helper %s, not a call of it", s.Location.Path, s.Location.Line, s.Location.Column, name)
			}
			continue
		}
		switch s.Kind {
		case errdex.KindErrorsNew:
			got.ErrorsNew++
		case errdex.KindErrorf:
			got.Errorf++
		case errdex.KindPanic, errdex.KindRaiseObject:
			if !isRuntimeFatal(s) {
				got.Panic++
			}
		}
	}
	for _, f := range res.Files {
		src, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		c := tokenCounts(src)
		want.ErrorsNew += c.ErrorsNew
		want.Errorf += c.Errorf
		want.Panic += c.Panic
	}
	t.Logf("%d files, %d bytes, %d sites, %d with problems; by kind %v", res.FilesParsed, res.Bytes, len(res.Sites), res.FilesWithProblems, kinds)
	t.Logf("errors.New %d, fmt.Errorf %d, panic %d; %d calls of helpers", got.ErrorsNew, got.Errorf, got.Panic, helperCalls)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("site counts differ from the token counts (-tokens +extractor):\n%s", diff)
	}
}

// helperOf returns the helper a site is a call of (its "helper" fact), or
// "".
func helperOf(s *errdex.Site) string {
	for _, f := range s.Provenance {
		if f.Kind == errdex.FactHelper {
			return f.Name
		}
	}
	return ""
}

// callsAt reports, with go/scanner alone, whether the source at line:col
// is a call of name: "name (", or a chain of selectors and calls ending in
// ". name (" (d.syntaxError(, Global().Get("console").Call().
func callsAt(src []byte, line, col int, name string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	s.Init(f, src, nil, 0)
	depth, prev := 0, ""
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return false
		}
		if p := f.Position(pos); p.Line < line || p.Line == line && p.Column < col {
			continue
		}
		switch {
		case tok == token.LPAREN:
			if depth == 0 && prev == name {
				return true
			}
			depth++
		case tok == token.RPAREN:
			depth--
		case depth > 0:
		case tok == token.IDENT:
			prev = lit
			continue
		case tok != token.PERIOD:
			return false
		}
		prev = ""
	}
}

// isRuntimeFatal reports whether a site is one of the runtime's fatal
// errors (throw, fatal), which tokenCounts does not count as panics.
func isRuntimeFatal(s *errdex.Site) bool {
	return s.Exception == runtimeFatal
}

// TestStdlibSpotChecks checks sites of the standard library found by hand.
func TestStdlibSpotChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts part of the standard library")
	}
	root := goroot(t)
	dirs := []string{"strconv/", "io/", "io/fs/", "os/", "encoding/json/", "syscall/", "internal/", "internal/oserror/", "errors/", "crypto/", "crypto/tls/",
		"runtime/", "internal/runtime/", "internal/runtime/maps/", "net/"}
	res := run(t, root, func(rel string) bool {
		if strings.HasSuffix(rel, "/") {
			for _, d := range dirs {
				if rel == d || strings.HasPrefix(d, rel) {
					return true
				}
			}
			return false
		}
		return productionCode(rel)
	})
	find := func(path string, match func(*errdex.Site) bool) *errdex.Site {
		t.Helper()
		for _, s := range res.Sites {
			if strings.HasPrefix(s.Location.Path, path) && match(s) {
				return s
			}
		}
		t.Errorf("no site in %s", path)
		return nil
	}
	message := func(m string) func(*errdex.Site) bool {
		return func(s *errdex.Site) bool { return s.Template.String() == m }
	}
	fn := func(f string) func(*errdex.Site) bool {
		return func(s *errdex.Site) bool { return s.Function == f }
	}
	tests := []struct {
		name  string
		path  string
		match func(*errdex.Site) bool
		check func(*errdex.Site) string
	}{
		{"ErrSyntax sentinel", "strconv/", message("invalid syntax"), func(s *errdex.Site) string {
			if s.Kind != errdex.KindErrorsNew || s.Function != "strconv.init" {
				return "kind " + string(s.Kind) + " function " + s.Function
			}
			for _, f := range s.Provenance {
				if f.Kind == "return" {
					return ""
				}
			}
			return "no return of ErrSyntax cited"
		}},
		{"NumError.Error", "strconv/", fn("strconv.(*NumError).Error"), func(s *errdex.Site) string {
			want := errdex.NewTemplate(errdex.Lit("strconv."), errdex.HolePart("Func", "e.Func", errdex.HoleStr),
				errdex.Lit(": parsing "), errdex.HolePart("Num", "Quote(e.Num)", errdex.HoleRepr),
				errdex.Lit(": "), errdex.HolePart("Err", "e.Err.Error()", errdex.HoleError))
			return cmp.Diff(want, s.Template)
		}},
		// wrapSyscallError(writeSyscallName, err): a constant of
		// fd_unix.go, and a helper that assigns the error it wraps before
		// returning it.
		{"SyscallError named in another file", "net/fd_posix.go", fn("net.(*netFD).Write"), func(s *errdex.Site) string {
			if got := s.Template.String(); got != "write: {err}" || s.Exception != "*os.SyscallError" {
				return got + " " + s.Exception
			}
			return ""
		}},
		{"syntaxError literal", "strconv/", fn("strconv.syntaxError"), func(s *errdex.Site) string {
			if got := s.Template.Canonical(); got != "strconv.{}: parsing {}: invalid syntax" || s.Exception != "*strconv.NumError" {
				return got + " " + s.Exception
			}
			return ""
		}},
		{"PathError.Error", "io/fs/", fn("fs.(*PathError).Error"), func(s *errdex.Site) string {
			if got := s.Template.Canonical(); got != "{} {}: {}" || s.Exception != "*fs.PathError" {
				return got + " " + s.Exception
			}
			return ""
		}},
		{"open PathError literal", "os/", message("open {name}: {err}"), func(s *errdex.Site) string {
			if s.Kind != errdex.KindRaise || s.Exception != "*fs.PathError" {
				return string(s.Kind) + " " + s.Exception
			}
			return ""
		}},
		{"wrapErr call", "os/file.go", message("read {name}: {e}"), func(s *errdex.Site) string {
			// os.(*File).wrapErr panics on an unexpected error before it
			// returns &PathError{...}: its calls take the *PathError's kind.
			if s.Kind != errdex.KindRaise || s.Exception != "*fs.PathError" {
				return string(s.Kind) + " " + s.Exception
			}
			return ""
		}},
		{"errno constant in a hole", "os/file_unix.go", message("rename {oldname} {newname}: file exists"), func(s *errdex.Site) string {
			// &LinkError{"rename", oldname, newname, syscall.EEXIST}: the
			// entry of a unix errno table at EEXIST's value (0x11).
			for _, f := range s.Provenance {
				if f.Kind == "wraps" && f.Text == "syscall.EEXIST: file exists" && strings.HasPrefix(f.Location.Path, "syscall/zerrors_") {
					return ""
				}
			}
			return fmt.Sprintf("no wraps fact citing a zerrors file: %+v", s.Provenance)
		}},
		{"json Errorf", "encoding/json/", func(s *errdex.Site) bool {
			return s.Kind == errdex.KindErrorf && strings.HasPrefix(s.Template.String(), "json: ")
		}, func(s *errdex.Site) string { return "" }},
		{"Errno table", "syscall/zerrors_linux_amd64.go", message("no such file or directory"), func(s *errdex.Site) string {
			if s.Kind != errdex.KindErrorMethod || s.Function != "syscall.Errno.Error" || s.Exception != "syscall.Errno" || s.Build != "linux && amd64" {
				return fmt.Sprintf("kind %s function %s exception %s build %q", s.Kind, s.Function, s.Exception, s.Build)
			}
			return ""
		}},
		{"Errno fallback", "syscall/syscall_unix.go", fn("syscall.Errno.Error"), func(s *errdex.Site) string {
			if got := s.Template.Canonical(); got != "errno {}" || len(s.Alternatives) != 0 || s.Build != "unix" {
				return fmt.Sprintf("%s, %d alternatives, build %q", got, len(s.Alternatives), s.Build)
			}
			return ""
		}},
		{"Windows errno table", "syscall/zerrors_windows.go", message("address already in use"), func(s *errdex.Site) string {
			if s.Function != "syscall.Errno.Error" || s.Build != "windows" {
				return s.Function + " " + s.Build
			}
			return ""
		}},
		{"tls alert table", "crypto/tls/alert.go", message("tls: bad certificate"), func(s *errdex.Site) string {
			if s.Kind != errdex.KindErrorMethod || s.Function != "tls.alert.Error" || s.Exception != "tls.alert" {
				return fmt.Sprintf("kind %s function %s exception %s", s.Kind, s.Function, s.Exception)
			}
			return ""
		}},
		{"plan9 build guard", "os/file_plan9.go", func(s *errdex.Site) bool { return true }, func(s *errdex.Site) string {
			if s.Build != "plan9" || len(s.Guards) == 0 || s.Guards[0].Kind != guardBuild || s.Guards[0].Line != 0 {
				return fmt.Sprintf("build %q guards %+v", s.Build, s.Guards)
			}
			return ""
		}},
		{"io.EOF", "io/", message("EOF"), func(s *errdex.Site) string { return "" }},
		{"divide by zero", "runtime/", message("runtime error: integer divide by zero"), func(s *errdex.Site) string {
			if s.Exception != "runtime.errorString" {
				return "exception " + s.Exception
			}
			return ""
		}},
		{"nil map write", "runtime/", message("assignment to entry in nil map"), func(s *errdex.Site) string {
			if s.Exception != "runtime.plainError" {
				return "exception " + s.Exception
			}
			return ""
		}},
		{"concurrent map writes", "internal/runtime/maps/", message("concurrent map writes"), func(s *errdex.Site) string {
			if s.Exception != runtimeFatal {
				return "exception " + s.Exception
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s := find(tt.path, tt.match); s != nil {
				if msg := tt.check(s); msg != "" {
					t.Errorf("%s at %v: %s", tt.name, s.Location.Span, msg)
				}
			}
		})
	}
}

// errnoTableCount counts, with go/scanner alone, the distinct non-empty
// string literals of the table "var errors = [...]string{...}" in src.
func errnoTableCount(src []byte) int {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var toks []token.Token
	var lits []string
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks, lits = append(toks, t), append(lits, lit)
	}
	head := []token.Token{token.VAR, token.IDENT, token.ASSIGN, token.LBRACK, token.ELLIPSIS, token.RBRACK, token.IDENT, token.LBRACE}
	for i := 0; i+len(head) <= len(toks); i++ {
		if !slices.Equal(toks[i:i+len(head)], head) || lits[i+1] != "errors" {
			continue
		}
		seen := map[string]bool{}
		for j := i + len(head); j < len(toks) && toks[j] != token.RBRACE; j++ {
			if v, err := strconv.Unquote(lits[j]); toks[j] == token.STRING && err == nil && v != "" {
				seen[v] = true
			}
		}
		return len(seen)
	}
	return 0
}

// TestStdlibErrnoTables checks that each syscall errno table of the
// standard library gives one site per distinct message, counted by
// errnoTableCount, and that no other table of those files (signals) does.
func TestStdlibErrnoTables(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts package syscall")
	}
	root := goroot(t)
	res := run(t, root, func(rel string) bool {
		if strings.HasSuffix(rel, "/") {
			return rel == "syscall/"
		}
		return productionCode(rel)
	})
	byFile := map[string]int{}
	for _, s := range res.Sites {
		if s.Kind == errdex.KindErrorMethod && s.Function == "syscall.Errno.Error" {
			byFile[s.Location.Path]++
		}
	}
	files, total := 0, 0
	for _, f := range res.Files {
		if !strings.HasPrefix(f.Path, "syscall/zerrors_") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		want := errnoTableCount(src)
		if got := len(f.Sites); got != want || byFile[f.Path] != want {
			t.Errorf("%s: %d sites, %d of syscall.Errno.Error; the table has %d messages", f.Path, got, byFile[f.Path], want)
		}
		if want > 0 {
			files++
			total += want
		}
	}
	if files < 20 {
		t.Errorf("only %d errno tables found", files)
	}
	t.Logf("%d errno tables, %d sites", files, total)
}

// BenchmarkStdlib measures extraction of Go's standard library on one
// core: bytes per second, files and sites (Extract of every file, then Link).
func BenchmarkStdlib(b *testing.B) {
	root := goroot(b)
	var files []*extract.File
	var size int64
	for _, in := range inputs(b, root, productionCode) {
		src, err := in.Read()
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, &extract.File{Path: in.Path, Language: "go", Src: src})
		size += int64(len(src))
	}
	b.SetBytes(size)
	b.ResetTimer()
	sites := 0
	cpu0 := extracttest.CPUTime()
	for b.Loop() {
		results := make([]*extract.FileResult, 0, len(files))
		sites = 0
		for _, f := range files {
			r, err := Extractor.Extract(f)
			if err != nil {
				b.Fatal(err)
			}
			r.Path, r.Language = f.Path, f.Language
			results = append(results, r)
		}
		Extractor.Link(results)
		for _, r := range results {
			sites += len(r.Sites)
		}
	}
	// On a shared machine wall time overstates the cost; CPU time (all
	// threads, GC included) does not.
	extracttest.ReportCPUThroughput(b, size, cpu0, "cpu-MB/s")
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(sites), "sites")
}

// BenchmarkStdlibRun measures the whole driver (extract.Run with its
// default workers) on Go's standard library.
func BenchmarkStdlibRun(b *testing.B) {
	root := goroot(b)
	var size int64
	for _, in := range inputs(b, root, productionCode) {
		size += in.Size
	}
	b.SetBytes(size)
	for b.Loop() {
		extracttest.RunOptions(b, inputs(b, root, productionCode), extract.Options{Extractors: []*extract.Extractor{Extractor}})
	}
}

// FuzzExtract checks that no input, however broken, makes the extractor
// or its Link step fail, panic or hang, and that every site is well
// formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*"},
		"package p\nfunc f() { panic(fmt.Sprintf(\"%[\", x)) }",
		"package p\nvar E = errors.New(\"a\" + B)\nconst B = \"b\" + B",
		// Bytes that are no UTF-8, escaped and in a broken literal.
		"package p\nimport \"errors\"\nfunc f() error { return errors.New(\"\\xd8 bad\") }",
		"package A)import\"errors\",func 0A){errors.New(\"\xd8")
	extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "fuzz.go"})
}

// TestPathological checks that chains of self-referencing assignments,
// deep concatenations and long constant chains finish quickly.
func TestPathological(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nimport \"errors\"\n\nconst c0 = \"x\"\n")
	for i := 1; i < 300; i++ {
		fmt.Fprintf(&b, "const c%d = c%d + c%d\n", i, i-1, i-1)
	}
	b.WriteString("func F(n int) error {\n\ta := \"a\"\n\tb := \"b\"\n")
	for range 300 {
		b.WriteString("\tif n > 0 {\n\t\ta = a + b\n\t}\n\tb = b + a + b\n")
	}
	b.WriteString("\tif n > 1 {\n\t\treturn errors.New(c299)\n\t}\n\treturn errors.New(a + b + \"end\")\n}\n")
	b.WriteString("func G() error {\n\treturn errors.New(\"s\"" + strings.Repeat(" + \"s\"", 5000) + ")\n}\n")
	r, err := Extractor.Extract(&extract.File{Path: "p.go", Language: "go", Src: []byte(b.String())})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sites) != 3 {
		t.Errorf("got %d sites, want 3", len(r.Sites))
	}
}

// TestManyAssignmentsInClosure extracts a function whose closure assigns
// a variable of the function 20,000 times: the names the closure
// declares are gathered once, not once for each assignment (which took
// seconds).
func TestManyAssignmentsInClosure(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nimport \"errors\"\n\nfunc F() error {\n\tvar s string\n\tg := func() {\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "\t\ts = \"v%d\"\n", i)
	}
	b.WriteString("\t}\n\tg()\n\treturn errors.New(\"bad \" + s)\n}\n")
	start := time.Now()
	r, err := Extractor.Extract(&extract.File{Path: "p.go", Language: "go", Src: []byte(b.String())})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sites) != 1 {
		t.Errorf("got %d sites, want 1", len(r.Sites))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v, want well under a second", d)
	}
}
