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
