package template

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// lit and hole shorten the tables.
func lit(s string) errdex.Part { return errdex.Lit(s) }

func hole(expr string, typ errdex.HoleType) errdex.Part { return PyHole(expr, typ) }

func litT(s string) errdex.Template { return errdex.NewTemplate(errdex.Lit(s)) }

func known(expr, str, repr string) PyArg {
	s, r := litT(str), litT(repr)
	return PyArg{Expr: expr, Str: &s, Repr: &r, Type: PyExprType(expr)}
}

func expr(e string) PyArg { return PyArg{Expr: e, Type: PyExprType(e)} }

func TestPyPercent(t *testing.T) {
	tuple := func(args ...PyArg) PyPercentOperand { return PyPercentOperand{Tuple: args, IsTuple: true} }
	single := func(a PyArg) PyPercentOperand { return PyPercentOperand{Value: a} }
	tests := []struct {
		name    string
		format  string
		op      PyPercentOperand
		want    []errdex.Part
		wantErr string
	}{
		{name: "json decoder", format: "%s: line %d column %d (char %d)",
			op:   tuple(expr("msg"), expr("lineno"), expr("colno"), expr("pos")),
			want: []errdex.Part{hole("msg", strT), lit(": line "), hole("lineno", intT), lit(" column "), hole("colno", intT), lit(" (char "), hole("pos", intT), lit(")")}},
		{name: "single operand", format: "unknown encoding: %s", op: single(expr("encoding")),
			want: []errdex.Part{lit("unknown encoding: "), hole("encoding", strT)}},
		{name: "single repr", format: "bad value %r", op: single(expr("self.value")),
			want: []errdex.Part{lit("bad value "), hole("self.value", reprT)}},
		{name: "percent escape", format: "100%% of %d%%", op: single(expr("n")),
			want: []errdex.Part{lit("100% of "), hole("n", intT), lit("%")}},
		{name: "known string spliced", format: "%s and %r", op: tuple(known(`"a"`, "a", "'a'"), known(`"b"`, "b", "'b'")),
			want: []errdex.Part{lit("a and 'b'")}},
		{name: "known with width stays a hole", format: "[%5s]", op: single(known(`"a"`, "a", "'a'")),
			want: []errdex.Part{lit("["), hole(`"a"`, strT), lit("]")}},
		{name: "known int", format: "%d items", op: single(known("3", "3", "3")),
			want: []errdex.Part{lit("3 items")}},
		{name: "expression type beats s", format: "got %s", op: single(expr("len(x)")),
			want: []errdex.Part{lit("got "), hole("len(x)", intT)}},
		{name: "repr of int stays int", format: "got %r", op: single(expr("len(x)")),
			want: []errdex.Part{lit("got "), hole("len(x)", intT)}},
		{name: "conversions", format: "%i %u %o %x %X %e %E %f %F %g %G %c %a",
			op: tuple(expr("a"), expr("b"), expr("c"), expr("d"), expr("e"), expr("f"), expr("g"), expr("h"), expr("i"), expr("j"), expr("k"), expr("l"), expr("m")),
			want: []errdex.Part{hole("a", intT), lit(" "), hole("b", intT), lit(" "), hole("c", intT), lit(" "), hole("d", intT), lit(" "),
				hole("e", intT), lit(" "), hole("f", floatT), lit(" "), hole("g", floatT), lit(" "), hole("h", floatT), lit(" "),
				hole("i", floatT), lit(" "), hole("j", floatT), lit(" "), hole("k", floatT), lit(" "), hole("l", strT), lit(" "), hole("m", reprT)}},
		{name: "flags width precision length", format: "%-10s|%+05.2f|%#x|% d|%ld", op: tuple(expr("a"), expr("b"), expr("c"), expr("d"), expr("e")),
			want: []errdex.Part{hole("a", strT), lit("|"), hole("b", floatT), lit("|"), hole("c", intT), lit("|"), hole("d", intT), lit("|"), hole("e", intT)}},
		{name: "star width", format: "%*d|%.*f", op: tuple(expr("w"), expr("n"), expr("p"), expr("x")),
			want: []errdex.Part{hole("n", intT), lit("|"), hole("x", floatT)}},
		{name: "dict display", format: "%(name)s is %(age)d", op: PyPercentOperand{IsDict: true, Dict: map[string]PyArg{"name": expr("who"), "age": expr("self.age")}, Value: expr("{...}")},
			want: []errdex.Part{hole("who", strT), lit(" is "), hole("self.age", intT)}},
		{name: "mapping variable", format: "%(name)s: %(count)d", op: single(expr("info")),
			want: []errdex.Part{hole(`info["name"]`, strT), lit(": "), hole(`info["count"]`, intT)}},
		{name: "locals", format: "%(name)s: %(count)d", op: single(expr("locals()")),
			want: []errdex.Part{hole("name", strT), lit(": "), hole("count", intT)}},
		{name: "self dict", format: "%(name)s", op: single(expr("self.__dict__")),
			want: []errdex.Part{hole("self.name", strT)}},
		{name: "tuple variable", format: "%s=%s", op: single(expr("pair")),
			want: []errdex.Part{hole("pair[0]", strT), lit("="), hole("pair[1]", strT)}},
		{name: "nested parens in key", format: "%(a(b))s", op: single(expr("d")),
			want: []errdex.Part{hole(`d["a(b)"]`, strT)}},
		{name: "holes pass through", format: "", want: nil},
		{name: "unsupported", format: "50%y done", op: single(expr("x")), want: []errdex.Part{lit("50%y done")}, wantErr: "unsupported format character 'y'"},
		{name: "truncated", format: "rate 5%", op: tuple(), want: []errdex.Part{lit("rate 5%")}, wantErr: "incomplete format"},
		{name: "truncated key", format: "%(name", op: single(expr("d")), want: []errdex.Part{lit("%(name")}, wantErr: "incomplete format key"},
		{name: "too few", format: "%s %s", op: tuple(expr("a")), want: []errdex.Part{hole("a", strT), lit(" "), errdex.HolePart("value", "", strT)}, wantErr: "not enough arguments"},
		{name: "too many", format: "%s", op: tuple(expr("a"), expr("b")), want: []errdex.Part{hole("a", strT)}, wantErr: "not all arguments converted"},
		{name: "mapping needed", format: "%(a)s", op: tuple(expr("a")), want: []errdex.Part{errdex.HolePart("value", "", strT)}, wantErr: "format requires a mapping"},
		{name: "width percent is unsupported", format: "%5%", op: tuple(), want: []errdex.Part{lit("%5%")}, wantErr: "unsupported format character '%'"},
		{name: "same name distinct", format: "%s != %s", op: tuple(expr("a.n"), expr("b.n")),
			want: []errdex.Part{errdex.HolePart("n", "a.n", strT), lit(" != "), errdex.HolePart("n_2", "b.n", strT)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PyPercent(litT(tt.format), tt.op)
			checkParse(t, "PyPercent", tt.format, got, err, tt.want, tt.wantErr)
		})
	}
}

func TestPyPercentHolesInFormat(t *testing.T) {
	// A format composed of a literal, a hole and a literal: directives on
	// either side still find their arguments in order.
	format := errdex.NewTemplate(lit("%s ("), PyHole("detail", errdex.HoleAny), lit(") %d"))
	got, err := PyPercent(format, PyPercentOperand{IsTuple: true, Tuple: []PyArg{expr("a"), expr("b")}})
	want := errdex.NewTemplate(hole("a", errdex.HoleStr), lit(" ("), PyHole("detail", errdex.HoleAny), lit(") "), hole("b", errdex.HoleInt))
	if diff := cmp.Diff(want, got); diff != "" || err != nil {
		t.Errorf("(-want +got):\n%s\nerr %v", diff, err)
	}
}

func TestPyPercentAgainstPython(t *testing.T) {
	cases := []pyCase{
		{Format: "%s: line %d column %d (char %d)", Op: "tuple", Args: []string{`"Expecting value"`, "1", "2", "3"}, Known: []bool{true}},
		{Format: "%s and %r and %a", Op: "tuple", Args: []string{`"é\n"`, `"it's"`, `"é"`}, Known: []bool{true, true, true}},
		{Format: "%5s|%-5s|%.2s|%c|%c", Op: "tuple", Args: []string{`"ab"`, `"cd"`, `"efg"`, "65", `"z"`}},
		{Format: "%d %i %u %o %x %X %#o %#x", Op: "tuple", Args: []string{"-3", "4", "5", "8", "255", "255", "8", "255"}, Known: []bool{true, true}},
		{Format: "%e %E %f %F %g %G %.3f %10.4e %-+8.1f", Op: "tuple", Args: []string{"1.5", "2.5", "3.25", "4.0", "1e20", "1e-7", "3.14159", "12345.678", "2.0"}},
		{Format: "%*d|%-*s|%.*f", Op: "tuple", Args: []string{"5", "42", "4", `"x"`, "2", "3.14159"}},
		{Format: "100%% sure, %s%%", Op: "single", Args: []string{`"very"`}, Known: []bool{true}},
		{Format: "%(name)s is %(age)d years", Op: "dict", Args: []string{`"Ann"`, "7"}, Keys: []string{"name", "age"}, Known: []bool{true, true}},
		{Format: "%(a)s%(a)r", Op: "dict", Args: []string{`"x"`}, Keys: []string{"a"}},
		{Format: "%ld %hd %Lf", Op: "tuple", Args: []string{"1", "2", "3.5"}},
		{Format: "no directives", Op: "tuple", Args: nil},
		{Format: "%s", Op: "single", Args: []string{"[1, 2]"}},
		{Format: "%s %s", Op: "tuple", Args: []string{"1"}},
		{Format: "%s", Op: "tuple", Args: []string{"1", "2"}},
		{Format: "%y", Op: "single", Args: []string{"1"}},
		{Format: "%", Op: "tuple", Args: nil},
		{Format: "%(x", Op: "dict", Args: []string{"1"}, Keys: []string{"x"}},
		{Format: "%5%", Op: "tuple", Args: []string{"1"}},
		{Format: "%(a)s", Op: "tuple", Args: []string{"1"}},
		{Format: "tab\there %s\n", Op: "single", Args: []string{`"x"`}, Known: []bool{true}},
		{Format: "%-08.3d|% 5d|%+d", Op: "tuple", Args: []string{"7", "8", "9"}},
	}
	outcomes := runPython(t, cases)
	for i, c := range cases {
		o := outcomes[i]
		args := caseArgs(c, o)
		var op PyPercentOperand
		switch c.Op {
		case "tuple":
			op = PyPercentOperand{Tuple: args, IsTuple: true}
		case "single":
			op = PyPercentOperand{Value: args[0]}
		case "dict":
			op = PyPercentOperand{IsDict: true, Dict: map[string]PyArg{}, Value: PyArg{Expr: "{...}"}}
			for k, key := range c.Keys {
				op.Dict[key] = args[k]
			}
		}
		got, err := PyPercent(litT(c.Format), op)
		checkAgainstPython(t, c, o, got, err)
	}
}

// FuzzPyPercent checks that no format or operand shape panics, that every
// hole is named, and that a format without '%' comes back unchanged.
func FuzzPyPercent(f *testing.F) {
	for _, seed := range []string{"%s: line %d", "%(a)s %(b", "%*.*f", "%%", "%", "%(", "%((a))s", "%-+ #0*.*ld", "%\xff", "é%sé%"} {
		f.Add(seed, uint8(2), uint8(0))
	}
	f.Fuzz(func(t *testing.T, format string, n, shape uint8) {
		args := make([]PyArg, n%6)
		for i := range args {
			args[i] = expr("a" + string(rune('0'+i)))
			if i%2 == 1 {
				args[i] = known(args[i].Expr, "v", "'v'")
			}
		}
		var op PyPercentOperand
		switch shape % 3 {
		case 0:
			op = PyPercentOperand{Tuple: args, IsTuple: true}
		case 1:
			op = PyPercentOperand{Value: expr("x")}
		case 2:
			op = PyPercentOperand{IsDict: true, Dict: map[string]PyArg{"a": expr("d")}, Value: expr("{}")}
		}
		got, err := PyPercent(litT(format), op)
		for _, p := range got.Parts {
			if p.IsHole() && p.Hole == "" {
				t.Fatalf("PyPercent(%q): unnamed hole", format)
			}
		}
		if !strings.Contains(format, "%") {
			if diff := cmp.Diff(litT(format), got); diff != "" {
				t.Fatalf("PyPercent(%q) without directives (-want +got):\n%s", format, diff)
			}
			if err != nil && !(op.IsTuple && len(args) > 0) {
				t.Fatalf("PyPercent(%q) without directives: %v", format, err)
			}
		}
	})
}
