package explain

import (
	"cmp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// TitleMax is the length of a site's title, in characters.
const TitleMax = 90

// Title is a site's title: its message with holes as {name}, cut at a word
// boundary; a message with no literal text is described by its exception
// and function instead ("ValueError(msg) in Parser.parse").
func Title(s *errdex.Site) string {
	if !s.Template.IsOpaque() {
		return Cut(s.Template.String(), TitleMax)
	}
	exc := cmp.Or(s.Exception, "error")
	fn := cmp.Or(s.Function, "<module>")
	if holes := s.Template.Holes(); len(holes) == 1 && holes[0].Expr != "" {
		return Cut(exc+"("+holes[0].Expr+") in "+fn, TitleMax)
	}
	return Cut(exc+" in "+fn, TitleMax)
}

// Cut shortens text to at most max characters (runes) for a title: the
// first non-blank line, runs of white space collapsed and, when longer,
// cut at the last word boundary that fits, with an ellipsis ("…") after
// the cut (and after a first line that has more lines below it). It
// never cuts inside a word: when no space falls in the last two thirds,
// it cuts after the last separator (/ . _ - : , ;) that does, and only a
// single word longer than max is cut where it must be.
func Cut(text string, max int) string {
	more := false
	if strings.ContainsAny(text, "\r\n") {
		lines := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' })
		text = ""
		for i, l := range lines {
			if strings.TrimSpace(l) != "" {
				text = l
				for _, rest := range lines[i+1:] {
					more = more || strings.TrimSpace(rest) != ""
				}
				break
			}
		}
	}
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= max {
		if more {
			return text + " …"
		}
		return text
	}
	cut, n := len(text), 0
	for i := range text {
		if n == max {
			cut = i
			break
		}
		n++
	}
	head := text[:cut]
	if text[cut] == ' ' {
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

// trimTail drops spaces and punctuation that would dangle before an
// ellipsis.
func trimTail(s string) string {
	return strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",;:-–—([{", r)
	})
}
