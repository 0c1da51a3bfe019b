package varconds

import (
	"errors"
	"fmt"
)

// extraData builds its message in a local variable under conditions on
// its pointer fields (go-git/gcfg).
type extraData struct {
	section    string
	subsection *string
	variable   *string
}

func (e extraData) Error() string {
	s := "can't store data at section \"" + e.section + "\""
	if e.subsection != nil {
		s += ", subsection \"" + *e.subsection + "\""
	}
	if e.variable != nil {
		s += ", variable \"" + *e.variable + "\""
	}
	return s
}

func set(sect, sub, name string, hasSub bool) error {
	if sect == "" {
		return extraData{section: sect}
	}
	if hasSub {
		if name == "" {
			return extraData{section: sect, subsection: &sub}
		}
		return extraData{section: sect, subsection: &sub, variable: &name}
	}
	return extraData{section: sect, variable: &name}
}

// Error is golang.org/x/mod/modfile's: two variables, an else-if chain,
// conditions the fields cannot state (e.Line > 0) left open.
type Error struct {
	Filename string
	Line     int
	Verb     string
	ModPath  string
	Err      error
}

func (e *Error) Error() string {
	var pos string
	if e.Line > 0 {
		pos = fmt.Sprintf("%s:%d: ", e.Filename, e.Line)
	} else if e.Filename != "" {
		pos = fmt.Sprintf("%s: ", e.Filename)
	}

	var directive string
	if e.ModPath != "" {
		directive = fmt.Sprintf("%s %s: ", e.Verb, e.ModPath)
	} else if e.Verb != "" {
		directive = fmt.Sprintf("%s: ", e.Verb)
	}

	return pos + directive + e.Err.Error()
}

func parse(file string, line int, path string) error {
	if line == 0 {
		return &Error{Filename: file, Err: errors.New("unexpected end of file")}
	}
	if path == "" {
		return &Error{Filename: file, Line: line, Verb: "require", Err: errors.New("missing module path")}
	}
	return &Error{Filename: file, Line: line, Verb: "require", ModPath: path, Err: errors.New("invalid version")}
}

// hintError returns its variable through a Sprintf, the hint left empty
// when the field is.
type hintError struct {
	msg  string
	hint string
}

func (e *hintError) Error() string {
	extra := ""
	if e.hint != "" {
		extra = " (hint: " + e.hint + ")"
	}
	return fmt.Sprintf("bad input: %s%s", e.msg, extra)
}

func check(s string) error {
	if s == "" {
		return &hintError{msg: "empty"}
	}
	return &hintError{msg: s, hint: "use a name"}
}

// localError's variable depends on a local condition, not on a field:
// every literal keeps both messages.
type localError struct {
	n int
}

func (e localError) Error() string {
	word := "items"
	if n := e.n; n == 1 {
		word = "item"
	}
	return fmt.Sprintf("%d %s left", e.n, word)
}

func left(n int) error {
	return localError{n: 1}
}

// OpError is net's: fields set to nil explicitly, positionally or by
// name, are nil as fields left out are.
type OpError struct {
	Op     string
	Net    string
	Source *string
	Addr   *string
	Err    error
}

func (e *OpError) Error() string {
	s := e.Op
	if e.Net != "" {
		s += " " + e.Net
	}
	if e.Source != nil {
		s += " " + *e.Source
	}
	if e.Addr != nil {
		if e.Source != nil {
			s += "->"
		} else {
			s += " "
		}
		s += *e.Addr
	}
	s += ": " + e.Err.Error()
	return s
}

var errInvalidInterface = errors.New("invalid network interface")

func route(addr string) error {
	if addr == "" {
		return &OpError{Op: "route", Net: "ip+net", Source: nil, Addr: nil, Err: errInvalidInterface}
	}
	return &OpError{"dial", "tcp", nil, &addr, errInvalidInterface}
}

// kindError assigns its variable in the cases of a switch on a field:
// each case's value carries the case, the default the other cases'
// negations.
type kindError struct {
	kind kind
	name string
}

type kind int

const (
	kindFile kind = iota
	kindDir
)

func (e *kindError) Error() string {
	var what string
	switch e.kind {
	case kindFile:
		what = "file"
	case kindDir:
		what = "directory"
	default:
		what = "object"
	}
	return what + " " + e.name + " not found"
}

func find(name string, dir bool) error {
	if dir {
		return &kindError{kind: kindDir, name: name}
	}
	if name == "" {
		return &kindError{kind: 7}
	}
	return &kindError{name: name}
}
