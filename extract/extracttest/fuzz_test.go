package extracttest_test

import (
	"fmt"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/extracttest"
)

// recorder is a testing.TB that records the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestCheckSites(t *testing.T) {
	src := []byte("line 1\nline 2\nline 3")
	good := func() *errdex.Site {
		return &errdex.Site{Kind: errdex.KindRaise, Function: "f",
			Location: errdex.Location{Span: errdex.Span{Line: 2, Column: 1, EndLine: 3}},
			Template: errdex.NewTemplate(errdex.Lit("bad "), errdex.HolePart("x", "x", errdex.HoleInt))}
	}
	tests := []struct {
		name  string
		spoil func(s *errdex.Site)
		want  int // errors reported
	}{
		{"well formed", func(*errdex.Site) {}, 0},
		{"no kind", func(s *errdex.Site) { s.Kind = "" }, 1},
		{"no function", func(s *errdex.Site) { s.Function = "" }, 1},
		{"line 0", func(s *errdex.Site) { s.Location.Line = 0 }, 1},
		{"line past the end", func(s *errdex.Site) { s.Location.Line, s.Location.EndLine = 4, 4 }, 1},
		{"end before start", func(s *errdex.Site) { s.Location.EndLine = 1 }, 1},
		{"column 0", func(s *errdex.Site) { s.Location.Column = 0 }, 1},
		{"untyped hole", func(s *errdex.Site) { s.Template.Parts[1].Type = "" }, 1},
		{"invalid text", func(s *errdex.Site) { s.Template.Parts[0].Text = "\xff" }, 1},
		{"invalid hole name", func(s *errdex.Site) { s.Template.Parts[1].Hole = "\xff" }, 1},
		{"invalid expression in an alternative", func(s *errdex.Site) {
			s.Alternatives = []errdex.Template{{Parts: []errdex.Part{{Hole: "y", Expr: "\xf4", Type: errdex.HoleAny}}}}
		}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good()
			tt.spoil(s)
			r := &recorder{TB: t}
			extracttest.CheckSites(r, src, []*errdex.Site{s})
			if len(r.errs) != tt.want {
				t.Errorf("CheckSites reported %d errors, want %d: %q", len(r.errs), tt.want, r.errs)
			}
		})
	}
}
