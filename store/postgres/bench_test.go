package postgres

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/postgres/pgtest"
	"github.com/errdex/errdex/store/sqlite"
)

// The benchmarks run the same work on this store and on store/sqlite, so
// that their figures compare directly:
//
//	ERRDEX_TEST_POSTGRES_URL=postgres://... go test ./store/postgres -run XXX -bench . -benchtime 3x
//
// They report sites per wall-clock second: the PostgreSQL server's CPU
// is another process's, so the client's CPU time alone would flatter it.

var benchSites = flag.Int("bench.sites", 100_000, "number of sites in the benchmarks' snapshots")

// benchStores opens each kind of store, empty.
func benchStores(b *testing.B) map[string]func(b *testing.B) errdex.Store {
	return map[string]func(b *testing.B) errdex.Store{
		"postgres": func(b *testing.B) errdex.Store { return open(b) },
		"sqlite": func(b *testing.B) errdex.Store {
			st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { st.Close() })
			return st
		},
	}
}

// benchSnapshot generates a snapshot of n sites shaped like real ones:
// eight sites per file, messages of five parts, 31-line snippets of real
// source (the Go standard library's), a family each, and, with analyzed,
// about 1 KB of analysis facts.
func benchSnapshot(tb testing.TB, n int, analyzed bool) (*errdex.Snapshot, []*errdex.Site) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	snap := &errdex.Snapshot{Repo: "bench", Rev: rev, URLTemplate: "https://example.test/o/bench/blob/" + rev + "/{path}#L{line}"}
	lines := goSourceLines(tb, 20_000)
	sites := make([]*errdex.Site, n)
	for i := range sites {
		path := fmt.Sprintf("pkg/sub%02d/module_%04d.py", i/8%37, i/8/37)
		line := 20 + i%8*25
		tmpl := errdex.NewTemplate(errdex.Lit(fmt.Sprintf("invalid value for parameter %d: ", i)),
			errdex.HolePart("value", "self.value", errdex.HoleRepr), errdex.Lit(" (expected one of "),
			errdex.HolePart("choices", "sorted(choices)", errdex.HoleAny), errdex.Lit(")"))
		fn := fmt.Sprintf("Handler%d.process_%d", i%50, i)
		start := i * 31 % (len(lines) - 31)
		s := &errdex.Site{
			ID:   errdex.IDKey{Repo: snap.Repo, Language: "python", Template: tmpl.Canonical(), Function: fn}.ID(0),
			Repo: snap.Repo, Rev: rev, Language: "python", Kind: errdex.KindRaise, Exception: "ValueError",
			Template: tmpl, Function: fn,
			Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, Column: 13, EndLine: line + 1, EndColumn: 60}},
			Snippet:  &errdex.Snippet{StartLine: line - 15, Lines: lines[start : start+31], MarkLines: []int{line}},
			Family:   &errdex.FamilyRef{Slug: fmt.Sprintf("family-%d", i%20), Name: "Some family", Confidence: 0.8},
		}
		if analyzed {
			s.Guards = []errdex.Guard{{Condition: "not self.enabled", Source: "self.enabled", Negated: true, Kind: "if", Line: line - 2, Names: []string{"self.enabled"}}}
			s.Config = []errdex.ConfigRef{{Name: "APP_MAX_TOKENS", Kind: "env", Default: "0", HasDefault: true, Location: errdex.Span{Path: "environ.py", Line: 120}}}
			s.Callers = []errdex.Caller{{Function: "Scheduler.step", Path: "scheduler.py", Line: 88}}
			s.Explanation = &errdex.Explanation{
				Meaning:   "The request asked for a feature this server was started without.",
				Trigger:   "process() raises when self.enabled is false.",
				Solutions: []string{"Set APP_MAX_TOKENS to a positive value and restart.", "Stop asking for the feature."},
				Source:    "static",
			}
		}
		sites[i] = s
	}
	return snap, sites
}

// goSourceLines returns n lines of the Go standard library's source.
func goSourceLines(tb testing.TB, n int) []string {
	tb.Helper()
	var lines []string
	dir := filepath.Join(runtime.GOROOT(), "src", "net", "http")
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		if len(lines) >= n {
			break
		}
		if strings.HasSuffix(e.Name(), ".go") {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				tb.Fatal(err)
			}
			lines = append(lines, strings.Split(string(data), "\n")...)
		}
	}
	if len(lines) < n {
		tb.Fatalf("%s holds %d lines of Go, want %d", dir, len(lines), n)
	}
	return lines[:n]
}

// BenchmarkReplaceSnapshot measures writing a snapshot of -bench.sites
// sites (with snippets) over the previous one, in one transaction.
func BenchmarkReplaceSnapshot(b *testing.B) {
	pgtest.ServerURL(b)
	for _, analyzed := range []bool{false, true} {
		snap, sites := benchSnapshot(b, *benchSites, analyzed)
		for name, openStore := range benchStores(b) {
			b.Run(fmt.Sprintf("%s/analyzed=%v", name, analyzed), func(b *testing.B) {
				st := openStore(b)
				ctx := context.Background()
				b.ResetTimer()
				for range b.N {
					if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(sites)*b.N)/b.Elapsed().Seconds(), "sites/s")
			})
		}
	}
}

// BenchmarkListSites measures loading every site without snippets and
// facts, as a server does to build its match index.
func BenchmarkListSites(b *testing.B) {
	pgtest.ServerURL(b)
	snap, sites := benchSnapshot(b, *benchSites, true)
	for name, openStore := range benchStores(b) {
		b.Run(name, func(b *testing.B) {
			st := openStore(b)
			ctx := context.Background()
			if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			var n int
			for range b.N {
				n = 0
				if err := st.ListSites(ctx, errdex.SiteFilter{SkipFacts: true}, func(s *errdex.Site) error {
					n += len(s.Template.Parts)
					return nil
				}); err != nil {
					b.Fatal(err)
				}
			}
			if n != 5*len(sites) {
				b.Fatalf("listed %d parts, want %d", n, 5*len(sites))
			}
			b.ReportMetric(float64(len(sites)*b.N)/b.Elapsed().Seconds(), "sites/s")
		})
	}
}

// BenchmarkSite measures looking one site up by ID, with its snippet, as
// an error page does.
func BenchmarkSite(b *testing.B) {
	pgtest.ServerURL(b)
	snap, sites := benchSnapshot(b, *benchSites, true)
	for name, openStore := range benchStores(b) {
		b.Run(name, func(b *testing.B) {
			st := openStore(b)
			ctx := context.Background()
			if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := range b.N {
				if _, err := st.Site(ctx, sites[(i*7919)%len(sites)].ID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
