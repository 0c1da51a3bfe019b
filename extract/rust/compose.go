package rust

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// An error type often prints another error type of its crate inside its
// own message: globset's Error writes "error parsing glob '{glob}': {kind}"
// where kind is an ErrorKind whose Display says what failed ("unclosed
// character class; missing ']'"), and its derived Debug prints
// "Error { glob: .., kind: UnclosedClass }". The place that says what
// failed is the inner type's site; Link gives it the whole text users see,
// the outer message (or Debug text) around its own, as alternatives.

// maxComposed bounds the alternatives Link adds to one site.
const maxComposed = 16

// composer is a hole of a Display site that prints a value of another
// type: that type's messages go where the hole is.
type composer struct {
	site *errdex.Site
	// expr is the hole's expression ("self.kind", "e"); inner the type of
	// the value it prints.
	expr, inner string
	// debug is set when the hole prints the value with Debug ({:?}).
	debug bool
}

// wrapper is a type that derives Debug and holds a value of type inner
// in a tuple variant (InvalidAttr(AttrError)) or a field (kind:
// ErrorKind): debug is its Debug text, with the hole whose expression is
// hole where the inner value's Debug text goes.
type wrapper struct {
	inner string
	debug errdex.Template
	hole  string
}

// baseType is the type a field or variant of type text holds, without
// references, smart pointers, generics or path: "Box<parse::ParseError>"
// is ParseError; "" for a type that is no named type.
func baseType(text string) string {
	s := strings.TrimSpace(text)
	for {
		s = strings.TrimSpace(strings.TrimPrefix(s, "&"))
		if strings.HasPrefix(s, "'") { // a lifetime: &'a T
			_, s, _ = strings.Cut(s, " ")
		}
		s = strings.TrimSpace(strings.TrimPrefix(s, "mut "))
		inner, ok := "", false
		for _, p := range []string{"Box<", "Arc<", "Rc<"} {
			if rest, cut := strings.CutPrefix(s, p); cut && strings.HasSuffix(rest, ">") {
				inner, ok = strings.TrimSuffix(rest, ">"), true
			}
		}
		if !ok {
			break
		}
		s = inner
	}
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	s = lastSegment(s)
	if s == "" || !unicode.IsUpper(rune(s[0])) || strings.ContainsAny(s, " ()[],") {
		return ""
	}
	return s
}

// valueType returns the type of the value expression expr of a Display
// site at n of type typ prints: a field of the struct typ of the file
// (self.kind), or of a struct of the file a field holds (self.0.code,
// where Error(Box<ErrorImpl>) and ErrorImpl { code: ErrorCode, .. }),
// or what the pattern of the match arm around n binds (e in
// Error::InvalidAttr(e) => ..), a field of a variant of an enum of the
// file. It returns "" when it cannot tell.
func (x *file) valueType(expr string, n syntax.Node, typ string) string {
	if path, ok := strings.CutPrefix(expr, "self."); ok {
		for field := range strings.SplitSeq(path, ".") {
			st, ok := x.structs[typ]
			if !ok {
				return ""
			}
			if typ = baseType(fieldTypes(st.Child("body"))[field]); typ == "" {
				return ""
			}
		}
		return typ
	}
	arm := enclosingArm(n)
	if arm.IsNull() {
		return ""
	}
	pat := arm.Child("pattern").NamedChild(0)
	if !pat.Is("tuple_struct_pattern") {
		return ""
	}
	path := pat.Child("type")
	if !path.Is("scoped_identifier", "scoped_type_identifier") {
		return ""
	}
	enumName, name := lastSegment(path.Child("path").Text()), path.Child("name").Text()
	if enumName == "Self" {
		enumName = typ
	}
	e, ok := x.enums[enumName]
	if !ok {
		return ""
	}
	pos := -1
	i := 0
	for c := range pat.NamedChildren() {
		if c == path {
			continue
		}
		if boundName(c) == expr {
			pos = i
		}
		i++
	}
	if pos < 0 {
		return ""
	}
	for v := range e.Child("body").NamedChildren() {
		if v.Kind() != "enum_variant" || v.Child("name").Text() != name {
			continue
		}
		i := 0
		for t := range v.Child("body").ChildrenByField("type") {
			if i == pos {
				return baseType(t.Text())
			}
			i++
		}
	}
	return ""
}

// compose records, for Link, the holes of Display site s of type typ at
// n that print values of other types.
func (x *file) compose(s *errdex.Site, n syntax.Node, typ string) {
	for _, p := range s.Template.Parts {
		if !p.IsHole() || p.Expr == "" {
			continue
		}
		if inner := x.valueType(p.Expr, n, typ); inner != "" && inner != typ {
			x.facts.composers = append(x.facts.composers, composer{site: s, expr: p.Expr, inner: inner, debug: p.Type == errdex.HoleRepr})
		}
	}
}

// wrappers records the enums and structs of the file that derive Debug
// and hold one value of a named type: a tuple variant of one field, or a
// struct's field.
func (x *file) wrappers() {
	for name, e := range x.enums {
		if !derivesDebug(e) {
			continue
		}
		for v := range e.Child("body").NamedChildren() {
			body := v.Child("body")
			if v.Kind() != "enum_variant" || body.Kind() != "ordered_field_declaration_list" {
				continue
			}
			types := slices.Collect(body.ChildrenByField("type"))
			if len(types) != 1 {
				continue
			}
			if inner := baseType(types[0].Text()); inner != "" && inner != name {
				t := debugTemplate(x.boundText(v.Child("name")), body, syntax.Node{})
				x.facts.wrappers = append(x.facts.wrappers, wrapper{inner: inner, debug: t, hole: "0"})
			}
		}
	}
	for name, st := range x.structs {
		if !derivesDebug(st) {
			continue
		}
		body := st.Child("body")
		fields := fieldTypes(body)
		t := debugTemplate(name, body, syntax.Node{})
		for _, p := range t.Parts {
			if !p.IsHole() || carriesMessage(fields, p.Expr) {
				continue
			}
			// a field's hole has the field's name, or its position, as Expr
			if inner := baseType(fields[p.Expr]); inner != "" && inner != name {
				x.facts.wrappers = append(x.facts.wrappers, wrapper{inner: inner, debug: t, hole: p.Expr})
			}
		}
	}
}

// linkComposed gives each Display site of an error type the messages
// that other types print around it (composer) and the Debug texts of the
// types that hold it (wrapper). An inner type is looked for in the
// composing file first, else in the one file of the repository whose
// Display sites are of a type of that name. A type that is no error (or
// error kind) is a detail of the message that prints it (semver's
// Position in "unexpected end of input while parsing {pos}"), not what
// failed, and gets nothing.
func linkComposed(files []*extract.FileResult, errorTypes map[string]bool) {
	type typed struct {
		site *errdex.Site
		file int
	}
	byType := map[string][]typed{}
	debugs := map[*errdex.Site][]errdex.Template{}
	present := map[*errdex.Site]bool{}
	for i, f := range files {
		fx, ok := f.Facts.(*facts)
		if !ok {
			continue
		}
		for _, s := range f.Sites {
			present[s] = true
			if typ, ok := fx.typed[s]; ok {
				byType[typ] = append(byType[typ], typed{s, i})
			}
		}
		for s, ts := range fx.debugAlts {
			debugs[s] = ts
		}
	}
	inner := func(typ string, file int) []*errdex.Site {
		if !errorNamed(typ) && !errorTypes[typ] {
			return nil
		}
		var same, all []*errdex.Site
		in := map[int]bool{}
		for _, t := range byType[typ] {
			all = append(all, t.site)
			in[t.file] = true
			if t.file == file {
				same = append(same, t.site)
			}
		}
		switch {
		case len(same) > 0:
			return same
		case len(in) == 1:
			return all
		}
		return nil
	}
	added := map[*errdex.Site][]errdex.Template{}
	for i, f := range files {
		fx, ok := f.Facts.(*facts)
		if !ok {
			continue
		}
		for _, c := range fx.composers {
			if !present[c.site] {
				continue
			}
			for _, s := range inner(c.inner, i) {
				if s == c.site {
					continue
				}
				texts := messages(s, debugs[s])
				if c.debug {
					texts = debugs[s]
				}
				for _, t := range texts {
					added[s] = append(added[s], fill(c.site.Template, c.expr, t))
				}
			}
		}
		for _, w := range fx.wrappers {
			name := w.debug.Parts[0].Text
			for _, s := range inner(w.inner, i) {
				for _, d := range debugs[s] {
					// the file's holder struct may have wrapped it already (debugWrapped)
					if !strings.HasPrefix(d.String(), name) {
						added[s] = append(added[s], fill(w.debug, w.hole, d))
					}
				}
			}
		}
	}
	for s, ts := range added {
		for _, t := range ts {
			if len(s.Alternatives) >= maxComposed+len(debugs[s])+1 {
				break
			}
			if !slices.ContainsFunc(s.Alternatives, func(a errdex.Template) bool { return a.String() == t.String() }) {
				s.Alternatives = append(s.Alternatives, t)
			}
		}
	}
}

// fill replaces the holes of t whose expression is expr with the parts of
// inner.
func fill(t errdex.Template, expr string, inner errdex.Template) errdex.Template {
	var parts []errdex.Part
	for _, p := range t.Parts {
		if p.IsHole() && p.Expr == expr {
			parts = append(parts, inner.Parts...)
			continue
		}
		parts = append(parts, p)
	}
	return template.DistinctHoles(errdex.NewTemplate(parts...).Normalize())
}

// messages are the texts site s prints with Display: its template and
// the alternatives that are not the Debug texts debug.
func messages(s *errdex.Site, debug []errdex.Template) []errdex.Template {
	out := []errdex.Template{s.Template}
	for _, a := range s.Alternatives {
		if !slices.ContainsFunc(debug, func(d errdex.Template) bool { return d.String() == a.String() }) {
			out = append(out, a)
		}
	}
	return out
}

// carriesMessage reports whether a struct with these fields holds its
// message or the error that failed in a field other than inner (io::Error's
// Custom { kind, error }, SimpleMessage { kind, message }): the value of
// inner, a kind, then only classifies it.
func carriesMessage(fields map[string]string, inner string) bool {
	for name, typ := range fields {
		if name == inner {
			continue
		}
		switch name {
		case "error", "err", "message", "msg", "source", "cause":
			return true
		}
		if strings.Contains(typ, "Error") {
			return true
		}
	}
	return false
}

// displayMessage records, for constructions (linkConstructions), the
// message template t that the Display of typ writes at n with its holes
// named for the fields they print: "self.msg" in a struct's Display,
// "self.0" for e in `Error::UnexpectedEof(e) => write!(f, ".. {}", e)`,
// keyed "Error::UnexpectedEof". Nothing is recorded when no hole prints a
// field.
func (x *file) displayMessage(n syntax.Node, typ string, t errdex.Template, debug []errdex.Template) {
	key := typ
	fields := map[string]string{} // hole expression → "self.<field>"
	if arm := enclosingArm(n); arm.IsNull() {
		if _, ok := x.structs[typ]; !ok {
			return
		}
	} else {
		pat := arm.Child("pattern").NamedChild(0)
		path := pat.Child("type")
		if !path.Is("scoped_identifier", "scoped_type_identifier") {
			return
		}
		enum := lastSegment(path.Child("path").Text())
		if enum == "Self" {
			enum = typ
		}
		key = enum + "::" + path.Child("name").Text()
		switch pat.Kind() {
		case "tuple_struct_pattern":
			i := 0
			for c := range pat.NamedChildren() {
				if c == path {
					continue
				}
				if b := boundName(c); b != "" {
					fields[b] = "self." + strconv.Itoa(i)
				}
				i++
			}
		case "struct_pattern":
			for c := range pat.NamedChildren() {
				if c.Kind() != "field_pattern" {
					continue
				}
				name := c.Child("name").Text()
				if b := c.Child("pattern"); !b.IsNull() {
					if bound := boundName(b); bound != "" {
						fields[bound] = "self." + name
					}
				} else {
					fields[name] = "self." + name
				}
			}
		default:
			return
		}
	}
	var parts []errdex.Part
	printsField := false
	for _, p := range t.Parts {
		if f, ok := fields[p.Expr]; ok && p.IsHole() {
			p.Expr = f
		}
		printsField = printsField || p.IsHole() && strings.HasPrefix(p.Expr, "self.")
		parts = append(parts, p)
	}
	if !printsField {
		return
	}
	// The Debug text of the struct or variant: its holes' expressions
	// are the fields' names or positions.
	name := key[strings.LastIndex(key, ":")+1:]
	var debugs []errdex.Template
	for _, d := range debug {
		if len(d.Parts) == 0 || !strings.HasPrefix(d.Parts[0].Text, name) {
			continue
		}
		var dp []errdex.Part
		for _, p := range d.Parts {
			if p.IsHole() && p.Expr != "" {
				p.Expr = "self." + p.Expr
			}
			dp = append(dp, p)
		}
		debugs = append(debugs, errdex.NewTemplate(dp...))
	}
	x.facts.messages = append(x.facts.messages, messageType{key: key, template: errdex.NewTemplate(parts...), display: true, debug: debugs})
}
