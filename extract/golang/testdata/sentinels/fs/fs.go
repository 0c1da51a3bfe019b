package fs

import "example.com/std/internal/oserror"

// Sentinels defined by getters: the value is what the function returns.
var (
	ErrInvalid  = errInvalid()
	ErrNotExist = errNotExist()
	// ErrLoop is a cycle of aliases: it stays a hole.
	ErrLoop  = errLoop2
	errLoop2 = ErrLoop
)

func errInvalid() error  { return oserror.ErrInvalid }
func errNotExist() error { return oserror.ErrNotExist }

type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }
