//go:build unix

package extracttest

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system, all threads) the process
// has used, or 0 where it cannot be read. On a shared machine wall time
// overstates the cost of work; CPU time does not.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
