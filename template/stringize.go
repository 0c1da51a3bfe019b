package template

import (
	"strings"
	"unicode/utf8"
)

// StringizeDialect is the lexical convention of a language whose macros
// print their argument's source text.
type StringizeDialect uint8

const (
	// StringizeC is the C preprocessor's # operator, which assert and
	// CHECK-style macros print ("Assertion `n > 0' failed"): a backslash
	// before a newline joins the lines, form feeds and vertical tabs are
	// white space, and every quote starts a literal.
	StringizeC StringizeDialect = iota + 1
	// StringizeRust is Rust's stringify!, which assert! prints
	// ("assertion failed: n > 0"): a single quote starts a character
	// literal ('a', '\n') but not a lifetime ('a).
	StringizeRust
)

// Stringize renders the source text of a macro argument as the macro
// prints it: runs of white space (newlines and indentation included)
// become one space, comments are dropped, the ends are trimmed, and string
// and character literals are kept as written. The result is valid UTF-8.
func Stringize(src string, d StringizeDialect) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"' || c == '\'' && (d != StringizeRust || isRustCharLiteral(src, i)):
			j := skipQuoted(src, i)
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(src[i : j+1])
			i = j
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			space = true
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				i = len(src)
			} else {
				i += end + 3
			}
			space = true
			continue
		case d == StringizeC && c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			space = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || d == StringizeC && (c == '\f' || c == '\v'):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(c)
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

// isRustCharLiteral tells a Rust character literal ('a', '\n') starting
// at s[i] from a lifetime ('a).
func isRustCharLiteral(s string, i int) bool {
	if i+2 < len(s) && s[i+1] == '\\' {
		return true
	}
	_, size := utf8.DecodeRuneInString(s[i+1:])
	return i+1+size < len(s) && s[i+1+size] == '\''
}
