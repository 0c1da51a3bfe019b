package web

import (
	"strings"

	"github.com/errdex/errdex"
)

// Title lengths, in characters (runes). Titles are cut by explain.Cut,
// at a word boundary, so that the CLI and the site agree.
const (
	relatedMax = 80 // related errors in a list
	slugMax    = 60
)

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
