package errnamedtext

import "fmt"

// Formats kept in variables named like errors, as go-urn's generated
// parser keeps them: untyped strings, so text.
var (
	errPrefix = "expecting the prefix to be the \"urn\" string [col %d]"
	errJoined = "expecting " + "an identifier [col %d]"
)

// strErr is an error type whose values are strings.
type strErr string

func (e strErr) Error() string { return string(e) }

// errTyped is an error value, not a format.
var errTyped strErr = "typed %d"

type machine struct {
	err error
	p   int
}

func (m *machine) parse(s string) error {
	switch s {
	case "":
		m.err = fmt.Errorf(errPrefix, m.p)
	case "-":
		m.err = fmt.Errorf(errJoined, m.p)
	default:
		m.err = fmt.Errorf(string(errTyped), m.p)
	}
	return m.err
}
