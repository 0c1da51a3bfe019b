package trace

import (
	"slices"
	"strings"
)

// A C++ program that lets an exception escape main dies in std::terminate,
// whose default handler prints the exception's type and, for a
// std::exception, its what() string. GNU libstdc++ (gcc, and clang on
// Linux) prints
//
//	terminate called after throwing an instance of 'std::runtime_error'
//	  what():  config file missing: /etc/app.conf
//
// (no what() line for a type that is not a std::exception: 'int',
// 'char const*'), and LLVM libc++ (macOS, Android) prints
//
//	libc++abi: terminating due to uncaught exception of type std::runtime_error: config file missing
//
// ("terminating with uncaught exception of type" before LLVM 15). No frames
// are printed. A what() string with line breaks runs on over the next
// lines; they are taken up to a blank line, the shell's "Aborted" report or
// maxCppLines lines in all.

const (
	gnuTerminate    = "terminate called after throwing an instance of '"
	gnuWhat         = "what():"
	libcxxTerminate = "libc++abi: terminating "
	libcxxUncaught  = " uncaught exception of type "
	// maxCppLines bounds a what() string: the lines after it are as
	// likely the program's other output.
	maxCppLines = 20
)

// cppTerminate parses a std::terminate report starting at ls[i].
func (p *parser) cppTerminate(ls []line, i int) int {
	tt := ls[i].trimmed()
	e := Exception{Language: Cpp, Kind: KindException, Line: int(ls[i].no)}
	j := i + 1
	switch {
	case strings.HasPrefix(tt, gnuTerminate):
		typ, _, ok := strings.Cut(tt[len(gnuTerminate):], "'")
		if !ok || typ == "" {
			return i
		}
		e.Type = unwrapCppType(typ)
		if j < len(ls) && strings.HasPrefix(ls[j].trimmed(), gnuWhat) {
			msg := []string{strings.TrimLeft(ls[j].trimmed()[len(gnuWhat):], " ")}
			j++
			msg, j = cppMessageLines(ls, j, msg)
			e.Message = strings.Join(msg, "\n")
		}
	case strings.HasPrefix(tt, libcxxTerminate):
		_, rest, ok := strings.Cut(tt, libcxxUncaught)
		if !ok {
			return i
		}
		// "std::runtime_error: msg"; a type without what() ends the line.
		typ, msg, _ := strings.Cut(rest, ": ")
		if typ == "" || strings.ContainsAny(typ, " \t") && !strings.Contains(typ, "<") {
			return i
		}
		e.Type = unwrapCppType(typ)
		if msg != "" {
			var lines []string
			lines, j = cppMessageLines(ls, j, []string{msg})
			e.Message = strings.Join(lines, "\n")
		}
	default:
		return i
	}
	p.add(e)
	return j
}

// cppMessageLines appends to msg the lines from ls[j] on that continue a
// what() string, and returns them with the index after the last.
func cppMessageLines(ls []line, j int, msg []string) ([]string, int) {
	for ; j < len(ls) && len(msg) < maxCppLines; j++ {
		t := ls[j].trimmed()
		if ls[j].blank() || ls[j].logged() || isAbortReport(t) ||
			strings.HasPrefix(t, gnuTerminate) || strings.HasPrefix(t, libcxxTerminate) {
			break
		}
		msg = append(msg, ls[j].text)
	}
	return msg, j
}

// isAbortReport reports a line a shell or the C library prints when a
// program aborts: "Aborted (core dumped)", "Abort trap: 6",
// "bash: line 1: 4242 Aborted   ./app", "zsh: abort      ./app".
func isAbortReport(t string) bool {
	return strings.HasPrefix(t, "Aborted") || strings.HasPrefix(t, "Abort trap") ||
		strings.Contains(t, " Aborted ") || strings.HasSuffix(t, " Aborted") ||
		strings.HasPrefix(t, "zsh: abort") || strings.Contains(t, "(core dumped)")
}

// cppWrappers are the class templates Boost wraps a thrown exception in:
// boost::throw_exception(E) throws boost::wrapexcept<E> (Boost 1.73 and
// later; clone_impl<error_info_injector<E> > before), and std::terminate
// prints the wrapper's name.
var cppWrappers = []string{"boost::wrapexcept<", "boost::exception_detail::clone_impl<", "boost::exception_detail::error_info_injector<"}

// unwrapCppType returns the exception class a wrapper type printed by
// std::terminate holds ("boost::wrapexcept<std::invalid_argument>" is
// std::invalid_argument), or t itself.
func unwrapCppType(t string) string {
	for changed := true; changed; {
		changed = false
		for _, w := range cppWrappers {
			if inner, ok := strings.CutPrefix(t, w); ok && strings.HasSuffix(inner, ">") {
				t, changed = strings.TrimSpace(strings.TrimSuffix(inner, ">")), true
			}
		}
	}
	return t
}

// cppWrappedPrefix reads a line that starts with a Boost wrapper type and
// ": " ("boost::wrapexcept<boost::bad_lexical_cast>: bad lexical cast: ..."),
// as a user copies it from a report: the class it holds and the message.
// The template arguments may hold ": " of their own only inside the
// brackets.
func cppWrappedPrefix(s string) (typ, msg string, ok bool) {
	if !slices.ContainsFunc(cppWrappers, func(w string) bool { return strings.HasPrefix(s, w) }) {
		return "", "", false
	}
	depth := 0
	for i := 0; i < len(s) && i < 512; i++ {
		switch s[i] {
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				rest, ok := strings.CutPrefix(s[i+1:], ": ")
				if !ok && s[i+1:] != "" {
					return "", "", false
				}
				return unwrapCppType(s[:i+1]), rest, true
			}
		}
	}
	return "", "", false
}
