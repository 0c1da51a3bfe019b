package scan

import "strconv"

// SyntaxError is positional: a message and an offset.
type SyntaxError struct {
	msg    string
	Offset int64
}

func (e *SyntaxError) Error() string { return e.msg }

// TypeError is keyed.
type TypeError struct {
	Value string
	Type  string
}

func (e *TypeError) Error() string { return "scan: cannot unmarshal " + e.Value + " into " + e.Type }

// EscapeError is a conversion.
type EscapeError string

func (e EscapeError) Error() string { return "invalid escape " + strconv.Quote(string(e)) }

// point is not an error: its values are no sites.
type point struct{ X, Y int }
