// Package cty declares a path whose methods build errors, as go-cty's
// cty.Path does.
package cty

import "fmt"

// Path locates a value.
type Path []string

// PathError is an error at a path.
type PathError struct {
	error
	Path Path
}

func errorf(path Path, f string, args ...any) error {
	return PathError{
		error: fmt.Errorf(f, args...),
		Path:  path,
	}
}

// NewErrorf makes an error at p.
func (p Path) NewErrorf(f string, args ...any) error {
	return errorf(p, f, args...)
}
