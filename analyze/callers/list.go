package callers

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/errdex/errdex"
)

// listCallers turns the calls of function fn, in file at, into the
// site's callers: each calling function once (by file and name), not fn
// itself (recursion), nearest first (see sortCallers); it returns the
// first maxCallers and how many there are.
func listCallers(calls []errdex.Caller, fn, at string) ([]errdex.Caller, int) {
	dir := path.Dir(at)
	seen := map[errdex.Caller]bool{}
	var out []errdex.Caller
	for _, c := range calls {
		k := errdex.Caller{Function: c.Function, Path: c.Path}
		if seen[k] || c.Function == fn && path.Dir(c.Path) == dir {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	sortCallers(out, at)
	return out[:min(len(out), maxCallers)], len(out)
}

// sortCallers orders the callers of a function in file at nearest first:
// those in the same file, then in the same directory (package), then the
// rest, each by path and line. The nearest are the function's own
// package's API (Integer.valueOf for Integer.parseInt), which a reader
// looks for before the uses across the repository.
func sortCallers(cs []errdex.Caller, at string) {
	dir := path.Dir(at)
	rank := func(c errdex.Caller) int {
		switch {
		case c.Path == at:
			return 0
		case path.Dir(c.Path) == dir:
			return 1
		}
		return 2
	}
	slices.SortFunc(cs, func(a, b errdex.Caller) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
	})
}
