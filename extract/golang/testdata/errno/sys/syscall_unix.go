//go:build unix

package sys

import (
	"fmt"
	"strconv"
)

// An Errno is an error number: its message is the entry of the table
// errors at its value.
type Errno uintptr

func (e Errno) Error() string {
	if 0 <= int(e) && int(e) < len(errors) {
		s := errors[e]
		if s != "" {
			return s
		}
	}
	return "errno " + strconv.Itoa(int(e))
}

// A reference in the package itself reads the constant of a build
// compiled with this file, the most widely built (darwin's).
func check(ok bool) error {
	if !ok {
		return fmt.Errorf("check: %w", EINVAL)
	}
	return nil
}
