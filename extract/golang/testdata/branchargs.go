// Package branchargs calls helpers that choose their message by a
// parameter with constants: a call takes the messages of the branches its
// constant can take, and a helper's site the constants of the callers
// that reach it.
package branchargs

import (
	"errors"
	"fmt"
)

func bad(kind string) error {
	if kind == "x" {
		return errors.New("kind x is not supported")
	}
	return fmt.Errorf("%s is not a kind", kind)
}

func UseX() error { return bad("x") }

func UseY() error { return bad("y") }

// limit's sites are under conditions on n, an int.
func limit(what string, n int) error {
	switch n {
	case 0:
		return fmt.Errorf("%s: no limit", what)
	case 1:
		return fmt.Errorf("%s: limit of one", what)
	}
	return fmt.Errorf("%s: limit %d", what, n)
}

func NoLimit() error { return limit("queue", 0) }

func Limit8() error { return limit("queue", 8) }

// again assigns kind before it compares it: the comparison says nothing
// of the argument.
func again(kind string) error {
	kind = kind + "!"
	if kind == "x" {
		return errors.New("again: kind x")
	}
	return fmt.Errorf("again: %s", kind)
}

func AgainX() error { return again("x") }

// pass passes its parameter on to choose, whose callers' constants are
// bound only to the branches they can take.
func choose(mode, name string) error {
	if mode == "r" {
		return fmt.Errorf("cannot read %s", name)
	}
	return fmt.Errorf("cannot %s %s", mode, name)
}

func pass(mode, name string) error { return choose(mode, name) }

func dispatch(mode, name string, n int) error {
	if n > 0 {
		return pass(mode, name)
	}
	return choose(mode, "?")
}

func Read(name string, n int) error { return dispatch("r", name, n) }

func Write(name string, n int) error { return dispatch("w", name, n) }

// fail chooses between two helpers, so its calls are no sites: the
// constants its callers pass reach the helpers' sites, each only those
// that its branch can take.
func openErr(mode, name string) error {
	if mode == "r" {
		return fmt.Errorf("cannot open %s for reading", name)
	}
	return fmt.Errorf("cannot open %s for %s", name, mode)
}

func statErr(mode, name string) error { return fmt.Errorf("cannot stat %s (%s)", name, mode) }

func fail(mode, name string, stat bool) error {
	if stat {
		return statErr(mode, name)
	}
	return openErr(mode, name)
}

func OpenRead(name string) error { return fail("r", name, false) }

func OpenWrite(name string) error { return fail("w", name, false) }
