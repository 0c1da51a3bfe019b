//go:build unix

package walk

import (
	"os"
	"syscall"
)

// openRegular opens a file for reading without following a symbolic link
// and without blocking on a FIFO that replaced the file since it was
// listed; the caller checks that what it opened is a regular file.
func openRegular(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
