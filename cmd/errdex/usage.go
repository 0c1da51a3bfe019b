package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// usageError is a mistake in how a command was called: exit code 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func isUsageError(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// args returns a cobra argument validator that accepts between min and max
// arguments (max < 0: no limit) and reports a usage error otherwise.
func args(min, max int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		switch {
		case len(a) < min:
			return usageError{fmt.Errorf("%s: missing argument; usage: %s", cmd.Name(), cmd.UseLine())}
		case max >= 0 && len(a) > max:
			return usageError{fmt.Errorf("%s: too many arguments (%d); usage: %s", cmd.Name(), len(a), cmd.UseLine())}
		}
		return nil
	}
}

func flagError(cmd *cobra.Command, err error) error {
	return usageError{fmt.Errorf("%s: %w", cmd.Name(), err)}
}

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
