package golang

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// inputs lists the .go files below root (and the .go.txt fixtures that
// gofmt must not read) that keep accepts, as driver inputs with paths
// relative to root; keep sees directories with a trailing slash (see
// extracttest.Select). A nil keep accepts everything.
func inputs(t testing.TB, root string, keep func(rel string) bool) []extract.Input {
	t.Helper()
	return extracttest.Select(t, root, "go", func(rel string) bool {
		if !strings.HasSuffix(rel, "/") && !strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, ".go.txt") {
			return false
		}
		return keep == nil || keep(rel)
	})
}

// run extracts the Go files below root with the driver, as indexing does.
func run(t testing.TB, root string, keep func(rel string) bool) *extract.Result {
	t.Helper()
	return extracttest.RunOptions(t, inputs(t, root, keep), extract.Options{Repo: "test", Extractors: []*extract.Extractor{Extractor}})
}

// goldenSite is the part of a site the golden files show.
type goldenSite struct {
	Loc          string   `json:"loc"`
	Kind         string   `json:"kind"`
	Exception    string   `json:"exception,omitempty"`
	Function     string   `json:"function"`
	Message      string   `json:"message"`
	Holes        []string `json:"holes,omitempty"`
	Alternatives []string `json:"alternatives,omitempty"`
	Facts        []string `json:"facts,omitempty"`
	Build        string   `json:"build,omitempty"`
	Guards       []string `json:"guards,omitempty"`
}

type goldenFile struct {
	Sites    []goldenSite        `json:"sites"`
	Problems map[string][]string `json:"problems,omitempty"`
	Skipped  []string            `json:"skipped,omitempty"`
}

func holeList(t errdex.Template) []string {
	var out []string
	for _, h := range t.Holes() {
		out = append(out, fmt.Sprintf("%s=%s:%s", h.Hole, h.Expr, h.Type))
	}
	return out
}

func toGolden(res *extract.Result) goldenFile {
	var g goldenFile
	for _, s := range res.Sites {
		gs := goldenSite{
			Loc:       fmt.Sprintf("%s:%d:%d-%d", s.Location.Path, s.Location.Line, s.Location.Column, s.Location.EndLine),
			Kind:      string(s.Kind),
			Exception: s.Exception,
			Function:  s.Function,
			Message:   s.Template.String(),
			Holes:     holeList(s.Template),
		}
		for _, a := range s.Alternatives {
			gs.Alternatives = append(gs.Alternatives, a.String())
		}
		for _, f := range s.Provenance {
			gs.Facts = append(gs.Facts, fmt.Sprintf("%s %s: %s @ %s:%d", f.Kind, f.Name, f.Text, f.Location.Path, f.Location.Line))
		}
		gs.Build = s.Build
		for _, gd := range s.Guards {
			line := fmt.Sprintf("%s %s: %s @ line %d", gd.Kind, gd.Condition, gd.Source, gd.Line)
			if gd.Negated {
				line += " negated"
			}
			if gd.Op != "" {
				line += fmt.Sprintf(" [%s %s %s]", gd.Subject, gd.Op, gd.Value)
			}
			if len(gd.Names) > 0 {
				line += " names=" + strings.Join(gd.Names, ",")
			}
			gs.Guards = append(gs.Guards, line)
		}
		g.Sites = append(g.Sites, gs)
	}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			if g.Problems == nil {
				g.Problems = map[string][]string{}
			}
			g.Problems[f.Path] = f.Problems
		}
	}
	for _, s := range res.Skipped {
		g.Skipped = append(g.Skipped, s.Path+": "+s.Reason)
	}
	return g
}

// TestGolden extracts each fixture under testdata (a .go file alone, or a
// directory as one repository) and compares with its .golden.json file.
func TestGolden(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		// Fixtures that gofmt must not read (syntax errors) end in .go.txt.
		base := strings.TrimSuffix(strings.TrimSuffix(name, ".txt"), ".go")
		if !e.IsDir() && base == name {
			continue
		}
		t.Run(name, func(t *testing.T) {
			var res *extract.Result
			if e.IsDir() {
				res = run(t, filepath.Join("testdata", name), nil)
			} else {
				res = run(t, "testdata", func(rel string) bool { return rel == name })
			}
			extracttest.Check(t, filepath.Join("testdata", base+".golden.json"), toGolden(res), *update)
		})
	}
}
