package fieldsetter

import (
	"fmt"
	"strings"
)

// DecodeError lists every value that could not be decoded.
type DecodeError struct {
	Errors []string
}

func (e *DecodeError) Error() string {
	return "config: decode errors:\n  " + strings.Join(e.Errors, "\n  ")
}

type valueDecoder struct {
	terrors []string
	names   []string
}

// mismatch collects a message; done returns them all as one error.
func (d *valueDecoder) mismatch(line int, want string) {
	d.terrors = append(d.terrors, fmt.Sprintf("line %d: cannot decode into %s", line, want))
}

// remember collects a name no message joins: no site.
func (d *valueDecoder) remember(name string) {
	d.names = append(d.names, "name "+name)
}

func (d *valueDecoder) done() error {
	if len(d.terrors) > 0 {
		return &DecodeError{d.terrors}
	}
	return nil
}
