package build

import "errors"

// ErrUnix is in a file whose name does not constrain the build: "unix" is
// not a file name suffix.
var ErrUnix = errors.New("unix is a build tag only")
