package xml

// SyntaxError has a line.
type SyntaxError struct {
	Msg  string
	Line int
}

func (e *SyntaxError) Error() string {
	return "XML syntax error on line " + itoa(e.Line) + ": " + e.Msg
}

func itoa(n int) string { return "" }

type Decoder struct{ line int }

// syntaxError is a method helper: its site is a literal of an error type,
// whose message Link settles first.
func (d *Decoder) syntaxError(msg string) error {
	return &SyntaxError{Msg: msg, Line: d.line}
}

func (d *Decoder) Token(name string) error {
	if name == "" {
		return d.syntaxError("unexpected EOF")
	}
	return d.syntaxError("element <" + name + "> closed")
}
