package java

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

// FuzzExtract feeds arbitrary bytes as a .java file through the real
// parser, the extractor and Link: nothing may panic or take long, and
// every site must be well formed.
func FuzzExtract(f *testing.F) {
	fixtures, _ := filepath.Glob("testdata/*.java")
	for _, fx := range fixtures {
		if src, err := os.ReadFile(fx); err == nil {
			f.Add(src)
		}
	}
	for _, seed := range []string{
		`class A { void f(String s) { s += s; s += s; throw new E(String.format(s + "%s%", s)); } }`,
		`class E extends E { E(String m) { this(m); } E() { super(E.M); } static final String M = M; }`,
		"class A { void f() { throw new X(\"\"\"\n  a\\\n b\"\"\"); } }",
		`class A { void f() { throw new X("\u00e9\uD800\777\q" + 'x' + MessageFormat.format("{0", a)); } }`,
		"class A { void f( { throw new X(\"x\" + ); } }",
		`class A { { checkArgument(a, "%s %s", 1); assert x : ; } }`,
		"\xff\xfe class \x00 throw new ,",
	} {
		f.Add([]byte(seed))
	}
	p, err := syntax.NewParser(syntax.Java(), 2*time.Second)
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
			res, err := Extractor.Extract(&extract.File{Path: "Fuzz.java", Language: "java", Src: src, Tree: tree})
			if err != nil {
				t.Errorf("Extract: %v", err)
				done <- nil
				return
			}
			res.Path = "Fuzz.java"
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
