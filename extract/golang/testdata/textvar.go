// Package textvar passes a helper a local variable that holds text,
// chosen by a condition: the call is a site with each of its messages.
package textvar

import (
	"fmt"
	"strings"
)

// Error is a classified error.
type Error struct {
	Kind    int
	Message string
}

func (e *Error) Error() string { return e.Message }

func newError(kind int, message string) *Error {
	return &Error{Kind: kind, Message: message}
}

// missing names the required settings that were not given.
func missing(names []string) error {
	var msg string
	if len(names) == 1 {
		msg = fmt.Sprintf("the required setting %s is missing", names[0])
	} else {
		msg = fmt.Sprintf("the required settings %s are missing", strings.Join(names, ", "))
	}
	return newError(2, msg)
}
