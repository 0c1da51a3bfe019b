package template

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// PyPercentOperand is the right operand of a Python %-format, as the
// source writes it. Exactly one of the three forms applies: a tuple
// display, a dict display with string-literal keys, or any other value.
type PyPercentOperand struct {
	// Tuple holds the items of a tuple display: "%s=%d" % (k, v).
	Tuple   []PyArg
	IsTuple bool
	// Dict holds the entries of a dict display whose keys are string
	// literals: "%(k)s" % {"k": v}. Value.Expr is the display's text.
	Dict   map[string]PyArg
	IsDict bool
	// Value is the operand otherwise: one value ("%s" % name), or a tuple
	// or mapping held in a variable ("%s=%s" % pair → pair[0], pair[1];
	// "%(k)s" % d → d["k"]; "%(k)s" % locals() → k).
	Value PyArg
}

// PyPercent applies Python's printf-style string formatting (the %
// operator of str, see "printf-style String Formatting" in the Python
// library reference) to a format whose literal parts hold the directives
// and whose holes, if any, pass through unchanged.
//
// Directives are "%" [ "(" key ")" ] flags* [width | "*"] ["." (precision
// | "*")] [h | l | L] conversion, and "%%" for a percent sign. Hole types
// follow the conversion: d i u o x X → int, e E f F g G → float, r a →
// repr, s c → str (or the argument's own type hint when it has one). An
// argument known statically is spliced in when the directive prints it
// unchanged (%s, %r and %a without flags, width or precision).
//
// A malformed format (an unsupported conversion, a truncated directive,
// too few or too many arguments) still yields a template: the bad
// directive stays literal, a missing argument becomes a hole without an
// expression, and the error says what Python would have raised.
func PyPercent(format errdex.Template, op PyPercentOperand) (errdex.Template, error) {
	p := percentState{op: op}
	p.consuming = countPercentArgs(format)
	base := 0
	for _, part := range format.Parts {
		if part.IsHole() {
			p.add(part)
			continue
		}
		p.parse(part.Text, base)
		base += len(part.Text)
	}
	// A hole in the format may hold directives that take the rest.
	if op.IsTuple && !p.usedKey && p.next < len(op.Tuple) && !hasHole(format) {
		p.fail(base, "not all arguments converted during string formatting")
	}
	return p.result()
}

type percentState struct {
	pyParts
	op        PyPercentOperand
	consuming int  // directives (and * widths) that take a positional argument
	next      int  // the next positional argument
	usedKey   bool // a %(key) directive was seen: the operand is a mapping
}

// countPercentArgs counts the positional arguments the format consumes,
// which decides how a variable operand is read: itself when one, its items
// when more.
func countPercentArgs(format errdex.Template) int {
	n := 0
	for _, part := range format.Parts {
		s := part.Text
		for i := 0; i < len(s); i++ {
			if s[i] != '%' {
				continue
			}
			d, ok := scanPercent(s, i)
			if !ok {
				break
			}
			i = d.end - 1
			if d.escape {
				continue
			}
			n += strings.Count(d.width+d.prec, "*")
			if !d.hasKey {
				n++
			}
		}
	}
	return n
}

// percentDirective is one parsed directive; end is the offset just past it.
type percentDirective struct {
	start, end  int
	key         string
	hasKey      bool
	flags       string
	width, prec string // digits, "*" or ""
	hasPrec     bool
	badKey      bool // the key's parenthesis is not closed
	escape      bool // "%%"
	conv        byte
}

// scanPercent parses the directive whose '%' is at s[i], following
// PyUnicode_Format in CPython's Objects/unicodeobject.c. ok is false for a
// truncated directive; d.end then says how far the scan got.
func scanPercent(s string, i int) (d percentDirective, ok bool) {
	d.start = i
	j := i + 1
	if j >= len(s) {
		d.end = j
		return d, false
	}
	if s[j] == '%' {
		d.conv, d.end, d.escape = '%', j+1, true
		return d, true
	}
	if s[j] == '(' {
		depth := 1
		k := j + 1
		for k < len(s) && depth > 0 {
			switch s[k] {
			case '(':
				depth++
			case ')':
				depth--
			}
			k++
		}
		if depth > 0 {
			d.end, d.badKey = len(s), true
			return d, false
		}
		d.key, d.hasKey = s[j+1:k-1], true
		j = k
	}
	k := j
	for k < len(s) && strings.IndexByte("-+ #0", s[k]) >= 0 {
		k++
	}
	d.flags, j = s[j:k], k
	d.width, j = starOrDigits(s, j)
	if j < len(s) && s[j] == '.' {
		d.hasPrec = true
		d.prec, j = starOrDigits(s, j+1)
	}
	if j < len(s) && (s[j] == 'h' || s[j] == 'l' || s[j] == 'L') {
		j++
	}
	if j >= len(s) {
		d.end = j
		return d, false
	}
	d.conv, d.end = s[j], j+1
	return d, true
}

// parse handles one literal part; base is its offset in the whole format.
func (p *percentState) parse(s string, base int) {
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			p.lit(s[i:])
			return
		}
		p.lit(s[i : i+k])
		i += k
		d, ok := scanPercent(s, i)
		if !ok {
			if d.badKey {
				p.fail(base+i, "incomplete format key")
			} else {
				p.fail(base+i, "incomplete format")
			}
			p.lit(s[i:])
			return
		}
		i = d.end
		if d.escape {
			p.lit("%")
			continue
		}
		p.directive(d, s, base)
	}
}

func (p *percentState) directive(d percentDirective, s string, base int) {
	var conv pyConv
	var typ errdex.HoleType
	switch d.conv {
	case 's':
		conv = convStr
	case 'r':
		conv = convRepr
	case 'a':
		conv = convASCII
	case 'c':
		conv, typ = convStr, errdex.HoleStr
	case 'd', 'i', 'u', 'o', 'x', 'X':
		conv, typ = convFormat, errdex.HoleInt
	case 'e', 'E', 'f', 'F', 'g', 'G':
		conv, typ = convFormat, errdex.HoleFloat
	default:
		p.fail(base+d.start, "unsupported format character %q (0x%x) at index %d", rune(d.conv), d.conv, base+d.end-1)
		p.lit(s[d.start:d.end])
		return
	}
	// Star widths and precisions take their arguments first.
	for range strings.Count(d.width+d.prec, "*") {
		p.positional(base + d.start)
	}
	var a PyArg
	if d.hasKey {
		a = p.keyed(d.key, base+d.start)
	} else {
		a = p.positional(base + d.start)
	}
	plain := d.flags == "" && d.width == "" && !d.hasPrec
	switch {
	case typ == errdex.HoleInt && plain && a.Str != nil && isDecimalLiteral(*a.Str):
		p.add(a.Str.Parts...)
	case d.conv == 'c' && plain && a.Str != nil:
		if c, ok := pyChar(a); ok {
			p.lit(c)
		} else {
			p.add(PyHole(a.Expr, errdex.HoleStr))
		}
	case typ != "":
		p.add(PyHole(a.Expr, pyMergeType(conv, typ, a.Type)))
	default:
		p.add(pyValueParts(a, conv, plain, "")...)
	}
}

// positional returns the next positional argument.
func (p *percentState) positional(at int) PyArg {
	i := p.next
	p.next++
	op := p.op
	switch {
	case op.IsTuple:
		if i < len(op.Tuple) {
			return op.Tuple[i]
		}
	case i == 0 && p.consuming <= 1:
		// A single operand (a dict display too) is the argument itself.
		return op.Value
	case !op.IsDict && op.Value.Expr != "":
		return PyArg{Expr: pyIndexExpr(op.Value.Expr, strconv.Itoa(i))}
	}
	p.fail(at, "not enough arguments for format string")
	return PyArg{}
}

// keyed returns the argument of a %(key) directive.
func (p *percentState) keyed(key string, at int) PyArg {
	p.usedKey = true
	op := p.op
	switch {
	case op.IsTuple:
		p.fail(at, "format requires a mapping")
		return PyArg{}
	case op.IsDict:
		if a, ok := op.Dict[key]; ok {
			return a
		}
		p.fail(at, "KeyError: %q", key)
		return PyArg{Expr: pyIndexExpr(op.Value.Expr, pyQuote(key))}
	}
	return PyArg{Expr: pyKeyExpr(op.Value.Expr, key)}
}

// isDecimalLiteral reports whether t is literal text that %d prints
// unchanged: an optional minus sign and decimal digits.
func isDecimalLiteral(t errdex.Template) bool {
	if len(t.Parts) != 1 || t.Parts[0].IsHole() {
		return false
	}
	s := strings.TrimPrefix(t.Parts[0].Text, "-")
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// starOrDigits reads a width or precision at s[j]: "*" or a run of digits.
func starOrDigits(s string, j int) (string, int) {
	if j < len(s) && s[j] == '*' {
		return "*", j + 1
	}
	k := j
	for k < len(s) && '0' <= s[k] && s[k] <= '9' {
		k++
	}
	return s[j:k], k
}

// pyChar is what %c prints for a known argument: a one-character string
// itself, or the character of an integer code point.
func pyChar(a PyArg) (string, bool) {
	if len(a.Str.Parts) != 1 || a.Str.Parts[0].IsHole() {
		return "", false
	}
	s := a.Str.Parts[0].Text
	if a.Type == errdex.HoleInt || isDecimalLiteral(*a.Str) && a.Repr != nil && a.Repr.Parts[0].Text == s {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > unicode.MaxRune || n >= 0xd800 && n < 0xe000 {
			return "", false
		}
		return string(rune(n)), true
	}
	if utf8.RuneCountInString(s) == 1 {
		return s, true
	}
	return "", false
}

func hasHole(t errdex.Template) bool {
	for _, p := range t.Parts {
		if p.IsHole() {
			return true
		}
	}
	return false
}
