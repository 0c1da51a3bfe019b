package rust

import (
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// FuzzExtract feeds arbitrary bytes as a .rs file through the real parser,
// the extractor and Link: nothing may panic or take long, and every site
// must be well formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*.rs"},
		"fn f() { panic!(\"{:>{w}$} {{ {x:?}\", a, w = 3); }",
		"fn f() { let m = \"a\"; let m = m; m += m; assert_eq!(m, m, \"{}\", m); }",
		"#[derive(Error)] enum E { #[error(\"{0} {missing} {:?}\", .0)] A(u8), #[error(transparent)] B }",
		"impl Display for X { fn fmt(&self, f: &mut F) -> R { write!(f, concat!(\"a\", 1, r#\"b\"#)) } }",
		"fn f() { Err::<(), _>(format!(\"\\u{zz} \\x4 {\")) }",
		"\xff\xfe panic!( \x00 ",
		"fn f() { ensure!(a == , \"x\"); x.expect(&format!(\"{}\", y)).ok_or_else(|| \"z\") }",
	)
	extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "src/fuzz.rs"})
}
