package callers

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract"
)

// The callers of C, C++, Rust, JavaScript and TypeScript sites come from
// the calls their extractors record by name (extract.NamedCall). A call
// of f reaches, among the functions of the repository's sites of the same
// language family named f (or ending in ::f, or .f in JavaScript):
//
//  1. those of the calling file (a static function, an inline method, a
//     module's own function);
//  2. else those whose qualification encloses the caller's: mylib::convert
//     and mylib::Table::check for a call in mylib::Table::open (a Rust
//     module's function for a call in the module);
//  3. else the only one of the repository that is global, or that the
//     call names qualified (Json::throwLogicError(msg)).
//
// Beyond the calling file, a name must have three characters or more: a
// minifier's one-letter names say nothing across files.
//
// A call that several functions may answer at one level is left out.

// namedFamily is a family of languages whose calls reach each other, and
// how they separate a name's parts.
type namedFamily struct{ name, sep string }

// familyOf returns the family of a language whose callers come from
// NamedCalls, or false.
func familyOf(lang string) (namedFamily, bool) {
	switch lang {
	case "c", "cpp":
		return namedFamily{"c", "::"}, true
	case "rust":
		return namedFamily{"rust", "::"}, true
	case "javascript", "typescript":
		return namedFamily{"js", "."}, true
	}
	return namedFamily{}, false
}

// lastPart is name's last part: "check" of "mylib::Table::check".
func (f namedFamily) lastPart(name string) string {
	if i := strings.LastIndex(name, f.sep); i >= 0 {
		return name[i+len(f.sep):]
	}
	return name
}

// qualifier is name without its last part: "mylib::Table" of
// "mylib::Table::check", "" of "check".
func (f namedFamily) qualifier(name string) string {
	if i := strings.LastIndex(name, f.sep); i >= 0 {
		return name[:i]
	}
	return ""
}

// cFunc is a function holding sites: its file and its name.
type cFunc struct{ path, name string }

// lastKey indexes functions by family and last part of the name.
type lastKey struct{ family, last string }

// namedCallers fills Callers and Reach.Callers of the sites of languages
// whose extractors record NamedCalls.
func namedCallers(r *analyze.Repo) {
	byLast := map[lastKey][]cFunc{}
	seen := map[cFunc]bool{}
	for _, s := range r.Sites {
		fam, ok := familyOf(s.Language)
		if !ok || s.Function == "" || strings.HasPrefix(s.Function, "<") {
			continue
		}
		fn := cFunc{s.Location.Path, s.Function}
		if !seen[fn] {
			seen[fn] = true
			k := lastKey{fam.name, fam.lastPart(s.Function)}
			byLast[k] = append(byLast[k], fn)
		}
	}
	if len(byLast) == 0 {
		return
	}
	calls := map[cFunc][]errdex.Caller{}
	for _, f := range r.Files {
		fc, ok := f.Result.Facts.(extract.NamedCalls)
		fam, known := familyOf(f.Language)
		if !ok || !known {
			continue
		}
		for _, c := range fc.NamedCalls() {
			cands := byLast[lastKey{fam.name, fam.lastPart(c.Callee)}]
			if t, ok := fam.resolve(cands, c, f.Path); ok {
				calls[t] = append(calls[t], errdex.Caller{Function: c.Caller, Path: f.Path, Line: c.Line})
			}
		}
	}
	for _, s := range r.Sites {
		if _, ok := familyOf(s.Language); !ok || len(s.Callers) > 0 {
			continue
		}
		if cs := calls[cFunc{s.Location.Path, s.Function}]; len(cs) > 0 {
			s.Callers, s.Reach.Callers = listCallers(cs, s.Function, s.Location.Path)
		}
	}
}

// resolve picks the function call c in file at reaches among cands, the
// functions whose names end like c's callee (see namedCallers).
func (fam namedFamily) resolve(cands []cFunc, c extract.NamedCall, at string) (cFunc, bool) {
	var named []cFunc // names that end with the callee's as written
	for _, f := range cands {
		if f.name == c.Callee || strings.HasSuffix(f.name, fam.sep+c.Callee) {
			named = append(named, f)
		}
	}
	qualified := strings.Contains(c.Callee, fam.sep)
	levels := []func(cFunc) bool{
		func(f cFunc) bool { return f.path == at },
		func(f cFunc) bool {
			q := fam.qualifier(f.name)
			return (q == "" || strings.HasPrefix(c.Caller, q+fam.sep)) && longName(fam.lastPart(f.name))
		},
		func(f cFunc) bool {
			return (fam.qualifier(f.name) == "" || qualified) && longName(fam.lastPart(f.name))
		},
	}
	for _, in := range levels {
		var found []cFunc
		for _, f := range named {
			if in(f) {
				found = append(found, f)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0], true
		}
		return cFunc{}, false // several: no guess
	}
	return cFunc{}, false
}

// longName reports whether a function's name is long enough to be looked
// for beyond the calling file (see namedCallers).
func longName(name string) bool { return len(name) >= 3 }
