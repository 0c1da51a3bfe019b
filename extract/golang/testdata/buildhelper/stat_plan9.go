package fsx

import "errors"

// PathError records an operation, a path and the error.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

var errPlan9 = errors.New("plan9 says no")

// lstatNolog of plan9 has no lstat: it stats.
func lstatNolog(name string) error {
	return &PathError{Op: "stat", Path: name, Err: errPlan9}
}
