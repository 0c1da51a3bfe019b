package flag

import (
	"errors"
	"fmt"
	"io"
	"os"
)

type FlagSet struct {
	output io.Writer
	Usage  func()
}

func (f *FlagSet) Output() io.Writer {
	if f.output == nil {
		return os.Stderr
	}
	return f.output
}

func (f *FlagSet) usage() {}

// sprintf is a printf wrapper through a local variable: its calls read as
// fmt.Sprintf.
func (f *FlagSet) sprintf(format string, a ...any) string {
	msg := fmt.Sprintf(format, a...)
	fmt.Fprintln(f.Output(), msg)
	return msg
}

// failf is a helper whose message is sprintf's: its format parameter.
func (f *FlagSet) failf(format string, a ...any) error {
	msg := f.sprintf(format, a...)
	f.usage()
	return errors.New(msg)
}

func (f *FlagSet) parseOne(name string, hasValue bool) (bool, error) {
	if name == "" {
		return false, f.failf("bad flag syntax: %s", name)
	}
	if !hasValue {
		return false, f.failf("flag needs an argument: -%s", name)
	}
	return false, f.failf("flag provided but not defined: -%s", name)
}

// Var panics with a message a wrapper formats.
func (f *FlagSet) Var(name string) {
	msg := f.sprintf("flag redefined: %s", name)
	panic(msg)
}

// quoted returns fmt.Sprintf directly; a function wrapper.
func quoted(format string, args ...any) string {
	return fmt.Sprintf("%q", fmt.Sprintf(format, args...))
}

// direct returns fmt.Sprintf(format, args...) itself.
func direct(format string, args ...any) string {
	return fmt.Sprintf(format, args...)
}

func check(n int) error {
	if n < 0 {
		return errors.New(direct("negative count %d", n))
	}
	return errors.New(quoted("not a wrapper %d", n)) // quoted formats its result again
}
