package rust

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// construction is a site that builds a value of an error type whose
// message an attribute declares: Err(ConfigError::NotFound { path }),
// .ok_or(Error::Parse(format!(..))). Link gives it the template of the
// type's (or variant's) #[error("...")], with the fields replaced by the
// values the construction passes.
type construction struct {
	// key is "Enum::Variant" or "Struct".
	key string
	// fields are the values passed, by field name or position ("0").
	fields map[string]fieldValue
	// helper is set for the value a function returning an error type
	// returns, a site only when it passes text for the message.
	helper bool
}

// fieldValue is a value a construction passes for a field: its template
// (its text, or a hole named for it) and its source.
type fieldValue struct {
	template errdex.Template
	expr     string
}

// messageType is a type or variant with a message attribute: its template,
// whose holes for fields have the expressions "self.<field>".
type messageType struct {
	key      string
	template errdex.Template
	// display is set for the message a Display impl writes for the type
	// or variant (displayMessage): a construction takes it only when it
	// passes text for a field the message prints, and debug, how the
	// value prints with Debug, as alternatives.
	display bool
	debug   []errdex.Template
}

// notErrorCalls are capitalised calls that are no error type's
// constructor.
var notErrorCalls = map[string]bool{"Some": true, "Ok": true, "Err": true, "Box": true, "Cow": true, "Rc": true, "Arc": true}

// constructed reports whether n builds a value of a named type or variant
// (Path::Variant(..), Path::Variant { .. }, Struct { .. }, Struct(..)),
// through .into() and Box::new, and records the site it makes.
func (x *file) constructed(n syntax.Node, kind errdex.SiteKind) bool {
	for range 4 {
		switch {
		case n.Kind() == "call_expression" && n.Child("function").Kind() == "field_expression" &&
			n.Child("function").Child("field").Text() == "into" && n.Child("arguments").NamedChildCount() == 0:
			n = n.Child("function").Child("value")
		case n.Kind() == "call_expression" && strings.HasSuffix(msgeval.Compact(n.Child("function").Text()), "Box::new") &&
			n.Child("arguments").NamedChildCount() == 1:
			n = n.Child("arguments").NamedChild(0)
		case n.Kind() == "parenthesized_expression":
			n = n.NamedChild(0)
		}
	}
	var key string
	fields := map[string]fieldValue{}
	switch n.Kind() {
	case "call_expression":
		key = x.constructorKey(n.Child("function"), n)
		if key == "" {
			return false
		}
		i := 0
		for a := range n.Child("arguments").NamedChildren() {
			if !isComment(a) {
				fields[strconv.Itoa(i)] = x.fieldValue(a)
				i++
			}
		}
	case "struct_expression":
		key = x.constructorKey(n.Child("name"), n)
		if key == "" {
			return false
		}
		for f := range n.Child("body").NamedChildren() {
			switch f.Kind() {
			case "shorthand_field_initializer":
				id := f.NamedChild(0)
				fields[id.Text()] = x.fieldValue(id)
			case "field_initializer":
				fields[f.Child("field").Text()] = x.fieldValue(f.Child("value"))
			}
		}
	default:
		return false
	}
	if x.notes.Broken(n) {
		return true
	}
	site := x.add(kind, strings.SplitN(key, "::", 2)[0], n, x.function(n), msgeval.Of(errdex.Template{}))
	if x.facts.constructions == nil {
		x.facts.constructions = map[*errdex.Site]construction{}
	}
	x.facts.constructions[site] = construction{key: key, fields: fields}
	return true
}

// constructorKey returns "Enum::Variant" for a path to a variant (Self
// standing for the impl's type), "Struct" for a type's name, or "" when
// fn does not name a type.
func (x *file) constructorKey(fn, at syntax.Node) string {
	var segs []string
	for _, s := range strings.Split(msgeval.Compact(fn.Text()), "::") {
		if i := strings.IndexByte(s, '<'); i >= 0 {
			s = s[:i]
		}
		segs = append(segs, s)
	}
	for _, s := range segs[max(0, len(segs)-2):] {
		if s == "" || !unicode.IsUpper(rune(s[0])) {
			return ""
		}
	}
	last := segs[len(segs)-1]
	if notErrorCalls[last] {
		return ""
	}
	if len(segs) == 1 {
		if e := x.globVariant(last); e != "" {
			return e + "::" + last
		}
		return last
	}
	typ := segs[len(segs)-2]
	if typ == "Self" {
		for a := range at.Ancestors() {
			if a.Kind() == "impl_item" {
				typ = typeName(a.Child("type"))
				break
			}
		}
	}
	return typ + "::" + last
}

// globVariant returns the enum whose variant name is, as a glob import
// brings it into scope (use error::Error::*; then ParseError { msg, line,
// column } builds Error::ParseError): an enum of the file that has the
// variant, else the only enum imported so whose declaration is in
// another file. It returns "" when name is a struct of the file or no
// glob import tells.
func (x *file) globVariant(name string) string {
	if _, ok := x.structs[name]; ok || len(x.globEnums) == 0 {
		return ""
	}
	for _, e := range x.globEnums {
		if n, ok := x.enums[e]; ok {
			for v := range n.Child("body").NamedChildren() {
				if v.Kind() == "enum_variant" && v.Child("name").Text() == name {
					return e
				}
			}
		}
	}
	if len(x.globEnums) == 1 {
		if _, local := x.enums[x.globEnums[0]]; !local {
			return x.globEnums[0]
		}
	}
	return ""
}

// fieldValue is what a field of a construction holds: its text when it
// is text, else a hole named for the expression.
func (x *file) fieldValue(n syntax.Node) fieldValue {
	e := rules.Expr(n.Text())
	v := x.eval(n, 0)
	// A variable or expression that comes out as digits alone is a
	// counter or an offset (pos: i), whose value is the run's.
	if v.Text && len(v.Alts) > 0 && (strings.HasSuffix(n.Kind(), "literal") ||
		strings.IndexFunc(v.Alts[0].String(), unicode.IsLetter) >= 0) {
		return fieldValue{template: v.Alts[0], expr: e}
	}
	return fieldValue{template: errdex.NewTemplate(errdex.HolePart(template.RustHoleName(e), e, errdex.HoleAny)), expr: e}
}

// linkConstructions gives each construction site the template of its
// type's message attribute, found in any file (its own file first), and
// drops the sites of types without one and those whose message is only
// the values passed (#[error("{0}")] wrapping another error).
func linkConstructions(files []*extract.FileResult) {
	types := messageTypes(files)
	for _, f := range files {
		fx, ok := f.Facts.(*facts)
		if !ok || len(fx.constructions) == 0 {
			continue
		}
		f.Sites = slices.DeleteFunc(f.Sites, func(s *errdex.Site) bool {
			c, ok := fx.constructions[s]
			if !ok {
				return false
			}
			m, ok := pick(types[c.key], fx.messages)
			if !ok || (m.display || c.helper) && !passesText(m.template, c.fields) {
				return true
			}
			s.Template = template.DistinctHoles(substitute(m.template, c.fields))
			for _, d := range m.debug {
				s.Alternatives = append(s.Alternatives, template.DistinctHoles(substitute(d, c.fields)))
			}
			return !meaningful(msgeval.Value{Alts: []errdex.Template{s.Template}, Text: true})
		})
	}
}

// pick chooses a type's template: the one declared in the constructing
// file, or the only one in the repository.
func pick(cands []messageType, local []messageType) (messageType, bool) {
	for _, c := range cands {
		for _, l := range local {
			if l.key == c.key {
				return l, true
			}
		}
	}
	if len(cands) == 1 {
		return cands[0], true
	}
	return messageType{}, false
}

// passesText reports whether a construction passes text for a field that
// message template t prints: PatternError { pos: i, msg: "invalid range
// pattern" } for "Pattern syntax error near position {pos}: {msg}", or a
// format! with words of its own.
func passesText(t errdex.Template, fields map[string]fieldValue) bool {
	for _, p := range t.Parts {
		field, ok := strings.CutPrefix(p.Expr, "self.")
		v, known := fields[field]
		if p.IsHole() && ok && known && meaningful(msgeval.Value{Alts: []errdex.Template{v.template}, Text: true}) {
			return true
		}
	}
	return false
}

// substitute replaces the holes of a message template that print fields
// ("self.path", "self.0") with the values a construction passes. A value
// that is a hole keeps the field's type when it knows no better; text
// printed with Debug ("{0:?}") is quoted when it needs no escapes, and
// stays a hole otherwise.
func substitute(t errdex.Template, fields map[string]fieldValue) errdex.Template {
	var parts []errdex.Part
	for _, p := range t.Parts {
		field, ok := strings.CutPrefix(p.Expr, "self.")
		v, known := fields[field]
		if !p.IsHole() || !ok || !known {
			parts = append(parts, p)
			continue
		}
		if p.Type == errdex.HoleRepr && len(v.template.Holes()) == 0 {
			if s := v.template.String(); plainText(s) {
				parts = append(parts, errdex.Lit(`"`+s+`"`))
			} else {
				parts = append(parts, errdex.HolePart(template.RustHoleName(v.expr), v.expr, errdex.HoleRepr))
			}
			continue
		}
		if p.Type == errdex.HoleRepr && quotable(v.template) {
			// Debug quotes a String: msg: "Failed to find value '{step}'"
			parts = append(parts, errdex.Lit(`"`))
			parts = append(parts, v.template.Parts...)
			parts = append(parts, errdex.Lit(`"`))
			continue
		}
		for _, q := range v.template.Parts {
			if q.IsHole() && q.Type == errdex.HoleAny {
				q.Type = p.Type
			}
			parts = append(parts, q)
		}
	}
	return errdex.NewTemplate(parts...)
}

// quotable reports whether t, text with holes (a format! a field is
// given), prints the same inside Debug's quotes: its text has nothing
// Debug escapes.
func quotable(t errdex.Template) bool {
	text := false
	for _, p := range t.Parts {
		if !p.IsHole() {
			if !plainText(p.Text) {
				return false
			}
			text = text || strings.TrimSpace(p.Text) != ""
		}
	}
	return text
}

// messageTypes are the message types of all files, by key.
func messageTypes(files []*extract.FileResult) map[string][]messageType {
	types := map[string][]messageType{}
	for _, f := range files {
		if fx, ok := f.Facts.(*facts); ok {
			for _, m := range fx.messages {
				types[m.key] = append(types[m.key], m)
			}
		}
	}
	return types
}
