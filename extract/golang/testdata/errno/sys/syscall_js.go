//go:build js

package sys

import "strconv"

// Errno of js builds reads the table errorstr, keyed by the constants'
// names.
type Errno uintptr

func (e Errno) Error() string {
	if 0 <= int(e) && int(e) < len(errorstr) {
		s := errorstr[e]
		if s != "" {
			return s
		}
	}
	return "errno " + strconv.Itoa(int(e))
}

// Typed constants, numbered by iota.
const (
	EPERM Errno = iota + 1
	ENOENT
	EEXIST
	EINVAL
)

var errorstr = [...]string{
	EPERM:  "Operation not permitted",
	ENOENT: "No such file or directory",
	EEXIST: "File exists",
	EINVAL: "Invalid argument",
}
