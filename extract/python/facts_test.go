package python

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// goldenFacts is a FileFacts with each site named by its line.
type goldenFacts struct {
	Imports   []extract.Import    `json:"imports"`
	Functions []extract.Function  `json:"functions"`
	Classes   []extract.Class     `json:"classes"`
	Config    []extract.ConfigUse `json:"config"`
	Sites     []goldenSiteFacts   `json:"sites"`
}

type goldenSiteFacts struct {
	Line  int      `json:"line"`
	Reads []string `json:"reads"`
}

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
			g := goldenFacts{Imports: ff.Imports, Functions: ff.Functions, Classes: ff.Classes, Config: ff.Config}
			for _, sf := range ff.Sites {
				g.Sites = append(g.Sites, goldenSiteFacts{Line: sf.Site.Location.Line, Reads: sf.Reads})
			}
			extracttest.Check(t, file[:len(file)-len(".py")]+".golden.json", g, *update)
		})
	}
}
