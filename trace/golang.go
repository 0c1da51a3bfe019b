package trace

import "strings"

// A Go panic prints its value (and, for a panic raised while another one was
// unwinding, the earlier ones first, marked [recovered]), then the stack of
// every relevant goroutine, innermost call first:
//
//	panic: disk quota exceeded [recovered]
//		panic: cleanup failed after: disk quota exceeded
//
//	goroutine 1 [running]:
//	main.cleanup()
//		/work/repanic.go:10 +0x5a
//	panic({0x4ad340?, 0xdbb5de18080?})
//		/usr/local/go/src/runtime/panic.go:860 +0x13a
//	main.run()
//		/work/repanic.go:16 +0x58
//
// Lines of a multi-line panic value continue with a tab. A runtime "fatal
// error:" prints the same way. log.Fatal prints only the message after a
// timestamp; such lines become loose candidates (see Report.Loose).

// maxGoRegion bounds the lines of one panic report (all goroutines).
const maxGoRegion = 100000

// maxGoPanics bounds the chained panics of one report.
const maxGoPanics = 100

// isGoroutineHeader reports whether t reads "goroutine 1 [running]:".
func isGoroutineHeader(t string) bool {
	rest, ok := strings.CutPrefix(t, "goroutine ")
	if !ok {
		return false
	}
	num, after, ok := strings.Cut(rest, " [")
	if !ok {
		return false
	}
	_, isNum := atoi(num)
	return isNum && strings.HasSuffix(after, "]:")
}

type goPanic struct {
	msg        string
	fatal      bool
	recovered  bool
	repanicked bool
	no         int
}

// goPanic parses a panic or fatal error report starting at ls[i].
func (p *parser) goPanic(ls []line, i int) int {
	var panics []goPanic
	var stack []Frame // innermost first, as printed
	j := i
	gotStack := false
	for j < len(ls) && j-i < maxGoRegion {
		l := &ls[j]
		t := l.text
		switch {
		case strings.HasPrefix(t, "panic: "), strings.HasPrefix(t, "\tpanic: "), strings.HasPrefix(t, "fatal error: "):
			if gotStack {
				return p.finishGo(panics, stack, j, int(ls[i].no))
			}
			gp := goPanic{no: int(l.no)}
			if strings.HasPrefix(t, "fatal error: ") {
				gp.fatal, gp.msg = true, strings.TrimPrefix(t, "fatal error: ")
			} else {
				gp.msg = strings.TrimPrefix(strings.TrimPrefix(t, "\t"), "panic: ")
			}
			j++
			// Continuation lines of a multi-line value start with a tab;
			// a blank line of the value is a lone tab, which a paste may
			// have trimmed, so a blank line followed by a continuation
			// line is one too.
			continues := func(k int) bool {
				u := ls[k].text
				return strings.HasPrefix(u, "\t") && !strings.HasPrefix(u, "\tpanic: ") && !ls[k].logged()
			}
			for n := 0; j < len(ls) && n < maxMessageLines; n++ {
				if ls[j].blank() && j+1 < len(ls) && continues(j+1) {
					gp.msg += "\n"
					j++
					continue
				}
				if !continues(j) {
					break
				}
				gp.msg += "\n" + ls[j].text[1:]
				j++
			}
			for _, suffix := range []string{" [recovered, repanicked]", " [recovered]"} {
				if m, ok := strings.CutSuffix(gp.msg, suffix); ok {
					gp.msg, gp.recovered = m, true
					gp.repanicked = suffix == " [recovered, repanicked]"
					break
				}
			}
			if len(panics) == maxGoPanics {
				panics = panics[1:] // keep the last ones: the panic that killed the program
			}
			panics = append(panics, gp)
			continue
		case isGoroutineHeader(t):
			frames, next := parseGoroutine(ls, j+1)
			if !gotStack {
				stack = frames
				gotStack = true
			}
			j = next
			continue
		case strings.HasPrefix(t, "[signal "), strings.HasPrefix(t, "runtime: "), t == "runtime stack:",
			strings.HasPrefix(t, "exit status "), l.blank():
			if t == "runtime stack:" {
				_, j = parseGoroutine(ls, j+1)
				continue
			}
		default:
			if len(panics) == 0 && !gotStack {
				return i
			}
			return p.finishGo(panics, stack, j, int(ls[i].no))
		}
		j++
	}
	return p.finishGo(panics, stack, j, int(ls[i].no))
}

// parseGoroutine parses the frames after a goroutine header: pairs of a
// function line and a tab-indented "path:line +0x1d" line. "created by"
// entries and elision notes are skipped. It stops at a blank line.
func parseGoroutine(ls []line, j int) ([]Frame, int) {
	var frames []Frame
	for j < len(ls) {
		t := ls[j].text
		if strings.TrimSpace(t) == "" || ls[j].logged() || strings.HasPrefix(t, "panic: ") || isGoroutineHeader(t) {
			break
		}
		if strings.HasPrefix(t, "...") {
			j++
			continue
		}
		var f Frame
		created := strings.HasPrefix(t, "created by ")
		if !strings.HasPrefix(t, "\t") {
			f.Function = goFunctionName(t)
			j++
		}
		if j < len(ls) && strings.HasPrefix(ls[j].text, "\t") {
			loc := strings.TrimPrefix(ls[j].text, "\t")
			if k := strings.Index(loc, " +0x"); k >= 0 {
				loc = loc[:k]
			} else if k := strings.Index(loc, " fp="); k >= 0 {
				loc = loc[:k]
			}
			if path, n, _, ok := splitLocation(loc); ok {
				f.Path, f.Line = path, n
			}
			j++
		}
		if created || f.Function == "" && f.Path == "" {
			continue
		}
		f.Internal = isGoPanicMachinery(f)
		frames = append(frames, f)
	}
	return frames, j
}

// goFunctionName removes the argument list from "main.(*T).m({0x1, 0x2})".
func goFunctionName(t string) string {
	t = strings.TrimSpace(t)
	if !strings.HasSuffix(t, ")") {
		return t
	}
	depth := 0
	for k := len(t) - 1; k >= 0; k-- {
		switch t[k] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				if k == 0 {
					return t
				}
				return t[:k]
			}
		}
	}
	return t
}

// isGoPanicMachinery reports whether f is the runtime delivering a panic
// (panic(), gopanic, sigpanic, the panicIndex helpers) rather than code that
// panicked.
func isGoPanicMachinery(f Frame) bool {
	if f.Function == "panic" || f.Function == "runtime.gopanic" || f.Function == "runtime.sigpanic" {
		return true
	}
	return strings.HasSuffix(f.Path, "runtime/panic.go") && strings.HasPrefix(f.Function, "runtime.")
}

// finishGo adds the exceptions of one panic report. The stack holds, above
// every panic() frame, the deferred call that raised the next panic; the
// frames of panic k start below as many panic() frames as panics were
// raised after it (plus one when it was repanicked by a recover handler).
func (p *parser) finishGo(panics []goPanic, stack []Frame, next, startNo int) int {
	if len(panics) == 0 {
		if len(stack) == 0 {
			return next
		}
		panics = []goPanic{{no: startNo}}
	}
	var cuts []int // indices of panic() frames in the stack
	for k, f := range stack {
		if f.Function == "panic" {
			cuts = append(cuts, k)
		}
	}
	framesFrom := func(seg int) []Frame {
		start := 0
		if seg > 0 && len(cuts) > 0 {
			start = cuts[min(seg, len(cuts))-1] + 1
		}
		fs := append([]Frame(nil), stack[start:]...)
		reverseFrames(fs)
		return fs
	}
	parent := -1
	n := len(panics)
	for k, gp := range panics {
		seg := n - 1 - k
		if panics[n-1].repanicked {
			seg++
		}
		e := Exception{Language: Go, Kind: KindPanic, Message: gp.msg, Frames: framesFrom(seg), Line: gp.no, Parent: -1}
		if gp.fatal {
			e.Kind = KindFatal
		}
		e.Type, e.TypeInferred = goType(gp.msg)
		if parent >= 0 {
			e.Link, e.Parent = LinkContext, parent
		}
		parent = p.add(e)
	}
	return next
}

// goType infers the type of a Go panic value or error from its message:
// "(main.state) 0x498008" prints the type of a value that is neither an
// error nor a Stringer; otherwise a few standard library shapes are
// recognised. inferred is false only for the printed form.
func goType(msg string) (typ string, inferred bool) {
	if strings.HasPrefix(msg, "(") {
		if k := strings.Index(msg, ") "); k > 1 && !strings.ContainsAny(msg[1:k], " ()") {
			return msg[1:k], false
		}
	}
	switch {
	case strings.HasPrefix(msg, "runtime error: "), msg == "assignment to entry in nil map":
		return "runtime.Error", true
	case strings.HasPrefix(msg, "strconv.") && strings.Contains(msg, ": parsing "):
		return "*strconv.NumError", true
	case strings.HasPrefix(msg, "json: cannot unmarshal "):
		return "*json.UnmarshalTypeError", true
	case strings.HasPrefix(msg, "invalid character '") && strings.Contains(msg, "' "):
		return "*json.SyntaxError", true
	case strings.HasPrefix(msg, "dial tcp "), strings.HasPrefix(msg, "dial udp "),
		strings.HasPrefix(msg, "listen tcp "), strings.HasPrefix(msg, "read tcp "), strings.HasPrefix(msg, "write tcp "):
		return "*net.OpError", true
	}
	for _, verb := range []string{"Get", "Post", "Head", "Put", "Delete", "Patch", "parse"} {
		if strings.HasPrefix(msg, verb+` "`) && strings.Contains(msg, `": `) {
			return "*url.Error", true
		}
	}
	op, rest, ok := strings.Cut(msg, " ")
	if ok && goPathOps[op] {
		if k := strings.Index(rest, ": "); k > 0 && !strings.Contains(rest[:k], " ") {
			return "*fs.PathError", true
		}
	}
	return "", false
}

// goPathOps are the operations os and io/fs name in a *fs.PathError.
var goPathOps = map[string]bool{
	"open": true, "stat": true, "lstat": true, "readlink": true, "mkdir": true, "remove": true,
	"unlinkat": true, "chdir": true, "chmod": true, "chown": true, "lchown": true, "truncate": true,
	"read": true, "write": true, "close": true, "seek": true, "readdirent": true, "fdopendir": true,
	"chtimes": true, "sync": true, "openat": true, "mkdirat": true, "fstatat": true,
}

// goTestFail parses "--- FAIL: TestX (0.00s)" and the "file_test.go:15:
// message" lines under it (t.Error, t.Fatal), each a test-failure exception
// with one frame. A panic inside the test is left to goPanic.
func (p *parser) goTestFail(ls []line, i int) int {
	j := i + 1
	for j < len(ls) && j-i < maxGoRegion {
		t := ls[j].text
		w := indent(t)
		if w == 0 {
			break
		}
		tt := t[w:]
		k := strings.Index(tt, ".go:")
		if k <= 0 || strings.ContainsAny(tt[:k], " \t") {
			j++
			continue
		}
		num, msg, ok := strings.Cut(tt[k+4:], ": ")
		n, isNum := atoi(num)
		if !ok || !isNum || n == 0 {
			j++
			continue
		}
		e := Exception{Language: Go, Kind: KindTestFailure, Message: msg, Line: int(ls[j].no),
			Frames: []Frame{{Path: tt[:k+3], Line: n}}}
		j++
		// Continuation lines are indented deeper than the location.
		for n := 0; j < len(ls) && n < maxMessageLines && indent(ls[j].text) > w && !ls[j].blank(); n++ {
			e.Message += "\n" + strings.TrimSpace(ls[j].text)
			j++
		}
		p.add(e)
	}
	return j
}

// maxGoErrorMessages bounds the message lines before the first frame of
// an error printed with its stack (see goErrorStack).
const maxGoErrorMessages = 8

// goErrorStack parses a Go error printed with the stack it recorded, as
// github.com/pkg/errors and cockroachdb/errors print it with "%+v": the
// cause's message first, then each wrap's message, each message that
// recorded a stack followed by its frames, innermost first:
//
//	open /etc/app.toml: no such file or directory
//	load config
//	main.load
//		/app/main.go:12
//	main.main
//		/app/main.go:20
//
// The exception's message is the messages as printed, one a line (the
// matcher tries each line alone too), and its frames those of the first
// stack, the one nearest where the error was made.
func (p *parser) goErrorStack(ls []line, i int) int {
	var msgs []string
	var frames []Frame
	j := i
	for j < len(ls) && j-i < maxGoRegion {
		if _, ok := goFrameAt(ls, j); ok {
			keep := frames == nil // only the first stack's frames
			for f, ok := goFrameAt(ls, j); ok; f, ok = goFrameAt(ls, j) {
				if keep {
					frames = append(frames, f)
				}
				j += 2
			}
			continue
		}
		t := strings.TrimSpace(ls[j].text)
		if t == "" || ls[j].text[0] == '\t' || ls[j].text[0] == ' ' || j > i && ls[j].logged() ||
			frames == nil && len(msgs) == maxGoErrorMessages {
			break
		}
		msgs = append(msgs, t)
		j++
	}
	if frames == nil || len(msgs) == 0 {
		return i
	}
	reverseFrames(frames)
	e := Exception{Language: Go, Kind: KindError, Message: strings.Join(msgs, "\n"), Frames: frames, Line: int(ls[i].no), Parent: -1}
	e.Type, e.TypeInferred = goType(e.Message)
	p.add(e)
	return j
}

// goStackFollows reports whether a Go stack starts one or two lines after
// line i: the first frame after the message, or after one wrap's message
// (see goErrorStack).
func goStackFollows(ls []line, i int) bool {
	if _, ok := goFrameAt(ls, i+1); ok {
		return true
	}
	_, ok := goFrameAt(ls, i+2)
	return ok && !ls[i+1].blank()
}

// goFrameAt reads lines j and j+1 of ls as one frame of a Go stack: a
// function name ("main.load", "github.com/x/y.(*T).M") and its
// tab-indented "path.go:line" location. ok is false when they are not.
func goFrameAt(ls []line, j int) (f Frame, ok bool) {
	if j+1 >= len(ls) {
		return f, false
	}
	fn, loc := ls[j].text, ls[j+1].text
	if fn == "" || strings.ContainsAny(fn, " \t") || !strings.Contains(fn, ".") || !strings.HasPrefix(loc, "\t") {
		return f, false
	}
	loc = strings.TrimPrefix(loc, "\t")
	if k := strings.Index(loc, " +0x"); k >= 0 {
		loc = loc[:k]
	}
	path, n, _, ok := splitLocation(loc)
	if !ok || !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".s") {
		return f, false
	}
	return Frame{Function: fn, Path: path, Line: n}, true
}
