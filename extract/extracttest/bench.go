package extracttest

import (
	"testing"
	"time"
)

// ReportCPUThroughput reports, as the metric unit, the megabytes b's loop
// processed per second of CPU time: size is the bytes one iteration
// processes and cpu0 the CPUTime read just before the loop. It reports
// nothing where CPU time is not measured.
//
//	cpu0 := extracttest.CPUTime()
//	for b.Loop() {
//		extracttest.RunOptions(b, ins, opts)
//	}
//	extracttest.ReportCPUThroughput(b, size, cpu0, "cpu-MB/s")
func ReportCPUThroughput(b *testing.B, size int64, cpu0 time.Duration, unit string) {
	b.Helper()
	if cpu := CPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu.Seconds(), unit)
	}
}
