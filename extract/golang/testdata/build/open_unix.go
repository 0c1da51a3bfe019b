// Copyright notice.

//go:build unix && !ios

package build

import "errors"

// Open opens on Unix.
func Open() error {
	return errors.New("open: unix")
}
