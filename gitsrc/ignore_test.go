package gitsrc

import (
	"strings"
	"testing"
)

func TestIgnore(t *testing.T) {
	var ig *Ignore
	ig = ig.With(nil, []byte("\xef\xbb\xbf# comment\r\n*.log\r\n!keep.log\nbuild/\n/rootonly.py\n\\#hash.py\ndocs/**/*.md\n   \n"))
	ig = ig.With([]string{"sub"}, []byte("*.tmp\n!important.tmp\n/anchored.py\n"))
	tests := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"x.log", false, true},
		{"deep/x.log", false, true},
		{"keep.log", false, false},
		{"build", true, true},
		{"build", false, false}, // a file named build is not a directory
		{"src/build", true, true},
		{"rootonly.py", false, true},
		{"src/rootonly.py", false, false},
		{"#hash.py", false, true},
		{"# comment", false, false},
		{"docs/a/b/c.md", false, true},
		{"docs/c.md", false, true},
		{"sub/x.tmp", false, true},
		{"sub/deeper/x.tmp", false, true},
		{"sub/important.tmp", false, false},
		{"other/x.tmp", false, false}, // sub's rules stay in sub
		{"sub/anchored.py", false, true},
		{"sub/deeper/anchored.py", false, false},
		{"main.py", false, false},
	}
	for _, tt := range tests {
		if got := ig.Match(strings.Split(tt.path, "/"), tt.isDir); got != tt.want {
			t.Errorf("Match(%q, dir=%v) = %v, want %v", tt.path, tt.isDir, got, tt.want)
		}
	}
	// With leaves its receiver as it was.
	base := (*Ignore)(nil).With(nil, []byte("*.a\n"))
	_ = base.With(nil, []byte("!x.a\n"))
	if !base.Match([]string{"x.a"}, false) || base.Len() != 1 {
		t.Error("With changed its receiver")
	}
	if (*Ignore)(nil).Match([]string{"x"}, false) {
		t.Error("the nil Ignore matched")
	}
}
