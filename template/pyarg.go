package template

import (
	"fmt"
	"strings"

	"github.com/errdex/errdex"
)

// PyArg is one value a Python format operation formats: an operand of %, an
// argument of str.format, the expression of an f-string field.
//
// Str and Repr are what str(value) and repr(value) print when the extractor
// knows them statically (a string literal, a number, a message composed
// earlier); they may contain holes of their own. A conversion that prints
// the value unchanged splices them in; otherwise the value becomes a hole
// named after Expr.
type PyArg struct {
	// Expr is the argument's source text ("len(mask)"). It is empty when
	// the argument is not visible in the source (a spread *args that runs
	// short).
	Expr string
	Str  *errdex.Template
	Repr *errdex.Template
	// Type is a hint from the expression itself (len(x) → int), used when
	// the conversion says no more than "str"; empty when none.
	Type errdex.HoleType
}

// PyFormatError reports a malformed format string. Offset is the byte
// offset of the problem in the format's literal text (counting literal
// parts only). Python would raise instead of printing the message, so the
// template built around it is a best effort.
type PyFormatError struct {
	Offset int
	Msg    string
}

func (e *PyFormatError) Error() string {
	return fmt.Sprintf("format string: %s (byte %d)", e.Msg, e.Offset)
}

// pyParts collects the parts of a template under construction and the
// first problem met.
type pyParts struct {
	parts []errdex.Part
	err   *PyFormatError
}

func (b *pyParts) lit(s string) {
	if s != "" {
		b.parts = append(b.parts, errdex.Lit(s))
	}
}

func (b *pyParts) add(ps ...errdex.Part) { b.parts = append(b.parts, ps...) }

func (b *pyParts) fail(off int, format string, args ...any) {
	if b.err == nil {
		b.err = &PyFormatError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
}

func (b *pyParts) result() (errdex.Template, error) {
	t := DistinctHoles(errdex.Template{Parts: b.parts}.Normalize())
	if b.err != nil {
		return t, b.err
	}
	return t, nil
}

// PyHole returns a hole for an argument: named after its expression, typed
// typ. It is how every Python hole is made, so names are consistent.
func PyHole(expr string, typ errdex.HoleType) errdex.Part {
	return errdex.HolePart(PyHoleName(expr), expr, typ)
}

// pyConv is how a conversion renders its value.
type pyConv uint8

const (
	convFormat pyConv = iota // format(value, spec) or %s-like: str unless the type says more
	convStr                  // str(value): !s, %s
	convRepr                 // repr(value): !r, %r
	convASCII                // ascii(value): !a, %a
)

// pyValueParts renders arg under a conversion. plain reports that no
// width, precision or type changes the converted text, so a statically
// known value can be spliced in; typ is the hint the format itself gives
// (int for %d), or "" when it says nothing.
func pyValueParts(a PyArg, conv pyConv, plain bool, typ errdex.HoleType) []errdex.Part {
	if plain {
		switch conv {
		case convFormat, convStr:
			if a.Str != nil {
				return a.Str.Parts
			}
		case convRepr:
			if a.Repr != nil {
				return a.Repr.Parts
			}
		case convASCII:
			if a.Repr != nil {
				return asciiTemplate(*a.Repr).Parts
			}
		}
	}
	return []errdex.Part{PyHole(a.Expr, pyMergeType(conv, typ, a.Type))}
}

// pyMergeType chooses a hole's type from what the format says (conversion
// and type letter) and what the expression says.
func pyMergeType(conv pyConv, fromFormat, fromExpr errdex.HoleType) errdex.HoleType {
	switch conv {
	case convRepr, convASCII:
		// The repr of a number is the number.
		if fromExpr == errdex.HoleInt || fromExpr == errdex.HoleFloat || fromExpr == errdex.HoleBool {
			return fromExpr
		}
		return errdex.HoleRepr
	}
	switch fromFormat {
	case errdex.HoleInt, errdex.HoleFloat:
		return fromFormat
	case "", errdex.HoleAny, errdex.HoleStr:
		if fromExpr != "" && fromExpr != errdex.HoleAny {
			return fromExpr
		}
		if conv == convStr && fromFormat == "" {
			return errdex.HoleStr
		}
	}
	if fromFormat == "" {
		return errdex.HoleAny
	}
	return fromFormat
}

// asciiTemplate is what ascii() prints given what repr() prints: the
// non-ASCII characters of the literal parts escaped as \xhh, \uhhhh or
// \Uhhhhhhhh.
func asciiTemplate(t errdex.Template) errdex.Template {
	out := errdex.Template{Parts: make([]errdex.Part, len(t.Parts))}
	for i, p := range t.Parts {
		if !p.IsHole() {
			var b strings.Builder
			for _, r := range p.Text {
				switch {
				case r < 0x80:
					b.WriteRune(r)
				case r <= 0xff:
					fmt.Fprintf(&b, `\x%02x`, r)
				case r <= 0xffff:
					fmt.Fprintf(&b, `\u%04x`, r)
				default:
					fmt.Fprintf(&b, `\U%08x`, r)
				}
			}
			p.Text = b.String()
		}
		out.Parts[i] = p
	}
	return out
}

// pyKeyExpr renders the expression that reads key from a mapping given as
// source text: d["key"], or the bare name for locals() and vars().
func pyKeyExpr(mapping, key string) string {
	switch m := strings.TrimSpace(mapping); {
	case m == "locals()" || m == "vars()" || m == "globals()":
		if isPyIdentifier(key) {
			return key
		}
	case m == "self.__dict__" || m == "vars(self)":
		if isPyIdentifier(key) {
			return "self." + key
		}
	case m == "":
		return ""
	}
	return pyIndexExpr(mapping, pyQuote(key))
}

// pyIndexExpr renders mapping[index], parenthesising an operand that is not
// a primary expression.
func pyIndexExpr(operand, index string) string {
	operand = strings.TrimSpace(operand)
	if operand == "" {
		return ""
	}
	if !isPyPrimary(operand) {
		operand = "(" + operand + ")"
	}
	return operand + "[" + index + "]"
}

// pyQuote renders s as a Python string literal for use in an expression.
func pyQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
