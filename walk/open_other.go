//go:build !unix

package walk

import "os"

// openRegular opens a file for reading; the caller checks that what it
// opened is a regular file.
func openRegular(name string) (*os.File, error) { return os.Open(name) }
