// Package extracttest holds what every extractor's tests share: reading a
// fixture directory as driver inputs, running extractors through the real
// driver, a stable golden view of the sites, and golden-file comparison
// with an -update flag.
//
// A golden test of an extractor package reads:
//
//	var update = flag.Bool("update", false, "rewrite golden files")
//
//	func TestGolden(t *testing.T) {
//		extracttest.GoldenDir(t, "testdata", ".js", Extractor, *update)
//	}
package extracttest

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// Inputs lists the files under root whose names end in one of exts as
// driver inputs of the given language, with paths relative to root.
func Inputs(t testing.TB, root, language string, exts ...string) []extract.Input {
	t.Helper()
	return Select(t, root, language, func(rel string) bool {
		return strings.HasSuffix(rel, "/") || hasSuffix(rel, exts)
	})
}

// Select lists the files under root that keep accepts as driver inputs of
// the given language, in lexical order, with paths relative to root in
// forward slashes. keep sees the relative path of every file, and of every
// directory below root with a trailing slash ("pkg/testdata/"): rejecting
// a directory skips its subtree.
func Select(t testing.TB, root, language string, keep func(rel string) bool) []extract.Input {
	t.Helper()
	var ins []extract.Input
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && !keep(rel+"/") {
				return filepath.SkipDir
			}
			return nil
		}
		if !keep(rel) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		ins = append(ins, extract.Input{Path: rel, Language: language, Size: info.Size(),
			Read: func() ([]byte, error) { return os.ReadFile(p) }})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ins
}

func hasSuffix(p string, exts []string) bool {
	for _, e := range exts {
		if strings.HasSuffix(p, e) {
			return true
		}
	}
	return false
}

// Run extracts the inputs through the real driver with x alone and one
// worker, so results are deterministic.
func Run(t testing.TB, x *extract.Extractor, ins []extract.Input) *extract.Result {
	t.Helper()
	return RunOptions(t, ins, extract.Options{Repo: "test", Extractors: []*extract.Extractor{x}, Workers: 1})
}

// RunOptions extracts the inputs through the real driver with the given
// options, as indexing does.
func RunOptions(t testing.TB, ins []extract.Input, opts extract.Options) *extract.Result {
	t.Helper()
	res, err := extract.Run(context.Background(), slices.Values(ins), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Site is the part of a site that golden files pin down.
type Site struct {
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
	Guards       []errdex.Guard  `json:"guards,omitempty"`
}

// File is a golden view of an extraction result.
type File struct {
	Problems map[string][]string  `json:"problems,omitempty"`
	Skipped  []errdex.SkippedFile `json:"skipped,omitempty"`
	Sites    []Site               `json:"sites"`
}

// View returns the golden view of a result; withPath keeps each site's
// path (for multi-file fixtures).
func View(res *extract.Result, withPath bool) File {
	g := File{Skipped: res.Skipped, Sites: []Site{}}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			if g.Problems == nil {
				g.Problems = map[string][]string{}
			}
			g.Problems[f.Path] = f.Problems
		}
	}
	for _, s := range res.Sites {
		gs := Site{Line: s.Location.Line, Column: s.Location.Column, EndLine: s.Location.EndLine, Kind: s.Kind,
			Function: s.Function, Exception: s.Exception, Qualified: s.ExceptionQualified, Message: s.Message(),
			Parts: s.Template.Parts, Guards: s.Guards}
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

// Check compares v, encoded as indented JSON, with the golden file at path,
// or rewrites the file when update is set.
func Check(t *testing.T, path string, v any, update bool) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// GoldenDir runs every fixture dir/*<ext> through x on its own and compares
// the sites with dir/<name>.golden.json.
func GoldenDir(t *testing.T, dir, ext string, x *extract.Extractor, update bool) {
	t.Helper()
	GoldenDirView(t, dir, ext, x, update, func(res *extract.Result) any { return View(res, false) })
}

// GoldenDirView is GoldenDir with the golden view of each result made by
// view, for a package whose golden files pin down less than View does or
// more.
func GoldenDirView(t *testing.T, dir, ext string, x *extract.Extractor, update bool, view func(*extract.Result) any) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*"+ext))
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s fixtures in %s: %v", ext, dir, err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ext)
		t.Run(name, func(t *testing.T) {
			res := Run(t, x, []extract.Input{{Path: filepath.Base(file), Language: x.Language,
				Read: func() ([]byte, error) { return os.ReadFile(file) }}})
			Check(t, filepath.Join(dir, name+".golden.json"), view(res), update)
		})
	}
}

// Facts is the golden form of a file's extract.FileFacts: each site named
// by its line.
type Facts struct {
	Imports   []extract.Import    `json:"imports"`
	Functions []extract.Function  `json:"functions"`
	Classes   []extract.Class     `json:"classes"`
	Config    []extract.ConfigUse `json:"config"`
	Sites     []SiteFacts         `json:"sites"`
}

// SiteFacts is what one site's statement reads, the site named by its
// line.
type SiteFacts struct {
	Line  int      `json:"line"`
	Reads []string `json:"reads"`
}

// GoldenFacts returns the golden form of ff, with imports (ff's Imports
// or AllImports, as the language records them).
func GoldenFacts(ff *extract.FileFacts, imports []extract.Import) Facts {
	g := Facts{Imports: imports, Functions: ff.Functions, Classes: ff.Classes, Config: ff.Config}
	for _, sf := range ff.Sites {
		g.Sites = append(g.Sites, SiteFacts{Line: sf.Site.Location.Line, Reads: sf.Reads})
	}
	return g
}
