// Package textview renders sites and matches as plain text for a terminal:
// what `errdex show` and `errdex explain` print. It holds no I/O of its own
// beyond writing to the io.Writer it is given.
package textview

import (
	"fmt"
	"io"
	"strings"

	"github.com/errdex/errdex"
)

// Style decides whether output uses ANSI colours.
type Style struct {
	Color bool
	// Context limits the snippet lines shown on each side of the raise
	// lines; 0 shows the whole stored snippet.
	Context int
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
	exc := s.Exception
	if s.ExceptionQualified != "" && s.ExceptionQualified != s.Exception {
		exc += " (" + s.ExceptionQualified + ")"
	}
	parts := []string{s.Repo, s.Language, string(s.Kind)}
	if exc != "" {
		parts = append(parts, st.Bold(exc))
	}
	return strings.Join(parts, " · ") + "  " + st.Dim(string(s.ID))
}

// Message renders the template with holes shown as {name}, or with the
// captured values filled in and highlighted when values is not empty.
func (st Style) Message(t errdex.Template, values map[string]string) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if !p.IsHole() {
			b.WriteString(p.Text)
			continue
		}
		if v, ok := values[p.Hole]; ok {
			b.WriteString(st.Green(v))
			continue
		}
		b.WriteString(st.Cyan("{" + p.Hole + "}"))
	}
	return b.String()
}

// ThrownAt renders "Thrown at path:line in function".
func (st Style) ThrownAt(s *errdex.Site) string {
	fn := s.Function
	if fn == "" {
		fn = "<module>"
	}
	return fmt.Sprintf("Thrown at %s in %s", st.Bold(fmt.Sprintf("%s:%d", s.Location.Path, s.Location.Line)), fn)
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
		line := sn.Lines[n-sn.StartLine]
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
		fmt.Fprintf(w, "  %s\n", st.Dim(s.Location.URL))
	}
	st.Snippet(w, s.Snippet, st.Context)
	if holes := s.Template.Holes(); len(holes) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, st.Bold("Values"))
		for _, h := range holes {
			v, ok := values[h.Hole]
			if !ok {
				v = st.Dim("(from " + h.Expr + ")")
			} else {
				v = st.Green(v)
			}
			fmt.Fprintf(w, "  %s %s = %s\n", h.Hole, st.Dim(string(h.Type)), v)
		}
	}
	st.Analysis(w, s)
}

// Analysis renders the derived facts of a site, if any.
func (st Style) Analysis(w io.Writer, s *errdex.Site) {
	if e := s.Explanation; e != nil {
		if e.Meaning != "" {
			fmt.Fprintf(w, "\n%s\n  %s\n", st.Bold("What it means"), e.Meaning)
		}
		if len(e.Solutions) > 0 {
			fmt.Fprintf(w, "\n%s\n", st.Bold("How to fix"))
			for i, sol := range e.Solutions {
				fmt.Fprintf(w, "  %d. %s\n", i+1, sol)
			}
			if fx := e.ExampleFix; fx != nil {
				fmt.Fprintf(w, "  %s %s\n  %s  %s\n", st.Dim("before:"), fx.Before, st.Dim("after:"), fx.After)
			}
		}
		if e.Trigger != "" {
			fmt.Fprintf(w, "\n%s\n  %s\n", st.Bold("When it happens"), e.Trigger)
		}
	}
	if len(s.Guards) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Conditions"))
		for _, g := range s.Guards {
			fmt.Fprintf(w, "  %s  %s\n", g.Condition, st.Dim(fmt.Sprintf("(%s, line %d)", g.Kind, g.Line)))
		}
	}
	if len(s.Config) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Configuration"))
		for _, c := range s.Config {
			def := ""
			if c.HasDefault {
				def = " default " + c.Default
			}
			fmt.Fprintf(w, "  %s %s%s  %s\n", c.Kind, c.Name, def, st.Dim(c.Location.String()))
		}
	}
	if len(s.Callers) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Called from"))
		for _, c := range s.Callers {
			fmt.Fprintf(w, "  %s  %s\n", c.Function, st.Dim(fmt.Sprintf("%s:%d", c.Path, c.Line)))
		}
	}
	if s.Family != nil {
		fmt.Fprintf(w, "\n%s %s %s\n", st.Bold("Family:"), s.Family.Name,
			st.Dim("("+count(s.Family.Sites, "error", "errors")+" in "+count(s.Family.Libraries, "library", "libraries")+")"))
	}
	if len(s.Related) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Related errors"))
		for _, r := range s.Related {
			fmt.Fprintf(w, "  %s  %s %s\n", r.Title, st.Dim(r.Reason), st.Dim(string(r.ID)))
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
	return fmt.Sprintf("%s:%d  %s  %s", s.Location.Path, s.Location.Line, st.Dim(string(s.ID)), msg)
}

// count renders "1 error" or "3 errors".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
