package unstable

import "fmt"

// ParserError is a parse failure at the highlighted bytes.
type ParserError struct {
	Highlight []byte
	Message   string
}

func (e *ParserError) Error() string { return e.Message }

// NewParserError builds a ParserError with a formatted message.
func NewParserError(highlight []byte, format string, args ...any) error {
	return &ParserError{
		Highlight: highlight,
		Message:   fmt.Errorf(format, args...).Error(),
	}
}
