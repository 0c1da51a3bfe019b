package parse

import "fmt"

type Tree struct {
	ParseName string
	line      int
}

// errorf panics with a prefixed format: a call's format and arguments
// take the place of the format parameter.
func (t *Tree) errorf(format string, args ...any) {
	format = fmt.Sprintf("template: %s:%d: %s", t.ParseName, t.line, format)
	panic(fmt.Errorf(format, args...))
}

func (t *Tree) term(name string) {
	t.errorf("function %q not defined", name)
}

type item struct {
	val string
}

type lexer struct {
	item item
}

type stateFn func(*lexer) stateFn

// errorf of the lexer keeps the message in an item: a printf wrapper named
// like an error, with no site of its own.
func (l *lexer) errorf(format string, args ...any) stateFn {
	l.item = item{fmt.Sprintf(format, args...)}
	return nil
}

// logf is a printf wrapper that is not named like an error.
func (l *lexer) logf(format string, args ...any) {
	l.item = item{fmt.Sprintf(format, args...)}
}

func lexQuote(l *lexer) stateFn {
	l.logf("quote at %d", 3)
	if l.item.val == "" {
		return l.errorf("unterminated quoted string")
	}
	return l.errorf("bad character %#U", rune(l.item.val[0]))
}
