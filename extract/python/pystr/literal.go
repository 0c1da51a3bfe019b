package pystr

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"

	"github.com/errdex/errdex"
)

// Prefix describes a string literal's prefix letters (r, b, f, u in any
// case and order).
type Prefix struct {
	Raw, Bytes, Format bool
}

// ParsePrefix reads the letters before a literal's opening quote.
func ParsePrefix(p string) Prefix {
	var sp Prefix
	for i := 0; i < len(p); i++ {
		switch p[i] | 0x20 {
		case 'r':
			sp.Raw = true
		case 'b':
			sp.Bytes = true
		case 'f':
			sp.Format = true
		}
	}
	return sp
}

// DecodeEscapes decodes the escape sequences of a string literal's body
// as Python does for str literals (bytes=false) or bytes literals. A bytes
// result holds raw bytes, one per byte of the value, which need not be
// UTF-8. Escapes Python rejects or does not know are kept as written, as
// Python keeps unknown ones.
func DecodeEscapes(body string, bytes bool) string {
	k := strings.IndexByte(body, '\\')
	if k < 0 {
		return body
	}
	var b strings.Builder
	b.Grow(len(body))
	b.WriteString(body[:k])
	for i := k; i < len(body); {
		c := body[i]
		if c != '\\' {
			j := strings.IndexByte(body[i:], '\\')
			if j < 0 {
				j = len(body) - i
			}
			b.WriteString(body[i : i+j])
			i += j
			continue
		}
		if i+1 >= len(body) {
			b.WriteByte('\\')
			break
		}
		e := body[i+1]
		i += 2
		switch e {
		case '\n':
		case '\r':
			if i < len(body) && body[i] == '\n' {
				i++
			}
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for n := 1; n < 3 && i < len(body) && '0' <= body[i] && body[i] <= '7'; n++ {
				v = v*8 + int(body[i]-'0')
				i++
			}
			writeCode(&b, v, bytes)
		case 'x':
			if v, ok := hexDigits(body, i, 2); ok {
				writeCode(&b, v, bytes)
				i += 2
			} else {
				b.WriteString(`\x`)
			}
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			if v, ok := hexDigits(body, i, n); ok && !bytes {
				writeCode(&b, v, false)
				i += n
			} else {
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case 'N':
			if !bytes && i < len(body) && body[i] == '{' {
				if end := strings.IndexByte(body[i:], '}'); end > 0 {
					if r, ok := runeNamed(body[i+1 : i+end]); ok {
						b.WriteRune(r)
						i += end + 1
						continue
					}
				}
			}
			b.WriteString(`\N`)
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

func hexDigits(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i:i+n], 16, 32)
	if err != nil {
		return 0, false
	}
	return int(v), true
}

// writeCode writes a code point (str) or a byte value (bytes).
func writeCode(b *strings.Builder, v int, bytes bool) {
	if bytes {
		b.WriteByte(byte(v))
		return
	}
	r := rune(v)
	if v > unicode.MaxRune || utf16.IsSurrogate(r) {
		r = utf8.RuneError
	}
	b.WriteRune(r)
}

// runeNames maps Unicode character names to runes, for \N{...} escapes.
// It is built on first use (a few megabytes) and immutable afterwards.
var runeNames = sync.OnceValue(func() map[string]rune {
	m := make(map[string]rune, 40000)
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0x20000 && r < 0xE0000 {
			r = 0xE0000 // CJK ideographs and unassigned planes have generated names
		}
		if n := runenames.Name(r); n != "" && n[0] != '<' {
			m[n] = r
		}
	}
	return m
})

func runeNamed(name string) (rune, bool) {
	name = strings.ToUpper(name)
	if r, ok := runeNames()[name]; ok {
		return r, true
	}
	for _, p := range [...]string{"CJK UNIFIED IDEOGRAPH-", "CJK COMPATIBILITY IDEOGRAPH-"} {
		if strings.HasPrefix(name, p) {
			if v, err := strconv.ParseUint(name[len(p):], 16, 32); err == nil {
				return rune(v), true
			}
		}
	}
	return 0, false
}

// DecodeFStringText decodes a literal stretch of an f-string: escapes,
// then "{{" and "}}" as single braces.
func DecodeFStringText(s string, raw bool) string {
	if !raw {
		s = DecodeEscapes(s, false)
	}
	if strings.Contains(s, "{{") || strings.Contains(s, "}}") {
		s = strings.NewReplacer("{{", "{", "}}", "}").Replace(s)
	}
	return s
}

// Latin1ToUTF8 reinterprets bytes of a Latin-1 encoded source as text.
func Latin1ToUTF8(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			var b strings.Builder
			b.Grow(len(s) + 8)
			for j := 0; j < len(s); j++ {
				b.WriteRune(rune(s[j]))
			}
			return b.String()
		}
	}
	return s
}

// isPrintable mirrors str.isprintable for one rune, which decides what
// repr escapes.
func isPrintable(r rune) bool {
	if r < 0x7f {
		return r >= 0x20
	}
	return unicode.IsPrint(r)
}

// reprQuote chooses repr's quote: single, unless the text has a single
// quote and no double quote.
func reprQuote(texts ...string) byte {
	single, double := false, false
	for _, t := range texts {
		single = single || strings.IndexByte(t, '\'') >= 0
		double = double || strings.IndexByte(t, '"') >= 0
	}
	if single && !double {
		return '"'
	}
	return '\''
}

// escapeStrRepr writes the body of repr(s) for a str.
func escapeStrRepr(b *strings.Builder, s string, q byte) {
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteByte(q)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case isPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x`)
			writeHex(b, int(r), 2)
		case r <= 0xffff:
			b.WriteString(`\u`)
			writeHex(b, int(r), 4)
		default:
			b.WriteString(`\U`)
			writeHex(b, int(r), 8)
		}
	}
}

func writeHex(b *strings.Builder, v, n int) {
	const digits = "0123456789abcdef"
	for i := n - 1; i >= 0; i-- {
		b.WriteByte(digits[(v>>(4*i))&0xf])
	}
}

// escapeBytesRepr writes the body of repr(b) for bytes held raw in s.
func escapeBytesRepr(b *strings.Builder, s string, q byte) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == q:
			b.WriteByte('\\')
			b.WriteByte(q)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			b.WriteString(`\x`)
			writeHex(b, int(c), 2)
		default:
			b.WriteByte(c)
		}
	}
}

// Repr renders repr() of a str (or, with bytes, of a bytes value
// held raw) that may contain holes. Literal parts are escaped; holes are
// kept, so the quotes are the ones Python uses unless a hole's text
// contains quotes.
func Repr(t errdex.Template, bytes bool) errdex.Template {
	var texts []string
	for _, p := range t.Parts {
		if !p.IsHole() {
			texts = append(texts, p.Text)
		}
	}
	q := reprQuote(texts...)
	parts := make([]errdex.Part, 0, len(t.Parts)+2)
	open := string(q)
	if bytes {
		open = "b" + open
	}
	parts = append(parts, errdex.Lit(open))
	for _, p := range t.Parts {
		if p.IsHole() {
			parts = append(parts, p)
			continue
		}
		var b strings.Builder
		if bytes {
			escapeBytesRepr(&b, p.Text, q)
		} else {
			escapeStrRepr(&b, p.Text, q)
		}
		parts = append(parts, errdex.Lit(b.String()))
	}
	parts = append(parts, errdex.Lit(string(q)))
	return errdex.Template{Parts: parts}.Normalize()
}

// IntLiteral converts a Python integer literal to the decimal text str()
// prints ("0x1F" → "31", "1_000" → "1000"). ok is false for text that is
// not an integer literal.
func IntLiteral(s string) (string, bool) {
	s = strings.ReplaceAll(s, "_", "")
	s = strings.TrimRight(s, "lL") // Python 2 long literals
	base := 10
	if len(s) > 2 && s[0] == '0' {
		switch s[1] | 0x20 {
		case 'x':
			base, s = 16, s[2:]
		case 'o':
			base, s = 8, s[2:]
		case 'b':
			base, s = 2, s[2:]
		}
	}
	if len(s) > 4300 {
		return "", false // Python refuses to print such ints too
	}
	v, ok := new(big.Int).SetString(s, base)
	if !ok {
		return "", false
	}
	return v.String(), true
}

// FloatLiteral converts a Python float literal to the text str() prints
// ("1e3" → "1000.0", "2.50" → "2.5").
func FloatLiteral(s string) (string, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if strings.ContainsAny(s, "jJ") {
		return "", false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return "", false
	}
	return FloatRepr(f), true
}

// FloatRepr renders a float as Python's repr does: the shortest digits
// that round-trip, positional for exponents -4..15, scientific otherwise,
// with ".0" on integral positional values.
func FloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // "-1.2345e+06"
	sign := ""
	if e[0] == '-' {
		sign, e = "-", e[1:]
	}
	mant, exps, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(exps)
	digits := strings.Replace(mant, ".", "", 1)
	if exp < -4 || exp >= 16 {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		es := strconv.Itoa(abs(exp))
		if len(es) < 2 {
			es = "0" + es
		}
		if exp < 0 {
			return sign + m + "e-" + es
		}
		return sign + m + "e+" + es
	}
	if exp < 0 {
		return sign + "0." + strings.Repeat("0", -exp-1) + digits
	}
	if len(digits) <= exp+1 {
		return sign + digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	}
	return sign + digits[:exp+1] + "." + digits[exp+1:]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// DeclaresLatin1 reports whether the source declares a Latin-1 encoding
// (PEP 263): a comment on the first line, or on the second after a
// comment-only or blank first line, matching coding[:=] latin-1 or a
// synonym. Windows-1252 is taken as Latin-1 too.
func DeclaresLatin1(src []byte) bool {
	for line := 0; line < 2 && len(src) > 0; line++ {
		end := 0
		for end < len(src) && src[end] != '\n' {
			end++
		}
		l := strings.ToLower(string(src[:end]))
		trimmed := strings.TrimSpace(l)
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			return false // code: a declaration on the next line no longer counts
		}
		if strings.HasPrefix(trimmed, "#") {
			if i := strings.Index(l, "coding"); i >= 0 && i+6 < len(l) && (l[i+6] == ':' || l[i+6] == '=') {
				enc := strings.TrimLeft(l[i+7:], " \t")
				for _, name := range [...]string{"latin-1", "latin1", "iso-8859-1", "iso8859-1", "iso-latin-1", "l1", "cp1252", "windows-1252"} {
					if strings.HasPrefix(enc, name) {
						return true
					}
				}
			}
		}
		if end >= len(src) {
			break
		}
		src = src[end+1:]
	}
	return false
}
