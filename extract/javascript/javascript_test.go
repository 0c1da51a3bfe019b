package javascript

import (
	"flag"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestGolden(t *testing.T) {
	extracttest.GoldenDir(t, "testdata", ".js", Extractor, *update)
	extracttest.GoldenDir(t, "testdata", ".ts", TypeScript, *update)
	extracttest.GoldenDir(t, "testdata", ".tsx", TypeScript, *update)
}

// TestGoldenRepo links error classes across the files of a small
// repository that mixes CommonJS, ES modules and TypeScript.
func TestGoldenRepo(t *testing.T) {
	ins := append(extracttest.Inputs(t, "testdata/repo", "javascript", ".js"),
		extracttest.Inputs(t, "testdata/repo", "javascript", ".mjs")...)
	ins = append(ins, extracttest.Inputs(t, "testdata/repo", "typescript", ".ts")...)
	res, err := runBoth(t, ins)
	if err != nil {
		t.Fatal(err)
	}
	extracttest.Check(t, "testdata/repo.golden.json", extracttest.View(res, true), *update)
}

// runBoth runs both extractors over the inputs.
func runBoth(t *testing.T, ins []extract.Input) (*extract.Result, error) {
	t.Helper()
	return extract.Run(t.Context(), func(yield func(extract.Input) bool) {
		for _, in := range ins {
			if !yield(in) {
				return
			}
		}
	}, extract.Options{Repo: "test", Extractors: []*extract.Extractor{Extractor, TypeScript}, Workers: 1})
}
