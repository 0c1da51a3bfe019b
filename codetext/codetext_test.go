package codetext

import "testing"

func TestClosing(t *testing.T) {
	for _, tt := range []struct {
		s          string
		open, want int
	}{
		{"f(a, g(b))", 1, 9},
		{"f(')') + 1", 1, 5},
		{"m[`]`]", 1, 5},
		{`f("\")")`, 1, 7},
		{"f(a", 1, -1},
		{"f()", -1, -1},
		{"f()", 3, -1},
	} {
		if got := Closing(tt.s, tt.open); got != tt.want {
			t.Errorf("Closing(%q, %d) = %d, want %d", tt.s, tt.open, got, tt.want)
		}
	}
}

func TestScanDepth(t *testing.T) {
	s := "a(b, 'c)') + d"
	var top []byte
	Scan(s, 0, func(i, depth int) bool {
		if depth == 0 {
			top = append(top, s[i])
		}
		return true
	})
	// The brackets are inside the group they open and close.
	if got := string(top); got != "a + d" {
		t.Errorf("top level %q, want %q", got, "a + d")
	}
}

func FuzzClosing(f *testing.F) {
	f.Add("f('(', \"[\")", 1)
	f.Fuzz(func(t *testing.T, s string, open int) {
		Operand(s)
		Comparison(s)
		if j := Closing(s, open); j >= 0 && (j <= open || j >= len(s)) {
			t.Fatalf("Closing(%q, %d) = %d", s, open, j)
		}
	})
}

func TestOperand(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"x", true},
		{"self.limit", true},
		{"f(a, b)", true},
		{`m["k)"]`, true},
		{"ns::f(x)", true},
		{"p->next", true},
		{"a?.b", true},
		{"(a || b)", true},
		{"a && b", false},
		{"n > 0", false},
		{"-x", false},
		{"f(a", false},
		{"f(a))", false},
		{"", false},
	} {
		if got := Operand(tt.s); got != tt.want {
			t.Errorf("Operand(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestComparison(t *testing.T) {
	for _, tt := range []struct {
		cond, op string
	}{
		{"max_tokens > 0", ">"},
		{"n <= len(xs)", "<="},
		{"mode not in ('a', 'b')", " not in "},
		{"x is not None", " is not "},
		{"typeof v !== 'string'", "!=="},
		{"s == '>='", "=="},
		{"name == `a || b`", "=="},
		{"f(a > b)", ""},
		{"0 < x < 10", ""},
		{"size is None or size <= 0", ""},
		{"ok && n > 0", ""},
		{"a << 2", ""},
		{"p->next", ""},
		{"x = f(y)", ""},
		{"(n := len(a)) > 10", ">"},
	} {
		i, op := Comparison(tt.cond)
		if op != tt.op || (i < 0) != (tt.op == "") || i >= 0 && tt.cond[i:i+len(op)] != op {
			t.Errorf("Comparison(%q) = %d, %q, want %q", tt.cond, i, op, tt.op)
		}
	}
}

func TestEnvNames(t *testing.T) {
	tests := []struct {
		s             string
		ident, conven bool
	}{
		{"MAX_TOKENS", true, true},
		{"npm_config_cache", true, false},
		{"X", true, false},
		{"A1", true, true},
		{"1A", false, false},
		{"_X", true, false},
		{"NODE-ENV", false, false},
		{"", false, false},
		{"ÉTAT", false, false},
	}
	for _, tt := range tests {
		if got := EnvIdent(tt.s); got != tt.ident {
			t.Errorf("EnvIdent(%q) = %v, want %v", tt.s, got, tt.ident)
		}
		if got := EnvName(tt.s); got != tt.conven {
			t.Errorf("EnvName(%q) = %v, want %v", tt.s, got, tt.conven)
		}
	}
}
