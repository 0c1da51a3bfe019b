// An Error method printing a field of type error with %s: the hole holds
// another error's message (a wrapped chain), as %w would.
package u

import "fmt"

type Error struct {
	Op  string
	URL string
	Err error
}

func (e *Error) Error() string { return fmt.Sprintf("%s %q: %s", e.Op, e.URL, e.Err) }

type escapeError string

func (e escapeError) Error() string { return "invalid URL escape " + string(e) }

func Parse(u string) error {
	if u == "" {
		return &Error{"parse", u, escapeError(u)}
	}
	return nil
}
