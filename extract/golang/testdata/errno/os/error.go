package os

import (
	"fmt"

	"example.com/m/sys"
)

type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

// A file of every build reads the constant of the most widely built file
// (darwin's and linux's are as wide: the first in path order).
func Remove(name string) error {
	return &PathError{Op: "remove", Path: name, Err: sys.EINVAL}
}

// A constant whose value indexes a table without keys.
func Run() error {
	return fmt.Errorf("run: %w", sys.CodeCanceled)
}
