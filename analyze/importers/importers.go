// Package importers counts, for each file of a repository, the other files
// that import it, and records the count on the file's sites
// (errdex.Site.Reach.Importers).
//
// The count says how central a module is: a message raised both in a
// module most of the repository imports and in a rarely used twin (a pure
// Python fallback, a legacy copy, a platform variant) is far more likely
// to come from the first. The matcher uses it to order matches whose
// scores tie. Imports are resolved as the other analyses resolve them
// (analyze.Repo.Module): absolute dotted names, package-relative ones,
// and "from package import submodule", which counts for the submodule.
// A file is counted once per module it imports however many names it
// takes from it, and never for itself. Go imports name packages
// (directories) and count for every file of the package (see goPackage).
// JavaScript and TypeScript files count for the file a relative specifier
// resolves to (see countJS): a package's modules are imported, the
// bundles built from them for script tags are not.
package importers

import (
	"path"
	"strings"

	"github.com/errdex/errdex/analyze"
)

// Analyzer fills Site.Reach.Importers.
var Analyzer = &analyze.Analyzer{
	Name: "importers",
	Doc:  "how many files of the repository import each site's module",
	Run:  run,
}

func run(p *analyze.Pass) {
	counts := Count(p.Repo)
	for _, s := range p.Repo.Sites {
		s.Reach.Importers = counts[s.Location.Path]
	}
}

// Count returns, by file path, the number of other files of the
// repository that import that file's module.
func Count(r *analyze.Repo) map[string]int {
	counts := map[string]int{}
	seen := map[*analyze.File]bool{}
	for _, f := range r.Files {
		if f.Facts == nil || len(f.Facts.AllImports) == 0 {
			continue
		}
		switch f.Language {
		case "go":
			countGo(r, f, counts)
			continue
		case "javascript", "typescript":
			countJS(r, f, counts)
			continue
		}
		clear(seen)
		for _, imp := range f.Facts.AllImports {
			target := (*analyze.File)(nil)
			if imp.Name != "" && imp.Name != "*" {
				// "from pkg import sub" imports pkg/sub.py when there is
				// one, else a name defined in pkg.
				target = r.Module(f, join(imp.Module, imp.Name))
			}
			if target == nil {
				target = r.Module(f, imp.Module)
			}
			if target == nil || target == f || seen[target] {
				continue
			}
			seen[target] = true
			counts[target.Path]++
		}
	}
	return counts
}

// join appends a name to a dotted module name, which may be only dots
// (a relative import of the package itself: "from . import x").
func join(module, name string) string {
	if module == "" || module[len(module)-1] == '.' {
		return module + name
	}
	return module + "." + name
}

// countGo counts Go file f once for each package of the repository it
// imports: every file of that package (see analyze.Repo.GoPackage).
func countGo(r *analyze.Repo, f *analyze.File, counts map[string]int) {
	own := path.Dir(f.Path)
	done := map[string]bool{}
	for _, imp := range f.Facts.AllImports {
		dir := r.GoPackage(imp.Module)
		if dir == "" || dir == own || done[dir] {
			continue
		}
		done[dir] = true
		for _, g := range r.GoFiles(dir) {
			counts[g.Path]++
		}
	}
}

// jsSuffixes are what a relative specifier may leave out of the file it
// names, as Node and bundlers resolve it ("./parse" for ./parse.js,
// "./lib" for ./lib/index.js; "./x.js" for ./x.ts, as TypeScript's ES
// modules write it).
var jsSuffixes = [...]string{"", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts",
	"/index.js", "/index.mjs", "/index.cjs", "/index.ts", "/index.tsx"}

// countJS counts JavaScript or TypeScript file f once for each file of
// the repository it imports, requires or re-exports from by a relative
// specifier ("./parse", "../utils/common.js"). A package that ships its
// modules and a bundle of them (json5's lib/ and dist/index.js, jszip's
// lib/ and dist/jszip.js) has its modules imported and its bundles not.
func countJS(r *analyze.Repo, f *analyze.File, counts map[string]int) {
	seen := map[string]bool{}
	for _, imp := range f.Facts.AllImports {
		m := imp.Module
		if !strings.HasPrefix(m, "./") && !strings.HasPrefix(m, "../") {
			continue
		}
		base := path.Join(path.Dir(f.Path), m)
		var target *analyze.File
		for _, suffix := range jsSuffixes {
			if target = r.File(base + suffix); target != nil {
				break
			}
		}
		if target == nil {
			if stem, ok := strings.CutSuffix(base, ".js"); ok {
				target = r.File(stem + ".ts")
			}
		}
		if target == nil || target == f || seen[target.Path] {
			continue
		}
		seen[target.Path] = true
		counts[target.Path]++
	}
}
