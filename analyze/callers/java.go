package callers

import (
	"maps"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract/java"
)

// Java's callers come from the calls the Java extractor records
// (java.CallSite): a method of the caller's own class, a static method
// or constructor of a named class, a method called on a variable declared
// with its class. A method called on any other value, or inherited from
// a superclass, is left out rather than guessed.

// javaMethod identifies a Java method of the repository: its class's
// package and its Function ("Parser.next", "Parser.<init>").
type javaMethod struct{ pkg, function string }

// javaCall is a call of a javaMethod: its caller and its number of
// arguments.
type javaCall struct {
	caller errdex.Caller
	args   int
}

// javaCallers fills Callers and Reach.Callers of the Java sites. Of the
// calls of a method's name, those whose number of arguments its arity
// accepts are its (java.Arity): overloads share a name.
func javaCallers(r *analyze.Repo) {
	pkgOf := map[string]string{} // file path → package
	arities := map[*errdex.Site]java.Arity{}
	calls := map[javaMethod][]javaCall{}
	for _, f := range r.Files {
		jf, ok := f.Result.Facts.(*java.Facts)
		if !ok {
			continue
		}
		pkgOf[f.Path] = jf.Package
		maps.Copy(arities, jf.Arities)
		for _, c := range jf.CallSites {
			caller := javaCall{errdex.Caller{Function: c.Caller, Path: f.Path, Line: c.Line}, c.Args}
			m := javaMethod{c.Package, c.Class + "." + c.Method}
			calls[m] = append(calls[m], caller)
			if c.Implicit && c.Package != "java.lang" {
				// Of the file's package, or of java.lang: only one of
				// the two can be a method the repository defines.
				m.pkg = "java.lang"
				calls[m] = append(calls[m], caller)
			}
		}
	}
	if len(calls) == 0 {
		return
	}
	for _, s := range r.Sites {
		if s.Language != "java" || len(s.Callers) > 0 {
			continue
		}
		pkg, ok := pkgOf[s.Location.Path]
		if !ok {
			continue
		}
		arity, known := arities[s]
		var cs []errdex.Caller
		for _, c := range calls[javaMethod{pkg, s.Function}] {
			if !known || arity.Accepts(c.args) {
				cs = append(cs, c.caller)
			}
		}
		s.Callers, s.Reach.Callers = listCallers(cs, s.Function, s.Location.Path)
	}
}
