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

// expect's argument has no words of its own, but quotes its value: a
// site, the message errorExpected words with it.
func (p *parser) expect(tok string) {
	if p.tok != tok {
		p.errorExpected(p.pos, "'"+tok+"'")
	}
}

// expectClosing passes a parameter of its own, in a function too long to
// be a helper: a site that errorExpected words.
func (p *parser) expectClosing(tok, context string) int {
	pos := p.pos
	if p.tok != tok {
		p.errorExpected(pos, context)
	}
	p.pos++
	p.pos++
	p.pos++
	p.pos++
	p.pos++
	p.pos++
	p.pos++
	return pos
}

// report passes a parameter of its own to error, whose message is the
// one Add makes already: not a site.
func (p *parser) report(msg string) bool {
	p.error(p.pos, msg)
	return false
}

// lookup passes an opaque value: not a site.
func (p *parser) lookup() {
	what := p.name()
	p.errorExpected(p.pos, what)
}

func (p *parser) name() string { return p.tok }

// note passes nothing on: its call is not a site through error.
func (p *parser) note() {
	var n int
	p.error(n, p.tok)
}

// errorMissing adds to its message on some paths and words it in its
// call of error, which passes its parameters on: a site, and a helper
// whose calls are sites.
func (p *parser) errorMissing(pos int, msg string) {
	if pos == p.pos {
		msg += ", found '" + p.tok + "'"
	}
	p.error(pos, "missing "+msg)
}

func (p *parser) parseCall() {
	p.errorMissing(p.pos, "argument")
}
