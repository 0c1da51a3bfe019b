package python

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/template"
)

// maxChain bounds the walks along base classes and re-exports, which
// guards against cycles in broken code.
const maxChain = 12

// classEntry is a repository class with the file that defines it.
type classEntry struct {
	fact *classFact
	file *facts
	name string // fully qualified: "json.decoder.JSONDecodeError"
}

// linker resolves exception classes across the files of a repository.
type linker struct {
	classes map[string]*classEntry
	modules map[string]*facts
	byName  map[string][]*classEntry // by the class's own name
	// methodHomes are the factory methods of each name, each file's one
	// (see repoMethodFactory).
	methodHomes map[string][]methodHome
}

// methodHome is a factory method with the file that defines it.
type methodHome struct {
	file *facts
	ff   *factoryFact
}

// link runs after every Python file is extracted. It names each file's
// module, qualifies exceptions named through relative imports or defined
// locally, and replaces the message of each raise of a repository class
// that builds its own message with that class's template, filled with the
// raise's arguments.
func link(files []*extract.FileResult) {
	l := &linker{classes: map[string]*classEntry{}, modules: map[string]*facts{}, byName: map[string][]*classEntry{}, methodHomes: map[string][]methodHome{}}
	var all []*facts
	pkgDirs := map[string]bool{}
	for _, f := range files {
		if path.Base(f.Path) == "__init__.py" {
			pkgDirs[path.Dir(f.Path)] = true
		}
	}
	for _, f := range files {
		ff, ok := f.Facts.(*facts)
		if !ok {
			continue
		}
		ff.module, ff.pkg = moduleName(f.Path, pkgDirs)
		if _, dup := l.modules[ff.module]; !dup {
			l.modules[ff.module] = ff
		}
		all = append(all, ff)
		for _, c := range ff.classes {
			e := &classEntry{fact: c, file: ff, name: ff.module + "." + c.qual}
			if _, dup := l.classes[e.name]; !dup {
				l.classes[e.name] = e
			}
			simple := c.qual[strings.LastIndexByte(c.qual, '.')+1:]
			l.byName[simple] = append(l.byName[simple], e)
		}
	}
	for _, ff := range all {
		for _, r := range ff.raises {
			l.raise(ff, r)
		}
	}
	for _, ff := range all {
		l.bindImportedCalls(ff)
	}
	for _, ff := range all {
		for _, pc := range ff.paramCalls {
			pc.apply()
		}
	}
	for _, ff := range all {
		for _, cr := range ff.condRaises {
			cr.merge()
		}
		l.importedConsts(ff)
	}
	for _, f := range files {
		for _, s := range f.Sites {
			s.Alternatives = distinctAlternatives(s.Template, s.Alternatives)
		}
	}
}

// distinctAlternatives drops the alternatives that print as the template
// or as an earlier alternative. Extraction keeps them apart while the
// names of their holes matter (a caller binds "{source}" and not
// "{filename}", see appendAlts); once linked, they are the same message
// twice.
func distinctAlternatives(t errdex.Template, alts []errdex.Template) []errdex.Template {
	if len(alts) == 0 {
		return alts
	}
	seen := map[string]bool{t.Canonical(): true}
	kept := alts[:0]
	for _, a := range alts {
		if c := a.Canonical(); !seen[c] {
			seen[c] = true
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

// moduleName derives a file's dotted module name: its directories while
// they are packages (hold an __init__.py), then its own name.
func moduleName(p string, pkgDirs map[string]bool) (string, bool) {
	dir, file := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	stem := strings.TrimSuffix(file, path.Ext(file))
	var parts []string
	isPkg := stem == "__init__"
	if !isPkg {
		parts = append(parts, stem)
	}
	for dir != "" && dir != "." && pkgDirs[dir] {
		parts = append(parts, path.Base(dir))
		dir = path.Dir(dir)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "."), isPkg
}

// absolute resolves a name relative to a file ("..errors.E", or ".E" for
// a name defined in the file itself) to an absolute dotted name.
func absolute(name string, f *facts) string {
	if !strings.HasPrefix(name, ".") {
		return name
	}
	dots := len(name) - len(strings.TrimLeft(name, "."))
	pkg := f.module
	if !f.pkg {
		pkg = parentModule(pkg)
	}
	for range dots - 1 {
		pkg = parentModule(pkg)
	}
	rest := name[dots:]
	switch {
	case pkg == "":
		return rest
	case rest == "":
		return pkg
	}
	return pkg + "." + rest
}

func parentModule(m string) string {
	if i := strings.LastIndexByte(m, '.'); i >= 0 {
		return m[:i]
	}
	return ""
}

// resolve finds the class a reference names, and its qualified name.
func (l *linker) resolve(r nameRef, f *facts) (string, *classEntry) {
	if r.builtin {
		return "", nil
	}
	var q string
	switch {
	case r.local:
		q = f.module + "." + r.written
	case strings.HasPrefix(r.target, ".") && !strings.HasPrefix(r.target, "..") && !strings.Contains(r.target[1:], "."):
		// ".Name": an alias of a class of this file (see extraction.ref);
		// a relative import otherwise.
		if _, ok := l.classes[f.module+r.target]; ok {
			q = f.module + r.target
		} else {
			q = absolute(r.target, f)
		}
	case r.target != "":
		q = absolute(r.target, f)
	}
	if q != "" {
		if e := l.lookup(q, 0); e != nil {
			return e.name, e
		}
	}
	for _, star := range f.stars {
		if e := l.lookup(absolute(star, f)+"."+r.written, 0); e != nil {
			return e.name, e
		}
	}
	// A class name unique in the repository is taken as meant even when
	// imports cannot tell (a star import, a dynamic import).
	simple := r.written[strings.LastIndexByte(r.written, '.')+1:]
	if es := l.byName[simple]; len(es) == 1 && (q == "" || !strings.Contains(r.written, ".")) {
		return es[0].name, es[0]
	}
	return q, nil
}

// lookup finds a class by qualified name, following re-exports: a
// package that imports the class from a submodule (json.JSONDecodeError
// is json.decoder.JSONDecodeError).
func (l *linker) lookup(q string, depth int) *classEntry {
	if e, ok := l.classes[q]; ok {
		return e
	}
	if depth >= maxChain {
		return nil
	}
	target, _, ok := l.rebind(q)
	if !ok {
		return nil
	}
	return l.lookup(target, depth+1)
}

// follow returns the name q stands for when a module of the repository
// binds it by an alias (see facts.aliases), through that alias and the
// imports and aliases it leads to; q itself otherwise. An import alone is
// a re-export under the same class, whose module Python prints as the
// class says (io's UnsupportedOperation, from _io, prints as io's).
func (l *linker) follow(q string, depth int) string {
	if depth >= maxChain {
		return q
	}
	target, alias, ok := l.rebind(q)
	if !ok || depth == 0 && !alias {
		return q
	}
	return l.follow(target, depth+1)
}

// rebind returns what q stands for one step further: the innermost module
// of the repository that holds it binds its next component by an import
// or an alias (see nameTarget), and alias says which. ok is false when
// that module does not bind it, no module holds it, or it stands for
// itself.
func (l *linker) rebind(q string) (target string, alias, ok bool) {
	for mod := parentModule(q); mod != ""; mod = parentModule(mod) {
		f, found := l.modules[mod]
		if !found {
			continue
		}
		first, tail, dotted := strings.Cut(q[len(mod)+1:], ".")
		target, ok = f.nameTarget(first)
		if !ok {
			return "", false, false
		}
		if dotted {
			target += "." + tail
		}
		_, imported := f.imports[first]
		return target, !imported, target != q
	}
	return "", false, false
}

// nameTarget returns the absolute name a module-level name of file f
// stands for: what an import binds it to, or what an alias assigns it
// (see facts.aliases), read through the file's imports.
func (f *facts) nameTarget(name string) (string, bool) {
	if t, ok := f.imports[name]; ok {
		return absolute(t.qualified(), f), true
	}
	alias, ok := f.aliases[name]
	if !ok {
		return "", false
	}
	head, tail, dotted := strings.Cut(alias, ".")
	t, ok := f.imports[head]
	if !ok {
		return f.module + "." + alias, true // a class of the file itself
	}
	target := absolute(t.qualified(), f)
	if dotted {
		target += "." + tail
	}
	return target, true
}

// raise refines one raise site.
func (l *linker) raise(f *facts, r *raiseFact) {
	if r.factory != "" && (l.factoryRaise(f, r) || r.ref.written == "") {
		return
	}
	q, e := l.resolve(r.ref, f)
	if q != "" && (r.site.ExceptionQualified == "" || e != nil) {
		r.site.ExceptionQualified = q
	}
	if t := l.follow(q, 0); e == nil && q != "" && t != q {
		// A class of another repository raised through this one's
		// aliases (setuptools.errors.FileError is distutils'
		// DistutilsFileError) prints that repository's name.
		r.site.ExceptionQualified = t
	}
	if e == nil || r.bare && !l.takesNoArgs(e) {
		return
	}
	msgs := l.message(e, r.args)
	if len(r.args.pos) == 1 && len(r.args.kw) == 0 {
		// Only a single argument is printed as itself by the builtin
		// str(); several print as a tuple, which a class that builds
		// its own message never shows.
		msgs = preferLiteral(msgs, r.site)
	}
	if len(r.args.pos) > 1 && !slices.ContainsFunc(msgs, func(t errdex.Template) bool { return !isHole(t) }) {
		// A class whose message is computed beyond reading (schema's
		// SchemaError prints its code property, "\n".join of the
		// messages it was given) most likely shows the first
		// argument's text among the rest.
		msgs = append(r.args.pos[0].strForm(""), msgs...)
	}
	setMessage(r.site, msgs)
}

// orConstant is the value of an attribute an __init__ sets to set on
// some paths and a class body binds to constant: either, set first. A
// parameter's default None left in set is taken for the guard that skips
// the assignment ("if description is not None"), which leaves the
// constant.
func orConstant(set, constant argVal) argVal {
	if set.noneDefault || set.absent {
		return constant
	}
	return argVal{
		expr: set.expr,
		typ:  set.typ,
		str:  appendAlts(set.strForm(""), constant.strForm("")...),
		repr: appendAlts(set.reprForm(), constant.reprForm()...),
	}
}

// takesNoArgs reports whether the nearest __init__ on the way from e to
// BaseException needs no argument; raise E then builds E() (without one,
// it fails with a TypeError whose message is Python's).
func (l *linker) takesNoArgs(e *classEntry) bool {
	for cur, depth := e, 0; cur != nil && depth < maxChain; depth++ {
		if init := cur.fact.init; init != nil {
			for _, p := range init.params {
				if p.def == nil && (p.kind == paramPlain || p.kind == paramKwOnly) {
					return false
				}
			}
			return true
		}
		if len(cur.fact.bases) == 0 {
			break
		}
		_, next := l.resolve(cur.fact.bases[0], cur.file)
		if next == cur {
			break
		}
		cur = next
	}
	return true
}

// preferLiteral orders the messages a class builds after the message the
// raise's own arguments give when those carry more literal text: a class
// that buries its argument in a hole ("400 {name}: {description}") must
// not hide the text a pasted error contains. Literal text without a
// letter or a digit is no such text: the brackets of a list passed whole
// (raise MultipleInvalid([e]), which voluptuous prints as its first
// error).
func preferLiteral(class []errdex.Template, s *errdex.Site) []errdex.Template {
	best := 0
	for _, t := range class {
		best = max(best, t.LiteralLen())
	}
	if s.Template.IsOpaque() || s.Template.LiteralLen() <= best || !hasWordChar(s.Template) {
		return class
	}
	out := append([]errdex.Template{s.Template}, s.Alternatives...)
	return append(out, class...)
}

// hasWordChar reports whether a literal part of t has a letter or a
// digit.
func hasWordChar(t errdex.Template) bool {
	for _, p := range t.Parts {
		if !p.IsHole() && strings.IndexFunc(p.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			return true
		}
	}
	return false
}

// chainLink is one class on the way from the raised class to
// BaseException, with its __init__ parameters bound to the arguments it
// receives (none once an __init__ on the way stops passing them on).
type chainLink struct {
	e    *classEntry
	bind bindings
	// m is the class's __init__ and __str__ as they read for the raised
	// class: a nearer class on the chain may bind constants they format
	// (see classFact.inherited).
	m *methodFacts
}

// message models str() of an instance of class e built with args: the
// nearest __str__ among the repository classes on the way to
// BaseException, or else the builtin str() of the args BaseException
// keeps. Those are the arguments the last __init__ on the way passes to
// it, or the constructor's own arguments when an __init__ does not call
// its base's (BaseException.__new__ keeps them).
func (l *linker) message(e *classEntry, args callArgs) []errdex.Template {
	var chain []chainLink
	builtin := "Exception"
	final, cur, passing := args, e, true
	// setArgs says the __init__ that stops passing arguments on assigns
	// self.args itself.
	setArgs := false
	// external says the chain ends at a class of another repository,
	// whose __str__ is not known, below an __init__ of the chain.
	external := false
	for depth := 0; cur != nil && depth < maxChain; depth++ {
		link := chainLink{e: cur, m: &cur.fact.methodFacts}
		for _, c := range chain {
			if m := c.e.fact.inherited[cur.fact.qual]; m != nil && c.e.file == cur.file {
				link.m = m
				break
			}
		}
		var base nameRef
		if len(cur.fact.bases) > 0 {
			base = cur.fact.bases[0]
		}
		if init := link.m.init; init != nil && passing {
			link.bind = bindParams(init.params, final)
			if init.superClass.written != "" {
				base = init.superClass
			}
			switch {
			case init.super == nil:
				passing, final = false, args
				final, setArgs = link.ownArgs(final)
			case init.superWithArgs != nil && len(link.bind["*"+init.star].items) > 0:
				final = link.bind.passOn(*init.superWithArgs)
			default:
				final = link.bind.passOn(*init.super)
			}
		}
		chain = append(chain, link)
		_, next := l.resolve(base, cur.file)
		if next == cur {
			next = nil
		}
		if next == nil && base.builtin {
			builtin = base.written
			if builtin == "BlockingIOError" {
				// Only BlockingIOError itself reads a number as the
				// characters written; its subclasses print it.
				builtin = "OSError"
			}
		}
		if next == nil && !base.builtin && base.written != "" && link.m.init != nil {
			external = true
		}
		cur = next
	}
	if !passing && osErrors[builtin[strings.LastIndexByte(builtin, '.')+1:]] {
		// An OSError subclass with an __init__ of its own leaves the
		// arguments to OSError.__init__: when none calls it, no errno
		// is set and the args are empty unless __init__ assigns them.
		builtin = "Exception"
		if !setArgs {
			final = callArgs{}
		}
	}
	// The class constants, nearest first, for the formats of them that
	// methods leave to Link (see evaluator.deferredFormat).
	attrs := bindings{}
	for _, c := range chain {
		for name, a := range c.e.fact.consts {
			if _, ok := attrs["type(self)."+name]; !ok {
				attrs["type(self)."+name] = a
			}
		}
	}
	if doc, ok := attrs["type(self).__doc__"]; ok {
		// What an __init__ derives from the class's docstring
		// (self.msg = self.__doc__) is known before its attributes are.
		attrs["self.__doc__"] = doc
	}
	for i := range chain {
		if chain[i].bind == nil {
			chain[i].bind = bindings{}
		}
		for k, a := range attrs {
			if _, ok := chain[i].bind[k]; !ok {
				chain[i].bind[k] = a
			}
		}
	}
	// Attributes: the nearest class on the chain whose __init__ always
	// sets each, else the nearest class body that binds it, else the
	// nearest __init__ that may set it.
	for _, c := range chain {
		for name, a := range c.m.attrs {
			if _, ok := attrs["self."+name]; !ok && !c.m.partial[name] {
				attrs["self."+name] = c.bind.applyArg(a)
			}
		}
	}
	for i, a := range final.pos {
		attrs["self.args["+strconv.Itoa(i)+"]"] = a
	}
	for _, c := range chain {
		for name, a := range c.e.fact.consts {
			if _, ok := attrs["self."+name]; !ok {
				attrs["self."+name] = a
			}
		}
		for name, a := range c.e.fact.properties {
			if _, ok := attrs["self."+name]; !ok {
				attrs["self."+name] = attrs.applyArg(a)
			}
		}
	}
	for _, c := range chain {
		for name, a := range c.m.attrs {
			key := "self." + name
			prev, ok := attrs[key]
			switch {
			case !ok:
				attrs[key] = c.bind.applyArg(a)
			case c.m.partial[name]:
				// An __init__ that sets the attribute on some paths
				// (if description is not None: self.description =
				// description) leaves a class constant on the others.
				attrs[key] = orConstant(c.bind.applyArg(a), prev)
			}
		}
	}
	for k, a := range attrs {
		if strings.HasPrefix(k, "self.") && !strings.ContainsAny(k, "[(") && a.isNone() && !a.noneDefault {
			attrs[k] = unsetYet(k)
		}
	}
	for i, c := range chain {
		if c.m.str == nil {
			continue
		}
		b := bindings{}
		for k, v := range c.bind {
			b[k] = v
		}
		for k, v := range attrs {
			b[k] = v
		}
		if readsBaseStr(c.m.str) {
			// A __str__ that leaves some cases to its base's
			// (dnspython's DNSException returns super().__str__()
			// unless keywords were passed) prints there what the rest
			// of the chain prints.
			base := builtinMessage(builtin, attrs.withText().passOn(final))
			for _, next := range chain[i+1:] {
				if next.m.str != nil && !readsBaseStr(next.m.str) {
					base = b.applyAll(next.m.str)
					break
				}
			}
			b[baseStr] = argOf(strValue(baseStr, base...))
		}
		return b.applyAll(c.m.str)
	}
	if external && len(final.pos) == 0 && len(final.kw) == 0 && final.spread == "" && final.kwSpread == "" {
		// An __init__ that gives the foreign base no arguments keeps
		// the message in attributes (moto's RESTError sets message and
		// the description werkzeug's HTTPException prints): the one
		// named like a message is the best static answer.
		for _, name := range [...]string{"self.message", "self.msg"} {
			if a, ok := attrs[name]; ok && len(a.str) > 0 {
				return a.str
			}
		}
		return []errdex.Template{{Parts: []errdex.Part{template.PyHole("str(self)", errdex.HoleAny)}}}
	}
	// The arguments passed on may read attributes: "{}: {}".format(
	// self.error, self.description), which subclasses bind to text.
	return builtinMessage(builtin, attrs.withText().passOn(final))
}

// baseStr is the expression of a hole a __str__ leaves to its base
// class's __str__.
const baseStr = "super().__str__()"

// readsBaseStr reports whether a __str__'s messages have a hole of what
// the base class's __str__ returns.
func readsBaseStr(ts []errdex.Template) bool {
	for _, t := range ts {
		for _, p := range t.Parts {
			if p.IsHole() && p.Expr == baseStr {
				return true
			}
		}
	}
	return false
}

// unsetYet returns the value of expr, an attribute the class sets to
// None itself (not through a parameter's default), which code that
// catches the exception often sets before it is printed (jmespath's
// ParseError.expression): a text hole, or None.
func unsetYet(expr string) argVal {
	v := union(unknown(expr, errdex.HoleStr), litValue(vConst, "None", "None"))
	v.expr = expr
	return argOf(v)
}

// ownArgs returns the args tuple the link's __init__ always assigns
// (self.args = (code, msg)), with its parameters bound, and true; args
// and false when it assigns none known item by item.
func (c chainLink) ownArgs(args callArgs) (callArgs, bool) {
	a, ok := c.m.attrs["args"]
	if !ok || c.m.partial["args"] || a.elems == nil {
		return args, false
	}
	var out callArgs
	for _, el := range a.elems {
		out.pos = append(out.pos, c.bind.applyArg(el))
	}
	return out, true
}

// factoryRaise refines "raise make_error(args)": when the function is
// found, the site raises the exception it returns, built with the
// function's arguments.
func (l *linker) factoryRaise(f *facts, r *raiseFact) bool {
	return l.factoryRaiseAt(f, r, nil, 0)
}

// factoryRaiseAt is factoryRaise through depth factories that pass on
// their arguments to another, from the last of them.
func (l *linker) factoryRaiseAt(f *facts, r *raiseFact, from *factoryFact, depth int) bool {
	var key string
	var ff *factoryFact
	var home *facts
	switch {
	case strings.HasPrefix(r.factory, "?"):
		home, ff = f, f.methodFactory(r.factory[1:])
		if from != nil && (ff == nil || ff == from) {
			// A factory passing on to a method of another object,
			// whose class another file may define.
			home, ff = l.repoMethodFactory(r.factory[1:], from)
		}
	case strings.HasPrefix(r.factory, "@"):
		key = absolute(r.factory[1:], f)
	default:
		key = f.module + "." + r.factory
	}
	for m := parentModule(key); m != "" && ff == nil; m = parentModule(m) {
		if mf, ok := l.modules[m]; ok {
			home, ff = mf, mf.factories[key[len(m)+1:]]
		}
	}
	if ff == nil && !strings.ContainsAny(r.factory[:1], "?@") {
		home, ff = l.inheritedFactory(f, r.factory)
	}
	if ff == nil {
		return false
	}
	bound := bindParams(ff.params, r.args)
	if ff.forward != "" {
		if depth >= maxChain {
			return false
		}
		next := &raiseFact{site: r.site, args: bound.passOn(ff.args), factory: ff.forward, tables: r.tables}
		return l.factoryRaiseAt(home, next, ff, depth+1)
	}
	class, classHome := ff.class, home
	if ff.classParam != "" {
		a, ok := bound[ff.classParam]
		if !ok || a.class == nil {
			return false
		}
		class, classHome = a.class.ref, a.class.file
	}
	r.site.Exception = class.written
	q, e := l.resolve(class, classHome)
	r.site.ExceptionQualified = q
	var msgs []errdex.Template
	seen := map[string]bool{}
	for i, args := range append([]callArgs{ff.args}, ff.more...) {
		passed := bound.passOn(args)
		var ts []errdex.Template
		if e != nil {
			ts = l.message(e, passed)
		} else {
			ts = builtinMessage(class.written, passed)
		}
		if i == 0 {
			// The first return's messages as they are; the others'
			// that are new after them.
			msgs = ts
			for _, t := range ts {
				seen[t.String()] = true
			}
			continue
		}
		for _, t := range ts {
			if k := t.String(); !seen[k] && len(msgs) < maxSiteTemplates {
				seen[k] = true
				msgs = append(msgs, t)
			}
		}
	}
	msgs = fillTables(msgs, r.tables)
	if e != nil {
		msgs = preferLiteral(msgs, r.site)
	}
	if len(r.args.pos) > 1 && !slices.ContainsFunc(msgs, func(t errdex.Template) bool { return !isHole(t) }) {
		// A class whose message is computed beyond reading (schema's
		// SchemaError prints its code property, "\n".join of the
		// messages it was given) most likely shows the first
		// argument's text among the rest.
		msgs = append(r.args.pos[0].strForm(""), msgs...)
	}
	setMessage(r.site, msgs)
	return true
}

// inheritedFactory finds the factory method a class of file f inherits
// (raise self.make_error("invalid") in a subclass of the class that
// defines make_error): qualMethod is "Class.method", and the bases are
// searched depth first in the order they are written, as Python's method
// resolution does for single inheritance. It returns nil when the class
// or its bases define no such factory.
func (l *linker) inheritedFactory(f *facts, qualMethod string) (*facts, *factoryFact) {
	dot := strings.LastIndexByte(qualMethod, '.')
	if dot < 0 {
		return nil, nil
	}
	e := l.classes[f.module+"."+qualMethod[:dot]]
	if e == nil {
		return nil, nil
	}
	return l.baseFactory(e, qualMethod[dot+1:], 0)
}

// baseFactory returns the factory named method that e's bases define,
// with the file that defines it.
func (l *linker) baseFactory(e *classEntry, method string, depth int) (*facts, *factoryFact) {
	if depth >= maxChain {
		return nil, nil
	}
	for _, b := range e.fact.bases {
		q, next := l.resolve(b, e.file)
		if next == e {
			continue
		}
		// A base without bases of its own has no classEntry: its
		// module is found from its qualified name.
		for m := parentModule(q); m != ""; m = parentModule(m) {
			if mf, ok := l.modules[m]; ok {
				if ff := mf.factories[q[len(m)+1:]+"."+method]; ff != nil {
					return mf, ff
				}
				break
			}
		}
		if next == nil {
			continue
		}
		if home, ff := l.baseFactory(next, method, depth+1); ff != nil {
			return home, ff
		}
	}
	return nil, nil
}

// repoMethodFactory returns the repository's one factory method named
// name but not, with its file, for a call on an object of a class defined
// in another file (Parser.parse_error returning
// self._src.parse_error(...), which Source defines); nil when no file or
// several define one. The methods of each name are kept.
func (l *linker) repoMethodFactory(name string, not *factoryFact) (*facts, *factoryFact) {
	homes, ok := l.methodHomes[name]
	if !ok {
		for _, mf := range l.modules {
			for qual, ff := range mf.factories {
				if ff.method && qual[strings.LastIndexByte(qual, '.')+1:] == name {
					homes = append(homes, methodHome{file: mf, ff: ff})
				}
			}
		}
		l.methodHomes[name] = homes
	}
	var found methodHome
	for _, h := range homes {
		if h.ff == not {
			continue
		}
		if found.ff != nil {
			return nil, nil
		}
		found = h
	}
	return found.file, found.ff
}

// methodFactory returns the file's one factory method named name
// ("Tokenizer.error" for "error"), or nil when no class or several define
// one: a call on an object of unknown class is resolved only when the name
// cannot mean two things.
func (f *facts) methodFactory(name string) *factoryFact {
	var found *factoryFact
	for qual, ff := range f.factories {
		if !ff.method || qual[strings.LastIndexByte(qual, '.')+1:] != name {
			continue
		}
		if found != nil {
			return nil
		}
		found = ff
	}
	return found
}
