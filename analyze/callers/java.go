package callers

import (
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

// javaCallers fills Callers and Reach.Callers of the Java sites.
func javaCallers(r *analyze.Repo) {
	pkgOf := map[string]string{} // file path → package
	calls := map[javaMethod][]errdex.Caller{}
	for _, f := range r.Files {
		jf, ok := f.Result.Facts.(*java.Facts)
		if !ok {
			continue
		}
		pkgOf[f.Path] = jf.Package
		for _, c := range jf.CallSites {
			caller := errdex.Caller{Function: c.Caller, Path: f.Path, Line: c.Line}
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
		s.Callers, s.Reach.Callers = javaDirect(calls, pkg, s.Function, s.Location.Path)
	}
}

// javaDirect returns the first maxCallers callers of the method fn of
// package pkg, in file at, nearest first (see sortCallers), and how many
// functions call it. A method calling itself is no caller.
func javaDirect(calls map[javaMethod][]errdex.Caller, pkg, fn, at string) ([]errdex.Caller, int) {
	var out []errdex.Caller
	seen := map[string]bool{}
	for _, c := range calls[javaMethod{pkg, fn}] {
		if c.Function != fn && !seen[c.Function] {
			seen[c.Function] = true
			out = append(out, c)
		}
	}
	sortCallers(out, at)
	return out[:min(len(out), maxCallers)], len(out)
}
