// Package errkind turns the errors of store operations into errdex.Error
// values with the kind a caller can act on. It does the part every store
// does alike (errors already classified, canceled contexts); each store
// passes a function that knows its driver's own errors.
package errkind

import (
	"context"
	"errors"

	"github.com/errdex/errdex"
)

// Driver classifies an error of a store's database driver for the
// operation op, with a message that says what to do, or returns nil when
// it does not know the error.
type Driver func(op string, err error) error

// Classify returns err as an error of the store operation op: nil for
// nil; err itself when it is an *errdex.Error already (classified where
// it was made); Canceled for a context's error; what driver makes of it;
// and Internal for anything driver does not know.
func Classify(op string, err error, driver Driver) error {
	if err == nil {
		return nil
	}
	var e *errdex.Error
	if errors.As(err, &e) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return errdex.E(op, errdex.Canceled, err)
	}
	if c := driver(op, err); c != nil {
		return c
	}
	return errdex.E(op, errdex.Internal, err)
}

// Fail is Classify for an operation run with ctx: once ctx is done, the
// error is Canceled, whatever the database returned after it (a broken
// connection, an aborted statement).
func Fail(ctx context.Context, op string, err error, driver Driver) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		var e *errdex.Error
		if errors.As(err, &e) && e.Kind == errdex.Canceled {
			return err
		}
		return errdex.E(op, errdex.Canceled, ctx.Err())
	}
	return Classify(op, err, driver)
}
