package template_test

import (
	"testing"

	"github.com/errdex/errdex/template"
)

func TestClipExpr(t *testing.T) {
	tests := []struct {
		name string
		src  string
		max  int
		want string
	}{
		{"short", "a.b(c)", 10, "a.b(c)"},
		{"single-line spaces kept", "a  +  b", 10, "a  +  b"},
		{"lines folded", "f(a,\n    b)", 10, "f(a, b)"},
		{"tabs fold every run", "a\t+  b", 10, "a + b"},
		{"cut", "abcdefgh", 4, "abcd…"},
		{"cut at a rune boundary", "abcé", 4, "abc…"},
		{"folded before cut", "ab\n\n\ncd", 5, "ab cd"},
		{"invalid utf-8", "a\xffb", 10, "a\uFFFDb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := template.ClipExpr(tt.src, tt.max); got != tt.want {
				t.Errorf("ClipExpr(%q, %d) = %q, want %q", tt.src, tt.max, got, tt.want)
			}
		})
	}
}
