package parser

import "go/scanner"

type parser struct {
	errors scanner.ErrorList
	pos    int
	tok    string
	trace  bool
}

type bailout struct{}

// error passes its message on to the field's Add: a helper through it.
func (p *parser) error(pos int, msg string) {
	epos := scanner.Position{Line: pos}
	if len(p.errors) > 10 {
		panic(bailout{})
	}
	p.errors.Add(epos, msg)
}

// errorExpected builds its message and passes it on: a helper two calls
// deep.
func (p *parser) errorExpected(pos int, msg string) {
	msg = "expected " + msg
	if pos == p.pos {
		msg += ", found '" + p.tok + "'"
	}
	p.error(pos, msg)
}

func (p *parser) parseOperand() {
	p.errorExpected(p.pos, "operand")
}

// expect's argument has no words of its own: not a site.
func (p *parser) expect(tok string) {
	if p.tok != tok {
		p.errorExpected(p.pos, "'"+tok+"'")
	}
}

// note passes nothing on: its call is not a site through error.
func (p *parser) note() {
	var n int
	p.error(n, p.tok)
}
