package flow

import (
	"errors"
	"fmt"
	"os"
)

type Addr interface{ String() string }

// OpError is net.OpError: a message built by appends under conditions,
// two of them on the same condition.
type OpError struct {
	Op     string
	Net    string
	Source Addr
	Addr   Addr
	Err    error
}

func (e *OpError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := e.Op
	if e.Net != "" {
		s += " " + e.Net
	}
	if e.Source != nil {
		s += " " + e.Source.String()
	}
	if e.Addr != nil {
		if e.Source != nil {
			s += "->"
		} else {
			s += " "
		}
		s += e.Addr.String()
	}
	s += ": " + e.Err.Error()
	return s
}

// Sequence: appends in one block compose; if/else is one of two.
func Sequence(verbose bool, name string) error {
	msg := "open"
	if verbose {
		msg += " " + name
		msg += " (verbose)"
	} else {
		msg = "open failed"
	}
	return errors.New(msg)
}

// Returned: a branch that returns does not flow on.
func Returned(n int) error {
	msg := "bad count"
	if n < 0 {
		msg = "negative count"
		return errors.New(msg)
	}
	if n > 10 {
		msg += " (too large)"
	}
	return errors.New(msg)
}

// Shadowed: an inner := is another variable.
func Shadowed(c bool) error {
	msg := "outer"
	if c {
		msg := "inner"
		_ = msg
	}
	return errors.New(msg)
}

// Switched: one case, or none without a default.
func Switched(k int) error {
	reason := "unknown"
	switch k {
	case 1:
		reason = "one"
	case 2:
		reason = "two"
		fallthrough
	case 3:
		reason += " or three"
	case 4:
		return nil
	}
	if k > 9 {
		return errors.New("kind: " + reason)
	}
	return fmt.Errorf("kind %d: %s", k, reason)
}

// Looped: zero or one pass of the body; a break carries its value out.
func Looped(names []string) error {
	list := "names:"
	for _, n := range names {
		if n == "" {
			list += " (empty)"
			break
		}
		list += " " + n
	}
	return errors.New(list)
}

// Forever leaves its loop only by the break.
func Forever() error {
	msg := "start"
	for {
		msg = "waited"
		if _, err := os.Stat("x"); err == nil {
			break
		}
	}
	return errors.New(msg)
}

// SelfRef reads its own value before the assignment.
func SelfRef(op string) error {
	msg := "failed"
	msg = op + ": " + msg
	msg = msg + "!"
	return errors.New(msg)
}

// InClosure uses the variable inside a closure.
func InClosure() func() error {
	what := "closed"
	return func() error {
		return errors.New("file " + what)
	}
}
