// Package securecookie builds a message in a slice of parts that
// strings.Join joins.
package securecookie

import "strings"

type cookieError struct {
	msg   string
	cause error
}

func (e cookieError) Cause() error { return e.cause }

func (e cookieError) Error() string {
	parts := []string{"securecookie: "}
	if e.msg == "" {
		parts = append(parts, "error")
	} else {
		parts = append(parts, e.msg)
	}
	if c := e.Cause(); c != nil {
		parts = append(parts, " - caused by: ", c.Error())
	}
	return strings.Join(parts, "")
}

var errHashKeyNotSet = cookieError{msg: "hash key is not set"}

// usage joins with a separator: none before the first element.
func usage(flags []string, required bool) error {
	var words []string
	if required {
		words = append(words, "required")
	}
	words = append(words, "flags", strings.Join(flags, ","), "missing")
	return cookieError{msg: strings.Join(words, " ")}
}
