package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

var update = flag.Bool("update", false, "rewrite golden files")

// recorded answers cases from testdata/answers.json: what a matcher
// returned for each case, keyed by case id.
func recorded(t *testing.T, cases []Case) Func {
	t.Helper()
	data, err := os.ReadFile("testdata/answers.json")
	if err != nil {
		t.Fatal(err)
	}
	var byID map[string]struct {
		Hits   []Hit
		Reason string
	}
	if err := json.Unmarshal(data, &byID); err != nil {
		t.Fatal(err)
	}
	byQuery := map[string]Answer{}
	for _, c := range cases {
		a, ok := byID[c.ID]
		if !ok {
			t.Fatalf("answers.json has no answer for case %q", c.ID)
		}
		byQuery[c.Query] = Answer{Hits: a.Hits, Reason: a.Reason}
	}
	return func(_ context.Context, q string) (Answer, error) {
		a, ok := byQuery[q]
		if !ok {
			return Answer{}, errors.New("no recorded answer")
		}
		return a, nil
	}
}

func f(x float64) *float64 { return &x }

func TestRunRecorded(t *testing.T) {
	cases, err := ReadFile("testdata/cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), cases, recorded(t, cases))
	if err != nil {
		t.Fatal(err)
	}
	// By hand: 6 cases expect a site; json-tb, json-msg and shlex-fn (by
	// function) are right at rank 1, json-typemsg at rank 2 (the second
	// site's lines 354-356 hold 355), shlex-typemsg's first site is in
	// xshlex.py (not a path-component suffix) and its second on the wrong
	// line, ipaddress got nothing; json-typemsg's right site scores as the
	// first (a tie). 4 cases expect none: int-c got none, recursion-c got a
	// site, scanner-twin got its twin first (right), scanner-twin-other its
	// twin second (wrong). Empty answers: int-c and ipaddress.
	want := Summary{
		N: 10, Top1: f(3.0 / 6), Top5: f(4.0 / 6), MRR: f(3.5 / 6), Top1Ties: f(4.0 / 6),
		NoMatchPrecision: f(0.5), NoMatchRecall: f(2.0 / 4),
		Positives: 6, Negatives: 4, AtRank1: 3, InTop5: 4, AtTie1: 4, Empty: 2, EmptyOK: 1, TwinFirst: 1,
	}
	got := rep.Summary
	got.P50ms, got.P99ms, got.P50CPUms, got.P99CPUms = 0, 0, nil, nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	var ranks []int
	for _, o := range rep.Outcomes {
		ranks = append(ranks, o.Rank)
	}
	if diff := cmp.Diff([]int{1, 2, 1, 0, 1, 0, 0, 0, 0, 0}, ranks); diff != "" {
		t.Errorf("ranks (-want +got):\n%s", diff)
	}
	if got := []bool{rep.Outcomes[8].Correct(), rep.Outcomes[9].Correct()}; !got[0] || got[1] {
		t.Errorf("twin cases correct %v, want [true false]", got)
	}
	if s := rep.ByForm["type-message"]; s.N != 6 || *s.Top1 != 0 || *s.NoMatchRecall != 2.0/3 {
		t.Errorf("type-message summary %+v", s)
	}

	// Latencies vary from run to run: fix them (1, 2, ... ms) for the
	// golden report.
	for i := range rep.Outcomes {
		rep.Outcomes[i].Duration = time.Duration(i+1) * time.Millisecond
		rep.Outcomes[i].CPU = time.Duration(i+1) * 100 * time.Microsecond
	}
	rep.score()
	if rep.Summary.P50ms != 5 || rep.Summary.P99ms != 10 {
		t.Errorf("p50 %v ms, p99 %v ms; want 5 and 10", rep.Summary.P50ms, rep.Summary.P99ms)
	}
	if rep.Summary.P50CPUms == nil || *rep.Summary.P50CPUms != 0.5 || *rep.Summary.P99CPUms != 1 {
		t.Errorf("CPU p50 %v ms, p99 %v ms; want 0.5 and 1", rep.Summary.P50CPUms, rep.Summary.P99CPUms)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/report.golden", text.String())

	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	if err := json.Unmarshal(js.Bytes(), &obj); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range obj {
		keys = append(keys, k)
	}
	wantKeys := []string{"mrr", "n", "nomatch_precision", "nomatch_recall", "p50_cpu_ms", "p50_ms", "p99_cpu_ms", "p99_ms", "top1", "top1_ties", "top5"}
	if diff := cmp.Diff(wantKeys, keys, cmpSorted); diff != "" {
		t.Errorf("JSON keys (-want +got):\n%s", diff)
	}
	if obj["top1"] != 0.5 || obj["n"] != 10.0 {
		t.Errorf("JSON %s", js.String())
	}
}

var cmpSorted = cmp.Transformer("sort", func(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
})

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

func TestReadCasesErrors(t *testing.T) {
	good := `{"id":"a","query":"x","expect":null}`
	tests := []struct{ name, in, want string }{
		{"bad JSON", good + "\n{\"id\": \"b\",\n", `cases.jsonl:2: not a JSON case object: unexpected end of JSON input`},
		{"not an object", good + "\n\n[1,2]\n", `cases.jsonl:3: not a JSON case object: json: cannot unmarshal array into Go value of type struct`},
		{"no id", `{"query":"x","expect":null}`, `cases.jsonl:1: missing "id"`},
		{"empty query", `{"id":"a","query":"  ","expect":null}`, `cases.jsonl:1: case "a": missing or empty "query"`},
		{"no expect", `{"id":"a","query":"x"}`, `cases.jsonl:1: case "a": missing "expect" (use null when no source site should be found)`},
		{"expect not an object", `{"id":"a","query":"x","expect":"json.py"}`, `cases.jsonl:1: case "a": "expect" must be null or {"path_suffix", "line", "function"}: json: cannot unmarshal string into Go value of type eval.Expect`},
		{"misspelt field", `{"id":"a","query":"x","expect":{"path":"a.py","line":3}}`, `cases.jsonl:1: case "a": "expect" must be null or {"path_suffix", "line", "function"}: json: unknown field "path"`},
		{"no path", `{"id":"a","query":"x","expect":{"path_suffix":"","line":3}}`, `cases.jsonl:1: case "a": expect.path_suffix is empty`},
		{"no line or function", `{"id":"a","query":"x","expect":{"path_suffix":"a.py","line":null}}`, `cases.jsonl:1: case "a": expect needs a line or a function`},
		{"bad line", `{"id":"a","query":"x","expect":{"path_suffix":"a.py","line":0}}`, `cases.jsonl:1: case "a": expect.line 0 is not a line number`},
		{"duplicate id", good + "\n" + good, `cases.jsonl:2: id "a" was already used on line 1`},
		{"twin without path", `{"id":"a","query":"x","expect":null,"twin":{"line":3}}`, `cases.jsonl:1: case "a": twin.path_suffix is empty`},
		{"twin beside a site", `{"id":"a","query":"x","expect":{"path_suffix":"a.py","line":3},"twin":{"path_suffix":"b.py","line":3}}`, `cases.jsonl:1: case "a": a twin is only meaningful when "expect" is null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadCases(strings.NewReader(tt.in), "cases.jsonl")
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.TrimPrefix(err.Error(), "eval.ReadCases: "); !strings.HasPrefix(got, tt.want) {
				t.Errorf("error\n got %q\nwant %q", got, tt.want)
			}
			if errdex.KindOf(err) != errdex.Invalid {
				t.Errorf("kind %v, want invalid input", errdex.KindOf(err))
			}
		})
	}
}

func TestReadCasesLongLines(t *testing.T) {
	q := strings.Repeat("x", 200<<10)
	in := `{"id":"long","query":"` + q + "\",\"expect\":null}\r\n" + `{"id":"last","query":"y","expect":{"path_suffix":"a.py","function":"f"}}`
	cases, err := ReadCases(strings.NewReader(in), "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 || cases[0].Query != q || cases[1].Line != 2 || cases[1].Expect.Function != "f" {
		t.Errorf("read %d cases", len(cases))
	}
}

func TestCorrect(t *testing.T) {
	line := func(n int) *int { return &n }
	tests := []struct {
		name string
		hit  Hit
		exp  Expect
		want bool
	}{
		{"exact", Hit{Path: "Lib/json/decoder.py", Line: 355}, Expect{PathSuffix: "json/decoder.py", Line: line(355)}, true},
		{"two lines before", Hit{Path: "json/decoder.py", Line: 357}, Expect{PathSuffix: "json/decoder.py", Line: line(355)}, true},
		{"three lines before", Hit{Path: "json/decoder.py", Line: 358}, Expect{PathSuffix: "json/decoder.py", Line: line(355)}, false},
		{"two after the end", Hit{Path: "json/decoder.py", Line: 350, EndLine: 353}, Expect{PathSuffix: "json/decoder.py", Line: line(355)}, true},
		{"three after the end", Hit{Path: "json/decoder.py", Line: 350, EndLine: 352}, Expect{PathSuffix: "json/decoder.py", Line: line(355)}, false},
		{"not a component suffix", Hit{Path: "Lib/xdecoder.py", Line: 1}, Expect{PathSuffix: "decoder.py", Line: line(1)}, false},
		{"windows path", Hit{Path: `Lib\json\decoder.py`, Line: 1}, Expect{PathSuffix: "json/decoder.py", Line: line(1)}, true},
		{"function qualified by class", Hit{Path: "shlex.py", Function: "shlex.read_token"}, Expect{PathSuffix: "shlex.py", Function: "read_token"}, true},
		{"function differs", Hit{Path: "shlex.py", Function: "shlex.get_token"}, Expect{PathSuffix: "shlex.py", Function: "read_token"}, false},
		{"function suffix of a name", Hit{Path: "shlex.py", Function: "shlex.xread_token"}, Expect{PathSuffix: "shlex.py", Function: "read_token"}, false},
	}
	for _, tt := range tests {
		if got := correct(tt.hit, &tt.exp); got != tt.want {
			t.Errorf("%s: correct = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	fn := func(context.Context, string) (Answer, error) {
		calls++
		cancel()
		return Answer{}, nil
	}
	_, err := Run(ctx, []Case{{ID: "a", Query: "x"}, {ID: "b", Query: "y"}}, fn)
	if errdex.KindOf(err) != errdex.Canceled || calls != 1 {
		t.Errorf("err %v after %d calls, want canceled after 1", err, calls)
	}
}

func TestMatcherErrors(t *testing.T) {
	cases := []Case{
		{ID: "a", Query: "x", Expect: &Expect{PathSuffix: "a.py", Function: "f"}},
		{ID: "b", Query: "y"},
	}
	fn := func(context.Context, string) (Answer, error) { return Answer{}, errors.New("input too large") }
	rep, err := Run(context.Background(), cases, fn)
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Summary
	if s.Errors != 2 || s.Empty != 0 || *s.Top1 != 0 || *s.NoMatchRecall != 0 || s.NoMatchPrecision != nil {
		t.Errorf("summary %+v", s)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "error:  input too large") || !strings.Contains(text.String(), "2 errors") {
		t.Errorf("report does not show the errors:\n%s", text.String())
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"nomatch_precision":null`) {
		t.Errorf("an undefined figure is not null: %s", js.String())
	}
}

func TestRunMeasuresCPU(t *testing.T) {
	cases := []Case{{ID: "a", Query: "x"}}
	spin := func(context.Context, string) (Answer, error) {
		// Work for at least 20 ms of CPU time.
		start, _ := threadCPU()
		for n := 0; ; n++ {
			if now, _ := threadCPU(); now-start > 20*time.Millisecond || n > 1e9 {
				break
			}
		}
		return Answer{}, nil
	}
	rep, err := Run(context.Background(), cases, spin)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := threadCPU(); !ok {
		if rep.Summary.P50CPUms != nil {
			t.Errorf("CPU figures without a way to measure them")
		}
		return
	}
	if cpu := rep.Outcomes[0].CPU; cpu < 20*time.Millisecond {
		t.Errorf("a call that spun 20 ms of CPU time measured %v", cpu)
	}
}

func TestReportShowsWhatWasRead(t *testing.T) {
	tb := "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nyaml.parser.ParserError: while parsing a flow sequence\n    a: [1, 2\n       ^"
	tests := []struct {
		name, query, read string
		want              string // the line shown, "" for none
	}{
		{"a multi-line message", tb, "yaml.parser.ParserError: while parsing a flow sequence\n    a: [1, 2\n       ^", `  read:   "yaml.parser.ParserError: while parsing a flow sequence\n    a: [1, 2\n       ^"`},
		{"read as pasted", "ValueError: bad", "ValueError: bad", ""},
		{"nothing read", "ValueError: bad", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Case{ID: "c", Query: tt.query, Expect: &Expect{PathSuffix: "yaml/parser.py", Function: "parse"}, Line: 1}
			rep := Report{Outcomes: []Outcome{{Case: c, Answer: Answer{Read: tt.read}}}}
			rep.score()
			var out bytes.Buffer
			if err := rep.WriteText(&out, true); err != nil {
				t.Fatal(err)
			}
			var got string
			for _, l := range strings.Split(out.String(), "\n") {
				if strings.HasPrefix(l, "  read:") {
					got = l
				}
			}
			if got != tt.want {
				t.Errorf("read line %q, want %q\nreport:\n%s", got, tt.want, out.String())
			}
		})
	}
}
