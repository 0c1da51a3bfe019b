package match

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/errdex/errdex"
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

// TestOccurrences checks that a literal's occurrences are all of them up
// to the limit, else the first and the last ones, in increasing order.
func TestOccurrences(t *testing.T) {
	all := func(s, l string) []int32 {
		var out []int32
		for i := 0; i+len(l) <= len(s); i++ {
			if s[i:i+len(l)] == l {
				out = append(out, int32(i))
			}
		}
		return out
	}
	tests := []struct {
		s, l string
		occ  int
	}{
		{"a, b, c", ", ", 4},
		{"a, b, c, d, e, f, g, h", ", ", 4},
		{strings.Repeat("x, ", 40), ", ", 16},
		{strings.Repeat("aa", 10), "aa", 6}, // overlapping occurrences
		{"none here", ", ", 4},
		{", ", ", ", 2},
	}
	for _, tt := range tests {
		var sc scratch
		got := slices.Clone(sc.occurrences([]byte(tt.s), []byte(tt.l), tt.occ))
		every := all(tt.s, tt.l)
		want := every
		if len(every) > tt.occ {
			keep := tt.occ - tt.occ/2
			want = append(slices.Clone(every[:keep]), every[len(every)-tt.occ/2:]...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("occurrences(%q, %q, %d) = %v, want %v", tt.s, tt.l, tt.occ, got, want)
		}
	}
}

// TestLongObjectRepr aligns a Python exception raised with several
// arguments, printed as their tuple, one of them an object whose repr
// holds more of the separator than the alignment looks at from the left
// (attrs' validators): the holes after it capture the last elements, and
// the repr counts as data, not as text the template failed to explain.
func TestLongObjectRepr(t *testing.T) {
	var fields []string
	for i := range 40 {
		fields = append(fields, "f"+strconv.Itoa(i)+"=None")
	}
	attr := "Attribute(name='x', " + strings.Join(fields, ", ") + ")"
	msg := `("'x' must be <class 'int'> (got 's' that is a <class 'str'>).", ` + attr + `, <class 'int'>, 's')`
	ix := NewIndex(slices.Values([]*errdex.Site{{ID: "attr", Repo: "attrs", Language: "python", Kind: errdex.KindRaise, Exception: "TypeError", Function: "f",
		Location: errdex.Location{Span: errdex.Span{Path: "attr/validators.py", Line: 105, EndLine: 105}},
		Template: parseTemplate(t, `("'{name}' must be {type:repr} (got {value:repr} that is a {actual:repr}).", {attr:repr}, {type2:repr}, {value2:repr})`)}}))
	res := ix.Match(Query{Message: msg}, Options{})
	if len(res.Matches) == 0 {
		t.Fatalf("no match: %s", res.Reason)
	}
	m := res.Matches[0]
	if m.Score < 0.9 {
		t.Errorf("score %.3f, want at least 0.9", m.Score)
	}
	got := map[string]string{}
	for _, v := range m.Values {
		got[v.Name] = v.Text
	}
	if got["attr"] != attr || got["value2"] != "'s'" {
		t.Errorf("captures %q, want attr %q and value2 's'", got, attr)
	}
}

// TestPunctuationTail checks that a message stopping where its template
// has only punctuation left is not read as a cut copy of it: the runtime's
// "x is not a function" is not a polyfill's "{it} is not a function!",
// while a message that stops inside a word still matches the template it
// was cut from.
func TestPunctuationTail(t *testing.T) {
	ix := NewIndex(slices.Values([]*errdex.Site{
		{ID: "polyfill", Repo: "hb", Language: "javascript", Kind: errdex.KindRaise, Exception: "TypeError", Function: "aFunction",
			Location: errdex.Location{Span: errdex.Span{Path: "dist/handlebars.js", Line: 1226, EndLine: 1226}},
			Template: parseTemplate(t, "{it} is not a function!")},
		{ID: "long", Repo: "hb", Language: "javascript", Kind: errdex.KindRaise, Exception: "Error", Function: "compile",
			Location: errdex.Location{Span: errdex.Span{Path: "dist/handlebars.js", Line: 2000, EndLine: 2000}},
			Template: parseTemplate(t, "You must pass a string or Handlebars AST to Handlebars.compile. You passed {input}")},
	}))
	if r := ix.Match(Query{Message: "header.slice is not a function"}, Options{}); len(r.Matches) > 0 {
		t.Errorf("runtime TypeError: got %v, want no match", ids(r))
	}
	if r := ix.Match(Query{Message: "header.slice is not a function!"}, Options{}); len(r.Matches) == 0 || r.Matches[0].ID != "polyfill" {
		t.Errorf("the polyfill's own text: got %v (%s), want polyfill", ids(r), r.Reason)
	}
	if r := ix.Match(Query{Message: "You must pass a string or Handlebars AST to Handlebars.compile. You pa"}, Options{}); len(r.Matches) == 0 || r.Matches[0].ID != "long" {
		t.Errorf("a message cut inside a word: got %v (%s), want long", ids(r), r.Reason)
	}
}
