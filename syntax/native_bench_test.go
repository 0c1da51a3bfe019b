package syntax_test

import (
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

// BenchmarkParsePythonStdlibNative parses the same files through
// go-tree-sitter's own Go API (Parser.Parse, Tree.Close) with no walk: the
// "bare tree-sitter parse" that extraction speed is compared with.
func BenchmarkParsePythonStdlibNative(b *testing.B) {
	files := pythonStdlib(b)
	var total int64
	for _, f := range files {
		total += int64(len(f))
	}
	p := sitter.NewParser()
	defer p.Close()
	if err := p.SetLanguage(sitter.NewLanguage(tspython.Language())); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(total)
	for b.Loop() {
		for _, f := range files {
			tree := p.Parse(f, nil)
			tree.Close()
		}
	}
	b.ReportMetric(float64(len(files)), "files")
}
