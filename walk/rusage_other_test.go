//go:build !unix

package walk

import "time"

// cpuTime is unknown here; benchmarks then report 0.
func cpuTime() time.Duration { return 0 }
