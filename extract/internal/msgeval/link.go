package msgeval

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// FillConstants replaces, when Link sees the whole repository, the
// holes that read a constant of another file (Messages.NOT_FOUND,
// errors_1.MESSAGE) with the constant's text: in the templates and
// alternatives of sites, whose message is picked again (template.Pick),
// and in lists, the messages Link keeps beside them (the arguments of
// constructions). text returns a constant's text for a hole's Expr, or
// false; it is asked once per Expr.
func (r Rules) FillConstants(sites []*errdex.Site, lists []*[]errdex.Template, text func(expr string) (string, bool)) {
	values := map[string][]errdex.Template{}
	asked := map[string]bool{}
	each := func(ts []errdex.Template) {
		for _, t := range ts {
			for _, p := range t.Parts {
				if !p.IsHole() || asked[p.Expr] {
					continue
				}
				asked[p.Expr] = true
				if s, ok := text(p.Expr); ok {
					values[p.Expr] = []errdex.Template{errdex.NewTemplate(errdex.Lit(s))}
				}
			}
		}
	}
	for _, s := range sites {
		each(append([]errdex.Template{s.Template}, s.Alternatives...))
	}
	for _, l := range lists {
		each(*l)
	}
	if len(values) == 0 {
		return
	}
	for _, s := range sites {
		s.Template, s.Alternatives = template.Pick(r.Alternatives.Substitute(append([]errdex.Template{s.Template}, s.Alternatives...), values))
	}
	for _, l := range lists {
		*l = r.Alternatives.Substitute(*l, values)
	}
}

// Relink gives site the message its class builds, as Link found it (ok),
// when that says more than what the site has: literal text, or the site
// had none either.
func Relink(site *errdex.Site, msg []errdex.Template, ok bool) {
	if ok && (!(Value{Alts: msg}).Opaque() || site.Template.IsOpaque()) {
		site.Template, site.Alternatives = template.Pick(msg)
	}
}
