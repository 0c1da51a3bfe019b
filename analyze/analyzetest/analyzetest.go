// Package analyzetest holds what the analyses' tests share: extracting a
// small repository given as source texts through the real driver and
// extractors, running analyzers over it, and finding its sites.
package analyzetest

import (
	"context"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/cpp"
	"github.com/errdex/errdex/extract/golang"
	"github.com/errdex/errdex/extract/java"
	"github.com/errdex/errdex/extract/javascript"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/extract/rust"
)

// languages maps the file extensions Extract reads to their languages;
// any other file is Python.
var languages = map[string]string{
	".go": "go", ".js": "javascript", ".mjs": "javascript", ".ts": "typescript", ".java": "java",
	".c": "c", ".cc": "cpp", ".h": "cpp", ".rs": "rust",
}

// Extract extracts files (path → source; .py, .go, .js, .mjs, .ts, .java,
// .c, .cc or .h for C++, and .rs) with the Python, Go, JavaScript,
// TypeScript, Java, C, C++ and Rust extractors, on one worker.
func Extract(t testing.TB, files map[string]string) *extract.Result {
	t.Helper()
	var ins []extract.Input
	for _, p := range slices.Sorted(maps.Keys(files)) {
		lang, ok := languages[path.Ext(p)]
		if !ok {
			lang = "python"
		}
		src := files[p]
		ins = append(ins, extract.Input{Path: p, Language: lang, Size: int64(len(src)),
			Read: func() ([]byte, error) { return []byte(src), nil }})
	}
	res, err := extract.Run(context.Background(), slices.Values(ins), extract.Options{Repo: "test",
		Extractors: []*extract.Extractor{python.Extractor, golang.Extractor, javascript.Extractor, javascript.TypeScript, java.Extractor, cpp.New("c", nil), cpp.New("cpp", nil), rust.Extractor}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Run extracts files and runs the analyzers over them, in order.
func Run(t testing.TB, files map[string]string, analyzers ...*analyze.Analyzer) *extract.Result {
	t.Helper()
	res := Extract(t, files)
	if err := analyze.Run(context.Background(), res, analyzers); err != nil {
		t.Fatal(err)
	}
	return res
}

// Site returns the site whose message starts with prefix.
func Site(t testing.TB, res *extract.Result, prefix string) *errdex.Site {
	t.Helper()
	for _, s := range res.Sites {
		if strings.HasPrefix(s.Message(), prefix) {
			return s
		}
	}
	var msgs []string
	for _, s := range res.Sites {
		msgs = append(msgs, s.Message())
	}
	t.Fatalf("no site with message %q among %q", prefix, msgs)
	return nil
}
