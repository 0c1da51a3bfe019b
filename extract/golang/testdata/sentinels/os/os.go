package os

import (
	"errors"
	"fmt"

	"example.com/std/fs"
)

var (
	ErrInvalid  = fs.ErrInvalid
	ErrNotExist = fs.ErrNotExist
	// ErrNoDeadline is a getter of this package.
	ErrNoDeadline = errNoDeadline()
	errTimeout    = errors.New("i/o timeout")
)

func errNoDeadline() error { return errTimeout }

type PathError = fs.PathError

func Open(name string, e error) error {
	switch {
	case name == "":
		return &PathError{Op: "open", Path: name, Err: ErrInvalid}
	case name == "-":
		return &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	case name == "loop":
		return &PathError{Op: "open", Path: name, Err: fs.ErrLoop}
	case name == "deadline":
		return fmt.Errorf("set deadline on %s: %w", name, ErrNoDeadline)
	}
	return &PathError{Op: "open", Path: name, Err: e}
}
