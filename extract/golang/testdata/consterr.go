// Package consterr declares its errors as constants of a string type
// with an Error method: text declared with the type, or converted to it.
// Each constant is a sentinel site; a constant of another type is not.
package consterr

type constError string

func (e constError) Error() string { return string(e) }

const (
	// ErrInvalidID is text declared with the error type.
	ErrInvalidID constError = "consterr: invalid ID"
	// ErrTooLong converts its text.
	ErrTooLong = constError("consterr: ID too long")
	// prefix is plain text: no site.
	prefix string = "consterr: "
)

// Parse checks an ID.
func Parse(s string) error {
	switch {
	case s == "":
		return ErrInvalidID
	case len(s) > 20:
		return ErrTooLong
	}
	return nil
}
