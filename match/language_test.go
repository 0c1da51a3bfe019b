package match

import "testing"

func TestFrameFunction(t *testing.T) {
	tests := []struct{ in, want string }{
		{"com.acme.Orders.lambda$process$0", "com.acme.Orders.process"},
		{"com.acme.Orders.lambda$new$3", "com.acme.Orders.<init>"},
		{"com.acme.Orders.lambda$static$0", "com.acme.Orders.<clinit>"},
		{"lambda$run$12", "run"},
		{"com.acme.Orders.lambda$null$1", "com.acme.Orders.lambda$null$1"}, // older javac: enclosing lambda unknown
		{"com.acme.Orders.mylambda$x$1", "com.acme.Orders.mylambda$x$1"},
		{"Object.<anonymous>", "<module>"},
		{"Foo.<anonymous>", "Foo.<anonymous>"},
		{"raw_decode", "raw_decode"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := frameFunction(tt.in); got != tt.want {
			t.Errorf("frameFunction(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSameFunction(t *testing.T) {
	tests := []struct {
		frame, site string
		want        bool
	}{
		{"<module>", "", true},           // Python's module level
		{"Object.<anonymous>", "", true}, // V8's
		{"<module>", "load", false},
		{"", "", false},
		{"raw_decode", "JSONDecoder.raw_decode", true},
		{"os.(*File).Read", "os.(*File).Read", true},
		{"load", "", false},
	}
	for _, tt := range tests {
		if got := sameFunction(tt.frame, tt.site); got != tt.want {
			t.Errorf("sameFunction(%q, %q) = %v, want %v", tt.frame, tt.site, got, tt.want)
		}
	}
}

func TestStackFamilies(t *testing.T) {
	tests := []struct {
		name   string
		frames []Frame
		want   family
	}{
		{"python", []Frame{{Path: "/usr/lib/python3.11/json/decoder.py"}, {Path: "<stdin>"}}, famPython},
		{"frozen module", []Frame{{Path: "<frozen importlib._bootstrap>"}}, famPython},
		{"node", []Frame{{Path: "file:///app/x.mjs"}, {Path: "node:internal/modules/cjs/loader"}, {Path: "/app/y.ts"}}, famJS},
		{"java with a native frame", []Frame{{Path: "com/acme/Foo.java"}, {Path: ""}}, famJava},
		{"rust calling C", []Frame{{Path: "src/main.rs"}, {Path: "/build/zstd/lib/compress.c"}}, famRust | famC},
		{"nothing known", []Frame{{Path: "<anonymous>"}, {Path: "/usr/bin/tool"}}, 0},
	}
	for _, tt := range tests {
		if got := stackFamilies(tt.frames); got != tt.want {
			t.Errorf("%s: stackFamilies = %b, want %b", tt.name, got, tt.want)
		}
	}
}

// TestFramePathRelative: a path relative to where the program ran names a
// file at that path, not one deeper in some indexed repository.
func TestFramePathRelative(t *testing.T) {
	tests := []struct {
		frame, site string
		want        bool
	}{
		{"./src/main.rs", "backtrace/crates/debuglink/src/main.rs", false},
		{"src/main.rs", "backtrace/crates/debuglink/src/main.rs", false},
		{"app/main.py", "tests/app/main.py", false},
		{"src/main.rs", "src/main.rs", true},
		{"./src/main.rs", "src/main.rs", true},
		{"myrepo/src/app.py", "src/app.py", true}, // run from the repository's parent
		{"/home/u/proj/src/main.rs", "backtrace/crates/debuglink/src/main.rs", true},
		{"<frozen importlib._bootstrap>", "Lib/importlib/_bootstrap.py", true},
		{"java.base/java/lang/Integer.java", "src/java.base/share/classes/java/lang/Integer.java", true},
		{`C:\proj\src\main.rs`, "backtrace/crates/debuglink/src/main.rs", true},
	}
	for _, tt := range tests {
		if _, got := FramePath(tt.frame, tt.site); got != tt.want {
			t.Errorf("FramePath(%q, %q) = %v, want %v", tt.frame, tt.site, got, tt.want)
		}
	}
}
