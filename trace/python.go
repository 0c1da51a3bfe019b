package trace

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Python's chain markers, printed between the tracebacks of a chain.
const (
	pyContextMarker = "During handling of the above exception, another exception occurred:"
	pyCauseMarker   = "The above exception was the direct cause of the following exception:"
)

// maxMessageLines bounds the continuation lines of one message.
const maxMessageLines = 200

// parsePyFrame parses a trimmed `File "path", line N, in func` line (the
// ", in func" part is absent in a SyntaxError's location block).
func parsePyFrame(tt string) (Frame, bool) {
	rest, ok := strings.CutPrefix(tt, `File "`)
	if !ok {
		return Frame{}, false
	}
	k := strings.LastIndex(rest, `", line `)
	if k < 0 {
		return Frame{}, false
	}
	f := Frame{Path: rest[:k]}
	rest = rest[k+len(`", line `):]
	num, fn, hasFn := strings.Cut(rest, ", in ")
	n, ok := atoi(num)
	if !ok || n == 0 {
		return Frame{}, false
	}
	f.Line = n
	if hasFn {
		f.Function = fn
	}
	return f, true
}

// isMarkerLine reports whether s shows only Python 3.11+'s position markers
// (~~~^^^) or a SyntaxError caret.
func isMarkerLine(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '~' && s[i] != '^' && s[i] != ' ' {
			return false
		}
	}
	return true
}

// repeatedCount parses "[Previous line repeated 996 more times]".
func repeatedCount(tt string) (int, bool) {
	rest, ok := strings.CutPrefix(tt, "[Previous line repeated ")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, " more time")
	if !ok {
		return 0, false
	}
	return atoi(num)
}

// pyTraceback parses one Python traceback starting at ls[i] ("Traceback
// (most recent call last):" or a File line) and adds its exception.
func (p *parser) pyTraceback(ls []line, i int) int {
	j := i
	if strings.HasPrefix(ls[j].trimmed(), "Traceback (most recent call last):") {
		j++
	}
	var frames []Frame
	for j < len(ls) {
		tt := ls[j].trimmed()
		if f, ok := parsePyFrame(tt); ok {
			fileIndent := indent(ls[j].text)
			j++
			for j < len(ls) {
				u := ls[j].text
				if isMarkerLine(u) {
					j++
					continue
				}
				ut := strings.TrimSpace(u)
				if ut == "" || indent(u) <= fileIndent || strings.HasPrefix(ut, `File "`) || strings.HasPrefix(ut, "[Previous line repeated ") {
					break
				}
				if f.Source == "" {
					f.Source = ut
				}
				j++
			}
			frames = append(frames, f)
			continue
		}
		if n, ok := repeatedCount(tt); ok {
			if len(frames) > 0 {
				frames[len(frames)-1].Repeated += n
			}
			j++
			continue
		}
		break
	}
	e := Exception{Language: Python, Kind: KindException, Frames: frames, Line: int(ls[min(j, len(ls)-1)].no)}
	if j < len(ls) && !ls[j].blank() && indent(ls[j].text) == 0 {
		if typ, msg, ok := splitPyException(ls[j].text); ok {
			e.Type, e.Message = typ, msg
			e.Line = int(ls[j].no)
			j++
			var more []string
			j, more = pyContinuation(ls, j)
			if len(more) > 0 {
				e.Message += "\n" + strings.Join(more, "\n")
			}
		}
	}
	if e.Type == "" && len(frames) == 0 {
		return i + 1 // a lone header: nothing to report
	}
	p.add(e)
	return j
}

// pyContinuation collects the lines of a multi-line message (and notes)
// from ls[j]: up to a log record or the start of another structure. A run
// of at most two blank lines is part of the message when a message-like
// line follows it (unittest's diffs hold blank lines); trailing blank lines
// are not.
func pyContinuation(ls []line, j int) (int, []string) {
	var more []string
	for j < len(ls) && len(more) < maxMessageLines {
		l := &ls[j]
		if l.blank() {
			k := j
			for k < len(ls) && k-j < 3 && ls[k].blank() {
				k++
			}
			if k-j > 2 || k >= len(ls) || ls[k].logged() || endsMessage(ls[k].trimmed()) || ls[k].isAt() {
				break
			}
			for ; j < k; j++ {
				more = append(more, "")
			}
			continue
		}
		if l.logged() || endsMessage(l.trimmed()) {
			break
		}
		more = append(more, l.text)
		j++
	}
	return j, more
}

// endsMessage reports whether a trimmed line starts a structure that cannot
// be part of a message.
func endsMessage(tt string) bool {
	switch {
	case strings.HasPrefix(tt, "Traceback (most recent call last):"),
		tt == pyContextMarker, tt == pyCauseMarker,
		strings.HasPrefix(tt, `File "`) && strings.Contains(tt, `", line `),
		strings.HasPrefix(tt, "+ Exception Group Traceback"),
		isPytestRule(tt),
		strings.HasPrefix(tt, "panic: "), strings.HasPrefix(tt, "goroutine "),
		strings.HasPrefix(tt, "Node.js v"),
		strings.HasPrefix(tt, "Process finished with exit code "), // PyCharm
		strings.HasPrefix(tt, "exit status "),                     // go run
		strings.HasPrefix(tt, "[Finished in "),                    // Sublime Text
		isIPythonHeader(tt),
		isPrompt(tt):
		return true
	}
	return false
}

// isPrompt reports whether tt is an interactive prompt (Node's and
// Python's REPL, a shell's "$ "): the output of a session goes on after it.
func isPrompt(tt string) bool {
	if strings.HasPrefix(tt, "In [") || strings.HasPrefix(tt, "Out[") { // IPython
		if k := strings.Index(tt, "]:"); k > 0 {
			_, ok := atoi(tt[strings.IndexByte(tt, '[')+1 : k])
			return ok
		}
	}
	return tt == ">" || tt == ">>>" || tt == "$" || strings.HasPrefix(tt, "> ") || strings.HasPrefix(tt, ">>> ") || strings.HasPrefix(tt, "$ ")
}

// splitPyException splits a Python exception line "pkg.Type: message" or
// "Type". ok is false when the line does not start with a dotted
// identifier.
func splitPyException(t string) (typ, msg string, ok bool) {
	head, rest, hasColon := strings.Cut(t, ":")
	if hasColon {
		if rest != "" && rest[0] != ' ' {
			return "", "", false
		}
		if !isDottedIdent(head) {
			return "", "", false
		}
		return head, strings.TrimPrefix(rest, " "), true
	}
	if isDottedIdent(t) {
		return t, "", true
	}
	return "", "", false
}

// isDottedIdent reports whether s is a dotted identifier path such as
// "json.decoder.JSONDecodeError" or "test.<locals>.Err" (at most 300 bytes;
// identifiers may be Unicode letters, as Python allows).
func isDottedIdent(s string) bool {
	if s == "" || len(s) > 300 {
		return false
	}
	for _, seg := range strings.Split(s, ".") {
		if seg == "<locals>" {
			continue
		}
		if seg == "" {
			return false
		}
		for k, r := range seg {
			switch {
			case r == '_' || unicode.IsLetter(r):
			case k > 0 && unicode.IsDigit(r):
			default:
				return false
			}
		}
	}
	return true
}

// groupSegment is one run of unboxed lines of an ExceptionGroup region:
// the group's own traceback, or the content of one member box.
type groupSegment struct {
	col    int  // column of the box's "|"
	member bool // the segment starts a member box
	lines  []line
}

// pyGroup parses the boxed output of an ExceptionGroup starting at its
// "+ Exception Group Traceback" header. Box lines are unboxed and split into
// segments (the group's own traceback, then one per member box), and every
// segment is parsed as tracebacks of its own, members linked to their group.
// The region ends at the closing rule of the outermost box, or at a line
// that is neither boxed nor the unboxed continuation of a message.
func (p *parser) pyGroup(ls []line, i int) int {
	var segs []*groupSegment
	var seg *groupSegment
	open := func(col int, member bool) {
		seg = &groupSegment{col: col, member: member}
		segs = append(segs, seg)
	}
	top := indent(ls[i].text)
	j := i
	for ; j < len(ls); j++ {
		l := ls[j]
		sp := indent(l.text)
		rest := l.text[sp:]
		switch {
		case strings.HasPrefix(rest, "+ Exception Group Traceback"):
			open(sp, false)
			l.text = "Traceback (most recent call last):"
			seg.lines = append(seg.lines, l)
		case rest == "|" || strings.HasPrefix(rest, "| "):
			if seg == nil || seg.col != sp {
				open(sp, false)
			}
			l.text = strings.TrimPrefix(strings.TrimPrefix(rest, "|"), " ")
			if strings.HasPrefix(l.text, "Exception Group Traceback (most recent call last):") {
				l.text = "Traceback (most recent call last):"
			}
			seg.lines = append(seg.lines, l)
		case strings.HasPrefix(rest, "+-+-"):
			open(sp+2, true)
		case strings.HasPrefix(rest, "+--"):
			inner := strings.Trim(rest, "+- ")
			if inner == "" { // the closing rule of a box
				if sp <= top+2 {
					return p.pyGroupSegments(segs, j+1)
				}
				seg = nil
				continue
			}
			open(sp, inner != "...")
		default:
			if l.blank() || seg == nil || l.logged() || len(seg.lines) == 0 {
				return p.pyGroupSegments(segs, j)
			}
			// Python prints the later lines of a multi-line message inside
			// a box without the box prefix.
			seg.lines = append(seg.lines, l)
		}
	}
	return p.pyGroupSegments(segs, j)
}

// pyGroupSegments parses the unboxed segments of an ExceptionGroup region
// and returns next, the index after the region.
func (p *parser) pyGroupSegments(segs []*groupSegment, next int) int {
	var chain int
	if p.pending != nil && len(p.rep.Exceptions) > 0 {
		chain = p.rep.Exceptions[len(p.rep.Exceptions)-1].Chain // announced by a chain marker
	} else {
		chain = p.newChain()
	}
	saved := p.forceChain
	p.forceChain = chain
	defer func() { p.forceChain, p.inMember = saved, false }()
	topCol := -1
	groupAt := map[int]int{} // content column → index of the last group exception there
	for _, s := range segs {
		if len(s.lines) == 0 {
			continue
		}
		first := len(p.rep.Exceptions)
		if topCol < 0 {
			topCol = s.col
		}
		p.inMember = s.col != topCol
		if s.member {
			if g, ok := groupAt[s.col-2]; ok {
				p.pending = &pendingLink{LinkMember, g}
			}
		}
		p.pySegment(s.lines)
		if n := len(p.rep.Exceptions); n > first {
			last := &p.rep.Exceptions[n-1]
			if isGroupException(last) {
				groupAt[s.col] = n - 1
			}
		}
	}
	p.pending = nil
	return next
}

// pySegment parses the lines of one unboxed segment: tracebacks, chain
// markers and bare "Type: message" lines (members without a traceback).
func (p *parser) pySegment(ls []line) {
	for k := 0; k < len(ls); {
		tt := ls[k].trimmed()
		switch {
		case tt == pyContextMarker:
			p.pending = &pendingLink{LinkContext, -1}
			k++
		case tt == pyCauseMarker:
			p.pending = &pendingLink{LinkCause, -1}
			k++
		case strings.HasPrefix(tt, "Traceback (most recent call last):"), strings.HasPrefix(tt, `File "`):
			k = max(p.pyTraceback(ls, k), k+1)
		default:
			if typ, msg, ok := splitPyException(ls[k].text); ok && indent(ls[k].text) == 0 {
				e := Exception{Language: Python, Kind: KindException, Type: typ, Message: msg, Line: int(ls[k].no)}
				j, more := pyContinuation(ls, k+1)
				if len(more) > 0 {
					e.Message += "\n" + strings.Join(more, "\n")
				}
				p.add(e)
				k = j
				continue
			}
			k++
		}
	}
}

// isGroupException reports whether e is an ExceptionGroup (by type, or by
// the "(N sub-exceptions)" suffix Python appends to a group's message).
func isGroupException(e *Exception) bool {
	if strings.HasSuffix(e.Type, "ExceptionGroup") {
		return true
	}
	h := e.Headline()
	return strings.HasSuffix(h, " sub-exception)") || strings.HasSuffix(h, " sub-exceptions)")
}

// pyTypeSuffixes end the names of most exception classes in every language.
var typeSuffixes = []string{"Error", "Exception", "Warning", "Exit", "Interrupt", "Iteration",
	"ExceptionGroup", "Failure", "Fault", "Throwable", "Timeout", "Abort", "Panic"}

// pyKnownTypes are exception names without a telling suffix.
var knownTypes = map[string]bool{
	"KeyboardInterrupt": true, "StopIteration": true, "SystemExit": true, "GeneratorExit": true,
	"StopAsyncIteration": true, "BaseException": true, "decimal.InvalidOperation": true,
	"decimal.DivisionByZero": true, "decimal.Overflow": true, "decimal.Underflow": true,
	"decimal.Inexact": true, "decimal.Rounded": true, "decimal.Subnormal": true,
	"decimal.Clamped": true, "decimal.FloatOperation": true,
}

// lowerTypeNames are lower-case exception names of C modules (re.error,
// struct.error, socket.timeout), accepted when qualified.
var lowerTypeNames = map[string]bool{"error": true, "timeout": true, "gaierror": true, "herror": true}

// looksLikeExceptionType reports whether name, found before ": " on a line
// outside any trace, is plausibly an exception type rather than an ordinary
// word: a dotted identifier whose last segment ends like an exception class,
// a known name, a lower-case C-module error ("re.error"), or a CapWords class
// in a lower-case module ("zipfile.BadZipFile"). The last is a guess from
// the shape alone ("strconv.Atoi: parsing ..." is a Go message): the
// matcher, which knows the raised types, decides (see lookup).
func looksLikeExceptionType(name string) bool {
	if !isDottedIdent(name) || strings.Contains(name, "<locals>") && !strings.Contains(name, ".") {
		return false
	}
	if knownTypes[name] {
		return true
	}
	last := name[strings.LastIndexByte(name, '.')+1:]
	for _, s := range typeSuffixes {
		if strings.HasSuffix(last, s) {
			return true
		}
	}
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return false
	}
	mod := name[:dot]
	if lowerTypeNames[last] {
		return true
	}
	r, _ := utf8.DecodeRuneInString(last)
	return unicode.IsUpper(r) && mod == strings.ToLower(mod) && strings.ToUpper(last) != last
}

// pyOnlyTypes are built-in Python exceptions that no other language uses.
var pyOnlyTypes = map[string]bool{
	"ValueError": true, "KeyError": true, "IndexError": true, "AttributeError": true,
	"ImportError": true, "ModuleNotFoundError": true, "OSError": true, "FileNotFoundError": true,
	"NotImplementedError": true, "ZeroDivisionError": true, "RecursionError": true,
	"UnicodeDecodeError": true, "UnicodeEncodeError": true, "PermissionError": true,
	"IsADirectoryError": true, "NotADirectoryError": true, "FileExistsError": true,
	"LookupError": true, "NameError": true, "UnboundLocalError": true, "OverflowError": true,
	"IndentationError": true, "TabError": true, "BlockingIOError": true, "ConnectionRefusedError": true,
	"ConnectionResetError": true, "BrokenPipeError": true, "TimeoutError": true, "ChildProcessError": true,
	"ProcessLookupError": true, "InterruptedError": true, "KeyboardInterrupt": true, "StopIteration": true,
	"SystemExit": true, "BufferError": true, "EOFError": true, "FloatingPointError": true,
	"MemoryError": true, "ReferenceError": false, "UnicodeError": true, "ExceptionGroup": true,
	"BaseExceptionGroup": true,
}

// pyBareBefore adds the exception printed without a traceback just before
// the chain marker at ls[i] ("KeyError: 'k'" for an exception that was
// created but never raised), unless it was already parsed.
func (p *parser) pyBareBefore(ls []line, i int) {
	k := i - 1
	for k >= 0 && i-k <= 3 && ls[k].blank() {
		k--
	}
	if k < 0 || i-k > 3 || indent(ls[k].text) != 0 {
		return
	}
	if n := len(p.rep.Exceptions); n > 0 && p.rep.Exceptions[n-1].Line >= int(ls[k].no) {
		return
	}
	// The line must be the first of a message: the one before it is blank,
	// absent or a marker.
	if k > 0 && !ls[k-1].blank() {
		return
	}
	if typ, msg, ok := splitPyException(ls[k].text); ok {
		p.add(Exception{Language: Python, Kind: KindException, Type: typ, Message: msg, Line: int(ls[k].no)})
	}
}
