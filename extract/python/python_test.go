package python

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

var update = flag.Bool("update", false, "rewrite golden files")

// dirInputs lists the .py files under root as driver inputs.
func dirInputs(t testing.TB, root string) []extract.Input {
	t.Helper()
	var ins []extract.Input
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".py") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		ins = append(ins, extract.Input{Path: filepath.ToSlash(rel), Language: "python", Size: info.Size(),
			Read: func() ([]byte, error) { return os.ReadFile(p) }})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ins
}

// run extracts inputs through the real driver.
func run(t testing.TB, ins []extract.Input) *extract.Result {
	t.Helper()
	res, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
		for _, in := range ins {
			if !yield(in) {
				return
			}
		}
	}, extract.Options{Repo: "test", Extractors: []*extract.Extractor{Extractor}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// goldenSite is the part of a site the golden files pin down.
type goldenSite struct {
	Line         int             `json:"line"`
	Column       int             `json:"column"`
	EndLine      int             `json:"end_line"`
	Path         string          `json:"path,omitempty"`
	Kind         errdex.SiteKind `json:"kind"`
	Function     string          `json:"function"`
	Exception    string          `json:"exception,omitempty"`
	Qualified    string          `json:"exception_qualified,omitempty"`
	Message      string          `json:"message"`
	Parts        []errdex.Part   `json:"parts"`
	Alternatives []string        `json:"alternatives,omitempty"`
}

type goldenFile struct {
	Problems map[string][]string  `json:"problems,omitempty"`
	Skipped  []errdex.SkippedFile `json:"skipped,omitempty"`
	Sites    []goldenSite         `json:"sites"`
}

func golden(res *extract.Result, withPath bool) goldenFile {
	g := goldenFile{Skipped: res.Skipped, Sites: []goldenSite{}}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			if g.Problems == nil {
				g.Problems = map[string][]string{}
			}
			g.Problems[f.Path] = f.Problems
		}
	}
	for _, s := range res.Sites {
		gs := goldenSite{Line: s.Location.Line, Column: s.Location.Column, EndLine: s.Location.EndLine, Kind: s.Kind,
			Function: s.Function, Exception: s.Exception, Qualified: s.ExceptionQualified, Message: s.Message(), Parts: s.Template.Parts}
		if gs.Parts == nil {
			gs.Parts = []errdex.Part{}
		}
		if withPath {
			gs.Path = s.Location.Path
		}
		for _, a := range s.Alternatives {
			gs.Alternatives = append(gs.Alternatives, a.String())
		}
		g.Sites = append(g.Sites, gs)
	}
	return g
}

// checkGolden compares got with the golden file, or rewrites it.
func checkGolden(t *testing.T, path string, got goldenFile) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.py")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".py")
		t.Run(name, func(t *testing.T) {
			src := file
			res := run(t, []extract.Input{{Path: filepath.Base(file), Language: "python",
				Read: func() ([]byte, error) { return os.ReadFile(src) }}})
			checkGolden(t, strings.TrimSuffix(file, ".py")+".golden.json", golden(res, false))
		})
	}
}

func TestGoldenRepo(t *testing.T) {
	res := run(t, dirInputs(t, "testdata/repo"))
	checkGolden(t, "testdata/repo.golden.json", golden(res, true))
}
