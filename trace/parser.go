package trace

import (
	"encoding/json"
	"strings"
)

// line is one cleaned input line. The struct is kept small: a 1 MiB input
// of empty lines is a million of them.
type line struct {
	text  string // Clean(raw).Text
	no    int32  // 1-based line number in the input
	flags uint8
	level uint8 // index into levelOrder
}

const (
	fLogged uint8 = 1 << iota // Clean removed a log prefix: the line starts a log record
	fGoLog                    // the prefix was Go's log package timestamp
	fAt                       // the text, trimmed, starts with "at " (a Java or Node frame)
	fRecord                   // a structured log record (JSON or logfmt), handled by jsonLine or logfmtLine
)

// levelOrder lists the normalised levels; line.level indexes it (0: none).
var levelOrder = []string{"", "TRACE", "DEBUG", "INFO", "NOTICE", "WARNING", "ERROR", "CRITICAL", "FATAL", "PANIC"}

func levelIndex(lv string) uint8 {
	for i, l := range levelOrder {
		if l == lv {
			return uint8(i)
		}
	}
	return 0
}

func (l *line) logged() bool    { return l.flags&fLogged != 0 }
func (l *line) isAt() bool      { return l.flags&fAt != 0 }
func (l *line) isRecord() bool  { return l.flags&fRecord != 0 }
func (l *line) lvl() string     { return levelOrder[l.level] }
func (l *line) blank() bool     { return strings.TrimSpace(l.text) == "" }
func (l *line) trimmed() string { return strings.TrimLeft(l.text, " \t") }

// maxEmbedDepth bounds the parsing of traces embedded in JSON log lines.
const maxEmbedDepth = 1

// parser holds the state of one Parse call.
type parser struct {
	lines   []line
	rep     Report
	depth   int
	nchains int
	// pending is a link announced by a Python chain marker (or an
	// ExceptionGroup box) for the next Python exception.
	pending *pendingLink
	// extra are candidates found in structured log lines (JSON messages),
	// used when no exception is found.
	extra []Candidate
	// forceChain, when >= 0, puts every new exception in that chain (an
	// ExceptionGroup region).
	forceChain int
	// inMember is set while parsing the member boxes of an ExceptionGroup;
	// lastTop is the index of the last exception added outside them, the
	// one a chain marker after the region refers to.
	inMember bool
	lastTop  int
	// frameBudget is what remains of MaxFrames for the whole report.
	frameBudget int
	// frameAt and stopAt index the lines for stack traces (see nextFrame).
	frameAt, stopAt []int32
	// pytestNoneUntil memoises a pytest region that found nothing: a
	// region starting before it finds nothing either.
	pytestNoneUntil int
}

// Bounds on one Report, so that adversarial input (a million "Caused by:"
// lines each copying "... 1000 more" frames) costs bounded memory.
const (
	// MaxExceptions is the most exceptions a Report holds; later ones are
	// dropped.
	MaxExceptions = 10000
	// MaxFrames is the most frames a Report holds in all; an exception
	// that would exceed it keeps its innermost frames.
	MaxFrames = 100000
	// maxExceptionFrames is the most frames one exception keeps (its
	// innermost ones).
	maxExceptionFrames = 1000
)

type pendingLink struct {
	link   Link
	parent int // index into rep.Exceptions; -1: the last exception added
}

func newParser(text string, depth int) *parser {
	p := &parser{depth: depth, forceChain: -1, frameBudget: MaxFrames}
	n := strings.Count(text, "\n") + 1
	p.lines = make([]line, 0, n)
	for no := int32(1); ; no++ {
		raw, rest, more := strings.Cut(text, "\n")
		p.lines = append(p.lines, makeLine(raw, no))
		if !more {
			break
		}
		text = rest
	}
	return p
}

func makeLine(raw string, no int32) line {
	if strings.HasPrefix(raw, `{"log":`) {
		raw = dockerJSONLog(raw)
	}
	ll := Clean(raw)
	l := line{text: ll.Text, no: no, level: levelIndex(ll.Level)}
	if ll.HasPrefix() {
		l.flags |= fLogged
	}
	if ll.Language == Go && ll.Time != "" {
		l.flags |= fGoLog
	}
	if strings.HasPrefix(strings.TrimLeft(ll.Text, " \t"), "at ") {
		l.flags |= fAt
	}
	return l
}

// dockerJSONLog returns the "log" field of a Docker json-file log line
// ({"log":"text\n","stream":"stderr","time":"..."}), or raw when it is not
// one.
func dockerJSONLog(raw string) string {
	var v struct {
		Log *string `json:"log"`
	}
	if json.Unmarshal([]byte(raw), &v) != nil || v.Log == nil {
		return raw
	}
	return strings.TrimRight(*v.Log, "\r\n")
}

// add appends e to the report. Unless the caller set a Link, a pending
// Python chain link applies to Python exceptions; otherwise e starts a new
// chain. It returns e's index.
func (p *parser) add(e Exception) int {
	idx := len(p.rep.Exceptions)
	if idx >= MaxExceptions {
		p.pending = nil
		return idx - 1
	}
	e.Frames = p.budgetFrames(e.Frames)
	if e.Link == LinkNone {
		e.Parent = -1
		if p.pending != nil && e.Language == Python && idx > 0 {
			e.Link = p.pending.link
			e.Parent = p.pending.parent
			if e.Parent < 0 || e.Parent >= idx {
				e.Parent = idx - 1
				if !p.inMember && p.lastTop < idx {
					e.Parent = p.lastTop
				}
			}
		}
	}
	p.pending = nil
	switch {
	case p.forceChain >= 0:
		e.Chain = p.forceChain
	case e.Link != LinkNone && e.Parent >= 0:
		e.Chain = p.rep.Exceptions[e.Parent].Chain
	default:
		e.Chain = p.nchains
		p.nchains++
	}
	if p.forceChain >= 0 && e.Chain >= p.nchains {
		p.nchains = e.Chain + 1
	}
	if !p.inMember {
		p.lastTop = idx
	}
	p.rep.Exceptions = append(p.rep.Exceptions, e)
	return idx
}

// budgetFrames keeps the innermost frames of fs within the per-exception
// and per-report bounds.
func (p *parser) budgetFrames(fs []Frame) []Frame {
	n := min(len(fs), maxExceptionFrames, p.frameBudget)
	p.frameBudget -= n
	if n == 0 {
		return nil
	}
	return fs[len(fs)-n:]
}

// newChain reserves a chain number for a region whose exceptions all
// belong to one trace.
func (p *parser) newChain() int {
	c := p.nchains
	p.nchains++
	return c
}

// run walks the lines once; every recogniser returns the index after what
// it consumed, or the index it was given when it found nothing.
func (p *parser) run() {
	for i := 0; i < len(p.lines); {
		if j := p.at(p.lines, i); j > i {
			i = j
		} else {
			i++
		}
	}
}

// at tries the recognisers at line i of ls.
func (p *parser) at(ls []line, i int) int {
	l := &ls[i]
	t := l.text
	if t == "" {
		return i
	}
	tt := l.trimmed()
	switch {
	case tt == pyContextMarker:
		p.pyBareBefore(ls, i)
		p.pending = &pendingLink{LinkContext, -1}
		return i + 1
	case tt == pyCauseMarker:
		p.pyBareBefore(ls, i)
		p.pending = &pendingLink{LinkCause, -1}
		return i + 1
	case strings.HasPrefix(tt, "Traceback (most recent call last):"):
		return p.pyTraceback(ls, i)
	case isIPythonHeader(tt):
		return p.ipython(ls, i)
	case strings.HasPrefix(tt, "+ Exception Group Traceback (most recent call last):"):
		return p.pyGroup(ls, i)
	case strings.HasPrefix(tt, `File "`):
		if _, ok := parsePyFrame(tt); ok {
			return p.pyTraceback(ls, i)
		}
	case strings.HasPrefix(t, "panic: "), strings.HasPrefix(t, "fatal error: "), isGoroutineHeader(t):
		return p.goPanic(ls, i)
	case strings.HasPrefix(t, "--- FAIL: "):
		return p.goTestFail(ls, i)
	case strings.HasPrefix(tt, "thread '") && strings.Contains(window(tt), "' panicked at "),
		strings.HasPrefix(tt, "thread '") && strings.Contains(window(tt), ") panicked at "):
		return p.rustPanic(ls, i)
	case strings.HasPrefix(tt, gnuTerminate), strings.HasPrefix(tt, libcxxTerminate):
		if j := p.cppTerminate(ls, i); j > i {
			return j
		}
	case strings.Contains(tt, glibcAssert), strings.HasPrefix(tt, bsdAssert):
		if j := p.cAssert(ls, i); j > i {
			return j
		}
	case strings.HasPrefix(t, "Error: "):
		if j := p.rustError(ls, i); j > i {
			return j
		}
	case t[0] == '{' && t[len(t)-1] == '}':
		if j := p.jsonLine(ls, i); j > i {
			return j
		}
	case t[len(t)-1] == '}':
		if j := p.fieldsLine(ls, i); j > i {
			return j
		}
	}
	if goStackFollows(ls, i) {
		if j := p.goErrorStack(ls, i); j > i {
			return j
		}
	}
	if strings.Contains(t, "=") {
		if j := p.logfmtLine(ls, i); j > i {
			return j
		}
	}
	if j := p.pytest(ls, i); j > i {
		return j
	}
	if j := p.nodeHeader(ls, i); j > i {
		return j
	}
	if j := p.stack(ls, i); j > i {
		return j
	}
	return i
}

// indent counts the leading spaces and tabs of s.
func indent(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}

// atoi parses a non-negative decimal number of at most 9 digits; ok is
// false otherwise.
func atoi(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// reverseFrames turns an innermost-first list into outermost-first.
func reverseFrames(fs []Frame) {
	for i, j := 0, len(fs)-1; i < j; i, j = i+1, j-1 {
		fs[i], fs[j] = fs[j], fs[i]
	}
}

// splitLocation splits "path:line:col" or "path:line" at its end. ok is
// false when s does not end in ":digits".
func splitLocation(s string) (path string, ln, col int, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return "", 0, 0, false
	}
	n, ok := atoi(s[i+1:])
	if !ok {
		return "", 0, 0, false
	}
	rest := s[:i]
	if j := strings.LastIndexByte(rest, ':'); j > 0 {
		if m, ok := atoi(rest[j+1:]); ok {
			return rest[:j], m, n, m > 0
		}
	}
	return rest, n, 0, n > 0
}
