package callers

import (
	"iter"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract/golang"
)

// Go's call graph is built from the calls the Go extractor records
// (golang.CallSite) without type checking, so it holds only the calls
// whose callee a name says: a function of the caller's package (f(x)), a
// function of an imported package of the repository (strconv.Atoi(s)),
// and a method called on the caller's own receiver (p.next() in a method
// of *parser). A method called on any other value (r.Read(b)) could be
// any type's, and is left out rather than guessed.

// goFunc identifies a Go function of the repository: its package's
// directory and its name as a stack names it without the package,
// "syntaxError" or "(*NumError).Error".
type goFunc struct{ dir, name string }

// goCall is a call of a goFunc: the calling function and where.
type goCall struct {
	from       goFunc
	function   string // as a stack names it: "strconv.ParseBool"
	path       string
	line       int
	fromPublic bool // the caller is part of its package's API (see goPublic)
}

// goGraph maps each Go function of the repository to its incoming calls.
type goGraph map[goFunc][]goCall

// goCallers fills Callers, Reach.Callers and CallPath of the Go sites in
// functions and methods that have no callers yet (sentinels have theirs,
// see goSentinels).
func goCallers(r *analyze.Repo) {
	g := buildGoGraph(r)
	if len(g) == 0 {
		return
	}
	for _, s := range r.Sites {
		if s.Language != "go" || len(s.Callers) > 0 {
			continue
		}
		fn, ok := goFuncOf(path.Dir(s.Location.Path), s.Function)
		if !ok {
			continue
		}
		calls := make([]errdex.Caller, 0, len(g[fn]))
		for _, c := range g[fn] {
			calls = append(calls, errdex.Caller{Function: c.function, Path: c.path, Line: c.line})
		}
		s.Callers, s.Reach.Callers = listCallers(calls, s.Function, s.Location.Path)
		s.CallPath = g.path(fn)
	}
}

// buildGoGraph resolves the recorded calls of the repository's Go files.
func buildGoGraph(r *analyze.Repo) goGraph {
	g := goGraph{}
	for f, gf := range goFiles(r) {
		for _, c := range gf.CallSites {
			dir := gf.Dir
			if c.Callee.Import != "" {
				if dir = r.GoPackage(c.Callee.Import); dir == "" {
					continue // another module's package
				}
			}
			callee := goFunc{dir, c.Callee.Name}
			if c.Recv != "" {
				callee.name = c.Recv + "." + c.Callee.Name
			}
			from, ok := goFuncOf(gf.Dir, c.Caller)
			if !ok {
				// Package-level code (pkg.init): a caller, never a
				// callee.
				from = goFunc{gf.Dir, c.Caller}
			}
			g[callee] = append(g[callee], goCall{from: from, function: c.Caller, path: f.Path, line: c.Line, fromPublic: goPublic(from)})
		}
	}
	return g
}

// goFiles yields the repository's Go files with their facts.
func goFiles(r *analyze.Repo) iter.Seq2[*analyze.File, *golang.Facts] {
	return func(yield func(*analyze.File, *golang.Facts) bool) {
		for _, f := range r.Files {
			if gf, ok := f.Result.Facts.(*golang.Facts); ok && !yield(f, gf) {
				return
			}
		}
	}
}

// goFuncOf returns the function a stack name ("strconv.syntaxError",
// "os.(*File).Read", "sync.(*Map[...]).Load") names in the package of dir.
// Methods are keyed by their receiver's type name alone ("File.Read"),
// since a call on a receiver says nothing of its pointer. Package-level
// code (pkg.init) and function literals (pkg.F.func1) name no function a
// call reaches.
func goFuncOf(dir, function string) (goFunc, bool) {
	_, name, ok := strings.Cut(function, ".")
	if !ok || name == "" || name == "init" {
		return goFunc{}, false
	}
	if strings.HasPrefix(name, "(") {
		recv, method, ok := strings.Cut(name[1:], ").")
		if !ok {
			return goFunc{}, false
		}
		recv = strings.TrimPrefix(recv, "*")
		recv, _, _ = strings.Cut(recv, "[")
		name = recv + "." + method
	}
	if strings.Count(name, ".") > 1 || strings.Contains(name, ".func") {
		return goFunc{}, false
	}
	return goFunc{dir, name}, true
}

// goPublic reports whether fn is part of its package's API: every part of
// its name is exported (a method needs an exported type too), and no
// element of its package's directory is "internal", "testdata" or
// "cmd" (commands, not libraries).
func goPublic(fn goFunc) bool {
	for part := range strings.SplitSeq(fn.name, ".") {
		r, _ := utf8.DecodeRuneInString(part)
		if !unicode.IsUpper(r) {
			return false
		}
	}
	for elem := range strings.SplitSeq(fn.dir, "/") {
		switch elem {
		case "internal", "testdata", "cmd":
			return false
		}
	}
	return true
}

// path returns the shortest chain of calls from a public function to fn,
// the public function first, each with the line of its call of the next;
// nil when fn is public itself or no chain of at most maxPath calls
// reaches it. A public function of fn's own package is preferred, as the
// API a program calls (strconv.ParseBool for strconv's syntaxError), over
// one of another package that calls into it.
func (g goGraph) path(fn goFunc) []errdex.Caller {
	if goPublic(fn) || len(g[fn]) == 0 {
		return nil
	}
	type step struct {
		c    goCall
		next int // index in visited of the callee this call reaches; -1 for fn
		len  int
	}
	visited := []step{{goCall{from: fn}, -1, 0}}
	seen := map[goFunc]bool{fn: true}
	best := -1 // the public function found
	for i := 0; i < len(visited) && len(visited) < maxVisit; i++ {
		cur := visited[i]
		if i > 0 && cur.c.fromPublic {
			if cur.c.from.dir == fn.dir {
				best = i
				break
			}
			if best < 0 {
				best = i
			}
			continue // a public function of another package ends its chain
		}
		if cur.len == maxPath {
			continue
		}
		for _, c := range g[cur.c.from] {
			if !seen[c.from] {
				seen[c.from] = true
				visited = append(visited, step{c, i, cur.len + 1})
			}
		}
	}
	if best < 0 {
		return nil
	}
	var out []errdex.Caller
	for j := best; visited[j].next >= 0; j = visited[j].next {
		c := visited[j].c
		out = append(out, errdex.Caller{Function: c.function, Path: c.path, Line: c.line})
	}
	return out
}
