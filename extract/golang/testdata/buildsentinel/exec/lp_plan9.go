package exec

import "errors"

// ErrNotFound of plan9 builds: comes first in path order.
var ErrNotFound = errors.New("executable file not found in $path")

func lookPath(file string) error { return &Error{file, ErrNotFound} }
