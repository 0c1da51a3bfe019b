// Package paren passes expressions that are no operands to helpers and
// error types whose messages read them inside larger expressions: the
// holes read them parenthesised.
package paren

import (
	"fmt"
	"strconv"
)

func tooShort(what string, n int) error {
	return fmt.Errorf("%s needs %d bytes, has %s", what, n*2, strconv.Itoa(n))
}

func Read(buf []byte, a, b int) error {
	if len(buf) < (a+b)*2 {
		return tooShort("header", a+b)
	}
	return nil
}

type SizeError struct {
	Name string
	Size int
}

func (e *SizeError) Error() string {
	return "size of " + e.Name + " over by " + strconv.Itoa(e.Size-1024)
}

func Check(name string, used, free int) error {
	if used-free > 1024 {
		return &SizeError{Name: "block " + name, Size: used - free}
	}
	return nil
}
