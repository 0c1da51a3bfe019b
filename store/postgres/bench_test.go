package postgres

import (
	"flag"
	"testing"

	"github.com/errdex/errdex/store/postgres/pgtest"
	"github.com/errdex/errdex/store/storetest"
)

var benchSites = flag.Int("bench.sites", 100_000, "number of sites in the benchmarks' snapshots")

// BenchmarkStore runs the benchmarks every store runs (storetest.Bench),
// on the same work as store/sqlite's, so that their figures compare:
//
//	ERRDEX_TEST_POSTGRES_URL=postgres://... go test ./store/postgres ./store/sqlite -run XXX -bench . -benchtime 3x
func BenchmarkStore(b *testing.B) {
	pgtest.ServerURL(b)
	storetest.Bench(b, newDatabase, *benchSites)
}
