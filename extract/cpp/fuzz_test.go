package cpp

import (
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// FuzzExtract feeds arbitrary bytes as a C and as a C++ file through the
// real parsers and the extractors: nothing may panic or take long, and
// every site must be well formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*.c", "testdata/*.cc", "testdata/configured/src/*.cc"},
		`void f() { PyErr_Format(PyExc_ValueError, "%" PRId64 "%.*s %R", a); }`,
		`void f() { std::string m; m += m; m.append(m); m = m + m; throw E(m); }`,
		`void f() { CHECK(a) << b << CHECK(c) << "x"; LOG(FATAL); TORCH_CHECK(); }`,
		"void f() { throw std::runtime_error(R\"x(raw)x\" \"\\x41\\101\\u00e9\\U0001F600\\q\"); }",
		"#define M \"a\" \"b\"\nvoid f() { char b[8]; snprintf(b, 8, M \"%d\", 1); PyErr_SetString(PyExc_IOError, b); }",
		"\xff\xfe throw ( \x00 PyErr_Format(",
		`void f() { throw X{fmt::format("{:{}} {}", a)}; errx(1, fmt_var); assert(); }`,
	)
	extracttest.Fuzz(f, extracttest.Target{X: C, Path: "fuzz.c"}, extracttest.Target{X: CPP, Path: "fuzz.cc"})
}
