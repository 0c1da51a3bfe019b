package trace

import (
	"strings"
	"testing"
)

// checkInvariants checks what every Report must satisfy, whatever the
// input: parents precede their children and links agree with them, line
// numbers point into the input, frame positions are not negative, and every
// line of every message and candidate is text the parser saw (the cleaned
// input), except for texts decoded from structured log records (JSON or
// logfmt fields).
func checkInvariants(t *testing.T, input string, rep *Report) {
	t.Helper()
	if rep == nil {
		t.Fatal("nil report")
	}
	p := newParser(input, 0)
	p.run() // marks the structured log records
	var seen strings.Builder
	for _, l := range p.lines {
		seen.WriteString(l.text)
		seen.WriteByte('\n')
	}
	cleaned := seen.String()
	nlines := len(p.lines)
	isRecord := func(no int) bool {
		return no >= 1 && no <= nlines && p.lines[no-1].isRecord()
	}
	if len(rep.Exceptions) > MaxExceptions {
		t.Errorf("%d exceptions, over MaxExceptions", len(rep.Exceptions))
	}
	if len(rep.Exceptions) > 0 && len(rep.Loose) > 0 {
		t.Errorf("loose candidates beside exceptions")
	}
	if (rep.Primary() == nil) != (len(rep.Exceptions) == 0) {
		t.Errorf("Primary() = %v with %d exceptions", rep.Primary(), len(rep.Exceptions))
	}
	frames := 0
	for i, e := range rep.Exceptions {
		if e.Parent < -1 || e.Parent >= i {
			t.Errorf("exception %d: parent %d does not precede it", i, e.Parent)
		}
		if (e.Parent >= 0) != (e.Link != LinkNone) {
			t.Errorf("exception %d: link %q with parent %d", i, e.Link, e.Parent)
		}
		if e.Parent >= 0 && rep.Exceptions[e.Parent].Chain != e.Chain {
			t.Errorf("exception %d: chain %d differs from its parent's", i, e.Chain)
		}
		if e.Line < 1 || e.Line > nlines {
			t.Errorf("exception %d: line %d outside 1..%d", i, e.Line, nlines)
		}
		if strings.Contains(e.Type, "\n") {
			t.Errorf("exception %d: type %q spans lines", i, e.Type)
		}
		if len(e.Frames) > maxExceptionFrames {
			t.Errorf("exception %d: %d frames", i, len(e.Frames))
		}
		frames += len(e.Frames)
		for _, f := range e.Frames {
			if f.Line < 0 || f.Column < 0 || f.Repeated < 0 {
				t.Errorf("exception %d: frame %+v has a negative position", i, f)
			}
		}
		if f, ok := e.Innermost(); ok && f.Internal {
			t.Errorf("exception %d: Innermost returned an internal frame", i)
		}
		if isRecord(e.Line) {
			continue
		}
		for _, ml := range strings.Split(e.Message, "\n") {
			if !strings.Contains(cleaned, ml) {
				t.Errorf("exception %d: message line %q is not in the cleaned input", i, ml)
			}
		}
	}
	if frames > MaxFrames {
		t.Errorf("%d frames, over MaxFrames", frames)
	}
	if len(rep.Loose) > MaxLoose {
		t.Errorf("%d loose candidates, over MaxLoose", len(rep.Loose))
	}
	for i, c := range rep.Loose {
		if c.Line < 1 || c.Line > nlines {
			t.Errorf("candidate %d: line %d outside 1..%d", i, c.Line, nlines)
		}
		if isRecord(c.Line) {
			continue
		}
		if !strings.Contains(cleaned, c.Text) {
			t.Errorf("candidate %d: text %q is not in the cleaned input", i, c.Text)
		}
		if !strings.Contains(c.Text, c.Message) && !strings.Contains(c.Text, c.Type+"(") {
			t.Errorf("candidate %d: message %q is not in its text %q", i, c.Message, c.Text)
		}
	}
}
