package template

import (
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// PyFormatArgs are the arguments of a str.format call.
type PyFormatArgs struct {
	Positional []PyArg
	Keyword    map[string]PyArg
	// Star is the source of a *args argument: positional fields past
	// Positional read its items ("{2}" with one positional → args[1]).
	Star string
	// DoubleStar is the source of a **kwargs argument, or the mapping of
	// str.format_map: keyword fields missing from Keyword read it
	// (kwargs["name"]; **locals() and **vars() read the name itself).
	DoubleStar string
}

// maxFormatNesting is how deep replacement fields may nest inside format
// specs; CPython allows two levels.
const maxFormatNesting = 2

// PyFormat applies str.format (the "Format String Syntax" of the Python
// library reference) to a format whose literal parts hold the replacement
// fields and whose holes, if any, pass through unchanged. It follows
// MarkupIterator_next and parse_field in CPython's
// Objects/stringlib/unicode_format.h: "{{" and "}}" are braces, a field is
// "{" [arg_name ("." attr | "[" key "]")*] ["!" conversion] [":" spec] "}"
// with automatic ("{}") or manual ("{0}") numbering, and specs may hold
// nested fields.
//
// A malformed format (a single brace, an unknown conversion, a missing
// argument, mixed numbering) still yields a template, and the error says
// what Python would have raised.
func PyFormat(format errdex.Template, args PyFormatArgs) (errdex.Template, error) {
	f := formatState{args: args}
	base := 0
	for _, part := range format.Parts {
		if part.IsHole() {
			f.add(part)
			continue
		}
		f.markup(part.Text, base, 0, true)
		base += len(part.Text)
	}
	return f.result()
}

// PyField renders one replacement field of an f-string or str.format: the
// value a, converted by conversion ('r', 's', 'a', or 0 for none) and
// formatted by spec (the text after ':', possibly holding nested fields in
// braces). The spec's type letter sets the hole type: b c d o x X n → int
// (c → str), e E f F g G % → float, s → str; !r and !a make repr holes. A
// known value is spliced in when nothing but str() or repr() applies.
func PyField(a PyArg, conversion byte, spec string) []errdex.Part {
	var conv pyConv
	switch conversion {
	case 'r':
		conv = convRepr
	case 's':
		conv = convStr
	case 'a':
		conv = convASCII
	}
	typ, plain := pySpecType(spec)
	if conv == convFormat && typ == errdex.HoleInt && spec == "d" && a.Str != nil && isDecimalLiteral(*a.Str) {
		return a.Str.Parts
	}
	return pyValueParts(a, conv, plain, typ)
}

type formatState struct {
	pyParts
	args   PyFormatArgs
	auto   int  // next automatic field number
	mode   byte // 0 until the first field; 'a' automatic, 'm' manual
	spread bool // a *args positional was read past the explicit ones
}

// markup parses s, a literal part or a format spec (depth > 0), emitting
// parts when emit is set. base is s's offset for error reports.
func (f *formatState) markup(s string, base, depth int, emit bool) {
	i := 0
	for i < len(s) {
		// Literal text up to the next brace.
		j := i
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		if emit {
			f.lit(s[i:j])
		}
		if j >= len(s) {
			return
		}
		c := s[j]
		if j+1 < len(s) && s[j+1] == c {
			if emit {
				f.lit(string(c)) // an escaped brace
			}
			i = j + 2
			continue
		}
		if c == '}' {
			f.fail(base+j, "Single '}' encountered in format string")
			if emit {
				f.lit("}")
			}
			i = j + 1
			continue
		}
		if j+1 >= len(s) {
			f.fail(base+j, "Single '{' encountered in format string")
			if emit {
				f.lit("{")
			}
			return
		}
		// A field: find its closing brace, counting nested ones; a ':'
		// starts the spec and resets the count, as CPython does.
		count, k := 1, j+1
		for ; k < len(s); k++ {
			switch s[k] {
			case ':':
				count = 1
			case '{':
				count++
			case '}':
				count--
			}
			if count == 0 {
				break
			}
		}
		if k >= len(s) {
			f.fail(base+j, "expected '}' before end of string")
			if emit {
				f.lit(s[j:])
			}
			return
		}
		parts := f.field(s[j+1:k], base+j+1, depth)
		if emit {
			f.add(parts...)
		}
		i = k + 1
	}
}

// field parses the inside of one replacement field and returns its parts.
func (f *formatState) field(s string, base, depth int) []errdex.Part {
	// The field name ends at '!' or ':'; brackets may hold anything.
	n := 0
	for n < len(s) && s[n] != '!' && s[n] != ':' {
		switch s[n] {
		case '{':
			f.fail(base+n, "unexpected '{' in field name")
			return []errdex.Part{PyHole("", errdex.HoleAny)}
		case '[':
			for n < len(s) && s[n] != ']' {
				n++
			}
			if n >= len(s) {
				continue
			}
		}
		n++
	}
	name := s[:n]
	var conversion byte
	spec := ""
	rest := s[n:]
	if strings.HasPrefix(rest, "!") {
		if len(rest) < 2 {
			f.fail(base+n, "end of string while looking for conversion specifier")
			return []errdex.Part{PyHole("", errdex.HoleAny)}
		}
		conversion = rest[1]
		rest = rest[2:]
		if rest != "" && rest[0] != ':' {
			f.fail(base+n+2, "expected ':' after conversion specifier")
			rest = ""
		}
		if conversion != 'r' && conversion != 's' && conversion != 'a' {
			f.fail(base+n+1, "Unknown conversion specifier %s", strconv.QuoteRuneToASCII(rune(conversion)))
			conversion = 0
		}
	}
	if strings.HasPrefix(rest, ":") {
		spec = rest[1:]
	}
	a := f.lookup(name, base)
	if strings.IndexByte(spec, '{') >= 0 {
		if depth+1 >= maxFormatNesting {
			f.fail(base, "Max string recursion exceeded")
		} else {
			// Nested fields consume arguments but print through the spec.
			f.markup(spec, base+len(s)-len(spec), depth+1, false)
		}
	}
	return PyField(a, conversion, spec)
}

// lookup resolves a field name to its argument: arg_name, then attributes
// and keys.
func (f *formatState) lookup(name string, base int) PyArg {
	end := strings.IndexAny(name, ".[")
	if end < 0 {
		end = len(name)
	}
	first := name[:end]
	var a PyArg
	switch {
	case first == "":
		if f.mode == 'm' {
			f.fail(base, "cannot switch from manual field specification to automatic field numbering")
		}
		f.mode = 'a'
		a = f.positional(f.auto, base)
		f.auto++
	case isDigits(first):
		if f.mode == 'a' {
			f.fail(base, "cannot switch from automatic field numbering to manual field specification")
		}
		f.mode = 'm'
		i, err := strconv.Atoi(first)
		if err != nil {
			f.fail(base, "Too many decimal digits in format string")
			return PyArg{}
		}
		a = f.positional(i, base)
	default:
		var ok bool
		if a, ok = f.args.Keyword[first]; !ok {
			if f.args.DoubleStar == "" {
				f.fail(base, "KeyError: %s", pyQuote(first))
			}
			a = PyArg{Expr: pyKeyExpr(f.args.DoubleStar, first)}
		}
	}
	if end == len(name) {
		return a
	}
	// Attribute and index trailers: the value is no longer the argument.
	expr := a.Expr
	if expr != "" && !isPyPrimary(expr) {
		expr = "(" + expr + ")"
	}
	for r := name[end:]; r != ""; {
		switch r[0] {
		case '.':
			k := strings.IndexAny(r[1:], ".[")
			if k < 0 {
				k = len(r) - 1
			}
			attr := r[1 : 1+k]
			if attr == "" {
				f.fail(base+len(name)-len(r), "Empty attribute in format string")
			}
			expr += "." + attr
			r = r[1+k:]
		case '[':
			k := strings.IndexByte(r, ']')
			if k < 0 {
				f.fail(base+len(name)-len(r), "Missing ']' in format string")
				k = len(r)
				r += "]"
			}
			key := r[1:k]
			if key == "" {
				f.fail(base+len(name)-len(r), "Empty attribute in format string")
			}
			if isDigits(key) {
				expr += "[" + key + "]"
			} else {
				expr += "[" + pyQuote(key) + "]"
			}
			r = r[k+1:]
			if r != "" && r[0] != '.' && r[0] != '[' {
				f.fail(base+len(name)-len(r), "Only '.' or '[' may follow ']' in format field specifier")
				r = ""
			}
		default:
			r = ""
		}
	}
	if a.Expr == "" {
		expr = ""
	}
	return PyArg{Expr: expr, Type: PyExprType(expr)}
}

// positional returns positional argument i.
func (f *formatState) positional(i, base int) PyArg {
	if i < len(f.args.Positional) {
		return f.args.Positional[i]
	}
	if f.args.Star != "" {
		return PyArg{Expr: pyIndexExpr(f.args.Star, strconv.Itoa(i-len(f.args.Positional)))}
	}
	f.fail(base, "Replacement index %d out of range for positional args tuple", i)
	return PyArg{}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// pySpecType reads the type letter of a format spec (the standard format
// specifier mini-language) and reports whether the spec leaves str()'s
// text unchanged (empty, or just "s"). A spec that is not standard (a
// datetime's "%Y-%m-%d") or holds nested fields gives what can be read.
func pySpecType(spec string) (typ errdex.HoleType, plain bool) {
	if spec == "" {
		return "", true
	}
	last := spec[len(spec)-1]
	if strings.IndexByte(spec, '{') >= 0 {
		if strings.HasSuffix(spec, "}") {
			return "", false
		}
		return specLetterType(last), false
	}
	i := 0
	if len(spec) >= 2 && strings.IndexByte("<>=^", spec[1]) >= 0 {
		i = 2 // fill and align (an ASCII fill; others are rare)
	} else if strings.IndexByte("<>=^", spec[0]) >= 0 {
		i = 1
	}
	for i < len(spec) && strings.IndexByte("+- z#0", spec[i]) >= 0 {
		i++
	}
	for i < len(spec) && '0' <= spec[i] && spec[i] <= '9' {
		i++
	}
	if i < len(spec) && (spec[i] == ',' || spec[i] == '_') {
		i++
	}
	if i < len(spec) && spec[i] == '.' {
		i++
		for i < len(spec) && '0' <= spec[i] && spec[i] <= '9' {
			i++
		}
	}
	switch {
	case i == len(spec):
		return "", false
	case i == len(spec)-1:
		t := specLetterType(last)
		return t, spec == "s"
	}
	return "", false
}

func specLetterType(c byte) errdex.HoleType {
	switch c {
	case 'b', 'd', 'o', 'x', 'X', 'n':
		return errdex.HoleInt
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		return errdex.HoleFloat
	case 's', 'c':
		return errdex.HoleStr
	}
	return ""
}
