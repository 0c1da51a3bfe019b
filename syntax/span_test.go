package syntax_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

func TestSpan(t *testing.T) {
	src := "def f():\n    raise KeyError(\n        'x')\n"
	tree := parse(t, syntax.Python(), src)
	tests := []struct {
		kind string
		want errdex.Span
	}{
		{"raise_statement", errdex.Span{Line: 2, Column: 5, EndLine: 3, EndColumn: 13}},
		{"string", errdex.Span{Line: 3, Column: 9, EndLine: 3, EndColumn: 12}},
		{"function_definition", errdex.Span{Line: 1, Column: 1, EndLine: 3, EndColumn: 13}},
	}
	for _, tt := range tests {
		var n syntax.Node
		for d := range tree.Root().Descendants() {
			if d.Kind() == tt.kind {
				n = d
				break
			}
		}
		if diff := cmp.Diff(tt.want, n.Span()); diff != "" {
			t.Errorf("%s: Span (-want +got):\n%s", tt.kind, diff)
		}
	}
}
