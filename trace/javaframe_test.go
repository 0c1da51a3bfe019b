package trace

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseJavaFrame reads the file of a Java frame from its class when
// the frame prints none: a class compiled without debug information
// (Debian's xom jar) prints "(Unknown Source)".
func TestParseJavaFrame(t *testing.T) {
	tests := []struct {
		line string
		want Frame
	}{
		{"at com.acme.Foo.bar(Foo.java:12)", Frame{Path: "com/acme/Foo.java", Line: 12, Function: "com.acme.Foo.bar"}},
		{"at nu.xom.Verifier.checkNCName(Unknown Source)", Frame{Path: "nu/xom/Verifier.java", Function: "nu.xom.Verifier.checkNCName"}},
		{"at nu.xom.Element$1.next(Unknown Source)", Frame{Path: "nu/xom/Element.java", Function: "nu.xom.Element$1.next"}},
		{"at java.base/jdk.internal.reflect.GeneratedMethodAccessor1.invoke(Unknown Source)", Frame{Module: "java.base", Function: "jdk.internal.reflect.GeneratedMethodAccessor1.invoke"}},
		{"at com.sun.proxy.$Proxy12.run(Unknown Source)", Frame{Function: "com.sun.proxy.$Proxy12.run"}},
		{"at java.base/java.io.FileInputStream.open0(Native Method)", Frame{Module: "java.base", Function: "java.io.FileInputStream.open0"}},
	}
	for _, tt := range tests {
		got, ok := parseJavaFrame(tt.line)
		if !ok {
			t.Errorf("parseJavaFrame(%q) failed", tt.line)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parseJavaFrame(%q) (-want +got):\n%s", tt.line, diff)
		}
	}
}

// TestParseStackHeaderIndented: an indented "key: value" line, which a
// message may quote (snakeyaml's "    a: b: c" under "mapping values are
// not allowed here"), is no header unless its type reads as a class.
func TestParseStackHeaderIndented(t *testing.T) {
	tests := []struct {
		line string
		typ  string
		ok   bool
	}{
		{"    a: b: c", "", false},
		{"  key: value", "", false},
		{"java.lang.IllegalStateException: bad", "java.lang.IllegalStateException", true},
		{"  com.acme.Failure: wrapped", "com.acme.Failure", true},
		{"\tSuppressed: java.io.IOException: x", "java.io.IOException", true},
		{"error: not indented", "error", true},
		{"Caused by: org.xml.sax.SAXParseException; lineNumber: 1; columnNumber: 4; XML document structures must start and end within the same entity.", "org.xml.sax.SAXParseException", true},
		{"Caused by: java.lang.IllegalStateException: a; b", "java.lang.IllegalStateException", true},
	}
	for _, tt := range tests {
		h, ok := parseStackHeader(tt.line)
		if ok != tt.ok || ok && h.typ != tt.typ {
			t.Errorf("parseStackHeader(%q) = %q, %v; want %q, %v", tt.line, h.typ, ok, tt.typ, tt.ok)
		}
	}
}
