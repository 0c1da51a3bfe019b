package java

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
)

// classEntry is a class with the file that defines it.
type classEntry struct {
	class *Class
	file  *Facts
}

type linker struct {
	byBinary map[string]*classEntry
	byName   map[string][]*classEntry
}

// link runs after every Java file is extracted. It qualifies exceptions
// named by types of the same package or imported on demand, replaces
// holes that read constants of other classes (Messages.NOT_FOUND) with
// their text, and replaces the message of each new C(...) of a class of
// the repository with the message C's constructors build, following
// this(...) and super(...) calls and getMessage() overrides.
func link(files []*extract.FileResult) {
	l := &linker{byBinary: map[string]*classEntry{}, byName: map[string][]*classEntry{}}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		for _, c := range ff.Classes {
			e := &classEntry{class: c, file: ff}
			if _, dup := l.byBinary[c.Binary]; !dup {
				l.byBinary[c.Binary] = e
			}
			l.byName[c.Name] = append(l.byName[c.Name], e)
		}
	}
	for f, ff := range msgeval.FactsOf[*Facts](files) {
		l.qualify(f, ff)
		l.constants(f, ff)
	}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		msgeval.Relink(ff.Throws, func(t *Throw) ([]errdex.Template, bool) { return l.message(l.resolve(ff, t.Class), t.Args, 0) })
	}
}

// qualify sets the qualified names of exceptions that are classes of the
// repository (their binary names) or JDK classes imported on demand.
func (l *linker) qualify(f *extract.FileResult, ff *Facts) {
	for _, s := range f.Sites {
		if s.Exception == "" {
			continue
		}
		if e := l.resolve(ff, s.Exception); e != nil {
			s.ExceptionQualified = e.class.Binary
		}
	}
	for _, s := range ff.Unqualified {
		if s.ExceptionQualified != "" {
			continue
		}
		if pkg, ok := jdkPackages[s.Exception]; ok {
			for _, w := range ff.Wildcards {
				if w == pkg {
					s.ExceptionQualified = pkg + "." + s.Exception
				}
			}
		}
	}
}

// resolve finds the class of the repository a name written in file f
// refers to: a class of the file, an imported class, a class of the same
// package, a class imported on demand, or the only class of that simple
// name.
func (l *linker) resolve(f *Facts, written string) *classEntry {
	head, rest, dotted := strings.Cut(written, ".")
	for _, c := range f.Classes {
		if c.Name == written {
			return l.byBinary[c.Binary]
		}
	}
	if q, ok := f.Imports[head]; ok {
		if dotted {
			q += "." + rest
		}
		return l.qualified(q)
	}
	pkgPrefix := ""
	if f.Package != "" {
		pkgPrefix = f.Package + "."
	}
	if e := l.qualified(pkgPrefix + written); e != nil {
		return e
	}
	if dotted {
		if e := l.qualified(written); e != nil {
			return e
		}
	}
	for _, w := range f.Wildcards {
		if e := l.qualified(w + "." + written); e != nil {
			return e
		}
	}
	if dotted {
		return nil
	}
	if cands := l.byName[written]; len(cands) == 1 {
		return cands[0]
	}
	return nil
}

// qualified finds a class by a dotted name in which nested classes may be
// written with dots (com.acme.Outer.Inner for com.acme.Outer$Inner).
func (l *linker) qualified(q string) *classEntry {
	for range 4 {
		if e := l.byBinary[q]; e != nil {
			return e
		}
		k := strings.LastIndexByte(q, '.')
		if k < 0 {
			return nil
		}
		q = q[:k] + "$" + q[k+1:]
	}
	return nil
}

// constants replaces holes that read a constant of a class of the
// repository (Messages.NOT_FOUND, a static import NOT_FOUND).
func (l *linker) constants(f *extract.FileResult, ff *Facts) {
	rules.FillConstants(f.Sites, ff.Throws, func(expr string) (string, bool) {
		if expr == "" || strings.ContainsAny(expr, "( ") {
			return "", false
		}
		var e *classEntry
		name := expr
		if k := strings.LastIndexByte(expr, '.'); k > 0 {
			e, name = l.resolve(ff, expr[:k]), expr[k+1:]
		} else if owner, ok := ff.Statics[expr]; ok {
			e = l.qualified(owner)
		}
		if e == nil {
			return "", false
		}
		text, ok := e.class.Consts[name]
		return text, ok
	})
}

// message is the message class e builds when constructed with args, and
// whether it is known (not for a nil e, a class not found).
func (l *linker) message(e *classEntry, args []Arg, depth int) ([]errdex.Template, bool) {
	if e == nil || depth > msgeval.MaxChain {
		return nil, false
	}
	c := e.class
	var ctor *Ctor
	if len(c.Ctors) > 0 {
		if ctor = pickCtor(c.Ctors, args); ctor == nil {
			return nil, false
		}
	} else if len(args) > 0 {
		return nil, false // only the implicit no-argument constructor exists
	}
	values := map[string][]errdex.Template{}
	types := map[string]string{}
	if ctor != nil {
		for i, p := range ctor.Params {
			if i < len(args) && !p.Varargs {
				values[p.Name], types[p.Name] = args[i].Alts, args[i].Type
			}
		}
	}
	var passed []Arg
	call := ""
	if ctor != nil {
		call = ctor.Call
		for _, a := range ctor.Args {
			b := a
			b.Alts = rules.Alternatives.Substitute(a.Alts, values)
			if t, ok := types[a.Expr]; ok {
				b.Type = t
			}
			passed = append(passed, b)
		}
	}
	var base []errdex.Template
	var ok bool
	if call == "this" {
		base, ok = l.message(e, passed, depth+1)
	} else {
		base, ok = l.superMessage(e, passed, depth)
	}
	if c.GetMessage == nil {
		return base, ok
	}
	fields := map[string][]errdex.Template{}
	if ctor != nil {
		for f, p := range ctor.Fields {
			if v, has := values[p]; has {
				fields[f], fields["this."+f] = v, v
			}
		}
	}
	if ok {
		fields["super.getMessage()"] = base
	}
	return rules.Alternatives.Substitute(c.GetMessage, fields), true
}

// superMessage is the message the superclass of e builds from args: a
// class of the repository, or a JDK throwable (Throwable's constructors).
func (l *linker) superMessage(e *classEntry, args []Arg, depth int) ([]errdex.Template, bool) {
	if base := l.resolve(e.file, e.class.Super); base != nil && base != e {
		return l.message(base, args, depth+1)
	}
	if !isThrowableName(e.class.Super) {
		return nil, false
	}
	switch {
	case len(args) == 0:
		return []errdex.Template{{}}, true
	case args[0].Type == "Throwable":
		return []errdex.Template{{Parts: []errdex.Part{errdex.HolePart("cause", args[0].Expr, errdex.HoleError)}}}, true
	}
	return args[0].Alts, true
}

// pickCtor chooses the constructor a call with args runs: the right
// number of parameters, no String parameter given a Throwable or the
// reverse, and the most parameters whose types agree.
func pickCtor(ctors []Ctor, args []Arg) *Ctor {
	var best *Ctor
	bestScore := -1
	for i := range ctors {
		c := &ctors[i]
		n := len(c.Params)
		varargs := n > 0 && c.Params[n-1].Varargs
		if n != len(args) && !(varargs && len(args) >= n-1) {
			continue
		}
		score := 0
		for j, p := range c.Params {
			if j >= len(args) || p.Varargs {
				break
			}
			switch a := args[j].Type; {
			case p.Type == "String" && a == "Throwable", isThrowableName(p.Type) && a == "String":
				score = -1
			case p.Type == "String" && a == "String", isThrowableName(p.Type) && a == "Throwable":
				score++
			}
			if score < 0 {
				break
			}
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}
