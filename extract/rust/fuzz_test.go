package rust

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

// FuzzExtract feeds arbitrary bytes as a .rs file through the real parser,
// the extractor and Link: nothing may panic or take long, and every site
// must be well formed.
func FuzzExtract(f *testing.F) {
	fixtures, _ := filepath.Glob("testdata/*.rs")
	for _, fx := range fixtures {
		if src, err := os.ReadFile(fx); err == nil {
			f.Add(src)
		}
	}
	for _, seed := range []string{
		"fn f() { panic!(\"{:>{w}$} {{ {x:?}\", a, w = 3); }",
		"fn f() { let m = \"a\"; let m = m; m += m; assert_eq!(m, m, \"{}\", m); }",
		"#[derive(Error)] enum E { #[error(\"{0} {missing} {:?}\", .0)] A(u8), #[error(transparent)] B }",
		"impl Display for X { fn fmt(&self, f: &mut F) -> R { write!(f, concat!(\"a\", 1, r#\"b\"#)) } }",
		"fn f() { Err::<(), _>(format!(\"\\u{zz} \\x4 {\")) }",
		"\xff\xfe panic!( \x00 ",
		"fn f() { ensure!(a == , \"x\"); x.expect(&format!(\"{}\", y)).ok_or_else(|| \"z\") }",
	} {
		f.Add([]byte(seed))
	}
	p, err := syntax.NewParser(syntax.Rust(), 2*time.Second)
	if err != nil {
		f.Fatal(err)
	}
	defer p.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		tree, err := p.Parse(context.Background(), src)
		if err != nil {
			return // a timeout is the driver's to record
		}
		done := make(chan *extract.FileResult, 1)
		go func() {
			res, err := Extractor.Extract(&extract.File{Path: "src/fuzz.rs", Language: "rust", Src: src, Tree: tree})
			if err != nil {
				t.Errorf("Extract: %v", err)
				done <- nil
				return
			}
			Extractor.Link([]*extract.FileResult{res})
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
	})
}
