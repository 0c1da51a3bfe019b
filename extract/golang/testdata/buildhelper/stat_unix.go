//go:build unix

package fsx

import "errors"

var errUnix = errors.New("no such file or directory")

// lstatNolog of the unix builds, the one most platforms compile.
func lstatNolog(name string) error {
	return &PathError{Op: "lstat", Path: name, Err: errUnix}
}
