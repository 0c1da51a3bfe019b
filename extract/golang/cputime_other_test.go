//go:build !unix

package golang

import (
	"testing"
	"time"
)

// cpuTime is not measured on this platform.
func cpuTime(b *testing.B) time.Duration { return 0 }
