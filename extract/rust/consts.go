package rust

import (
	"regexp"
	"slices"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
)

// constPath is a hole expression naming a constant, perhaps through a
// path: CONTEXT_MISSING_ERROR, crate::util::error::CONTEXT_MISSING_ERROR.
var constPath = regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_]*::)*([A-Z][A-Z0-9_]*)$`)

// textConsts records the file's constants and statics whose value is
// plain text, for holes of other files that name them (linkConsts).
func (x *file) textConsts() {
	for name, v := range x.consts {
		val := x.eval(v, 0)
		if !val.Text || len(val.Alts) != 1 || len(val.Alts[0].Holes()) > 0 {
			continue
		}
		if x.facts.consts == nil {
			x.facts.consts = map[string]string{}
		}
		x.facts.consts[name] = val.Alts[0].String()
	}
}

// constHole reports whether v is one hole naming a constant: a message a
// constant of another file may spell out.
func constHole(v msgeval.Value) bool {
	if len(v.Alts) != 1 || len(v.Alts[0].Parts) != 1 {
		return false
	}
	p := v.Alts[0].Parts[0]
	return p.IsHole() && constPath.MatchString(p.Expr)
}

// linkConsts fills the holes that name a constant of the repository (one
// constant of that name with text as its value) with its text:
// f.write_str(CONTEXT_MISSING_ERROR) with the constant declared in
// util/error.rs. Sites kept only for such a hole (pending) that no
// constant fills are dropped.
func linkConsts(files []*extract.FileResult) {
	values := map[string][]string{}
	for _, f := range files {
		if fx, ok := f.Facts.(*facts); ok {
			for name, v := range fx.consts {
				values[name] = append(values[name], v)
			}
		}
	}
	fill := func(t errdex.Template) (errdex.Template, bool) {
		changed := false
		parts := slices.Clone(t.Parts)
		for i, p := range parts {
			m := constPath.FindStringSubmatch(p.Expr)
			if !p.IsHole() || p.Type == errdex.HoleRepr || m == nil || len(values[m[1]]) != 1 {
				continue
			}
			parts[i] = errdex.Lit(values[m[1]][0])
			changed = true
		}
		return errdex.NewTemplate(parts...).Normalize(), changed
	}
	for _, f := range files {
		fx, _ := f.Facts.(*facts)
		f.Sites = slices.DeleteFunc(f.Sites, func(s *errdex.Site) bool {
			t, changed := fill(s.Template)
			if changed {
				s.Template = t
				for i, a := range s.Alternatives {
					s.Alternatives[i], _ = fill(a)
				}
			}
			return fx != nil && fx.pendingConsts[s] && !changed
		})
	}
}
