// Package trace parses what users paste when they ask about an error: Python
// tracebacks (chained, ExceptionGroup boxes, SyntaxError blocks, pytest's
// long/short/line forms, IPython and Jupyter), Go panics (recovered chains,
// goroutine stacks, fatal errors, go test failures) and log.Fatal lines,
// Node.js and V8 stacks (with the location header, [cause] and [errors]
// blocks, the properties block and an unhandled 'error' event's emit
// block), Java stack traces (Caused by, Suppressed, "... 12 more"), Rust
// panics (both message forms, backtraces, anyhow's Caused by list), C++
// exceptions that reached std::terminate (libstdc++ and libc++) and failed
// C and C++ assert() lines (glibc and BSD libc), whether
// bare or buried in log output: timestamps, levels, logger names, docker
// compose, kubectl and journald prefixes, ANSI colour codes, structured log
// records (JSON lines with a traceback in "exc_info" or "stack_trace",
// logfmt pairs as slog's TextHandler and logrus print them, zap's message
// followed by JSON fields) and Docker's json-file lines.
//
// Parse returns a Report: the exceptions found, in the order they were
// printed, each with its language, type, message and frames (outermost
// first), and the links between them (cause, context, group member). When the
// text holds no structured trace, the Report carries loose message candidates
// instead: the lines that look like an error message.
//
// Parse never fails on garbage: it returns what it found. Its work is linear
// in the size of the input (every line is classified once; look-ahead and
// look-back are bounded by small constants or answered from indexes built
// in one pass), inputs over MaxInput bytes are refused, and a Report holds
// at most MaxExceptions exceptions and MaxFrames frames. No regular
// expression runs on more than the first 256 bytes of a line.
//
// The normaliser the matcher uses (Clean, CleanLine, Normalize, StripANSI)
// lives in clean.go; its doc comments list exactly what it removes.
package trace

import (
	"strings"

	"github.com/errdex/errdex"
)

// MaxInput is the largest input Parse accepts, in bytes (1 MiB). Larger
// pastes are refused with an errdex.TooLarge error: a traceback is never
// that long, and the limit bounds the work of one request.
const MaxInput = 1 << 20

// Language is the language a trace was printed by, as guessed from its form.
type Language string

// Languages Parse recognises. Unknown is the zero value.
const (
	Unknown    Language = ""
	Python     Language = "python"
	Go         Language = "go"
	JavaScript Language = "javascript" // Node.js, and browsers printing V8-style stacks
	Java       Language = "java"       // and other JVM languages printing Java stack traces
	Rust       Language = "rust"
	Cpp        Language = "cpp" // a C++ exception that reached std::terminate, a failed C or C++ assert()
)

// Kind says how an exception was reported.
type Kind string

// Exception kinds.
const (
	// KindException is a thrown or raised exception object with a type
	// (Python, Java, JavaScript).
	KindException Kind = "exception"
	// KindPanic is a Go or Rust panic.
	KindPanic Kind = "panic"
	// KindFatal is a Go runtime "fatal error:", which cannot be recovered.
	KindFatal Kind = "fatal"
	// KindError is an error value printed by a program on its way out:
	// Rust's `Error: ...` from main, anyhow's `Caused by:` list.
	KindError Kind = "error"
	// KindAssertion is a failed C or C++ assert() as the C library
	// reports it (see cAssert).
	KindAssertion Kind = "assertion"
	// KindTestFailure is a failed test assertion reported by a test runner
	// without an exception object (go test's t.Fatalf lines).
	KindTestFailure Kind = "test-failure"
)

// Link says how an exception relates to its Parent.
type Link string

// Links between exceptions.
const (
	// LinkNone: the exception starts a chain.
	LinkNone Link = ""
	// LinkContext: raised while handling Parent (Python "During handling of
	// the above exception, another exception occurred:"; a Go panic
	// raised while the panic marked [recovered] was unwinding).
	LinkContext Link = "context"
	// LinkCause: Parent is its direct cause (Python "The above exception
	// was the direct cause of the following exception:", raise ... from).
	LinkCause Link = "cause"
	// LinkCauseOf: this exception caused Parent (Java "Caused by:", Node's
	// "[cause]:", anyhow's "Caused by:" list). Printed after Parent.
	LinkCauseOf Link = "cause-of"
	// LinkSuppressed: suppressed while Parent propagated (Java "Suppressed:").
	LinkSuppressed Link = "suppressed"
	// LinkMember: one of the exceptions of the group Parent (Python
	// ExceptionGroup boxes, Node AggregateError's "[errors]:").
	LinkMember Link = "member"
)

// Report is what Parse found in a pasted text.
type Report struct {
	// Exceptions in the order they were printed. Exceptions printed by one
	// trace share a Chain number and are linked through Parent and Link.
	Exceptions []Exception `json:"exceptions,omitempty"`
	// Loose holds message candidates when no structured trace was found
	// (Exceptions is empty): the lines that look like an error, in the order
	// they appear, at most MaxLoose of them (the last ones).
	Loose []Candidate `json:"loose,omitempty"`
}

// MaxLoose bounds the number of loose candidates in a Report.
const MaxLoose = 32

// Exception is one exception, panic or error printed in the text.
type Exception struct {
	Language Language `json:"language,omitempty"`
	Kind     Kind     `json:"kind"`
	// Type is the exception type as printed ("json.decoder.JSONDecodeError",
	// "ValueError", "java.lang.IllegalStateException", "TypeError"), empty
	// when none is printed (a Go or Rust panic, a thrown string).
	Type string `json:"type,omitempty"`
	// TypeInferred is set when Type was not printed but inferred from the
	// message's shape (Go: "open x: no such file or directory" is an
	// *fs.PathError, "runtime error: ..." a runtime.Error).
	TypeInferred bool `json:"type_inferred,omitempty"`
	// Code is an error code printed beside the type (Node's
	// "Error [ERR_ASSERTION]" or its code: 'ENOENT' property).
	Code string `json:"code,omitempty"`
	// Message is the message as printed, with every line of a multi-line
	// message joined by "\n" (prefixes that belong to the trace format, such
	// as pytest's "E   " or Go's continuation tab, removed). Python prints
	// notes added with add_note on the lines after the message, exactly like
	// message lines, so they are part of Message; Headline returns the
	// first line alone.
	Message string `json:"message"`
	// Truncated is set when the printer is known to have cut the message
	// (pytest's short summary ends it with "...").
	Truncated bool `json:"truncated,omitempty"`
	// Frames from the outermost call to the innermost. Use Innermost for
	// the frame that raised.
	Frames []Frame `json:"frames,omitempty"`
	// Link and Parent relate the exception to another one of the same
	// Report: Parent is an index into Report.Exceptions, or -1.
	Link   Link `json:"link,omitempty"`
	Parent int  `json:"parent"`
	// Chain numbers the printed traces of the text, from 0: exceptions with
	// the same Chain came from one trace.
	Chain int `json:"chain"`
	// Line is the 1-based line of the input where the exception's header
	// (or, for Python, its "Type: message" line) was printed.
	Line int `json:"line"`
}

// Frame is one entry of a stack trace.
type Frame struct {
	// Path as printed, except: Java frames print only a file name, so the
	// package directories are prepended ("com/acme/Foo.java" for
	// com.acme.Foo.bar(Foo.java:12)), and a frame of a class compiled
	// without debug information, com.acme.Foo$Inner.bar(Unknown Source),
	// is in its top-level class's file; "file://" is removed from Node ESM
	// URLs; Rust's leading "./" is removed.
	Path string `json:"path"`
	// Line and Column are 1-based; 0 when not printed.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Function as printed: "raw_decode" (Python prints the bare name),
	// "main.(*server).start" (Go), "fetchUser" or "Object.<anonymous>"
	// (Node), "com.acme.Foo.bar" (Java), "app::Pool::new" (Rust). Empty for
	// a location without a function (a Python SyntaxError block, Node's
	// "file:line" header).
	Function string `json:"function,omitempty"`
	// Module is the Java module or class loader printed before the class
	// ("java.base").
	Module string `json:"module,omitempty"`
	// Source is the source line the trace shows for the frame, with its
	// indentation removed.
	Source string `json:"source,omitempty"`
	// Repeated counts further identical frames elided by the printer
	// (Python's "[Previous line repeated 996 more times]").
	Repeated int `json:"repeated,omitempty"`
	// Internal marks frames of the runtime's panic machinery (Go's panic(),
	// Rust's core::panicking): where the panic was delivered, not where it
	// was raised. Innermost skips them.
	Internal bool `json:"internal,omitempty"`
}

// Candidate is a message found outside any structured trace: a
// "Type: message" line, an error-level log line, or a bare message.
type Candidate struct {
	// Text is the cleaned line (or, for a short bare message, the whole
	// cleaned text) exactly as it appears after Clean.
	Text string `json:"text"`
	// Type and Message split Text when it reads "Type: message" with a
	// plausible exception type; otherwise Type is empty and Message is Text.
	// From an exception's repr in the line ("raised unexpected:
	// ValueError('bad\\nmode')"), they are its type and the message it
	// holds, escapes undone.
	Type    string `json:"type,omitempty"`
	Message string `json:"message"`
	// Language when the form tells (Go's log timestamp, a Java package).
	Language Language `json:"language,omitempty"`
	// LanguageInferred is set when Language is a guess from the message's
	// words alone ("strconv.Atoi: parsing ..." reads like Go's standard
	// library) rather than from how it was printed.
	LanguageInferred bool `json:"language_inferred,omitempty"`
	// Level is the log level of the line, upper case, when it had one.
	Level string `json:"level,omitempty"`
	// Truncated is set when the printer cut the message ("...").
	Truncated bool `json:"truncated,omitempty"`
	// Line is the 1-based line of the input.
	Line int `json:"line"`
}

// Parse finds the exceptions and messages in text. It refuses text longer
// than MaxInput with an errdex.TooLarge error and otherwise never fails:
// garbage yields an empty or loose-only Report.
func Parse(text string) (*Report, error) {
	if len(text) > MaxInput {
		return nil, errdex.Errorf("trace.Parse", errdex.TooLarge,
			"pasted text is %d bytes, over the %d-byte limit: paste only the traceback or the error message", len(text), MaxInput)
	}
	p := newParser(text, 0)
	p.run()
	if len(p.rep.Exceptions) == 0 {
		p.rep.Loose = p.loose()
	}
	return &p.rep, nil
}

// Primary returns the exception the user hit: in the last printed chain, the
// last exception that is not a cause, member or suppressed exception of
// another (for Python, the final exception of the chain; for Java, the one
// printed first, before its "Caused by:" list). It returns nil when the
// report has no exceptions.
func (r *Report) Primary() *Exception {
	if len(r.Exceptions) == 0 {
		return nil
	}
	last := r.Exceptions[len(r.Exceptions)-1].Chain
	var best *Exception
	for i := range r.Exceptions {
		e := &r.Exceptions[i]
		if e.Chain != last {
			continue
		}
		switch e.Link {
		case LinkNone, LinkContext, LinkCause:
			best = e
		}
	}
	if best == nil {
		best = &r.Exceptions[len(r.Exceptions)-1]
	}
	return best
}

// Innermost returns the innermost frame that is not Internal: the frame
// that raised, panicked or threw. ok is false when there is none.
func (e *Exception) Innermost() (f Frame, ok bool) {
	for i := len(e.Frames) - 1; i >= 0; i-- {
		if !e.Frames[i].Internal {
			return e.Frames[i], true
		}
	}
	return Frame{}, false
}

// Headline returns the first line of the message.
func (e *Exception) Headline() string {
	h, _, _ := strings.Cut(e.Message, "\n")
	return h
}
