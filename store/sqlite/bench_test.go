package sqlite

import (
	"flag"
	"testing"

	"github.com/errdex/errdex/store/storetest"
)

var benchSites = flag.Int("bench.sites", 100_000, "number of sites in the benchmarks' snapshots")

// BenchmarkStore runs the benchmarks every store runs (storetest.Bench):
//
//	go test ./store/sqlite -run XXX -bench . -benchtime 3x
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, newDatabase, *benchSites)
}
