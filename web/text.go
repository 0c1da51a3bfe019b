package web

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// Title lengths, in characters (runes).
const (
	titleMax   = 90 // page titles and list entries
	relatedMax = 80 // related errors in a side list
	slugMax    = 60
)

// Title shortens a message to at most max characters for use as a title:
// the first line, runs of white space collapsed, and, when longer, cut at
// the last word boundary that fits with an ellipsis appended. It never cuts
// inside a word: when no space fits, it cuts after the last path or name
// separator ("/", ".", "_", "-", ":", ",", ";") that fits, and only a
// single unbroken run of more than max letters is cut where it must be.
func Title(s string, max int) string {
	more := false
	if strings.ContainsAny(s, "\r\n") {
		lines := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
		s = ""
		for i, l := range lines {
			if strings.TrimSpace(l) != "" {
				s = l
				for _, rest := range lines[i+1:] {
					more = more || strings.TrimSpace(rest) != ""
				}
				break
			}
		}
	}
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= max {
		if more {
			return s + " …"
		}
		return s
	}
	// byte offset of the max-th rune
	cut := len(s)
	n := 0
	for i := range s {
		if n == max {
			cut = i
			break
		}
		n++
	}
	head := s[:cut]
	if s[cut] == ' ' {
		return trimTail(head) + "…"
	}
	if i := strings.LastIndexByte(head, ' '); i > len(head)/3 {
		return trimTail(head[:i]) + "…"
	}
	if i := strings.LastIndexAny(head, "/._-:,;"); i > len(head)/3 {
		return head[:i+1] + "…"
	}
	if i := strings.LastIndexByte(head, ' '); i > 0 {
		return trimTail(head[:i]) + "…"
	}
	return head + "…"
}

// trimTail removes spaces and punctuation that would dangle before an
// ellipsis.
func trimTail(s string) string {
	return strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",;:-–—([{", r)
	})
}

// Slug derives a readable URL segment from a message: lower-case ASCII
// letters and digits separated by single hyphens, cut at a hyphen, at most
// slugMax bytes. Holes are left out, so a slug names the message's fixed
// words. It returns "error" when nothing readable is left.
func Slug(t errdex.Template) string {
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	for _, p := range t.Parts {
		if p.IsHole() {
			flush()
			continue
		}
		for _, r := range p.Text {
			switch {
			case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				w.WriteRune(r)
			case 'A' <= r && r <= 'Z':
				w.WriteRune(r + 'a' - 'A')
			default:
				flush()
			}
		}
	}
	flush()
	var b strings.Builder
	for _, word := range words {
		if b.Len() > 0 && b.Len()+1+len(word) > slugMax {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		if len(word) > slugMax {
			word = word[:slugMax] // one word longer than a slug: nothing better to do
		}
		b.WriteString(word)
	}
	if b.Len() == 0 {
		return "error"
	}
	return b.String()
}

// inlinePart is a piece of prose: plain text, or code the prose quoted
// between backticks.
type inlinePart struct {
	Text string
	Code bool
}

// inline splits explanation prose at its backticks, so that `name` is shown
// as code. Text with an odd number of backticks is left whole.
func inline(s string) []inlinePart {
	if strings.Count(s, "`")%2 != 0 || !strings.Contains(s, "`") {
		return []inlinePart{{Text: s}}
	}
	var out []inlinePart
	for i, piece := range strings.Split(s, "`") {
		if piece != "" {
			out = append(out, inlinePart{Text: piece, Code: i%2 == 1})
		}
	}
	return out
}
