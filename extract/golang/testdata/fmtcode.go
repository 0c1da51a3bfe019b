package fmtcode

import "fmt"

// Error formats its code, a constant holding a format, with its
// arguments (dlclark/regexp2's syntax.Error).
type Error struct {
	Code ErrorCode
	Expr string
	Args []interface{}
}

func (e *Error) Error() string {
	if len(e.Args) == 0 {
		return "error parsing regexp: " + e.Code.String() + " in `" + e.Expr + "`"
	}
	return "error parsing regexp: " + fmt.Sprintf(e.Code.String(), e.Args...) + " in `" + e.Expr + "`"
}

type ErrorCode string

const (
	ErrInvalidGroupName = "invalid group name"
	ErrUndefinedNameRef = "reference to undefined group name %v"
	ErrMalformedRef     = "(?(%v) ) malformed at %d%%"
)

func (e ErrorCode) String() string {
	return string(e)
}

type parser struct {
	pattern string
}

func (p *parser) getErr(code ErrorCode, args ...interface{}) error {
	return &Error{Code: code, Expr: p.pattern, Args: args}
}

func (p *parser) scan(name string, n int) error {
	if name == "" {
		return p.getErr(ErrInvalidGroupName)
	}
	if n < 0 {
		return p.getErr(ErrMalformedRef, name, n)
	}
	return p.getErr(ErrUndefinedNameRef, name)
}

func direct(expr string) error {
	return &Error{Code: ErrUndefinedNameRef, Expr: expr, Args: []interface{}{"x"}}
}
