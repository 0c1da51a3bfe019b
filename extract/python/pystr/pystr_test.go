package pystr

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func lit(s string) errdex.Template { return errdex.NewTemplate(errdex.Lit(s)) }

func TestDecodeEscapes(t *testing.T) {
	tests := []struct {
		body  string
		bytes bool
		want  string
	}{
		{`plain`, false, "plain"},
		{`a\tb\nc\\d\'e\"f`, false, "a\tb\nc\\d'e\"f"},
		{`\a\b\f\v\r`, false, "\a\b\f\v\r"},
		{`\x41\101\0\7\777`, false, "AA\x00\x07\u01ff"},
		{`\u00e9\U0001F600\N{BULLET}\N{latin small letter e with acute}`, false, "é😀•é"},
		{`\ud800`, false, "\uFFFD"},
		{`\d \q \N{NO SUCH NAME} \x4 \u12`, false, `\d \q \N{NO SUCH NAME} \x4 \u12`},
		{"line \\\ncontinued", false, "line continued"},
		{"crlf \\\r\ncontinued", false, "crlf continued"},
		{`\xff\777\u00e9`, true, "\xff\xff\\u00e9"},
		{`trailing \`, false, `trailing \`},
	}
	for _, tt := range tests {
		if got := DecodeEscapes(tt.body, tt.bytes); got != tt.want {
			t.Errorf("DecodeEscapes(%q, %v) = %q, want %q", tt.body, tt.bytes, got, tt.want)
		}
	}
	if got := DecodeFStringText(`{{x}} \n`, false); got != "{x} \n" {
		t.Errorf("DecodeFStringText = %q", got)
	}
	if got := DecodeFStringText(`{{\d}}`, true); got != `{\d}` {
		t.Errorf("DecodeFStringText raw = %q", got)
	}
}

func TestReprAndNumbers(t *testing.T) {
	tests := []struct {
		in    errdex.Template
		bytes bool
		want  errdex.Template
	}{
		{lit("it's"), false, lit(`"it's"`)},
		{lit(`say "hi"`), false, lit(`'say "hi"'`)},
		{lit(`both ' and "`), false, lit(`'both \' and "'`)},
		{lit("tab\t\x01\u00a0é\u200b"), false, lit(`'tab\t\x01\xa0é\u200b'`)},
		{lit("\xff'\x00"), true, lit(`b"\xff'\x00"`)},
		{errdex.NewTemplate(errdex.Lit("a\n"), errdex.HolePart("x", "x", errdex.HoleAny)), false,
			errdex.NewTemplate(errdex.Lit(`'a\n`), errdex.HolePart("x", "x", errdex.HoleAny), errdex.Lit(`'`))},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Repr(tt.in, tt.bytes)); diff != "" {
			t.Errorf("Repr(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	for in, want := range map[string]string{"0x1F": "31", "1_000": "1000", "0o17": "15", "0b101": "5", "007": "7", "10L": "10", "12345678901234567890123": "12345678901234567890123"} {
		if got, ok := IntLiteral(in); !ok || got != want {
			t.Errorf("IntLiteral(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for in, want := range map[string]string{"1.5": "1.5", "2.50": "2.5", "1e3": "1000.0", "1e16": "1e+16", "1.5e-7": "1.5e-07", "0.0001": "0.0001", "1e-5": "1e-05", "1_0.0": "10.0", "1e400": "inf"} {
		if got, ok := FloatLiteral(in); !ok || got != want {
			t.Errorf("FloatLiteral(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestTextMethods(t *testing.T) {
	x := errdex.HolePart("x", "x", errdex.HoleAny)
	tests := []struct {
		name string
		got  errdex.Template
		want errdex.Template
	}{
		{"dedent", Dedent(errdex.NewTemplate(errdex.Lit("\n    a "), x, errdex.Lit("\n      b\n   \n    c\n"))),
			errdex.NewTemplate(errdex.Lit("\na "), x, errdex.Lit("\n  b\n\nc\n"))},
		{"dedent tabs and spaces", Dedent(lit("\tone\n        two\n")), lit("\tone\n        two\n")},
		{"cleandoc", Cleandoc(errdex.NewTemplate(errdex.Lit("  First "), x, errdex.Lit(".\n\n      Second.\n        Third.\n    "))),
			errdex.NewTemplate(errdex.Lit("First "), x, errdex.Lit(".\n\nSecond.\n  Third."))},
		{"strip", Strip(lit(" \t\x1c padded \n"), "", true, true), lit("padded")},
		{"strip cut", Strip(lit("xxkeepxx"), "x", true, false), lit("keepxx")},
		{"strip stops at hole", Strip(errdex.NewTemplate(x, errdex.Lit("  ")), "", true, true), errdex.NewTemplate(x)},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestDeclaresLatin1(t *testing.T) {
	for src, want := range map[string]bool{
		"# -*- coding: latin-1 -*-\n":                               true,
		"#!/usr/bin/python\n# vim: set fileencoding=iso-8859-1 :\n": true,
		"# coding=utf-8\n":                                          false,
		"x = 1\n# coding: latin-1\n":                                false,
		"\n\n# coding: latin-1\n":                                   false,
	} {
		if got := DeclaresLatin1([]byte(src)); got != want {
			t.Errorf("DeclaresLatin1(%q) = %v", src, got)
		}
	}
}

// TestAgainstPython decodes literals and renders reprs, and compares both
// with what python3 makes of the same literals.
func TestAgainstPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	literals := []string{
		`'plain'`, `"tab\there"`, `'\x41\101\u00e9\U0001F600\N{EM DASH}'`, `"it's"`, `'say "hi"'`, `'both \' and "'`,
		`'\a\b\f\v\0\x7f\x80\xa0\u200b\u2028'`, `r'raw \n \d'`, `b'\x00\xff\'"'`, `b"plain"`, `rb'\x41'`,
		`"""triple 'quoted' "text" """`, `'\d unknown \q'`, `u'\u00e9t\u00e9'`, `'emoji 😀 and CJK 漢字'`,
	}
	floats := []string{"1.5", "0.1", "1e16", "1e15", "123456789.125", "1e-05", "0.0001", "2.5e-300", "1.7976931348623157e308", "100.0", "3.0e10"}
	in, _ := json.Marshal(map[string][]string{"lits": literals, "floats": floats})
	cmd := exec.Command(py, "-c", `
import json, sys
d = json.load(sys.stdin)
out = {"str": [], "repr": [], "floats": [repr(float(f)) for f in d["floats"]]}
for l in d["lits"]:
    v = eval(l)
    out["str"].append(v.decode("latin-1") if isinstance(v, bytes) else v)
    out["repr"].append(repr(v))
print(json.dumps(out))
`)
	cmd.Stdin = bytes.NewReader(in)
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want struct{ Str, Repr, Floats []string }
	if err := json.Unmarshal(outb, &want); err != nil {
		t.Fatal(err)
	}
	for i, l := range literals {
		q := strings.IndexAny(l, `'"`)
		p := ParsePrefix(l[:q])
		body := l[q+1 : len(l)-1]
		if strings.HasPrefix(l[q:], `"""`) {
			body = l[q+3 : len(l)-3]
		}
		got := body
		if !p.Raw {
			got = DecodeEscapes(body, p.Bytes)
		}
		wantStr := want.Str[i]
		if p.Bytes {
			wantStr = latin1Bytes(wantStr)
		}
		if got != wantStr {
			t.Errorf("decode %s = %q, Python %q", l, got, wantStr)
		}
		if r := Repr(lit(got), p.Bytes).String(); r != want.Repr[i] {
			t.Errorf("repr %s = %s, Python %s", l, r, want.Repr[i])
		}
	}
	for i, f := range floats {
		if got, _ := FloatLiteral(f); got != want.Floats[i] {
			t.Errorf("float %s = %s, Python %s", f, got, want.Floats[i])
		}
	}
}

// latin1Bytes turns text of code points 0-255 back into the bytes they
// stand for.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

func FuzzDecodeEscapes(f *testing.F) {
	for _, s := range []string{`\x41\101\u00e9\N{BULLET}`, `\`, `\N{`, `\U0011FFFF`, `\777`, "\\\r\n", `\x`, "\xff\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, b := range []bool{false, true} {
			got := DecodeEscapes(body, b)
			if !strings.Contains(body, `\`) && got != body {
				t.Fatalf("DecodeEscapes(%q) changed text without escapes: %q", body, got)
			}
			_ = Repr(lit(got), b)
		}
		_ = DecodeFStringText(body, false)
	})
}

func FuzzTextMethods(f *testing.F) {
	for _, s := range []string{"\n    a\n      b\n", "\tx\n  y", "  \n\t\n", "\ue000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tmpl := errdex.NewTemplate(errdex.Lit(s), errdex.HolePart("x", "x", errdex.HoleAny), errdex.Lit(s))
		for _, out := range []errdex.Template{Dedent(tmpl), Cleandoc(tmpl), Strip(tmpl, "", true, true)} {
			if n := len(out.Holes()); n != 1 {
				t.Fatalf("text method on %q left %d holes", s, n)
			}
		}
	})
}

func FuzzFloatRepr(f *testing.F) {
	f.Add(1.5)
	f.Add(1e16)
	f.Add(5e-324)
	f.Fuzz(func(t *testing.T, v float64) {
		s := FloatRepr(v)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		back, err := strconv.ParseFloat(s, 64)
		if err != nil || back != v {
			t.Fatalf("FloatRepr(%v) = %q does not round-trip", v, s)
		}
	})
}
