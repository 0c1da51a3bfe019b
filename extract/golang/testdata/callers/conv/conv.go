// Package conv makes its errors in helpers whose parameters are parts of
// the message, called with constants: the helpers' sites take the
// callers' constants as alternatives.
package conv

import (
	"errors"
	"strconv"
	"strings"
)

var (
	ErrSyntax = errors.New("invalid syntax")
	ErrRange  = errors.New("value out of range")
)

const fnParseInt = "ParseInt"

type NumError struct {
	Func string
	Num  string
	Err  error
}

func (e *NumError) Error() string {
	return "conv." + e.Func + ": parsing " + strconv.Quote(e.Num) + ": " + e.Err.Error()
}

func syntaxError(fn, str string) *NumError {
	return &NumError{fn, strings.Clone(str), ErrSyntax}
}

func rangeError(fn, str string) *NumError {
	return &NumError{fn, strings.Clone(str), ErrRange}
}

// toError passes fn and s on unchanged to two helpers: its calls are not
// sites, and their constants reach the helpers' sites.
func toError(fn, s string, err error) error {
	switch err {
	case ErrSyntax:
		return syntaxError(fn, s)
	case ErrRange:
		return rangeError(fn, s)
	}
	return err
}

// Wrap passes fn on to toError: two helpers above the sites.
func Wrap(fn, s string, err error) error {
	return toError(fn, s, err)
}

// ParseInt passes a named constant.
func ParseInt(s string) (int, error) {
	return 0, toError(fnParseInt, s, ErrSyntax)
}

// ParseBool passes a literal through Wrap.
func ParseBool(s string) (bool, error) {
	return false, Wrap("ParseBool", s, ErrSyntax)
}

// Atoi's call is a site of its own ("conv.Atoi: parsing {s}: invalid
// syntax"), so it adds nothing to syntaxError's.
func Atoi(s string) (int, error) {
	return 0, syntaxError("Atoi", s)
}

// Scan passes a value for fn, no constant, and a constant for s.
func Scan(b []byte, err error) error {
	name := string(b)
	return toError(name, "0x", err)
}

// expected changes fn before passing it on: its callers' constants are
// not toError's.
func expected(fn, s string, err error) error {
	fn = "expected " + fn
	return toError(fn, s, err)
}

func ParseExpected(s string) error {
	return expected("Float", s, ErrRange)
}

// retry and again call each other: following their callers ends.
func retry(fn, s string, n int) error {
	if n > 0 {
		return again(fn, s, n-1)
	}
	return rangeError(fn, s)
}

func again(fn, s string, n int) error {
	return retry(fn, s, n)
}

func ParseRetry(s string) error {
	return again("ParseRetry", s, 3)
}
