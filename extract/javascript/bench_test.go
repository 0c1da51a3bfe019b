package javascript

import (
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// BenchmarkNPM measures extraction (reading, parsing, extracting and
// linking, with one worker) over npm's own code; the MB/s column is the
// throughput.
func BenchmarkNPM(b *testing.B) {
	ins := npmInputs(b)
	var size int64
	for _, in := range ins {
		size += in.Size
	}
	b.SetBytes(size)
	b.ReportAllocs()
	opts := extract.Options{Repo: "bench", Extractors: []*extract.Extractor{Extractor, TypeScript}, Workers: 1}
	cpu0 := extracttest.CPUTime()
	for b.Loop() {
		extracttest.RunOptions(b, ins, opts)
	}
	// Wall-clock MB/s suffers when other processes share the cores;
	// CPU time does not.
	extracttest.ReportCPUThroughput(b, size, cpu0, "MB/cpu-s")
}
