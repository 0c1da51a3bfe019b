package template

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestPyFormat(t *testing.T) {
	pos := func(args ...PyArg) PyFormatArgs { return PyFormatArgs{Positional: args} }
	tests := []struct {
		name    string
		format  string
		args    PyFormatArgs
		want    []errdex.Part
		wantErr string
	}{
		{name: "auto", format: "expected {} got {}", args: pos(expr("want"), expr("got")),
			want: []errdex.Part{lit("expected "), hole("want", anyT), lit(" got "), hole("got", anyT)}},
		{name: "numbered and reused", format: "{0} vs {1} ({0})", args: pos(expr("a"), expr("b")),
			want: []errdex.Part{hole("a", anyT), lit(" vs "), hole("b", anyT), lit(" ("), hole("a", anyT), lit(")")}},
		{name: "keyword", format: "no such file: {path!r}", args: PyFormatArgs{Keyword: map[string]PyArg{"path": expr("p")}},
			want: []errdex.Part{lit("no such file: "), hole("p", reprT)}},
		{name: "escapes", format: "{{literal}} {}", args: pos(expr("x")),
			want: []errdex.Part{lit("{literal} "), hole("x", anyT)}},
		{name: "conversions", format: "{!r} {!s} {!a}", args: pos(expr("a"), expr("b"), expr("c")),
			want: []errdex.Part{hole("a", reprT), lit(" "), hole("b", strT), lit(" "), hole("c", reprT)}},
		{name: "spec types", format: "{:d} {:x} {:.2f} {:%} {:>10s} {:c} {:,}", args: pos(expr("a"), expr("b"), expr("c"), expr("d"), expr("e"), expr("f"), expr("g")),
			want: []errdex.Part{hole("a", intT), lit(" "), hole("b", intT), lit(" "), hole("c", floatT), lit(" "), hole("d", floatT), lit(" "),
				hole("e", strT), lit(" "), hole("f", strT), lit(" "), hole("g", anyT)}},
		{name: "nested spec consumes", format: "{:{}} and {}", args: pos(expr("v"), expr("width"), expr("w")),
			want: []errdex.Part{hole("v", anyT), lit(" and "), hole("w", anyT)}},
		{name: "nested spec type", format: "{x:>{w}d}", args: PyFormatArgs{Keyword: map[string]PyArg{"x": expr("n"), "w": expr("k")}},
			want: []errdex.Part{hole("n", intT)}},
		{name: "attribute and index", format: "{0.name} at {1[0]} in {2[key]}", args: pos(expr("obj"), expr("pos"), expr("d")),
			want: []errdex.Part{hole("obj.name", anyT), lit(" at "), hole("pos[0]", anyT), lit(" in "), hole(`d["key"]`, anyT)}},
		{name: "known spliced", format: "{} {!r} {:s} {:>3}", args: pos(known(`"a"`, "a", "'a'"), known(`"b"`, "b", "'b'"), known(`"c"`, "c", "'c'"), known(`"d"`, "d", "'d'")),
			want: []errdex.Part{lit("a 'b' c "), hole(`"d"`, strT)}},
		{name: "star", format: "{} {} {}", args: PyFormatArgs{Positional: []PyArg{expr("a")}, Star: "rest"},
			want: []errdex.Part{hole("a", anyT), lit(" "), hole("rest[0]", anyT), lit(" "), hole("rest[1]", anyT)}},
		{name: "double star", format: "{name} {count:d}", args: PyFormatArgs{DoubleStar: "kw"},
			want: []errdex.Part{hole(`kw["name"]`, anyT), lit(" "), hole(`kw["count"]`, intT)}},
		{name: "double star locals", format: "{name}", args: PyFormatArgs{DoubleStar: "locals()"},
			want: []errdex.Part{hole("name", anyT)}},
		{name: "single close", format: "a } b", want: []errdex.Part{lit("a } b")}, wantErr: "Single '}'"},
		{name: "single open", format: "a {", want: []errdex.Part{lit("a {")}, wantErr: "Single '{'"},
		{name: "unclosed", format: "a {b", want: []errdex.Part{lit("a {b")}, wantErr: "expected '}'"},
		{name: "missing index", format: "{} {}", args: pos(expr("a")),
			want: []errdex.Part{hole("a", anyT), lit(" "), errdex.HolePart("value", "", anyT)}, wantErr: "Replacement index 1"},
		{name: "mixed numbering", format: "{0} {}", args: pos(expr("a"), expr("b")),
			want: []errdex.Part{hole("a", anyT), lit(" "), hole("a", anyT)}, wantErr: "cannot switch"},
		{name: "bad conversion", format: "{!x}", args: pos(expr("a")), want: []errdex.Part{hole("a", anyT)}, wantErr: "Unknown conversion"},
		{name: "missing keyword", format: "{who}", want: []errdex.Part{errdex.HolePart("value", "", anyT)}, wantErr: "KeyError"},
		{name: "datetime spec", format: "at {:%Y-%m-%d}", args: pos(expr("when")), want: []errdex.Part{lit("at "), hole("when", anyT)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PyFormat(litT(tt.format), tt.args)
			checkParse(t, "PyFormat", tt.format, got, err, tt.want, tt.wantErr)
		})
	}
}

func TestPyField(t *testing.T) {
	tests := []struct {
		a    PyArg
		conv byte
		spec string
		want []errdex.Part
	}{
		{expr("x"), 0, "", []errdex.Part{hole("x", errdex.HoleAny)}},
		{expr("x"), 'r', ">10", []errdex.Part{hole("x", errdex.HoleRepr)}},
		{expr("len(x)"), 0, "", []errdex.Part{hole("len(x)", errdex.HoleInt)}},
		{expr("ratio"), 0, ".1%", []errdex.Part{hole("ratio", errdex.HoleFloat)}},
		{known("3", "3", "3"), 0, "d", []errdex.Part{lit("3")}},
		{known(`"é"`, "é", "'é'"), 'a', "", []errdex.Part{lit(`'\xe9'`)}},
		{known(`"e"`, "e", "'e'"), 'a', "", []errdex.Part{lit("'e'")}},
		{expr("w"), 0, "{width}", []errdex.Part{hole("w", errdex.HoleAny)}},
	}
	for _, tt := range tests {
		got := errdex.NewTemplate(PyField(tt.a, tt.conv, tt.spec)...)
		if diff := cmp.Diff(errdex.NewTemplate(tt.want...), got); diff != "" {
			t.Errorf("PyField(%q, %q, %q) (-want +got):\n%s", tt.a.Expr, tt.conv, tt.spec, diff)
		}
	}
}

func TestPyFormatAgainstPython(t *testing.T) {
	cases := []pyCase{
		{Format: "expected {} got {!r}", Op: "format", Args: []string{`"a"`, `"b"`}, Known: []bool{true, true}},
		{Format: "{0} {1} {0!r} {1:>5}", Op: "format", Args: []string{"1", `"x"`}, Known: []bool{true, true}},
		{Format: "{name}={value:.3f}", Op: "format", Args: []string{`"pi"`, "3.14159"}, Keys: []string{"name", "value"}, Known: []bool{true}},
		{Format: "{{escaped}} {{{}}} }}{{", Op: "format", Args: []string{`"v"`}, Known: []bool{true}},
		{Format: "{:{}} | {:>{}d} | {:*^{}}", Op: "format", Args: []string{`"a"`, "4", "7", "3", `"m"`, "9"}},
		{Format: "{0[0]} {0[1]} {1.real} {2[k]}", Op: "format", Args: []string{"[1, 2]", "3", `{"k": "v"}`}},
		{Format: "{!s:>4}{!a}{:c}{:b}{:o}{:x}{:X}{:n}{:e}{:g}{:%}", Op: "format", Args: []string{`"é"`, `"é"`, "65", "5", "8", "255", "255", "1000", "1.5", "2.5", "0.25"}, Known: []bool{true, true}},
		{Format: "a } b", Op: "format", Args: nil},
		{Format: "a { b", Op: "format", Args: nil},
		{Format: "{", Op: "format", Args: nil},
		{Format: "{0} {}", Op: "format", Args: []string{"1", "2"}},
		{Format: "{} {0}", Op: "format", Args: []string{"1", "2"}},
		{Format: "{} {}", Op: "format", Args: []string{"1"}},
		{Format: "{!x}", Op: "format", Args: []string{"1"}},
		{Format: "{!r", Op: "format", Args: []string{"1"}},
		{Format: "{!rx}", Op: "format", Args: []string{"1"}},
		{Format: "{missing}", Op: "format", Args: nil},
		{Format: "{0[}", Op: "format", Args: []string{"[1]"}},
		{Format: "{0.}", Op: "format", Args: []string{"1"}},
		{Format: "{:{:{}}}", Op: "format", Args: []string{"1", "2", "3"}},
		{Format: "{a[b]x}", Op: "format", Args: []string{`{"b": 1}`}, Keys: []string{"a"}},
		{Format: "line1\n\t{}\u00e9", Op: "format", Args: []string{`"z"`}, Known: []bool{true}},
	}
	outcomes := runPython(t, cases)
	for i, c := range cases {
		o := outcomes[i]
		args := caseArgs(c, o)
		fa := PyFormatArgs{Keyword: map[string]PyArg{}}
		for k, a := range args {
			if k < len(c.Keys) && c.Keys[k] != "" {
				fa.Keyword[c.Keys[k]] = a
			} else {
				fa.Positional = append(fa.Positional, a)
			}
		}
		got, err := PyFormat(litT(c.Format), fa)
		checkAgainstPython(t, c, o, got, err)
	}
}

// FuzzPyFormat checks that no format panics, that holes are named, and
// that a format without braces comes back unchanged.
func FuzzPyFormat(f *testing.F) {
	for _, seed := range []string{"{} {0}", "{{}}", "{:{}}", "{a.b[c]!r:>{w}}", "{", "}", "{!", "{0[", "{:{:{:{}}}}", "é{}é"} {
		f.Add(seed, uint8(2))
	}
	f.Fuzz(func(t *testing.T, format string, n uint8) {
		args := PyFormatArgs{Keyword: map[string]PyArg{"a": expr("ka")}}
		for i := range int(n % 5) {
			args.Positional = append(args.Positional, expr("p"+string(rune('0'+i))))
		}
		if n%2 == 1 {
			args.Star, args.DoubleStar = "rest", "kw"
		}
		got, err := PyFormat(litT(format), args)
		for _, p := range got.Parts {
			if p.IsHole() && p.Hole == "" {
				t.Fatalf("PyFormat(%q): unnamed hole", format)
			}
		}
		if !strings.ContainsAny(format, "{}") {
			if diff := cmp.Diff(litT(format), got); diff != "" || err != nil {
				t.Fatalf("PyFormat(%q) without braces (-want +got):\n%s\nerr %v", format, diff, err)
			}
		}
		_ = PyField(expr("x"), byte(n), format)
	})
}
