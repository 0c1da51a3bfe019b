package python

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// extractSource runs one Python source through the real driver and
// returns its result.
func extractSource(t *testing.T, src string) *extract.Result {
	t.Helper()
	return run(t, []extract.Input{{Path: "m.py", Language: "python", Size: int64(len(src)),
		Read: func() ([]byte, error) { return []byte(src), nil }}})
}

// siteAt returns the site whose message starts with prefix.
func siteAt(t *testing.T, res *extract.Result, prefix string) *errdex.Site {
	t.Helper()
	for _, s := range res.Sites {
		if strings.HasPrefix(s.Message(), prefix) {
			return s
		}
	}
	t.Fatalf("no site with message %q", prefix)
	return nil
}

func TestGuards(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []errdex.Guard
	}{
		{
			name: "conjunction splits, not is kept as written",
			src: `def f(self, req):
    if req.flag and not self.enabled:
        raise RuntimeError("boom")
`,
			want: []errdex.Guard{
				{Condition: "req.flag", Source: "req.flag", Kind: "if", Line: 2, Subject: "req.flag", Op: "truthy", Names: []string{"req.flag"}},
				{Condition: "not self.enabled", Source: "not self.enabled", Kind: "if", Line: 2, Subject: "self.enabled", Op: "falsy", Names: []string{"self.enabled"}},
			},
		},
		{
			name: "elif negates earlier branches, else negates all",
			src: `def f(mode, n):
    if mode == "a":
        pass
    elif n > 3:
        pass
    else:
        raise ValueError("boom")
`,
			want: []errdex.Guard{
				{Condition: `mode != "a"`, Source: `mode == "a"`, Negated: true, Kind: "else", Line: 2, Subject: "mode", Op: "!=", Value: `"a"`, Names: []string{"mode"}},
				{Condition: "n <= 3", Source: "n > 3", Negated: true, Kind: "else", Line: 4, Subject: "n", Op: "<=", Value: "3", Names: []string{"n"}},
			},
		},
		{
			name: "early return and constant on the left",
			src: `def f(x, items):
    if x is None:
        return
    for item in items:
        if 0 >= item:
            continue
        raise ValueError("boom")
`,
			want: []errdex.Guard{
				{Condition: "x is not None", Source: "x is None", Negated: true, Kind: "early-return", Line: 2, Subject: "x", Op: "is not", Value: "None", Names: []string{"x"}},
				{Condition: "item in items", Source: "item in items", Kind: "for", Line: 4, Names: []string{"items"}},
				{Condition: "0 < item", Source: "0 >= item", Negated: true, Kind: "continue", Line: 5, Subject: "item", Op: ">", Value: "0", Names: []string{"item"}},
			},
		},
		{
			name: "an earlier raise is no guard; a negated disjunction splits",
			src: `def f(a, b):
    if a:
        raise ValueError("first")
    if a or b:
        return
    raise ValueError("boom")
`,
			want: []errdex.Guard{
				{Condition: "not a", Source: "a", Negated: true, Kind: "early-return", Line: 4, Subject: "a", Op: "falsy", Names: []string{"a"}},
				{Condition: "not b", Source: "b", Negated: true, Kind: "early-return", Line: 4, Subject: "b", Op: "falsy", Names: []string{"b"}},
			},
		},
		{
			name: "except with a tuple, while loop",
			src: `def f(q):
    while q.busy():
        try:
            q.get()
        except (KeyError, IndexError) as e:
            raise ValueError("boom") from e
`,
			want: []errdex.Guard{
				{Condition: "q.busy()", Source: "q.busy()", Kind: "while", Line: 2, Subject: "q.busy()", Op: "truthy", Names: []string{"q"}},
				{Condition: "except (KeyError, IndexError)", Source: "except (KeyError, IndexError)", Kind: "except", Line: 5, Caught: "KeyError, IndexError"},
			},
		},
		{
			name: "assert is negated, isinstance is structured",
			src: `def f(x):
    assert isinstance(x, int), "boom"
`,
			want: []errdex.Guard{
				{Condition: "not isinstance(x, int)", Source: "isinstance(x, int)", Negated: true, Kind: "assert", Line: 2, Subject: "x", Op: "not isinstance", Value: "int", Names: []string{"x"}},
			},
		},
		{
			name: "assert False says nothing; nested functions stop the walk",
			src: `def outer(flag):
    if flag:
        def inner():
            assert False, "boom"
`,
			want: nil,
		},
		{
			name: "comprehension names are not read names",
			src: `def f(xs, limit):
    if any(x > limit for x in xs):
        raise ValueError("boom")
`,
			want: []errdex.Guard{
				{Condition: "any(x > limit for x in xs)", Source: "any(x > limit for x in xs)", Kind: "if", Line: 2, Names: []string{"limit", "xs"}},
			},
		},
		{
			name: "match case with a literal",
			src: `def f(cmd):
    match cmd:
        case "stop":
            raise RuntimeError("boom")
`,
			want: []errdex.Guard{
				{Condition: `cmd == "stop"`, Source: `case "stop"`, Kind: "match", Line: 3, Subject: "cmd", Op: "==", Value: `"stop"`, Names: []string{"cmd"}},
			},
		},
		{
			name: "chained comparison is not structured, env read call is",
			src: `import os
def f(port):
    if not 0 < port < 65536 and os.getenv("STRICT"):
        raise ValueError("boom")
`,
			want: []errdex.Guard{
				{Condition: "not (0 < port < 65536)", Source: "not 0 < port < 65536", Kind: "if", Line: 3, Names: []string{"port"}},
				{Condition: `os.getenv("STRICT")`, Source: `os.getenv("STRICT")`, Kind: "if", Line: 3, Subject: `os.getenv("STRICT")`, Op: "truthy", Names: []string{"os"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := siteAt(t, extractSource(t, tt.src), "boom")
			if diff := cmp.Diff(tt.want, s.Guards); diff != "" {
				t.Errorf("guards (-want +got):\n%s", diff)
			}
		})
	}
}

// guardSite is one site of a guards golden file.
type guardSite struct {
	Line     int            `json:"line"`
	Function string         `json:"function"`
	Message  string         `json:"message"`
	Guards   []errdex.Guard `json:"guards"`
}

// TestGuardsGolden pins the guards of the sites of the fixtures in
// testdata/guards: loops, try statements, nested early exits and
// structured comparisons.
func TestGuardsGolden(t *testing.T) {
	extracttest.GoldenDirView(t, "testdata/guards", ".py", Extractor, *update, func(res *extract.Result) any {
		var out []guardSite
		for _, s := range res.Sites {
			out = append(out, guardSite{Line: s.Location.Line, Function: s.Function, Message: s.Message(), Guards: s.Guards})
		}
		return out
	})
}
