package msgeval

import (
	"iter"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/template"
)

// MaxChain bounds Link's walks along base classes and this(...) calls,
// which guards against cycles in broken code.
const MaxChain = 12

// FactsOf yields the files whose facts are of type F (the language's own,
// in a Link that may see other files), with their facts.
func FactsOf[F any](files []*extract.FileResult) iter.Seq2[*extract.FileResult, F] {
	return func(yield func(*extract.FileResult, F) bool) {
		for _, f := range files {
			if ff, ok := f.Facts.(F); ok && !yield(f, ff) {
				return
			}
		}
	}
}

// Arg is a call argument as Link sees it: its source text and the
// messages it can be, for a parameter of the called constructor.
type Arg struct {
	Expr string
	Alts []errdex.Template
	// Type classifies the argument where the language tells ("String",
	// "Throwable" in Java), for choosing among overloaded constructors.
	Type string
	// Spread marks a spread argument (...args), after which positions
	// say nothing.
	Spread bool
	// Props holds the messages of the properties of an object literal
	// argument, for a destructured parameter ({code, message}).
	Props map[string][]errdex.Template
}

// Construction is a site that constructs a class: new Class(Args). Link
// may replace the site's message with the one the class builds.
type Construction struct {
	Site  *errdex.Site
	Class string // as written: "NotFoundError", "errors.NotFound"
	Args  []Arg
}

// FillConstants replaces, when Link sees the whole repository, the
// holes that read a constant of another file (Messages.NOT_FOUND,
// errors_1.MESSAGE) with the constant's text: in the templates and
// alternatives of sites, whose message is picked again (template.Pick),
// and in the arguments of the file's constructions. text returns a
// constant's text for a hole's Expr, or false; it is asked once per
// Expr.
func (r Rules) FillConstants(sites []*errdex.Site, cs []*Construction, text func(expr string) (string, bool)) {
	var lists []*[]errdex.Template
	for _, c := range cs {
		for i := range c.Args {
			lists = append(lists, &c.Args[i].Alts)
		}
	}
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

// Relink gives each construction's site the message its class builds,
// as message finds it, when that is known and says more than what the
// site has: literal text, or the site had none either.
func Relink(cs []*Construction, message func(c *Construction) ([]errdex.Template, bool)) {
	for _, c := range cs {
		msg, ok := message(c)
		if ok && (!(Value{Alts: msg}).Opaque() || c.Site.Template.IsOpaque()) {
			c.Site.Template, c.Site.Alternatives = template.Pick(msg)
		}
	}
}
