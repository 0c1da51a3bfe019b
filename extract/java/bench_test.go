package java

import (
	"context"
	"testing"

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
}
