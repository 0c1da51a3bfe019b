//go:build unix

package storetest

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system. The
// benchmarks report rates per CPU second beside rates per wall-clock
// second, because the wall clock of a shared machine measures the other
// tenants too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
