// Package relay has a helper that relays its caller's text: every error it
// builds holds its errstr parameter, at more places than a helper of
// another shape may have, so each call with text is a site of its own.
package relay

import "strconv"

// ParseError reports a record that does not parse.
type ParseError struct {
	err  string
	tok  string
	line int
}

func (e *ParseError) Error() string {
	return "dns: " + e.err + ": " + strconv.Quote(e.tok) + " at line: " + strconv.Itoa(e.line)
}

type lexer struct {
	toks []string
	line int
}

func (c *lexer) next() (string, bool) {
	if len(c.toks) == 0 {
		return "", false
	}
	t := c.toks[0]
	c.toks = c.toks[1:]
	return t, true
}

func endingToTxtSlice(c *lexer, errstr string) ([]string, *ParseError) {
	l, ok := c.next()
	if !ok {
		return nil, &ParseError{err: errstr, line: c.line}
	}
	var s []string
	quote := false
	for l != "\n" {
		switch l {
		case "":
			return nil, &ParseError{err: errstr, tok: l, line: c.line}
		case " ":
			if quote {
				return nil, &ParseError{err: errstr, tok: l, line: c.line}
			}
		case `"`:
			quote = !quote
		default:
			if len(l) > 255 {
				return nil, &ParseError{err: errstr, tok: l, line: c.line}
			}
			s = append(s, l)
		}
		if l, ok = c.next(); !ok {
			return nil, &ParseError{err: errstr, tok: l, line: c.line}
		}
	}
	if quote {
		return nil, &ParseError{err: errstr, tok: l, line: c.line}
	}
	return s, nil
}

// TXT is a text record.
type TXT struct{ Txt []string }

func (rr *TXT) parse(c *lexer) *ParseError {
	s, e := endingToTxtSlice(c, "bad TXT Txt")
	if e != nil {
		return e
	}
	rr.Txt = s
	return nil
}

// pick is no relay: its errors do not all say what the caller wrote.
func pick(c *lexer, what string) *ParseError {
	l, ok := c.next()
	switch {
	case !ok:
		return &ParseError{err: "unexpected end", line: c.line}
	case l == "":
		return &ParseError{err: "empty " + what, line: c.line}
	case l == " ":
		return &ParseError{err: "blank", line: c.line}
	case l == "\t":
		return &ParseError{err: "tab", line: c.line}
	case l == `"`:
		return &ParseError{err: "quote", line: c.line}
	}
	return nil
}

func (rr *TXT) check(c *lexer) *ParseError {
	return pick(c, "TXT record")
}

// parseKey is no relay either: typ is only part of its messages, whose
// words are its own.
func parseKey(c *lexer, typ string) *ParseError {
	l, _ := c.next()
	if l == "" {
		return &ParseError{err: "bad " + typ + " Flags", line: c.line}
	}
	c.next()
	l, _ = c.next()
	if l == " " {
		return &ParseError{err: "bad " + typ + " Protocol", line: c.line}
	}
	c.next()
	l, _ = c.next()
	if l == "\t" {
		return &ParseError{err: "bad " + typ + " Algorithm", line: c.line}
	}
	c.next()
	c.next()
	c.next()
	return nil
}

func (rr *TXT) key(c *lexer) *ParseError { return parseKey(c, "DNSKEY") }
