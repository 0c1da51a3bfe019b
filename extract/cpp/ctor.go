package cpp

import (
	"strings"

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
	class       string // the last segment of the class's name
	least, most int    // the arguments a call passes (most < 0: variadic)
	params      []string
	msg         []errdex.Template
	key         string // tells apart constructors that make different messages
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
			for _, a := range arguments(c) {
				if isNumber(a) {
					continue
				}
				v := x.eval(a, 0)
				if n := literalLen(v); v.Text && n > bestLen {
					best, bestLen = v, n
				}
			}
		}
	}
	if bestLen == 0 {
		c, ok := initializerConstant(inits)
		if !ok {
			return
		}
		best = rules.Unknown(c.Text(), errdex.HoleStr)
	}
	least, most := arity(def)
	f := &ctorFact{class: class, least: least, most: most, params: parameterNames(def), msg: best.Alts}
	for _, t := range f.msg {
		f.key += t.Canonical() + "\x01"
	}
	x.facts.ctors = append(x.facts.ctors, f)
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
	class string
	msg   []errdex.Template
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
	whats := map[string][]errdex.Template{}
	for _, ff := range all {
		for _, c := range ff.ctors {
			byClass[c.class] = append(byClass[c.class], c)
		}
		for _, w := range ff.whats {
			if old, ok := whats[w.class]; ok && (old == nil || old[0].Canonical() != w.msg[0].Canonical()) {
				whats[w.class] = nil // classes of one name with different what()s
				continue
			}
			whats[w.class] = w.msg
		}
	}
	if len(byClass) == 0 && len(whats) == 0 {
		return
	}
	for _, ff := range all {
		msgeval.Relink(ff.constructions, func(c *msgeval.Construction) ([]errdex.Template, bool) {
			if w := whats[lastSegment(c.Class)]; w != nil {
				return w, true // what() is the message, whatever the constructor made
			}
			f := pickCtor(byClass[lastSegment(c.Class)], len(c.Args))
			if f == nil {
				return nil, false
			}
			values := map[string][]errdex.Template{}
			for i, p := range f.params {
				if p != "" && i < len(c.Args) && len(c.Args[i].Alts) > 0 {
					values[p] = c.Args[i].Alts
				}
			}
			msg := rules.Alternatives.Substitute(f.msg, values)
			return msg, len(msg) > 0
		})
	}
}

// pickCtor chooses among the constructors of a class name the one a
// construction with nargs arguments calls: those whose parameters fit,
// when they all make the same message.
func pickCtor(cands []*ctorFact, nargs int) *ctorFact {
	if len(cands) > maxCtorCandidates {
		return nil
	}
	var fit *ctorFact
	for _, c := range cands {
		if nargs < c.least || c.most >= 0 && nargs > c.most {
			continue
		}
		if fit != nil && fit.key != c.key {
			return nil
		}
		fit = c
	}
	return fit
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
