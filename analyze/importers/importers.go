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
package importers

import (
	"path"

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
		if f.Language == "go" {
			countGo(r, f, counts)
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
