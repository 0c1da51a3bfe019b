//go:build !unix

package sqlite

import "time"

// cpuTime is unknown here: the per-CPU-second rates are then left out.
func cpuTime() time.Duration { return 0 }
