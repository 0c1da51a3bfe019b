package match

import "testing"

func TestPyTypeContradicts(t *testing.T) {
	tests := []struct {
		query, site string
		want        bool
	}{
		{"ValueError", "ValueError", false},
		{"OverflowError", "ValueError", true},
		{"ValueError", "AssertionError", true},
		{"builtins.ValueError", "ValueError", false},
		{"FileNotFoundError", "OSError", false}, // OSError(errno.ENOENT, ...) prints its subclass
		{"BrokenPipeError", "IOError", false},   // an alias of OSError
		{"OSError", "FileNotFoundError", true},
		{"ValueError", "UnicodeDecodeError", true},
		{"json.decoder.JSONDecodeError", "ValueError", false}, // not a built-in: says nothing
		{"ValueError", "MyError", false},
		{"re.error", "error", false},
		{"", "ValueError", false},
	}
	for _, tt := range tests {
		if got := pyTypeContradicts(tt.query, tt.site); got != tt.want {
			t.Errorf("pyTypeContradicts(%q, %q) = %v, want %v", tt.query, tt.site, got, tt.want)
		}
	}
}
