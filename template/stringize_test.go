package template_test

import (
	"testing"
	"unicode/utf8"

	"github.com/errdex/errdex/template"
)

func TestStringize(t *testing.T) {
	tests := []struct {
		name string
		d    template.StringizeDialect
		src  string
		want string
	}{
		{"c spaces folded and trimmed", template.StringizeC, "  n >\n\t\t0  ", "n > 0"},
		{"c comments dropped", template.StringizeC, "a /* x */ && // y\n b", "a && b"},
		{"c unterminated comment", template.StringizeC, "a /* x", "a"},
		{"c literals kept", template.StringizeC, `s == "a  b" || c == '  '`, `s == "a  b" || c == '  '`},
		{"c escaped quote", template.StringizeC, `f("a\"  b")`, `f("a\"  b")`},
		{"c line continuation", template.StringizeC, "a &&\\\n   b", "a && b"},
		{"c form feed", template.StringizeC, "a\fb", "a b"},
		{"c unterminated literal", template.StringizeC, `f("a  `, `f("a  `},
		{"rust spaces folded", template.StringizeRust, "x.len()\n    == 2", "x.len() == 2"},
		{"rust char literal kept", template.StringizeRust, "c  ==\n ' '", "c == ' '"},
		{"rust escaped char", template.StringizeRust, `c != '\''`, `c != '\''`},
		{"rust lifetime is not a literal", template.StringizeRust, "f::<'a,   'b>()", "f::<'a, 'b>()"},
		{"rust backslash kept", template.StringizeRust, "a \\\n b", "a \\ b"},
		{"invalid utf-8 replaced", template.StringizeRust, "a\xffb", "a\uFFFDb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := template.Stringize(tt.src, tt.d); got != tt.want {
				t.Errorf("Stringize(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

func FuzzStringize(f *testing.F) {
	for _, s := range []string{"a /* b */ c", "'a", `"x\`, "a\\\n b", "'\\", "//"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, d := range []template.StringizeDialect{template.StringizeC, template.StringizeRust} {
			got := template.Stringize(src, d)
			if !utf8.ValidString(got) || len(got) > 0 && got[0] == ' ' {
				t.Fatalf("Stringize(%q, %d) = %q", src, d, got)
			}
		}
	})
}
