//go:build !linux

package eval

import "time"

// threadCPU is not available on this system: the CPU-time figures are
// left out.
func threadCPU() (time.Duration, bool) { return 0, false }
