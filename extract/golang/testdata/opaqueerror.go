package yamlx

import "fmt"

// Token is a position in the input.
type Token struct{ Line, Col int }

// SyntaxError prints its message through a formatter the extractor does
// not follow: it reads as its Message field.
type SyntaxError struct {
	Message string
	Token   *Token
}

func (e *SyntaxError) Error() string { return e.FormatError(true, false) }

// FormatError prints the message with its position, coloured.
func (e *SyntaxError) FormatError(colored, source bool) string {
	return paint(fmt.Sprintf("[%d:%d] %s", e.Token.Line, e.Token.Col, e.Message), colored)
}

var paint func(s string, colored bool) string

// ErrSyntax makes a syntax error.
func ErrSyntax(msg string, tk *Token) *SyntaxError {
	return &SyntaxError{Message: msg, Token: tk}
}

func parseMapping(tk *Token) error {
	return ErrSyntax("mapping value is not allowed in this context", tk)
}

// CodeError has no message field: its Error method stays what it reads.
type CodeError struct{ Code int }

func (e CodeError) Error() string { return lookup(e.Code) }

var lookup func(int) string

func fail(code int) error { return CodeError{Code: code} }
