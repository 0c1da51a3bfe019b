package golang

import (
	"cmp"
	"fmt"
	"go/token"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/template"
)

// Limits of the Link step.
const (
	maxAliasHops   = 8  // var A = B; var B = pkg.C(); func C() error { return D } ...
	maxReturnFacts = 20 // returns cited per sentinel
)

// key names a package-level declaration by its package directory.
type key struct{ dir, name string }

// linker resolves names across the Go files of a repository.
type linker struct {
	files     []*extract.FileResult
	facts     []*Facts             // parallel to files; nil for results without Go facts
	sentinels map[key][]sentinelAt // every build's, the most widely built first
	aliases   map[key]Alias
	typeAlias map[key]Alias
	getters   map[key]Alias
	tables    map[key][]tableRef
	// errnoTables are the tables each type's Error method returns an
	// element of indexed by the receiver, by the type (see tableSites),
	// and consts the errno-like constants, every build's, the most widely
	// built first (see errnoEntry).
	errnoTables map[key][]errnoTable
	consts      map[key][]constAt
	compat      map[[2]string]bool // see linker.compatible
	widths      map[string]int     // breadth by build condition (see width)
	stringers   map[key][]Stringer // every variant (build) of a type's String method
	// messages are the templates of each Error method's site before its
	// tables became sites of their own: what values of its type print.
	messages map[*errdex.Site][]errdex.Template
	// conds are the conditions on a helper's parameters that the
	// messages of a site of a value built in the helper carry, by site and
	// templateKey (see conds.go).
	conds map[*errdex.Site]map[string][]Cond
	// drop are the sites Link removes (see sweep).
	drop     map[*errdex.Site]bool
	structs  map[key][]string
	fieldTys map[key][]TypeRef // parallel to structs
	lists    map[key]TypeRef   // element type of each slice or array type
	listOf   map[key][]key     // the list types of each element type, see listsOf
	errTypes map[key]ErrorType
	dirs     []string
	hasDir   map[string]bool
	prefixes map[string]string // module path → its root directory, see modulePrefixes
	dirOf    map[string]string // import path → directory, memoised
}

// tableRef is a table of messages and the facts of its file.
type tableRef struct {
	file  *extract.FileResult
	fx    *Facts
	table *Table
}

// link resolves, across files: package-level values named in messages,
// String methods and tables of messages
// behind Error methods, composite literals of error types (dropping those
// of other types), calls of helpers, the constants helpers' callers pass,
// sentinels named in messages, and the returns of each sentinel.
func link(files []*extract.FileResult) {
	l := newLinker(files)
	l.inlineValues()
	l.tableSites()
	l.resolveLiterals()
	l.sweep()
	ix := l.helperSites()
	l.fieldSites()
	l.callerTemplates(ix)
	l.inlineSentinels()
	l.citeReturns()
	l.plainFormats()
	for _, f := range files {
		pruneFacts(f)
	}
}

// plainFormats makes the holes of type holeFormat no text filled HoleStr,
// and drops the messages that then repeat another.
func (l *linker) plainFormats() {
	for _, f := range l.files {
		for _, s := range f.Sites {
			ts := append([]errdex.Template{s.Template}, s.Alternatives...)
			changed := false
			for j, t := range ts {
				for i, p := range t.Parts {
					if p.Type != holeFormat {
						continue
					}
					if !changed {
						// Parts may be shared with other sites.
						for k := range ts {
							ts[k].Parts = slices.Clone(ts[k].Parts)
						}
						t = ts[j]
						changed = true
					}
					t.Parts[i].Type = errdex.HoleStr
				}
			}
			if changed {
				ts = dedupe(ts, len(ts))
				s.Template, s.Alternatives = ts[0], ts[1:]
			}
		}
	}
}

func newLinker(files []*extract.FileResult) *linker {
	l := &linker{
		files:       files,
		facts:       make([]*Facts, len(files)),
		sentinels:   map[key][]sentinelAt{},
		aliases:     map[key]Alias{},
		typeAlias:   map[key]Alias{},
		getters:     map[key]Alias{},
		tables:      map[key][]tableRef{},
		errnoTables: map[key][]errnoTable{},
		consts:      map[key][]constAt{},
		compat:      map[[2]string]bool{},
		stringers:   map[key][]Stringer{},
		messages:    map[*errdex.Site][]errdex.Template{},
		drop:        map[*errdex.Site]bool{},
		conds:       map[*errdex.Site]map[string][]Cond{},
		structs:     map[key][]string{},
		lists:       map[key]TypeRef{},
		fieldTys:    map[key][]TypeRef{},
		errTypes:    map[key]ErrorType{},
		hasDir:      map[string]bool{},
		prefixes:    map[string]string{},
		dirOf:       map[string]string{},
	}
	dirs := map[string]bool{}
	for i, f := range files {
		fx, ok := f.Facts.(*Facts)
		if !ok || fx == nil {
			continue
		}
		l.facts[i] = fx
		dirs[fx.Dir] = true
		for _, s := range fx.Sentinels {
			k := key{fx.Dir, s.Name}
			l.sentinels[k] = append(l.sentinels[k], sentinelAt{s.Site, fx})
		}
		for _, a := range fx.Aliases {
			first(l.aliases, key{fx.Dir, a.Name}, a)
		}
		for _, a := range fx.TypeAliases {
			first(l.typeAlias, key{fx.Dir, a.Name}, a)
		}
		for _, g := range fx.Getters {
			first(l.getters, key{fx.Dir, g.Name}, g)
		}
		for j := range fx.Tables {
			k := key{fx.Dir, fx.Tables[j].Name}
			l.tables[k] = append(l.tables[k], tableRef{f, fx, &fx.Tables[j]})
		}
		for _, c := range fx.Consts {
			k := key{fx.Dir, c.Name}
			l.consts[k] = append(l.consts[k], constAt{c, fx})
		}
		for _, st := range fx.Stringers {
			k := key{fx.Dir, st.Name}
			st.file = fx
			l.stringers[k] = append(l.stringers[k], st)
		}
		for _, t := range fx.Lists {
			if _, dup := l.lists[key{fx.Dir, t.Name}]; !dup {
				l.lists[key{fx.Dir, t.Name}] = t.Elem
			}
		}
		for _, s := range fx.Structs {
			if _, dup := l.structs[key{fx.Dir, s.Name}]; !dup {
				l.structs[key{fx.Dir, s.Name}] = s.Fields
				l.fieldTys[key{fx.Dir, s.Name}] = s.Types
			}
		}
		for _, t := range fx.ErrorTypes {
			first(l.errTypes, key{fx.Dir, t.Name}, t)
		}
	}
	// A type's String methods for several builds: the most widely built
	// first, so that its messages lead (ProcessState's of unix and
	// windows before plan9's).
	width := l.width
	for _, sts := range l.stringers {
		if len(sts) > 1 {
			slices.SortStableFunc(sts, func(a, b Stringer) int { return width(b.file) - width(a.file) })
		}
	}
	for _, ss := range l.sentinels {
		if len(ss) > 1 {
			slices.SortStableFunc(ss, func(a, b sentinelAt) int { return width(b.file) - width(a.file) })
		}
	}
	for _, cs := range l.consts {
		if len(cs) > 1 {
			slices.SortStableFunc(cs, func(a, b constAt) int { return width(b.file) - width(a.file) })
		}
	}
	for d := range dirs {
		l.dirs = append(l.dirs, d)
		l.hasDir[d] = true
	}
	slices.Sort(l.dirs)
	l.modulePrefixes()
	return l
}

// width is how many platforms build the file with facts fx (see
// breadth), remembered by build condition.
func (l *linker) width(fx *Facts) int {
	c := buildOf(fx)
	w, ok := l.widths[c]
	if !ok {
		if l.widths == nil {
			l.widths = map[string]int{}
		}
		w = breadth(c)
		l.widths[c] = w
	}
	return w
}

// first sets m[k] unless it is set: when files for several platforms
// declare the same name in one directory, the first in path order wins.
func first[V any](m map[key]V, k key, v V) {
	if _, dup := m[k]; !dup {
		m[k] = v
	}
}

// dirFor returns the directory of the repository that holds the package
// imported as imp, or "" when the package is not in the repository:
//   - the directory named imp (Go's own tree, GOPATH layouts);
//   - imp less a module path, under the module's root directory
//     (example.com/m/a → a for a module at the repository's root, → m/a
//     for one in directory m), where modules are inferred from all
//     imports (see modulePrefixes), and the module's root directory for
//     a module path itself (example.com/m);
//   - the shortest directory ending in "/"+imp (vendored copies).
func (l *linker) dirFor(imp string) string {
	if d, ok := l.dirOf[imp]; ok {
		return d
	}
	best := ""
	if l.hasDir[imp] {
		best = imp
	} else if root, ok := l.prefixes[imp]; ok && l.hasDir[root] {
		best = root // a module's root package (hcl.Diagnostic of github.com/hashicorp/hcl/v2)
	}
	for i := 0; best == "" && i < len(imp); i++ {
		if imp[i] != '/' {
			continue
		}
		if root, ok := l.prefixes[imp[:i]]; ok && l.hasDir[path.Join(root, imp[i+1:])] {
			best = path.Join(root, imp[i+1:])
		}
	}
	if best == "" {
		for _, d := range l.dirs {
			if strings.HasSuffix(d, "/"+imp) && (best == "" || len(d) < len(best)) {
				best = d
			}
		}
	}
	l.dirOf[imp] = best
	return best
}

// minModuleDirs is how many distinct directories a module in a
// subdirectory must be seen to import of itself (see modulePrefixes).
const minModuleDirs = 2

// modulePrefixes infers the modules of the repository, their paths and
// root directories, from the imports of its files: an import "P/S" of a
// directory S of the repository votes for a module P at the root, and an
// import "P/S" of a directory R/S for a module P in directory R (a
// repository of several modules, each with its go.mod: go-toml's
// github.com/pelletier/go-toml/v2/unstable in go-toml/unstable). Each
// module path keeps the root most voted for. A module at the root is kept
// with at least a quarter of the votes of the most voted one, so that a
// module's own path wins over an outside package that happens to share a
// directory's name (github.com/pkg/errors and a local errors/); one in a
// subdirectory also when it imports minModuleDirs directories of its own.
func (l *linker) modulePrefixes() {
	// The roots at which each directory path ends: "a/b/c" ends "c" at
	// root "a/b", "b/c" at "a", "a/b/c" at ".".
	roots := map[string][]string{}
	for _, d := range l.dirs {
		roots[d] = append(roots[d], ".")
		for j := 0; j < len(d); j++ {
			if d[j] == '/' {
				roots[d[j+1:]] = append(roots[d[j+1:]], d[:j])
			}
		}
	}
	type module struct{ path, root string }
	votes := map[module]int{}
	seen := map[string]bool{}
	for _, fx := range l.facts {
		if fx == nil {
			continue
		}
		for _, p := range fx.Imports {
			if seen[p] {
				continue
			}
			seen[p] = true
			for i := 0; i < len(p); i++ {
				if p[i] != '/' {
					continue
				}
				for _, r := range roots[p[i+1:]] {
					votes[module{p[:i], r}]++
				}
			}
		}
	}
	top := 0
	for _, n := range votes {
		top = max(top, n)
	}
	best := map[string]int{}
	for m, n := range votes {
		if n*4 < top && (m.root == "." || n < minModuleDirs) {
			continue
		}
		r, ok := l.prefixes[m.path]
		if !ok || n > best[m.path] || n == best[m.path] && len(m.root) < len(r) {
			l.prefixes[m.path], best[m.path] = m.root, n
		}
	}
}

// dir resolves the package directory of a reference made in directory
// from.
func (l *linker) dir(from, imp string) string {
	if imp == "" {
		return from
	}
	return l.dirFor(imp)
}

// sentinelAt is a sentinel's site and the facts of its file.
type sentinelAt struct {
	site *errdex.Site
	file *Facts
}

// sentinel finds the site of a sentinel, following aliases, for a
// reference made in a file of the given build: of the sentinels of that
// name for several builds (ErrNotFound of lp_unix.go and lp_plan9.go), the
// first some build compiles with the reference, else the most widely
// built one (compat unset).
func (l *linker) sentinel(dir, name, build string) (site *errdex.Site, compat bool) {
	k, ok := l.follow(key{dir, name}, l.aliases, func(k key) bool { _, ok := l.sentinels[k]; return ok })
	if !ok {
		return nil, false
	}
	ss := l.sentinels[k]
	for _, s := range ss {
		if l.compatible(build, buildOf(s.file)) {
			return s.site, true
		}
	}
	return ss[0].site, false
}

// sentinelOrErrno finds what a name made in a file of the given build
// refers to: a sentinel some build compiles with the reference, else the
// entry of a table an errno-like constant reads (see errnoEntry), else a
// sentinel of another build.
func (l *linker) sentinelOrErrno(dir, name, build string) *errdex.Site {
	s, compat := l.sentinel(dir, name, build)
	if compat {
		return s
	}
	if e := l.errnoEntry(dir, name, build); e != nil {
		return e
	}
	return s
}

// follow resolves k through aliases until found(k) holds, at most
// maxAliasHops times.
func (l *linker) follow(k key, aliases map[key]Alias, found func(key) bool) (key, bool) {
	for range maxAliasHops {
		if k.dir == "" {
			return k, false
		}
		if found(k) {
			return k, true
		}
		a, ok := aliases[k]
		if !ok {
			return k, false
		}
		k = l.target(k.dir, a)
		if a.Call {
			// var ErrInvalid = errInvalid(): what the getter returns.
			g, ok := l.getters[k]
			if !ok {
				return k, false
			}
			k = l.target(k.dir, g)
		}
	}
	return k, false
}

// target is the name an alias declared in dir refers to.
func (l *linker) target(dir string, a Alias) key {
	if a.Import != "" {
		dir = l.dirFor(a.Import)
	}
	return key{dir, a.Target}
}

// eachFile calls fn for each file with Go facts.
func (l *linker) eachFile(fn func(f *extract.FileResult, fx *Facts)) {
	for i, f := range l.files {
		if l.facts[i] != nil {
			fn(f, l.facts[i])
		}
	}
}

// tableSites gives each entry of a table of messages that an Error method
// returns an element of (errors[e], or through e.String()) a site of its
// own at the entry's line: kind error-method, the method's Exception and
// Function, the method's template with the entry in place of the element.
// Of the tables of that name in the package, those of files some build
// compiles together with the method's are used (zerrors_linux_amd64.go
// for syscall_unix.go, not zerrors_windows.go); each table serves the
// first such method. The method's site keeps its other messages ("errno
// {e}"). Entries of other tables are dropped.
func (l *linker) tableSites() {
	used := map[*Table]bool{}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, et := range fx.ErrorTypes {
			m := et.Site
			all := l.withStringer(fx.Dir, et, append([]errdex.Template{m.Template}, m.Alternatives...))
			l.messages[m] = all
			var rest []errdex.Template
			made := false
			for _, t := range all {
				n := 0
				if i, name := tableHole(t, et.Recv); i >= 0 {
					for _, r := range l.tables[key{fx.Dir, name}] {
						if used[r.table] || !compatible(buildOf(fx), buildOf(r.fx)) {
							continue
						}
						used[r.table] = true
						if indexedByRecv(t.Parts[i].Expr, name, et.Recv) {
							k := key{fx.Dir, et.Name}
							l.errnoTables[k] = append(l.errnoTables[k], errnoTable{r, fx})
						}
						if slices.Contains(r.fx.Truncated, name) {
							r.file.Problems = append(r.file.Problems, fmt.Sprintf("table %s: entries past the first %d are not sites", name, maxTableEntries))
						}
						for _, e := range r.table.Entries {
							s := e.Site
							s.Template = errdex.NewTemplate(slices.Concat(t.Parts[:i], []errdex.Part{errdex.Lit(e.Text)}, t.Parts[i+1:])...)
							s.Exception, s.Function = m.Exception, m.Function
							if r.fx.Build == nil {
								guardFile(fx.Build, []*errdex.Site{s}) // built with the method
							}
							n++
						}
					}
				}
				if n == 0 {
					rest = append(rest, t)
				}
				made = made || n > 0
			}
			if !made || len(rest) == 0 {
				rest = all
			}
			rest = preferLiteral(dedupe(rest, maxMethodAlternatives))
			m.Template, m.Alternatives = rest[0], rest[1:]
		}
	})
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for j := range fx.Tables {
			if !used[&fx.Tables[j]] {
				for _, e := range fx.Tables[j].Entries {
					l.drop[e.Site] = true
				}
			}
		}
	})
}

// buildOf returns the build constraint of a file, "" for every build.
func buildOf(fx *Facts) string {
	if fx.Build == nil {
		return ""
	}
	return fx.Build.Condition
}

// tableHole returns the index in t of its first hole that indexes a
// package-level name with the receiver recv (errors[e]), and the name; -1
// when there is none. A table indexed by a field (kindNames[e.Kind], from
// e.Kind.String()) holds the field's names, not the type's messages.
func tableHole(t errdex.Template, recv string) (int, string) {
	for i, p := range t.Parts {
		if !p.IsHole() {
			continue
		}
		name, index, ok := strings.Cut(p.Expr, "[")
		if ok && isIdent(name) && strings.HasSuffix(p.Expr, "]") && (recv == "" || !strings.Contains(index, recv+".")) {
			return i, name
		}
	}
	return -1, ""
}

// withStringer replaces in an Error method's templates the holes that
// call a String method with the messages of that method (of every build's
// variant): the receiver's own (return e.String()), one promoted from an
// embedded field (ExitError embeds *os.ProcessState: e.String()), or a
// field's (return e.ProcessState.String()).
func (l *linker) withStringer(dir string, et ErrorType, ts []errdex.Template) []errdex.Template {
	if et.Recv == "" {
		return ts
	}
	var out []errdex.Template
	for _, t := range ts {
		expanded := one()
		for _, p := range t.Parts {
			if st := l.stringerOf(dir, et, p); st != nil {
				expanded = product(expanded, st)
			} else {
				expanded = product(expanded, one(p))
			}
		}
		out = append(out, expanded...)
	}
	return dedupe(out, maxMethodAlternatives)
}

// stringerOf returns the messages of the String method a hole of an Error
// method's template calls (see withStringer), or nil. Holes of the
// messages that read the String method's receiver read the value it is
// called on instead (a.code → e.ProcessState.code). A field's String
// method is used only when each of its messages has literal text: one
// that may return the value as it is (return string(c)) or an entry of a
// table (return kindNames[k]) gives nothing, so that the hole keeps
// reading the field (e.Code.String(), which a value's Code:
// ErrMissingParen fills).
func (l *linker) stringerOf(dir string, et ErrorType, p errdex.Part) []errdex.Template {
	if !p.IsHole() {
		return nil
	}
	rest, ok := strings.CutPrefix(p.Expr, et.Recv+".")
	if !ok {
		return nil
	}
	k := key{dir, et.Name}
	names, types := l.structs[k], l.fieldTys[k]
	if rest == "String()" {
		if sts := l.stringers[k]; len(sts) > 0 {
			return stringerTemplates(sts, et.Recv, false)
		}
		for i, ty := range types {
			if ty.Embedded && i < len(names) {
				if sts := l.stringers[key{l.dir(dir, ty.Import), ty.Name}]; len(sts) > 0 {
					return stringerTemplates(sts, et.Recv+"."+names[i], true)
				}
			}
		}
		return nil
	}
	field, ok := strings.CutSuffix(rest, ".String()")
	if !ok || !isIdent(field) {
		return nil
	}
	i := slices.Index(names, field)
	if i < 0 || i >= len(types) || types[i].Name == "" {
		return nil
	}
	return stringerTemplates(l.stringers[key{l.dir(dir, types[i].Import), types[i].Name}], et.Recv+"."+field, true)
}

// stringerTemplates joins the messages of a String method's variants,
// their receivers read as value. It returns nil when none has literal
// text or, if allText is set, when one has none.
func stringerTemplates(sts []Stringer, value string, allText bool) []errdex.Template {
	var ts []errdex.Template
	some, all := false, true
	for _, st := range sts {
		for _, t := range st.Templates {
			some, all = some || !t.IsOpaque(), all && !t.IsOpaque()
			ts = append(ts, readAs(t, st.Recv, value))
		}
	}
	if !some || allText && !all {
		return nil
	}
	return dedupe(ts, maxAlternatives)
}

// readAs rewrites the holes of t that read recv to read value instead:
// recv itself or string(recv) become value, recv inside a larger
// expression is replaced there.
func readAs(t errdex.Template, recv, value string) errdex.Template {
	if recv == "" || recv == value {
		return t
	}
	parts := slices.Clone(t.Parts)
	for i, p := range parts {
		if !p.IsHole() {
			continue
		}
		switch {
		case p.Expr == recv || p.Expr == "string("+recv+")":
			parts[i].Expr = value
		default:
			parts[i].Expr = replaceWhole(p.Expr, recv, value)
		}
	}
	return errdex.NewTemplate(parts...)
}

// replaceWhole replaces old in the expression e with new where old
// stands whole: an identifier (str, not the str of strconv), a field
// (e.Num, not be.Num) or a parenthesised operand ((e)), not a selected
// name (x.str, x.e.Num), nor anything inside a string or rune literal.
func replaceWhole(e, old, new string) string {
	if old == "" {
		return e
	}
	// An old that starts or ends with an identifier's byte must not
	// continue one in e.
	startsIdent, endsIdent := isIdentByte(old[0]), isIdentByte(old[len(old)-1])
	var b strings.Builder
	for i := 0; i < len(e); {
		j := i + len(old)
		switch {
		case isQuote(e[i]):
			j = literalEnd(e, i)
			b.WriteString(e[i:j])
		case strings.HasPrefix(e[i:], old) && !(startsIdent && i > 0 && e[i-1] == '.') &&
			!(endsIdent && j < len(e) && isIdentByte(e[j])):
			b.WriteString(new)
		case isIdentByte(e[i]):
			// Skip the whole identifier (or number): old never starts
			// inside one.
			for j = i + 1; j < len(e) && isIdentByte(e[j]); j++ {
			}
			b.WriteString(e[i:j])
		default:
			j = i + 1
			b.WriteByte(e[i])
		}
		i = j
	}
	return b.String()
}

// isQuote reports whether c opens a string or rune literal.
func isQuote(c byte) bool {
	return c == '"' || c == '\'' || c == '`'
}

// literalEnd returns the end of the string or rune literal that opens at
// e[i], or len(e) when the expression is cut short inside it (see clip).
func literalEnd(e string, i int) int {
	q := e[i]
	for j := i + 1; j < len(e); j++ {
		switch {
		case e[j] == '\\' && q != '`':
			j++ // an escaped byte
		case e[j] == q:
			return j + 1
		}
	}
	return len(e)
}

// isIdent reports whether s is a Go identifier.
func isIdent(s string) bool {
	return token.IsIdentifier(s)
}

// resolveLiterals gives each value of an error type (composite literal or
// conversion) the message its type's Error method builds with the value's
// fields. Values of other types keep their fallback message (panics), or
// are dropped, with any sentinel they defined.
func (l *linker) resolveLiterals() {
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		for _, lit := range fx.Literals {
			k, ok := l.follow(key{l.dir(fx.Dir, lit.Import), lit.Type}, l.typeAlias, func(k key) bool { _, ok := l.errTypes[k]; return ok })
			switch {
			case !ok && lit.Fallback != nil:
				lit.Site.Template, lit.Site.Alternatives = lit.Fallback[0], lit.Fallback[1:]
				lit.Site.Exception = ""
				if lit.Site.Template.IsOpaque() {
					lit.Site.Kind = errdex.KindRaiseObject
				}
				continue
			case !ok:
				if ts, exc, ok := stdMessages(lit); ok && l.dirFor(lit.Import) == "" {
					lit.Site.Template, lit.Site.Alternatives = ts[0], ts[1:]
					lit.Site.Exception = exc
					continue
				}
				l.drop[lit.Site] = true
				continue
			}
			ts, carried := l.literalMessages(fx, k, lit)
			if len(carried) > 0 {
				l.conds[lit.Site] = carried
			}
			ts = preferLiteral(dedupe(ts, maxMethodAlternatives))
			ts = dedupe(append(ts, l.listedMessages(k, ts)...), maxMethodAlternatives)
			lit.Site.Template, lit.Site.Alternatives = ts[0], ts[1:]
			lit.Site.Exception = l.errTypes[k].Site.Exception
		}
	})
}

// literalMessages returns the messages of a literal of error type k, in a
// file with facts fx: its Error method's, with the literal's values for
// the fields they read, and the conditions each carries by templateKey.
func (l *linker) literalMessages(fx *Facts, k key, lit Literal) ([]errdex.Template, map[string][]Cond) {
	et := l.errTypes[k]
	fields := l.literalFields(k, lit)
	m := et.Site
	messages, ok := l.messages[m]
	if !ok {
		messages = append([]errdex.Template{m.Template}, m.Alternatives...)
	}
	if l.elementFields(fx, k, lit, fields) {
		// A list literal with elements prints through them: the
		// messages that read none (len(d) == 0: "no diagnostics") are
		// those of an empty list.
		messages = slices.DeleteFunc(slices.Clone(messages), func(t errdex.Template) bool { return !readsElement(t, et.Recv) })
	}
	var ts []errdex.Template
	carried := map[string][]Cond{}
	condFields := l.constFields(fx, fields)
	for _, t := range messages {
		keep, conds := literalConds(et.Conds[templateKey(t)], lit, condFields)
		if !keep {
			continue
		}
		for _, st := range substitute(t, et.Recv, lit.Conversion, fields) {
			if len(conds) > 0 {
				carried[templateKey(st)] = conds
			}
			ts = append(ts, st)
		}
	}
	if len(ts) == 0 { // the conditions contradict each other
		for _, t := range messages {
			ts = append(ts, substitute(t, et.Recv, lit.Conversion, fields)...)
		}
		clear(carried)
	}
	return ts, carried
}

// elementFields gives the positional elements of a literal of list type k
// (see ListType) that are literals of an elided type the messages of the
// list's element type, read with the element's fields, in fields under
// "[i]", the name an Error method's d[i] reads (see fieldRef). It reports
// whether it gave any.
func (l *linker) elementFields(fx *Facts, k key, lit Literal, fields map[string]LiteralField) bool {
	ref, ok := l.lists[k]
	if !ok {
		return false
	}
	ek, ok := l.follow(key{l.dir(k.dir, ref.Import), ref.Name}, l.typeAlias, func(k key) bool { _, ok := l.errTypes[k]; return ok })
	if !ok || ek == k {
		return false
	}
	found := false
	for _, f := range lit.Fields {
		if f.Elem == nil || f.Name != "" {
			continue
		}
		ts, _ := l.literalMessages(fx, ek, *f.Elem)
		if len(ts) == 0 {
			continue
		}
		f.Template, f.Alternatives = ts[0], ts[1:]
		fields[elemName(f.Index)] = f
		found = true
	}
	return found
}

// maxListed bounds the messages of a value that listedMessages shows
// inside each message of its list types.
const maxListed = 4

// listedMessages returns what a value of error type k with messages ts
// prints as the first element of a list of its type whose Error method
// adds text to that element's (hcl.Diagnostics' "{d[0]}, and {count}
// other diagnostic(s)", go/scanner.ErrorList's "{p[0]} (and {n} more
// errors)"): code that appends such values to a list and returns the
// list (diags = append(diags, &hcl.Diagnostic{...})) delivers them so.
func (l *linker) listedMessages(k key, ts []errdex.Template) []errdex.Template {
	var out []errdex.Template
	for _, lk := range l.listsOf(k) {
		et := l.errTypes[lk]
		ms, ok := l.messages[et.Site]
		if !ok {
			ms = append([]errdex.Template{et.Site.Template}, et.Site.Alternatives...)
		}
		for _, m := range ms {
			if isSingleHole(m) || !readsElement(m, et.Recv) {
				continue
			}
			for _, v := range ts[:min(len(ts), maxListed)] {
				out = append(out, substitute(m, et.Recv, false, map[string]LiteralField{elemName(0): {Template: v}})...)
			}
		}
	}
	return out
}

// listsOf returns the error list types whose element type is k (see
// ListType), in a stable order.
func (l *linker) listsOf(k key) []key {
	if l.listOf == nil {
		l.listOf = map[key][]key{}
		lks := slices.SortedFunc(maps.Keys(l.lists), func(a, b key) int {
			return cmp.Or(strings.Compare(a.dir, b.dir), strings.Compare(a.name, b.name))
		})
		for _, lk := range lks {
			if _, ok := l.errTypes[lk]; !ok {
				continue
			}
			ref := l.lists[lk]
			ek, ok := l.follow(key{l.dir(lk.dir, ref.Import), ref.Name}, l.typeAlias, func(k key) bool { _, ok := l.errTypes[k]; return ok })
			if ok && ek != lk {
				l.listOf[ek] = append(l.listOf[ek], lk)
			}
		}
	}
	return l.listOf[k]
}

// elemName is the field name under which a list literal's element i is
// substituted (see fieldRef).
func elemName(i int) string { return "[" + strconv.Itoa(i) + "]" }

// readsElement reports whether a message of a list type's Error method
// reads an element of the receiver (d[0].Error()).
func readsElement(t errdex.Template, recv string) bool {
	for _, p := range t.Parts {
		if name, _ := fieldRef(p.Expr, recv); p.IsHole() && strings.HasPrefix(name, "[") {
			return true
		}
	}
	return false
}

// constFields returns fields, a literal's of a file with facts fx, with
// each field that names an integer constant of a named type of the
// package (or of an imported one: kind: kindUnknown, Mode: fs.ModeDir)
// read as the constant's value, for the conditions of its type's Error
// method (switch e.kind { case kindUnknown: ... }): a value the constants
// of several builds agree on. fields itself when none does.
func (l *linker) constFields(fx *Facts, fields map[string]LiteralField) map[string]LiteralField {
	var out map[string]LiteralField
	for name, f := range fields {
		if !isSingleHole(f.Template) || len(f.Alternatives) > 0 {
			continue
		}
		imp, id, ok := strings.Cut(f.Expr, ".")
		if !ok {
			imp, id = "", f.Expr
		} else if imp = fx.Imports[imp]; imp == "" {
			continue
		}
		if !isIdent(id) {
			continue
		}
		cs := l.consts[key{l.dir(fx.Dir, imp), id}]
		if len(cs) == 0 || slices.ContainsFunc(cs, func(c constAt) bool { return c.c.Value != cs[0].c.Value }) {
			continue
		}
		if out == nil {
			out = maps.Clone(fields)
		}
		f.Template = errdex.NewTemplate(errdex.Lit(cs[0].c.Value))
		out[name] = f
	}
	if out == nil {
		return fields
	}
	return out
}

// sweep removes the sites marked for dropping (values of types that are
// not errors, entries of tables no Error method returns), with any
// sentinel they defined.
func (l *linker) sweep() {
	if len(l.drop) == 0 {
		return
	}
	l.eachFile(func(f *extract.FileResult, _ *Facts) {
		f.Sites = slices.DeleteFunc(f.Sites, func(s *errdex.Site) bool { return l.drop[s] })
	})
	for k, ss := range l.sentinels {
		ss = slices.DeleteFunc(ss, func(s sentinelAt) bool { return l.drop[s.site] })
		if len(ss) == 0 {
			delete(l.sentinels, k)
		} else {
			l.sentinels[k] = ss
		}
	}
}

// literalFields maps field names to a literal's elements, naming
// positional elements by the struct's declaration order. A conversion's
// value is the field "".
func (l *linker) literalFields(k key, lit Literal) map[string]LiteralField {
	out := map[string]LiteralField{}
	if lit.Conversion {
		if len(lit.Fields) == 1 {
			out[""] = lit.Fields[0]
		}
		return out
	}
	names := l.structs[k]
	for _, f := range lit.Fields {
		switch {
		case f.Name != "":
			out[f.Name] = f
		case f.Index < len(names):
			out[names[f.Index]] = f
		}
	}
	return out
}

// substitute replaces the holes of an Error method's template that read a
// field of the receiver (e.Op, e.Err.Error(), quote(e.Num)) with the
// literal's values for those fields; for a conversion, the holes that read
// the receiver itself (string(e), e). A field of several values (see
// LiteralField.Alternatives) gives a message for each.
func substitute(t errdex.Template, recv string, conv bool, fields map[string]LiteralField) []errdex.Template {
	if recv == "" {
		return one(t.Parts...)
	}
	acc := one()
	for _, p := range t.Parts {
		if !p.IsHole() {
			acc = product(acc, one(p))
			continue
		}
		name, exact := fieldRef(p.Expr, recv)
		if conv {
			name, exact = "", p.Expr == recv || p.Expr == "string("+recv+")"
			if !exact && !strings.Contains(p.Expr, "("+recv+")") {
				acc = product(acc, one(p))
				continue
			}
		}
		f, ok := fields[name]
		if name == "" && !conv || !ok {
			acc = product(acc, one(p))
			continue
		}
		old := recv + "." + name
		if strings.HasPrefix(name, "[") {
			old = recv + name
		}
		if conv {
			old = "(" + recv + ")"
			f.Expr = "(" + f.Expr + ")"
		}
		var alts []errdex.Template
		for _, v := range append([]errdex.Template{f.Template}, f.Alternatives...) {
			alts = append(alts, errdex.NewTemplate(fill(p, v, exact, old, f.Expr)...))
		}
		acc = product(acc, alts)
	}
	for i := range acc {
		acc[i] = template.DistinctHoles(acc[i])
	}
	return acc
}

// fieldRef finds the receiver field a hole's expression reads: exact when
// the expression is the field itself or its Error()/String() text
// ("e.Op", "e.Err.Error()"), not exact when the field is inside a larger
// expression ("quote(e.Num)").
func fieldRef(expr, recv string) (name string, exact bool) {
	if rest, ok := strings.CutPrefix(expr, recv+"["); ok {
		// An element of a list receiver: d[0], d[0].Error().
		if i := strings.IndexByte(rest, ']'); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil && n >= 0 {
				tail := rest[i+1:]
				return elemName(n), tail == "" || tail == ".Error()" || tail == ".String()"
			}
		}
	}
	prefix := recv + "."
	for i := 0; i+len(prefix) <= len(expr); {
		j := strings.Index(expr[i:], prefix)
		if j < 0 {
			return "", false
		}
		at := i + j
		i = at + len(prefix)
		if at > 0 && isIdentByte(expr[at-1]) {
			continue
		}
		k := i
		for k < len(expr) && isIdentByte(expr[k]) {
			k++
		}
		if k == i {
			continue
		}
		name, rest := expr[i:k], expr[k:]
		whole := at == 0 && (rest == "" || rest == ".Error()" || rest == ".String()")
		return name, whole
	}
	return "", false
}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// inlineSentinels replaces holes that name a sentinel error (%w of
// ErrSyntax, a literal's Err: ErrSyntax field) with the sentinel's message,
// and records the link as a "wraps" fact citing the sentinel's site. The
// sentinels' own templates are settled first.
func (l *linker) inlineSentinels() {
	for _, sentinelsFirst := range []bool{true, false} {
		l.eachFile(func(f *extract.FileResult, fx *Facts) {
			isSentinel := map[*errdex.Site]bool{}
			for _, s := range fx.Sentinels {
				isSentinel[s.Site] = true
			}
			for _, s := range f.Sites {
				if isSentinel[s] == sentinelsFirst {
					l.inline(s, fx)
				}
			}
		})
	}
}

func (l *linker) inline(s *errdex.Site, fx *Facts) {
	one := func(t errdex.Template) errdex.Template {
		var parts []errdex.Part
		changed := false
		for _, p := range t.Parts {
			if p.IsHole() && (p.Type == errdex.HoleError || p.Type == errdex.HoleAny) {
				if target := l.sentinelNamed(fx, p.Expr); target != nil && target != s && !target.Template.IsOpaque() && len(target.Alternatives) == 0 {
					if len(t.Parts) == 1 && s.Exception == "" {
						s.Exception = target.Exception // panic(divideError) panics with a runtime.errorString
					}
					parts = append(parts, target.Template.Parts...)
					changed = true
					s.Provenance = appendFact(s.Provenance, errdex.Fact{
						Name: p.Hole, Kind: errdex.FactWraps, Text: p.Expr + ": " + target.Template.String(), Location: target.Location.Span,
					}, maxReturnFacts)
					continue
				}
			}
			parts = append(parts, p)
		}
		if !changed {
			return t
		}
		return errdex.NewTemplate(parts...)
	}
	s.Template = one(s.Template)
	for i, t := range s.Alternatives {
		s.Alternatives[i] = one(t)
	}
	if s.Kind == errdex.KindRaiseObject && !s.Template.IsOpaque() {
		s.Kind = errdex.KindPanic // panic(divideError): the message is now known
	}
}

// sentinelNamed resolves an expression "ErrX" or "pkg.ErrX" to a
// sentinel, or "EEXIST" or "syscall.EEXIST" to the entry of a table of
// messages it reads.
func (l *linker) sentinelNamed(fx *Facts, expr string) *errdex.Site {
	q, name, qualified := strings.Cut(expr, ".")
	if !qualified {
		if !isIdent(expr) {
			return nil
		}
		return l.sentinelOrErrno(fx.Dir, expr, buildOf(fx))
	}
	imp, ok := fx.Imports[q]
	if !ok || !isIdent(name) {
		return nil
	}
	return l.sentinelOrErrno(l.dirFor(imp), name, buildOf(fx))
}

// citeReturns records, on each sentinel's site, the return statements
// that return it.
func (l *linker) citeReturns() {
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, r := range fx.Refs {
			s, _ := l.sentinel(l.dir(fx.Dir, r.Import), r.Name, buildOf(fx))
			if s == nil {
				continue
			}
			s.Provenance = appendFact(s.Provenance, errdex.Fact{
				Name: r.Name, Kind: "return", Text: r.Function + ": " + r.Text, Location: r.Span,
			}, maxReturnFacts)
		}
	})
}

// appendFact appends f unless an equal fact is present or the list holds
// max facts of f's kind.
func appendFact(list []errdex.Fact, f errdex.Fact, max int) []errdex.Fact {
	n := 0
	for _, g := range list {
		if g == f {
			return list
		}
		if g.Kind == f.Kind {
			n++
		}
	}
	if n >= max {
		return list
	}
	return append(list, f)
}
