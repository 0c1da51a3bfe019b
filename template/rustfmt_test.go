package template

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestBraceParse(t *testing.T) {
	lit := errdex.Lit
	hole := errdex.HolePart
	pos := func(exprs ...string) []BraceArg {
		var args []BraceArg
		for _, e := range exprs {
			args = append(args, BraceArg{Expr: e})
		}
		return args
	}
	tests := []struct {
		name     string
		dialect  BraceDialect
		format   string
		args     []BraceArg
		want     []errdex.Part
		problems int
	}{
		{name: "display and debug", dialect: BraceRust, format: "bad {} at {:?}", args: pos("name", "self.pos"),
			want: []errdex.Part{lit("bad "), hole("name", "name", anyT), lit(" at "), hole("pos", "self.pos", reprT)}},
		{name: "pretty debug", dialect: BraceRust, format: "{:#?}", args: pos("v"), want: []errdex.Part{hole("v", "v", reprT)}},
		{name: "escapes", dialect: BraceRust, format: "{{literal}} {}}}", args: pos("x"),
			want: []errdex.Part{lit("{literal} "), hole("x", "x", anyT), lit("}")}},
		{name: "index reuse", dialect: BraceRust, format: "{0} != {1} ({0})", args: pos("a.n", "b.n"),
			want: []errdex.Part{hole("n", "a.n", anyT), lit(" != "), hole("n_2", "b.n", anyT), lit(" ("), hole("n", "a.n", anyT), lit(")")}},
		{name: "named argument", dialect: BraceRust, format: "{path}: {err}", args: []BraceArg{{Name: "path", Expr: "p.display()"}, {Name: "err", Expr: "e"}},
			want: []errdex.Part{hole("path", "p.display()", errdex.HolePath), lit(": "), hole("err", "e", anyT)}},
		{name: "captured identifiers", dialect: BraceRust, format: "{x} then {y:?}", args: nil,
			want: []errdex.Part{hole("x", "x", anyT), lit(" then "), hole("y", "y", reprT)}},
		{name: "spec forms", dialect: BraceRust, format: "[{:>8.3}] [{:*^10}] [{:#x}] [{:08b}] [{:+e}] [{:.*}] [{:1$}] [{:w$}]",
			args: pos("f", "s", "h", "b", "e", "2", "p", "q", "r"),
			want: []errdex.Part{lit("["), hole("f", "f", floatT), lit("] ["), hole("s", "s", anyT), lit("] ["), hole("h", "h", strT),
				lit("] ["), hole("b", "b", intT), lit("] ["), hole("e", "e", floatT), lit("] ["), hole("p", "p", floatT), lit("] ["),
				hole("q", "q", anyT), lit("] ["), hole("r", "r", anyT), lit("]")}},
		{name: "hole names", dialect: BraceRust, format: "{} {} {} {} {}", args: pos("path.display()", "&self.items.len()", "self.0", "e?", "1.5"),
			want: []errdex.Part{hole("path", "path.display()", errdex.HolePath), lit(" "), hole("items_len", "&self.items.len()", intT), lit(" "),
				hole("0", "self.0", anyT), lit(" "), hole("e", "e?", anyT), lit(" "), hole("value", "1.5", anyT)}},
		{name: "unmatched open", dialect: BraceRust, format: "oops {", want: []errdex.Part{lit("oops {")}, problems: 1},
		{name: "unmatched close", dialect: BraceRust, format: "a } b", want: []errdex.Part{lit("a } b")}, problems: 1},
		{name: "missing argument", dialect: BraceRust, format: "{} {}", args: pos("a"),
			want: []errdex.Part{hole("a", "a", anyT), lit(" "), hole("value", "", anyT)}, problems: 1},
		{name: "missing index", dialect: BraceRust, format: "{3}", args: pos("a"), want: []errdex.Part{hole("value", "", anyT)}, problems: 1},
		{name: "unknown type", dialect: BraceRust, format: "{:q}", args: pos("a"), want: []errdex.Part{hole("a", "a", anyT)}, problems: 1},
		{name: "fmt types", dialect: BraceFmt, format: "{:d} {:s} {:.2f} {:x} {:>{}} {:.{}}", args: pos("n", "s", "f", "h", "v", "8", "p", "3"),
			want: []errdex.Part{hole("n", "n", intT), lit(" "), hole("s", "s", strT), lit(" "), hole("f", "f", floatT), lit(" "),
				hole("h", "h", strT), lit(" "), hole("v", "v", anyT), lit(" "), hole("p", "p", floatT)}},
		{name: "fmt no captures", dialect: BraceFmt, format: "{name}", want: []errdex.Part{hole("value", "", anyT)}, problems: 1},
		{name: "fmt named", dialect: BraceFmt, format: "{name}!", args: []BraceArg{{Name: "name", Expr: "n"}},
			want: []errdex.Part{hole("name", "n", anyT), lit("!")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := BraceFormat{Dialect: tt.dialect}.Parse(tt.format, tt.args)
			if diff := cmp.Diff(errdex.NewTemplate(tt.want...), res.Template); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.format, diff)
			}
			if len(res.Problems) != tt.problems {
				t.Errorf("Parse(%q) problems = %q, want %d", tt.format, res.Problems, tt.problems)
			}
		})
	}
}

func TestBraceHooks(t *testing.T) {
	fields := map[string]string{"0": "self.0", "line": "self.line"}
	p := BraceFormat{
		Dialect: BraceRust,
		Implicit: func(ref string) (string, string, errdex.HoleType, bool) {
			expr, ok := fields[ref]
			return ref, expr, errdex.HoleInt, ok
		},
		Value: func(i int) (errdex.Template, bool) {
			if i == 0 {
				return errdex.NewTemplate(errdex.Lit("known")), true
			}
			return errdex.Template{}, false
		},
	}
	// "{0}" is argument 0 when the call passes one; only a reference past
	// the arguments goes to Implicit.
	res := p.Parse("{0}:{line} {} {0:?} {0:>4} {1} {missing}", []BraceArg{{Expr: `"known"`}})
	want := errdex.NewTemplate(errdex.Lit("known:"), errdex.HolePart("line", "self.line", intT),
		errdex.Lit(" known "), errdex.HolePart("value", `"known"`, reprT), errdex.Lit(" "), errdex.HolePart("value", `"known"`, anyT), errdex.Lit(" "),
		errdex.HolePart("value_2", "", anyT), errdex.Lit(" "), errdex.HolePart("missing", "missing", anyT))
	if diff := cmp.Diff(want, res.Template); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if len(res.Problems) != 1 {
		t.Errorf("problems = %q, want one for {1}", res.Problems)
	}
	// With ImplicitFirst, "{0}" is the field and "{}" the first argument.
	p.ImplicitFirst = true
	res = p.Parse("{0} {}", []BraceArg{{Expr: "extra", Type: errdex.HoleStr}})
	want = errdex.NewTemplate(errdex.HolePart("0", "self.0", intT), errdex.Lit(" known"))
	if diff := cmp.Diff(want, res.Template); diff != "" {
		t.Errorf("ImplicitFirst (-want +got):\n%s", diff)
	}
	p.Value = nil
	res = p.Parse("{} {:?}", []BraceArg{{Expr: "extra", Type: errdex.HoleStr}, {Expr: "x", Type: errdex.HoleStr}})
	want = errdex.NewTemplate(errdex.HolePart("extra", "extra", strT), errdex.Lit(" "), errdex.HolePart("x", "x", reprT))
	if diff := cmp.Diff(want, res.Template); diff != "" {
		t.Errorf("argument types (-want +got):\n%s", diff)
	}
}

// rustCase is a format! call for the differential test: the format and
// the Rust expressions of its positional arguments.
type rustCase struct {
	format string
	args   []string
}

// TestBraceAgainstRustc compiles the cases into one program with the real
// rustc, runs it, and checks that each template's literal text matches
// what Rust prints, with holes where Rust substituted values.
func TestBraceAgainstRustc(t *testing.T) {
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		t.Skip("rustc not found")
	}
	cases := []rustCase{
		{"plain text", nil},
		{"bad {} at {:?}", []string{`"name"`, `(1, 2)`}},
		{"{{braces}} and {}}}", []string{"7"}},
		{"{0} != {1} ({0:?})", []string{`"a"`, `"b"`}},
		{"{x} then {y:?}", nil},
		{"[{:>8.3}] [{:*^10}] [{:#x}] [{:08b}] [{:+e}] [{:.*}]", []string{"3.14159", `"mid"`, "255", "5", "1500.0", "2", "1.23456"}},
		{"[{:1$}] [{:w$}] [{:<5}|{:^5}|{:>5}]", []string{`"ab"`, "6", `"c"`, `"d"`, `"e"`}},
		{"pretty {:#?}!", []string{"vec![1, 2]"}},
		{"path {} len {}", []string{`std::path::Path::new("/tmp/x").display()`, "vec![1, 2, 3].len()"}},
		{"unicode é {} ✓", []string{`'ß'`}},
		{"{:?} {:x?} {:X?}", []string{`"q\"uote"`, "vec![10, 11]", "vec![255]"}},
		{"{:e} {:E} {:o} {:p}", []string{"0.5", "1e10", "8", "&0u8"}},
	}
	var src strings.Builder
	src.WriteString("fn main() {\n    let x = 1;\n    let y = \"why\";\n    let w = 4;\n")
	for _, c := range cases {
		args := ""
		for _, a := range c.args {
			args += ", " + a
		}
		if strings.Contains(c.format, "w$") {
			args += ", w = w"
		}
		fmt.Fprintf(&src, "    print!(\"{}\\x1e\", format!(%s%s));\n", strconv.Quote(c.format), args)
	}
	src.WriteString("    let _ = (x, y, w);\n}\n")
	dir := t.TempDir()
	main := filepath.Join(dir, "main.rs")
	if err := os.WriteFile(main, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "main")
	if out, err := exec.Command(rustc, "--edition", "2021", "-o", bin, main).CombinedOutput(); err != nil {
		t.Fatalf("rustc: %v\n%s\n%s", err, out, src.String())
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	outs := strings.Split(strings.TrimSuffix(string(out), "\x1e"), "\x1e")
	if len(outs) != len(cases) {
		t.Fatalf("program printed %d outputs for %d cases", len(outs), len(cases))
	}
	for i, c := range cases {
		var args []BraceArg
		for _, a := range c.args {
			args = append(args, BraceArg{Expr: a})
		}
		if strings.Contains(c.format, "w$") {
			args = append(args, BraceArg{Name: "w", Expr: "w"})
		}
		res := BraceFormat{Dialect: BraceRust}.Parse(c.format, args)
		if len(res.Problems) > 0 {
			t.Errorf("%q: problems %q for a format rustc accepts", c.format, res.Problems)
		}
		if !templateRegexp(res.Template).MatchString(outs[i]) {
			t.Errorf("%q: template %q does not match Rust's %q", c.format, res.Template, outs[i])
		}
		if !bytes.ContainsAny([]byte(c.format), "{}") && len(res.Template.Holes()) > 0 {
			t.Errorf("%q: holes without fields", c.format)
		}
	}
}

func FuzzBraceFormat(f *testing.F) {
	for _, seed := range []string{
		"bad {} at {:?}", "{{x}} {0:>8.3} {name:#?}", "{:.*} {:1$} {:w$}", "{", "}", "{:{}.{}}", "{:\xff<5}", "é{}é",
		"{:{", "{0$}", "{:99999999999999999999}", "{:*^}", "{:0$}", "{ 0 }",
	} {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, format string, n uint8) {
		args := make([]BraceArg, n%6)
		for i := range args {
			args[i] = BraceArg{Expr: fmt.Sprintf("a%d", i)}
		}
		if len(args) > 0 && n&0x80 != 0 {
			args[0].Name = "name"
		}
		for _, d := range []BraceDialect{BraceRust, BraceFmt} {
			res := BraceFormat{Dialect: d}.Parse(format, args)
			for _, p := range res.Template.Parts {
				if p.IsHole() && (p.Hole == "" || p.Type == "") {
					t.Fatalf("%v: Parse(%q) made a malformed hole %+v", d, format, p)
				}
			}
			if !strings.ContainsAny(format, "{}") {
				if diff := cmp.Diff(errdex.NewTemplate(errdex.Lit(format)), res.Template); diff != "" || len(res.Problems) > 0 {
					t.Fatalf("%v: Parse(%q) without fields (-want +got):\n%s\nproblems %q", d, format, diff, res.Problems)
				}
			}
			if len(res.Problems) > maxPrintfProblems {
				t.Fatalf("%v: %d problems", d, len(res.Problems))
			}
		}
	})
}
