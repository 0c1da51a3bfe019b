//go:build unix

package java

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/errdex/errdex/extract"
)

// BenchmarkJDK measures extraction (reading from src.zip, parsing,
// extracting and linking, with one worker) over the java.base module of
// the JDK's sources; the MB/s column is the throughput.
func BenchmarkJDK(b *testing.B) {
	z := jdkSources(b)
	defer z.Close()
	ins := jdkInputs(b, z)
	var size int64
	for _, in := range ins {
		size += in.Size
	}
	b.SetBytes(size)
	b.ReportAllocs()
	cpu0 := cpuTime(b)
	for b.Loop() {
		_, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
			for _, in := range ins {
				if !yield(in) {
					return
				}
			}
		}, extract.Options{Repo: "bench", Extractors: []*extract.Extractor{Extractor}, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
	// Wall-clock MB/s suffers when other processes share the cores;
	// CPU time does not.
	if cpu := cpuTime(b) - cpu0; cpu > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// cpuTime is the CPU time (user and system, all threads) the process has
// used.
func cpuTime(b *testing.B) time.Duration {
	b.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
