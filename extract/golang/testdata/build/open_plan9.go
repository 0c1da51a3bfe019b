//go:build plan9

package build

import "errors"

// Open opens on Plan 9.
func Open() error {
	return errors.New("open: plan9")
}
