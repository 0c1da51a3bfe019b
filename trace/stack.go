package trace

import (
	"strings"

	"github.com/errdex/errdex/extract/python/pystr"
)

// Java and JavaScript (V8: Node.js, Chrome, Deno, Bun) print an exception
// header followed by "at" frames, innermost first:
//
//	Exception in thread "main" demo.Inventory$StockException: cannot load row: b2,x7
//		at demo.Inventory.load(Inventory.java:33)
//		at demo.Inventory.main(Inventory.java:39)
//	Caused by: java.lang.IllegalArgumentException: bad quantity for b2
//		at demo.Inventory.add(Inventory.java:23)
//		... 1 more
//
//	TypeError: Cannot read properties of undefined (reading 'reduce')
//	    at total (/app/type_error.js:4:22)
//	    at Object.<anonymous> (/app/type_error.js:7:13) {
//	  code: 'ERR_X',
//	  [cause]: Error: connection refused
//	      at connect (/app/error_cause.js:2:9)
//	}
//
// Node.js prints, before an uncaught exception, the throwing location as a
// "path:line" line, the source line and a caret (see nodeHeader).

// maxHeaderLookahead bounds how far below a header its first frame may be
// (the lines between are the rest of a multi-line message).
const maxHeaderLookahead = 64

// maxPropsLines bounds a V8 properties block.
const maxPropsLines = 100000

// maxStackNesting bounds nested "[cause]:" and "[errors]:" blocks.
const maxStackNesting = 8

// parseJavaFrame parses a trimmed "at pkg.Class.method(File.java:12)" line
// (also "(Native Method)", "(Unknown Source)", a "java.base/" module or
// "app//" class-loader prefix, and logback's " ~[jar:1.0]" suffix).
func parseJavaFrame(tt string) (Frame, bool) {
	rest, ok := strings.CutPrefix(tt, "at ")
	if !ok {
		return Frame{}, false
	}
	if k := strings.Index(rest, ") ~["); k > 0 {
		rest = rest[:k+1]
	} else if k := strings.Index(rest, ") ["); k > 0 && strings.HasSuffix(rest, "]") {
		rest = rest[:k+1]
	}
	open := strings.IndexByte(rest, '(')
	if open <= 0 || !strings.HasSuffix(rest, ")") {
		return Frame{}, false
	}
	fn := rest[:open]
	if strings.ContainsAny(fn, " \t") || !strings.Contains(fn, ".") {
		return Frame{}, false
	}
	inner := rest[open+1 : len(rest)-1]
	var f Frame
	if k := strings.IndexByte(fn, '/'); k > 0 && !strings.Contains(fn[:k], "$") {
		f.Module = fn[:k]
		fn = strings.TrimLeft(fn[k+1:], "/")
	}
	f.Function = fn
	file := inner
	if k := strings.LastIndexByte(inner, ':'); k > 0 {
		if n, ok := atoi(inner[k+1:]); ok {
			file, f.Line = inner[:k], n
		}
	}
	switch {
	case file == "Unknown Source":
		// A class compiled without debug information: its file is its
		// top-level class's, as javac requires of a public class
		// (nu.xom.Verifier$Cache.get is nu/xom/Verifier.java).
		cls, _, _ := strings.Cut(fn[:max(strings.LastIndexByte(fn, '.'), 0)], "$")
		if cls != "" && !strings.HasSuffix(cls, ".") && !strings.HasPrefix(cls, "jdk.internal.") {
			f.Path = strings.ReplaceAll(cls, ".", "/") + ".java" // not a generated com.sun.proxy.$Proxy12
		}
		return f, true
	case file == "Native Method", file == "Unknown", strings.HasPrefix(file, "Native"):
		return f, true
	case strings.ContainsAny(file, " \t/(") || !strings.Contains(file, "."):
		return Frame{}, false
	}
	cls := fn[:max(strings.LastIndexByte(fn, '.'), 0)]
	if k := strings.LastIndexByte(cls, '.'); k > 0 {
		f.Path = strings.ReplaceAll(cls[:k], ".", "/") + "/" + file
	} else {
		f.Path = file
	}
	return f, true
}

// parseNodeFrame parses a trimmed V8 frame: "at fn (path:line:col)", "at
// path:line:col", "at async fn (...)", "at new C (...)", "at fn
// (<anonymous>)", "at eval (eval at g (file:1:1), <anonymous>:1:1)". A
// trailing "," (inside an [errors] list) or " {" (a properties block) is
// ignored; "file://" is removed from paths.
func parseNodeFrame(tt string) (Frame, bool) {
	rest, ok := strings.CutPrefix(tt, "at ")
	if !ok {
		return Frame{}, false
	}
	rest = strings.TrimSuffix(strings.TrimSuffix(rest, " {"), ",")
	var f Frame
	loc := rest
	if strings.HasSuffix(rest, ")") {
		if k := strings.Index(rest, " ("); k > 0 {
			f.Function = strings.TrimPrefix(rest[:k], "async ")
			loc = rest[k+2 : len(rest)-1]
		}
	}
	if strings.HasPrefix(loc, "eval at ") {
		if k := strings.LastIndex(loc, ", "); k > 0 {
			loc = loc[k+2:]
		}
	}
	loc = strings.TrimPrefix(loc, "async ")
	path, ln, col, ok := splitLocation(loc)
	if !ok {
		switch {
		case loc == "<anonymous>", loc == "native", strings.HasPrefix(loc, "index "):
			return f, f.Function != ""
		}
		return Frame{}, false
	}
	if strings.ContainsAny(path, " \t") && !strings.HasPrefix(path, "file://") {
		return Frame{}, false
	}
	f.Path, f.Line, f.Column = strings.TrimPrefix(path, "file://"), ln, col
	return f, true
}

// parseFrameLine parses a Java or V8 frame line.
func parseFrameLine(tt string) (Frame, Language, bool) {
	if f, ok := parseJavaFrame(tt); ok {
		return f, Java, true
	}
	if f, ok := parseNodeFrame(tt); ok {
		return f, JavaScript, true
	}
	return Frame{}, Unknown, false
}

// stackHeader is a parsed exception header line.
type stackHeader struct {
	lang   Language
	strong bool // the prefix alone proves a trace
	link   Link
	tabs   int // leading tabs (Java nests Suppressed blocks with them)
	typ    string
	code   string
	msg    string
	props  bool // "[Type: msg] {": a properties block follows
}

// parseStackHeader parses "Type: message" with the prefixes Java and V8
// print: `Exception in thread "main" `, "Caused by: ", "Suppressed: ",
// "Uncaught ", "[cause]: ", and the bracketed "[Type: message] {" form.
func parseStackHeader(t string) (stackHeader, bool) {
	var h stackHeader
	h.tabs = len(t) - len(strings.TrimLeft(t, "\t"))
	s := strings.TrimLeft(t, " \t")
	s = strings.TrimPrefix(s, "> ")
	switch {
	case strings.HasPrefix(s, `Exception in thread "`):
		k := strings.Index(s[len(`Exception in thread "`):], `" `)
		if k < 0 {
			return h, false
		}
		s = s[len(`Exception in thread "`)+k+2:]
		h.lang, h.strong = Java, true
	case strings.HasPrefix(s, "Caused by: "):
		s = s[len("Caused by: "):]
		h.lang, h.strong, h.link = Java, true, LinkCauseOf
	case strings.HasPrefix(s, "Suppressed: "):
		s = s[len("Suppressed: "):]
		h.lang, h.strong, h.link = Java, true, LinkSuppressed
	case strings.HasPrefix(s, "Uncaught (in promise) "):
		s = s[len("Uncaught (in promise) "):]
		h.lang, h.strong = JavaScript, true
	case strings.HasPrefix(s, "Uncaught "):
		s = s[len("Uncaught "):]
		h.lang, h.strong = JavaScript, true
	case strings.HasPrefix(s, "[cause]: "):
		s = s[len("[cause]: "):]
		h.lang, h.strong, h.link = JavaScript, true, LinkCauseOf
	}
	if strings.HasPrefix(s, "[") && (strings.HasSuffix(s, "] {") || strings.HasSuffix(s, "]")) {
		h.props = strings.HasSuffix(s, "{")
		s = strings.TrimSuffix(strings.TrimSuffix(s, " {"), "]")[1:]
		h.lang = JavaScript
	}
	typ, rest, hasColon := strings.Cut(s, ": ")
	if !hasColon {
		typ, rest = strings.TrimSuffix(s, ":"), ""
	}
	if k := strings.Index(s, "; "); k > 0 && k < len(typ) && isTypeName(s[:k]) && (h.strong || strings.Contains(s[:k], ".")) {
		// A class whose toString() separates its parts with "; ": the
		// JDK's org.xml.sax.SAXParseException; lineNumber: 1;
		// columnNumber: 4; message.
		typ, rest = s[:k], s[k+2:]
	}
	if k := strings.Index(typ, " ["); k > 0 && strings.HasSuffix(typ, "]") {
		h.code = typ[k+2 : len(typ)-1]
		typ = typ[:k]
		h.lang = JavaScript
	}
	if !isTypeName(typ) {
		return h, false
	}
	if !h.strong && strings.HasPrefix(t, " ") && !strings.Contains(typ, ".") && typ[0] >= 'a' && typ[0] <= 'z' {
		// An indented "key: value" line of a message (snakeyaml quotes
		// the document: "    a: b: c" under "mapping values are not
		// allowed here"), not a header: a type is a class name.
		return h, false
	}
	h.typ, h.msg = typ, rest
	return h, true
}

// isTypeName reports whether s is a Java or JavaScript class name, possibly
// qualified: letters, digits, '_', '$', and dots between parts.
func isTypeName(s string) bool {
	if s == "" || len(s) > 300 || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c >= 0x80) {
			return false
		}
	}
	return !(s[0] >= '0' && s[0] <= '9')
}

// stackEx is an exception being assembled; parent indexes the local list.
type stackEx struct {
	e      Exception
	frames []Frame // innermost first, as printed
	parent int
	tabs   int // leading tabs of the header (Java nesting)
}

// stackRun assembles the exceptions of one printed stack trace.
type stackRun struct {
	p      *parser
	ls     []line
	exs    []stackEx
	budget int // frames this run may still hold (MaxFrames in all)
}

// addFrames appends frames to local exception k within the run's budget
// and the per-exception bound.
func (r *stackRun) addFrames(k int, fs ...Frame) {
	n := min(len(fs), r.budget, maxExceptionFrames-len(r.exs[k].frames))
	if n <= 0 {
		return
	}
	r.exs[k].frames = append(r.exs[k].frames, fs[:n]...)
	r.budget -= n
}

// stack parses a Java or V8 stack trace whose header is ls[i], or a run of
// frames without a header.
func (p *parser) stack(ls []line, i int) int {
	return p.stackWith(ls, i, nil)
}

// stackWith is stack with the location Node printed above the header.
func (p *parser) stackWith(ls []line, i int, hf *Frame) int {
	r := &stackRun{p: p, ls: ls, budget: p.frameBudget}
	h, ok := parseStackHeader(ls[i].text)
	var j int
	switch {
	case ok:
		if hf != nil {
			h.strong = true
			if h.lang == Unknown {
				h.lang = JavaScript
			}
		}
		j = r.entry(i, h, -1, 0)
	case ls[i].isAt():
		j = r.headerless(i)
	}
	if j <= i || len(r.exs) == 0 {
		return i
	}
	if hf != nil {
		top := &r.exs[0]
		if len(top.frames) == 0 {
			top.frames = []Frame{*hf}
		} else if f := &top.frames[0]; f.Path == hf.Path && f.Line == hf.Line && f.Source == "" {
			f.Source = hf.Source
		}
	}
	p.addStack(r)
	for j < len(ls) && strings.HasPrefix(ls[j].text, "Node.js v") {
		j++
	}
	return j
}

// addStack adds the assembled exceptions to the report, frames reversed to
// outermost first.
func (p *parser) addStack(r *stackRun) {
	base := len(p.rep.Exceptions)
	for k := range r.exs {
		x := &r.exs[k]
		reverseFrames(x.frames)
		x.e.Frames = x.frames
		if x.parent >= 0 {
			x.e.Parent = base + x.parent
		}
		if x.e.Language == Unknown {
			x.e.Language = JavaScript
		}
		p.add(x.e)
	}
}

// headerless parses a run of frames printed without a header (a paste of
// the stack alone). It needs two frames, or one with a path.
func (r *stackRun) headerless(i int) int {
	var frames []Frame
	lang := Unknown
	j := i
	for ; j < len(r.ls); j++ {
		f, l, ok := parseFrameLine(r.ls[j].trimmed())
		if !ok {
			break
		}
		if len(frames) < min(maxExceptionFrames, r.budget) {
			frames = append(frames, f)
		}
		lang = l
	}
	if len(frames) < 2 && (len(frames) == 0 || !strings.ContainsAny(frames[0].Path, "/.")) {
		return i
	}
	r.exs = append(r.exs, stackEx{e: Exception{Language: lang, Kind: KindException, Line: int(r.ls[i].no)}, frames: frames, parent: -1})
	r.budget -= len(frames)
	return j
}

// entry parses one exception (header at ls[i]), its message lines and
// frames, then what follows it: Java "Caused by:"/"Suppressed:" blocks and
// V8 properties blocks. owner is the local index of the exception h links
// to (-1 for the first). It returns the index after what it consumed, or i.
func (r *stackRun) entry(i int, h stackHeader, owner, nesting int) int {
	ls := r.ls
	j := i + 1
	var msg []string
	if !h.props {
		next := r.p.nextFrame(i + 1)
		hasFrames := next < len(ls) && next-i <= maxHeaderLookahead && r.p.nextStop(i+1) >= next
		switch {
		case hasFrames:
			for ; j < next; j++ {
				msg = append(msg, ls[j].text)
			}
		case !h.strong:
			return i
		default:
			// No frames: the message runs to the first blank line.
			for ; j < len(ls) && j-i <= maxHeaderLookahead && !ls[j].blank() && !r.p.isStop(j); j++ {
				msg = append(msg, ls[j].text)
			}
		}
	}
	for len(msg) > 0 && strings.TrimSpace(msg[len(msg)-1]) == "" {
		msg = msg[:len(msg)-1]
	}
	x := stackEx{e: Exception{Language: h.lang, Kind: KindException, Type: h.typ, Code: h.code,
		Message: strings.Join(append([]string{h.msg}, msg...), "\n"), Line: int(ls[i].no), Link: h.link}, parent: owner, tabs: h.tabs}
	if owner < 0 {
		x.e.Link = LinkNone
	}
	me := len(r.exs)
	r.exs = append(r.exs, x)
	props := h.props
	// Frames.
	for j < len(ls) {
		tt := ls[j].trimmed()
		if strings.HasPrefix(tt, "... ") && (strings.HasSuffix(tt, " more") || strings.HasSuffix(tt, "...")) {
			r.copyMore(me, tt)
			j++
			continue
		}
		if !ls[j].isAt() {
			break
		}
		f, lang, ok := parseFrameLine(tt)
		if !ok {
			break
		}
		r.addFrames(me, f)
		r.exs[me].e.Language = lang
		j++
		if strings.HasSuffix(tt, " {") {
			props = true
			break
		}
	}
	if !props {
		j, props = r.emittedAt(j)
	}
	if props && nesting < maxStackNesting {
		j = r.props(j, me, nesting)
	}
	// Java: Caused by / Suppressed blocks follow.
	for j < len(ls) && nesting == 0 {
		hh, ok := parseStackHeader(ls[j].text)
		if !ok || !hh.strong || (hh.link != LinkCauseOf && hh.link != LinkSuppressed) || hh.lang != Java {
			break
		}
		parent := r.javaOwner(hh)
		k := r.entry(j, hh, parent, nesting+1)
		if k <= j {
			break
		}
		j = k
	}
	return j
}

// emittedAt skips, at ls[j], the block Node prints after the frames of
// an error emitted as an 'error' event nobody listened for ("Emitted
// 'error' event on Parser instance at:" and the frames of the emit): it
// says where the error was handed on, not made. It returns the index after
// the block, and whether its last frame opens a properties block.
func (r *stackRun) emittedAt(j int) (int, bool) {
	ls := r.ls
	if j >= len(ls) {
		return j, false
	}
	tt := ls[j].trimmed()
	if !strings.HasPrefix(tt, "Emitted '") || !strings.HasSuffix(tt, " at:") {
		return j, false
	}
	j++
	for j < len(ls) && ls[j].isAt() {
		if strings.HasSuffix(ls[j].trimmed(), " {") {
			return j + 1, true
		}
		j++
	}
	return j, false
}

// javaOwner finds the exception a Java "Caused by:" or "Suppressed:" block
// at hh.tabs belongs to: for Caused by, the last exception at the same
// depth; for Suppressed, the last one a level up.
func (r *stackRun) javaOwner(hh stackHeader) int {
	want := hh.tabs
	if hh.link == LinkSuppressed {
		want--
	}
	for k := len(r.exs) - 1; k >= 0 && len(r.exs)-k <= 64; k-- {
		if r.exs[k].tabs == want {
			return k
		}
	}
	return len(r.exs) - 1
}

// copyMore handles Java's "... 12 more": the last 12 frames are those of
// the enclosing trace. V8's "... 5 lines matching cause stack trace ..." is
// skipped.
func (r *stackRun) copyMore(me int, tt string) {
	num, ok := strings.CutSuffix(strings.TrimPrefix(tt, "... "), " more")
	if !ok {
		return
	}
	n, ok := atoi(num)
	parent := r.exs[me].parent
	if !ok || parent < 0 {
		return
	}
	pf := r.exs[parent].frames
	n = min(n, len(pf))
	r.addFrames(me, pf[len(pf)-n:]...)
}

// props parses a V8 properties block after the frames (or after a
// "[Type: msg] {" header): "code: 'ENOENT'", a nested "[cause]: ..." error
// and an "[errors]: [ ... ]" list, up to the closing "}".
func (r *stackRun) props(j, me, nesting int) int {
	ls := r.ls
	depth := 1 // the block's "{" ends the line above
	for start := j; j < len(ls) && j-start < maxPropsLines; {
		t := ls[j].text
		tt := strings.TrimSpace(t)
		if strings.HasPrefix(tt, "}") || strings.HasPrefix(tt, "]") {
			// The end of the block, or of an object or array in it
			// (undici's request: Request { ... }).
			if depth--; depth == 0 {
				return j + 1
			}
		}
		opens := strings.HasSuffix(tt, "{") || strings.HasSuffix(tt, "[")
		switch {
		case depth > 1:
			// Inside a property's value.
		case strings.HasPrefix(tt, "code: '") && r.exs[me].e.Code == "":
			r.exs[me].e.Code = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(tt, "code: '"), ","), "'")
		case strings.HasPrefix(tt, "message: '") && r.exs[me].e.Message == "":
			// A message set after the stack was taken (rxjs's error
			// classes): the header printed none, the properties hold it.
			if m, ok := inspectedString(strings.TrimSuffix(strings.TrimPrefix(tt, "message: "), ",")); ok {
				r.exs[me].e.Message = m
			}
		case strings.HasPrefix(tt, "[cause]: "):
			if h, ok := parseStackHeader(tt); ok {
				h.link, h.lang = LinkCauseOf, JavaScript
				if k := r.entry(j, h, me, nesting+1); k > j {
					j = k
					continue
				}
			}
		case tt == "[errors]: [":
			opens = false // read to its "]" here
			j++
			for j < len(ls) {
				u := strings.TrimSpace(ls[j].text)
				if u == "]" || u == "]," {
					break
				}
				if h, ok := parseStackHeader(u); ok {
					h.link, h.strong = LinkMember, true
					if h.lang == Unknown {
						h.lang = JavaScript
					}
					if k := r.entry(j, h, me, nesting+1); k > j {
						j = k
						continue
					}
				}
				j++
			}
		case ls[j].logged() || ls[j].blank():
			return j
		}
		if opens {
			depth++
		}
		j++
	}
	return j
}

// nodeHeader parses the location Node.js prints above an uncaught
// exception ("/app/x.js:4", the source line, a caret line), then the
// exception itself: a header and frames, or a thrown non-Error value.
func (p *parser) nodeHeader(ls []line, i int) int {
	hf, ok := nodeLocation(ls, i)
	if !ok {
		return i
	}
	j := i + 3
	for j < len(ls) && j-i < 6 && ls[j].blank() {
		j++
	}
	if j >= len(ls) {
		p.add(Exception{Language: JavaScript, Kind: KindException, Frames: []Frame{hf}, Line: int(ls[i].no)})
		return j
	}
	if _, ok := parseStackHeader(ls[j].text); ok {
		if k := p.stackWith(ls, j, &hf); k > j {
			return k
		}
	}
	// A thrown value that is not an Error prints without a type or frames.
	e := Exception{Language: JavaScript, Kind: KindException, Frames: []Frame{hf}, Line: int(ls[j].no)}
	var msg []string
	for ; j < len(ls) && len(msg) < maxMessageLines; j++ {
		u := ls[j].text
		if ls[j].blank() || strings.HasPrefix(u, "(Use `node --trace-uncaught") || strings.HasPrefix(u, "Node.js v") || ls[j].isAt() {
			break
		}
		msg = append(msg, u)
	}
	e.Message = strings.Join(msg, "\n")
	p.add(e)
	for j < len(ls) && (strings.HasPrefix(ls[j].text, "(Use `node --trace-uncaught") || strings.HasPrefix(ls[j].text, "Node.js v")) {
		j++
	}
	return j
}

// nodeLocation reads the location Node.js prints above an uncaught
// exception at ls[i]: "/app/x.js:4", the source line, a caret line.
func nodeLocation(ls []line, i int) (Frame, bool) {
	if i+2 >= len(ls) {
		return Frame{}, false
	}
	path, ln, col, ok := splitLocation(ls[i].text)
	if !ok || col != 0 || !isNodeScriptPath(path) || ls[i+1].blank() || !isMarkerLine(ls[i+2].text) || !strings.Contains(ls[i+2].text, "^") {
		return Frame{}, false
	}
	hf := Frame{Path: strings.TrimPrefix(path, "file://"), Line: ln, Source: strings.TrimSpace(ls[i+1].text)}
	if k := strings.IndexByte(ls[i+2].text, '^'); k >= 0 {
		hf.Column = k + 1
	}
	return hf, true
}

// isNodeScriptPath reports whether path names a script Node runs: a
// JavaScript or TypeScript file, a "node:" builtin, a file:// URL or an
// "<anonymous...>" pseudo-file.
func isNodeScriptPath(path string) bool {
	if strings.ContainsAny(path, " \t") && !strings.HasPrefix(path, "file://") {
		return false
	}
	switch {
	case strings.HasPrefix(path, "node:"), strings.HasPrefix(path, "file://"), strings.HasPrefix(path, "<anonymous"), path == "[eval]":
		return true
	}
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"} {
		if strings.HasSuffix(path, ext) {
			return true
		}
	}
	return false
}

// nextFrame returns the index of the first frame line at or after k (len
// of the lines when there is none). The answers for all k are computed in
// one backward pass on first use, so that looking for the frames below a
// header costs O(1) and parsing stays linear.
func (p *parser) nextFrame(k int) int {
	p.stackIndex()
	if k >= len(p.frameAt) {
		return len(p.lines)
	}
	return int(p.frameAt[k])
}

// nextStop is nextFrame for lines that end a message before any frame (see
// isStop).
func (p *parser) nextStop(k int) int {
	p.stackIndex()
	if k >= len(p.stopAt) {
		return len(p.lines)
	}
	return int(p.stopAt[k])
}

// isStop reports whether line k cannot belong to an exception message
// printed above frames: a log record, the start of another structure, a
// "Caused by:"-style header, or the location Node prints above the
// exception it did not catch (the lines above it are the program's own
// output: commander's "error: too many arguments" before its
// CommanderError).
func (p *parser) isStop(k int) bool {
	l := &p.lines[k]
	tt := l.trimmed()
	if l.logged() || endsMessage(tt) || strings.HasPrefix(tt, "Caused by: ") ||
		strings.HasPrefix(tt, "Suppressed: ") || strings.HasPrefix(tt, "[cause]: ") {
		return true
	}
	_, ok := nodeLocation(p.lines, k)
	return ok
}

func (p *parser) stackIndex() {
	if p.frameAt != nil {
		return
	}
	n := len(p.lines)
	p.frameAt = make([]int32, n+1)
	p.stopAt = make([]int32, n+1)
	p.frameAt[n], p.stopAt[n] = int32(n), int32(n)
	for k := n - 1; k >= 0; k-- {
		p.frameAt[k], p.stopAt[k] = p.frameAt[k+1], p.stopAt[k+1]
		if p.lines[k].isAt() {
			if _, _, ok := parseFrameLine(p.lines[k].trimmed()); ok {
				p.frameAt[k] = int32(k)
			}
		}
		if p.isStop(k) {
			p.stopAt[k] = int32(k)
		}
	}
}

// inspectedString undoes Node's util.inspect of a one-line string: single
// quotes around it, and escapes as Python writes them (\', \\, \n, \x..,
// \u....).
func inspectedString(s string) (string, bool) {
	if len(s) < 2 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return "", false
	}
	return pystr.DecodeEscapes(s[1:len(s)-1], false), true
}
