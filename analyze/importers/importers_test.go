package importers_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/analyze/analyzetest"
	"github.com/errdex/errdex/analyze/importers"
)

// repo has a module most files import (pkg/core.py), a fallback twin
// raising the same message that one file imports (pkg/_pycore.py), a
// submodule imported through "from pkg import sub", and relative imports.
var repo = map[string]string{
	"pkg/__init__.py": "from .core import check\n",
	"pkg/core.py": `def check(x):
    if x < 0:
        raise ValueError("negative value")
`,
	"pkg/_pycore.py": `def check(x):
    if x < 0:
        raise ValueError("negative value")
`,
	"pkg/sub.py": `raise ImportError("sub is not built")
`,
	"pkg/a.py":    "from pkg import core\nfrom pkg.core import check\nimport pkg.core\n", // one file, counted once
	"pkg/b.py":    "from . import core\nfrom pkg import sub\n",
	"pkg/c.py":    "from ._pycore import check\nfrom .core import check as c2\n",
	"app/main.py": "import pkg.core\nimport os\nfrom nowhere import thing\n",
	"pkg/self.py": "from pkg import self\nraise RuntimeError(\"self import\")\n",
}

func TestSites(t *testing.T) {
	res := analyzetest.Run(t, repo, importers.Analyzer)
	got := map[string]int{}
	for _, s := range res.Sites {
		got[s.Location.Path] = s.Reach.Importers
	}
	want := map[string]int{"pkg/core.py": 5, "pkg/_pycore.py": 1, "pkg/sub.py": 1, "pkg/self.py": 0}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Site.Reach.Importers by file (-want +got):\n%s", diff)
	}
}

// goRepo is a Go module (its go.mod would say "module example.com/shop"):
// a package most files import, a platform twin in the same package, and
// packages imported by their module paths.
var goRepo = map[string]string{
	"store/db.go":             "package store\n\nimport \"errors\"\n\nvar ErrClosed = errors.New(\"store: closed\")\n",
	"store/db_plan9.go":       "package store\n",
	"internal/util/u.go":      "package util\n\nimport \"example.com/shop/store\"\n\nvar _ = store.ErrClosed\n",
	"cmd/shop/main.go":        "package main\n\nimport (\n\t\"fmt\"\n\t\"example.com/shop/store\"\n\tu \"example.com/shop/internal/util\"\n)\n",
	"cmd/shop/flags.go":       "package main\n\nimport \"example.com/shop/store\"\n",
	"store/store_internal.go": "package store\n\nimport \"example.com/shop/store\"\n", // its own package: not counted
}

// jsRepo ships its modules (lib/) and a bundle of them (dist/), with
// imports, requires, re-exports and dynamic imports, and a TypeScript
// module importing a sibling by its compiled name.
var jsRepo = map[string]string{
	"lib/index.js": "const parse = require('./parse')\nconst stringify = require('./stringify.js')\nmodule.exports = { parse, stringify }\n",
	"lib/parse.js": `import { check } from './util'
export function parse(s) { if (!s) throw new SyntaxError('JSON5: invalid end of input') }
`,
	"lib/stringify.js":  "export * from './util/index.js'\nexport function stringify(v) { throw new TypeError('Converting circular structure to JSON5') }\n",
	"lib/util/index.js": "export const check = () => import('../parse')\n",
	"dist/index.js":     "(function () { function parse(s) { if (!s) throw new SyntaxError('JSON5: invalid end of input') } }())\n",
	"src/a.ts":          "import { b } from './b.js'\nimport lodash from 'lodash'\n",
	"src/b.ts":          "export const b = 1\n",
	"src/c.ts":          "import type { B } from './b'\nimport { type B2 } from './b'\nexport type { B3 } from './b'\n", // erased: no load
}

// TestCount counts the importers of the files of a Python, a Go and a
// JavaScript repository.
func TestCount(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  map[string]int
	}{
		{"python", repo, map[string]int{
			"pkg/core.py":    5, // __init__, a, b, c, app/main
			"pkg/_pycore.py": 1,
			"pkg/sub.py":     1,
			// pkg/__init__.py: every import names a submodule, and
			// pkg/self.py importing itself does not count.
		}},
		{"go", goRepo, map[string]int{
			// internal/util, cmd/shop/main.go and cmd/shop/flags.go
			// import store: each of its files counts them.
			"store/db.go": 3, "store/db_plan9.go": 3, "store/store_internal.go": 3,
			"internal/util/u.go": 1,
		}},
		{"javascript", jsRepo, map[string]int{
			"lib/parse.js":      2, // lib/index.js, lib/util/index.js
			"lib/stringify.js":  1,
			"lib/util/index.js": 2, // lib/parse.js ('./util'), lib/stringify.js
			"src/b.ts":          1,
			// dist/index.js, the bundle: no file imports it.
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := importers.Count(analyze.NewRepo(analyzetest.Extract(t, tt.files)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("importer counts (-want +got):\n%s", diff)
			}
		})
	}
}
