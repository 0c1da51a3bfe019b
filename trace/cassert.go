package trace

import "strings"

// A failed C or C++ assert() makes the C library print one line and abort
// the program. glibc prints the program, the file and line, the function
// (C++'s with its template arguments) and the condition as written:
//
//	app: /usr/include/rapidjson/document.h:1645: int GetInt() const: Assertion `data_.f.flags & kIntFlag' failed.
//
// and the BSD libc of macOS and FreeBSD
//
//	Assertion failed: (rows() == cols()), function inverse, file InverseImpl.h, line 351.
//
// The shell's report of the abort ("Aborted (core dumped)") may follow.
// The file and line are where the assert is: the exception's one frame.

const (
	glibcAssert = ": Assertion `"
	glibcFailed = "' failed."
	bsdAssert   = "Assertion failed: "
)

// cAssert parses the line a failed assert() printed at ls[i].
func (p *parser) cAssert(ls []line, i int) int {
	tt := ls[i].trimmed()
	e, ok := glibcAssertion(tt)
	if !ok {
		e, ok = bsdAssertion(tt)
	}
	if !ok {
		return i
	}
	e.Language, e.Kind, e.Line = Cpp, KindAssertion, int(ls[i].no)
	p.add(e)
	j := i + 1
	if j < len(ls) && isAbortReport(ls[j].trimmed()) {
		j++
	}
	return j
}

// glibcAssertion reads glibc's line: the message is the line from the
// file on (the program's name before it is the program's, not the
// assert's), and its frame the file, line and function.
func glibcAssertion(tt string) (Exception, bool) {
	k := strings.Index(tt, glibcAssert)
	if k < 0 || !strings.HasSuffix(tt, glibcFailed) {
		return Exception{}, false
	}
	// The file and line: the first "path:line: " before the assertion,
	// the program's name and ": " before it.
	head := tt[:k]
	for start := 0; start < len(head); {
		colon := strings.Index(head[start:], ": ")
		loc := head[start:]
		if colon >= 0 {
			loc = head[start : start+colon]
		}
		if path, ln, col, ok := splitLocation(loc); ok && col == 0 && ln > 0 && path != "" && !strings.Contains(path, " ") {
			fn := ""
			if colon >= 0 {
				fn = head[start+colon+2:]
			}
			return Exception{Message: tt[start:], Frames: []Frame{{Path: path, Line: ln, Function: fn}}}, true
		}
		if colon < 0 {
			break
		}
		start += colon + 2
	}
	return Exception{}, false
}

// bsdAssertion reads the BSD libc's line: "Assertion failed: (cond),
// function f, file x.c, line 12."
func bsdAssertion(tt string) (Exception, bool) {
	rest, ok := strings.CutPrefix(tt, bsdAssert)
	if !ok {
		return Exception{}, false
	}
	rest = strings.TrimSuffix(rest, ".")
	k := strings.LastIndex(rest, ", line ")
	if k < 0 {
		return Exception{}, false
	}
	ln, ok := atoi(rest[k+len(", line "):])
	if !ok || ln == 0 {
		return Exception{}, false
	}
	head := rest[:k]
	f := strings.LastIndex(head, ", file ")
	if f < 0 {
		return Exception{}, false
	}
	fr := Frame{Path: head[f+len(", file "):], Line: ln}
	head = head[:f]
	if g := strings.LastIndex(head, ", function "); g >= 0 {
		fr.Function, head = head[g+len(", function "):], head[:g]
	}
	return Exception{Message: tt, Frames: []Frame{fr}}, head != ""
}
