package match

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMessage is the number of bytes of a message the matcher reads. Longer
// messages are cut there before normalising: error messages that matter fit,
// and the cut bounds the work of every later step. The cut counts as a
// truncated tail.
const MaxMessage = 16 << 10

// text is a message normalised for matching. Both the message and the
// templates' literal parts go through the same steps, so that literal text
// can be compared byte for byte:
//
//   - ANSI escape sequences (colours, OSC hyperlinks) are removed;
//   - every run of white space (spaces, tabs, newlines, NBSP) becomes one
//     space, and white space at either end is dropped;
//   - quote characters (' " ` and the typographic quotes) all become ';
//   - folded is lower-cased rune by rune where the lower case has the same
//     UTF-8 length, so that case-preserved and folded have identical byte
//     layouts and one offset serves both.
//
// start[i] and end[i] give, for byte i of the normalised text, the byte
// range in the original message it came from, so that captured values are
// reported as substrings of what the user pasted.
type text struct {
	cased  []byte
	folded []byte
	start  []int32
	end    []int32
	// noise is the offset where trailing noise begins: a documentation
	// URL appended to the message, or a truncation marker. Unmatched text
	// from there on does not count against a template. len when none.
	noise int
	// truncated reports a truncation marker or the MaxMessage cut.
	truncated bool
	// wraps reports a line break between two letters or digits: a word
	// wrapped at a fixed width, or two lines of a message that happen to
	// end and start with letters (see normalize).
	wraps bool
}

// cut drops the first n normalised bytes (a leading exception name). The
// rest moves to the front of the buffers, which keep their whole capacity
// for the next query: a string viewing the dropped bytes is overwritten.
func (t *text) cut(n int) {
	t.cased = t.cased[:copy(t.cased, t.cased[n:])]
	t.folded = t.folded[:copy(t.folded, t.folded[n:])]
	t.start = t.start[:copy(t.start, t.start[n:])]
	t.end = t.end[:copy(t.end, t.end[n:])]
	t.noise = max(0, t.noise-n)
}

// reset empties t, keeping its buffers.
func (t *text) reset() {
	t.cased, t.folded, t.start, t.end = t.cased[:0], t.folded[:0], t.start[:0], t.end[:0]
	t.noise, t.truncated, t.wraps = 0, false, false
}

func (t *text) len() int { return len(t.folded) }

// substring returns the original text behind the normalised range [i, j).
func (t *text) span(orig string, i, j int) (int, int) {
	if i >= j {
		if i < len(t.start) {
			return int(t.start[i]), int(t.start[i])
		}
		return len(orig), len(orig)
	}
	return int(t.start[i]), int(t.end[j-1])
}

// normalize fills t from s (see text). It runs in one pass, linear in
// len(s), without regular expressions. With joinWraps, a line break between
// two word characters (one newline, no other white space) is dropped
// instead of becoming a space: "disaggre\ngation" reads "disaggregation".
func (t *text) normalize(s string, joinWraps bool) {
	t.reset()
	if len(s) > MaxMessage {
		cut := MaxMessage
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
		t.truncated = true
	}
	pendingSpace := -1 // original offset of a white-space run not yet written
	pendingEnd := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b { // ESC: skip an ANSI sequence
			i = skipANSI(s, i)
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isSpace(r) {
			if pendingSpace < 0 {
				pendingSpace = i
			}
			pendingEnd = i + size
			i += size
			continue
		}
		if unicode.IsControl(r) || r == utf8.RuneError && size == 1 || r == '\ufeff' || r == '\u200b' {
			i += size
			continue
		}
		if pendingSpace >= 0 {
			if len(t.cased) > 0 {
				wrap := isWrap(s[pendingSpace:pendingEnd]) && isWordByte(t.cased[len(t.cased)-1]) && isWordRune(r)
				t.wraps = t.wraps || wrap
				if !(wrap && joinWraps) {
					t.add(' ', ' ', pendingSpace, pendingEnd)
				}
			}
			pendingSpace = -1
		}
		if isQuote(r) {
			t.add('\'', '\'', i, i+size)
			i += size
			continue
		}
		if r < utf8.RuneSelf {
			lc := c
			if 'A' <= c && c <= 'Z' {
				lc = c + 'a' - 'A'
			}
			t.add(c, lc, i, i+1)
			i++
			continue
		}
		t.addRune(r, size, i)
		i += size
	}
	t.noise = len(t.folded)
	t.findNoise()
	if off := codeFrame(s); off > 0 {
		// The first normalised byte from the excerpt on.
		n, _ := slices.BinarySearch(t.start, int32(off))
		for n > 0 && t.folded[n-1] == ' ' {
			n--
		}
		if n > 0 {
			t.noise = min(t.noise, n)
		}
	}
}

// maxFrameLines bounds how far down a message a code frame's caret line is
// looked for.
const maxFrameLines = 40

// codeFrame returns the offset in message s of the line after its first
// one when a line below that is a caret line: the message quotes the input
// around the error, a line of it pointed at by a caret, as parsers do
// (@iarna/toml's "Unterminated string at row 1, col 9, pos 8:\n1> a =
// \"x\n           ^", js-yaml's " 2 |    c: d\n--------^", handlebars',
// Babel's, Java's PatternSyntaxException). The excerpt is the user's input:
// no template holds it, so it is trailing noise (see findNoise), however
// much of the message it takes. It returns 0 when there is no caret line.
func codeFrame(s string) int {
	first := -1
	for i, lines := 0, 0; i < len(s) && lines < maxFrameLines; lines++ {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		line := s[i : i+j]
		switch {
		case first < 0 && strings.TrimSpace(line) != "":
			first = i + j + 1
		case first >= 0 && isCaretLine(line):
			return min(first, len(s))
		}
		i += j + 1
	}
	return 0
}

// isCaretLine reports whether line points at a column of the line above:
// blanks, or a gutter of digits, '|', '>' and ':', or a ruler of '-', '~'
// or '=', then carets, then at most a short remark ("^^^ expected ';'").
func isCaretLine(line string) bool {
	line = strings.TrimRight(line, " \t\r")
	k := strings.IndexByte(line, '^')
	if k < 0 || strings.Trim(line[:k], " \t0123456789|>:-~=") != "" {
		return false
	}
	rest := strings.TrimLeft(line[k:], "^~")
	return rest == "" || rest[0] == ' ' && len(rest) <= 80
}

// isWrap reports white space that is one line break: "\n" or "\r\n".
func isWrap(ws string) bool { return ws == "\n" || ws == "\r\n" }

// isWordByte reports an ASCII letter or digit, or a byte of a multi-byte
// rune (taken as a letter).
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

func (t *text) add(c, lc byte, from, to int) {
	t.cased = append(t.cased, c)
	t.folded = append(t.folded, lc)
	t.start = append(t.start, int32(from))
	t.end = append(t.end, int32(to))
}

// addRune appends a non-ASCII rune and its lower case when that has the
// same encoded length (otherwise the rune itself, so layouts stay equal).
func (t *text) addRune(r rune, size, at int) {
	lr := unicode.ToLower(r)
	if utf8.RuneLen(lr) != size {
		lr = r
	}
	t.cased = utf8.AppendRune(t.cased, r)
	t.folded = utf8.AppendRune(t.folded, lr)
	for k := 0; k < size; k++ {
		t.start = append(t.start, int32(at))
		t.end = append(t.end, int32(at+size))
	}
}

// skipANSI returns the offset after the escape sequence at s[i] (an ESC).
// CSI sequences end at a byte in 0x40-0x7e, OSC sequences at BEL or ESC \;
// other escapes are two bytes. An unterminated sequence runs to the end.
func skipANSI(s string, i int) int {
	if i+1 >= len(s) {
		return len(s)
	}
	switch s[i+1] {
	case '[':
		for j := i + 2; j < len(s); j++ {
			if c := s[j]; c >= 0x40 && c <= 0x7e {
				return j + 1
			}
		}
		return len(s)
	case ']':
		for j := i + 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	return i + 2
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', 0x85, 0xa0, 0x2028, 0x2029, 0x202f, 0x3000:
		return true
	}
	return r > 0x2000 && r <= 0x200a
}

// isQuote reports the quote characters folded to ': ASCII quotes, the
// backtick (Go, Rust and Markdown messages quote with it) and the
// typographic single and double quotes.
func isQuote(r rune) bool {
	switch r {
	case '\'', '"', '`', '\u2018', '\u2019', '\u201a', '\u201b', '\u201c', '\u201d', '\u201e', '\u201f', '\u00b4':
		return true
	}
	return false
}

// noiseWindow bounds how far back from the end a trailing URL suffix is
// looked for.
const noiseWindow = 240

// findNoise marks trailing text that libraries append to messages and that
// templates rarely contain (a code frame too: see codeFrame): a truncation
// marker ("...", "…", "[truncated]") or a documentation URL suffix (" (Background on this error at:
// https://...)", ". See https://... for details"). The text stays in place
// (a template that does contain it still matches it); only its cost as
// unexplained text is waived.
func (t *text) findNoise() {
	f := t.folded
	n := len(f)
	for _, m := range [...]string{"...", "…", "[truncated]", "(truncated)", "<truncated>", "[...]"} {
		if n > len(m) && strings.HasSuffix(unsafeString(f), m) {
			t.noise = n - len(m)
			for t.noise > 0 && f[t.noise-1] == ' ' {
				t.noise--
			}
			t.truncated = true
			return
		}
	}
	lo := max(0, n-noiseWindow)
	tail := unsafeString(f[lo:])
	u := max(strings.LastIndex(tail, "https://"), strings.LastIndex(tail, "http://"))
	if u < 0 {
		return
	}
	u += lo
	// The URL must run to the end, give or take closing punctuation.
	j := u
	for j < n && f[j] != ' ' {
		j++
	}
	if j < n {
		return
	}
	start := u
	// Extend back over the sentence or parenthesis that introduces it.
	for k := u - 1; k >= max(0, u-120); k-- {
		c := f[k]
		if c == '(' || c == '[' {
			start = k
			break
		}
		if c == '.' && k+1 < n && f[k+1] == ' ' {
			start = k + 1
			break
		}
		if c == '\n' {
			start = k
			break
		}
	}
	for start > 0 && f[start-1] == ' ' {
		start--
	}
	if start == 0 {
		return // the whole message is the URL: not noise
	}
	t.noise = start
}

// exceptionPrefix returns the name and length of a leading
// "pkg.ExceptionType: " in s when the name looks like an exception type
// (see isExceptionName; raised holds the short names of the exception types
// indexed sites raise). It returns 0 when s does not start that way.
func exceptionPrefix(s, want string, raised map[string]family) (name string, n int) {
	i := 0
	for i < len(s) && i < 256 {
		c := s[i]
		if c == ':' && i > 0 && i+2 < len(s) && s[i+1] == ':' && s[i+2] != ' ' {
			i += 2 // a C++ or Rust path: "std::invalid_argument"
			continue
		}
		if c == ':' {
			break
		}
		if !(c == '.' || c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return "", 0
		}
		i++
	}
	if i == 0 || i >= len(s) || s[i] != ':' {
		return "", 0
	}
	name = s[:i]
	if !isExceptionName(name, want, raised) {
		return "", 0
	}
	n = i + 1
	if n < len(s) && s[n] == ' ' {
		n++
	}
	return name, n
}

// isExceptionName reports whether name, printed before a message, names an
// exception class: its last component starts with an upper-case letter and
// either equals want's or ends like an exception class, or it follows a
// module path and is raised by an indexed site ("zipfile.BadZipFile",
// "_queue.Empty": Python prints non-builtin exceptions qualified by their
// module). A qualified name no site raises is more likely the function a
// Go message names first ("strconv.Atoi: parsing ...").
func isExceptionName(name, want string, raised map[string]family) bool {
	short := shortName(name)
	if short == "" {
		return false
	}
	if startsUpper(short) && (want != "" && short == shortName(want) || looksLikeExceptionName(short)) {
		return true
	}
	// Qualified, a raised type may be lower case: "re.error",
	// "socket.timeout".
	_, known := raised[short]
	return known && isQualified(name)
}

// startsUpper reports whether s starts with an ASCII upper-case letter, as
// class names do.
func startsUpper(s string) bool { return s != "" && 'A' <= s[0] && s[0] <= 'Z' }

// isQualified reports whether name has a module path before its last
// component.
func isQualified(name string) bool {
	return len(shortName(name)) < len(name) && name[0] != '.'
}

// exceptionSuffixes are the endings of exception class names across
// languages.
var exceptionSuffixes = [...]string{"Error", "Exception", "Warning", "Exit", "Interrupt", "Fault", "Failure", "Panic", "Iteration", "Violation", "Timeout", "Refused"}

func looksLikeExceptionName(s string) bool {
	for _, suf := range exceptionSuffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

// shortName is the last component of a dotted or ::-separated name.
func shortName(s string) string {
	if i := strings.LastIndexAny(s, ".:$"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// normalizeLiteral normalises a template's literal text the way messages
// are normalised (see text), keeping case. first and last say whether the
// literal begins or ends the template: white space there is dropped as it
// is in a message.
func normalizeLiteral(s string, first, last bool) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i = skipANSI(s, i)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case isSpace(r):
			space = true
			continue
		case unicode.IsControl(r) || r == utf8.RuneError && size == 1 || r == '\ufeff' || r == '\u200b':
			continue
		}
		if space && (b.Len() > 0 || !first) {
			b.WriteByte(' ')
		}
		space = false
		if isQuote(r) {
			r = '\''
		}
		b.WriteRune(r)
	}
	if space && !last && (b.Len() > 0 || !first) {
		b.WriteByte(' ')
	}
	return b.String()
}

// foldInto appends the folded form of normalised literal s to dst: the
// same lower-casing as text.folded, so equal layouts compare byte for byte.
func foldInto(dst []byte, s string) []byte {
	// The leading run of ASCII bytes that are not upper case is copied
	// whole: most literals are all of it.
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	dst = append(dst, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		lr := unicode.ToLower(r)
		if r == utf8.RuneError || utf8.RuneLen(lr) != size {
			dst = append(dst, s[i:i+size]...)
		} else {
			dst = utf8.AppendRune(dst, lr)
		}
		i += size
	}
	return dst
}
