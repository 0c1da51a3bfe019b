package calledlit

import (
	"errors"
	"fmt"
	"os"
)

var detrand bool

// prefix is "proto: " with a regular or a non-breaking space.
var prefix = func() string {
	if detrand {
		return "proto:\u00a0"
	}
	return "proto: "
}()

type prefixError struct{ s string }

func (e *prefixError) Error() string { return prefix + e.s }

func newErr(f string, x ...any) error { return &prefixError{s: fmt.Sprintf(f, x...)} }

var NotFound = newErr("not found")

// kind is built in a local of the literal.
var kind = func() string {
	k := "plain"
	if detrand {
		k = "random"
	}
	return k
}()

func badKind(v string) error { return fmt.Errorf("%s kind: bad value %q", kind, v) }

// home is what the environment says: a value.
var home = func() string { return os.Getenv("HOME") }()

func noHome() error { return errors.New("no home " + home) }

// mode is set by a literal and changed later: a value.
var mode = func() string { return "fast" }()

func init() {
	if detrand {
		mode = "slow"
	}
}

func badMode() error { return errors.New("bad mode " + mode) }
