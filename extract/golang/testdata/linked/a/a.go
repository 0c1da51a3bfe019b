package a

import "errors"

var ErrX = errors.New("a: x happened")

type E struct {
	Op  string
	Err error
}

func (e *E) Error() string { return "a." + e.Op + ": " + e.Err.Error() }
