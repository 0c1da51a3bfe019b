//go:build !unix

package storetest

import "time"

// cpuTime is unknown here: the per-CPU-second rates are then left out.
func cpuTime() time.Duration { return 0 }
