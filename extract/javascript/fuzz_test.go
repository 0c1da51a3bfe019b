package javascript

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// FuzzExtract feeds arbitrary bytes through the JavaScript, TypeScript and
// TSX grammars, the extractor and Link: nothing may panic or take long,
// and every site must be well formed.
func FuzzExtract(f *testing.F) {
	for _, pattern := range []string{"testdata/*.js", "testdata/*.ts", "testdata/*.tsx"} {
		fixtures, _ := filepath.Glob(pattern)
		for _, fx := range fixtures {
			if src, err := os.ReadFile(fx); err == nil {
				f.Add(src)
			}
		}
	}
	for _, seed := range []string{
		"throw new E(`${`${x}`}` + y)",
		"let m = 'a'; m += m; m += m; m += m; throw new Error(m + m)",
		"class E extends E { constructor(a) { super(a); this.message = a } }; throw new E(1)",
		"new Promise((r, j) => j(new Error(util.format('%s%s%', 1))))",
		"throw '\\u{110000}\\uD800\\xZZ\\u{' ",
		"function (  { throw new Error('x' + ) }",
		"const assert = require('assert'); assert(1, ...a); assert.fail(1, 2)",
		"\xff\xfe throw \x00 new ,",
	} {
		f.Add([]byte(seed))
	}
	langs := []*syntax.Language{syntax.JavaScript(), syntax.TypeScript(), syntax.TSX()}
	var parsers []*syntax.Parser
	for _, l := range langs {
		p, err := syntax.NewParser(l, 2*time.Second)
		if err != nil {
			f.Fatal(err)
		}
		defer p.Close()
		parsers = append(parsers, p)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for i, p := range parsers {
			tree, err := p.Parse(context.Background(), src)
			if err != nil {
				continue // a timeout is the driver's to record
			}
			x := Extractor
			if i > 0 {
				x = TypeScript
			}
			checkExtract(t, x, tree, src)
		}
	})
}

func checkExtract(t *testing.T, x *extract.Extractor, tree *syntax.Tree, src []byte) {
	t.Helper()
	done := make(chan *extract.FileResult, 1)
	go func() {
		res, err := x.Extract(&extract.File{Path: "fuzz.js", Language: x.Language, Src: src, Tree: tree})
		if err != nil {
			t.Errorf("Extract: %v", err)
			done <- nil
			return
		}
		res.Path = "fuzz.js"
		x.Link([]*extract.FileResult{res})
		done <- res
	}()
	var res *extract.FileResult
	select {
	case res = <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("extraction of %d bytes did not finish in 20s", len(src))
	}
	if res == nil {
		return
	}
	lines := bytes.Count(src, []byte("\n")) + 1
	for _, s := range res.Sites {
		l := s.Location
		if s.Kind == "" || s.Function == "" || l.Line < 1 || l.Line > lines || l.EndLine < l.Line || l.Column < 1 {
			t.Fatalf("malformed site %+v", s)
		}
		for _, tmpl := range append(s.Alternatives, s.Template) {
			for _, part := range tmpl.Parts {
				if part.IsHole() && part.Type == "" || !utf8.ValidString(part.Text) || !utf8.ValidString(part.Expr) {
					t.Fatalf("malformed part %+v in %q", part, tmpl)
				}
			}
		}
	}
}
