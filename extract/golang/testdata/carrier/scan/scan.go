package scan

import (
	"fmt"

	"example.com/carrier/errs"
)

type token struct {
	err  error
	line int
}

type scanner struct {
	out  chan token
	done bool
	line int
}

type entry struct {
	name string
}

// failf sends its error in a token, a value of a type that is no error:
// the tokens do not count as sites of the helper, the errors do.
func (sc *scanner) failf(format string, args ...any) {
	if sc.done {
		sc.out <- token{err: fmt.Errorf(format, args...), line: sc.line - 1}
		return
	}
	sc.out <- token{err: fmt.Errorf(format, args...), line: sc.line}
}

// lookup has a site more than a helper may only with its entry literal,
// which is no error.
func lookup(op, name string, gone, dir bool) (*entry, error) {
	if gone {
		return nil, fmt.Errorf("%s %s: %w", op, name, errs.ErrMissing)
	}
	if dir {
		return nil, fmt.Errorf("%s %s: is a directory", op, name)
	}
	if name == "" {
		return nil, fmt.Errorf("%s: empty name", op)
	}
	return &entry{name: name}, nil
}

func scanKey(sc *scanner, r rune) {
	sc.failf("expected '=' after key, got %q", r)
}

func (sc *scanner) scanValue(r rune) {
	sc.failf("unexpected %q at start of value", r)
}
