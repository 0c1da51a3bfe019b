package spreadformat

import (
	"errors"
	"fmt"
)

var ErrBadRequest = errors.New("bad request")

// wrapReason builds its format and its arguments together, the causes
// appended in a loop.
func wrapReason(reason string, kind error, causes ...error) error {
	var layout string
	var vals []any
	if reason != "" {
		layout = "%w (%s)"
		vals = []any{kind, reason}
	} else {
		layout = "%w"
		vals = []any{kind}
	}
	for _, c := range causes {
		layout += "; %w"
		vals = append(vals, c)
	}
	return fmt.Errorf(layout, vals...)
}

func handle(n int, err error) error {
	if n < 0 {
		return wrapReason("negative size", ErrBadRequest)
	}
	return wrapReason("unreadable body", ErrBadRequest, err)
}

// describe's format ends in text it does not know.
func describe(name string, verbose bool, extra string) error {
	format := "bad value %q"
	if verbose {
		format += extra
	}
	return fmt.Errorf(format, name)
}
