package syntax

// Error's message reads its Code through a String method without text of
// its own: a value's Code constant stays in the message.
type Error struct {
	Code ErrorCode
	Expr string
}

func (e *Error) Error() string {
	return "error parsing regexp: " + e.Code.String() + ": `" + e.Expr + "`"
}

type ErrorCode string

const ErrMissingParen ErrorCode = "missing closing )"

func (e ErrorCode) String() string { return string(e) }

func parse(s string) error {
	return &Error{ErrMissingParen, s}
}
