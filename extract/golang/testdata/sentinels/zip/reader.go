package zip

import (
	"golang.org/x/vfs"

	myfs "example.com/std/fs"
)

// Open names the sentinel of an import outside the repository: it stays a
// hole; one of the repository under another name resolves.
func Open(name string) error {
	if name == "" {
		return &myfs.PathError{Op: "open", Path: name, Err: myfs.ErrInvalid}
	}
	return &myfs.PathError{Op: "open", Path: name, Err: vfs.ErrNotExist}
}
