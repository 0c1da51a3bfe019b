package cpp

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

// FuzzExtract feeds arbitrary bytes as a C and as a C++ file through the
// real parsers and the extractors: nothing may panic or take long, and
// every site must be well formed.
func FuzzExtract(f *testing.F) {
	for _, glob := range []string{"testdata/*.c", "testdata/*.cc", "testdata/configured/src/*.cc"} {
		fixtures, _ := filepath.Glob(glob)
		for _, fx := range fixtures {
			if src, err := os.ReadFile(fx); err == nil {
				f.Add(src)
			}
		}
	}
	for _, seed := range []string{
		`void f() { PyErr_Format(PyExc_ValueError, "%" PRId64 "%.*s %R", a); }`,
		`void f() { std::string m; m += m; m.append(m); m = m + m; throw E(m); }`,
		`void f() { CHECK(a) << b << CHECK(c) << "x"; LOG(FATAL); TORCH_CHECK(); }`,
		"void f() { throw std::runtime_error(R\"x(raw)x\" \"\\x41\\101\\u00e9\\U0001F600\\q\"); }",
		"#define M \"a\" \"b\"\nvoid f() { char b[8]; snprintf(b, 8, M \"%d\", 1); PyErr_SetString(PyExc_IOError, b); }",
		"\xff\xfe throw ( \x00 PyErr_Format(",
		`void f() { throw X{fmt::format("{:{}} {}", a)}; errx(1, fmt_var); assert(); }`,
	} {
		f.Add([]byte(seed))
	}
	pc, err := syntax.NewParser(syntax.C(), 2*time.Second)
	if err != nil {
		f.Fatal(err)
	}
	defer pc.Close()
	pcpp, err := syntax.NewParser(syntax.CPP(), 2*time.Second)
	if err != nil {
		f.Fatal(err)
	}
	defer pcpp.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, c := range []struct {
			p *syntax.Parser
			x *extract.Extractor
		}{{pc, C}, {pcpp, CPP}} {
			tree, err := c.p.Parse(context.Background(), src)
			if err != nil {
				continue // a timeout is the driver's to record
			}
			done := make(chan *extract.FileResult, 1)
			go func() {
				res, err := c.x.Extract(&extract.File{Path: "fuzz", Language: c.x.Language, Src: src, Tree: tree})
				if err != nil {
					t.Errorf("Extract: %v", err)
				}
				done <- res
			}()
			var res *extract.FileResult
			select {
			case res = <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%s extraction of %d bytes did not finish in 20s", c.x.Language, len(src))
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
						if part.IsHole() && part.Type == "" || !utf8.ValidString(part.Text) || !utf8.ValidString(part.Expr) || !utf8.ValidString(part.Hole) {
							t.Fatalf("malformed part %+v in %q", part, tmpl)
						}
					}
				}
			}
		}
	})
}
