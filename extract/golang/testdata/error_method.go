package fs

import (
	"errors"
	"strconv"
)

var ErrSyntax = errors.New("invalid syntax")
var ErrRange = errors.New("value out of range")

// PathError records an error and the operation and file path that caused it.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

// NumError records a failed conversion.
type NumError struct {
	Func string
	Num  string
	Err  error
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": " + "parsing " + strconv.Quote(e.Num) + ": " + e.Err.Error()
}

func syntaxError(fn, str string) *NumError {
	return &NumError{fn, str, ErrSyntax}
}

func rangeError(fn, str string) *NumError {
	return &NumError{Func: fn, Num: str, Err: ErrRange}
}

func Open(name string) (*File, error) {
	err := errors.New("not yet")
	return nil, &PathError{Op: "open", Path: name, Err: err}
}

type File struct{ name string }

func NewFile(name string) (*File, error) {
	return &File{name: name}, nil // not an error type: dropped
}

// Code is an error code.
type Code int

func (c Code) Error() string {
	switch c {
	case 1:
		return "code one"
	case 2:
		return "code two"
	}
	return "code " + strconv.Itoa(int(c))
}

// Errno is a system error number.
type Errno uintptr

func (e Errno) Error() string {
	if 0 <= int(e) && int(e) < len(errorTable) {
		s := errorTable[e]
		if s != "" {
			return s
		}
	}
	return "errno " + strconv.Itoa(int(e))
}

var errorTable = [...]string{
	1: "operation not permitted",
	2: "no such file or directory",
}

type opaque struct{ msg string }

func (o opaque) Error() string { return o.msg }

func fail() error { return opaque{msg: "opaque failure"} }

// AddrError has a nil guard, which is not its message.
type AddrError struct{ Err, Addr string }

func (e *AddrError) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "address " + e.Addr + ": " + e.Err
}

type internalOnly string

func (internalOnly) Error() string { panic("not user-visible") }
