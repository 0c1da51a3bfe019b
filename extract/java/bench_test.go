package java

import (
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
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
	opts := extract.Options{Repo: "bench", Extractors: []*extract.Extractor{Extractor}, Workers: 1}
	cpu0 := extracttest.CPUTime()
	for b.Loop() {
		extracttest.RunOptions(b, ins, opts)
	}
	// Wall-clock MB/s suffers when other processes share the cores;
	// CPU time does not.
	extracttest.ReportCPUThroughput(b, size, cpu0, "MB/cpu-s")
}
