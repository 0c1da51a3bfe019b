package cpp

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// stringTemplate decodes a string literal, a raw string or adjacent
// literals ("a" "b" PRId64 "c") into a template: the text, with a hole for
// a macro it cannot expand. It reports false when n is not a string.
func (x *file) stringTemplate(n syntax.Node) (errdex.Template, bool) {
	switch n.Kind() {
	case "string_literal", "raw_string_literal":
		s, ok := decodeString(n.Text())
		return errdex.NewTemplate(errdex.Lit(s)), ok
	case "concatenated_string":
		var parts []errdex.Part
		for c := range n.NamedChildren() {
			switch c.Kind() {
			case "string_literal", "raw_string_literal":
				s, ok := decodeString(c.Text())
				if !ok {
					return errdex.Template{}, false
				}
				parts = append(parts, errdex.Lit(s))
			case "identifier":
				if s, ok := x.stringMacro(c.Text()); ok {
					parts = append(parts, errdex.Lit(s))
				} else {
					parts = append(parts, errdex.HolePart(c.Text(), c.Text(), errdex.HoleStr))
				}
			case "comment":
			default:
				return errdex.Template{}, false
			}
		}
		return errdex.NewTemplate(parts...), true
	}
	return errdex.Template{}, false
}

// formatMacro matches the <inttypes.h> macros that hold printf length
// modifiers and conversions ("PRId64", "PRIuPTR", "SCNx32").
var formatMacro = regexp.MustCompile(`^PRI([diouxX])(8|16|32|64|MAX|PTR|LEAST\d+|FAST\d+)$`)

// stringMacro expands a macro used inside adjacent string literals: a
// format macro of <inttypes.h> or CPython, or a #define of the file.
func (x *file) stringMacro(name string) (string, bool) {
	if m := formatMacro.FindStringSubmatch(name); m != nil {
		return "ll" + m[1], true // the length varies by platform; the conversion is what matters
	}
	switch name {
	case "PY_FORMAT_SIZE_T":
		return "z", true
	case "PY_FORMAT_LONG_LONG":
		return "ll", true
	}
	s, ok := x.defines[name]
	return s, ok
}

// decodeString decodes a C or C++ string literal's source text, with its
// prefix (L, u, U, u8) and raw strings (R"delim(...)delim"). It reports
// false for text that is not a complete literal.
func decodeString(lit string) (string, bool) {
	s := lit
	for _, p := range [...]string{"u8", "u", "U", "L"} {
		if strings.HasPrefix(s, p) && len(s) > len(p) && (s[len(p)] == '"' || s[len(p)] == 'R') {
			s = s[len(p):]
			break
		}
	}
	if strings.HasPrefix(s, `R"`) {
		open := strings.IndexByte(s, '(')
		if open < 0 {
			return "", false
		}
		delim := s[2:open]
		closing := ")" + delim + `"`
		if !strings.HasSuffix(s, closing) || len(s) < open+1+len(closing) {
			return "", false
		}
		return strings.ToValidUTF8(s[open+1:len(s)-len(closing)], "\uFFFD"), true
	}
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return unescape(s[1 : len(s)-1]), true
}

// charValue decodes a character literal ('a', '\n', L'x').
func charValue(lit string) (string, bool) {
	i := strings.IndexByte(lit, '\'')
	if i < 0 || len(lit) < i+3 || lit[len(lit)-1] != '\'' {
		return "", false
	}
	s := unescape(lit[i+1 : len(lit)-1])
	if utf8.RuneCountInString(s) != 1 {
		return "", false
	}
	return s, true
}

// unescape decodes C escape sequences. A malformed escape is kept as
// written.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'e':
			b.WriteByte(0x1b) // a GNU extension
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case '\n':
			// a line continuation
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case 'x':
			j := i + 1
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			v, err := strconv.ParseUint(s[i+1:min(j, i+3)], 16, 8)
			if j == i+1 || err != nil {
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(v))
			i = j - 1
		case 'u', 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if i+n < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32); err == nil && utf8.ValidRune(rune(v)) {
					b.WriteRune(rune(v))
					i += n
					continue
				}
			}
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			if '0' <= c && c <= '7' {
				j := i
				for j < len(s) && j < i+3 && '0' <= s[j] && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(s[i:j], 8, 16)
				b.WriteByte(byte(v))
				i = j - 1
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

// skipQuoted returns the index of the quote closing the one at i, or the
// last index.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return len(s) - 1
}
