package rust

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex/syntax"
)

// tokArg is one comma-separated argument of a macro's token tree.
type tokArg struct {
	// toks are the argument's tokens (nested token trees are one token),
	// comments dropped, without the "name =" of a named argument.
	toks []syntax.Node
	// name is the name of a named argument ("name = expr").
	name string
}

// text is the argument's source text.
func (a tokArg) text() string {
	if len(a.toks) == 0 {
		return ""
	}
	src := a.toks[0].Tree().Source()
	return string(src[a.toks[0].StartByte():a.toks[len(a.toks)-1].EndByte()])
}

// isComment reports whether n is a comment token.
func isComment(n syntax.Node) bool {
	return n.Is("line_comment", "block_comment")
}

// macroArgs splits the token tree of a macro invocation into its
// arguments at top-level commas. Commas inside nested token trees are not
// top level; neither are those between the angle brackets of a turbofish
// ("HashMap::<K, V>::new()"). An empty trailing argument (a trailing comma)
// is dropped.
func macroArgs(tt syntax.Node) []tokArg {
	if tt.IsNull() {
		return nil
	}
	var args []tokArg
	var cur []syntax.Node
	angle := 0
	var prev syntax.Node
	flush := func() {
		if len(cur) > 0 {
			a := tokArg{toks: cur}
			if len(cur) > 2 && cur[0].Kind() == "identifier" && cur[1].Kind() == "=" {
				a.name, a.toks = cur[0].Text(), cur[2:]
			}
			args = append(args, a)
		}
		cur = nil
	}
	first, last := tt.FirstChild(), syntax.Node{}
	for c := range tt.Children() {
		last = c
	}
	for c := range tt.Children() {
		if c == first && c.Is("(", "[", "{") || c == last && c.Is(")", "]", "}") || isComment(c) {
			continue
		}
		switch c.Kind() {
		case "<":
			if prev.Kind() == "::" || angle > 0 {
				angle++
			}
		case ">":
			if angle > 0 {
				angle--
			}
		case ">>":
			angle = max(0, angle-2)
		case ",":
			if angle == 0 {
				flush()
				prev = c
				continue
			}
		}
		cur = append(cur, c)
		prev = c
	}
	flush()
	return args
}

// isStringLit reports whether n is a Rust string literal of text (not a
// byte string).
func isStringLit(n syntax.Node) bool {
	if !n.Is("string_literal", "raw_string_literal") {
		return false
	}
	t := n.Bytes()
	return len(t) > 0 && t[0] != 'b'
}

// stringValue decodes a string literal node ("...", r#"..."#, c"...").
func stringValue(n syntax.Node) (string, bool) {
	if !isStringLit(n) {
		return "", false
	}
	return decodeString(n.Text())
}

// decodeString decodes the source text of a Rust string literal. It
// reports false for text that is not a complete literal.
func decodeString(lit string) (string, bool) {
	s := strings.TrimPrefix(lit, "c")
	if strings.HasPrefix(s, "r") {
		s = s[1:]
		hashes := 0
		for hashes < len(s) && s[hashes] == '#' {
			hashes++
		}
		closing := `"` + strings.Repeat("#", hashes)
		if len(s) < 2*hashes+2 || s[hashes] != '"' || !strings.HasSuffix(s, closing) {
			return "", false
		}
		return strings.ToValidUTF8(s[hashes+1:len(s)-len(closing)], "\uFFFD"), true
	}
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", false
	}
	return unescape(s[1 : len(s)-1]), true
}

// unescape decodes Rust string escapes. A malformed escape is kept as
// written, which rustc would have rejected anyway.
func unescape(s string) string {
	if !strings.Contains(s, `\`) && !strings.Contains(s, "\r") {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			continue // CRLF in a literal is LF
		}
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '0':
			b.WriteByte(0)
		case '\\', '\'', '"':
			b.WriteByte(s[i])
		case '\n', '\r':
			// A line continuation skips the newline and the next line's
			// leading whitespace.
			for i+1 < len(s) && strings.IndexByte(" \t\n\r", s[i+1]) >= 0 {
				i++
			}
		case 'x':
			if i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteRune(rune(v))
					i += 2
					continue
				}
			}
			b.WriteString(`\x`)
		case 'u':
			if i+1 < len(s) && s[i+1] == '{' {
				if end := strings.IndexByte(s[i:], '}'); end > 0 {
					hex := strings.ReplaceAll(s[i+2:i+end], "_", "")
					if v, err := strconv.ParseUint(hex, 16, 32); err == nil && utf8.ValidRune(rune(v)) {
						b.WriteRune(rune(v))
						i += end
						continue
					}
				}
			}
			b.WriteString(`\u`)
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}
