package strconv

import "errors"

var (
	ErrSyntax = errors.New("invalid syntax")
	ErrRange  = errors.New("value out of range")
)

type NumError struct {
	Func string
	Num  string
	Err  error
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": parsing " + e.Num + ": " + e.Err.Error()
}

func syntaxError(fn, str string) *NumError { return &NumError{fn, str, ErrSyntax} }

func rangeError(fn, str string) *NumError { return &NumError{fn, str, ErrRange} }

// toError passes its parameters on to two helpers: it chooses among
// errors, so its calls are not sites.
func toError(fn, s string, err error) error {
	switch err {
	case ErrSyntax:
		return syntaxError(fn, s)
	case ErrRange:
		return rangeError(fn, s)
	}
	return err
}

func Atoi(s string, err error) (int, error) {
	if err != nil {
		return 0, toError("Atoi", s, err)
	}
	return 0, syntaxError("Atoi", s)
}

// DecodeString's argument shows in no message, only inside a hole's
// expression: its call is not a site.
func DecodeString(s string) error { return &NumError{"DecodeString", s[1:], ErrSyntax} }

var decoded = DecodeString("3077af")
