//go:build !unix

package cpp

import (
	"testing"
	"time"
)

// cpuTime is not measured on this system.
func cpuTime(*testing.B) time.Duration { return 0 }
