//go:build unix

package sys

import "strconv"

// An Errno is an unsigned number describing an error condition.
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

// A Signal is a number describing a process signal. It has no Error
// method, so its table gives no sites.
type Signal int

func (s Signal) String() string {
	if 0 <= s && int(s) < len(signals) {
		return signals[s]
	}
	return "signal " + strconv.Itoa(int(s))
}

// Open fails with a value of the type: its message is the method's.
func Open() error {
	return Errno(2)
}
