package selfmethod

import "fmt"

// Error prints through a method of its own, as expr's file.Error does.
type Error struct {
	Message string
	Line    int
	Snippet string
}

func (e *Error) Error() string {
	return e.format()
}

func (e *Error) format() string {
	if e.Snippet == "" {
		return e.Message
	}
	return fmt.Sprintf("%s (line %d)%s", e.Message, e.Line, e.Snippet)
}

// Other names its receiver otherwise in the method it calls, which is not
// followed: it reads as its message field.
type Other struct{ msg string }

func (o Other) Error() string { return o.text() }

func (x Other) text() string { return "other: " + x.msg }

// Loop calls itself through another method: read once.
type Loop struct{ msg string }

func (l Loop) Error() string { return l.a() }

func (l Loop) a() string {
	if l.msg == "" {
		return l.a()
	}
	return "loop: " + l.msg
}

type parser struct{ err error }

func (p *parser) fail(msg string) {
	p.err = &Error{Message: msg}
}

func (p *parser) parse(s string) error {
	if s == "" {
		p.fail("unexpected end of input")
	}
	return p.err
}
