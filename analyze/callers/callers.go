// Package callers builds a repository's call graph by name resolution and
// records, for each site, the direct callers of its enclosing function and
// one short call path from a public entry point.
//
// A call is resolved, from the facts the extractors record, when its
// callee is:
//
//   - a function or class of the same file, or a function nested in the
//     caller ("helper()", "Buffers(...)" calls Buffers.__init__);
//   - an imported name, through the repository's modules and re-exports
//     ("from .utils import helper", "utils.helper()", "pkg.mod.f()");
//   - a method of the caller's own class or its bases ("self.m()",
//     "cls.m()", "super().m()");
//   - a method of an object whose class is known from an assignment of a
//     constructor call: a local ("b = Buffers(); b.set()") or a receiver
//     attribute ("self.buffers = Buffers()" in any method, then
//     "self.buffers.set()");
//   - a method defined by exactly one class of the repository, called on
//     any object ("x.set_buf()"), unless its name is one that builtin types
//     also define (get, append, read, ...), which would be a guess.
//
// Go's graph is built apart (see golang.go) from the calls the Go
// extractor records; for Go sentinel errors (var ErrX = errors.New(...)),
// the functions that return the sentinel are recorded as its callers:
// they are where the error surfaces.
//
// An entry point is a public function (no segment of its name and no
// directory or module of its path starts with "_", not a test) that no
// other public function of the repository calls, or the top level of a
// module. The call
// path is the shortest chain of callers from an entry point to the site's
// function (breadth first, at most maxPath calls), entry point first.
package callers

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract"
)

// Analyzer fills Site.Callers and Site.CallPath.
var Analyzer = &analyze.Analyzer{
	Name: "callers",
	Doc:  "direct callers of each site's function and a call path from a public entry point, by name resolution",
	Run:  run,
}

const (
	maxCallers = 10
	maxPath    = 6
	maxVisit   = 2000
)

// node is a function of the repository.
type node struct {
	file *analyze.File
	fn   *extract.Function
}

// edge is a call of a node: the calling function and the call's line.
type edge struct {
	from node
	line int
}

// graph maps each function to its incoming calls.
type graph struct {
	r       *analyze.Repo
	callers map[*extract.Function][]edge
	// methods indexes methods by their language and simple name for the
	// unique-name fallback: a call resolves only to a method of its own
	// language.
	methods map[methodKey][]node
}

// methodKey is a method's language and simple name.
type methodKey struct{ lang, name string }

func run(p *analyze.Pass) {
	g := build(p.Repo)
	for _, s := range p.Repo.Sites {
		fn := p.Repo.SiteFunction(s)
		if fn == nil || fn.Name == analyze.ModuleFunction {
			continue
		}
		s.Callers, s.Reach.Callers = g.direct(fn)
		s.CallPath = g.path(node{p.Repo.SiteFile(s), fn})
	}
	goSentinels(p.Repo)
	goCallers(p.Repo)
	javaCallers(p.Repo)
	namedCallers(p.Repo)
}

func build(r *analyze.Repo) *graph {
	g := &graph{r: r, callers: map[*extract.Function][]edge{}, methods: map[methodKey][]node{}}
	for _, f := range r.Files {
		if f.Facts == nil {
			continue
		}
		for i := range f.Facts.Functions {
			fn := &f.Facts.Functions[i]
			if fn.Class != "" {
				simple := fn.Name[strings.LastIndexByte(fn.Name, '.')+1:]
				k := methodKey{f.Language, simple}
				g.methods[k] = append(g.methods[k], node{f, fn})
			}
		}
	}
	for _, f := range r.Files {
		if f.Facts == nil {
			continue
		}
		for i := range f.Facts.Functions {
			fn := &f.Facts.Functions[i]
			for _, c := range fn.Calls {
				if t := g.resolve(f, fn, c.Callee); t != nil && t != fn {
					g.callers[t] = append(g.callers[t], edge{node{f, fn}, c.Line})
				}
			}
		}
	}
	return g
}

// resolve finds the function a call names, or nil.
func (g *graph) resolve(f *analyze.File, fn *extract.Function, callee string) *extract.Function {
	r := g.r
	if m, ok := strings.CutPrefix(callee, "super()."); ok {
		class := f.ClassOf(fn)
		if class == nil {
			return nil
		}
		for _, b := range class.Bases {
			if d := r.Resolve(f, b); d.Class != nil {
				if _, t := r.Method(d.File, d.Class, m); t != nil {
					return t
				}
			}
		}
		return nil
	}
	first, rest, dotted := strings.Cut(callee, ".")
	if !dotted {
		if t := f.Function(fn.Name + "." + callee); t != nil && fn.Name != analyze.ModuleFunction {
			return t // a nested function
		}
		return g.named(f, callee)
	}
	last := callee[strings.LastIndexByte(callee, '.')+1:]
	obj := callee[:len(callee)-len(last)-1]
	if fn.Receiver != "" && first == fn.Receiver {
		class := f.ClassOf(fn)
		if !strings.Contains(rest, ".") {
			if _, t := r.Method(f, class, rest); t != nil {
				return t
			}
			return nil // a method of a subclass, or an attribute holding a function
		}
		// self.attr.m(): the class of attr from its constructor call.
		attr := strings.TrimPrefix(obj, first+".")
		if !strings.Contains(attr, ".") {
			for _, aa := range r.AttrAssigns(f, class, attr) {
				if t := g.methodOf(aa.File, aa.Assign.Callee, last); t != nil {
					return t
				}
			}
		}
		return g.unique(f.Language, last)
	}
	if !strings.Contains(obj, ".") {
		for i := range fn.Assigns {
			if a := &fn.Assigns[i]; a.Target == obj && a.Callee != "" {
				if t := g.methodOf(f, a.Callee, last); t != nil {
					return t
				}
			}
		}
	}
	if t := g.named(f, callee); t != nil {
		return t
	}
	return g.unique(f.Language, last)
}

// named resolves a plain or dotted name to a function, or to the __init__
// of a class.
func (g *graph) named(f *analyze.File, name string) *extract.Function {
	d := g.r.Resolve(f, name)
	switch {
	case d.Function != nil:
		return d.Function
	case d.Class != nil:
		_, t := g.r.Method(d.File, d.Class, "__init__")
		return t
	}
	return nil
}

// methodOf returns method m of the class a constructor call names.
func (g *graph) methodOf(f *analyze.File, ctor, m string) *extract.Function {
	if ctor == "" {
		return nil
	}
	if d := g.r.Resolve(f, ctor); d.Class != nil {
		_, t := g.r.Method(d.File, d.Class, m)
		return t
	}
	return nil
}

// commonMethods are method names of builtin types and common protocols:
// a call of one on an unknown object says nothing about which class it
// reaches.
var commonMethods = map[string]bool{
	"get": true, "set": true, "items": true, "keys": true, "values": true, "update": true, "pop": true,
	"append": true, "extend": true, "insert": true, "remove": true, "clear": true, "copy": true, "add": true,
	"discard": true, "index": true, "count": true, "sort": true, "reverse": true, "setdefault": true,
	"read": true, "write": true, "close": true, "open": true, "flush": true, "seek": true, "tell": true,
	"readline": true, "readlines": true, "send": true, "recv": true, "join": true, "split": true,
	"strip": true, "format": true, "encode": true, "decode": true, "replace": true, "find": true,
	"startswith": true, "endswith": true, "lower": true, "upper": true, "run": true, "start": true,
	"stop": true, "put": true, "wait": true, "acquire": true, "release": true, "cancel": true,
	"result": true, "call": true, "apply": true, "parse": true, "load": true, "loads": true,
	"dump": true, "dumps": true, "match": true, "search": true, "sub": true, "group": true,
	"to": true, "item": true, "size": true, "view": true, "reshape": true, "forward": true, "step": true,
	"reset": true, "register": true, "execute": true, "connect": true, "fileno": true, "name": true,
}

// unique returns the only method of the repository in language lang with
// a given name, or nil.
func (g *graph) unique(lang, m string) *extract.Function {
	if commonMethods[m] || strings.HasPrefix(m, "__") {
		return nil
	}
	if ns := g.methods[methodKey{lang, m}]; len(ns) == 1 {
		return ns[0].fn
	}
	return nil
}

// direct returns a function's callers, one per calling function, sorted
// by path and line, at most maxCallers of them, and how many there are.
func (g *graph) direct(fn *extract.Function) (callers []errdex.Caller, total int) {
	var out []errdex.Caller
	seen := map[*extract.Function]bool{}
	for _, e := range g.callers[fn] {
		if seen[e.from.fn] || e.from.fn.Name == fn.Name {
			continue // a namesake (a method defined in two branches) reads as recursion
		}
		seen[e.from.fn] = true
		out = append(out, errdex.Caller{Function: e.from.fn.Name, Path: e.from.file.Path, Line: e.line})
	}
	slices.SortFunc(out, func(a, b errdex.Caller) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
	})
	total = len(out)
	if len(out) > maxCallers {
		out = out[:maxCallers]
	}
	return out, total
}

// entry reports whether a function is a public entry point: public, and
// called by no public function (private helpers and tests may call it).
func (g *graph) entry(n node) bool {
	if n.fn.Name == analyze.ModuleFunction {
		return true
	}
	if !public(n) {
		return false
	}
	for _, e := range g.callers[n.fn] {
		if public(e.from) && e.from.fn.Name != analyze.ModuleFunction {
			return false
		}
	}
	return true
}

// public reports whether a function is part of a public API: no segment
// of its name (dunder methods aside) nor of its path starts with "_", and
// it is not in a test.
func public(n node) bool {
	if isPrivatePath(n.file.Path) {
		return false
	}
	for _, seg := range strings.Split(n.fn.Name, ".") {
		if strings.HasPrefix(seg, "_") && !(strings.HasPrefix(seg, "__") && strings.HasSuffix(seg, "__")) {
			return false
		}
	}
	return true
}

func isPrivatePath(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, "_") && !strings.HasPrefix(seg, "__") ||
			seg == "test" || seg == "tests" || strings.HasPrefix(seg, "test_") || strings.HasSuffix(seg, "_test.py") {
			return true
		}
	}
	return path.Base(p) == "conftest.py"
}

// path returns the shortest call chain from an entry point to the
// function of n, entry first, or nil when n has no callers or no entry
// point reaches it within maxPath calls.
func (g *graph) path(n node) []errdex.Caller {
	if len(g.callers[n.fn]) == 0 {
		return nil
	}
	type step struct {
		n    node
		next int // index in visited of the callee this call reaches; -1 for n
		line int
		len  int
	}
	visited := []step{{n, -1, 0, 0}}
	seen := map[*extract.Function]bool{n.fn: true}
	for i := 0; i < len(visited) && len(visited) < maxVisit; i++ {
		cur := visited[i]
		if i > 0 && g.entry(cur.n) {
			var out []errdex.Caller
			for j := i; visited[j].next >= 0; j = visited[j].next {
				s := visited[j]
				out = append(out, errdex.Caller{Function: s.n.fn.Name, Path: s.n.file.Path, Line: s.line})
			}
			return out
		}
		if cur.len == maxPath {
			continue
		}
		for _, e := range g.callers[cur.n.fn] {
			if seen[e.from.fn] || e.from.fn.Name == n.fn.Name {
				continue
			}
			seen[e.from.fn] = true
			visited = append(visited, step{e.from, i, e.line, cur.len + 1})
		}
	}
	return nil
}

// goSentinels records, for each Go sentinel error, the functions that
// return it as its callers.
func goSentinels(r *analyze.Repo) {
	type key struct{ dir, name string }
	sentinels := map[key]*errdex.Site{}
	for _, gf := range goFiles(r) {
		for _, s := range gf.Sentinels {
			if s.Site != nil {
				sentinels[key{gf.Dir, s.Name}] = s.Site
			}
		}
	}
	if len(sentinels) == 0 {
		return
	}
	for f, gf := range goFiles(r) {
		for _, ref := range gf.Refs {
			dir := gf.Dir
			if ref.Import != "" {
				dir = r.GoPackage(ref.Import)
			}
			s := sentinels[key{dir, ref.Name}]
			if s == nil {
				continue
			}
			c := errdex.Caller{Function: ref.Function, Path: cmp.Or(ref.Span.Path, f.Path), Line: ref.Span.Line}
			if slices.ContainsFunc(s.Callers, func(x errdex.Caller) bool { return x.Function == c.Function }) {
				continue
			}
			s.Reach.Callers++
			if len(s.Callers) < maxCallers {
				s.Callers = append(s.Callers, c)
			}
		}
	}
	for _, s := range sentinels {
		slices.SortFunc(s.Callers, func(a, b errdex.Caller) int {
			return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
		})
	}
}
