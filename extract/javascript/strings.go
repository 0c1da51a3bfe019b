package javascript

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/errdex/errdex/syntax"
)

// decodeString returns the value of a string literal node: its fragments
// with escape sequences decoded.
func decodeString(n syntax.Node) string {
	var d decoder
	for c := range n.Children() {
		switch c.Kind() {
		case "string_fragment", "unescaped_double_string_fragment", "unescaped_single_string_fragment":
			d.fragment(c.Text())
		case "escape_sequence":
			d.escape(c.Text())
		case "html_character_reference":
			d.fragment(c.Text()) // JSX attribute strings keep entities for React to decode
		}
	}
	return d.take()
}

// decoder builds a string value from fragments and escape sequences. It
// joins a \uD83D\uDE00 surrogate pair into one character and turns a lone
// surrogate into U+FFFD, as printing a JavaScript string as UTF-8 does.
type decoder struct {
	b    strings.Builder
	high rune // a pending high surrogate, or 0
}

func (d *decoder) flushHigh() {
	if d.high != 0 {
		d.b.WriteRune(utf8.RuneError)
		d.high = 0
	}
}

func (d *decoder) fragment(s string) {
	d.flushHigh()
	d.b.WriteString(strings.ToValidUTF8(s, "\uFFFD"))
}

func (d *decoder) take() string {
	d.flushHigh()
	s := d.b.String()
	d.b.Reset()
	return s
}

// escape decodes one escape sequence ("\n", "\x41", "\u00e9",
// "\u{1F600}", "\101", a backslash before a line break).
func (d *decoder) escape(e string) {
	if len(e) < 2 || e[0] != '\\' {
		d.fragment(e)
		return
	}
	body := e[1:]
	var r rune = -1
	switch c := body[0]; c {
	case 'n':
		r = '\n'
	case 'r':
		r = '\r'
	case 't':
		r = '\t'
	case 'b':
		r = '\b'
	case 'f':
		r = '\f'
	case 'v':
		r = '\v'
	case '\n', '\r':
		d.flushHigh()
		return // a line continuation
	case 'x':
		if v, err := strconv.ParseUint(body[1:], 16, 32); err == nil && len(body) == 3 {
			r = rune(v)
		}
	case 'u':
		hex := strings.TrimSuffix(strings.TrimPrefix(body[1:], "{"), "}")
		if v, err := strconv.ParseUint(hex, 16, 32); err == nil && v <= utf8.MaxRune {
			r = rune(v)
		}
	default:
		if '0' <= c && c <= '7' {
			if v, err := strconv.ParseUint(body, 8, 32); err == nil {
				r = rune(v)
			}
		} else {
			dec, _ := utf8.DecodeRuneInString(body)
			if dec == '\u2028' || dec == '\u2029' {
				d.flushHigh()
				return // a line continuation
			}
			r = dec
		}
	}
	if r < 0 {
		d.fragment(e) // malformed: keep it as written
		return
	}
	d.char(r)
}

// char writes one decoded character, pairing surrogates.
func (d *decoder) char(r rune) {
	switch {
	case utf16.IsSurrogate(r) && r < 0xDC00:
		d.flushHigh()
		d.high = r
	case utf16.IsSurrogate(r):
		if d.high != 0 {
			d.b.WriteRune(utf16.DecodeRune(d.high, r))
			d.high = 0
			return
		}
		d.b.WriteRune(utf8.RuneError)
	default:
		d.flushHigh()
		d.b.WriteRune(r)
	}
}
