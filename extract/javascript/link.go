package javascript

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/template"
)

// classEntry is a class with the file that defines it.
type classEntry struct {
	class *Class
	file  *Facts
}

// linker resolves error classes across the files of one language.
type linker struct {
	files  map[string]*Facts                 // by path
	byName map[string][]*classEntry          // by class name
	inFile map[*Facts]map[string]*classEntry // by file, then name
}

// link runs after every file is extracted. It replaces the message of each
// construction of a repository class with the message the class builds
// from its arguments, following base classes (class NotFound extends
// HttpError, whose constructor calls super(`${status} ${text}`)).
func link(files []*extract.FileResult) {
	l := &linker{files: map[string]*Facts{}, byName: map[string][]*classEntry{}, inFile: map[*Facts]map[string]*classEntry{}}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		l.files[ff.Path] = ff
		l.inFile[ff] = map[string]*classEntry{}
		for _, c := range ff.Classes {
			e := &classEntry{class: c, file: ff}
			l.byName[c.Name] = append(l.byName[c.Name], e)
			if _, dup := l.inFile[ff][c.Name]; !dup {
				l.inFile[ff][c.Name] = e
			}
		}
	}
	for f, ff := range msgeval.FactsOf[*Facts](files) {
		l.constants(f, ff)
	}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		msgeval.Relink(ff.Throws, func(t *Throw) ([]errdex.Template, bool) { return l.message(l.lookup(ff, t.Class), t.Args, 0) })
	}
	for f, ff := range msgeval.FactsOf[*Facts](files) {
		l.helperCalls(f, ff)
	}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		refill(ff.Derived)
	}
}

// refill fills again the messages of the sites of helper calls whose
// helper's site Link changed.
func refill(ds []*Derived) {
	for _, d := range ds {
		changed := false
		for i, from := range d.From {
			changed = changed || !slices.EqualFunc(messages(from), d.Was[i], func(a, b errdex.Template) bool { return a.String() == b.String() })
		}
		if !changed {
			continue
		}
		var msg []errdex.Template
		for _, from := range d.From {
			for _, m := range messages(from) {
				// Only the messages the call fills, as when it was made.
				if sub := rules.Alternatives.Substitute([]errdex.Template{m}, d.Binds); filled([]errdex.Template{m}, sub) && !(msgeval.Value{Alts: sub}).Opaque() {
					msg = rules.Alternatives.Union(msg, sub)
				}
			}
		}
		if !(msgeval.Value{Alts: msg}).Opaque() {
			d.Site.Template, d.Site.Alternatives = template.Pick(msg)
			if e := d.From[0].Exception; e != "" {
				d.Site.Exception = e
			}
		}
	}
}

// helperCalls adds to file f a site for each call of a helper another
// module of the repository exports that gives its message literal text
// (TomlError.x('invalid value', ctx, ptr) calling the static method x of
// the TomlError that ./error.js exports, which throws new
// TomlError(message, ...)), with the helper's message filled with the
// call's arguments.
func (l *linker) helperCalls(f *extract.FileResult, ff *Facts) {
	for _, c := range ff.Calls {
		h := l.helper(ff, c.Callee)
		if h == nil {
			continue
		}
		own, kind, exception := h.Msg, errdex.KindThrow, h.Exception
		for _, s := range h.Sites {
			own = rules.Alternatives.Union(own, append([]errdex.Template{s.Template}, s.Alternatives...))
		}
		if len(h.Sites) > 0 {
			kind, exception = h.Sites[0].Kind, h.Sites[0].Exception
		}
		if len(h.Sites) == 0 && c.Thrown == nil {
			continue // a factory's error that is not thrown here
		}
		msg := substituteProps(substitute(own, h.Params, c.Args), h.Params, c.Args)
		if !filled(own, msg) || (msgeval.Value{Alts: msg}).Opaque() {
			continue
		}
		s := &errdex.Site{Kind: kind, Exception: exception, Function: c.Function, Location: errdex.Location{Span: c.Span}}
		if s.Kind == errdex.KindRaiseObject {
			s.Kind = errdex.KindThrow
		}
		for i, p := range h.Params {
			if p.Name == s.Exception && i < len(c.Args) {
				s.Exception = c.Args[i].Expr // parseJoseHeader(header, JWSInvalid, "..."): new ErrorClass(message)
			}
		}
		if t := c.Thrown; t != nil {
			// throw is.invalidParameterError('width', ...): the factory's
			// error is the throw's.
			t.Template, t.Alternatives = template.Pick(msg)
			if s.Exception != "" {
				t.Exception = s.Exception
			}
			continue
		}
		s.Location.Path = ff.Path
		s.Template, s.Alternatives = template.Pick(msg)
		f.Sites = append(f.Sites, s)
	}
}

// substituteProps fills the holes of ts that read a property of a
// parameter (`${message.header}: ${message.message}`) with the text the
// object literal passed for it gives ({header: 'Headers constructor',
// message: ...}).
func substituteProps(ts []errdex.Template, params []Param, args []Arg) []errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range params {
		if p.Name == "" || p.Rest || i >= len(args) || args[i].Spread {
			continue
		}
		for prop, v := range args[i].Props {
			if !(msgeval.Value{Alts: v}).Opaque() {
				values[p.Name+"."+prop] = v
			}
		}
	}
	return rules.Alternatives.Substitute(ts, values)
}

// filled reports whether substituting the arguments changed the messages:
// a parameter the message shows was given.
func filled(before, after []errdex.Template) bool {
	if len(before) != len(after) {
		return true
	}
	for i := range before {
		if before[i].String() != after[i].String() {
			return true
		}
	}
	return false
}

// helper finds the helper a call's callee names in file f: an imported
// function (parse), a static method of an imported class or a function of
// an imported module object (TomlError.x, errors.fail).
func (l *linker) helper(f *Facts, callee string) *Helper {
	head, member, dotted := strings.Cut(callee, ".")
	imp, ok := f.Imports[head]
	if !ok || !strings.HasPrefix(imp.Module, "./") && !strings.HasPrefix(imp.Module, "../") {
		return nil
	}
	target := l.moduleFile(path.Join(path.Dir(f.Path), imp.Module))
	if target == nil || target.Helpers == nil {
		return nil
	}
	name := imp.Name
	switch {
	case (name == "*" || name == "default") && dotted:
		if h := target.Helpers[member]; h != nil || target.Default == "" {
			return h
		}
		name = target.Default
	case name == "*" || name == "default":
		return nil
	}
	if dotted {
		name += "." + member
	}
	return target.Helpers[name]
}

// lookup finds the class a constructor names in file f: a class of the
// file, an imported class (by the import's module path and name), a
// member of an imported module object (errors.NotFound), or else the only
// class of that name in the repository.
func (l *linker) lookup(f *Facts, written string) *classEntry {
	name := written
	var e *classEntry
	if head, member, ok := strings.Cut(written, "."); ok {
		name = member
		if strings.Contains(member, ".") {
			name = member[strings.LastIndexByte(member, '.')+1:]
		} else if imp, ok := f.Imports[head]; ok && (imp.Name == "*" || imp.Name == "default") {
			e = l.fromModule(f, imp.Module, member)
		}
	} else if own := l.inFile[f][name]; own != nil {
		return own
	} else if imp, ok := f.Imports[name]; ok {
		e = l.fromModule(f, imp.Module, imp.Name)
	}
	if e != nil {
		return e
	}
	if own := l.inFile[f][name]; own != nil {
		return own // exports.TimeoutError, a class of the file
	}
	return nearest(f.Path, l.byName[name])
}

// nearest returns the one of cands whose file shares the longest
// directory prefix with path, or nil when there is none or a tie: a
// package that ships one source built twice (build/cjs and build/esm)
// has each class twice, and a file's classes are those of its own build.
func nearest(p string, cands []*classEntry) *classEntry {
	var best *classEntry
	bestLen, tie := -1, false
	for _, c := range cands {
		n := sharedDirs(p, c.file.Path)
		switch {
		case n > bestLen:
			best, bestLen, tie = c, n, false
		case n == bestLen:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

// sharedDirs counts the leading directories paths a and b share.
func sharedDirs(a, b string) int {
	n := 0
	for {
		da, ra, oka := strings.Cut(a, "/")
		db, rb, okb := strings.Cut(b, "/")
		if !oka || !okb || da != db {
			return n
		}
		n++
		a, b = ra, rb
	}
}

// maxReExports bounds the modules followed through re-exports (export *
// from './error' in an index module that itself re-exports another).
const maxReExports = 4

// fromModule finds the class a module of the repository exports as name,
// for a relative module path imported by file f.
func (l *linker) fromModule(f *Facts, spec, name string) *classEntry {
	return l.exportedBy(f, spec, name, 0)
}

// exportedBy is fromModule through at most maxReExports re-exports.
func (l *linker) exportedBy(f *Facts, spec, name string, depth int) *classEntry {
	if depth > maxReExports || !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
		return nil
	}
	target := l.moduleFile(path.Join(path.Dir(f.Path), spec))
	if target == nil || target == f {
		return nil
	}
	if name != "default" && name != "*" && l.inFile[target][name] == nil {
		for _, re := range target.ReExports {
			if e := l.exportedBy(target, re, name, depth+1); e != nil {
				return e
			}
		}
		return nil
	}
	switch name {
	case "default", "*":
		if target.Default != "" {
			return l.inFile[target][target.Default]
		}
		if len(target.Classes) == 1 {
			return l.inFile[target][target.Classes[0].Name]
		}
		return nil
	}
	return l.inFile[target][name]
}

// moduleExts are the extensions a module path may leave out, in the order
// the resolvers of Node and TypeScript try them.
var moduleExts = []string{".js", ".ts", ".tsx", ".mjs", ".cjs", ".jsx", ".mts", ".cts"}

// moduleFile resolves a module path (without or with an extension, or a
// directory with an index file) to a file of the repository. A ".js"
// path also finds the ".ts" file it is compiled from.
func (l *linker) moduleFile(p string) *Facts {
	if f := l.files[p]; f != nil {
		return f
	}
	stem := p
	if ext := path.Ext(p); ext == ".js" || ext == ".mjs" || ext == ".cjs" || ext == ".jsx" {
		stem = strings.TrimSuffix(p, ext)
	}
	for _, base := range []string{stem, stem + "/index"} {
		for _, ext := range moduleExts {
			if f := l.files[base+ext]; f != nil {
				return f
			}
		}
	}
	return nil
}

// message is the message class e builds when constructed with args, and
// whether it is known (not for a nil e, a class not found).
func (l *linker) message(e *classEntry, args []Arg, depth int) ([]errdex.Template, bool) {
	if e == nil || depth > msgeval.MaxChain {
		return nil, false
	}
	c := e.class
	if c.Message != nil {
		return substitute(tableEntries(c.Message, c.Params, args, e.file.Consts), c.Params, args), true
	}
	if c.HasCtor {
		if !c.HasSuper {
			return nil, false
		}
		passed := make([]Arg, len(c.SuperArgs))
		for i, a := range c.SuperArgs {
			passed[i] = a
			if !a.Spread {
				passed[i].Alts = substitute(a.Alts, c.Params, args)
			}
		}
		args = passed
	}
	if base := l.lookup(e.file, c.Base); base != nil && base != e {
		return l.message(base, args, depth+1)
	}
	last := c.Base[strings.LastIndexByte(c.Base, '.')+1:]
	at, ok := builtinErrors[last]
	switch {
	case ok:
	case c.HasCtor && len(args) > 0 && !args[0].Spread && !opaque(args[0].Alts) && (strings.HasSuffix(last, "Error") || strings.HasSuffix(last, "Exception")):
		// A base error class from a package, given literal text by the
		// constructor (super('Cannot set root value')): error classes
		// pass their first argument on as the message.
		at = 0
	default:
		return nil, false // a base class from a package: its message is not known
	}
	if at >= len(args) {
		return []errdex.Template{{}}, true
	}
	if args[at].Spread {
		return nil, false
	}
	return args[at].Alts, true
}

// tableEntries fills the holes of ts that read an entry of a table of
// the class's module by a constructor parameter (this.message =
// errorMessages[code] || `Unknown error: ${code}`) with the entry that
// the literal argument passed for the parameter names (multer's new
// MulterError('LIMIT_FILE_SIZE', field) reads 'File too large'), from the
// module's constants (Facts.Consts).
func tableEntries(ts []errdex.Template, params []Param, args []Arg, consts map[string]string) []errdex.Template {
	if len(consts) == 0 {
		return ts
	}
	out := slices.Clone(ts)
	for i, t := range ts {
		var parts []errdex.Part
		for j, p := range t.Parts {
			table, key, ok := tableLookup(p.Expr)
			if !ok {
				continue
			}
			k := slices.IndexFunc(params, func(q Param) bool { return q.Name == key })
			if k < 0 || k >= len(args) || args[k].Spread {
				continue
			}
			lit, known := msgeval.Value{Alts: args[k].Alts}.Known()
			v, found := consts[table+"."+lit]
			if !known || !found {
				continue
			}
			if parts == nil {
				parts = slices.Clone(t.Parts)
			}
			parts[j] = errdex.Part{Text: v}
		}
		if parts != nil {
			out[i].Parts = parts
		}
	}
	return out
}

// substitute fills the holes of ts that name a constructor parameter with
// the argument passed for it (or its default value); a destructured
// parameter takes the properties of an object literal argument.
func substitute(ts []errdex.Template, params []Param, args []Arg) []errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range params {
		var a *Arg
		if i < len(args) && !args[i].Spread {
			a = &args[i]
		}
		switch {
		case p.Rest:
		case p.Name != "" && a != nil && p.Join != nil && a.Props["0"] != nil:
			values[p.Name] = joinElements(a.Props, *p.Join)
		case p.Name != "" && a != nil:
			values[p.Name] = a.Alts
		case p.Name != "" && i >= len(args) && p.Default != nil:
			values[p.Name] = p.Default
		case p.Props != nil && a != nil && a.Props != nil:
			for prop, local := range p.Props {
				if v, ok := a.Props[prop]; ok {
					values[local] = v
				}
			}
		}
	}
	return rules.Alternatives.Substitute(ts, values)
}

// constants replaces the holes of a file's messages that read a constant
// of another module of the repository (utils_1.ERRORS.INVALID_OFFSET after
// const utils_1 = require("./utils")) with the constant's text.
func (l *linker) constants(f *extract.FileResult, ff *Facts) {
	rules.FillConstants(f.Sites, ff.Throws, func(expr string) (string, bool) {
		head, rest, dotted := strings.Cut(expr, ".")
		imp, ok := ff.Imports[head]
		if expr == "" || !ok {
			return "", false
		}
		key := imp.Name
		switch {
		case imp.Name == "*" || imp.Name == "default":
			if !dotted {
				return "", false
			}
			key = rest
		case dotted:
			key = imp.Name + "." + rest
		}
		if !strings.HasPrefix(imp.Module, "./") && !strings.HasPrefix(imp.Module, "../") {
			return "", false
		}
		target := l.moduleFile(path.Join(path.Dir(ff.Path), imp.Module))
		if target == nil {
			return "", false
		}
		text, ok := target.Consts[key]
		return text, ok
	})
}

// joinElements joins the elements of an array literal argument (its
// properties "0", "1", ...) as the callee joins its parameter.
func joinElements(props map[string][]errdex.Template, j Join) []errdex.Template {
	v := msgeval.Empty()
	for i := 0; ; i++ {
		el, ok := props[strconv.Itoa(i)]
		if !ok {
			break
		}
		if i > 0 {
			v = rules.Concat(v, msgeval.Lit(j.Sep))
		}
		v = rules.Concat(v, msgeval.Value{Alts: el, Text: true})
	}
	if j.Trim {
		for i, t := range v.Alts {
			v.Alts[i] = trim(t, true, true)
		}
	}
	return v.Alts
}
