package java

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/errdex/errdex/syntax"
)

// decodeString returns the value of a string literal or text block.
func decodeString(n syntax.Node) string {
	text := n.Text()
	if strings.HasPrefix(text, `"""`) && strings.HasSuffix(text, `"""`) && len(text) >= 6 {
		return textBlock(text[3 : len(text)-3])
	}
	if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
		return unescape(text[1 : len(text)-1])
	}
	return unescape(text)
}

// decodeChar returns the value of a character literal.
func decodeChar(n syntax.Node) string {
	text := n.Text()
	if len(text) >= 2 && text[0] == '\'' && text[len(text)-1] == '\'' {
		text = text[1 : len(text)-1]
	}
	return unescape(text)
}

// unescape interprets Java's escape sequences: \b \t \n \f \r \s \" \'
// \\, octal \0 to \377, and unicode escapes \uXXXX (any number of u's),
// pairing surrogates. A malformed escape is kept as written.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	var high rune
	flush := func() {
		if high != 0 {
			b.WriteRune(utf8.RuneError)
			high = 0
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			flush()
			b.WriteByte(c)
			continue
		}
		i++
		var r rune = -1
		switch e := s[i]; e {
		case 'b':
			r = '\b'
		case 't':
			r = '\t'
		case 'n':
			r = '\n'
		case 'f':
			r = '\f'
		case 'r':
			r = '\r'
		case 's':
			r = ' '
		case '"', '\'', '\\':
			r = rune(e)
		case '\n':
			flush()
			continue // a line continuation (text blocks)
		case 'u':
			j := i
			for j < len(s) && s[j] == 'u' {
				j++
			}
			if j+4 <= len(s) {
				if v, err := strconv.ParseUint(s[j:j+4], 16, 32); err == nil {
					r = rune(v)
					i = j + 3
				}
			}
		default:
			if '0' <= e && e <= '7' {
				max := 3
				if e > '3' {
					max = 2
				}
				j := i
				for j < len(s) && j-i < max && '0' <= s[j] && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(s[i:j], 8, 32)
				r = rune(v)
				i = j - 1
			}
		}
		switch {
		case r < 0:
			flush()
			b.WriteByte('\\')
			b.WriteByte(s[i])
		case utf16.IsSurrogate(r) && r < 0xDC00:
			flush()
			high = r
		case utf16.IsSurrogate(r) && high != 0:
			b.WriteRune(utf16.DecodeRune(high, r))
			high = 0
		default:
			flush()
			b.WriteRune(r)
		}
	}
	flush()
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

// textBlock returns the value of a text block from the text between its
// delimiters, as JLS 3.10.6 defines it: the line after the opening
// delimiter starts the content, the incidental indentation (the least
// indentation of the non-blank lines and of the closing delimiter's line)
// is removed, trailing spaces are stripped, and escapes are interpreted
// last.
func textBlock(raw string) string {
	raw = strings.ReplaceAll(strings.ReplaceAll(raw, "\r\n", "\n"), "\r", "\n")
	nl := strings.IndexByte(raw, '\n')
	if nl < 0 {
		return unescape(raw) // malformed: no line break after the opening delimiter
	}
	lines := strings.Split(raw[nl+1:], "\n")
	last := len(lines) - 1
	indent := -1
	for i, l := range lines {
		blank := strings.TrimLeft(l, " \t\f") == ""
		if blank && i != last {
			continue
		}
		w := len(l) - len(strings.TrimLeft(l, " \t\f"))
		if indent < 0 || w < indent {
			indent = w
		}
	}
	for i, l := range lines {
		if strings.TrimLeft(l, " \t\f") == "" {
			lines[i] = ""
			continue
		}
		lines[i] = strings.TrimRight(l[min(indent, len(l)):], " \t\f")
	}
	return unescape(strings.Join(lines, "\n"))
}
