package trace

import (
	"strings"

	"github.com/errdex/errdex/extract/python/pystr"
)

// Python logs often print an exception's repr instead of its traceback:
// Celery's "Task x raised unexpected: ValueError('bad mode')", asyncio's
// "exception=ValueError(...)", f"{exc!r}" in a program's own log line.
// pyReprCandidate reads the first such repr in a line, with one string
// argument or none, into the candidate "Type: message" the traceback
// would have ended with.

// maxReprScan bounds the part of a line searched for an exception repr.
const maxReprScan = 4096

// pyReprCandidate returns the candidate of the first exception repr in
// line ("JSONDecodeError('Expecting value: line 1 column 1 (char 0)')"):
// the line, its type and, when it has one string argument, the message
// str() of the exception prints, escapes undone (KeyError prints its
// argument's repr, as the repr shows it). ok is false when the line holds
// none.
func pyReprCandidate(line string) (c Candidate, ok bool) {
	s := line
	if len(s) > maxReprScan {
		s = s[:maxReprScan]
	}
	for from := 0; from < len(s); {
		k := strings.IndexByte(s[from:], '(')
		if k < 0 {
			return c, false
		}
		open := from + k
		from = open + 1
		start := open
		for start > 0 && isTypeByte(s[start-1]) {
			start--
		}
		typ := s[start:open]
		if !reprType(typ) {
			continue
		}
		if start > 0 && (isDigit(s[start-1]) || s[start-1] == '.') {
			continue
		}
		rest := s[open+1:]
		if strings.HasPrefix(rest, ")") {
			return Candidate{Text: line, Type: typ, Language: Python}, true
		}
		lit, n, ok := pyStringLiteral(rest)
		if !ok || !strings.HasPrefix(rest[n:], ")") {
			continue
		}
		msg := lit
		if typ == "KeyError" {
			msg = rest[:n]
		}
		return Candidate{Text: line, Type: typ, Message: msg, Language: Python}, true
	}
	return c, false
}

// reprType reports whether name, called in a repr, is an exception class:
// a known one, or a name with an exception's suffix ("Error",
// "Exception", ...). The looser reading of looksLikeExceptionType (any
// capitalised name in a lower-case module) would take Go's
// netip.ParsePrefix("10.0.0.0/40") for one.
func reprType(name string) bool {
	if !isDottedIdent(name) {
		return false
	}
	if knownTypes[name] || pyOnlyTypes[name] {
		return true
	}
	last := name[strings.LastIndexByte(name, '.')+1:]
	for _, suf := range typeSuffixes {
		if strings.HasSuffix(last, suf) {
			return true
		}
	}
	return false
}

// isTypeByte reports whether b can be part of a dotted Python name.
func isTypeByte(b byte) bool {
	return b == '_' || b == '.' || isDigit(b) || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// pyStringLiteral decodes the Python string literal that s starts with, as
// repr() prints one: single or double quotes, and only the escapes repr
// writes (\\ \' \" \n \r \t \xhh \uhhhh \Uhhhhhhhh), which
// pystr.DecodeEscapes undoes. It returns the value and the literal's
// length.
func pyStringLiteral(s string) (val string, n int, ok bool) {
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return "", 0, false
	}
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case q:
			return pystr.DecodeEscapes(s[1:i], false), i + 1, true
		case '\\':
			if i+1 >= len(s) || strings.IndexByte(reprEscapes, s[i+1]) < 0 {
				return "", 0, false
			}
			i++
		}
	}
	return "", 0, false
}

// reprEscapes are the characters repr() writes after a backslash.
const reprEscapes = `\'"nrtxuU`
