package java

import (
	"strings"
	"unicode"

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

type linker struct {
	byBinary map[string]*classEntry
	byName   map[string][]*classEntry
	// returns memoises what each factory returns, in terms of its own
	// parameters; an entry being computed is not ok, which ends cycles.
	returns map[*Factory]*factoryReturns
	// open counts the factories being computed; low is the lowest
	// position among them that the current computation reached through
	// a cycle; provisional lists the factories computed while such a
	// cycle was cut, whose results lack what the cut one returns.
	open, low   int
	provisional []provisional
}

// provisional is a memoised result of a factory that lacks what a
// factory of its cycle still being computed returns.
type provisional struct {
	m *Factory
	r *factoryReturns
}

// factoryReturns is what a factory returns, once Link knows it.
type factoryReturns struct {
	t  []thrownBy
	ok bool
	// computing is set while its returns are followed, at position pos
	// among the factories being computed.
	computing bool
	pos       int
}

// maxExceptions bounds the exceptions of one factory, each a site of a
// throw of its result.
const maxExceptions = 8

// link runs after every Java file is extracted. It qualifies exceptions
// named by types of the same package or imported on demand, replaces
// holes that read constants of other classes (Messages.NOT_FOUND) with
// their text, and replaces the message of each new C(...) of a class of
// the repository with the message C's constructors build, following
// this(...) and super(...) calls and getMessage() overrides.
func link(files []*extract.FileResult) {
	l := &linker{byBinary: map[string]*classEntry{}, byName: map[string][]*classEntry{}, returns: map[*Factory]*factoryReturns{}}
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
	for f, ff := range msgeval.FactsOf[*Facts](files) {
		l.fillHelpers(f, ff)
	}
	for f, ff := range msgeval.FactsOf[*Facts](files) {
		msgeval.Relink(ff.Throws, func(t *Throw) ([]errdex.Template, bool) { return l.message(l.resolve(ff, t.Class), t.Args, 0) })
		for _, c := range ff.Calls {
			l.relinkCall(f, ff, c)
		}
		for _, pc := range ff.ParamCalls {
			pc.apply()
		}
	}
	for _, ff := range msgeval.FactsOf[*Facts](files) {
		for _, c := range ff.ClassCalls {
			l.classCall(ff, c)
		}
	}
}

// thrownBy is what a call of a factory returns: an exception, as written
// and qualified, with its messages.
type thrownBy struct {
	exception, qualified string
	msg                  []errdex.Template
	// format is set when a call's arguments format the message.
	format *Format
}

// relinkCall gives the site of throw f(...), in file res, the exception
// of the factory f calls, when Link finds it, and its messages when they
// say more than the site's. A factory returning several exceptions
// (translate(errno) returning NoSuchFileException or
// AccessDeniedException) makes one site of the throw per exception, the
// first the site itself.
func (l *linker) relinkCall(res *extract.FileResult, ff *Facts, c *Call) {
	ts, ok := l.factoryCall(ff, c, 0)
	if !ok {
		return
	}
	site := *c.Site
	for i, t := range ts {
		s := c.Site
		if i > 0 {
			s = new(errdex.Site)
			*s = site
			s.Snippet = nil // the driver makes the snippet of a site Link adds
			res.Sites = append(res.Sites, s)
		}
		if s.Kind != errdex.KindReject {
			s.Kind = errdex.KindThrow
		}
		s.Exception, s.ExceptionQualified = t.exception, t.qualified
		if (msgeval.Value{Alts: t.msg}).Opaque() && !site.Template.IsOpaque() {
			continue // the site's guess, the call's first text argument, says more
		}
		s.Template, s.Alternatives = template.Pick(distinct(t.msg))
	}
}

// bindParams maps the parameters of a method, up to its varargs, to the
// messages of a call's arguments.
func bindParams(ps []Param, args []Arg) map[string][]errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range ps {
		if i < len(args) && !p.Varargs {
			values[p.Name] = args[i].Alts
		}
	}
	return values
}

// distinct keeps the first of the messages that read alike
// (errdex.Template.Canonical): the returns of factories in a cycle give
// 'a {n}' once for A.f(n - 1) and once for A.f(n + 1).
func distinct(ts []errdex.Template) []errdex.Template {
	seen := map[string]bool{}
	var out []errdex.Template
	for _, t := range ts {
		if c := t.Canonical(); !seen[c] {
			seen[c] = true
			out = append(out, t)
		}
	}
	return out
}

// factoryCall follows call c, written in file f, to the factory it
// calls: the exception it returns and its messages, with the factory's
// parameters filled by c's arguments.
func (l *linker) factoryCall(f *Facts, c *Call, depth int) ([]thrownBy, bool) {
	if depth > msgeval.MaxChain {
		return nil, false
	}
	e, m := l.factory(f, c)
	if m == nil {
		return nil, false
	}
	r := l.returns[m]
	if r == nil {
		r = l.compute(e, m, depth)
	} else if r.computing {
		l.low = min(l.low, r.pos) // a cycle ends here
	}
	if !r.ok {
		return nil, false
	}
	values := bindParams(m.Params, c.Args)
	out := make([]thrownBy, len(r.t))
	for i, t := range r.t {
		t.msg = rules.Alternatives.Substitute(t.msg, values)
		if t.format != nil {
			if msg, ok := t.format.apply(c.Args); ok {
				t.msg = msg
			}
			t.format = nil
		}
		out[i] = t
	}
	return out, true
}

// apply formats the message of a factory called with args, when the
// argument for its format is known text.
func (f *Format) apply(args []Arg) ([]errdex.Template, bool) {
	if f.Param >= len(args) || f.Args > len(args) {
		return nil, false
	}
	format, ok := msgeval.Value{Alts: args[f.Param].Alts}.Known()
	if !ok {
		return nil, false
	}
	rest := args[f.Args:]
	texts := make([]string, len(rest))
	for i, a := range rest {
		texts[i] = a.Expr
	}
	value := func(i int) (errdex.Template, bool) {
		if s, ok := (msgeval.Value{Alts: rest[i].Alts}).Known(); ok {
			return errdex.NewTemplate(errdex.Lit(s)), true
		}
		return errdex.Template{}, false
	}
	if f.Dialect == messageFormat {
		return []errdex.Template{template.MessageFormat{Value: value}.Parse(format, texts).Template}, true
	}
	return []errdex.Template{template.Printf{Dialect: template.PrintfJava, Value: value}.Parse(format, texts).Template}, true
}

// compute follows the returns of factory m of class e and memoises
// them. Factories calling each other in a cycle are computed once each
// from the first one reached, the others seeing it as returning nothing
// more: their results are provisional and forgotten once the first one
// is done, to be computed again from its complete result when a call
// reaches them first (A.f returning B.f() or new X(), B.f returning A.f()
// or new Y(): a throw B.f() after a throw A.f() gets both X and Y).
func (l *linker) compute(e *classEntry, m *Factory, depth int) *factoryReturns {
	r := &factoryReturns{computing: true, pos: l.open}
	l.returns[m] = r
	l.open++
	outer := l.low
	l.low = r.pos
	r.t, r.ok = l.factoryReturns(e, m, depth)
	l.open--
	r.computing = false
	if l.low < r.pos {
		l.provisional = append(l.provisional, provisional{m, r})
	} else {
		kept := l.provisional[:0]
		for _, p := range l.provisional {
			switch {
			case p.r.pos <= r.pos:
				kept = append(kept, p) // of a cycle through a factory still computed
			case l.returns[p.m] == p.r:
				delete(l.returns, p.m)
			}
		}
		l.provisional = kept
	}
	l.low = min(outer, l.low)
	return r
}

// factoryReturns is what factory m of class e returns, its messages
// naming m's parameters: each exception it returns, in source order, with
// the messages of its returns joined; a constructed class of the
// repository gives the message its constructors build.
func (l *linker) factoryReturns(e *classEntry, m *Factory, depth int) ([]thrownBy, bool) {
	var out []thrownBy
	for _, r := range m.Returns {
		if r.Call != nil {
			if ts, ok := l.factoryCall(e.file, r.Call, depth+1); ok {
				for _, t := range ts {
					out = addThrown(out, t)
				}
			}
			continue
		}
		t := thrownBy{exception: r.Exception, qualified: r.Qualified, msg: r.Msg, format: r.Format}
		if ce := l.resolve(e.file, r.Exception); ce != nil {
			t.qualified = ce.class.Binary
			if msg, ok := l.message(ce, r.Args, depth+1); ok {
				t.msg = msg
			}
		} else if t.qualified == "" {
			t.qualified = onDemand(e.file, r.Exception)
		}
		out = addThrown(out, t)
	}
	return out, len(out) > 0
}

// addThrown adds exception t to those of a factory: its messages join
// those of the same exception, or it comes after them, up to
// maxExceptions.
func addThrown(out []thrownBy, t thrownBy) []thrownBy {
	for i := range out {
		if out[i].exception == t.exception && out[i].qualified == t.qualified {
			out[i].msg = rules.Union(msgeval.Value{Alts: out[i].msg}, msgeval.Value{Alts: t.msg}).Alts
			out[i].format = nil // several returns: no one format to apply
			return out
		}
	}
	if len(out) == maxExceptions {
		return out
	}
	return append(out, t)
}

// factory finds the factory call c of file f calls, with its class.
func (l *linker) factory(f *Facts, c *Call) (*classEntry, *Factory) {
	for _, t := range l.owners(f, c) {
		if m := pickNamed(t.class.Factories, c.Method, c.Args, func(m *Factory) (string, []Param) { return m.Name, m.Params }); m != nil {
			return t, m
		}
	}
	return nil, nil
}

// classCall gives the sites of the method call c of file f runs that
// format their messages from its parameters the messages c's arguments
// make (a ParamCall of
// one call), once their own messages are final.
func (l *linker) classCall(f *Facts, c *Call) {
	for _, t := range l.owners(f, c) {
		m := pickNamed(t.class.ParamMethods, c.Method, c.Args, func(m *ParamMethod) (string, []Param) { return m.Name, m.Params })
		if m == nil {
			continue
		}
		b := bindParams(m.Params, c.Args)
		for i, s := range m.Sites {
			pc := ParamCall{Site: s, Binds: []map[string][]errdex.Template{b}, Format: m.Formats[i], Calls: [][]Arg{c.Args}}
			if m.Formats[i] == nil {
				// A message that shows a parameter takes prose only:
				// Charset.forName("UTF-8") passes a name.
				if !prose(b) {
					continue
				}
				if r := m.Relays[i]; r != nil {
					pc.Binds[0] = map[string][]errdex.Template{}
					for k, ts := range r {
						pc.Binds[0][k] = rules.Alternatives.Substitute(ts, b)
					}
				}
			}
			pc.apply()
		}
		return
	}
}

// prose reports whether a message bound to a parameter says words of
// its own: literal text with a letter on each side of a space ("Can not
// write a field name", "expected a value"), not a name ("UTF-8").
func prose(b map[string][]errdex.Template) bool {
	for _, ts := range b {
		for _, t := range ts {
			for _, p := range t.Parts {
				if p.IsHole() {
					continue
				}
				for i := 1; i+1 < len(p.Text); i++ {
					if p.Text[i] == ' ' && unicode.IsLetter(rune(p.Text[i-1])) && unicode.IsLetter(rune(p.Text[i+1])) {
						return true
					}
				}
			}
		}
	}
	return false
}

// owners lists the classes that may declare the method call c of file f
// calls, nearest first: the class c names or, unqualified, the class c
// is written in, its enclosing classes and their base classes, then the
// classes imported statically; each followed by its supertypes.
func (l *linker) owners(f *Facts, c *Call) []*classEntry {
	var starts []*classEntry
	if c.Object != "" {
		starts = append(starts, l.resolve(f, c.Object))
	} else {
		for b := c.Owner; b != ""; {
			starts = append(starts, l.byBinary[b])
			k := strings.LastIndexByte(b, '$')
			if k < 0 {
				break
			}
			b = b[:k]
		}
		if owner, ok := f.Statics[c.Method]; ok {
			starts = append(starts, l.qualified(owner))
		}
		for _, w := range f.Wildcards {
			if f.Statics["*"+w] != "" {
				starts = append(starts, l.qualified(w))
			}
		}
	}
	var out []*classEntry
	for _, e := range starts {
		out = append(out, l.supertypes(e)...)
	}
	return out
}

// fillHelpers replaces the holes of file f's messages that read a call
// of a message helper of the repository (FormatUtils.createErrorMessage(
// text, pos)) with the messages the helper returns, its parameters filled
// by the call's arguments: in its sites, whose message is picked again,
// and in the arguments of its constructions, before Link builds their
// classes' messages.
func (l *linker) fillHelpers(f *extract.FileResult, ff *Facts) {
	values := map[string][]errdex.Template{}
	for expr, c := range ff.HelperCalls {
		for _, t := range l.owners(ff, c) {
			h := pickNamed(t.class.Helpers, c.Method, c.Args, func(h *Helper) (string, []Param) { return h.Name, h.Params })
			if h == nil {
				continue
			}
			values[expr] = rules.Alternatives.Substitute(h.Msg, bindParams(h.Params, c.Args))
			break
		}
	}
	if len(values) == 0 {
		return
	}
	for _, s := range f.Sites {
		if all := append([]errdex.Template{s.Template}, s.Alternatives...); reads(all, values) {
			s.Template, s.Alternatives = template.Pick(rules.Alternatives.Substitute(all, values))
		}
	}
	for _, c := range ff.Throws {
		for i := range c.Args {
			c.Args[i].Alts = rules.Alternatives.Substitute(c.Args[i].Alts, values)
		}
	}
}

// reads reports whether a hole of ts has an Expr that values holds.
func reads(ts []errdex.Template, values map[string][]errdex.Template) bool {
	for _, t := range ts {
		for _, p := range t.Parts {
			if _, ok := values[p.Expr]; ok && p.IsHole() {
				return true
			}
		}
	}
	return false
}

// supertypes lists class e (when not nil) and the types it inherits
// from, nearest first: its superclasses, then the interfaces of each, at
// most msgeval.MaxChain of them.
func (l *linker) supertypes(e *classEntry) []*classEntry {
	var out []*classEntry
	seen := map[*classEntry]bool{}
	for queue := []*classEntry{e}; len(queue) > 0 && len(out) <= msgeval.MaxChain; queue = queue[1:] {
		t := queue[0]
		if t == nil || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
		if t.class.Super != "" {
			queue = append(queue, l.resolve(t.file, t.class.Super))
		}
		for _, i := range t.class.Interfaces {
			queue = append(queue, l.resolve(t.file, i))
		}
	}
	return out
}

// onDemand qualifies a common JDK throwable that file f imports on
// demand (import java.io.*), or returns "".
func onDemand(f *Facts, name string) string {
	if pkg, ok := jdkPackages[name]; ok {
		for _, w := range f.Wildcards {
			if w == pkg {
				return pkg + "." + name
			}
		}
	}
	return ""
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
		if s.ExceptionQualified == "" {
			s.ExceptionQualified = onDemand(ff, s.Exception)
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
// repository (Messages.NOT_FOUND, a static import NOT_FOUND, a name of a
// class imported statically on demand).
func (l *linker) constants(f *extract.FileResult, ff *Facts) {
	rules.FillConstants(f.Sites, ff.Throws, func(expr string) (string, bool) {
		if expr == "" || strings.ContainsAny(expr, "( ") {
			return "", false
		}
		if k := strings.LastIndexByte(expr, '.'); k > 0 {
			if e := l.resolve(ff, expr[:k]); e != nil {
				text, ok := e.class.Consts[expr[k+1:]]
				return text, ok
			}
			return "", false
		}
		if owner, ok := ff.Statics[expr]; ok {
			if e := l.qualified(owner); e != nil {
				text, ok := e.class.Consts[expr]
				return text, ok
			}
			return "", false
		}
		for _, w := range ff.Wildcards {
			if ff.Statics["*"+w] == "" {
				continue
			}
			if e := l.qualified(w); e != nil {
				if text, ok := e.class.Consts[expr]; ok {
					return text, true // import static com.acme.Messages.*;
				}
			}
		}
		for _, c := range ff.Classes {
			// A constant inherited from a superclass or an interface
			// (class Store implements Messages).
			for i, t := range l.supertypes(l.byBinary[c.Binary]) {
				if text, ok := t.class.Consts[expr]; ok && i > 0 {
					return text, true
				}
			}
		}
		return "", false
	})
}

// message is the message class e builds when constructed with args, and
// whether it is known (not for a nil e, a class not found).
func (l *linker) message(e *classEntry, args []Arg, depth int) ([]errdex.Template, bool) {
	return l.messageBy(e, args, depth, nil)
}

// messageBy is message for a call of a constructor of e by another,
// caller, with this(...), which calls any constructor but itself:
// picocli's MissingParameterException(cmd, ArgSpec missing, msg) calls
// this(cmd, Collections.singletonList(missing), msg), whose arguments
// fit its own parameters as well as those of the constructor taking a
// Collection<ArgSpec>.
func (l *linker) messageBy(e *classEntry, args []Arg, depth int, caller *Ctor) ([]errdex.Template, bool) {
	if e == nil || depth > msgeval.MaxChain {
		return nil, false
	}
	c := e.class
	var ctor *Ctor
	if len(c.Ctors) > 0 {
		if ctor = pickCtor(c.Ctors, args, caller); ctor == nil {
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
		if ctor.Format != nil {
			if msg, ok := ctor.Format.apply(args); ok {
				passed[0].Alts = msg
			}
		}
	}
	if call == "this" {
		// The constructor called builds the message, getMessage()
		// included, from the fields it sets.
		return l.messageBy(e, passed, depth+1, ctor)
	}
	base, ok := l.superMessage(e, passed, depth)
	if c.GetMessage == nil {
		return base, ok
	}
	fields := map[string][]errdex.Template{}
	if ctor != nil {
		for f, p := range ctor.Fields {
			v, has := values[p]
			if p == superMessage {
				v, has = base, ok
			}
			if has {
				fields[f], fields["this."+f] = v, v
			}
		}
	}
	ms := c.GetMessage
	if ok {
		fields[superMessage] = base
		if c.NullMessage != nil && noMessage(base) {
			ms = c.NullMessage // new NullPointerException(): the computed message
		}
	} else {
		ms = rules.Union(msgeval.Value{Alts: ms}, msgeval.Value{Alts: c.NullMessage}).Alts
	}
	return rules.Alternatives.Substitute(ms, fields), true
}

// noMessage reports whether a message is none (a throwable constructed
// without one), whose getMessage() is null.
func noMessage(ms []errdex.Template) bool {
	for _, m := range ms {
		if !m.IsEmpty() {
			return false
		}
	}
	return true
}

// superMessage is the message the superclass of e builds from args: a
// class of the repository, or a JDK throwable (Throwable's constructors),
// as is a base class Link cannot follow (a library's RemoteFault) to
// which e passes a String first.
func (l *linker) superMessage(e *classEntry, args []Arg, depth int) ([]errdex.Template, bool) {
	if base := l.resolve(e.file, e.class.Super); base != nil && base != e {
		if ms, ok := l.message(base, args, depth+1); ok || !isThrowableName(e.class.Super) {
			return ms, ok
		}
		// A JDK throwable the repository declares without the
		// constructors Link follows (java.lang.Throwable in the JDK's
		// own sources) takes its message as Throwable's constructors do.
	}
	if !isThrowableName(e.class.Super) && (len(args) == 0 || args[0].Type != "String") {
		return nil, false
	}
	// A JDK throwable, or a base class the repository does not declare
	// given a String first: Throwable's constructors.
	switch {
	case len(args) == 0:
		return []errdex.Template{{}}, true
	case args[0].Type == "Throwable":
		return []errdex.Template{{Parts: []errdex.Part{errdex.HolePart("cause", args[0].Expr, errdex.HoleError)}}}, true
	}
	return args[0].Alts, true
}

// pickCtor chooses the constructor a call with args runs (pickParams),
// other than except (nil when any may run).
func pickCtor(ctors []Ctor, args []Arg, except *Ctor) *Ctor {
	var cands []*Ctor
	for i := range ctors {
		if &ctors[i] != except {
			cands = append(cands, &ctors[i])
		}
	}
	if i := pickParams(len(cands), func(i int) []Param { return cands[i].Params }, args); i >= 0 {
		return cands[i]
	}
	return nil
}

// pickNamed chooses, among methods (factories, helpers) whose name and
// parameters nameParams gives, the one named name a call with args runs
// (pickParams).
func pickNamed[M any](ms []M, name string, args []Arg, nameParams func(*M) (string, []Param)) *M {
	var named []*M
	var params [][]Param
	for i := range ms {
		if n, ps := nameParams(&ms[i]); n == name {
			named, params = append(named, &ms[i]), append(params, ps)
		}
	}
	if i := pickParams(len(named), func(i int) []Param { return params[i] }, args); i >= 0 {
		return named[i]
	}
	return nil
}

// pickParams chooses among n overloads, whose parameters params gives,
// the one a call with args runs: the right number of parameters, no
// String, Throwable or number parameter given another of the three, and
// the most parameters whose types agree. It returns -1 when none fits.
func pickParams(n int, params func(i int) []Param, args []Arg) int {
	best, bestScore := -1, -1
	for i := range n {
		ps := params(i)
		k := len(ps)
		varargs := k > 0 && ps[k-1].Varargs
		if k != len(args) && !(varargs && len(args) >= k-1) {
			continue
		}
		score := 0
		for j, p := range ps {
			if j >= len(args) || p.Varargs {
				break
			}
			switch a := args[j].Type; {
			case a == "":
			case p.Type == "String" && a == "String", isThrowableName(p.Type) && a == "Throwable", isNumber(p.Type) && a == "number":
				score++
			case p.Type == "String", isThrowableName(p.Type), isNumber(p.Type):
				score = -1 // a String, Throwable or number given another of them
			}
			if score < 0 {
				break
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}
