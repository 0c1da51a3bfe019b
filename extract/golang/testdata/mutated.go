package mutated

import (
	"errors"
	"fmt"
	"strconv"
)

// Summed: a number a loop adds to is not the constant it starts at.
func Summed(parts []int, text string) error {
	total := 0
	for _, n := range parts {
		total += n
	}
	if total != len(text) {
		return fmt.Errorf("length (%v) differs from the text's (%v)", total, len(text))
	}
	return nil
}

// Counted: n++ in a three-clause loop, and a use inside the loop.
func Counted(lines []string) error {
	n := 1
	for i := 0; i < len(lines); i++ {
		if lines[i] == "" {
			return fmt.Errorf("empty line %d", n)
		}
		n++
	}
	return fmt.Errorf("%d lines", n)
}

// Incremented outside a loop, and added to.
func Incremented(width int) error {
	col := 0
	col++
	off := 8
	off += width
	return fmt.Errorf("column %d, offset %d", col, off)
}

// Pointed: a variable whose address is taken is changed where the walk
// does not look; before that, it holds its constant.
func Pointed(data []byte) error {
	mode := "strict"
	if len(data) == 0 {
		return errors.New("no data in mode " + mode)
	}
	parse(data, &mode)
	return errors.New("bad data in mode " + mode)
}

func parse(b []byte, mode *string) { *mode = string(b) }

// Closed: a closure run later assigns the variable; one run in place is
// followed.
func Closed(fields []string) error {
	kind := "none"
	each(fields, func(f string) { kind = f })
	state := "idle"
	func() { state = "busy" }()
	return fmt.Errorf("kind %s, state %s", kind, state)
}

func each(xs []string, f func(string)) {
	for _, x := range xs {
		f(x)
	}
}

// Branched: assignments in branches stay alternatives.
func Branched(quiet bool) error {
	level := 1
	if quiet {
		level = 0
	}
	return fmt.Errorf("level %d", level)
}

// Joined: a string appended to in a loop keeps what it starts with.
func Joined(names []string) error {
	msg := "unknown names:"
	for _, n := range names {
		msg = msg + " " + strconv.Quote(n)
	}
	return errors.New(msg)
}

// Declared: a variable declared in the loop's body starts again each
// pass.
func Declared(names []string) error {
	for _, n := range names {
		count := 0
		if n == "" {
			return fmt.Errorf("empty name after %d", count)
		}
	}
	return nil
}

// Numbered: i + 1 adds, and n += d of a number starting at -1 is a sum.
func Numbered(vals []bool, d int) error {
	n := -1
	for i, ok := range vals {
		n += d
		if !ok {
			return fmt.Errorf("#%d (step %d): failed", i+1, n)
		}
	}
	return nil
}

// Shadowed: a closure's string parameter named like an int variable of
// its function is text where a string literal is added to it.
func Shadowed(items []string) error {
	var err error
	each(items, func(name string) {
		err = errors.New("bad item " + name + "!")
	})
	var name int = len(items)
	_ = name
	return err
}
