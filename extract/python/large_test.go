package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/errdex/errdex/extract"
)

// TestLargeMessages extracts messages grown over thousands of statements
// or literals. Such messages are capped at maxText bytes of literal text,
// with a hole for the rest, and cost linear time (a quadratic regression
// shows as a slow test).
func TestLargeMessages(t *testing.T) {
	var grown, adjacent, fields strings.Builder
	grown.WriteString("def f(x):\n    msg = ''\n")
	adjacent.WriteString("raise ValueError(\n")
	fields.WriteString("raise ValueError(f'")
	for i := range 20000 {
		fmt.Fprintf(&grown, "    msg += 'part %d %%s; ' %% x\n", i)
		fmt.Fprintf(&adjacent, "    'line %d '\n", i)
		fmt.Fprintf(&fields, "{x%d}-", i)
	}
	grown.WriteString("    raise ValueError(msg)\n")
	adjacent.WriteString(")\n")
	fields.WriteString("')\n")
	for name, src := range map[string]string{"grown": grown.String(), "adjacent": adjacent.String(), "fields": fields.String()} {
		t.Run(name, func(t *testing.T) {
			res := run(t, []extract.Input{{Path: name + ".py", Language: "python", Read: func() ([]byte, error) { return []byte(src), nil }}})
			if len(res.Sites) != 1 {
				t.Fatalf("got %d sites, want 1", len(res.Sites))
			}
			tmpl := res.Sites[0].Template
			size := 0
			for _, p := range tmpl.Parts {
				size += len(p.Text)
			}
			if size == 0 || size > 2*maxText {
				t.Errorf("literal text of %d bytes, want 1..%d", size, 2*maxText)
			}
			if last := tmpl.Parts[len(tmpl.Parts)-1]; !last.IsHole() {
				t.Errorf("message ends in %q, want a hole for the text past the cap", last.Text)
			}
			if first := tmpl.Parts[0]; first.IsHole() && name != "fields" || !first.IsHole() && !strings.HasPrefix(first.Text, map[string]string{"grown": "part 0 ", "adjacent": "line 0 line 1 "}[name]) {
				t.Errorf("message starts with %+v", first)
			}
		})
	}
}

// TestEntangledLoops extracts texts built from each other in deeply
// nested loops (v0 = v1 + '-' + v2; v1 = v2 + '-' + v3 ...), whose values
// double at every step and whose lookups, through every loop's back edge,
// would grow exponentially with the nesting: the file's lookups stop at
// maxResolves, the file says so, and its raises are still extracted.
func TestEntangledLoops(t *testing.T) {
	const depth, vars = 20, 20
	var b strings.Builder
	b.WriteString("def f(x):\n")
	for v := range vars {
		fmt.Fprintf(&b, "    v%d = ''\n", v)
	}
	indent := "    "
	for d := range depth {
		fmt.Fprintf(&b, "%sfor i%d in x:\n", indent, d)
		indent += "    "
		for v := range vars {
			fmt.Fprintf(&b, "%sv%d = v%d + '-' + v%d\n", indent, v, (v+1)%vars, (v+2)%vars)
		}
		fmt.Fprintf(&b, "%sif x: raise ValueError('bad %%s' %% v0)\n", indent)
	}
	src := b.String()
	res := run(t, []extract.Input{{Path: "entangled.py", Language: "python", Read: func() ([]byte, error) { return []byte(src), nil }}})
	if len(res.Sites) != depth {
		t.Errorf("got %d sites, want %d", len(res.Sites), depth)
	}
	var said bool
	for _, f := range res.Files {
		for _, p := range f.Problems {
			said = said || strings.Contains(p, "variables resolved as holes") && strings.Contains(p, " in f ")
		}
	}
	if !said {
		t.Errorf("no problem says the lookups stopped in f: %v", res.Files[0].Problems)
	}
	for _, s := range res.Sites {
		if n := len(s.Template.Parts); n > maxParts+1 { // +1: the hole for the rest
			t.Errorf("line %d: a message of %d parts, want at most %d", s.Location.Line, n, maxParts+1)
		}
	}
}

// TestMemoIndependentOfOrder extracts a raise of the end of a chain of
// texts (c1 = c0 + '1'; c2 = c1 + '2' ...) long enough for the evaluator
// to cut it at maxEvalDepth, alone and after a raise of an early link: the
// links that raise remembered must not carry the deep raise past the cut,
// or its template would depend on which raise of the file came first.
func TestMemoIndependentOfOrder(t *testing.T) {
	last := func(src string) string {
		t.Helper()
		res := run(t, []extract.Input{{Path: "chain.py", Language: "python", Read: func() ([]byte, error) { return []byte(src), nil }}})
		if len(res.Sites) == 0 {
			t.Fatalf("no site in\n%s", src)
		}
		return res.Sites[len(res.Sites)-1].Template.String()
	}
	for links := 6; links <= 16; links++ {
		var chain strings.Builder
		chain.WriteString("def f(x):\n    s = 'head ' + x + ' tail'\n    c0 = s\n")
		for i := 1; i <= links; i++ {
			fmt.Fprintf(&chain, "    c%d = c%d + '%d'\n", i, i-1, i%10)
		}
		deep := fmt.Sprintf("    if x: raise ValueError(c%d)\n", links)
		alone := last(chain.String() + deep)
		for _, first := range []int{1, 3, 5} {
			early := fmt.Sprintf("    if x: raise KeyError(c%d)\n", first)
			if got := last(chain.String() + early + deep); got != alone {
				t.Errorf("%d links: after a raise of c%d the deep raise says %q, alone %q", links, first, got, alone)
			}
		}
	}
}

// BenchmarkLongFunction extracts one function of n links of a chain of
// texts, each followed by an "if ...: raise" of it (12,000 lines at the
// largest size). The time per raise should not grow with n: reading the
// statements before each raise for early exits, or each assignment's
// guards, once made it grow linearly (8,000 links took 6 s).
func BenchmarkLongFunction(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000, 8000} {
		var src strings.Builder
		src.WriteString("def f(x):\n    a0 = x\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&src, "    a%d = a%d + '%d'\n    if x == %d: raise ValueError(a%d)\n", i, i-1, i%10, i, i)
		}
		in := []extract.Input{{Path: "long.py", Language: "python", Read: func() ([]byte, error) { return []byte(src.String()), nil }}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if res := run(b, in); len(res.Sites) != n-1 {
					b.Fatalf("got %d sites, want %d", len(res.Sites), n-1)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*(n-1)), "µs/raise")
		})
	}
}

// TestUnpackingChain extracts a parser of functions that each unpack the
// tuple another returns (token, value = get_b(value)), as email's header
// parser does: following each unpacking into every callee's own would
// multiply the lookups by the chain's length at every step; the file must
// stay within its lookup budget and still read the first unpacking.
func TestUnpackingChain(t *testing.T) {
	const funcs = 120
	var b strings.Builder
	for i := range funcs {
		fmt.Fprintf(&b, "def get_%d(value):\n", i)
		for j := i + 1; j < min(funcs, i+8); j++ {
			fmt.Fprintf(&b, "    if value.startswith('%d'):\n        token, value = get_%d(value)\n        return token, value\n", j, j)
		}
		fmt.Fprintf(&b, "    return 'tok%d', value[1:]\n\n", i)
	}
	b.WriteString("def parse(value):\n    token, rest = get_0(value)\n    raise ValueError('bad token ' + token)\n")
	src := b.String()
	res := run(t, []extract.Input{{Path: "chain.py", Language: "python", Read: func() ([]byte, error) { return []byte(src), nil }}})
	for _, f := range res.Files {
		for _, p := range f.Problems {
			if strings.Contains(p, "variables resolved as holes") {
				t.Errorf("problem: %s", p)
			}
		}
	}
	if len(res.Sites) != 1 || !strings.Contains(res.Sites[0].Template.String()+fmt.Sprint(res.Sites[0].Alternatives), "bad token tok0") {
		t.Errorf("sites %v, want one raising 'bad token tok0' among others", res.Sites)
	}
}
