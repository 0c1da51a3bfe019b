// Package file has os's (*File).wrapErr: a helper that panics on an
// unexpected error before it returns a *PathError. Its calls return the
// *PathError: they are raise sites, not panics.
package file

import (
	"errors"
	"fmt"
)

var errClosing = errors.New("use of closed file")

var checkWrapErr = false

// PathError records an error and the operation and path that caused it.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

// File is an open file.
type File struct{ name string }

func (f *File) wrapErr(op string, err error) error {
	if err == nil {
		return nil
	}
	if checkWrapErr && errors.Is(err, errClosing) {
		panic("unexpected error wrapping errClosing: " + err.Error())
	}
	return &PathError{Op: op, Path: f.name, Err: err}
}

func (f *File) read(b []byte) (int, error) { return 0, nil }

func (f *File) write(b []byte) error { return nil }

// Read's wrapErr call is a site "read {name}: {e}" of kind raise.
func (f *File) Read(b []byte) (int, error) {
	n, e := f.read(b)
	return n, f.wrapErr("read", e)
}

// opErr passes its parameters on to wrapErr: its calls carry either of
// wrapErr's messages, each with its own kind.
func (f *File) opErr(op string, err error) error {
	return f.wrapErr(op, err)
}

// Write's opErr call is a raise through two helpers.
func (f *File) Write(b []byte) error {
	return f.opErr("write", f.write(b))
}

// negative has two messages that take its argument's text, a panic's
// and an error's: its calls carry the first as their message, and take
// that message's kind, the other as an alternative.
func negative(what string, n int, strict bool) error {
	if strict {
		panic(what + " must not be negative")
	}
	return fmt.Errorf("%s is negative: %d", what, n)
}

// Seek's negative call is a panic with the error as an alternative.
func Seek(off int) error {
	if off < 0 {
		return negative("offset", off, true)
	}
	return nil
}

// mode panics for a mode it does not know. Its call's message is the
// error's, and so is its kind.
func mode(m string) error {
	if m == "strict" {
		return fmt.Errorf("mode %s is not supported", m)
	}
	panic("unknown mode " + m)
}

// Open's mode call is an errorf: "strict" makes m == "strict" hold, so
// the panic's message is no alternative (see paramConds).
func Open() error {
	return mode("strict")
}
