package golang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// factFixtures are the fixtures under testdata whose facts
// TestFactsGolden pins in <name>.facts.json (their sites are TestGolden's).
var factFixtures = []string{"config.go"}

// TestFactsGolden pins the facts recorded for the repository analyses:
// functions with parameters and bindings (their conditions, exits and
// covers), struct types, configuration, and what each site reads.
func TestFactsGolden(t *testing.T) {
	for _, name := range factFixtures {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("testdata", name)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := extractFile(&extract.File{Path: name, Src: src})
			if err != nil {
				t.Fatal(err)
			}
			ff := res.Analysis
			g := extracttest.GoldenFacts(ff, ff.AllImports)
			extracttest.Check(t, strings.TrimSuffix(file, ".go")+".facts.json", g, *update)
		})
	}
}
