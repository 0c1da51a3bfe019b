package trace

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden parses every fixture under testdata/real (outputs of the
// programs under testdata/programs, see testdata/generate.sh) and
// testdata/handmade (forms this machine cannot produce, each documented at
// its top) and compares the Report with testdata/golden/<name>.json.
func TestGolden(t *testing.T) {
	var files []string
	for _, dir := range []string{"real", "handmade"} {
		fs, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) < 50 {
		t.Fatalf("found %d fixtures, want the committed ones (50+)", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Parse(string(src))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(rep); err != nil {
				t.Fatal(err)
			}
			got := buf.Bytes()
			checkInvariants(t, string(src), rep)
			golden := filepath.Join("testdata", "golden", name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./trace -update)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("Parse(%s) mismatch (-want +got):\n%s", f, diff)
			}
		})
	}
}
