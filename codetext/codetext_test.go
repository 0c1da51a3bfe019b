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
		if j := Closing(s, open); j >= 0 && (j <= open || j >= len(s)) {
			t.Fatalf("Closing(%q, %d) = %d", s, open, j)
		}
	})
}
