package python

import (
	"testing"

	"github.com/errdex/errdex/extract/extracttest"
)

// FuzzExtract feeds arbitrary bytes as a .py file through the real parser,
// the extractor and Link: nothing may panic or take long, and every site
// must be well formed.
func FuzzExtract(f *testing.F) {
	extracttest.Seed(f, []string{"testdata/*.py"},
		"raise E(f'{x!r:>{w}}' % y)\n",
		"msg = 'a'\nmsg += msg\nmsg += msg\nraise E(msg % msg)\n",
		"class E(E):\n def __init__(s, *a): super().__init__(*a)\n def __str__(s): return s.x\nraise E(1)\n",
		"raise E, 'x' % (\n",
		"\xff\xfe raise \x00 assert ,",
		"def f(:\n raise\n",
		"x = '\\N{BULLET} \\u00e9 \\U0010FFFF \\ud800 \\777'\nraise E(x)\n",
		"raise E('{' + '}'.format() + '%(' % {})\n",
	)
	extracttest.Fuzz(f, extracttest.Target{X: Extractor, Path: "fuzz.py"})
}
