package match

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/errdex/errdex"
)

// lenientTemplate reads the tests' template notation without ever failing:
// an unclosed brace is literal text.
func lenientTemplate(s string) errdex.Template {
	var parts []errdex.Part
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			break
		}
		parts = append(parts, errdex.Lit(s[:i]))
		name, typ, _ := strings.Cut(s[i+1:i+j], ":")
		parts = append(parts, errdex.HolePart(name, "", errdex.HoleType(typ)))
		s = s[i+j+1:]
	}
	parts = append(parts, errdex.Lit(s))
	return errdex.NewTemplate(parts...)
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "a  b", "\x1b[31mx\x1b", "“q” ‘r’", "İstanbul ΣΑΣ", "x...", "see https://a.b/c", "\xff\xfe", "ValueError: x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var x, joined text
		x.normalize(s, false)
		checkText(t, s, &x)
		joined.normalize(s, true)
		checkText(t, s, &joined)
		if joined.wraps != x.wraps || !x.wraps && string(joined.cased) != string(x.cased) {
			t.Fatalf("joining wraps changed a text without any: %q, %q", x.cased, joined.cased)
		}
		if _, n := exceptionPrefix(string(x.cased), "", nil); n > len(x.cased) {
			t.Fatalf("exception prefix %d longer than the text", n)
		}
		if len(s) > MaxMessage {
			return
		}
		// Literals and messages must normalise alike, or they never meet.
		lit := foldInto(nil, normalizeLiteral(s, true, true))
		if string(lit) != string(x.folded) {
			t.Fatalf("literal folds to %q, message to %q", lit, x.folded)
		}
	})
}

func FuzzMatch(f *testing.F) {
	f.Add("invalid value for {field}: {value:repr}", "invalid value for timeout: 'abc'", 10)
	f.Add("{a}{b}{c}", "anything at all", 3)
	f.Add("a{x}a{y}a{z:int}a", "aaaaaaaaaaaaaaaaaaaaaa", 1)
	f.Add("Expected {n:int} but got {m:float}...", "Expected 3 but got 4.5...", 0)
	f.Add("{}: line {l:int} column {c:int} (char {p:int})", "Expecting value: line 1 column 7 (char 6)", 7)
	f.Add("文件 {path} 不存在", "文件 /x 不存在 https://x.y/z", 2)
	base := loadSites(f)
	f.Fuzz(func(t *testing.T, tmpl, msg string, line int) {
		site := &errdex.Site{
			ID: "fuzz", Repo: "fuzz/repo", Language: "python", Exception: "FuzzError",
			Template: lenientTemplate(tmpl), Function: "fuzzed",
			Location: errdex.Location{Span: errdex.Span{Path: "fuzz/mod.py", Line: 10, EndLine: 12}},
		}
		ix := NewIndex(slices.Values(append(slices.Clip(base), site)))
		q := Query{Message: msg, Exception: "FuzzError", Frames: []Frame{{Path: "/x/fuzz/mod.py", Line: line, Function: "fuzzed"}}}
		opt := Options{MinScore: -1, MaxSteps: 1 << 16}
		res := ix.Match(q, opt)
		if res.Stats.Steps > opt.MaxSteps+maxWorkOvershoot {
			t.Fatalf("%d steps, budget %d", res.Stats.Steps, opt.MaxSteps)
		}
		for _, m := range res.Matches {
			if !(m.Score >= 0 && m.Score <= 1 && m.TextScore >= 0 && m.TextScore <= 1) {
				t.Fatalf("%s: score %v, text score %v outside [0, 1]", m.ID, m.Score, m.TextScore)
			}
			checkCaptures(t, msg, m)
			if m.ID == "fuzz" && len(m.Values) != len(site.Template.Holes()) {
				t.Fatalf("%d values for %d holes", len(m.Values), len(site.Template.Holes()))
			}
		}
		if len(res.Matches) == 0 && res.Reason == "" {
			t.Fatal("no match and no reason")
		}
	})
}

// maxWorkOvershoot is how far past its step budget a query may run: the
// budget is checked between literals and candidates, not inside them.
const maxWorkOvershoot = 1 << 17

// TestBoundedWork runs adversarial templates against long messages and
// checks that the work stays within the budget.
func TestBoundedWork(t *testing.T) {
	many := strings.Repeat("a{x}", 200) + "a"
	tests := []struct{ name, tmpl, msg string }{
		{"many short literals", many, strings.Repeat("a", MaxMessage)},
		{"long periodic literal", strings.Repeat("ab", 600) + "{x}", strings.Repeat("ab", 8000) + "c"},
		{"quotes everywhere", strings.Repeat("'{x}' ", 60), strings.Repeat("'a' '", 3000)},
		{"huge message", "error {x} here", strings.Repeat("error here ", 100000)},
		{"only holes", "{a}{b}{c}{d}", strings.Repeat("z", 1<<20)},
		{"thousands of unknown words", "error {x} here", distinctWords(5000)},
		{"lines broken inside words", "error {x} here", strings.Repeat("erro\nr here ", 50000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sites []*errdex.Site
			for i := range 200 {
				sites = append(sites, &errdex.Site{
					ID: errdex.ID("s" + strings.Repeat("x", i%7)), Repo: "r", Template: lenientTemplate(tt.tmpl),
					Location: errdex.Location{Span: errdex.Span{Path: "p.py", Line: i + 1}},
				})
			}
			ix := NewIndex(slices.Values(sites))
			opt := Options{MinScore: -1}
			frames := make([]Frame, 100_000) // a deep recursion, printed whole
			for i := range frames {
				frames[i] = Frame{Path: "/x/p.py", Line: i % 300, Function: "f"}
			}
			res := ix.Match(Query{Message: tt.msg, Frames: frames}, opt)
			if max := opt.withDefaults().MaxSteps + maxWorkOvershoot; res.Stats.Steps > max {
				t.Errorf("%d steps, over %d", res.Stats.Steps, max)
			}
			for _, m := range res.Matches {
				checkCaptures(t, tt.msg, m)
			}
		})
	}
}

// distinctWords returns n different made-up words separated by spaces.
func distinctWords(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "zq%dx ", i)
	}
	return b.String()
}
