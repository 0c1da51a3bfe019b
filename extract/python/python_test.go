package python

import (
	"flag"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// run extracts inputs through the real driver.
func run(t testing.TB, ins []extract.Input) *extract.Result {
	t.Helper()
	return extracttest.Run(t, Extractor, ins)
}

// golden is the golden view of a result: extracttest.View without the
// sites' guards, which guards_test.go pins down.
func golden(res *extract.Result, withPath bool) extracttest.File {
	g := extracttest.View(res, withPath)
	for i := range g.Sites {
		g.Sites[i].Guards = nil
	}
	return g
}

func TestGolden(t *testing.T) {
	extracttest.GoldenDirView(t, "testdata", ".py", Extractor, *update, func(res *extract.Result) any { return golden(res, false) })
}

func TestGoldenRepo(t *testing.T) {
	res := run(t, extracttest.Inputs(t, "testdata/repo", "python", ".py"))
	extracttest.Check(t, "testdata/repo.golden.json", golden(res, true), *update)
}
