package match

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPrefixSuffix checks prefixSuffix, its fast path and the
// Knuth-Morris-Pratt one, against the definition (the longest proper
// prefix of l, at most maxPartial bytes, that ends s), and that both
// charge the same steps.
func TestPrefixSuffix(t *testing.T) {
	want := func(l, s []byte) int {
		for k := min(maxPartial, len(l)-1, len(s)); k > 0; k-- {
			if bytes.HasSuffix(s, l[:k]) {
				return k
			}
		}
		return 0
	}
	check := func(l, s []byte) {
		t.Helper()
		var fast, kmp scratch
		got := fast.prefixSuffix(l, s)
		m := min(len(l), maxPartial, len(s)+1)
		ref := 0
		if m >= 2 {
			ref = kmp.prefixSuffixKMP(l, s, m)
		}
		if w := want(l, s); got != w || ref != w {
			t.Fatalf("prefixSuffix(%q, %q) = %d, by KMP %d, want %d", l, s, got, ref, w)
		}
		if fast.stats.Steps != kmp.stats.Steps {
			t.Fatalf("prefixSuffix(%q, %q) took %d steps, by KMP %d", l, s, fast.stats.Steps, kmp.stats.Steps)
		}
	}
	for _, c := range [][2]string{
		{"", ""}, {"a", "a"}, {"ab", "a"}, {"ab", "ab"}, {"abc", "xab"}, {"abab", "ab"}, {"abab", "abab"},
		{"aaaa", "aaaa"}, {"aaaab", "aaaaaaaaaaaaaaaaaaaaaaaa"}, {"no section: ", "no sec"},
		{strings.Repeat("a", 2000) + "b", strings.Repeat("a", 3000)},
		{strings.Repeat("ab", 700), strings.Repeat("ab", 600) + "a"},
	} {
		check([]byte(c[0]), []byte(c[1]))
	}
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int, alphabet string) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return b
	}
	for range 20000 {
		alphabet := []string{"a", "ab", "abc", "abcdefgh"}[r.IntN(4)]
		l := word(r.IntN(40), alphabet)
		s := word(r.IntN(40), alphabet)
		if len(l) > 0 && r.IntN(2) == 0 {
			s = append(s, l[:r.IntN(len(l))]...)
		}
		check(l, s)
	}
}

func TestIsPosition(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{", line:1, col:1", true},
		{"at line 3 column 5", true},
		{"(line 12)", true},
		{"on line 4, char 17.", true},
		{", col:1", false},                                   // no line
		{"line not found", false},                            // words, not a position
		{", see line 3 of the manual for the syntax", false}, // too long, and words
		{"line", false},                                      // no number
		{"at row 1, col 9, pos 8:", true},                    // @iarna/toml
		{"rowing 3", false},                                  // a word, not a position
	}
	for _, tt := range tests {
		if got := isPosition([]byte(tt.s)); got != tt.want {
			t.Errorf("isPosition(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
