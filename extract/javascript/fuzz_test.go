package javascript

import (
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// FuzzExtract feeds arbitrary bytes through the JavaScript, TypeScript and
// TSX grammars, the extractor and Link: nothing may panic or take long,
// and every site must be well formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*.js", "testdata/*.ts", "testdata/*.tsx"},
		"throw new E(`${`${x}`}` + y)",
		"let m = 'a'; m += m; m += m; m += m; throw new Error(m + m)",
		"class E extends E { constructor(a) { super(a); this.message = a } }; throw new E(1)",
		"new Promise((r, j) => j(new Error(util.format('%s%s%', 1))))",
		"throw '\\u{110000}\\uD800\\xZZ\\u{' ",
		"function (  { throw new Error('x' + ) }",
		"const assert = require('assert'); assert(1, ...a); assert.fail(1, 2)",
		"\xff\xfe throw \x00 new ,",
	)
	extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "fuzz.js"}, extracttest.Target{X: TypeScript, Path: "fuzz.ts"},
		extracttest.Target{X: TypeScript, Path: "fuzz.tsx"})
}
