package grown

// Error's message is its field's: a value built on several paths gives
// each of its messages.
type Error struct {
	Pos int
	Msg string
}

func (e *Error) Error() string { return "grown: " + e.Msg }

// expected's message grows on some paths: both are its messages, and a
// call's.
func expected(pos int, what, found string) error {
	msg := "expected " + what
	if found != "" {
		msg += ", found '" + found + "'"
	}
	return &Error{pos, msg}
}

func operand(pos int, tok string) error { return expected(pos, "operand", tok) }

// keyed chooses its message on each path.
func keyed(eof bool) error {
	msg := "unexpected token"
	if eof {
		msg = "unexpected end of input"
	}
	return &Error{Pos: 1, Msg: msg}
}

// named's value may be empty: no message of its own, its field a hole.
func named(ok bool, name string) error {
	var path string
	if ok {
		path = name
	}
	return &Error{Msg: path}
}
