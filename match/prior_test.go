package match

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestPriors(t *testing.T) {
	tests := []struct {
		name      string
		importers map[string]int // path → importing files
		callers   map[errdex.ID]int
		columns   map[errdex.ID]int // where each site's statement starts
		minified  bool              // the sites are in minified code
		q         Query
		want      []errdex.ID // the tied matches, in order
	}{
		{
			name: "no prior: index order",
			q:    Query{Message: "ValueError: timeout must be positive"},
			want: []errdex.ID{"dup-a", "dup-b"},
		},
		{
			name:      "the more imported module first",
			importers: map[string]int{"a/limits.py": 2, "b/limits.py": 40},
			q:         Query{Message: "ValueError: timeout must be positive"},
			want:      []errdex.ID{"dup-b", "dup-a"},
		},
		{
			name:      "counts alike on a log scale fall through to callers",
			importers: map[string]int{"a/limits.py": 40, "b/limits.py": 41},
			callers:   map[errdex.ID]int{"dup-a": 1},
			q:         Query{Message: "ValueError: timeout must be positive"},
			want:      []errdex.ID{"dup-a", "dup-b"},
		},
		{
			name:    "a function with callers first",
			callers: map[errdex.ID]int{"dup-b": 3},
			q:       Query{Message: "ValueError: timeout must be positive"},
			want:    []errdex.ID{"dup-b", "dup-a"},
		},
		{
			// Go methods' callers are found only on values of declared
			// types: their count says nothing (partialCallers).
			name:    "a Go method's callers do not count",
			callers: map[errdex.ID]int{"go-dup-method": 3},
			q:       Query{Message: "gofs: lockfile held by another process"},
			want:    []errdex.ID{"go-dup-func", "go-dup-method"},
		},
		{
			name:    "Java callers do not count",
			callers: map[errdex.ID]int{"java-dup-b": 3},
			q:       Query{Message: "lockfile held by a remote writer"},
			want:    []errdex.ID{"java-dup-a", "java-dup-b"},
		},
		{
			name:    "a Go function's callers count",
			callers: map[errdex.ID]int{"go-dup-func": 3},
			q:       Query{Message: "gofs: lockfile held by another process"},
			want:    []errdex.ID{"go-dup-func", "go-dup-method"},
		},
		{
			name:    "of one function, the site nested less deeply first",
			columns: map[errdex.ID]int{"go-move-nested": 4, "go-move-main": 3},
			q:       Query{Message: "gofs: cannot move /a onto /b"},
			want:    []errdex.ID{"go-move-main", "go-move-nested"},
		},
		{
			name:    "of one function, source order at equal depth",
			columns: map[errdex.ID]int{"go-move-nested": 3, "go-move-main": 3},
			q:       Query{Message: "gofs: cannot move /a onto /b"},
			want:    []errdex.ID{"go-move-nested", "go-move-main"},
		},
		{
			name:     "columns in minified code say nothing of depth",
			columns:  map[errdex.ID]int{"go-move-nested": 4000, "go-move-main": 300},
			minified: true,
			q:        Query{Message: "gofs: cannot move /a onto /b"},
			want:     []errdex.ID{"go-move-nested", "go-move-main"},
		},
		{
			name:    "the depths of different functions do not count",
			columns: map[errdex.ID]int{"dup-a": 9, "dup-b": 5},
			q:       Query{Message: "ValueError: timeout must be positive"},
			want:    []errdex.ID{"dup-a", "dup-b"},
		},
		{
			name:      "a prior never beats evidence",
			importers: map[string]int{"a/limits.py": 1000},
			q:         Query{Message: "timeout must be positive", Repo: "acme/b"},
			want:      []errdex.ID{"dup-b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuilder()
			for _, s := range loadSites(t) {
				s.Reach.Callers = tt.callers[s.ID]
				s.Reach.Importers = tt.importers[s.Location.Path]
				s.Location.Column = tt.columns[s.ID]
				s.Minified = tt.minified
				b.Add(s)
			}
			ix := b.Build()
			res := ix.Match(tt.q, Options{})
			if len(res.Matches) < res.Tied {
				t.Fatalf("tied %d, matches %v", res.Tied, ids(res))
			}
			var got []errdex.ID
			for _, m := range res.Matches[:res.Tied] {
				got = append(got, m.ID)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tied matches (-want +got):\n%s\nall: %v", diff, ids(res))
			}
		})
	}
}

func TestImporterLevel(t *testing.T) {
	prev := importerLevel(0)
	if prev != 0 {
		t.Fatalf("importerLevel(0) = %d", prev)
	}
	for n := 1; n < 1<<40; n = n*3/2 + 1 {
		l := importerLevel(n)
		if l < prev {
			t.Fatalf("importerLevel(%d) = %d, below the level of a smaller count, %d", n, l, prev)
		}
		prev = l
	}
	if importerLevel(2) == importerLevel(1) || importerLevel(40) != importerLevel(41) {
		t.Errorf("levels: 1→%d 2→%d 40→%d 41→%d", importerLevel(1), importerLevel(2), importerLevel(40), importerLevel(41))
	}
}

// TestJSBuildLevel: a JavaScript build for a legacy script loader or a
// browser ranks after the builds Node and bundlers load.
func TestJSBuildLevel(t *testing.T) {
	def := uint8(len(mainstreamPlatforms))
	tests := []struct {
		path string
		want uint8
	}{
		{"build/node/luxon.js", def},
		{"build/es6/luxon.js", def},
		{"lib/index.js", def},
		{"build/amd/luxon.js", def - 1},
		{"build/global/luxon.js", def - 1},
		{"dist/handlebars.amd.js", def - 1},
		{"dist/x.system.min.js", def - 1},
		{"src/amdLoader.js", def}, // a name that only contains "amd"
		{"global.js", def},        // a module called global
		{"amd/index.js", def - 1}, // at the root
		{"browser/nunjucks-slim.js", def - 1},
		{"build/cjs-browser/luxon.js", def - 1},
		{"dist/liquid.browser.mjs", def - 1},
		{"dist/commonjs/browser/index.js", def - 1},
		{"dist/index-browser.js", def - 1},
		{"src/browserslist.js", def}, // a name that only starts with "browser"
		{"dist/commonjs/node/index.js", def},
		{"dist/umd/sync.js", def - 1},
		{"dist/marked.umd.js", def - 1},
		{"lib/bson.bundle.js", def - 1},
		{"lib/bson.cjs", def},
		{"src/bundler.js", def}, // a name that only starts with "bundle"
		{"jsonata-es5.js", def - 1},
		{"dist/es5/index.js", def - 1},
		{"src/es5shim.js", def}, // a name that only starts with "es5"
	}
	for _, tt := range tests {
		if got := jsBuildLevel(tt.path); got != tt.want {
			t.Errorf("jsBuildLevel(%q) = %d, want %d", tt.path, got, tt.want)
		}
	}
	// Two copies of one message: the Node build first, whatever the
	// index order.
	ix := testIndex(t)
	res := ix.Match(Query{Message: "Duration.fromObject: argument expected to be an object, got string"}, Options{})
	if m := res.Matches; len(m) < 2 || m[0].ID != "js-dur-node" || m[1].ID != "js-dur-amd" || res.Tied != 2 {
		t.Errorf("matches %v (%d tied), want js-dur-node then js-dur-amd, tied", ids(res), res.Tied)
	}
}

// TestPriorRetrieval checks that of more equal templates than are
// verified, those of the likelier copies are: a package's module, which
// other files import, among a bundle's hundred throws of the same message.
func TestPriorRetrieval(t *testing.T) {
	site := func(id, path string, line int) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "msgpackr", Language: "javascript", Kind: errdex.KindThrow, Exception: "Error", Function: "read",
			Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, EndLine: line}}, Template: parseTemplate(t, "Unexpected end of MessagePack data")}
	}
	var sites []*errdex.Site
	for i := range 100 {
		sites = append(sites, site(fmt.Sprint("bundle-", i), "dist/index.cjs", 10+i))
	}
	module := site("module", "unpack.js", 541)
	module.Reach.Importers = 3
	sites = append(sites, module)
	ix := NewIndex(slices.Values(sites))
	res := ix.Match(Query{Message: "Unexpected end of MessagePack data"}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "module" {
		t.Errorf("first match %v, want module", ids(res))
	}
}
