// Package scan has fmt's (*ss).errorString: a helper that panics with the
// error it makes. Its calls carry errors.New's message but stay panics:
// the panic raises the value.
package scan

import "errors"

type scanError struct{ err error }

type ss struct{}

func (s *ss) errorString(err string) {
	panic(scanError{errors.New(err)})
}

func (s *ss) token() {
	s.errorString("unexpected EOF")
}
