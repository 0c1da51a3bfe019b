package cpp

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// maxCtorCandidates bounds the constructors of one class name a
// construction chooses among.
const maxCtorCandidates = 16

// ctorFact is a constructor that passes a message to the class it
// initializes, a base or another constructor of its own class:
//
//	explicit missing_file(const std::string& path)
//	    : config_error("file " + path + " does not exist") {}
type ctorFact struct {
	class       string // the last segment of the class's name, or the factory's
	qual        string // class qualified by its namespaces and classes
	exception   string // the class a factory's result is, "" for a constructor
	least, most int    // the arguments a call passes (most < 0: variadic)
	params      []string
	msg         []errdex.Template
	key         string // tells apart constructors that make different messages
	// base is the class a delegating constructor initializes with
	// baseArgs, when it passes no message itself (recordDelegation).
	base     string
	baseArgs [][]errdex.Template
}

// recordCtor records the message a constructor passes in its initializer
// list: of its initializers' arguments that are text, the one with the
// most literal text.
func (x *file) recordCtor(def syntax.Node) {
	var inits syntax.Node
	for c := range def.NamedChildren() {
		if c.Kind() == "field_initializer_list" {
			inits = c
		}
	}
	if inits.IsNull() {
		x.recordFactory(def)
		return
	}
	class := ctorClass(def)
	if class == "" {
		return
	}
	var best msgeval.Value
	bestLen := 0
	for init := range inits.NamedChildren() {
		if init.Kind() != "field_initializer" {
			continue
		}
		for c := range init.NamedChildren() {
			if !c.Is("argument_list", "initializer_list") {
				continue
			}
			if v, ok := x.textArg(arguments(c)); ok && literalLen(v) > bestLen {
				best, bestLen = v, literalLen(v)
			}
		}
	}
	if bestLen == 0 {
		c, ok := initializerConstant(inits)
		if !ok {
			x.recordDelegation(def, class, inits)
			return
		}
		best = rules.Unknown(c.Text(), errdex.HoleStr)
	}
	x.addCtor(def, class, "", best.Alts)
}

// addCtor records the message msg a constructor or factory def of class
// builds (exception: the class a factory's result is, "" for a
// constructor).
func (x *file) addCtor(def syntax.Node, class, exception string, msg []errdex.Template) {
	least, most := arity(def)
	f := &ctorFact{class: class, qual: x.qualified(def, class), exception: exception, least: least, most: most, params: parameterNames(def), msg: msg}
	for _, t := range f.msg {
		f.key += t.Canonical() + "\x01"
	}
	x.facts.ctors = append(x.facts.ctors, f)
}

// recordDelegation records a constructor that passes no message but
// initializes one base, or another constructor of its class, with
// arguments: explicit TypedBadConversion(const Mark& m) :
// BadConversion(m) {}. Link gives it the message of the constructor it
// calls (resolveDelegations).
func (x *file) recordDelegation(def syntax.Node, class string, inits syntax.Node) {
	var base string
	var args []syntax.Node
	for init := range inits.NamedChildren() {
		if init.Kind() != "field_initializer" {
			continue
		}
		name := init.NamedChild(0)
		list := init.NamedChild(init.NamedChildCount() - 1)
		if !name.Is("type_identifier", "template_type", "qualified_identifier", "template_function", "field_identifier") ||
			!list.Is("argument_list", "initializer_list") || len(arguments(list)) == 0 {
			continue
		}
		b := lastSegment(typeName(name))
		if b == "" || !isBase(def, class, b) {
			continue // a member (m_mark(mark)), not a class
		}
		if base != "" {
			return // several: which one holds the message is unknown
		}
		base, args = b, arguments(list)
	}
	if base == "" || len(args) > maxLinkArgs {
		return
	}
	least, most := arity(def)
	f := &ctorFact{class: class, qual: x.qualified(def, class), least: least, most: most, params: parameterNames(def), base: base}
	for _, a := range args {
		f.baseArgs = append(f.baseArgs, x.eval(a, 0).Alts)
	}
	x.facts.ctors = append(x.facts.ctors, f)
}

// isBase reports whether name, initialized by a constructor of class, is
// one of the class's bases or the class itself, as the class's head says;
// for a constructor defined outside its class, whether it is written as
// classes are (TypeError, not m_mark).
func isBase(def syntax.Node, class, name string) bool {
	if name == class {
		return true
	}
	c := msgeval.Enclosing(def, "class_specifier", "struct_specifier")
	if c.IsNull() {
		return unicode.IsUpper(rune(name[0]))
	}
	for b := range c.NamedChildren() {
		if b.Kind() == "base_class_clause" {
			for t := range b.NamedChildren() {
				if lastSegment(typeName(t)) == name {
					return true
				}
			}
		}
	}
	return false
}

// resolveDelegations gives each delegating constructor the message of the
// constructor it calls, that one's parameters replaced by the arguments
// it passes, following chains of them (msgeval.MaxChain at most).
func resolveDelegations(byClass map[string][]*ctorFact) {
	for range msgeval.MaxChain {
		changed := false
		for _, fs := range byClass {
			for _, f := range fs {
				if f.base == "" || len(f.msg) > 0 {
					continue
				}
				var msgs []msgeval.Value
				for _, b := range pickCtor(byClass[f.base], len(f.baseArgs)) {
					if len(b.msg) > 0 {
						msgs = append(msgs, msgeval.Value{Alts: b.substitute(f.baseArgs)})
					}
				}
				if msg := rules.Union(msgs...).Alts; len(msg) > 0 {
					f.msg, changed = msg, true
					for _, t := range f.msg {
						f.key += t.Canonical() + "\x01"
					}
				}
			}
		}
		if !changed {
			return
		}
	}
}

// substitute is the message of the constructor called with arguments
// whose messages are args.
func (f *ctorFact) substitute(args [][]errdex.Template) []errdex.Template {
	values := map[string][]errdex.Template{}
	for i, p := range f.params {
		if p != "" && i < len(args) && len(args[i]) > 0 {
			values[p] = args[i]
		}
	}
	return rules.Alternatives.Substitute(f.msg, values)
}

// recordFactory records the message a static function of a class builds
// when each of its returns constructs the class with a message:
//
//	static FileError Missing(std::string name) {
//	    return FileError(name + " was not readable (missing?)");
//	}
func (x *file) recordFactory(def syntax.Node) {
	cls := msgeval.Enclosing(def, "class_specifier", "struct_specifier")
	if cls.IsNull() || !strings.Contains(def.Child("body").Text(), `"`) {
		return
	}
	class := lastSegment(stripTemplate(msgeval.Compact(cls.Child("name").Text())))
	name := stripTemplate(declaratorName(def.Child("declarator")))
	if class == "" || !isIdent(name) || name == class {
		return
	}
	var msgs []msgeval.Value
	for n := range def.Child("body").Descendants() {
		if n.Kind() != "return_statement" {
			continue
		}
		e := n.NamedChild(0)
		if !e.Is("call_expression", "compound_literal_expression") {
			return
		}
		typ := e.Child("function")
		if typ.IsNull() {
			typ = e.Child("type")
		}
		if lastSegment(typeName(typ)) != class {
			return
		}
		v, ok := x.textArg(arguments(e.Child("arguments")))
		if e.Kind() == "compound_literal_expression" {
			v, ok = x.textArg(arguments(e.Child("value")))
		}
		if !ok {
			return
		}
		msgs = append(msgs, v)
	}
	if len(msgs) == 0 {
		return
	}
	x.addCtor(def, name, class, rules.Union(msgs...).Alts)
}

// textArg returns the value of the argument with the most literal text,
// numbers left out.
func (x *file) textArg(args []syntax.Node) (msgeval.Value, bool) {
	var best msgeval.Value
	bestLen := 0
	for _, a := range args {
		if isNumber(a) {
			continue
		}
		if v := x.eval(a, 0); v.Text && literalLen(v) > bestLen {
			best, bestLen = v, literalLen(v)
		}
	}
	return best, bestLen > 0
}

// initializerConstant returns the first argument of an initializer list
// that names a constant (constantArg).
func initializerConstant(inits syntax.Node) (syntax.Node, bool) {
	for init := range inits.NamedChildren() {
		for c := range init.NamedChildren() {
			if c.Is("argument_list", "initializer_list") {
				if a, ok := constantArg(arguments(c)); ok {
					return a, true
				}
			}
		}
	}
	return syntax.Node{}, false
}

// ctorClass is the class a constructor definition constructs, or "" when
// def is not a constructor: its name is the class's, inside the class
// (name(..)) or outside it (name::name(..)).
func ctorClass(def syntax.Node) string {
	name := stripTemplate(declaratorName(def.Child("declarator")))
	if scope, last, ok := cutLast(name); ok {
		if lastSegment(stripTemplate(scope)) == last {
			return last
		}
		return ""
	}
	c := msgeval.Enclosing(def, "class_specifier", "struct_specifier")
	if c.IsNull() || lastSegment(stripTemplate(msgeval.Compact(c.Child("name").Text()))) != name {
		return ""
	}
	return name
}

// literalLen is the length of the literal text of a value's first
// alternative.
func literalLen(v msgeval.Value) int {
	if len(v.Alts) == 0 {
		return 0
	}
	return v.Alts[0].LiteralLen()
}

// whatFact is the text the what() method of a class returns, a literal:
// const char* what() const noexcept override { return "bad any cast"; }.
type whatFact struct {
	class, qual string // the class's name, alone and qualified
	msg         []errdex.Template
}

// qualified is the name of a constructor's, factory's or what()'s class
// (or factory) name, defined at def, qualified by the namespaces and
// classes around it: "YAML::BadFile".
func (x *file) qualified(def syntax.Node, name string) string {
	scope := strings.TrimSuffix(x.scopeOf(def), "::")
	if scope == "" {
		if q := stripTemplate(declaratorName(def.Child("declarator"))); strings.Contains(q, "::") {
			scope, _, _ = cutLast(q) // C::C(..) or C::what() outside the class
			scope, _, _ = cutLast(scope)
		}
	}
	if scope == name || strings.HasSuffix(scope, "::"+name) {
		return scope
	}
	if scope == "" {
		return name
	}
	return scope + "::" + name
}

// names reports whether a construction's class, as written (std::runtime_error,
// BadFile) in function fn, may name a class whose qualified name is qual:
// a qualified one those whose name ends with its qualification, an
// unqualified one those of the namespaces and classes around fn.
func names(written, qual, fn string) bool {
	if strings.Contains(written, "::") {
		return sameName(qual, stripTemplate(written))
	}
	// Unqualified: a class of the namespaces around the construction.
	scope := scopeOf(qual)
	return scope == "" || strings.HasPrefix(fn, scope+"::")
}

// pendingConstruction is the exception object exceptionObject last
// evaluated, for the site add builds of it.
type pendingConstruction struct {
	class string
	args  []syntax.Node
}

// recordConstruction records, for Link, that site s constructs the
// exception last evaluated: the class's constructor, in this file or
// another, may build the message from the arguments.
func (x *file) recordConstruction(s *errdex.Site) {
	p := x.pending
	x.pending = nil
	if p == nil || len(p.args) > maxLinkArgs {
		return
	}
	c := &msgeval.Construction{Site: s, Class: p.class, Args: make([]msgeval.Arg, len(p.args))}
	for i, a := range p.args {
		c.Args[i] = msgeval.Arg{Expr: a.Text(), Alts: x.eval(a, 0).Alts}
	}
	x.facts.constructions = append(x.facts.constructions, c)
}

// linkCtors gives each construction of a class whose what() returns a
// literal that literal, and of a class whose constructor builds the
// message the message it builds, the constructor's parameters
// replaced by the construction's arguments (msgeval.Relink keeps the
// site's own message when that says more).
func linkCtors(all []*facts) {
	byClass := map[string][]*ctorFact{}
	whats := map[string][]whatFact{}
	for _, ff := range all {
		for _, c := range ff.ctors {
			byClass[c.class] = append(byClass[c.class], c)
		}
		for _, w := range ff.whats {
			whats[w.class] = append(whats[w.class], w)
		}
	}
	if len(byClass) == 0 && len(whats) == 0 {
		return
	}
	resolveDelegations(byClass)
	for _, ff := range all {
		relink(ff.constructions, func(c *msgeval.Construction) ([]errdex.Template, bool) {
			last := lastSegment(c.Class)
			var quals []string
			for _, w := range whats[last] {
				quals = append(quals, w.qual)
			}
			for _, f := range byClass[last] {
				quals = append(quals, f.qual)
			}
			qual := nearest(quals, c.Class, c.Site.Function)
			if w, ok := pickWhat(whats[last], qual); ok {
				return w, true // what() is the message, whatever the constructor made
			}
			var named []*ctorFact
			for _, f := range byClass[last] {
				if f.qual == qual {
					named = append(named, f)
				}
			}
			fs := pickCtor(named, len(c.Args))
			args := make([][]errdex.Template, len(c.Args))
			for i, a := range c.Args {
				args[i] = a.Alts
			}
			var msgs []msgeval.Value
			for _, f := range fs {
				if len(f.msg) == 0 {
					continue
				}
				msgs = append(msgs, msgeval.Value{Alts: f.substitute(args)})
				if f.exception != "" && len(fs) == 1 {
					c.Site.Exception = factoryException(c.Class, f.exception)
				}
			}
			msg := rules.Union(msgs...).Alts
			for i, t := range msg {
				msg[i] = placeholders(t)
			}
			return msg, len(msg) > 0
		})
	}
}

// relink is msgeval.Relink for messages that say more than the site's:
// more literal text (a message the site made from a standard exception's
// own rules, "filesystem error: ...: {strerror}", stays).
func relink(cs []*msgeval.Construction, message func(c *msgeval.Construction) ([]errdex.Template, bool)) {
	msgeval.Relink(cs, func(c *msgeval.Construction) ([]errdex.Template, bool) {
		msg, ok := message(c)
		if !ok || len(msg) == 0 || msg[0].LiteralLen() <= c.Site.Template.LiteralLen() {
			return nil, false
		}
		return msg, true
	})
}

// pickWhat returns the literal the what() of the class qual returns,
// when all the classes of that name return one.
func pickWhat(ws []whatFact, qual string) ([]errdex.Template, bool) {
	var msg []errdex.Template
	for _, w := range ws {
		if w.qual != qual {
			continue
		}
		if msg != nil && msg[0].Canonical() != w.msg[0].Canonical() {
			return nil, false // classes of one name with different what()s
		}
		msg = w.msg
	}
	return msg, msg != nil
}

// nearest returns, of the qualified names of classes quals, the one a
// construction written so in function fn names: of those it may name
// (names), the one of the innermost scope around fn; "" for none or
// several.
func nearest(quals []string, written, fn string) string {
	best, bestLen, tie := "", -1, false
	for _, q := range quals {
		if q == best || !names(written, q, fn) {
			continue
		}
		switch n := len(scopeOf(q)); {
		case n > bestLen:
			best, bestLen, tie = q, n, false
		case n == bestLen:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// pickCtor chooses among the constructors of a class name the one a
// construction with nargs arguments calls: those whose parameters fit,
// when they all make the same message.
func pickCtor(cands []*ctorFact, nargs int) []*ctorFact {
	if len(cands) > maxCtorCandidates {
		return nil
	}
	var fit []*ctorFact
	for _, c := range cands {
		if nargs >= c.least && (c.most < 0 || nargs <= c.most) && !slices.ContainsFunc(fit, func(f *ctorFact) bool { return f.key == c.key }) {
			fit = append(fit, c)
		}
	}
	return fit
}

// placeholderRE matches a placeholder that an exception class replaces
// when it prints its message: '%canonical_option%' in Boost.Program_options.
var placeholderRE = regexp.MustCompile(`%([a-z][a-z0-9]*(?:_[a-z0-9]+)+)%`)

// placeholders makes a hole of each %name% placeholder, with an
// underscore in its name, in the literal text of a message an exception
// class builds: "unrecognised option '%canonical_option%'" prints
// "unrecognised option '--bogus'".
func placeholders(t errdex.Template) errdex.Template {
	var parts []errdex.Part
	changed := false
	for _, p := range t.Parts {
		if p.IsHole() {
			parts = append(parts, p)
			continue
		}
		text := p.Text
		for _, m := range placeholderRE.FindAllStringSubmatchIndex(text, -1) {
			changed = true
			if m[0] > 0 {
				parts = append(parts, errdex.Lit(text[:m[0]]))
			}
			parts = append(parts, errdex.HolePart(text[m[2]:m[3]], text[m[0]:m[1]], errdex.HoleStr))
			text = text[m[1]:]
		}
		if text != "" {
			parts = append(parts, errdex.Lit(text))
		}
	}
	if !changed {
		return t
	}
	return errdex.NewTemplate(parts...)
}

// factoryException is the exception a call of a factory makes, named as
// the call names the factory's class: ArgumentMismatch of
// CLI::ArgumentMismatch::AtMost.
func factoryException(call, class string) string {
	if scope, _, ok := cutLast(call); ok && lastSegment(scope) == class {
		return scope
	}
	return class
}

// hasWord reports whether s has w as one of its words split at sep.
func hasWord(s, sep, w string) bool {
	for p := range strings.SplitSeq(s, sep) {
		if p == w {
			return true
		}
	}
	return false
}

// recordInheritedWhat records the what() of a class that only renames a
// standard exception taking no message (class type_error : public
// std::bad_cast { };): its own body defines no what(), so it prints the
// base's ("std::bad_cast").
func (x *file) recordInheritedWhat(class syntax.Node) {
	name := stripTemplate(msgeval.Compact(class.Child("name").Text()))
	body := class.Child("body")
	if name == "" || body.IsNull() || strings.Contains(body.Text(), "what") {
		return
	}
	var bases []string
	for c := range class.NamedChildren() {
		if c.Kind() != "base_class_clause" {
			continue
		}
		for b := range c.NamedChildren() {
			if b.Is("type_identifier", "qualified_identifier", "template_type") {
				bases = append(bases, stripTemplate(msgeval.Compact(b.Text())))
			}
		}
	}
	if len(bases) != 1 {
		return
	}
	base, ok := strings.CutPrefix(bases[0], "std::")
	texts := stdWhats[base]
	if !ok || len(texts) == 0 {
		return
	}
	msg := make([]errdex.Template, len(texts))
	for i, t := range texts {
		msg[i] = errdex.NewTemplate(errdex.Lit(t))
	}
	qual := strings.TrimSuffix(x.scopeOf(class), "::")
	if qual != "" {
		qual += "::"
	}
	x.facts.whats = append(x.facts.whats, whatFact{class: lastSegment(name), qual: qual + name, msg: msg})
}
