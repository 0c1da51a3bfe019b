package javascript

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// TestAnalysisGolden pins the facts recorded for the repository analyses:
// functions with parameters and assignments (with their guards, exits
// and covers), classes with their fields, configuration, and what each
// site reads.
func TestAnalysisGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/analysis/*.[jt]s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			x, lang := Extractor, "javascript"
			if strings.HasSuffix(file, ".ts") {
				x, lang = TypeScript, "typescript"
			}
			dir, base := filepath.Split(file)
			res := extracttest.Run(t, x, extracttest.Select(t, dir, lang, func(rel string) bool { return rel == base }))
			golden := strings.TrimSuffix(file, filepath.Ext(file)) + ".golden.json"
			extracttest.Check(t, golden, extracttest.GoldenFacts(res.Files[0].Analysis, nil), *update)
		})
	}
}
