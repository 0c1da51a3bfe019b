package syntax_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex/syntax"
)

func parse(t testing.TB, lang *syntax.Language, src string) *syntax.Tree {
	t.Helper()
	p, err := syntax.NewParser(lang, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	tree, err := p.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return tree.Clone()
}

func TestParseShapes(t *testing.T) {
	tests := []struct {
		name string
		lang *syntax.Language
		src  string
		want string
	}{
		{"python raise", syntax.Python(), "raise ValueError('x')\n",
			`(module (raise_statement (call function: (identifier) arguments: (argument_list (string (string_start) (string_content) (string_end))))))`},
		{"empty", syntax.Python(), "", `(module)`},
		{"javascript throw", syntax.JavaScript(), "throw new Error(`a ${b}`);",
			`(program (throw_statement (new_expression constructor: (identifier) arguments: (arguments (template_string (string_fragment) (template_substitution (identifier)))))))`},
		{"rust panic", syntax.Rust(), `fn f() { panic!("x {}", y); }`,
			`(source_file (function_item name: (identifier) parameters: (parameters) body: (block (expression_statement (macro_invocation macro: (identifier) (token_tree (string_literal (string_content)) (identifier)))))))`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parse(t, tt.lang, tt.src).Root().Sexp()
			if got != tt.want {
				t.Errorf("Sexp mismatch\n got: %s\nwant: %s", got, tt.want)
			}
		})
	}
}

func TestNavigation(t *testing.T) {
	src := "def f(a):\n    if a:\n        raise KeyError(a)\n    return 1\n"
	tree := parse(t, syntax.Python(), src)
	var raise syntax.Node
	for n := range tree.Root().Descendants() {
		if n.Kind() == "raise_statement" {
			raise = n
			break
		}
	}
	if raise.IsNull() {
		t.Fatal("no raise_statement found")
	}
	if got := raise.Text(); got != "raise KeyError(a)" {
		t.Errorf("Text = %q", got)
	}
	if raise.Line() != 3 || raise.EndLine() != 3 || raise.Start().Column != 8 {
		t.Errorf("position = line %d-%d col %d, want 3-3 col 8", raise.Line(), raise.EndLine(), raise.Start().Column)
	}
	var kinds []string
	for a := range raise.Ancestors() {
		kinds = append(kinds, a.Kind())
	}
	if got := strings.Join(kinds, " "); got != "block if_statement block function_definition module" {
		t.Errorf("ancestors = %s", got)
	}
	fn := tree.Root().NamedChild(0)
	if got := fn.Child("name").Text(); got != "f" {
		t.Errorf("function name = %q", got)
	}
	if !fn.Contains(raise) || raise.Contains(fn) {
		t.Error("Contains is wrong")
	}
	ret := raise.Parent().Parent().NextNamedSibling()
	if ret.Kind() != "return_statement" || ret.PrevNamedSibling().Kind() != "if_statement" {
		t.Errorf("siblings: got %s after if", ret.Kind())
	}
	var null syntax.Node
	if !null.Child("x").Parent().IsNull() || null.Text() != "" {
		t.Error("zero Node must chain to zero values")
	}
}

func TestSyntaxErrorsStillParse(t *testing.T) {
	tree := parse(t, syntax.Python(), "def f(:\n    exec 'x' in d\n    raise E, 'old', tb\n")
	if !tree.HasError() {
		t.Errorf("broken source should contain syntax errors: %s", tree.Root().Sexp())
	}
	if ok := parse(t, syntax.Python(), "x = 1\n"); ok.HasError() {
		t.Error("valid source reported as having errors")
	}
}

func TestTimeout(t *testing.T) {
	p, err := syntax.NewParser(syntax.Python(), time.Nanosecond)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	src := []byte(strings.Repeat("x = [1, 2, (3, {4: 5})]\n", 200000))
	if _, err := p.Parse(context.Background(), src); !errors.Is(err, syntax.ErrTimeout) {
		t.Fatalf("Parse of 4.8 MB with a 1ns limit: err = %v, want ErrTimeout", err)
	}
	// The parser stays usable after a timeout.
	p2, _ := syntax.NewParser(syntax.Python(), 0)
	defer p2.Close()
	tree, err := p2.Parse(context.Background(), []byte("x = 1\n"))
	if err != nil || tree.Root().Sexp() == "" {
		t.Fatalf("parse after timeout: %v", err)
	}
}

func TestCanceledContext(t *testing.T) {
	p, _ := syntax.NewParser(syntax.Python(), 0)
	defer p.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Parse(ctx, []byte("x = 1")); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func FuzzParsePython(f *testing.F) {
	f.Add([]byte("raise ValueError(f'{x!r:>10}')"))
	f.Add([]byte("\xff\xfe\x00"))
	f.Add([]byte("def f(:\n\tif\n"))
	p, err := syntax.NewParser(syntax.Python(), 2*time.Second)
	if err != nil {
		f.Fatal(err)
	}
	defer p.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		tree, err := p.Parse(context.Background(), src)
		if err != nil {
			return
		}
		// Every node's range must lie within the source and inside its parent.
		for n := range tree.Root().Descendants() {
			if n.StartByte() > n.EndByte() || n.EndByte() > len(src) {
				t.Fatalf("node %s has range %d..%d in %d bytes", n.Kind(), n.StartByte(), n.EndByte(), len(src))
			}
			if p := n.Parent(); p.IsNull() || !p.Contains(n) {
				t.Fatalf("node %s not inside its parent", n.Kind())
			}
		}
	})
}

// pythonStdlib lists the .py files of the machine's python3 standard
// library, or skips the benchmark when there is none.
func pythonStdlib(b *testing.B) [][]byte {
	b.Helper()
	root := os.Getenv("ERRDEX_PYTHON_STDLIB")
	if root == "" {
		b.Skip("set ERRDEX_PYTHON_STDLIB to a Python standard library directory")
	}
	var files [][]byte
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "test" || d.Name() == "tests") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".py") {
			if src, err := os.ReadFile(path); err == nil && len(src) < 2<<20 {
				files = append(files, src)
			}
		}
		return nil
	})
	return files
}

func BenchmarkParsePythonStdlib(b *testing.B) {
	files := pythonStdlib(b)
	var total int64
	for _, f := range files {
		total += int64(len(f))
	}
	p, err := syntax.NewParser(syntax.Python(), 0)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	b.SetBytes(total)
	nodes := 0
	for b.Loop() {
		nodes = 0
		for _, f := range files {
			tree, err := p.Parse(context.Background(), f)
			if err != nil {
				b.Fatal(err)
			}
			nodes += tree.Len()
		}
	}
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(nodes), "nodes")
}
