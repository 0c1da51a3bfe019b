//go:build unix

package exec

import "errors"

// ErrNotFound of unix builds: references in unix files read it.
var ErrNotFound = errors.New("executable file not found in $PATH")

func lookPath(file string) error { return &Error{file, ErrNotFound} }
