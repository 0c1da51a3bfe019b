package python

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// TestFactsGolden pins the facts recorded for the repository analyses:
// imports, functions with parameters, assignments and calls, classes with
// their fields, configuration, and what each site reads.
func TestFactsGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/analysis/*.py")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res := extractSource(t, string(src))
			ff := res.Files[0].Analysis
			g := extracttest.GoldenFacts(ff, ff.Imports)
			extracttest.Check(t, file[:len(file)-len(".py")]+".golden.json", g, *update)
		})
	}
}
