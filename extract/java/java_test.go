package java

import (
	"flag"
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestGolden(t *testing.T) {
	extracttest.GoldenDir(t, "testdata", ".java", Extractor, *update)
}

// TestGoldenRepo links exception classes and constants across the files
// and packages of a small repository.
func TestGoldenRepo(t *testing.T) {
	res := extracttest.Run(t, Extractor, extracttest.Inputs(t, "testdata/repo", "java", ".java"))
	extracttest.Check(t, "testdata/repo.golden.json", extracttest.View(res, true), *update)
}

// TestGoldenCycles follows factories that call each other in cycles,
// each with several returns, in bounded time.
func TestGoldenCycles(t *testing.T) {
	res := extracttest.Run(t, Extractor, extracttest.Inputs(t, "testdata/cycles", "java", ".java"))
	extracttest.Check(t, "testdata/cycles.golden.json", extracttest.View(res, true), *update)
}
