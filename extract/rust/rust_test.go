package rust

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestGolden(t *testing.T) {
	extracttest.GoldenDir(t, "testdata", ".rs", Extractor, *update)
}

// TestWorkspace extracts a repository of several crates: module paths
// from file paths, and an error type declared in another file.
func TestWorkspace(t *testing.T) {
	ins := extracttest.Inputs(t, filepath.Join("testdata", "workspace"), "rust", ".rs")
	res := extracttest.Run(t, Extractor, ins)
	extracttest.Check(t, filepath.Join("testdata", "workspace.golden.json"), extracttest.View(res, true), *update)
}

// TestTestsOption keeps the sites of test code when asked.
func TestTestsOption(t *testing.T) {
	ins := extracttest.Inputs(t, "testdata", "rust", "tests.rs")
	without := extracttest.Run(t, Extractor, ins)
	with := extracttest.Run(t, New(Options{Tests: true}), ins)
	if got, want := len(with.Sites)-len(without.Sites), 5; got != want {
		t.Errorf("Tests option adds %d sites, want %d", got, want)
	}
}

func TestModulePath(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"src/lib.rs", nil},
		{"src/main.rs", nil},
		{"src/a/b.rs", []string{"a", "b"}},
		{"src/a/mod.rs", []string{"a"}},
		{"anyhow-1.0.69/src/error.rs", []string{"anyhow", "error"}},
		{"crates/serde-json/src/de.rs", []string{"serde_json", "de"}},
		{"tool/src/bin/net-cat.rs", []string{"net_cat"}},
		{"tool/src/bin/srv/main.rs", []string{"srv"}},
		{"tool/src/bin/srv/conf.rs", []string{"srv", "conf"}},
		{"panic_msg.rs", []string{"panic_msg"}},
		{"examples/demo/main.rs", []string{"demo"}},
		{"regex-syntax-0.6.27-rc.1/src/ast/parse.rs", []string{"regex_syntax", "ast", "parse"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, modulePath(tt.path)); diff != "" {
			t.Errorf("modulePath(%q) (-want +got):\n%s", tt.path, diff)
		}
	}
}

func TestDecodeString(t *testing.T) {
	tests := []struct{ lit, want string }{
		{`"plain"`, "plain"},
		{`"a\tb\n\"c\"\\ \x41 \u{e9} \u{1F600} \0"`, "a\tb\n\"c\"\\ A é 😀 \x00"},
		{"\"line \\\n    continued\"", "line continued"},
		{`r"raw \n"`, `raw \n`},
		{`r#"has "quotes""#`, `has "quotes"`},
		{`c"cstr"`, "cstr"},
		{`"bad \q escape"`, `bad \q escape`},
	}
	for _, tt := range tests {
		got, ok := decodeString(tt.lit)
		if !ok || got != tt.want {
			t.Errorf("decodeString(%s) = %q, %v; want %q", tt.lit, got, ok, tt.want)
		}
	}
	for _, bad := range []string{`"`, `r#"x"`, `x`, ``} {
		if _, ok := decodeString(bad); ok {
			t.Errorf("decodeString(%s) succeeded", bad)
		}
	}
}

func TestTestOnly(t *testing.T) {
	for pred, want := range map[string]bool{
		"(test)": true, "(all(test,feature=\"std\"))": true, "(all(feature=\"x\",test))": true,
		"(not(test))": false, "(any(test,feature=\"x\"))": false, "(all(any(test,x),y))": false, "(unix)": false,
	} {
		if got := testOnly(pred); got != want {
			t.Errorf("testOnly(%s) = %v, want %v", pred, got, want)
		}
	}
}
