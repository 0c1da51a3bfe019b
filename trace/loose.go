package trace

import (
	"strings"
)

// merge appends exceptions parsed from an embedded text, renumbering their
// chains and parents and giving them the input line they were found on.
func (p *parser) merge(exs []Exception, no int) {
	base := len(p.rep.Exceptions)
	chains := map[int]int{}
	for _, e := range exs {
		if len(p.rep.Exceptions) >= MaxExceptions {
			return
		}
		e.Frames = p.budgetFrames(e.Frames)
		if e.Parent >= 0 {
			e.Parent += base
		}
		c, ok := chains[e.Chain]
		if !ok {
			c = p.newChain()
			chains[e.Chain] = c
		}
		e.Chain = c
		e.Line = no
		p.rep.Exceptions = append(p.rep.Exceptions, e)
	}
}

// maxBareMessageLines is the most lines a text without any error-looking
// line may have to be taken whole as one bare message.
const maxBareMessageLines = 20

// loose returns the message candidates of a text without structured
// traces: every line that reads "Type: message" with a plausible type or
// has an error (or worse) log level, the messages of JSON log lines, and
// the last non-blank line. When only the last line qualifies and the text
// has at most maxBareMessageLines lines, none of them a log record, the
// whole cleaned text is the candidate instead (a bare, possibly multi-line, message). The last
// MaxLoose candidates are kept, duplicates dropped.
func (p *parser) loose() []Candidate {
	last := -1
	nonBlank := 0
	logged := false
	for k := range p.lines {
		if !p.lines[k].blank() {
			last = k
			nonBlank++
		}
		logged = logged || p.lines[k].logged()
	}
	if last < 0 && len(p.extra) == 0 {
		return nil
	}
	// Walk backwards, keeping the last MaxLoose distinct candidates.
	var out []Candidate
	// A line and an exception's repr in it share their text: they are
	// told apart by what they read.
	type reading struct{ text, typ, msg string }
	seen := map[reading]bool{}
	keep := func(c Candidate) {
		r := reading{c.Text, c.Type, c.Message}
		if c.Text != "" && !seen[r] && len(out) < MaxLoose {
			seen[r] = true
			out = append(out, c)
		}
	}
	extra := p.extra
	strong := len(extra) > 0
	strongLine, nstrong := 0, 0 // the first strong line and their count
	record, blanks := p.lastRecord(last)
	for k := len(p.lines) - 1; k >= 0 && len(out) < MaxLoose; k-- {
		l := &p.lines[k]
		for len(extra) > 0 && extra[len(extra)-1].Line >= int(l.no) {
			keep(extra[len(extra)-1])
			extra = extra[:len(extra)-1]
		}
		if l.blank() || l.isRecord() {
			continue
		}
		c := candidateFrom(strings.TrimSpace(l.text))
		c.Line, c.Level = int(l.no), l.lvl()
		if l.flags&fGoLog != 0 {
			c.printedByGo()
		}
		if c.Type != "" || l.level >= levelIndex("ERROR") || k == last {
			// An exception's repr in a line kept is the error the line
			// reports ("Task x raised unexpected: ValueError('bad')");
			// the line, what the program said about it, is tried too.
			if repr, ok := pyReprCandidate(c.Text); ok {
				repr.Line, repr.Level = c.Line, c.Level
				keep(repr)
			}
		}
		if c.Type != "" || l.level >= levelIndex("ERROR") {
			strong = true
			strongLine = c.Line
			nstrong++
			keep(c)
		} else if k == last && record >= 0 && !blanks {
			keep(p.recordCandidate(record, last))
		} else if k == last {
			keep(c)
			if record >= 0 {
				// Across blank lines the record may go on to the last
				// line (cobra's "unknown command ...\n\nDid you mean
				// this?\n\tserve") or end before it: both are read.
				keep(p.recordCandidate(record, last))
			}
		}
	}
	for k := len(extra) - 1; k >= 0; k-- {
		keep(extra[k])
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	// A text whose only typed line is its first one is that exception's
	// message printed alone, however many lines it has.
	firstTyped := nstrong == 1 && len(p.extra) == 0 && strongLine == firstLine(p.lines) && out[0].Type != ""
	if !logged && nonBlank > 1 && (firstTyped && nonBlank <= maxMessageLines || !strong && nonBlank <= maxBareMessageLines) {
		var b []string
		first := 0
		for k := range p.lines {
			if !p.lines[k].blank() && first == 0 {
				first = int(p.lines[k].no)
			}
			b = append(b, p.lines[k].text)
		}
		whole := strings.Trim(strings.Join(b, "\n"), "\n")
		whole = strings.TrimRight(strings.TrimLeft(whole, "\n"), " \t\n")
		c := candidateFrom(whole)
		c.Text, c.Line = whole, first
		if c.Type == "" {
			c.Message = whole
		}
		out = []Candidate{c}
	}
	return out
}

// lastRecord returns the index of the log record whose message may go on
// to line last, or -1: when the last line is no record itself but continues
// one (errors.Join and programs that collect errors print one error a
// line after the record's timestamp), the nearest record above it, at most
// maxMessageLines lines up. blanks says that blank lines lie between, so
// the record may as well have ended before them.
func (p *parser) lastRecord(last int) (record int, blanks bool) {
	if last < 0 || p.lines[last].logged() {
		return -1, false
	}
	for k := last - 1; k >= 0 && last-k < maxMessageLines; k-- {
		l := &p.lines[k]
		switch {
		case l.isRecord():
			return -1, false
		case l.blank():
			blanks = true
		case l.logged():
			return k, blanks
		}
	}
	return -1, false
}

// recordCandidate is the candidate of the log record at line from whose
// message goes on to line to: the lines joined, the record's level kept.
func (p *parser) recordCandidate(from, to int) Candidate {
	b := make([]string, 0, to-from+1)
	for k := from; k <= to; k++ {
		b = append(b, p.lines[k].text)
	}
	rec := &p.lines[from]
	c := candidateFrom(strings.TrimSpace(strings.Join(b, "\n")))
	c.Line, c.Level = int(rec.no), rec.lvl()
	if rec.flags&fGoLog != 0 {
		c.printedByGo()
	}
	return c
}

// printedByGo records that Go's log package printed c (its timestamp
// prefix says so), unless the text names another language.
func (c *Candidate) printedByGo() {
	if c.Language == Unknown || c.Language == Go {
		c.Language, c.LanguageInferred = Go, false
	}
}

// candidateFrom splits a cleaned line into a candidate: pytest's "FAILED
// test.py::name - " summary prefix and its "..." truncation, "Uncaught "
// and Java's `Exception in thread "main" ` are removed from Message (Text
// keeps the line), and "Type: message" is split when Type looks like an
// exception type.
func candidateFrom(t string) Candidate {
	c := Candidate{Text: t, Message: t}
	s := t
	if rest, ok := strings.CutPrefix(s, "FAILED "); ok {
		if k := strings.Index(rest, " - "); k > 0 && strings.Contains(rest[:k], "::") {
			s = rest[k+3:]
			if m, ok := strings.CutSuffix(s, "..."); ok {
				s, c.Truncated = m, true
			}
			c.Language = Python
		}
	}
	if rest, ok := strings.CutPrefix(s, "Uncaught "); ok {
		s, c.Language = rest, JavaScript
	}
	if strings.HasPrefix(s, `Exception in thread "`) {
		if h, ok := parseStackHeader(s); ok {
			c.Type, c.Message, c.Language = h.typ, h.msg, Java
			return c
		}
	}
	c.Message = s
	if typ, msg, ok := cppWrappedPrefix(s); ok {
		c.Type, c.Message, c.Language = typ, msg, Cpp
		return c
	}
	typ, msg, ok := strings.Cut(s, ": ")
	if !ok {
		// A type printed without a message: a known name or a qualified
		// one ("queue.Full").
		typ, msg = strings.TrimSuffix(s, ":"), ""
		if !knownTypes[typ] && !pyOnlyTypes[typ] && !(strings.Contains(typ, ".") && looksLikeExceptionType(typ)) {
			return c
		}
	}
	if gt, inferred := goType(s); gt != "" && inferred {
		// A message of Go's standard library ("strconv.Atoi: parsing
		// ...", "open /x: no such file or directory"): no type printed.
		if c.Language == Unknown {
			c.Language, c.LanguageInferred = Go, true
		}
		return c
	}
	if !looksLikeExceptionType(typ) {
		return c
	}
	c.Type, c.Message = typ, msg
	switch {
	case pyOnlyTypes[typ]:
		// A guess: other languages' libraries name classes alike (a
		// Node TimeoutError, a Java ConnectionError).
		c.Language, c.LanguageInferred = Python, true
	case strings.HasPrefix(typ, "java."), strings.HasPrefix(typ, "javax."), strings.HasPrefix(typ, "jakarta."),
		strings.HasPrefix(typ, "kotlin."), strings.HasPrefix(typ, "org."), strings.HasPrefix(typ, "com."):
		c.Language = Java
	}
	return c
}

// firstLine returns the 1-based number of the first non-blank line, or 0.
func firstLine(ls []line) int {
	for k := range ls {
		if !ls[k].blank() {
			return int(ls[k].no)
		}
	}
	return 0
}
