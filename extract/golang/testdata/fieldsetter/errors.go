package fieldsetter

import (
	"errors"
	"fmt"
)

type decoder struct {
	scanner scanner
}

// fail formats the scanner's problem, with its line when known.
func (d *decoder) fail() error {
	var where string
	if d.scanner.mark.line != 0 {
		where = fmt.Sprintf("line %d: ", d.scanner.mark.line)
	}
	msg := d.scanner.problem
	if msg == "" {
		msg = "unknown problem"
	}
	return fmt.Errorf("config: %s%s", where, msg)
}

type encoder struct {
	writer writer
}

func (e *encoder) fail() error {
	return errors.New("config: " + e.writer.problem)
}
