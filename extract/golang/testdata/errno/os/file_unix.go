//go:build unix

package os

import "example.com/m/sys"

func rename(oldname, newname string, same bool) error {
	if same {
		return &PathError{"rename", oldname, sys.EEXIST}
	}
	return &PathError{Op: "close", Path: oldname, Err: sys.EBADF}
}
