package syntax_test

import (
	"testing"

	"github.com/errdex/errdex/syntax"
)

func TestFirstError(t *testing.T) {
	tests := []struct {
		name string
		lang *syntax.Language
		src  string
		want string // "" for no error, else "error" or "missing"
		line int
	}{
		{"clean", syntax.Rust(), "fn f() {}\n", "", 0},
		{"empty", syntax.C(), "", "", 0},
		{"missing semicolon", syntax.C(), "int f(void) {\n  return 1\n}\n", "missing", 2},
		{"missing parenthesis", syntax.Rust(), "fn f() {}\n\nfn g( { let = ; }\nfn h( {}\n", "missing", 3},
		{"error region", syntax.Python(), "x = 1\ny = (\ndef f(:\n", "error", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := parse(t, tt.lang, tt.src).FirstError()
			got := ""
			switch {
			case n.IsError():
				got = "error"
			case n.IsMissing():
				got = "missing"
			case !n.IsNull():
				got = "other"
			}
			if got != tt.want {
				t.Fatalf("FirstError() is %q (kind %q), want %q", got, n.Kind(), tt.want)
			}
			if !n.IsNull() && n.Line() != tt.line {
				t.Errorf("FirstError().Line() = %d, want %d", n.Line(), tt.line)
			}
		})
	}
}
