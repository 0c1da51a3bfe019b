//go:build amd64 || arm64

package build

import "errors"

// ErrPoll is built for linux by its name and for two architectures by its
// directive.
var ErrPoll = errors.New("poll: 64-bit linux")
