package rust

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// TestFactsGolden pins the facts recorded for the repository analyses:
// functions with parameters and the bindings the sites may reach (their
// conditions and exits), the fields of struct literals, configuration
// (environment reads with defaults, clap flags, settings) and what each
// site reads.
func TestFactsGolden(t *testing.T) {
	for _, name := range []string{"facts/src/main.rs"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join("testdata", name)
			res := extracttest.Run(t, Extractor, []extract.Input{{Path: name, Language: "rust",
				Read: func() ([]byte, error) { return os.ReadFile(file) }}})
			if len(res.Files) != 1 || res.Files[0].Analysis == nil {
				t.Fatalf("no facts for %s", name)
			}
			extracttest.Check(t, file+".facts.json", extracttest.GoldenFacts(res.Files[0].Analysis, nil), *update)
		})
	}
}
