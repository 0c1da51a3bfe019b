package golang

import (
	"testing"

	"github.com/errdex/errdex"
)

// TestReplaceWhole checks that a parameter or field is replaced in a
// hole's expression only where it stands whole.
func TestReplaceWhole(t *testing.T) {
	for _, tc := range []struct {
		e, old, new, want string
	}{
		{"strconv.Quote(strings.Clone(str))", "str", "s", "strconv.Quote(strings.Clone(s))"},
		{"str", "str", "name", "name"},
		{"x.str + str", "str", "s", "x.str + s"},             // a selected name stays
		{"str1 + _str + str", "str", "s", "str1 + _str + s"}, // longer identifiers stay
		{`str + "str" + 'x'`, "str", "s", `s + "str" + 'x'`}, // literals stay
		{"`a\\` + str", "str", "s", "`a\\` + s"},             // no escapes in a raw string
		{`"\"str" + str`, "str", "s", `"\"str" + s`},
		{`"cut sh…`, "cut", "s", `"cut sh…`},
		{"len(x) + 1e5", "e5", "s", "len(x) + 1e5"}, // inside a number
		{"quote(e.Num)", "e.Num", "num", "quote(num)"},
		{"quote(be.Num) + e.Number", "e.Num", "num", "quote(be.Num) + e.Number"},
		{"x.e.Num", "e.Num", "num", "x.e.Num"},
		{"string(e)", "(e)", "(v[:3])", "string(v[:3])"},
		{"héllo + h", "h", "s", "héllo + s"},
		{"a", "", "s", "a"},
	} {
		if got := replaceWhole(tc.e, tc.old, tc.new); got != tc.want {
			t.Errorf("replaceWhole(%q, %q, %q) = %q, want %q", tc.e, tc.old, tc.new, got, tc.want)
		}
	}
}

// TestParamRef checks that a parameter's name inside a literal of a
// hole's expression is not read as the parameter.
func TestParamRef(t *testing.T) {
	params := []string{"fn", "s"}
	for _, tc := range []struct {
		expr      string
		want      int
		wantExact bool
	}{
		{"s", 1, true},
		{"s.Error()", 1, true},
		{`strings.Repeat("s", n)`, -1, false},
		{`strings.Repeat("fn", len(s))`, 1, false},
		{"x.s", -1, false},
	} {
		got, exact := paramRef(tc.expr, params)
		if got != tc.want || exact != tc.wantExact {
			t.Errorf("paramRef(%q) = %d, %v, want %d, %v", tc.expr, got, exact, tc.want, tc.wantExact)
		}
	}
}

// TestSourceSite checks which of a helper's sites a call's chosen message
// takes its kind from: the first that gave it, and the outermost site
// holding that one.
func TestSourceSite(t *testing.T) {
	span := func(line, col, endLine, endCol int) errdex.Location {
		return errdex.Location{Span: errdex.Span{Path: "f.go", Line: line, Column: col, EndLine: endLine, EndColumn: endCol}}
	}
	tmpl := func(s string) errdex.Template { return errdex.NewTemplate(errdex.Lit(s)) }
	panicked := &errdex.Site{Kind: errdex.KindPanic, Location: span(3, 3, 3, 60)}
	made := &errdex.Site{Kind: errdex.KindErrorsNew, Location: span(3, 18, 3, 59)} // panic(scanError{errors.New(msg)})
	returned := &errdex.Site{Kind: errdex.KindRaise, Location: span(5, 2, 5, 40)}
	again := &errdex.Site{Kind: errdex.KindErrorf, Location: span(7, 2, 7, 40)}
	all := []*errdex.Site{panicked, made, returned, again}

	ts := []errdex.Template{tmpl("read x"), tmpl("bad x"), tmpl("read x")}
	for _, tc := range []struct {
		name   string
		chosen string
		srcs   []*errdex.Site
		want   *errdex.Site
	}{
		{"the site of the chosen message", "read x", []*errdex.Site{returned, panicked, again}, returned},
		{"the first of several", "read x", []*errdex.Site{again, panicked, returned}, again},
		{"an alternative's", "bad x", []*errdex.Site{returned, again, returned}, again},
		{"the panic raising the value made", "read x", []*errdex.Site{made, returned, returned}, panicked},
		{"none", "other", []*errdex.Site{returned, again, returned}, nil},
		{"no sites (a printf wrapper)", "read x", nil, nil},
	} {
		got := sourceSite(tmpl(tc.chosen), ts, tc.srcs)
		if got != nil {
			got = enclosing(got, all)
		}
		if got != tc.want {
			t.Errorf("%s: got the site of %s, want that of %s", tc.name, kindOf(got), kindOf(tc.want))
		}
	}
}

// kindOf names a site by its kind, or "none".
func kindOf(s *errdex.Site) string {
	if s == nil {
		return "none"
	}
	return string(s.Kind)
}

// TestFill checks the hole a value takes the place of a parameter or
// field in: an expression that is no operand is parenthesised inside a
// larger one, so that the hole reads what the code computes.
func TestFill(t *testing.T) {
	hole := func(expr string) errdex.Template {
		return errdex.NewTemplate(errdex.HolePart("v", expr, errdex.HoleAny))
	}
	for _, tc := range []struct {
		name, expr, old, value, want string
	}{
		{"a sum times two", "n*2", "n", "a + b", "(a + b)*2"},
		{"a sum subtracted", "len(buf) - n", "n", "a + b", "len(buf) - (a + b)"},
		{"a negation subtracted", "x-n", "n", "-k", "x-(-k)"},
		{"a dereference selected", "n.Size", "n", "*p", "(*p).Size"},
		{"a sum in a call", "strconv.Itoa(n)", "n", "a + b", "strconv.Itoa(a + b)"},
		{"a sum in a call, times two", "strconv.Itoa(n) + n*2", "n", "a + b", "strconv.Itoa(a + b) + (a + b)*2"},
		{"a sum as an index and a key's value", "m[n] + T{K: n}.K + s[n:]", "n", "a + b", "m[a + b] + T{K: a + b}.K + s[a + b:]"},
		{"a sum in parentheses", "(n)*2", "n", "a + b", "(a + b)*2"},
		{"a sum as the callee", "n(x)", "n", "a + b", "(a + b)(x)"},
		{"a field's sum", "e.Num*2", "e.Num", "a + b", "(a + b)*2"},
		{"an identifier", "n*2", "n", "size", "size*2"},
		{"a selector", "n*2", "n", "f.size", "f.size*2"},
		{"a call", "n*2", "n", "len(buf)", "len(buf)*2"},
		{"an index", "n*2", "n", "sizes[i]", "sizes[i]*2"},
		{"a slice", "len(n)", "n", "buf[i:]", "len(buf[i:])"},
		{"a literal", "n*2", "n", "64", "64*2"},
		{"already parenthesised", "n*2", "n", "(a + b)", "(a + b)*2"},
		{"a conversion's parenthesised value", "string(e)", "(e)", "(a + b)", "string(a + b)"},
		{"a value cut short", "n*2", "n", "a + b + c…", "(a + b + c…)*2"},
		{"an expression cut short", "strconv.Itoa(n) + f(…", "n", "a + b", "strconv.Itoa((a + b)) + f(…"},
	} {
		got := fill(errdex.HolePart("v", tc.expr, errdex.HoleInt), hole(tc.value), false, tc.old, tc.value)
		if len(got) != 1 || got[0].Expr != tc.want {
			t.Errorf("%s: fill(%q, %q for %q) = %v, want a hole reading %q", tc.name, tc.expr, tc.value, tc.old, got, tc.want)
		}
	}
}
