package sys

import "strconv"

// Errno of windows builds indexes its table by an offset of the value,
// not the value: a reference keeps its hole.
type Errno uintptr

const APPLICATION_ERROR = 1 << 29

const (
	EEXIST Errno = APPLICATION_ERROR + iota
	EINVAL
)

var errors = [...]string{
	EEXIST - APPLICATION_ERROR: "file already exists",
	EINVAL - APPLICATION_ERROR: "invalid argument",
}

func (e Errno) Error() string {
	idx := int(e - APPLICATION_ERROR)
	if 0 <= idx && idx < len(errors) {
		return errors[idx]
	}
	return "winapi error #" + strconv.Itoa(int(e))
}
