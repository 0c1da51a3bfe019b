package dns

import "strconv"

type lex struct {
	token  string
	line   int
	column int
}

// ParseError builds its message in its named result and returns it bare.
type ParseError struct {
	file string
	err  string
	lex  lex
}

func (e *ParseError) Error() (s string) {
	if e.file != "" {
		s = e.file + ": "
	}
	s += "dns: " + e.err + ": " + strconv.QuoteToASCII(e.lex.token) + " at line: " +
		strconv.Itoa(e.lex.line) + ":" + strconv.Itoa(e.lex.column)
	return
}

func parseA(l lex) error {
	if l.token == "" {
		return &ParseError{err: "bad A A", lex: l}
	}
	return nil
}
