package errdex

import (
	"errors"
	"fmt"
)

// ErrorKind classifies an error by what the caller can do about it. The web
// package maps each kind to one HTTP status in a single table; the CLI maps
// kinds to exit codes.
type ErrorKind uint8

// The error kinds. Internal is the zero value so that an unclassified error
// is never mistaken for a user mistake.
const (
	Internal    ErrorKind = iota // a bug or an infrastructure failure
	Invalid                      // bad input from the user
	NotFound                     // the thing asked for does not exist
	TooLarge                     // input over a documented limit
	RateLimited                  // the caller must slow down
	Unavailable                  // a dependency (database, LLM server) cannot be reached
	Conflict                     // the operation conflicts with stored state
	Canceled                     // the caller gave up (context canceled or deadline exceeded)
)

var kindNames = [...]string{
	Internal:    "internal error",
	Invalid:     "invalid input",
	NotFound:    "not found",
	TooLarge:    "too large",
	RateLimited: "rate limited",
	Unavailable: "unavailable",
	Conflict:    "conflict",
	Canceled:    "canceled",
}

// String returns a short human description of the kind.
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// Error is the error type of errdex operations. Op names the operation that
// failed ("sqlite.Site", "walk"), Kind classifies it, and Err is the cause.
// Each layer wraps once, adding its Op; Kind is inherited from the innermost
// *Error when left as Internal.
type Error struct {
	Op   string
	Kind ErrorKind
	Err  error
}

// E builds an *Error. It is shorthand for &Error{Op: op, Kind: kind, Err: err}.
func E(op string, kind ErrorKind, err error) *Error {
	return &Error{Op: op, Kind: kind, Err: err}
}

// Errorf builds an *Error whose cause is formatted like fmt.Errorf, so %w
// works in format.
func Errorf(op string, kind ErrorKind, format string, args ...any) *Error {
	return &Error{Op: op, Kind: kind, Err: fmt.Errorf(format, args...)}
}

// Error renders "op: cause".
func (e *Error) Error() string {
	switch {
	case e.Op == "" && e.Err == nil:
		return e.Kind.String()
	case e.Err == nil:
		return e.Op + ": " + e.Kind.String()
	case e.Op == "":
		return e.Err.Error()
	}
	return e.Op + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// KindOf reports the kind of err: the Kind of the outermost *Error in the
// chain that is not Internal, Canceled for context cancellation, and Internal
// otherwise.
func KindOf(err error) ErrorKind {
	for err != nil {
		var e *Error
		if !errors.As(err, &e) {
			break
		}
		if e.Kind != Internal {
			return e.Kind
		}
		err = e.Err
	}
	if isContextErr(err) {
		return Canceled
	}
	return Internal
}
