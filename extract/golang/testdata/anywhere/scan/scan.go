package scan

type scanner struct {
	err  error
	errs []error
	at   point
}

// fail keeps a literal in a field.
func (s *scanner) fail(c byte, context string) int {
	s.err = &SyntaxError{"invalid character " + string(c) + " " + context, 0}
	return 1
}

func (s *scanner) save(err error) {
	if s.err == nil {
		s.err = err
	}
}

// decode passes literals as arguments, appends one, keeps a point.
func (s *scanner) decode(v string, n int) {
	if n == 0 {
		s.save(&TypeError{Value: "string", Type: v})
	}
	s.at = point{1, 2}
	s.errs = append(s.errs, &TypeError{"number", v})
	var e error = EscapeError(v)
	s.save(e)
}

// unescape assigns a conversion to an error variable and calls a
// function named like an error type, which is no conversion.
func unescape(v string) error {
	err := EscapeError(v[:3])
	if len(v) > 3 {
		err = escapeErr(v)
	}
	return err
}

func escapeErr(v string) error { return EscapeError(v) }

// several returns a literal as one of several results, and one within a
// closure whose result type is not the function's.
func several(v string) (int, func() error, error) {
	f := func() error { return &SyntaxError{msg: "in closure " + v} }
	return 0, f, &TypeError{Value: "bool", Type: v}
}

// table holds literals as elements.
var table = map[string]error{
	"eof": &SyntaxError{msg: "unexpected end of input"},
}

// nested wraps one literal in another: two constructions, two sites.
func nested(v string) error {
	return &TypeError{Value: "object", Type: (&SyntaxError{msg: "inner"}).Error()}
}
