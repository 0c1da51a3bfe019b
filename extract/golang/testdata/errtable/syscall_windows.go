package sys

import "strconv"

// WinErrno is a Windows error number.
type WinErrno uint32

// APPLICATION_ERROR is the first error number applications may use.
const APPLICATION_ERROR = 1 << 29

func (e WinErrno) Error() string {
	idx := int(e - APPLICATION_ERROR)
	if 0 <= idx && idx < len(errors) {
		return errors[idx]
	}
	return "winapi error #" + strconv.Itoa(int(e))
}
