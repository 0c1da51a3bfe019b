//go:build unix

package golang

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system, all threads) the process
// has used.
func cpuTime(b *testing.B) time.Duration {
	b.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
