// Package varformat passes a helper a format built in a variable, with
// text appended under a condition: each of the variable's values is a
// format applied to the call's arguments.
package varformat

import "fmt"

// Error is a classified error.
type Error struct {
	Kind    int
	Message string
}

func (e *Error) Error() string { return e.Message }

func newErrorf(kind int, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// convertError says which option could not take its value.
func convertError(option, want string, err error) *Error {
	s := "cannot convert value of option %q"
	if want != "" {
		s = s + " (want " + want + ")"
	}
	return newErrorf(3, s+": %v", option, err)
}
