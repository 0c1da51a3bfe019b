package callers

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/extract"
)

// The callers of C, C++ and Rust sites come from the calls their
// extractors record by name (extract.NamedCall). A call of f reaches,
// among the functions of the repository's sites named f (or ending in
// ::f):
//
//  1. those of the calling file (a static function, an inline method);
//  2. else those whose qualification encloses the caller's: mylib::convert
//     and mylib::Table::check for a call in mylib::Table::open (a Rust
//     module's function for a call in the module);
//  3. else the only one of the repository that is global, or that the
//     call names qualified (Json::throwLogicError(msg)).
//
// A call that several functions may answer at one level is left out.

// cFunc is a function holding sites: its file and its name.
type cFunc struct{ path, name string }

// namedCallers fills Callers and Reach.Callers of the C, C++ and Rust
// sites.
func namedCallers(r *analyze.Repo) {
	byLast := map[string][]cFunc{} // last segment of the name → functions
	seen := map[cFunc]bool{}
	for _, s := range r.Sites {
		if !namedLanguage(s.Language) || s.Function == "" || s.Function == "<global>" {
			continue
		}
		fn := cFunc{s.Location.Path, s.Function}
		if !seen[fn] {
			seen[fn] = true
			last := s.Function[strings.LastIndex(s.Function, "::")+1:]
			last = strings.TrimPrefix(last, ":")
			byLast[last] = append(byLast[last], fn)
		}
	}
	if len(byLast) == 0 {
		return
	}
	calls := map[cFunc][]errdex.Caller{}
	for _, f := range r.Files {
		fc, ok := f.Result.Facts.(extract.NamedCalls)
		if !ok {
			continue
		}
		for _, c := range fc.NamedCalls() {
			last := c.Callee[strings.LastIndex(c.Callee, "::")+1:]
			last = strings.TrimPrefix(last, ":")
			if t, ok := resolveC(byLast[last], c, f.Path); ok && t.name != c.Caller {
				calls[t] = append(calls[t], errdex.Caller{Function: c.Caller, Path: f.Path, Line: c.Line})
			}
		}
	}
	for _, s := range r.Sites {
		if !namedLanguage(s.Language) || len(s.Callers) > 0 {
			continue
		}
		cs := calls[cFunc{s.Location.Path, s.Function}]
		if len(cs) == 0 {
			continue
		}
		out := dedupeCallers(cs)
		sortCallers(out, s.Location.Path)
		s.Callers, s.Reach.Callers = out[:min(len(out), maxCallers)], len(out)
	}
}

// namedLanguage reports whether a site's language is one whose callers
// come from NamedCalls: C, C++ or Rust.
func namedLanguage(lang string) bool { return lang == "c" || lang == "cpp" || lang == "rust" }

// resolveC picks the function call c in file at reaches among cands, the
// functions whose names end like c's callee (see namedCallers).
func resolveC(cands []cFunc, c extract.NamedCall, at string) (cFunc, bool) {
	var named []cFunc // names that end with the callee's as written
	for _, f := range cands {
		if f.name == c.Callee || strings.HasSuffix(f.name, "::"+c.Callee) {
			named = append(named, f)
		}
	}
	levels := []func(cFunc) bool{
		func(f cFunc) bool { return f.path == at },
		func(f cFunc) bool { return encloses(qualifier(f.name), c.Caller) },
		// The only one anywhere, when no namespace or class could hide
		// it from the caller, or the call names its qualification.
		func(f cFunc) bool { return qualifier(f.name) == "" || strings.Contains(c.Callee, "::") },
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

// qualifier is name without its last segment: "mylib::Table" of
// "mylib::Table::check", "" of "check".
func qualifier(name string) string {
	if i := strings.LastIndex(name, "::"); i >= 0 {
		return name[:i]
	}
	return ""
}

// encloses reports whether scope q encloses the function named caller:
// "" (the global namespace) encloses all, "mylib" encloses
// "mylib::Table::open".
func encloses(q, caller string) bool {
	return q == "" || strings.HasPrefix(caller, q+"::")
}

// dedupeCallers keeps each calling function once.
func dedupeCallers(cs []errdex.Caller) []errdex.Caller {
	seen := map[string]bool{}
	var out []errdex.Caller
	for _, c := range cs {
		if k := c.Path + "\x00" + c.Function; !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}
