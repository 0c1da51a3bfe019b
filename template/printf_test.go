package template

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errdex/errdex"
)

// printfHole is a hole named by HoleNameOf, for brevity in tables.
func printfHole(expr string, typ errdex.HoleType) errdex.Part {
	return errdex.HolePart(HoleNameOf(expr), expr, typ)
}

func TestPrintfParse(t *testing.T) {
	lit := errdex.Lit
	const (
		any_  = errdex.HoleAny
		str   = errdex.HoleStr
		int_  = errdex.HoleInt
		float = errdex.HoleFloat
		repr  = errdex.HoleRepr
		bool_ = errdex.HoleBool
		err_  = errdex.HoleError
	)
	tests := []struct {
		name     string
		dialect  PrintfDialect
		format   string
		args     []string
		want     []errdex.Part
		wrapped  []int
		problems int
	}{
		{name: "go wrap", dialect: PrintfGo, format: "open %s: %w", args: []string{"name", "err"},
			want: []errdex.Part{lit("open "), printfHole("name", str), lit(": "), printfHole("err", err_)}, wrapped: []int{1}},
		{name: "go verbs", dialect: PrintfGo, format: "%v %+v %#v %T %t %x %c %U %p %e %o %b", args: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"},
			want: []errdex.Part{printfHole("a", any_), lit(" "), printfHole("b", any_), lit(" "), printfHole("c", repr), lit(" "),
				errdex.HolePart("d_type", "d", str), lit(" "), printfHole("e", bool_), lit(" "), printfHole("f", str), lit(" "),
				printfHole("g", str), lit(" "), printfHole("h", str), lit(" "), printfHole("i", str), lit(" "),
				printfHole("j", float), lit(" "), printfHole("k", int_), lit(" "), printfHole("l", int_)}},
		{name: "go explicit index", dialect: PrintfGo, format: "%[2]d/%[1]d then %d", args: []string{"a", "b"},
			want: []errdex.Part{printfHole("b", int_), lit("/"), printfHole("a", int_), lit(" then "), printfHole("b", int_)}},
		{name: "go star width and precision", dialect: PrintfGo, format: "%*d|%-8.*f|%[5]*[4]d", args: []string{"w", "n", "p", "x", "y"},
			want: []errdex.Part{printfHole("n", int_), lit("|"), printfHole("x", float), lit("|"), printfHole("x", int_)}},
		{name: "go percent and quote", dialect: PrintfGo, format: "100%% sure %q", args: []string{"s"},
			want: []errdex.Part{lit("100% sure "), printfHole("s", repr)}},
		{name: "go unknown verb", dialect: PrintfGo, format: "bad %z!", args: []string{"x"},
			want: []errdex.Part{lit("bad "), printfHole("x", any_), lit("!")}, problems: 1},
		{name: "go trailing percent", dialect: PrintfGo, format: "trailing %-", want: []errdex.Part{lit("trailing %-")}, problems: 1},
		{name: "go missing arg", dialect: PrintfGo, format: "%d %d", args: []string{"x"},
			want: []errdex.Part{printfHole("x", int_), lit(" "), errdex.HolePart("value", "", int_)}, problems: 1},
		{name: "go extra arg", dialect: PrintfGo, format: "%s", args: []string{"a", "b"},
			want: []errdex.Part{printfHole("a", str)}, problems: 1},
		{name: "go bad index", dialect: PrintfGo, format: "%[0]d %[x]s", args: []string{"a"},
			want: []errdex.Part{errdex.HolePart("value", "", any_), lit(" "), errdex.HolePart("value_2", "", any_)}, problems: 2},
		{name: "go same name", dialect: PrintfGo, format: "%d != %d (%[1]d)", args: []string{"a.n", "b.n"},
			want: []errdex.Part{errdex.HolePart("n", "a.n", int_), lit(" != "), errdex.HolePart("n_2", "b.n", int_), lit(" ("), errdex.HolePart("n", "a.n", int_), lit(")")}},
		{name: "c lengths", dialect: PrintfC, format: "%s: %zu bytes, %lld ms, %.200s, %hhx, %5.2Lf, %p", args: []string{"path", "n", "ms", "msg", "b", "f", "ptr"},
			want: []errdex.Part{printfHole("path", str), lit(": "), printfHole("n", int_), lit(" bytes, "), printfHole("ms", int_), lit(" ms, "),
				printfHole("msg", str), lit(", "), printfHole("b", str), lit(", "), printfHole("f", float), lit(", "), printfHole("ptr", str)}},
		{name: "c positional", dialect: PrintfC, format: "%2$s=%1$d (%2$s)", args: []string{"v", "k"},
			want: []errdex.Part{printfHole("k", str), lit("="), printfHole("v", int_), lit(" ("), printfHole("k", str), lit(")")}},
		{name: "c star n m", dialect: PrintfC, format: "%*d%n: %m %%", args: []string{"w", "x", "count"},
			want: []errdex.Part{printfHole("x", int_), lit(": "), errdex.HolePart("strerror", "strerror(errno)", str), lit(" %")}},
		{name: "c truncated", dialect: PrintfC, format: "x %5", args: nil, want: []errdex.Part{lit("x %5")}, problems: 1},
		{name: "cpython objects", dialect: PrintfCPython, format: "%.200s() argument must be str, not %.50s", args: []string{"fname", "Py_TYPE(arg)->tp_name"},
			want: []errdex.Part{printfHole("fname", str), lit("() argument must be str, not "), errdex.HolePart("tp_name", "Py_TYPE(arg)->tp_name", str)}},
		{name: "cpython codes", dialect: PrintfCPython, format: "%R is not %S; %U %A %V %zd %lu %T %c", args: []string{"obj", "other", "u", "a", "v", "fallback", "n", "m", "t", "ch"},
			want: []errdex.Part{printfHole("obj", repr), lit(" is not "), printfHole("other", str), lit("; "), printfHole("u", str), lit(" "),
				printfHole("a", repr), lit(" "), printfHole("v", str), lit(" "), printfHole("n", int_), lit(" "), printfHole("m", int_), lit(" "),
				errdex.HolePart("t_type", "t", str), lit(" "), printfHole("ch", str)}},
		{name: "cpython unknown", dialect: PrintfCPython, format: "%k!", args: []string{"x"},
			want: []errdex.Part{printfHole("x", any_), lit("!")}, problems: 1},
		{name: "java basics", dialect: PrintfJava, format: "Index %d out of bounds for length %d", args: []string{"index", "length"},
			want: []errdex.Part{lit("Index "), printfHole("index", int_), lit(" out of bounds for length "), printfHole("length", int_)}},
		{name: "java indexes", dialect: PrintfJava, format: "%2$s %1$s %s and %<S", args: []string{"a", "b"},
			want: []errdex.Part{printfHole("b", str), lit(" "), printfHole("a", str), lit(" "), printfHole("a", str), lit(" and "), printfHole("a", str)}},
		{name: "java misc", dialect: PrintfJava, format: "%,d items%n%.2f%% %b %c %x %tY %-10s|", args: []string{"n", "f", "b", "c", "x", "d", "s"},
			want: []errdex.Part{printfHole("n", str), lit(" items\n"), printfHole("f", float), lit("% "), printfHole("b", bool_), lit(" "),
				printfHole("c", str), lit(" "), printfHole("x", str), lit(" "), printfHole("d", str), lit(" "), printfHole("s", str), lit("|")}},
		{name: "java unknown and dangling previous", dialect: PrintfJava, format: "%<s %q", args: []string{"a"},
			want: []errdex.Part{errdex.HolePart("value", "", str), lit(" "), printfHole("a", any_)}, problems: 2},
		{name: "no directives", dialect: PrintfC, format: "plain text", want: []errdex.Part{lit("plain text")}},
		{name: "unknown dialect", format: "%s", want: []errdex.Part{lit("%s")}, problems: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Printf{Dialect: tt.dialect}.Parse(tt.format, tt.args)
			if diff := cmp.Diff(errdex.NewTemplate(tt.want...), got.Template, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) template (-want +got):\n%s", tt.format, diff)
			}
			if diff := cmp.Diff(tt.wrapped, got.Wrapped, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) wrapped (-want +got):\n%s", tt.format, diff)
			}
			if len(got.Problems) != tt.problems {
				t.Errorf("Parse(%q) problems = %q, want %d", tt.format, got.Problems, tt.problems)
			}
		})
	}
}

func TestPrintfHooks(t *testing.T) {
	known := map[int]errdex.Template{
		0: errdex.NewTemplate(errdex.Lit("json")),
		1: errdex.NewTemplate(errdex.Lit("x")),
		2: errdex.NewTemplate(errdex.Lit(`a"b`)),
		3: errdex.NewTemplate(errdex.Lit("invalid "), errdex.HolePart("what", "what", errdex.HoleStr)),
	}
	p := Printf{
		Dialect:  PrintfGo,
		HoleName: strings.ToUpper,
		Value:    func(i int) (errdex.Template, bool) { v, ok := known[i]; return v, ok },
	}
	got := p.Parse("%s: %q %q %v %5s %w", []string{`"json"`, `"x"`, `"a\"b"`, "inner", `"json"`, "err"})
	want := errdex.NewTemplate(
		errdex.Lit(`json: "x" `),
		errdex.HolePart(`"A\"B"`, `"a\"b"`, errdex.HoleRepr),
		errdex.Lit(" invalid "),
		errdex.HolePart("what", "what", errdex.HoleStr),
		errdex.Lit(" "),
		errdex.HolePart(`"JSON"`, `"json"`, errdex.HoleStr),
		errdex.Lit(" "),
		errdex.HolePart("ERR", "err", errdex.HoleError),
	)
	if diff := cmp.Diff(want, got.Template); diff != "" {
		t.Errorf("Parse with hooks (-want +got):\n%s", diff)
	}
}

func TestHoleNameOf(t *testing.T) {
	tests := map[string]string{
		"e.Path":                    "Path",
		"obj->tp_name":              "tp_name",
		"Py_TYPE(obj)->tp_name":     "tp_name",
		"strconv.Quote(s)":          "s",
		"err.Error()":               "err",
		"e.getMessage()":            "e",
		"args[0].toString()":        "args",
		"len(mask)":                 "mask_len",
		"strlen(name)":              "name_len",
		"time.Now()":                "Now",
		"foo(a, b)":                 "foo",
		"PyUnicode_AsUTF8(name)":    "name",
		`"literal"`:                 "value",
		"42":                        "value",
		"(long)n":                   "n",
		"(Py_ssize_t) i":            "i",
		"&x":                        "x",
		"*p":                        "p",
		"(*p).x":                    "x",
		"a[i]":                      "a",
		"n - 1":                     "n",
		"a.b && c":                  "b",
		"x.y.z":                     "z",
		"this.name":                 "name",
		"":                          "value",
		"(":                         "value",
		")))":                       "value",
		"std::string(path).c_str()": "path",
		"größe":                     "größe",
	}
	for expr, want := range tests {
		if got := HoleNameOf(expr); got != want {
			t.Errorf("HoleNameOf(%q) = %q, want %q", expr, got, want)
		}
	}
}

func TestDistinctHoles(t *testing.T) {
	in := errdex.Template{Parts: []errdex.Part{
		errdex.HolePart("n", "a.n", errdex.HoleInt),
		errdex.HolePart("n", "b.n", errdex.HoleInt),
		errdex.HolePart("n_2", "n_2", errdex.HoleInt),
		errdex.HolePart("n", "a.n", errdex.HoleInt),
		errdex.HolePart("value", "", errdex.HoleAny),
		errdex.HolePart("value", "", errdex.HoleAny),
	}}
	want := errdex.Template{Parts: []errdex.Part{
		errdex.HolePart("n", "a.n", errdex.HoleInt),
		errdex.HolePart("n_2", "b.n", errdex.HoleInt),
		errdex.HolePart("n_2_2", "n_2", errdex.HoleInt),
		errdex.HolePart("n", "a.n", errdex.HoleInt),
		errdex.HolePart("value", "", errdex.HoleAny),
		errdex.HolePart("value_2", "", errdex.HoleAny),
	}}
	if diff := cmp.Diff(want, DistinctHoles(in)); diff != "" {
		t.Errorf("DistinctHoles (-want +got):\n%s", diff)
	}
}

// plainGoFormat matches Go formats whose directives print a string
// argument unchanged, so that filling the template must equal Sprintf.
var plainGoFormat = regexp.MustCompile(`^([^%]|%%|%[sv])*$`)

// FuzzPrintf checks that no format panics in any dialect, that literal
// text survives, and for Go that the template agrees with fmt.Sprintf.
func FuzzPrintf(f *testing.F) {
	for _, seed := range []string{
		"open %s: %w", "%[2]d/%[1]d", "%*d|%-8.*f", "100%% %q", "%", "%[", "%[1", "%.", "%5.2Lf",
		"%1$s %<s %n", "%.200s %R %V", "%tY%,d", "%[0]*[9]d", "%\xff", "é%sé", "%-+# 0'[3]*.*[2]d", "%*0$000", "%[%0", "%0$s %0$V",
	} {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, format string, n uint8) {
		args := make([]string, n%9)
		anys := make([]any, len(args))
		fill := map[string]string{}
		for i := range args {
			args[i] = fmt.Sprintf("a%d", i)
			anys[i] = fmt.Sprintf("<%d>", i)
			fill[args[i]] = anys[i].(string)
		}
		for _, d := range []PrintfDialect{PrintfGo, PrintfC, PrintfCPython, PrintfJava} {
			res := Printf{Dialect: d, HoleName: func(e string) string { return e }}.Parse(format, args)
			if !strings.Contains(format, "%") {
				want := errdex.NewTemplate(errdex.Lit(format))
				if diff := cmp.Diff(want, res.Template); diff != "" || len(res.Problems) > 0 && len(args) == 0 {
					t.Fatalf("%v: Parse(%q) without directives (-want +got):\n%s\nproblems %q", d, format, diff, res.Problems)
				}
			}
			for _, p := range res.Template.Parts {
				if p.IsHole() && p.Hole == "" {
					t.Fatalf("%v: Parse(%q) made an unnamed hole", d, format)
				}
			}
		}
		res := Printf{Dialect: PrintfGo, HoleName: func(e string) string { return e }}.Parse(format, args)
		out := fmt.Sprintf(format, anys...)
		if strings.Contains(out, "%!") {
			return // Go reports a misuse in the output; the template approximates it
		}
		if len(res.Problems) > 0 {
			t.Fatalf("Parse(%q) reports %q but fmt.Sprintf formats it cleanly as %q", format, res.Problems, out)
		}
		rest := out
		for _, p := range res.Template.Parts {
			if p.IsHole() {
				continue
			}
			k := strings.Index(rest, p.Text)
			if k < 0 {
				t.Fatalf("Parse(%q): literal %q not found in order in %q (template %q)", format, p.Text, out, res.Template)
			}
			rest = rest[k+len(p.Text):]
		}
		if plainGoFormat.MatchString(format) {
			if got := res.Template.Fill(fill); got != out {
				t.Fatalf("Parse(%q).Fill = %q, fmt.Sprintf = %q", format, got, out)
			}
		}
	})
}

// FuzzHoleNameOf checks that any expression gets a usable name.
func FuzzHoleNameOf(f *testing.F) {
	for _, seed := range []string{"e.Path", "len(x)", "(int)(", "a[", "\"x", "f(g(h(i(j(k(l(m(n(o(p))))))))))"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		name := HoleNameOf(expr)
		if name == "" {
			t.Fatalf("HoleNameOf(%q) is empty", expr)
		}
		for _, r := range name {
			if r != '_' && r != '$' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Fatalf("HoleNameOf(%q) = %q, not an identifier", expr, name)
			}
		}
	})
}
