package java

import (
	"strings"

	"github.com/errdex/errdex"
	"unicode"

	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// CallSite is a call whose callee the file names without type checking:
// a method of the calling code's own class (m(), this.m()), a static
// method of a named class (Errors.badValue(s)), a method called on a
// parameter, local or field declared with its class (Parser p; p.next()),
// or a constructor (new Parser(s)). The file's Facts.CallSites hold one
// per calling function and callee, at the first such call: the
// repository's analyses list a method's callers from them.
type CallSite struct {
	// Package and Class name the callee's class, Class as Function names
	// prefix it ("Outer.Inner"); Implicit is set when the file neither
	// declares nor imports the class, which is then of the file's package
	// or of java.lang.
	Package, Class string
	Implicit       bool
	// Method is the method's name, "<init>" for a constructor.
	Method string
	// Caller is the Function of the calling code; Line the call's line.
	Caller string
	Line   int
	// Args counts the call's arguments, which tell overloads apart
	// (new ArrayList<>() from new ArrayList<>(n); see Arity).
	Args int
}

// Arity is the number of parameters of the method or constructor a site
// is in, Varargs set when the last takes a variable number of arguments:
// the calls of its name with other numbers of arguments are another
// overload's.
type Arity struct {
	Params  int
	Varargs bool
}

// Accepts reports whether a call with n arguments may call a method of
// arity a.
func (a Arity) Accepts(n int) bool {
	if a.Varargs {
		return n >= a.Params-1
	}
	return n == a.Params
}

// siteArities returns the arity of the method or constructor each site
// is in, by site; a site in an initializer or a field's initializer,
// which every constructor runs, has none.
func (x *fileCtx) siteArities() map[*errdex.Site]Arity {
	out := map[*errdex.Site]Arity{}
	for i, s := range x.sites {
		sc := x.siteScopes[i]
		for sc != nil && sc.name == "" {
			sc = sc.parent // a lambda: its method's
		}
		if sc == nil || !sc.node.Is("method_declaration", "constructor_declaration") {
			continue
		}
		a := Arity{Params: len(sc.params)}
		a.Varargs = a.Params > 0 && sc.params[a.Params-1].varargs
		out[s] = a
	}
	return out
}

// maxCallSites bounds the calls one file records.
const maxCallSites = 4096

// rawCall is a call the pass saw, resolved once the file's declarations
// are all known (callSites).
type rawCall struct {
	node syntax.Node
	sc   *scope
	typ  *typeInfo
}

// recordCall keeps a method call or constructor call of code in sc, of
// type typ, for callSites.
func (x *fileCtx) recordCall(n syntax.Node, sc *scope, typ *typeInfo) {
	if sc != nil && len(x.rawCalls) < maxCallSites && !n.HasError() {
		x.rawCalls = append(x.rawCalls, rawCall{node: n, sc: sc, typ: typ})
	}
}

// callSites resolves the calls the pass saw into Facts.CallSites.
func (x *fileCtx) callSites() []CallSite {
	type key struct{ caller, class, method string }
	seen := map[key]bool{}
	var out []CallSite
	for _, c := range x.rawCalls {
		cs, ok := x.callSite(c)
		if !ok || seen[key{cs.Caller, cs.Class, cs.Method}] {
			continue
		}
		seen[key{cs.Caller, cs.Class, cs.Method}] = true
		out = append(out, cs)
	}
	return out
}

// callSite resolves one call, or reports false.
func (x *fileCtx) callSite(c rawCall) (CallSite, bool) {
	cs := CallSite{Caller: c.sc.function(), Line: c.node.Line(), Args: len(args(c.node))}
	if cs.Caller == "" {
		return cs, false
	}
	if c.node.Kind() == "object_creation_expression" {
		if !c.node.Child("class_body").IsNull() {
			return cs, false // an anonymous class: its own constructor
		}
		cs.Method = "<init>"
		return cs, x.classOf(typeName(c.node.Child("type")), &cs)
	}
	cs.Method = c.node.Child("name").Text()
	switch obj := unwrap(c.node.Child("object")); {
	case obj.IsNull() || obj.Kind() == "this":
		if c.typ == nil {
			return cs, false
		}
		// The innermost enclosing class of the file that declares the
		// method: an anonymous class's body calling its outer class's
		// check(). A method none declares is inherited: its class is
		// left to the calling code's, which then matches no site.
		cs.Package, cs.Class = x.pkg, c.typ.display
		for t := c.typ; t != nil; t = t.parent {
			if x.declares(t, cs.Method) {
				cs.Class = t.display
				break
			}
		}
		return cs, true
	case obj.Kind() == "identifier":
		if t := x.declaredType(obj, c.sc); t != "" {
			return cs, x.classOf(t, &cs)
		}
		if name := obj.Text(); unicode.IsUpper(rune(name[0])) && strings.ToUpper(name) != name {
			return cs, x.classOf(name, &cs) // a static call: Errors.badValue(s)
		}
	case obj.Kind() == "field_access" && obj.Child("object").Kind() == "this":
		if c.typ != nil {
			if f, ok := c.typ.fields[obj.Child("field").Text()]; ok {
				return cs, x.classOf(f.typ, &cs)
			}
		}
	}
	return cs, false
}

// classOf sets cs's Package and Class to those of the class a declaration
// names (Parser, Outer.Inner, List<String>), reporting false for
// primitive and array types and type variables it cannot tell.
func (x *fileCtx) classOf(name string, cs *CallSite) bool {
	name = msgeval.Compact(name)
	if i := strings.IndexByte(name, '<'); i >= 0 {
		name = name[:i]
	}
	if name == "" || strings.HasSuffix(name, "]") || !unicode.IsUpper(rune(name[strings.LastIndexByte(name, '.')+1])) {
		return false
	}
	first, rest, _ := strings.Cut(name, ".")
	if t, ok := x.byName[first]; ok {
		cs.Package, cs.Class = x.pkg, t.display
		if rest != "" {
			cs.Class += "." + rest
		}
		return true
	}
	if fq, ok := x.imports[first]; ok {
		if i := strings.LastIndexByte(fq, '.'); i > 0 {
			cs.Package, cs.Class = fq[:i], name
			return true
		}
		return false
	}
	if !unicode.IsUpper(rune(first[0])) {
		// A qualified name: com.acme.Parser.
		i := strings.LastIndexByte(name, '.')
		cs.Package, cs.Class = name[:i], name[i+1:]
		return true
	}
	if len(first) == 1 {
		return false // a type variable: T
	}
	cs.Package, cs.Class, cs.Implicit = x.pkg, name, true
	return true
}

// declares reports whether type t of the file declares a method name.
func (x *fileCtx) declares(t *typeInfo, name string) bool {
	suffix := "." + name
	for _, m := range x.methods[t] {
		if strings.HasSuffix(m.name, suffix) {
			return true
		}
	}
	return false
}
