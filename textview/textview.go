// Package textview renders sites and matches as plain text for a terminal:
// what `errdex show` and `errdex explain` print. It holds no I/O of its own
// beyond writing to the io.Writer it is given.
package textview

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// Style decides whether output uses ANSI colours.
type Style struct {
	Color bool
	// Context limits the snippet lines shown on each side of the raise
	// lines; 0 shows the whole stored snippet.
	Context int
	// FamilyBackground returns the background paragraph of a failure
	// family (what this class of failure is), or "" when there is none to
	// show; the first sentence is printed under the family. Nil shows
	// none. The caller supplies it, as it does for the web, so that the
	// renderer does not depend on the analyses.
	FamilyBackground func(slug string) string
}

func (st Style) wrap(code, s string) string {
	if !st.Color || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Bold, Dim, Red, Green and Cyan style a piece of text.
func (st Style) Bold(s string) string  { return st.wrap("1", s) }
func (st Style) Dim(s string) string   { return st.wrap("2", s) }
func (st Style) Red(s string) string   { return st.wrap("31", s) }
func (st Style) Green(s string) string { return st.wrap("32", s) }
func (st Style) Cyan(s string) string  { return st.wrap("36", s) }

// Header renders "repo · language · kind · Exception" and the ID.
func (st Style) Header(s *errdex.Site) string {
	exc := inert(s.Exception)
	if s.ExceptionQualified != "" && s.ExceptionQualified != s.Exception {
		exc += " (" + inert(s.ExceptionQualified) + ")"
	}
	parts := []string{inert(s.Repo), inert(s.Language), inert(string(s.Kind))}
	if exc != "" {
		parts = append(parts, st.Bold(exc))
	}
	return strings.Join(parts, " · ") + "  " + st.Dim(inert(string(s.ID)))
}

// Message renders the template with holes shown as {name}, or with the
// captured values filled in and highlighted when values is not empty.
func (st Style) Message(t errdex.Template, values map[string]string) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if !p.IsHole() {
			b.WriteString(inert(p.Text))
			continue
		}
		if v, ok := values[p.Hole]; ok {
			b.WriteString(st.Green(inert(v)))
			continue
		}
		b.WriteString(st.Cyan("{" + inert(p.Hole) + "}"))
	}
	return b.String()
}

// ThrownAt renders "Thrown at path:line in function", with the column
// after the line for a site in minified code.
func (st Style) ThrownAt(s *errdex.Site) string {
	fn := inert(s.Function)
	if fn == "" {
		fn = "<module>"
	}
	at := fmt.Sprintf("%s:%d", inert(s.Location.Path), s.Location.Line)
	if s.Minified {
		// A line of minified code holds many statements: the column
		// places the site.
		return fmt.Sprintf("Thrown at %s (minified) in %s", st.Bold(fmt.Sprintf("%s:%d", at, s.Location.Column)), fn)
	}
	return fmt.Sprintf("Thrown at %s in %s", st.Bold(at), fn)
}

// Snippet renders the snippet with line numbers, the raise lines marked
// with ">". Context limits the lines shown around the marked ones (0 shows
// all).
func (st Style) Snippet(w io.Writer, sn *errdex.Snippet, context int) {
	if sn == nil || len(sn.Lines) == 0 {
		return
	}
	marked := map[int]bool{}
	first, last := sn.StartLine, sn.StartLine+len(sn.Lines)-1
	for _, l := range sn.MarkLines {
		marked[l] = true
	}
	if context > 0 && len(sn.MarkLines) > 0 {
		first = max(first, sn.MarkLines[0]-context)
		last = min(last, sn.MarkLines[len(sn.MarkLines)-1]+context)
	}
	width := len(fmt.Sprint(last))
	for n := first; n <= last; n++ {
		line := inert(sn.Lines[n-sn.StartLine])
		num := fmt.Sprintf("%*d", width, n)
		if marked[n] {
			fmt.Fprintf(w, "  %s %s │ %s\n", st.Red(">"), st.Bold(num), line)
		} else {
			fmt.Fprintf(w, "    %s │ %s\n", st.Dim(num), line)
		}
	}
}

// Site renders a whole site: header, message, location, link, snippet,
// holes and, when present, the analysis facts and explanation.
func (st Style) Site(w io.Writer, s *errdex.Site, values map[string]string) {
	fmt.Fprintln(w, st.Header(s))
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  %s\n", st.Message(s.Template, values))
	for _, alt := range s.Alternatives {
		fmt.Fprintf(w, "  %s %s\n", st.Dim("or"), st.Message(alt, values))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%s\n", st.ThrownAt(s))
	if s.Location.URL != "" {
		fmt.Fprintf(w, "  %s\n", st.Dim(inert(s.Location.URL)))
	}
	st.Snippet(w, s.Snippet, st.Context)
	if holes := s.Template.Holes(); len(holes) > 0 {
		// With the values of a pasted message each hole shows its value;
		// without, the expression the code takes it from.
		heading := "Values"
		if len(values) == 0 {
			heading = "Holes"
		}
		fmt.Fprintf(w, "\n%s\n", st.Bold(heading))
		for _, h := range holes {
			if v, ok := values[h.Hole]; ok {
				fmt.Fprintf(w, "  %s %s = %s\n", inert(h.Hole), st.Dim(inert(string(h.Type))), st.Green(inert(v)))
			} else {
				fmt.Fprintf(w, "  %s %s %s\n", inert(h.Hole), st.Dim(inert(string(h.Type))+", from"), inert(h.Expr))
			}
		}
	}
	st.Analysis(w, s)
}

// Analysis renders the derived facts of a site, if any.
func (st Style) Analysis(w io.Writer, s *errdex.Site) {
	if e := s.Explanation; e != nil {
		if e.Meaning != "" {
			fmt.Fprintf(w, "\n%s\n  %s\n", st.Bold("What it means"), inert(e.Meaning))
		}
		if len(e.Solutions) > 0 {
			fmt.Fprintf(w, "\n%s\n", st.Bold("How to fix"))
			for i, sol := range e.Solutions {
				fmt.Fprintf(w, "  %d. %s\n", i+1, inert(sol))
			}
			if fx := e.ExampleFix; fx != nil {
				fmt.Fprintf(w, "  %s %s\n  %s  %s\n", st.Dim("before:"), inert(fx.Before), st.Dim("after:"), inert(fx.After))
			}
		}
		if e.Trigger != "" {
			fmt.Fprintf(w, "\n%s\n  %s\n", st.Bold("When it happens"), inert(e.Trigger))
		}
	}
	if len(s.Guards) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Conditions"))
		for _, g := range s.Guards {
			if g.Kind == "build" {
				// A build constraint: the builds that compile the file.
				// Line is 0 when only the file's name constrains it.
				where := inert(g.Source)
				if g.Line > 0 {
					where += fmt.Sprintf(", line %d", g.Line)
				}
				fmt.Fprintf(w, "  only in builds for %s  %s\n", inert(g.Condition), st.Dim("("+where+")"))
				continue
			}
			fmt.Fprintf(w, "  %s  %s\n", inert(g.Condition), st.Dim(fmt.Sprintf("(%s, line %d)", inert(g.Kind), g.Line)))
		}
	}
	if len(s.Config) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Configuration"))
		for _, c := range s.Config {
			def := ""
			if c.HasDefault {
				def = " default " + inert(c.Default)
			}
			fmt.Fprintf(w, "  %s %s%s  %s\n", inert(c.Kind), inert(c.Name), def, st.Dim(inert(c.Location.String())))
		}
	}
	if len(s.Callers) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Called from"))
		for _, c := range s.Callers {
			fmt.Fprintf(w, "  %s  %s\n", inert(c.Function), st.Dim(fmt.Sprintf("%s:%d", inert(c.Path), c.Line)))
		}
	}
	if s.Family != nil {
		fmt.Fprintf(w, "\n%s %s %s\n", st.Bold("Family:"), inert(s.Family.Name),
			st.Dim("("+count(s.Family.Sites, "error", "errors")+" in "+count(s.Family.Libraries, "library", "libraries")+")"))
		if bg := st.background(s.Family.Slug); bg != "" {
			fmt.Fprintf(w, "  %s\n", inert(bg))
		}
	}
	if len(s.Related) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Related errors"))
		for _, r := range s.Related {
			fmt.Fprintf(w, "  %s  %s %s\n", inert(r.Title), st.Dim(inert(r.Reason)), st.Dim(inert(string(r.ID))))
		}
	}
}

// Line renders a site on one line for listings:
// "path:line  ID  Exception: message".
func (st Style) Line(s *errdex.Site) string {
	msg := s.Template.String()
	if s.Exception != "" {
		msg = s.Exception + ": " + msg
	}
	msg = strings.ReplaceAll(msg, "\n", `\n`)
	return fmt.Sprintf("%s:%d  %s  %s", inert(s.Location.Path), s.Location.Line, st.Dim(inert(string(s.ID))), inert(msg))
}

// background is the first sentence of a failure family's background
// paragraph, or "": the web page shows the whole paragraph, the terminal
// a line.
func (st Style) background(slug string) string {
	if st.FamilyBackground == nil {
		return ""
	}
	bg := st.FamilyBackground(slug)
	if i := strings.Index(bg, ". "); i >= 0 {
		bg = bg[:i+1]
	}
	return bg
}

// count renders "1 error" or "3 errors".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// inert makes text from a repository or a pasted message safe to print on
// a terminal: control characters other than newline and tab (an escape
// sequence could retitle the window, hide lines or rewrite the screen) and
// the invisible Unicode controls that reorder or hide text (bidirectional
// overrides and isolates, as in "Trojan Source") are shown as escapes such
// as \x1b or \u202e instead of being written raw, and bytes that are not
// UTF-8 as U+FFFD.
func inert(s string) string {
	i := strings.IndexFunc(s, unsafeRune)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case !unsafeRune(r), r == utf8.RuneError: // an invalid byte becomes U+FFFD
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// unsafeRune reports whether printing r raw could change what a terminal
// shows beyond r itself.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return r == utf8.RuneError
}
