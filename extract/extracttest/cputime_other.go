//go:build !unix

package extracttest

import "time"

// CPUTime returns 0: CPU time is not measured on this system.
func CPUTime() time.Duration { return 0 }
