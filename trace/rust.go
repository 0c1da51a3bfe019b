package trace

import "strings"

// Rust prints a panic as
//
//	thread 'main' (18072) panicked at src/main.rs:2:22:
//	called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }
//	note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
//
// (Rust 1.73 and later; the thread id is printed since 1.88), or, before 1.73,
//
//	thread 'main' panicked at 'msg', src/main.rs:2:5
//
// optionally followed by "stack backtrace:" and numbered frames, innermost
// first. A main returning Err prints "Error: " and the error's Debug form;
// anyhow's Debug form adds a "Caused by:" list.

// rustPanic parses a panic starting at ls[i] ("thread '...' panicked at").
func (p *parser) rustPanic(ls []line, i int) int {
	tt := ls[i].trimmed()
	k := strings.Index(tt, " panicked at ")
	if k < 0 {
		return i
	}
	rest := tt[k+len(" panicked at "):]
	e := Exception{Language: Rust, Kind: KindPanic, Line: int(ls[i].no)}
	var at Frame
	j := i + 1
	if strings.HasPrefix(rest, "'") {
		// Old form: the message is quoted and the location follows it,
		// possibly several lines later.
		body := []string{rest[1:]}
		for {
			last := body[len(body)-1]
			if msg, loc, ok := cutRustOldLocation(last); ok {
				body[len(body)-1] = msg
				at = loc
				break
			}
			if j >= len(ls) || len(body) >= maxMessageLines {
				break
			}
			body = append(body, ls[j].text)
			j++
		}
		e.Message = strings.Join(body, "\n")
	} else {
		path, ln, col, ok := splitLocation(strings.TrimSuffix(rest, ":"))
		if ok {
			at = Frame{Path: strings.TrimPrefix(path, "./"), Line: ln, Column: col}
		}
		var msg []string
		for ; j < len(ls) && len(msg) < maxMessageLines; j++ {
			u := ls[j].text
			if ls[j].blank() || ls[j].logged() || strings.HasPrefix(u, "note: ") || u == "stack backtrace:" ||
				strings.HasPrefix(u, "thread '") {
				break
			}
			msg = append(msg, u)
		}
		e.Message = strings.Join(msg, "\n")
	}
	var frames []Frame
	for j < len(ls) {
		u := ls[j].text
		switch {
		case strings.HasPrefix(u, "note: "):
			j++
			continue
		case u == "stack backtrace:":
			frames, j = parseRustBacktrace(ls, j+1)
			continue
		}
		break
	}
	e.Frames = rustFrames(frames, at)
	p.add(e)
	return j
}

// cutRustOldLocation splits "msg', src/main.rs:2:5" at its last "', ".
func cutRustOldLocation(body string) (string, Frame, bool) {
	k := strings.LastIndex(body, "', ")
	if k < 0 {
		return "", Frame{}, false
	}
	path, ln, col, ok := splitLocation(strings.TrimSpace(body[k+3:]))
	if !ok || strings.ContainsAny(path, " \t") {
		return "", Frame{}, false
	}
	return body[:k], Frame{Path: strings.TrimPrefix(path, "./"), Line: ln, Column: col}, true
}

// parseRustBacktrace parses "  N: function" lines, each optionally followed
// by "      at path:line:col" (and the "0x55c1416156ba - " address of
// RUST_BACKTRACE=full). Frames are returned innermost first.
func parseRustBacktrace(ls []line, j int) ([]Frame, int) {
	var frames []Frame
	for j < len(ls) {
		tt := ls[j].trimmed()
		num, fn, ok := strings.Cut(tt, ": ")
		if _, isNum := atoi(num); !ok || !isNum {
			break
		}
		fn = strings.TrimSpace(fn)
		if strings.HasPrefix(fn, "0x") {
			if k := strings.Index(fn, " - "); k > 0 {
				fn = fn[k+3:]
			}
		}
		f := Frame{Function: rustDemangle(fn)}
		j++
		if j < len(ls) {
			if loc, ok := strings.CutPrefix(ls[j].trimmed(), "at "); ok {
				if path, ln, col, ok := splitLocation(loc); ok {
					f.Path, f.Line, f.Column = strings.TrimPrefix(path, "./"), ln, col
				}
				j++
			}
		}
		frames = append(frames, f)
	}
	return frames, j
}

// rustDemangle removes the crate hashes of RUST_BACKTRACE=full
// ("std[e28293b1aa0f68bd]::panicking" → "std::panicking") and the legacy
// "::h0123456789abcdef" suffix.
func rustDemangle(fn string) string {
	if k := strings.LastIndex(fn, "::h"); k > 0 && len(fn)-k == 19 {
		fn = fn[:k]
	}
	if !strings.Contains(fn, "[") {
		return fn
	}
	var b strings.Builder
	for k := 0; k < len(fn); k++ {
		if fn[k] == '[' {
			if end := strings.IndexByte(fn[k:], ']'); end == 17 && isHex(fn[k+1:k+17]) {
				k += end
				continue
			}
		}
		b.WriteByte(fn[k])
	}
	return b.String()
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// rustPanicMachinery are the function prefixes of the panic runtime.
var rustPanicMachinery = []string{
	"rust_begin_unwind", "__rustc::rust_begin_unwind", "core::panicking::", "std::panicking::",
	"std::rt::begin_panic", "core::result::unwrap_failed", "core::option::expect_failed",
	"core::option::unwrap_failed", "std::sys::backtrace", "std::backtrace_rs", "std::sys_common::backtrace",
	"__rust_end_short_backtrace", "std::sys::backtrace::__rust_end_short_backtrace",
}

// rustFrames turns a printed backtrace (innermost first) and the panic's
// location into outermost-first frames. The frames innermost of the one at
// the panic location are code the panic passed through: the standard
// library's (unwrap, expect, the panic machinery) are marked Internal, and
// so is a frame without a source line; a frame of other code with its
// source line stays, since a #[track_caller] function (an Index impl, a
// crate's checked constructor) reports its caller's line while its own
// panic! is the one that ran. When the backtrace does not show the
// location, it is added as the innermost frame.
func rustFrames(bt []Frame, at Frame) []Frame {
	found := -1
	if at.Path != "" {
		for k, f := range bt {
			if f.Line == at.Line && f.Path != "" && (strings.HasSuffix(f.Path, at.Path) || strings.HasSuffix(at.Path, f.Path)) {
				found = k
				break
			}
		}
	}
	for k := range bt {
		if k < found && (bt[k].Path == "" || rustStdFrame(bt[k])) {
			bt[k].Internal = true
			continue
		}
		for _, m := range rustPanicMachinery {
			if strings.HasPrefix(bt[k].Function, m) {
				bt[k].Internal = true
			}
		}
	}
	if found < 0 && at.Path != "" {
		bt = append([]Frame{at}, bt...)
	} else if found >= 0 && bt[found].Column == 0 {
		bt[found].Column = at.Column
	}
	reverseFrames(bt)
	return bt
}

// rustStdFrame reports whether f is code of the standard library: its
// source is under the toolchain's /rustc/<commit>/ (or a rust-src copy's
// library/), or its function is a path in core, alloc or std.
func rustStdFrame(f Frame) bool {
	p := strings.ReplaceAll(f.Path, "\\", "/")
	if strings.HasPrefix(p, "/rustc/") || strings.Contains(p, "/library/core/") || strings.Contains(p, "/library/alloc/") ||
		strings.Contains(p, "/library/std/") {
		return true
	}
	fn := strings.TrimPrefix(f.Function, "<")
	for _, c := range []string{"core::", "alloc::", "std::", "__rustc::"} {
		if strings.HasPrefix(fn, c) {
			return true
		}
	}
	return false
}

// maxRustErrorLines bounds the message lines of an "Error: " report.
const maxRustErrorLines = 20

// rustError parses "Error: ..." printed by a main returning Err: anyhow's
// form with a "Caused by:" list, or a Debug value such as
// "Error: ParseIntError { kind: InvalidDigit }". Other "Error: " lines are
// left to the JavaScript parser and the loose candidates.
func (p *parser) rustError(ls []line, i int) int {
	msg := strings.TrimPrefix(ls[i].text, "Error: ")
	j := i + 1
	var msgLines []string
	for j < len(ls) && !ls[j].blank() && !ls[j].isAt() && len(msgLines) < maxRustErrorLines && indent(ls[j].text) == 0 &&
		ls[j].text != "Caused by:" && !strings.HasPrefix(ls[j].text, "Error: ") {
		msgLines = append(msgLines, ls[j].text)
		j++
	}
	k := j
	for k < len(ls) && k-j < 2 && ls[k].blank() {
		k++
	}
	hasCauses := k < len(ls) && ls[k].text == "Caused by:"
	typ := rustDebugType(msg)
	if !hasCauses && (typ == "" || len(msgLines) > 0) {
		return i
	}
	if len(msgLines) > 0 {
		msg += "\n" + strings.Join(msgLines, "\n")
	}
	e := Exception{Language: Rust, Kind: KindError, Message: msg, Line: int(ls[i].no)}
	if typ != "" {
		e.Type, e.TypeInferred = typ, true
	}
	parent := p.add(e)
	if !hasCauses {
		return j
	}
	j = k + 1
	for j < len(ls) && indent(ls[j].text) > 0 && !ls[j].blank() {
		tt := ls[j].trimmed()
		if num, rest, ok := strings.Cut(tt, ": "); ok {
			if _, isNum := atoi(num); isNum {
				tt = rest
			}
		}
		w := indent(ls[j].text)
		no := int(ls[j].no)
		j++
		// A cause's own later lines are indented deeper.
		for j < len(ls) && indent(ls[j].text) > w+2 && !ls[j].blank() {
			tt += "\n" + ls[j].trimmed()
			j++
		}
		parent = p.add(Exception{Language: Rust, Kind: KindError, Message: tt, Line: no, Link: LinkCauseOf, Parent: parent})
	}
	return j
}

// rustDebugType returns the type name of a Debug-formatted value
// "Name { field: ... }" or "Name(...)", or "".
func rustDebugType(s string) string {
	k := strings.IndexAny(s, " ({")
	if k <= 0 {
		return ""
	}
	name := s[:k]
	rest := s[k:]
	if !(strings.HasPrefix(rest, " { ") && strings.HasSuffix(rest, " }") || strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")")) {
		return ""
	}
	if !isDottedIdent(strings.ReplaceAll(name, "::", ".")) || name[0] < 'A' || name[0] > 'Z' {
		return ""
	}
	return name
}
