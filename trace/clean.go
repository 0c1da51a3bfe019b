package trace

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// LogLine is one line of pasted text split by Clean into the log decoration
// that was removed and the text that remains.
type LogLine struct {
	// Text is what remains: the message or trace line the program printed.
	Text string
	// Time is the removed timestamp as printed ("2024-05-01 12:00:00,123").
	Time string
	// Level is the removed log level, normalised to upper case: TRACE,
	// DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, FATAL, PANIC (WARN →
	// WARNING, ERR/SEVERE → ERROR, CRIT/ALERT/EMERG → CRITICAL, glog's I/W/E/F
	// → INFO/WARNING/ERROR/FATAL).
	Level string
	// Logger is the removed logger, syslog identifier or container name.
	Logger string
	// Language is set when the prefix is the default format of a language's
	// standard logger: Go's log package ("2006/01/02 15:04:05 "), Python's
	// logging.basicConfig ("ERROR:name:").
	Language Language
}

// HasPrefix reports whether Clean removed a log prefix (a timestamp, a
// level, a logger or a container/syslog header) from the line: such a line
// starts a new log record.
func (l LogLine) HasPrefix() bool {
	return l.Time != "" || l.Level != "" || l.Logger != ""
}

// prefixWindow bounds the part of a line that prefix patterns look at, so
// that cleaning a 500,000-character line costs no more than cleaning a short
// one (beyond the linear ANSI pass).
const prefixWindow = 256

// CleanLine returns Clean(line).Text.
func CleanLine(line string) string { return Clean(line).Text }

// Normalize cleans every line of text with Clean and joins the results with
// "\n", after turning "\r\n" into "\n" and removing trailing blank lines and
// leading blank lines. Line structure is kept (blank lines stay), so line
// numbers of the result match the input's.
func Normalize(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = CleanLine(l)
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// Clean removes, in this order and only at the start of the line:
//
//  1. terminal decoration anywhere in the line (see StripANSI);
//  2. a container prefix: docker compose's "web-1  | " (a name ending in
//     -N or _N, or followed by two or more spaces, then "|") and kubectl
//     --prefix's "[pod/name/container] ", and Docker BuildKit's "#8 0.532 "
//     (a build step's number and seconds);
//  3. npm's "npm ERR! " or "npm error " (and its other levels);
//  4. a syslog/journald header: "May  1 12:00:00 host ident[123]: " (also
//     with an ISO timestamp, then "ident[pid]" is required);
//  5. a glog/klog header: "E0501 12:00:00.123456   1234 file.go:12] ";
//  6. Python logging.basicConfig's "LEVEL:logger:" and uvicorn's "LEVEL:    ";
//  7. a timestamp, optionally in brackets: ISO 8601 dates with time
//     ("2024-05-01 12:00:00,123", "2024-05-01T12:00:00.123456Z", with a
//     zone), Go's "2024/05/01 12:00:00.000000", a bare "12:00:00.123",
//     "01/May/2024:12:00:00 +0000" and java.util.logging's
//     "May 01, 2024 4:32:31 PM"; followed by one space or tab (further
//     indentation is kept);
//  8. after a timestamp, or at the start of a line that begins with an
//     upper-case level word or a bracketed level, up to 10 log-prefix
//     tokens: a bracketed or parenthesised group ("[main]", "[uvicorn.error]",
//     "(worker-1)"), one level word (upper case, or lower case ending in
//     ':' or followed by a tab or a separator), a number (a pid), a separator ("-", "--", "---", "|", ":",
//     "::", ">"), a caller "file.ext:12", a logger name (a dotted or
//     slashed identifier) that is followed by a separator or a level word,
//     and Celery's "LEVEL/process]" (its timestamp's bracket opened it).
//     The walk stops at the first other token, so "2024/05/01 12:00:00 open
//     x: no such file" keeps "open x: no such file".
//
// Trailing spaces and tabs are removed. Anything else, in particular a
// message starting with "Error:" or "ValueError:", is left alone: mixed-case
// level words are only removed inside brackets or after a timestamp.
func Clean(line string) LogLine {
	var ll LogLine
	s := StripANSI(line)
	s = stripContainer(s, &ll)
	s = stripNpm(s, &ll)
	s = stripSyslog(s, &ll)
	s = stripGlog(s, &ll)
	s = stripLogPrefix(s, &ll)
	ll.Text = strings.TrimRight(s, " \t")
	return ll
}

// StripANSI removes terminal decoration from s and makes it valid UTF-8:
//
//   - ANSI escape sequences: CSI ("ESC [ params final", colours and cursor
//     movement), OSC ("ESC ] ... BEL" or "ESC ] ... ESC \", hyperlinks and
//     titles) and two-byte "ESC x" sequences. An unterminated sequence is
//     removed up to where it breaks off;
//   - the same sequences written out as text by a copy-paste: "\x1b[",
//     "\033[", "\e[", "\u001b[" and "^[[" introducers; and, when the line
//     also holds a bare reset ("[0m" not followed by "]"), bare SGR
//     sequences whose ESC was lost ("[31;1m", at least one digit);
//   - a carriage return inside the line, together with the text before it
//     (what a terminal overwrote; a trailing "\r" is simply dropped);
//   - a backspace together with the character before it (overstrike);
//   - every other C0 control character except tab, and DEL;
//   - invalid UTF-8, replaced by U+FFFD.
func StripANSI(s string) string {
	if isPlain(s) {
		return s
	}
	s = strings.TrimRight(s, "\r\n")
	if i := strings.LastIndexByte(s, '\r'); i >= 0 {
		s = s[i+1:]
	}
	s = replaceLiteralEscapes(s)
	bare := hasBareReset(s)
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			i = skipEscape(s, i)
		case c == '\b':
			// Overstrike: drop the character before the backspace.
			if len(b) > 0 {
				_, size := utf8.DecodeLastRune(b)
				b = b[:len(b)-size]
			}
			i++
		case c < 0x20 && c != '\t', c == 0x7f:
			i++
		case c == '[' && bare:
			if j := bareSGR(s, i); j > i {
				i = j
				continue
			}
			b = append(b, c)
			i++
		default:
			b = append(b, c)
			i++
		}
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// isPlain reports whether s needs no work from StripANSI: no control
// characters other than tab, no DEL, valid UTF-8, no written-out escapes.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c == 0x7f || c >= 0x80 {
			return !strings.ContainsFunc(s, func(r rune) bool {
				return r < 0x20 && r != '\t' || r == 0x7f || r == utf8.RuneError
			}) && utf8.ValidString(s) && !hasLiteralEscape(s)
		}
	}
	return !hasLiteralEscape(s)
}

var literalEscapes = []string{`\x1b[`, `\x1B[`, `\033[`, `\e[`, `\u001b[`, `\u001B[`, `^[[`}

func hasLiteralEscape(s string) bool {
	if strings.Contains(s, "[0m") {
		return true // maybe a bare SGR sequence
	}
	for _, e := range literalEscapes {
		if strings.Contains(s, e) {
			return true
		}
	}
	return false
}

// escapeReplacer turns written-out escape introducers into a real ESC "[".
var escapeReplacer = strings.NewReplacer(
	`\x1b[`, "\x1b[", `\x1B[`, "\x1b[", `\033[`, "\x1b[", `\e[`, "\x1b[",
	`\u001b[`, "\x1b[", `\u001B[`, "\x1b[", `^[[`, "\x1b[",
)

func replaceLiteralEscapes(s string) string {
	for _, e := range literalEscapes {
		if strings.Contains(s, e) {
			return escapeReplacer.Replace(s)
		}
	}
	return s
}

// skipEscape returns the index just past the escape sequence starting at
// s[i] == ESC.
func skipEscape(s string, i int) int {
	i++ // ESC
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[': // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E
		i++
		for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
			i++
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	case ']': // OSC: up to BEL or ESC \
		for i++; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b {
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return i
			}
		}
		return i
	}
	if s[i] >= 0x20 && s[i] < 0x7f {
		return i + 1 // two-byte sequence such as ESC ( B or ESC =
	}
	return i
}

// hasBareReset reports whether s holds a bare reset "[0m" not followed by
// "]".
func hasBareReset(s string) bool {
	for off := 0; ; {
		j := strings.Index(s[off:], "[0m")
		if j < 0 {
			return false
		}
		end := off + j + 3
		if end >= len(s) || s[end] != ']' {
			return true
		}
		off = end
	}
}

// bareSGR returns the end of a bare SGR sequence "[" digits(;digits)* "m"
// (at least one digit) at s[i] not followed by "]", or i.
func bareSGR(s string, i int) int {
	j := i + 1
	for j < len(s) && j-i < 24 && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
		j++
	}
	if j > i+1 && j < len(s) && s[j] == 'm' && (j+1 >= len(s) || s[j+1] != ']') {
		return j + 1
	}
	return i
}

var (
	composeRE = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9_.-]*?)( +)\| ?`)
	composeN  = regexp.MustCompile(`[-_]\d+$`)

	months   = `(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`
	syslogRE = regexp.MustCompile(`^(?:` + months + ` +\d{1,2} \d{2}:\d{2}:\d{2} \S+ ([^\s:\[\]]+)(?:\[\d+\])?|` +
		`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}) \S+ ([^\s:\[\]]+)\[\d+\]): `)
	glogRE = regexp.MustCompile(`^([IWEF])\d{4} \d{2}:\d{2}:\d{2}\.\d{6} +\d+ [\w./-]+:\d+\] `)

	// pyBasicRE is logging.basicConfig's "%(levelname)s:%(name)s:%(message)s"
	// and uvicorn's "%(levelprefix)s" ("ERROR:    ").
	pyBasicRE = regexp.MustCompile(`^(CRITICAL|ERROR|WARNING|INFO|DEBUG|FATAL|WARN):(?:([^\s:]+):|( +))`)

	timeRE = regexp.MustCompile(`^[\[(]?(?:` +
		`(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d{1,9})?(?: ?(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT))?)|` +
		`(\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)|` +
		`(\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?)|` +
		`(\d{2}/` + months + `/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4})|` +
		`(` + months + ` \d{2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M)` +
		`)[\])]?:?`)
)

func window(s string) string {
	if len(s) > prefixWindow {
		return s[:prefixWindow]
	}
	return s
}

func stripContainer(s string, ll *LogLine) string {
	if n := buildKitPrefix(s); n > 0 {
		return s[n:]
	}
	if strings.HasPrefix(s, "[pod/") {
		if j := strings.Index(window(s), "] "); j > 0 {
			ll.Logger = s[1:j]
			return s[j+2:]
		}
	}
	if !strings.Contains(window(s), " |") {
		return s
	}
	m := composeRE.FindStringSubmatchIndex(window(s))
	if m == nil {
		return s
	}
	name := s[m[2]:m[3]]
	if len(s[m[4]:m[5]]) < 2 && !composeN.MatchString(name) {
		return s
	}
	ll.Logger = name
	return s[m[1]:]
}

// npmLevels maps the level words npm prints after "npm " to levels.
var npmLevels = map[string]string{
	"ERR!": "ERROR", "error": "ERROR", "WARN": "WARNING", "warn": "WARNING",
	"notice": "NOTICE", "info": "INFO", "http": "INFO", "timing": "DEBUG",
	"verb": "DEBUG", "verbose": "DEBUG", "sill": "TRACE", "silly": "TRACE",
}

// stripNpm removes npm's log prefix: "npm ERR! " (npm 9 and before),
// "npm error " (npm 10 and after), "npm warn ", and the other levels.
func stripNpm(s string, ll *LogLine) string {
	rest, ok := strings.CutPrefix(s, "npm ")
	if !ok {
		return s
	}
	word, after, _ := strings.Cut(rest, " ")
	lv, ok := npmLevels[word]
	if !ok {
		return s
	}
	ll.Logger, ll.Level = "npm", lv
	return after
}

// buildKitPrefix returns the length of the step and time Docker BuildKit's
// plain progress output puts before each line a build step printed ("#8
// 0.532 "), or 0.
func buildKitPrefix(s string) int {
	if len(s) < 2 || s[0] != '#' {
		return 0
	}
	i := digits(s, 1)
	if i == 1 || i >= len(s) || s[i] != ' ' {
		return 0
	}
	j := digits(s, i+1)
	if j == i+1 || j >= len(s) || s[j] != '.' {
		return 0
	}
	k := digits(s, j+1)
	if k == j+1 || k >= len(s) || s[k] != ' ' {
		return 0
	}
	return k + 1
}

// digits returns the index after the run of at most 9 ASCII digits at
// s[i:].
func digits(s string, i int) int {
	j := i
	for j < len(s) && j-i < 9 && isDigit(s[j]) {
		j++
	}
	return j
}

func stripSyslog(s string, ll *LogLine) string {
	if s == "" || !(isDigit(s[0]) || strings.IndexByte("ADFJMNOS", s[0]) >= 0) {
		return s
	}
	m := syslogRE.FindStringSubmatchIndex(window(s))
	if m == nil {
		return s
	}
	switch {
	case m[2] >= 0:
		ll.Logger = s[m[2]:m[3]]
	case m[4] >= 0:
		ll.Logger = s[m[4]:m[5]]
	}
	ll.Time = strings.Fields(s[:m[1]])[0]
	return s[m[1]:]
}

func stripGlog(s string, ll *LogLine) string {
	if len(s) < 2 || strings.IndexByte("IWEF", s[0]) < 0 || !isDigit(s[1]) {
		return s
	}
	m := glogRE.FindStringSubmatchIndex(window(s))
	if m == nil {
		return s
	}
	ll.Level = map[string]string{"I": "INFO", "W": "WARNING", "E": "ERROR", "F": "FATAL"}[s[m[2]:m[3]]]
	ll.Time = strings.Fields(s[1:m[1]])[1]
	return s[m[1]:]
}

func stripLogPrefix(s string, ll *LogLine) string {
	if s == "" {
		return s
	}
	if s[0] >= 'A' && s[0] <= 'Z' && strings.Contains(window(s), ":") {
		if m := pyBasicRE.FindStringSubmatchIndex(window(s)); m != nil {
			ll.Level = normLevel(s[m[2]:m[3]])
			if m[4] >= 0 {
				ll.Logger = s[m[4]:m[5]]
				ll.Language = Python
			}
			return s[m[1]:]
		}
	}
	walk := false
	var m []int
	if isDigit(s[0]) || s[0] == '[' || s[0] == '(' || strings.IndexByte("ADFJMNOS", s[0]) >= 0 {
		m = timeRE.FindStringSubmatchIndex(window(s))
	}
	if m != nil && m[1] < len(s) && (s[m[1]] == ' ' || s[m[1]] == '\t') {
		ll.Time = strings.Trim(s[:m[1]], "[]():")
		if m[4] >= 0 {
			ll.Language = Go
		}
		s = s[m[1]+1:]
		if s == "" || s[0] == ' ' || s[0] == '\t' {
			return s // indentation after a timestamp belongs to the text
		}
		walk = true
	} else if m != nil && m[1] == len(s) {
		ll.Time = strings.Trim(s, "[]():")
		return ""
	} else {
		tok, _ := nextToken(s)
		if lv := levelWord(strings.TrimSuffix(tok, ":"), true); lv != "" {
			walk = true
		} else if strings.HasPrefix(tok, "[") {
			if end := strings.IndexByte(window(s), ']'); end > 0 && levelWord(s[1:end], false) != "" {
				walk = true
			}
		}
	}
	if !walk {
		return s
	}
	return walkPrefix(s, ll)
}

// celeryLevel reads the end of Celery's bracketed prefix, "ERROR/
// ForkPoolWorker-1]" in "[2024-05-01 12:00:00,123: ERROR/ForkPoolWorker-1]"
// (the timestamp and its bracket are removed before): the level and the
// process name, which it sets on ll.
func celeryLevel(tok string, ll *LogLine) bool {
	inner, ok := strings.CutSuffix(tok, "]")
	if !ok {
		return false
	}
	lv, proc, ok := strings.Cut(inner, "/")
	if !ok || proc == "" {
		return false
	}
	if lv = levelWord(lv, true); lv == "" {
		return false
	}
	ll.Level, ll.Logger = lv, proc
	return true
}

// walkPrefix removes log-prefix tokens from the start of s (rule 8 of Clean).
func walkPrefix(s string, ll *LogLine) string {
	for n := 0; n < 10 && s != ""; n++ {
		if s[0] == '[' || s[0] == '(' {
			closer := byte(']')
			limit := 80
			if s[0] == '(' {
				closer, limit = ')', 40
			}
			end := strings.IndexByte(window(s), closer)
			if end < 0 || end > limit {
				return s
			}
			inner := s[1:end]
			if s[0] == '(' && strings.ContainsAny(inner, " \t") {
				return s
			}
			if lv := normLevel(inner); lv != "" && ll.Level == "" {
				ll.Level = lv
			} else if ll.Logger == "" && isLoggerName(inner) && !isNumber(inner) {
				ll.Logger = inner
			}
			s = trimSpace1(s[end+1:])
			continue
		}
		tok, rest := nextToken(s)
		switch {
		case ll.Level == "" && levelToken(s) != "":
			ll.Level = levelToken(s)
		case ll.Level == "" && celeryLevel(tok, ll):
		case isNumber(tok), isSeparator(tok), isCaller(tok):
		case isLoggerName(tok) && followedBySeparatorOrLevel(rest, ll.Level == ""):
			if ll.Logger == "" {
				ll.Logger = tok
			}
		default:
			return s
		}
		s = rest
	}
	return s
}

// nextToken splits s at its first run of spaces or tabs; rest has the run
// removed.
func nextToken(s string) (tok, rest string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

func trimSpace1(s string) string { return strings.TrimLeft(s, " \t") }

func followedBySeparatorOrLevel(rest string, levelAllowed bool) bool {
	tok, _ := nextToken(rest)
	if isSeparator(tok) {
		return true
	}
	return levelAllowed && levelToken(rest) != ""
}

// levelToken returns the normalised level of the first token of s when it
// is a level word in a log prefix, or "". An upper-case level word always
// is; a lower-case one ("error", "warn") only when the prefix marks it as
// a field: a colon after it, a tab or a separator next. Otherwise it is
// more likely the message's first word: "syntax error in pattern" and
// "error parsing regexp: ..." are Go messages after log's timestamp.
func levelToken(s string) string {
	tok, rest := nextToken(s)
	word, colon := strings.CutSuffix(tok, ":")
	lv := levelWord(word, false)
	if lv == "" || colon || levelWord(word, true) != "" {
		return lv
	}
	if len(tok) < len(s) && s[len(tok)] == '\t' {
		return lv
	}
	if next, _ := nextToken(rest); isSeparator(next) {
		return lv
	}
	return ""
}

var levelNames = map[string]string{
	"TRACE": "TRACE", "DEBUG": "DEBUG", "INFO": "INFO", "NOTICE": "NOTICE",
	"WARN": "WARNING", "WARNING": "WARNING", "ERROR": "ERROR", "ERR": "ERROR",
	"SEVERE": "ERROR", "CRITICAL": "CRITICAL", "CRIT": "CRITICAL", "ALERT": "CRITICAL",
	"EMERG": "CRITICAL", "FATAL": "FATAL", "PANIC": "PANIC",
}

// levelWord returns the normalised level of w, or "". With upperOnly, only
// the upper-case spelling counts; otherwise upper or lower case ("error"),
// and any case when bracketed (the caller passes bracket contents with
// upperOnly false; mixed case such as "Error" is accepted only there).
func levelWord(w string, upperOnly bool) string {
	if len(w) < 3 || len(w) > 8 {
		return ""
	}
	if lv, ok := levelNames[w]; ok {
		return lv
	}
	if upperOnly {
		return ""
	}
	if w == strings.ToLower(w) {
		return levelNames[strings.ToUpper(w)]
	}
	return ""
}

// normLevel returns the normalised level of w in any case, or "".
func normLevel(w string) string {
	if lv, ok := levelNames[strings.ToUpper(w)]; ok {
		return lv
	}
	return ""
}

func isNumber(tok string) bool {
	if tok == "" || len(tok) > 12 {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

func isSeparator(tok string) bool {
	switch tok {
	case "-", "--", "---", "|", ":", "::", ">", "—":
		return true
	}
	return false
}

// isCaller reports whether tok reads "file.ext:12" or "file.ext:12:".
func isCaller(tok string) bool {
	tok = strings.TrimSuffix(tok, ":")
	i := strings.LastIndexByte(tok, ':')
	if i <= 0 || !isNumber(tok[i+1:]) {
		return false
	}
	name := tok[:i]
	dot := strings.LastIndexByte(name, '.')
	return dot > 0 && dot < len(name)-1 && isLoggerName(name)
}

// isLoggerName reports whether tok is a plausible logger or thread name: an
// identifier with dots, slashes, dashes or underscores, under 100 bytes.
func isLoggerName(tok string) bool {
	if tok == "" || len(tok) > 100 {
		return false
	}
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '/' || c == '$') {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
