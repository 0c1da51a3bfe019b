//go:build unix

package rust

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system, all threads) the process
// has used. On a shared machine wall time overstates the cost of work;
// CPU time does not.
func cpuTime(b *testing.B) time.Duration {
	b.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
