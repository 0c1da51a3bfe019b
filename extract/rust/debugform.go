package rust

import (
	"cmp"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// debugForm returns how #[derive(Debug)] prints the value whose message
// the match arm around n writes: the variant its pattern names, of an
// enum of the file that derives Debug ("OddLength", "InvalidByte({index},
// {byte})", "Length { len: {len} }"). A Result's unwrap and expect print
// an error with Debug, so that is the text users paste of such errors.
// Elsewhere, and in an arm naming no such variant, it is how the struct
// typ of the file prints, when it derives Debug (structDebug). It reports
// false when there is neither.
func (x *file) debugForm(n syntax.Node, implType string) (errdex.Template, bool) {
	var arm syntax.Node
	for a := range n.Ancestors() {
		if a.Kind() == "match_arm" {
			arm = a
			break
		}
		if a.Kind() == "function_item" {
			break
		}
	}
	if arm.IsNull() {
		return x.structDebug(implType)
	}
	pat := arm.Child("pattern").NamedChild(0)
	path := pat
	if pat.Is("tuple_struct_pattern", "struct_pattern") {
		path = pat.Child("type")
	}
	var typ, name string
	switch path.Kind() {
	case "scoped_identifier", "scoped_type_identifier":
		typ, name = lastSegment(path.Child("path").Text()), x.boundText(path.Child("name"))
		if typ == "Self" {
			typ = implType
		}
	case "identifier", "type_identifier": // a variant brought in by use
		name = x.boundText(path)
	default:
		return errdex.Template{}, false
	}
	if name == "" || !unicode.IsUpper(rune(name[0])) {
		return x.structDebug(implType)
	}
	variant, ok := x.debugVariant(typ, name)
	if !ok {
		return x.structDebug(implType)
	}
	t := debugTemplate(name, variant.Child("body"), pat)
	return x.debugWrapped(t, arm, implType), true
}

// holder returns the one struct of the file with a field of type typ
// (Box<typ> too), and that field; false when there is none or more than
// one.
func (x *file) holder(typ string) (syntax.Node, string, bool) {
	var st syntax.Node
	var field string
	n := 0
	for _, s := range x.structs {
		for f, ft := range fieldTypes(s.Child("body")) {
			base := lastSegment(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(ft), "Box<"), ">"))
			if base == typ {
				st, field = s, f
				n++
			}
		}
	}
	return st, field, n == 1
}

// structDebug is how #[derive(Debug)] prints a value of struct typ of the
// file ("ParseBoolError", "Utf8Error { valid_up_to: {valid_up_to},
// error_len: {error_len} }"); false when typ is no such struct.
func (x *file) structDebug(typ string) (errdex.Template, bool) {
	st, ok := x.structs[typ]
	if !ok || !derivesDebug(st) {
		return errdex.Template{}, false
	}
	return debugTemplate(typ, st.Child("body"), syntax.Node{}), true
}

// boundText is the text of identifier n, or in a macro's expansion the
// token the metavariable it is binds.
func (x *file) boundText(n syntax.Node) string {
	if tok, ok := x.expansion.token(n); ok {
		return tok.Text()
	}
	return n.Text()
}

// debugWrapped wraps the Debug text t of the value a match arm's match
// looks at in that of the struct holding it, when the match is on a field
// (self.0, self.kind) of the type typ of the file that derives Debug, or
// on self when one struct of the file holds a typ: "ParseError(OutOfRange)",
// "ParseIntError { kind: Empty }", "Error { code: Eof, position:
// {position} }", the other fields holes.
func (x *file) debugWrapped(t errdex.Template, arm syntax.Node, typ string) errdex.Template {
	v := arm.Parent().Parent().Child("value")
	for v.Is("unary_expression", "reference_expression", "parenthesized_expression") {
		v = v.NamedChild(v.NamedChildCount() - 1)
	}
	st, ok := x.structs[typ]
	var field string
	if v.Kind() == "field_expression" && v.Child("value").Kind() == "self" {
		field = v.Child("field").Text()
	} else if v.Kind() == "self" {
		// match *self in the Display of a kind, or in a method of the
		// kind that another type's Display prints (self.kind.text()):
		// the struct holding it
		kind := typ
		for a := range arm.Ancestors() {
			if a.Kind() == "impl_item" {
				kind = cmp.Or(typeName(a.Child("type")), typ)
				break
			}
		}
		st, field, ok = x.holder(kind)
	}
	if !ok || !derivesDebug(st) {
		return t
	}
	if _, ok := fieldTypes(st.Child("body"))[field]; !ok {
		return t
	}
	var parts []errdex.Part
	for _, p := range debugTemplate(st.Child("name").Text(), st.Child("body"), syntax.Node{}).Parts {
		if p.IsHole() && p.Expr == field {
			parts = append(parts, t.Parts...)
		} else {
			parts = append(parts, p)
		}
	}
	return template.DistinctHoles(errdex.NewTemplate(parts...).Normalize())
}

// debugVariant finds variant name of the enum typ of the file, which must
// derive Debug; when typ is "", of the one enum of the file that has such
// a variant.
func (x *file) debugVariant(typ, name string) (syntax.Node, bool) {
	var found syntax.Node
	n := 0
	for enumName, e := range x.enums {
		if typ != "" && enumName != typ || !derivesDebug(e) {
			continue
		}
		for v := range e.Child("body").NamedChildren() {
			if v.Kind() == "enum_variant" && x.boundText(v.Child("name")) == name {
				found = v
				n++
			}
		}
	}
	return found, n == 1
}

// derivesDebug reports whether an item has #[derive(.., Debug, ..)].
func derivesDebug(item syntax.Node) bool {
	for _, attr := range attributes(item) {
		if lastSegment(attrName(attr)) != "derive" {
			continue
		}
		for _, a := range macroArgs(attr.Child("arguments")) {
			if lastSegment(a.text()) == "Debug" {
				return true
			}
		}
	}
	return false
}

// debugTemplate is the Debug text of variant name with fields body: a
// hole for each field, named for what the pattern pat binds it to when it
// does.
func debugTemplate(name string, body, pat syntax.Node) errdex.Template {
	parts := []errdex.Part{errdex.Lit(name)}
	switch body.Kind() {
	case "ordered_field_declaration_list":
		var binds []string
		var elems []syntax.Node
		if pat.Kind() == "tuple_struct_pattern" {
			for c := range pat.NamedChildren() {
				if c != pat.Child("type") {
					binds = append(binds, boundName(c))
					elems = append(elems, c)
				}
			}
		}
		parts = append(parts, errdex.Lit("("))
		i := 0
		for t := range body.ChildrenByField("type") {
			if i > 0 {
				parts = append(parts, errdex.Lit(", "))
			}
			hole := "field" + strconv.Itoa(i)
			if i < len(binds) && binds[i] != "" {
				hole = binds[i]
			}
			if i < len(elems) {
				if ps, ok := patternDebug(elems[i], t.Text()); ok {
					parts = append(parts, ps...)
					i++
					continue
				}
			}
			h := debugHole(hole, t.Text())
			h.Expr = strconv.Itoa(i) // the field, for debugWrapped
			parts = append(parts, h)
			i++
		}
		parts = append(parts, errdex.Lit(")"))
	case "field_declaration_list":
		fieldPats := map[string]syntax.Node{}
		if pat.Kind() == "struct_pattern" {
			for fp := range pat.NamedChildren() {
				if fp.Kind() == "field_pattern" && !fp.Child("pattern").IsNull() {
					fieldPats[fp.Child("name").Text()] = fp.Child("pattern")
				}
			}
		}
		parts = append(parts, errdex.Lit(" { "))
		i := 0
		for f := range body.NamedChildren() {
			if f.Kind() != "field_declaration" {
				continue
			}
			if i > 0 {
				parts = append(parts, errdex.Lit(", "))
			}
			field := f.Child("name").Text()
			parts = append(parts, errdex.Lit(field+": "))
			if ps, ok := patternDebug(fieldPats[field], f.Child("type").Text()); ok {
				parts = append(parts, ps...)
			} else {
				parts = append(parts, debugHole(field, f.Child("type").Text()))
			}
			i++
		}
		parts = append(parts, errdex.Lit(" }"))
	}
	return template.DistinctHoles(errdex.NewTemplate(parts...).Normalize())
}

// patternDebug is how Debug prints a field that the match arm's pattern p
// pins (csv's ErrorKind::UnequalLengths { pos: None, .. } arm prints an
// error whose Debug text says "pos: None"): None, Some(x) with a hole for
// x, a literal; false for a pattern that binds or ignores the value.
func patternDebug(p syntax.Node, typ string) ([]errdex.Part, bool) {
	switch {
	case p.IsNull():
		return nil, false
	case p.Kind() == "identifier" && p.Text() == "None":
		return []errdex.Part{errdex.Lit("None")}, true
	case p.Kind() == "tuple_struct_pattern" && p.Child("type").Text() == "Some" && p.NamedChildCount() == 2:
		inner := strings.TrimSpace(typ)
		if rest, ok := strings.CutPrefix(inner, "Option<"); ok {
			inner = strings.TrimSuffix(rest, ">")
		}
		name := boundName(p.NamedChild(1))
		if name == "" {
			name = "value"
		}
		return []errdex.Part{errdex.Lit("Some("), debugHole(name, inner), errdex.Lit(")")}, true
	case p.Is("integer_literal", "boolean_literal", "string_literal", "char_literal"):
		if s, ok := literalDebug([]syntax.Node{p}); ok {
			return []errdex.Part{errdex.Lit(s)}, true
		}
	}
	return nil, false
}

// boundName is the variable a tuple pattern's element binds ("a", "ref
// s", "mut n"), or "".
func boundName(p syntax.Node) string {
	for range 3 {
		switch p.Kind() {
		case "identifier":
			return p.Text()
		case "ref_pattern", "mut_pattern":
			p = p.NamedChild(p.NamedChildCount() - 1)
		default:
			return ""
		}
	}
	return ""
}

// debugHole is the hole a field of the given type prints as with Debug:
// numbers and bools as with Display, text quoted, anything else as is.
func debugHole(name, typ string) errdex.Part {
	t := fieldHoleType(typ)
	switch t {
	case errdex.HoleStr, errdex.HolePath:
		t = errdex.HoleRepr
	case errdex.HoleError:
		t = errdex.HoleAny
	}
	if typ == "char" {
		t = errdex.HoleRepr
	}
	return errdex.HolePart(name, name, t)
}

// handDebug returns what the hand-written impl Debug for typ of the file
// prints: f.debug_struct("Name").field("a", ..).finish() prints
// "Name { a: {a} }", f.debug_tuple("Name").field(..).finish() "Name({field0})",
// a write! or f.write_str(..) with text its message. Unwrap and expect
// print an error with Debug, so that is the text users paste of it.
func (x *file) handDebug(typ string) []errdex.Template {
	impl, ok := x.debugImpls[typ]
	if !ok {
		return nil
	}
	var out []errdex.Template
	for n := range impl.Child("body").Descendants() {
		if t, ok := debugBuilder(n); ok {
			out = append(out, t)
		} else if v, ok := x.writeValue(n); ok && meaningful(v) {
			out = append(out, v.Alts...)
		}
	}
	return out
}

// debugBuilder reads a Formatter's debug_struct or debug_tuple chain
// started at call n (f.debug_struct("Name")), with the fields its .field
// calls add, as the text it prints; false when n starts none.
func debugBuilder(n syntax.Node) (errdex.Template, bool) {
	fn := n.Child("function")
	if n.Kind() != "call_expression" || fn.Kind() != "field_expression" {
		return errdex.Template{}, false
	}
	method := fn.Child("field").Text()
	args := n.Child("arguments")
	if method != "debug_struct" && method != "debug_tuple" || args.NamedChildCount() != 1 {
		return errdex.Template{}, false
	}
	name, ok := stringValue(args.NamedChild(0))
	if !ok {
		return errdex.Template{}, false
	}
	var fields []errdex.Part
	for call := n; ; {
		next := call.Parent()
		if next.Kind() != "field_expression" || next.Parent().Kind() != "call_expression" {
			break
		}
		call = next.Parent()
		if next.Child("field").Text() != "field" {
			break
		}
		fa := call.Child("arguments")
		if method == "debug_tuple" {
			fields = append(fields, debugHole("field"+strconv.Itoa(len(fields)), ""))
			continue
		}
		if fa.NamedChildCount() != 2 {
			return errdex.Template{}, false
		}
		f, ok := stringValue(fa.NamedChild(0))
		if !ok {
			return errdex.Template{}, false
		}
		fields = append(fields, errdex.Lit(f+": "), debugHole(f, ""))
	}
	parts := []errdex.Part{errdex.Lit(name)}
	if len(fields) > 0 {
		open, sep, end := " { ", ", ", " }"
		if method == "debug_tuple" {
			open, end = "(", ")"
		}
		parts = append(parts, errdex.Lit(open))
		for i, f := range fields {
			if i > 0 && (method == "debug_tuple" || !f.IsHole()) {
				parts = append(parts, errdex.Lit(sep))
			}
			parts = append(parts, f)
		}
		parts = append(parts, errdex.Lit(end))
	}
	return template.DistinctHoles(errdex.NewTemplate(parts...).Normalize()), true
}

// errorNamed reports whether a type's name says its values are errors:
// it holds "Error" or ends in "Err" (ParseError, CollectionAllocErr), or
// it starts with the word Invalid (InvalidChunkSize, InvalidUri).
func errorNamed(typ string) bool {
	rest, invalid := strings.CutPrefix(typ, "Invalid")
	return strings.Contains(typ, "Error") || strings.HasSuffix(typ, "Err") ||
		invalid && rest != "" && unicode.IsUpper(rune(rest[0]))
}
