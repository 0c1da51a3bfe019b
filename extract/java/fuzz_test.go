package java

import (
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// FuzzExtract feeds arbitrary bytes as a .java file through the real
// parser, the extractor and Link: nothing may panic or take long, and
// every site must be well formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*.java"},
		`class A { void f(String s) { s += s; s += s; throw new E(String.format(s + "%s%", s)); } }`,
		`class E extends E { E(String m) { this(m); } E() { super(E.M); } static final String M = M; }`,
		"class A { void f() { throw new X(\"\"\"\n  a\\\n b\"\"\"); } }",
		`class A { void f() { throw new X("\u00e9\uD800\777\q" + 'x' + MessageFormat.format("{0", a)); } }`,
		"class A { void f( { throw new X(\"x\" + ); } }",
		`class A { { checkArgument(a, "%s %s", 1); assert x : ; } }`,
		"\xff\xfe class \x00 throw new ,",
	)
	extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "Fuzz.java"})
}
