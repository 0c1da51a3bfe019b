package extracttest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// Fuzz budgets: a parse longer than parseLimit is the driver's to record
// (it is skipped here); an extraction longer than extractLimit is a hang.
const (
	parseLimit   = 2 * time.Second
	extractLimit = 20 * time.Second
)

// Target is one way a fuzz test feeds its inputs to an extractor: as the
// file Path, parsed with X.Grammar(Path) (not at all when X has no
// Grammar).
type Target struct {
	X    *extract.Extractor
	Path string
}

// Seed adds the fixture files matching the glob patterns and the given
// sources to f's seed corpus.
func Seed(f *testing.F, patterns []string, sources ...string) {
	f.Helper()
	for _, pattern := range patterns {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	for _, s := range sources {
		f.Add([]byte(s))
	}
}

// Fuzz feeds every input of f to each target as the driver would for a
// repository of one file (see Extract): nothing may fail, panic or hang,
// and every site must be well formed (CheckSites).
//
// An extractor package's fuzz test reads:
//
//	func FuzzExtract(f *testing.F) {
//		extracttest.Seed(f, []string{"testdata/*.java"}, `class A { void f() { throw new E("x" + ); } }`)
//		extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "Fuzz.java"})
//	}
func Fuzz(f *testing.F, targets ...Target) {
	f.Helper()
	parsers := make([]*syntax.Parser, len(targets))
	for i, tg := range targets {
		if tg.X.Grammar == nil {
			continue
		}
		p, err := syntax.NewParser(tg.X.Grammar(tg.Path), parseLimit)
		if err != nil {
			f.Fatal(err)
		}
		f.Cleanup(p.Close)
		parsers[i] = p
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for i, tg := range targets {
			var tree *syntax.Tree
			if p := parsers[i]; p != nil {
				var err error
				if tree, err = p.Parse(context.Background(), src); err != nil {
					continue // a timeout is the driver's to record
				}
			}
			res := Extract(t, tg.X, tg.Path, src, tree)
			CheckSites(t, src, res.Sites)
		}
	})
}

// Extract runs x on one file as the driver does for a repository of one
// file: Extract on the parsed tree (nil for an extractor without a
// Grammar), then Link when x has one. It fails the test when Extract
// returns an error or when the whole does not finish within 20 seconds.
func Extract(t *testing.T, x *extract.Extractor, path string, src []byte, tree *syntax.Tree) *extract.FileResult {
	t.Helper()
	done := make(chan *extract.FileResult, 1)
	go func() {
		res, err := x.Extract(&extract.File{Path: path, Language: x.Language, Src: src, Tree: tree})
		if err != nil {
			t.Errorf("%s: Extract: %v", x.Language, err)
			done <- &extract.FileResult{}
			return
		}
		res.Path, res.Language = path, x.Language
		if x.Link != nil {
			x.Link([]*extract.FileResult{res})
		}
		done <- res
	}()
	select {
	case res := <-done:
		return res
	case <-time.After(extractLimit):
		t.Fatalf("%s: extraction of %d bytes did not finish in %v", x.Language, len(src), extractLimit)
		return nil
	}
}

// CheckSites fails the test for each site that breaks the invariants
// every extractor keeps, whatever its input: a kind and a function; a
// location within src (line from 1 to src's line count, end line not
// before it, column from 1); and in every part of the template and the
// alternatives, a type on each hole and valid UTF-8 in the text, the hole
// name and the expression.
func CheckSites(t testing.TB, src []byte, sites []*errdex.Site) {
	t.Helper()
	lines := bytes.Count(src, []byte("\n")) + 1
	for _, s := range sites {
		l := s.Location
		if s.Kind == "" || s.Function == "" || l.Line < 1 || l.Line > lines || l.EndLine < l.Line || l.Column < 1 {
			t.Errorf("malformed site %+v", s)
			continue
		}
		for _, tmpl := range append([]errdex.Template{s.Template}, s.Alternatives...) {
			for _, p := range tmpl.Parts {
				if p.IsHole() && p.Type == "" || !utf8.ValidString(p.Text) || !utf8.ValidString(p.Hole) || !utf8.ValidString(p.Expr) {
					t.Errorf("malformed part %+v in %q of the site on line %d", p, tmpl.String(), l.Line)
				}
			}
		}
	}
}
