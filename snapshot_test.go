package errdex_test

import (
	"testing"

	"github.com/errdex/errdex"
)

func TestSourceURL(t *testing.T) {
	snap := &errdex.Snapshot{URLTemplate: "https://github.com/o/n/blob/abc/Lib/{path}#L{line}"}
	tests := []struct {
		path string
		line int
		want string
	}{
		{"json/decoder.py", 353, "https://github.com/o/n/blob/abc/Lib/json/decoder.py#L353"},
		{"a dir/x#1?.py", 2, "https://github.com/o/n/blob/abc/Lib/a%20dir/x%231%3F.py#L2"},
	}
	for _, tt := range tests {
		if got := snap.SourceURL(tt.path, tt.line); got != tt.want {
			t.Errorf("SourceURL(%q, %d) = %q, want %q", tt.path, tt.line, got, tt.want)
		}
	}
	if got := (&errdex.Snapshot{}).SourceURL("x.py", 1); got != "" {
		t.Errorf("SourceURL without a template = %q, want empty", got)
	}
}
