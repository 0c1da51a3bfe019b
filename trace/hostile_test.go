package trace

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex"
)

// hostileInputs returns inputs built to break a parser: garbage, huge
// lines, control bytes, and every trace marker repeated until the input
// limit, which would expose quadratic work or unbounded memory.
func hostileInputs() map[string]string {
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 0, 600_000)
	for range 10_000 {
		n := rng.IntN(100)
		for range n {
			garbage = append(garbage, byte(rng.IntN(256)))
		}
		garbage = append(garbage, '\n')
	}
	fill := func(line string) string {
		return strings.Repeat(line+"\n", (MaxInput-1024)/(len(line)+1))
	}
	return map[string]string{
		"garbage 10k lines":         string(garbage),
		"500k-char line":            strings.Repeat("a", 500_000),
		"500k-char type line":       "ValueError: " + strings.Repeat("x", 500_000),
		"500k-char frame":           "    at " + strings.Repeat("f", 500_000) + " (x.js:1:1)",
		"500k brackets":             strings.Repeat("[", 500_000) + "[0m",
		"NULs":                      strings.Repeat("\x00", 100_000),
		"NULs in a traceback":       "Traceback (most recent call last):\n  File \"\x00\", line 1, in \x00\nValue\x00Error: \x00",
		"invalid UTF-8":             strings.Repeat("\xff\xfe\xc3", 100_000),
		"unterminated ANSI":         fill("text \x1b[31"),
		"unterminated OSC":          "\x1b]8;;" + strings.Repeat("x", 500_000),
		"only newlines":             strings.Repeat("\n", MaxInput),
		"only CRs":                  strings.Repeat("\r", MaxInput),
		"Traceback headers":         fill("Traceback (most recent call last):"),
		"File lines":                fill(`  File "x.py", line 1, in f`),
		"chain markers":             fill(pyContextMarker),
		"group headers":             fill("  + Exception Group Traceback (most recent call last):"),
		"group boxes":               fill("  +-+---------------- 1 ----------------\n    | ValueError: x"),
		"deep boxes":                fill(strings.Repeat(" ", 200) + "+-+---- 1 ----"),
		"pytest arrows":             fill(">   x = 1"),
		"pytest E lines":            fill("E   ValueError: x"),
		"pytest locations":          fill("x.py:1: in f"),
		"panic lines":               fill("panic: x"),
		"recovered panics":          fill("\tpanic: x [recovered]"),
		"goroutine headers":         fill("goroutine 1 [running]:"),
		"go frames":                 "panic: x\n\ngoroutine 1 [running]:\n" + fill("main.f(...)\n\t/x.go:1 +0x1"),
		"java frames":               "java.lang.Error: x\n" + fill("\tat a.B.c(B.java:1)"),
		"java causes":               "java.lang.Error: x\n\tat a.B.c(B.java:1)\n" + fill("Caused by: java.lang.Error: y\n\tat a.B.c(B.java:1)\n\t... 1000 more"),
		"java suppressed nesting":   "java.lang.Error: x\n\tat a.B.c(B.java:1)\n" + fill("\t\t\tSuppressed: java.lang.Error: y"),
		"node frames":               "TypeError: x\n" + fill("    at f (/x.js:1:1)"),
		"node causes":               "Error: x\n    at f (/x.js:1:1) {\n" + fill("  [cause]: Error: y\n      at g (/y.js:2:2) {"),
		"node errors lists":         "[AggregateError: x] {\n" + fill("  [errors]: ["),
		"headers without frames":    fill("SomeError: message"),
		"Error lines":               fill("Error: x"),
		"rust panics":               fill("thread 'main' panicked at 'x"),
		"rust backtrace":            "thread 'main' panicked at src/main.rs:1:1:\nx\nstack backtrace:\n" + fill("  0: f\n      at src/main.rs:1:1"),
		"anyhow causes":             "Error: x\n\nCaused by:\n" + fill("    0: y"),
		"json lines":                fill(`{"level":"error","message":"x","exc_info":"Traceback (most recent call last):\n  File \"x.py\", line 1, in f\nValueError: x"}`),
		"deep json":                 strings.Repeat("[", 100_000) + "{" + strings.Repeat("]", 100_000),
		"docker json lines":         fill(`{"log":"panic: x\n","stream":"stderr"}`),
		"node location headers":     fill("/x.js:1\nthrow x\n^"),
		"ipython headers":           fill("ValueError                Traceback (most recent call last)"),
		"go test failures":          "--- FAIL: TestX (0.00s)\n" + fill("    x_test.go:1: boom"),
		"log prefixes":              fill("2024-05-01 12:00:00,123 ERROR [a] [b] [c] [d] [e] [f] [g] [h] [i] [j] [k] x"),
		"many loose candidates":     fill("ValueError: x"),
		"type of 300 dots":          strings.Repeat(".", 300) + ": x",
		"repeated counts overflow":  "Traceback (most recent call last):\n" + fill(`  File "x.py", line 1, in f`+"\n  [Previous line repeated 999999999 more times]"),
		"huge line numbers":         "Traceback (most recent call last):\n  File \"x.py\", line 99999999999999999999, in f\nValueError: x",
		"location without path":     ":1:1\n:1\n  at :1:1",
		"exception group, no close": "  + Exception Group Traceback (most recent call last):\n  | ExceptionGroup: x (1 sub-exception)\n  +-+---- 1 ----\n    | ValueError: y",
	}
}

func TestHostileInputs(t *testing.T) {
	for name, in := range hostileInputs() {
		t.Run(name, func(t *testing.T) {
			if len(in) > MaxInput {
				t.Fatalf("test input is %d bytes, over the limit", len(in))
			}
			rep, err := Parse(in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			checkInvariants(t, in, rep)
		})
	}
}

func TestTooLarge(t *testing.T) {
	for _, n := range []int{MaxInput + 1, 4 * MaxInput} {
		_, err := Parse(strings.Repeat("x", n))
		if err == nil {
			t.Fatalf("Parse(%d bytes) succeeded, want a TooLarge error", n)
		}
		if k := errdex.KindOf(err); k != errdex.TooLarge {
			t.Errorf("Parse(%d bytes): kind %v, want %v", n, k, errdex.TooLarge)
		}
		var e *errdex.Error
		if !errors.As(err, &e) || e.Op != "trace.Parse" || !strings.Contains(err.Error(), "limit") {
			t.Errorf("Parse(%d bytes): error %q should name trace.Parse and the limit", n, err)
		}
	}
	if _, err := Parse(strings.Repeat("x", MaxInput)); err != nil {
		t.Errorf("Parse(MaxInput bytes): %v, want success", err)
	}
}

// BenchmarkHostile reports the parse speed of each hostile input.
func BenchmarkHostile(b *testing.B) {
	for name, in := range hostileInputs() {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := Parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseFixtures parses every real fixture once per iteration and
// reports the throughput over their total size.
func BenchmarkParseFixtures(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "real", "*.txt"))
	var inputs []string
	size := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, string(src))
		size += len(src)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, in := range inputs {
			if _, err := Parse(in); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(inputs)), "µs/paste")
}
