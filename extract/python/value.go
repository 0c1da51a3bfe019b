package python

import (
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/python/pystr"
	"github.com/errdex/errdex/template"
)

// valKind is what the evaluator knows about a value's type.
type valKind uint8

const (
	vUnknown valKind = iota // a run-time value: it prints as a hole
	vStr                    // a str; alts are its possible texts
	vBytes                  // a bytes object; alts hold its raw bytes
	vNum                    // an int or float literal; alts hold str()
	vConst                  // None, True, False
)

// maxAlts caps the alternatives one value carries (branches that assign a
// message variable, ngettext's forms, conditional expressions), so that
// combining values cannot blow up.
const maxAlts = 8

// value is the evaluator's view of an expression.
type value struct {
	kind valKind
	alts []errdex.Template
	expr string          // the source text, naming holes
	typ  errdex.HoleType // a type hint for unknown values
	// container marks a list or tuple display: alts hold what str()
	// prints, but the value is not a str ("+" concatenates items).
	container bool
	// seqs are, for a list or tuple known item by item, the possible
	// item sequences (a list built in branches has several), for
	// "sep".join(); nil when the items are not known.
	seqs [][]value
	// mixed marks a str value some of whose texts are the str() of
	// another kind of value (a number, None, a list: "places = 7" on one
	// path, a parameter on another): their repr() is not a str's.
	mixed bool
}

func unknown(expr string, typ errdex.HoleType) value {
	if typ == "" {
		typ = template.PyExprType(expr)
	}
	return value{kind: vUnknown, expr: expr, typ: typ}
}

func strValue(expr string, alts ...errdex.Template) value {
	return value{kind: vStr, alts: alts, expr: expr}
}

func litValue(kind valKind, expr, text string) value {
	return value{kind: kind, alts: []errdex.Template{errdex.NewTemplate(errdex.Lit(text))}, expr: expr}
}

// hole is the hole an unknown value prints as.
func (v value) hole(typ errdex.HoleType) errdex.Template {
	if typ == "" || typ == errdex.HoleAny {
		typ = v.typ
	}
	return errdex.Template{Parts: []errdex.Part{template.PyHole(v.expr, typ)}}
}

// strAlts returns what str(v) prints.
func (v value) strAlts() []errdex.Template {
	switch v.kind {
	case vStr, vNum, vConst:
		return v.alts
	case vBytes:
		out := make([]errdex.Template, len(v.alts))
		for i, a := range v.alts {
			out[i] = pystr.Repr(a, true)
		}
		return out
	}
	return []errdex.Template{v.hole("")}
}

// reprAlts returns what repr(v) prints.
func (v value) reprAlts() []errdex.Template {
	switch v.kind {
	case vNum, vConst:
		return v.alts
	case vStr, vBytes:
		if v.container {
			// A list or tuple prints its items' reprs either way.
			return v.alts
		}
		out := make([]errdex.Template, len(v.alts))
		for i, a := range v.alts {
			if len(a.Parts) == 1 && a.Parts[0].IsHole() && a.Parts[0].Type == errdex.HoleAny && v.kind == vStr {
				// An unknown value that met others as its str() text
				// (see union): its repr() is not a quoted text.
				out[i] = unknown(a.Parts[0].Expr, "").hole(errdex.HoleRepr)
				continue
			}
			out[i] = pystr.Repr(a, v.kind == vBytes)
		}
		return out
	}
	return []errdex.Template{v.hole(reprType(v.typ))}
}

// asStr turns v into the str value str(v) gives.
func (v value) asStr() value {
	if v.kind == vStr {
		v.container, v.seqs = false, nil
		return v
	}
	return value{kind: vStr, alts: v.strAlts(), expr: v.expr, typ: v.typ}
}

// arg renders v as an argument of a format operation: its str() and repr()
// when they are known and single.
func (v value) arg() template.PyArg {
	a := template.PyArg{Expr: v.expr, Type: v.typ}
	if v.kind == vUnknown || len(v.alts) != 1 {
		return a
	}
	s, r := v.strAlts()[0], v.reprAlts()[0]
	a.Str, a.Repr = &s, &r
	return a
}

// split returns v once for each of its possible values when each is an
// unknown value of its own (a parameter that a branch rebinds to
// another: "if filename: source = filename"), at most maxAlts of them;
// otherwise v alone. To a format operation, a value of several texts is
// one hole of its expression (see arg), which a class's caller binds to
// only one of them. Texts known in part stay that one hole: the literal
// values code tests for are seldom the ones its error reports.
func (v value) split() []value {
	if v.kind != vStr || v.container || v.mixed || len(v.alts) <= 1 {
		return []value{v}
	}
	for _, a := range v.alts {
		if len(a.Parts) != 1 || !a.Parts[0].IsHole() {
			return []value{v}
		}
	}
	out := make([]value, 0, min(len(v.alts), maxAlts))
	for _, a := range v.alts[:min(len(v.alts), maxAlts)] {
		out = append(out, unknown(a.Parts[0].Expr, a.Parts[0].Type))
	}
	return out
}

// textual reports whether v is a str, or an unknown value: values whose
// str() texts can stand for them in a format.
func (v value) textual() bool {
	return v.kind == vStr && !v.container && !v.mixed || v.kind == vUnknown
}

// isStringish reports whether v is a text value (a known str or bytes).
func (v value) isStringish() bool { return v.kind == vStr || v.kind == vBytes }

// union merges the alternatives of values that may each reach a point.
// Values of different kinds meet as their str() texts.
func union(vs ...value) value {
	var out value
	first := true
	for _, v := range vs {
		if first {
			out, first = v, false
			continue
		}
		if out.seqs != nil && v.seqs != nil {
			seqs := out.seqs[:len(out.seqs):len(out.seqs)]
			for _, q := range v.seqs {
				if len(seqs) < maxAlts {
					seqs = append(seqs, q)
				}
			}
			out.alts = appendAlts(out.alts, v.alts...)
			out.seqs = seqs
			continue
		}
		out.seqs = nil
		if v.kind != out.kind || v.kind == vUnknown {
			if out.kind == vUnknown && v.kind == vUnknown && v.expr == out.expr {
				continue
			}
			mixed := out.mixed || v.mixed || !out.textual() || !v.textual()
			out = out.asStr()
			v = v.asStr()
			out.mixed = mixed
		}
		out.alts = appendAlts(out.alts, v.alts...)
	}
	return out
}

// appendAlts appends templates not already present (by canonical text;
// a lone hole is the same only with the same expression: "{msg}" and
// "{standardMsg}" are two values), up to maxAlts.
func appendAlts(alts []errdex.Template, more ...errdex.Template) []errdex.Template {
	alts = alts[:len(alts):len(alts)]
next:
	for _, m := range more {
		if len(alts) >= maxAlts {
			break
		}
		c := m.Canonical()
		for i, a := range alts {
			if a.Canonical() == c && sameHoles(a, m) {
				if w, ok := widenHoles(a, m); ok {
					alts = slices.Clone(alts) // alts shares the caller's array
					alts[i] = w
				}
				continue next
			}
		}
		alts = append(alts, m)
	}
	return alts
}

// sameHoles reports whether two templates of the same text have holes of
// the same expressions: "{filename}" and "{source}" print alike, but a
// caller binding source and not filename tells them apart (see Link).
func sameHoles(a, b errdex.Template) bool {
	if len(a.Parts) != len(b.Parts) {
		return false
	}
	for i, p := range a.Parts {
		if p.IsHole() && p.Expr != b.Parts[i].Expr {
			return false
		}
	}
	return true
}

// widenHoles returns a with the holes whose type hint differs from b's
// made untyped, and whether there were any: a value that is the float of
// a text on one path and the text itself on another ("try: value =
// float(value) except ValueError: raise ... % value") is not known to be
// a float.
func widenHoles(a, b errdex.Template) (errdex.Template, bool) {
	var parts []errdex.Part
	for i, p := range a.Parts {
		if !p.IsHole() || p.Type == b.Parts[i].Type {
			continue
		}
		if parts == nil {
			parts = slices.Clone(a.Parts)
		}
		parts[i].Type = errdex.HoleAny
	}
	if parts == nil {
		return a, false
	}
	return errdex.Template{Parts: parts}, true
}

// product combines the alternatives of a and b pairwise with f, keeping at
// most maxAlts.
func product(a, b []errdex.Template, f func(x, y errdex.Template) errdex.Template) []errdex.Template {
	out := make([]errdex.Template, 0, min(len(a)*len(b), maxAlts))
	for _, x := range a {
		for _, y := range b {
			if len(out) >= maxAlts {
				return out
			}
			out = append(out, f(x, y))
		}
	}
	return out
}

// maxText and maxParts cap the literal text and the parts of one
// message, so that code growing a text in a long run of "msg += ..." costs
// linear time, and texts built from each other in nested loops (a = b +
// c; b = c + a ...), which double at every step, stay small: what is added
// to a text at the cap is one hole (see endInRest).
const (
	maxText  = 16 << 10
	maxParts = 256
)

// endInRest ends parts at the cap with restHole standing for whatever is
// added after it, unless they already end in a hole: a message is then
// known to go on, and a remark after it matches that hole rather than
// nothing.
func endInRest(parts []errdex.Part) []errdex.Part {
	if n := len(parts); n > 0 && parts[n-1].IsHole() {
		return parts
	}
	return append(parts[:len(parts):len(parts)], restHole)
}

// textSize is the length of the longest alternative's literal text and
// the most parts an alternative has.
func textSize(v value) (text, parts int) {
	for _, a := range v.alts {
		k := 0
		for _, p := range a.Parts {
			k += len(p.Text)
		}
		text, parts = max(text, k), max(parts, len(a.Parts))
	}
	return text, parts
}

// concat is a + b for text values.
func concat(a, b value, expr string) value {
	at, ap := textSize(a)
	bt, bp := textSize(b)
	kind := vStr
	if a.kind == vBytes && b.kind == vBytes {
		kind = vBytes
	}
	pick := func(v value) []errdex.Template {
		if kind == vBytes {
			return v.alts
		}
		return v.strAlts()
	}
	if at+bt > maxText || ap+bp > maxParts {
		out := value{kind: kind, expr: expr}
		for _, t := range pick(a) {
			out.alts = appendAlts(out.alts, errdex.Template{Parts: endInRest(t.Parts)})
		}
		return out
	}
	alts := product(pick(a), pick(b), errdex.Template.Concat)
	return value{kind: kind, alts: alts, expr: expr}
}

// mapAlts applies f to each alternative of a text value.
func (v value) mapAlts(f func(errdex.Template) errdex.Template) value {
	out := v
	out.alts = make([]errdex.Template, len(v.alts))
	for i, a := range v.alts {
		out.alts[i] = f(a)
	}
	return out
}

// literalOnly returns the text of a template made of literal parts only.
func literalOnly(t errdex.Template) (string, bool) {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// textBuilder concatenates pieces, each with its alternatives, in time
// linear in the parts: parts are appended as they come and each
// alternative is normalised once at the end.
type textBuilder struct {
	alts [][]errdex.Part
	size int // literal bytes of the first alternative
}

func newTextBuilder() *textBuilder { return &textBuilder{alts: [][]errdex.Part{nil}} }

// add appends a piece: its alternatives multiply the builder's, up to
// maxAlts.
func (b *textBuilder) add(piece ...errdex.Template) {
	if b.size > maxText {
		for i := range b.alts {
			b.alts[i] = endInRest(b.alts[i])
		}
		return
	}
	for _, p := range piece[0].Parts {
		b.size += len(p.Text)
	}
	if len(piece) == 1 {
		for i := range b.alts {
			b.alts[i] = append(b.alts[i], piece[0].Parts...)
		}
		return
	}
	var out [][]errdex.Part
	for _, a := range b.alts {
		for _, p := range piece {
			if len(out) < maxAlts {
				out = append(out, append(a[:len(a):len(a)], p.Parts...))
			}
		}
	}
	if len(out) > 0 {
		b.alts = out
	}
}

// result returns the normalised alternatives.
func (b *textBuilder) result() []errdex.Template {
	out := make([]errdex.Template, 0, len(b.alts))
	for _, a := range b.alts {
		out = appendAlts(out, mergeLiterals(a))
	}
	return out
}

// mergeLiterals normalises parts in linear time: runs of literal parts
// are joined with one builder, empty literals dropped.
func mergeLiterals(parts []errdex.Part) errdex.Template {
	out := make([]errdex.Part, 0, len(parts))
	var run strings.Builder
	flush := func() {
		if run.Len() > 0 {
			out = append(out, errdex.Lit(run.String()))
			run.Reset()
		}
	}
	for _, p := range parts {
		if p.IsHole() {
			flush()
			out = append(out, p)
			continue
		}
		run.WriteString(p.Text)
	}
	flush()
	return errdex.Template{Parts: out}
}
