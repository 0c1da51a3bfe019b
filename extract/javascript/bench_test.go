package javascript

import (
	"context"
	"testing"

	"github.com/errdex/errdex/extract"
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
	for b.Loop() {
		_, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
			for _, in := range ins {
				if !yield(in) {
					return
				}
			}
		}, extract.Options{Repo: "bench", Extractors: []*extract.Extractor{Extractor, TypeScript}, Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
}
