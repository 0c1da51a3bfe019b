// Package config traces the values a site's conditions and message read
// back to where they come from, and finds the configuration behind them.
//
// Starting from the names in the site's guards and its statement's reads,
// it follows, breadth first and at most four steps deep:
//
//   - the local assignments of the enclosing function that reach the
//     site (reaching definitions, read from the conditions under which
//     each assignment runs, extract.Assign.Guards): walking back from the
//     site, the assignments that may run, up to the last one that runs
//     whenever the site does (or an if statement whose clauses all
//     assign the name), at most three; the parameter when no such
//     assignment precedes the site (one without default only when an
//     assignment may replace its value). An assignment in another clause of an
//     if statement than the site, or in a block that returns or raises
//     before the site, does not reach it;
//   - receiver attributes (self.x): their assignments in the methods of
//     the class, __init__ first, or in the nearest base class that assigns
//     them, else a class-level field;
//   - module globals of the file, and names imported from other files of
//     the repository (following re-exports);
//
// and traces the names each found value reads, in the function that
// assigns it. Every step is recorded as an errdex.Fact citing path:line.
//
// A name is configuration (an errdex.ConfigRef) when:
//
//   - the value read is an environment read (os.environ.get("X", "0"),
//     os.getenv, os.environ[...], helpers named *env*) on the lines of a
//     followed assignment, or on the site's or a guard's lines;
//   - its last attribute names an environment variable declared through a
//     wrapper anywhere in the repository (envs.X.get() with X = EnvInt(0)):
//     the declaration gives the default and the cited location;
//   - it reads the destination of a command-line flag declared in the same
//     top-level package through an arguments-like object (args.max_tokens,
//     server_args.max_tokens for --max-tokens);
//   - it reads a field of a settings class of the same top-level package
//     through an object named like
//     the class (server_args.x for ServerArgs.x), the class's own receiver,
//     or an arguments-like object; a flag whose default is that field
//     (add_argument("--x", default=ServerArgs.x)) comes with it.
//
// ConfigRef.Via lists the names from the site's condition to the setting,
// joined by " ← " ("self.enabled ← max_tokens ← envs.MAX_TOKENS"); the
// explain package reads it with the provenance facts to say how a setting
// reaches the raise.
package config

import (
	"path"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract"
)

// Analyzer fills Site.Provenance and Site.Config.
var Analyzer = &analyze.Analyzer{
	Name: "config",
	Doc:  "provenance of the values a site's guards and message read, and the environment variables, flags and settings behind them",
	Run:  run,
}

// Limits that keep the tracing cheap and the pages short.
const (
	maxDepth   = 4
	maxItems   = 48
	maxFacts   = 12
	maxConfig  = 6
	maxLocals  = 3
	maxAttrSet = 3
	// maxVia bounds the names between a condition and a setting: a
	// longer chain links them too loosely to explain anything.
	maxVia = 4
)

// ViaSep separates the names of ConfigRef.Via.
const ViaSep = " ← "

func run(p *analyze.Pass) {
	d := newDecls(p.Repo)
	for _, s := range p.Repo.Sites {
		f, fn := p.Repo.SiteFile(s), p.Repo.SiteFunction(s)
		if f == nil || fn == nil {
			continue
		}
		t := &tracer{r: p.Repo, d: d, site: s, seen: map[string]bool{}, seenConfig: map[string]bool{}}
		t.trace(f, fn)
		// The extractor's facts (a helper that builds the message, a
		// value returned from elsewhere) come first: the matcher reads
		// them.
		for _, f := range t.facts {
			if !slices.ContainsFunc(s.Provenance, func(g errdex.Fact) bool { return g.Location == f.Location && g.Name == f.Name }) {
				s.Provenance = append(s.Provenance, f)
			}
		}
		s.Config = append(s.Config, t.config...)
		if name := s.EnvVariable(); name != "" {
			// The variable the lookup reads comes first, before those of
			// its conditions and of other lookups on its lines.
			if i := slices.IndexFunc(s.Config, func(c errdex.ConfigRef) bool { return c.Kind == extract.ConfigEnv && c.Name == name }); i > 0 {
				c := s.Config[i]
				copy(s.Config[1:i+1], s.Config[:i])
				s.Config[0] = c
			}
		}
	}
}

// decl is a configuration declaration and its file.
type decl struct {
	file *analyze.File
	use  *extract.ConfigUse
}

// decls indexes the repository's declarations by the attribute code reads
// them through.
type decls struct {
	env   map[string]decl   // wrapper attribute (Dest) → declaration
	flags map[string][]decl // flag destination → declarations
	// fields are the declarations bound to a field of a class or struct
	// (ConfigUse.Owner): settings, and environment variables named by a
	// field's tag; field name → declarations.
	fields map[string][]decl
}

func newDecls(r *analyze.Repo) *decls {
	d := &decls{env: map[string]decl{}, flags: map[string][]decl{}, fields: map[string][]decl{}}
	for _, f := range r.Files {
		if f.Facts == nil {
			continue
		}
		for i := range f.Facts.Config {
			u := &f.Facts.Config[i]
			if !u.Decl || u.Dest == "" {
				continue
			}
			switch {
			case u.Owner != "":
				d.fields[u.Dest] = append(d.fields[u.Dest], decl{f, u})
			case u.Kind == extract.ConfigEnv:
				if _, dup := d.env[u.Dest]; !dup {
					d.env[u.Dest] = decl{f, u}
				}
			case u.Kind == extract.ConfigFlag:
				d.flags[u.Dest] = append(d.flags[u.Dest], decl{f, u})
			}
		}
	}
	return d
}

// tracer traces one site.
type tracer struct {
	r          *analyze.Repo
	d          *decls
	site       *errdex.Site
	facts      []errdex.Fact
	config     []errdex.ConfigRef
	seen       map[string]bool
	seenConfig map[string]bool
	queue      []item
}

// item is a name to trace in a function.
type item struct {
	file *analyze.File
	fn   *extract.Function
	name string
	// before limits local assignments to those on earlier lines (0: no
	// limit).
	before int
	// guards are the conditions that hold where the name is read: the
	// site's guards, or those of the assignment whose value reads it.
	guards []errdex.Guard
	via    []string
	depth  int
}

func (t *tracer) trace(f *analyze.File, fn *extract.Function) {
	s := t.site
	lines := map[int]bool{}
	for l := s.Location.Line; l <= max(s.Location.Line, s.Location.EndLine); l++ {
		lines[l] = true
	}
	for _, g := range s.Guards {
		lines[g.Line] = true
		for _, n := range g.Names {
			t.push(item{file: f, fn: fn, name: n, before: s.Location.Line, guards: s.Guards, via: []string{n}})
		}
	}
	for _, n := range t.r.SiteReads(s) {
		t.push(item{file: f, fn: fn, name: n, before: s.Location.Line, guards: s.Guards, via: []string{n}})
	}
	// Environment reads written in the conditions or the statement.
	for i := range f.Facts.Config {
		if u := &f.Facts.Config[i]; !u.Decl && u.Function == fn.Name && lines[u.Line] {
			t.addUse(f, u, nil)
		}
	}
	for processed := 0; len(t.queue) > 0 && processed < maxItems; processed++ {
		it := t.queue[0]
		t.queue = t.queue[1:]
		t.step(it)
	}
}

func (t *tracer) push(it item) {
	key := it.file.Path + "\x00" + it.fn.Name + "\x00" + it.name
	if t.seen[key] || it.depth > maxDepth || len(it.via) > maxVia {
		return
	}
	t.seen[key] = true
	t.queue = append(t.queue, it)
}

// step traces one name.
func (t *tracer) step(it item) {
	if it.name == "environ" || strings.HasSuffix(it.name, ".environ") {
		return // the environment itself: its reads are configuration uses
	}
	if t.configByName(it) {
		return
	}
	first, rest, dotted := strings.Cut(it.name, ".")
	if it.fn.Receiver != "" && first == it.fn.Receiver && dotted {
		attr, _, _ := strings.Cut(rest, ".")
		t.attribute(it, attr)
		return
	}
	if t.local(it, first) {
		return
	}
	t.global(it, first, rest, dotted)
}

// attribute traces self.attr through the class's methods.
func (t *tracer) attribute(it item, attr string) {
	class := it.file.ClassOf(it.fn)
	name := it.fn.Receiver + "." + attr
	var as []analyze.AttrAssign
	if it.file.Language == "go" {
		as = t.r.FieldAssigns(it.file, it.fn.Class, attr)
	} else {
		as = t.r.AttrAssigns(it.file, class, attr)
	}
	for i, aa := range as {
		if i == maxAttrSet {
			break
		}
		t.fact(aa.Method.Name, name, "attribute", aa.Assign.Text, aa.File, aa.Assign.Line, aa.Assign.Column)
		// An attribute set in many methods holds state, not settings:
		// only the constructor's value (a literal's field in Go), or a
		// single assignment, is traced further.
		if len(as) == 1 || strings.HasSuffix(aa.Method.Name, ".__init__") || aa.Assign.Type != "" {
			t.follow(it, aa.File, aa.Method, aa.Assign, name)
		}
	}
	if len(as) > 0 || class == nil {
		return
	}
	for i := range class.Fields {
		if a := &class.Fields[i]; a.Target == attr {
			t.fact(class.Name, name, "field", a.Text, it.file, a.Line, a.Column)
			return
		}
	}
}

// local traces a local variable or a parameter; it reports whether the
// name is one.
func (t *tracer) local(it item, name string) bool {
	if it.fn.Name == analyze.ModuleFunction {
		return false
	}
	found, killed := reaching(it.fn.Assigns, name, it.before, it.guards)
	isParam := false
	for _, p := range it.fn.Params {
		if p.Name != name {
			continue
		}
		isParam = true
		// A parameter without default is cited when assignments may
		// replace its value: it is one of the values that reach.
		if !killed && (p.HasDefault || len(found) > 0) {
			text := name
			if p.HasDefault {
				text += "=" + p.Default
			}
			t.fact(it.fn.Name, name, "param", text, it.file, p.Line, p.Column)
		}
		break
	}
	for _, d := range found {
		t.factIf(it.fn.Name, name, "assign", d.a.Text, it.file, d.a.Line, d.a.Column, d.cond)
		t.follow(it, it.file, it.fn, d.a, name)
	}
	return isParam || len(found) > 0
}

// definition is an assignment that reaches a read, with the condition
// under which it runs there ("" when it always does).
type definition struct {
	a    *extract.Assign
	cond string
}

// reaching returns the assignments of name among as that reach a read on
// line before (0: the end of the function) under guards, in source
// order, at most maxLocals; killed reports whether one of them, or an if
// statement whose clauses all assign the name, always runs before the
// read, so that no earlier value (nor the parameter's) reaches it. When
// more than maxLocals reach, the nearest are kept, with the one that
// always runs.
func reaching(as []extract.Assign, name string, before int, guards []errdex.Guard) (defs []definition, killed bool) {
	cover := 0 // the line of an if statement whose clauses all assign name
	var last *definition
	for i := len(as) - 1; i >= 0; i-- {
		a := &as[i]
		if a.Target != name || before > 0 && a.Line >= before {
			continue
		}
		if cover > 0 && a.Line < cover {
			killed = true
			break
		}
		if a.Exit > 0 && before > a.Exit || excluded(a.Guards, guards) {
			continue // it returns or raises first, or runs in another branch
		}
		d := definition{a: a, cond: condition(a.Guards, guards)}
		if d.cond == "" && a.Op == "=" {
			last, killed = &d, true
			break
		}
		if d.cond != "" && a.Cover > 0 && a.Op == "=" {
			cover = a.Cover
		}
		defs = append(defs, d)
	}
	if cover > 0 {
		killed = true // the clauses of the if statement assign it
	}
	if n := maxLocals; len(defs) >= n {
		if last != nil {
			n--
		}
		defs = defs[:n]
	}
	if last != nil {
		defs = append(defs, *last)
	}
	slices.Reverse(defs)
	return defs, killed
}

// excluded reports whether an assignment running under guards as cannot
// run before a read under guards at: one of them holds in a clause of an
// if statement and the other in another clause of it.
func excluded(as, at []errdex.Guard) bool {
	for _, g := range as {
		if !clauseKind(g.Kind) {
			continue
		}
		for _, h := range at {
			if h.Line == g.Line && clauseKind(h.Kind) && h.Negated != g.Negated {
				return true
			}
		}
	}
	return false
}

func clauseKind(kind string) bool { return kind == "if" || kind == "elif" || kind == "else" }

// condition writes the guards of an assignment that do not hold at the
// read as one condition: "x is None", "for x in xs" (a loop alone),
// "except KeyError", "x in xs and (a or b)"; "" when they all do.
func condition(as, at []errdex.Guard) string {
	var kept []errdex.Guard
	for _, g := range as {
		if !slices.ContainsFunc(at, func(h errdex.Guard) bool { return h.Line == g.Line && h.Condition == g.Condition }) {
			kept = append(kept, g)
		}
	}
	if len(kept) == 1 && kept[0].Kind == "for" {
		return "for " + kept[0].Condition
	}
	parts := make([]string, len(kept))
	for i, g := range kept {
		// Within the loop, "x in xs" holds.
		parts[i] = g.Condition
		if target, iter, ok := strings.Cut(g.Condition, " in "); ok && g.Kind == "for" && len(kept) > 1 &&
			strings.Contains(target, ",") && !strings.HasPrefix(target, "(") {
			parts[i] = "(" + target + ") in " + iter
		}
		if len(kept) > 1 && (strings.Contains(g.Condition, " or ") || strings.Contains(g.Condition, " if ") ||
			strings.Contains(g.Condition, "lambda")) {
			parts[i] = "(" + g.Condition + ")"
		}
	}
	return strings.Join(parts, " and ")
}

// global traces a module-level name of the file, or an imported one.
func (t *tracer) global(it item, first, rest string, dotted bool) {
	f := it.file
	if f.Language == "go" {
		t.goGlobal(it, first, rest, dotted)
		return
	}
	if gs := f.Globals(first); len(gs) > 0 {
		if len(gs) > maxLocals {
			gs = gs[len(gs)-maxLocals:]
		}
		for _, a := range gs {
			t.fact("", first, "constant", a.Text, f, a.Line, a.Column)
			t.follow(it, f, f.Function(analyze.ModuleFunction), a, first)
		}
		return
	}
	d := t.r.Resolve(f, it.name)
	if d.Global == nil && dotted {
		// A class attribute or a module constant one level down.
		d = t.r.Resolve(f, first+"."+strings.SplitN(rest, ".", 2)[0])
		if d.IsZero() {
			if c := t.r.Resolve(f, first); c.Class != nil {
				field, _, _ := strings.Cut(rest, ".")
				for i := range c.Class.Fields {
					if a := &c.Class.Fields[i]; a.Target == field {
						t.fact(c.Class.Name, first+"."+field, "field", a.Text, c.File, a.Line, a.Column)
						return
					}
				}
			}
		}
	}
	if d.Global != nil {
		t.fact("", it.name, "constant", d.Global.Text, d.File, d.Global.Line, d.Global.Column)
		t.follow(it, d.File, d.File.Function(analyze.ModuleFunction), d.Global, it.name)
	}
}

// goGlobal traces a package-level variable of a Go file's package
// (first), or of a package it imports (first.X).
func (t *tracer) goGlobal(it item, first, rest string, dotted bool) {
	name := first
	gf, gs := (*analyze.File)(nil), []*extract.Assign(nil)
	if dotted {
		seg, _, _ := strings.Cut(rest, ".")
		name = first + "." + seg
		gf, gs = t.r.GoGlobals(it.file, name)
	}
	if gs == nil {
		name = first
		gf, gs = t.r.GoGlobals(it.file, first)
	}
	if len(gs) > maxLocals {
		gs = gs[len(gs)-maxLocals:]
	}
	for _, a := range gs {
		t.fact("", name, "constant", a.Text, gf, a.Line, a.Column)
		t.follow(it, gf, gf.Function(analyze.ModuleFunction), a, name)
	}
}

// follow traces what an assignment's value reads, in the function that
// assigns it, and records the environment reads on its lines.
func (t *tracer) follow(it item, f *analyze.File, fn *extract.Function, a *extract.Assign, name string) {
	if fn == nil {
		return
	}
	via := append(append([]string(nil), it.via...), name)
	if via[len(via)-2] == name {
		via = via[:len(via)-1]
	}
	for i := range f.Facts.Config {
		u := &f.Facts.Config[i]
		if !u.Decl && u.Function == fn.Name && u.Line >= a.Line && u.Line <= max(a.Line, a.EndLine) {
			t.addUse(f, u, via)
		}
	}
	if a.Op != "=" {
		return // an accumulation (+=) reads what is added, rarely the cause
	}
	for _, r := range a.Reads {
		t.push(item{file: f, fn: fn, name: r, before: a.Line, guards: a.Guards, via: append(via[:len(via):len(via)], r), depth: it.depth + 1})
	}
}

// configByName reports whether a name reads declared configuration, and
// records it.
func (t *tracer) configByName(it item) bool {
	dot := strings.LastIndexByte(it.name, '.')
	if dot < 0 {
		return false
	}
	last := it.name[dot+1:]
	obj := it.name[:dot]
	prev := obj[strings.LastIndexByte(obj, '.')+1:]
	found := false
	if d, ok := t.d.env[last]; ok {
		t.addDecl(d, it.via)
		return true
	}
	for _, d := range t.d.flags[last] {
		// A destination of one name is read through an arguments-like
		// object (args.port); a longer one (Cluster.Name, of
		// &opts.Cluster.Name) by its whole chain.
		if strings.Contains(d.use.Dest, ".") && !strings.HasSuffix(it.name, "."+d.use.Dest) ||
			!strings.Contains(d.use.Dest, ".") && !argsLike(prev) {
			continue
		}
		if t.visible(d.file, it.file) {
			t.addDecl(d, it.via)
			found = true
		}
	}
	for _, d := range t.fieldDecls(it, last, obj, prev) {
		t.addDecl(d, it.via)
		found = true
		// A flag whose default is this field sets it.
		for _, fl := range t.d.flags[last] {
			if fl.use.Default == d.use.Name {
				t.addDecl(fl, it.via)
			}
		}
	}
	return found
}

// fieldDecls returns the declarations of a field that obj.field (prev
// the last name of obj) may read: a field of the method's own class, of
// a class named like prev (server_args for ServerArgs), or, read
// through an arguments-like object, of a settings class.
//
// Go and Rust code is typed, and a package often declares many option structs
// with the same field names (Name, Replicas): a Go read is matched by
// the type of obj where the code declares it (a parameter cfg
// *StreamConfig, a local built by a StreamConfig literal), else through
// a generic name (cfg, opts, config, options) only when one struct of
// the ending it names (Config, Options) has the field.
func (t *tracer) fieldDecls(it item, field, obj, prev string) []decl {
	goRead := it.file.Language == "go" || it.file.Language == "rust"
	var strong, weak []decl
	owners := map[string]bool{}
	for _, d := range t.d.fields[field] {
		if !t.visible(d.file, it.file) {
			continue
		}
		class := d.use.Owner
		simple := class[strings.LastIndexByte(class, '.')+1:]
		sameClass := prev == it.fn.Receiver && it.fn.Class == class && (d.file == it.file || goRead)
		switch {
		case sameClass || squash(prev) == squash(simple):
			strong = append(strong, d)
		case !goRead && argsLike(prev) && settingsName(simple):
			strong = append(strong, d) // as believed before the Go rules
		case goRead && obj == prev && declaredType(it.fn, prev) != "":
			if declaredType(it.fn, prev) == simple {
				strong = append(strong, d)
			}
		case goRead && genericEnding(prev, simple):
			weak = append(weak, d)
			owners[class] = true
		}
	}
	if len(strong) > 0 || len(owners) != 1 {
		return strong
	}
	return weak
}

// declaredType returns the type a Go function declares for a name: its
// parameter's, or that of the literal a binding builds (cfg :=
// &StreamConfig{...}); "" when neither says.
func declaredType(fn *extract.Function, name string) string {
	for _, p := range fn.Params {
		if p.Name == name {
			return p.Type
		}
	}
	for i := range fn.Assigns {
		a := &fn.Assigns[i]
		if a.Target != name || a.Type != "" {
			continue
		}
		v := strings.TrimPrefix(a.Value, "&")
		if open := strings.IndexByte(v, '{'); open > 0 && strings.HasSuffix(v, "}") {
			t := v[:open]
			return t[strings.LastIndexByte(t, '.')+1:]
		}
	}
	return ""
}

// genericWords maps the generic names of settings values to the ending
// of the struct names they abbreviate.
var genericWords = map[string]string{
	"cfg": "config", "conf": "config", "config": "config",
	"opt": "options", "opts": "options", "options": "options",
	"settings": "settings", "params": "params", "args": "args", "flags": "flags",
}

// genericEnding reports whether prev is a generic name (cfg, opts) whose
// word ends the struct name class (StreamConfig, HealthOptions).
func genericEnding(prev, class string) bool {
	w := genericWords[strings.ToLower(prev)]
	return w != "" && strings.HasSuffix(strings.ToLower(class), w)
}

// visible reports whether a declaration in file decl may be what code in
// file from reads by name: in Go, when both are in the same package or
// from imports decl's package; elsewhere, when they are in the same
// top-level package (see samePackage).
func (t *tracer) visible(decl, from *analyze.File) bool {
	if from.Language != "go" || decl.Language != "go" {
		return samePackage(decl.Path, from.Path)
	}
	dir := path.Dir(decl.Path)
	if dir == path.Dir(from.Path) {
		return true
	}
	for _, imp := range from.Facts.AllImports {
		if t.r.GoPackage(imp.Module) == dir {
			return true
		}
	}
	return false
}

// samePackage reports whether two files belong to the same top-level
// package (their first directory), or are the same file: a flag or a
// settings field matched by name alone is only believed within its
// package.
func samePackage(a, b string) bool {
	if a == b {
		return true
	}
	da, _, okA := strings.Cut(a, "/")
	db, _, okB := strings.Cut(b, "/")
	return okA && okB && da == db
}

// argsLike reports whether a variable name says it holds parsed arguments
// or options.
func argsLike(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"args", "opts", "options", "config", "cfg", "settings", "namespace", "params", "flags"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return l == "ns"
}

func settingsName(class string) bool {
	for _, s := range []string{"Args", "Arguments", "Config", "Settings", "Options", "Params"} {
		if strings.HasSuffix(class, s) {
			return true
		}
	}
	return false
}

// squash lower-cases a name and drops underscores: server_args and
// ServerArgs both become serverargs.
func squash(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

func (t *tracer) addDecl(d decl, via []string) {
	t.addConfig(d.file, d.use, strings.Join(via, ViaSep))
}

func (t *tracer) addUse(f *analyze.File, u *extract.ConfigUse, via []string) {
	v := append(append([]string(nil), via...), u.Text)
	t.addConfig(f, u, strings.Join(v, ViaSep))
}

func (t *tracer) addConfig(f *analyze.File, u *extract.ConfigUse, via string) {
	key := u.Kind + "\x00" + u.Name
	if t.seenConfig[key] || len(t.config) >= maxConfig {
		return
	}
	t.seenConfig[key] = true
	t.config = append(t.config, errdex.ConfigRef{Name: u.Name, Kind: u.Kind, Default: u.Default, HasDefault: u.HasDefault,
		Location: span(f, u.Line, u.Column), Via: via})
}

// fact records a cited statement; fn is the function it is in ("" at
// module level).
func (t *tracer) fact(fn, name, kind, text string, f *analyze.File, line, col int) {
	t.factIf(fn, name, kind, text, f, line, col, "")
}

// factIf records a cited assignment that runs under a condition ("" for
// none).
func (t *tracer) factIf(fn, name, kind, text string, f *analyze.File, line, col int, cond string) {
	if len(t.facts) >= maxFacts {
		return
	}
	for _, x := range t.facts {
		if x.Location.Path == f.Path && x.Location.Line == line && x.Name == name {
			return
		}
	}
	t.facts = append(t.facts, errdex.Fact{Name: name, Kind: kind, Text: text, Function: moduleLevel(fn), Location: span(f, line, col), Condition: cond})
}

func span(f *analyze.File, line, col int) errdex.Span {
	return errdex.Span{Path: f.Path, Line: line, Column: col, EndLine: line}
}

// moduleLevel maps the top level's function name to "", as Fact wants it.
func moduleLevel(fn string) string {
	if fn == analyze.ModuleFunction {
		return ""
	}
	return fn
}
