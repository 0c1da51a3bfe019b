package pystr

import (
	"strings"
	"unicode"

	"github.com/errdex/errdex"
)

// holeMark stands for a hole while a text operation works on a template's
// text: a private-use character, which counts as non-blank text.
const holeMark = '\uE000'

// onText applies a text transformation to a template: holes become marks,
// f transforms the text, and the marks become the holes again, in order.
// A transformation must keep the marks; when the count changes, or the
// literal text already holds a mark, t is returned unchanged.
func onText(t errdex.Template, f func(string) string) errdex.Template {
	var b strings.Builder
	var holes []errdex.Part
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteRune(holeMark)
			holes = append(holes, p)
			continue
		}
		if strings.ContainsRune(p.Text, holeMark) {
			return t
		}
		b.WriteString(p.Text)
	}
	out := f(b.String())
	pieces := strings.Split(out, string(holeMark))
	if len(pieces) != len(holes)+1 {
		return t
	}
	parts := make([]errdex.Part, 0, 2*len(pieces))
	for i, s := range pieces {
		parts = append(parts, errdex.Lit(s))
		if i < len(holes) {
			parts = append(parts, holes[i])
		}
	}
	return errdex.Template{Parts: parts}.Normalize()
}

// Dedent is textwrap.dedent applied to a template's text.
func Dedent(t errdex.Template) errdex.Template { return onText(t, dedent) }

// Cleandoc is inspect.cleandoc applied to a template's text.
func Cleandoc(t errdex.Template) errdex.Template { return onText(t, cleandoc) }

// dedent is Python's textwrap.dedent: lines of blanks become empty, then
// the longest run of spaces and tabs common to the start of every line
// with text is removed.
func dedent(text string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		body := strings.TrimSuffix(l, "\n")
		if body != "" && strings.Trim(body, " \t") == "" {
			lines[i] = l[len(body):]
		}
	}
	margin, first := "", true
	for _, l := range lines {
		body := strings.TrimSuffix(l, "\n")
		indent := body[:len(body)-len(strings.TrimLeft(body, " \t"))]
		if len(indent) == len(body) {
			continue // an empty line has no say
		}
		switch {
		case first:
			margin, first = indent, false
		case strings.HasPrefix(indent, margin):
		case strings.HasPrefix(margin, indent):
			margin = indent
		default:
			k := 0
			for k < len(margin) && k < len(indent) && margin[k] == indent[k] {
				k++
			}
			margin = margin[:k]
		}
	}
	if margin == "" {
		return strings.Join(lines, "")
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, margin)
	}
	return strings.Join(lines, "")
}

// cleandoc is Python's inspect.cleandoc: tabs expanded, the first line's
// leading blanks removed, the common indentation of the other lines
// removed, and leading and trailing blank lines dropped.
func cleandoc(doc string) string {
	lines := strings.Split(expandTabs(doc, 8), "\n")
	margin := -1
	for _, l := range lines[1:] {
		content := strings.TrimLeft(l, " ")
		if content == "" {
			continue
		}
		if ind := len(l) - len(content); margin < 0 || ind < margin {
			margin = ind
		}
	}
	lines[0] = strings.TrimLeft(lines[0], " ")
	if margin >= 0 {
		for i := 1; i < len(lines); i++ {
			if len(lines[i]) >= margin {
				lines[i] = lines[i][margin:]
			} else {
				lines[i] = strings.TrimLeft(lines[i], " ")
			}
		}
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// expandTabs is str.expandtabs: tabs advance to the next multiple of size
// columns, counted from the last line break.
func expandTabs(s string, size int) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := size - col%size
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// IsSpace mirrors str.isspace for one rune.
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// Strip is str.strip (lstrip with only left, rstrip with only right): it
// strips characters (whitespace, or those in cut) from the
// literal ends of a template. A hole at an end stops the stripping there.
func Strip(t errdex.Template, cut string, left, right bool) errdex.Template {
	trim := func(r rune) bool {
		if cut == "" {
			return IsSpace(r)
		}
		return strings.ContainsRune(cut, r)
	}
	parts := append([]errdex.Part(nil), t.Parts...)
	if left {
		for len(parts) > 0 && !parts[0].IsHole() {
			parts[0].Text = strings.TrimLeftFunc(parts[0].Text, trim)
			if parts[0].Text != "" {
				break
			}
			parts = parts[1:]
		}
	}
	if right {
		for len(parts) > 0 && !parts[len(parts)-1].IsHole() {
			k := len(parts) - 1
			parts[k].Text = strings.TrimRightFunc(parts[k].Text, trim)
			if parts[k].Text != "" {
				break
			}
			parts = parts[:k]
		}
	}
	return errdex.Template{Parts: parts}.Normalize()
}
