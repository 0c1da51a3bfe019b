package match

import (
	"bytes"

	"github.com/errdex/errdex/codetext"
)

// maxFitScan bounds the bytes of a capture that type checks read.
const maxFitScan = 256

// holeFit scores how well v, the folded text between two literals, fits the
// holes of group (the parts between them): in [-1, 1], 1 for a capture that
// looks like the first hole's type hint, negative for one that cannot be
// such a value. With several holes in a row the first one's hint judges the
// whole text. A group without holes (literals side by side) fits only an
// empty text.
func holeFit(group []part, v []byte) float32 {
	typ, ok := uint8(0), false
	for _, p := range group {
		if p.hole {
			typ, ok = p.typ, true
			break
		}
	}
	if !ok {
		if len(v) == 0 {
			return 0
		}
		return -4
	}
	return typeFit(typ, v)
}

// typeFit scores v against one type hint (see holeFit).
func typeFit(typ uint8, v []byte) float32 {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		switch typ {
		case tStr, tAny, tError:
			return -0.3
		}
		return -1
	}
	long := len(v) > maxFitScan
	switch typ {
	case tInt:
		if !long && isInt(v) {
			return 1
		}
		return -1
	case tFloat:
		if !long && (isInt(v) || isFloat(v)) {
			return 1
		}
		return -1
	case tBool:
		switch string(v) {
		case "true", "false", "yes", "no", "on", "off", "0", "1":
			return 1
		}
		return -1
	case tRepr:
		if isQuoted(v) && !long && innerQuote(v) {
			return 0.5 // two quoted values and the text between them
		}
		if isQuoted(v) || isBracketed(v) || isCallRepr(v) {
			return 1
		}
		if !long && (isInt(v) || isFloat(v) || string(v) == "none" || string(v) == "true" || string(v) == "false" || string(v) == "nil" || string(v) == "null") {
			return 0.5
		}
		return -0.5
	case tPath:
		if long {
			return 0
		}
		if bytes.IndexByte(v, ' ') >= 0 && !isQuoted(v) {
			return -0.5
		}
		if bytes.ContainsAny(v, "/\\") || bytes.IndexByte(v, '.') > 0 {
			return 1
		}
		return 0
	}
	if len(v) > 1 && !balanced(v) {
		return -0.5 // a lone bracket is a value (unexpected '}'), not a cut
	}
	if typ == tError {
		// Another error's message, wrapped: when the wrapper's own text
		// also occurs inside it ("{exc} in {ip_str!r}" around "... not
		// permitted in '010'"), the wrapper's text is the last
		// occurrence. A slight preference for longer captures says so
		// without outweighing any real evidence.
		return min(0.25, float32(len(v))/1024)
	}
	return 0
}

func isInt(v []byte) bool {
	if len(v) > 0 && (v[0] == '-' || v[0] == '+') {
		v = v[1:]
	}
	if len(v) > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'o' || v[1] == 'b') {
		v = v[2:]
		for _, c := range v {
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || c == '_') {
				return false
			}
		}
		return true
	}
	if len(v) == 0 || v[0] < '0' || v[0] > '9' {
		return false
	}
	for _, c := range v {
		if !('0' <= c && c <= '9' || c == '_' || c == ',') {
			return false
		}
	}
	return true
}

func isFloat(v []byte) bool {
	switch string(v) {
	case "inf", "-inf", "+inf", "nan", "infinity", "-infinity":
		return true
	}
	digits := false
	for i, c := range v {
		switch {
		case '0' <= c && c <= '9':
			digits = true
		case c == '.' || c == '_':
		case c == 'e' && digits:
		case (c == '-' || c == '+') && (i == 0 || v[i-1] == 'e'):
		default:
			return false
		}
	}
	return digits
}

// isQuoted reports text in matching quotes (all quote styles are ' once
// normalised), with an optional string prefix such as b” or r”.
func isQuoted(v []byte) bool {
	if len(v) > 2 && (v[0] == 'b' || v[0] == 'r' || v[0] == 'u' || v[0] == 'f') && v[1] == '\'' {
		v = v[1:]
	}
	return len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\''
}

// innerQuote reports a quote inside quoted text v that is not an
// apostrophe within a word: "'a' in 'b'" is two reprs, "'it's'" one.
func innerQuote(v []byte) bool {
	first := 1
	if len(v) > 2 && v[0] != '\'' {
		first = 2 // b'...'
	}
	for i := first; i < len(v)-1; i++ {
		if v[i] == '\'' && !(isWordByte(v[i-1]) && isWordByte(v[i+1])) {
			return true
		}
	}
	return false
}

func isBracketed(v []byte) bool {
	if len(v) < 2 {
		return false
	}
	switch v[0] {
	case '[':
		return v[len(v)-1] == ']'
	case '(':
		return v[len(v)-1] == ')'
	case '{':
		return v[len(v)-1] == '}'
	case '<':
		return v[len(v)-1] == '>'
	}
	return false
}

// isCallRepr reports whether v reads as the repr of an object that
// Python prints as a call (Attribute(name='x', default=0),
// datetime.date(2024, 1, 2)): a dotted name, then parentheses that open
// after it and close at its end, quoted text aside (f(x) and g(y) is two).
// Beyond maxFitScan bytes only the shape is looked at, as isBracketed
// does.
func isCallRepr(v []byte) bool {
	i := 0
	for i < len(v) && (v[i] == '_' || v[i] == '.' || 'a' <= v[i] && v[i] <= 'z' || 'A' <= v[i] && v[i] <= 'Z' || i > 0 && '0' <= v[i] && v[i] <= '9') {
		i++
	}
	if i == 0 || i >= len(v)-1 || v[i] != '(' || v[len(v)-1] != ')' {
		return false
	}
	if len(v) > maxFitScan {
		return true
	}
	return codetext.Closing(unsafeString(v), i) == len(v)-1
}

// isStructured reports whether v is a whole structured value's repr: a
// bracketed list, tuple, dict or <object>, or an object printed as a
// call, its quotes and brackets balanced.
func isStructured(v []byte) bool {
	return (isBracketed(v) || isCallRepr(v)) && balanced(v)
}

// balanced reports whether v's quotes pair up and its brackets close in
// order, reading at most maxFitScan bytes (longer text counts as balanced).
// A capture that cuts a quoted value in two is usually a wrong alignment.
func balanced(v []byte) bool {
	if len(v) > maxFitScan {
		return true
	}
	var stack [16]byte
	depth := 0
	quote := false
	for i, c := range v {
		if c == '\'' {
			// An apostrophe inside a word ("don't") is not a quote.
			if i > 0 && i+1 < len(v) && isWordByte(v[i-1]) && isWordByte(v[i+1]) {
				continue
			}
			quote = !quote
			continue
		}
		if quote {
			continue
		}
		switch c {
		case '(', '[', '{':
			if depth < len(stack) {
				stack[depth] = c
			}
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return false
			}
			depth--
			if depth < len(stack) && stack[depth] != opener(c) {
				return false
			}
		}
	}
	return !quote && depth == 0
}

// opener is the bracket that c closes.
func opener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}
