package sqlite

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
)

var benchSites = flag.Int("bench.sites", 100_000, "number of sites in the benchmarks' snapshots")

// benchSnapshot generates a snapshot of n sites shaped like real ones:
// eight sites per file on average, messages of a few parts, and 31-line
// snippets cut from real source (the Go standard library's). With
// analyzed set, each site also carries the analysis results issue 4 adds
// (guards, configuration, callers, related errors, an explanation), about
// 1.5 KB of JSON.
func benchSnapshot(tb testing.TB, repo string, n int, analyzed bool) (*errdex.Snapshot, []*errdex.Site) {
	snap := &errdex.Snapshot{Repo: repo, Rev: "0123456789abcdef0123456789abcdef01234567",
		URLTemplate: "https://github.com/o/" + repo + "/blob/0123456789abcdef0123456789abcdef01234567/{path}#L{line}"}
	lines := sourceLines(tb, 50_000)
	sites := make([]*errdex.Site, n)
	for i := range sites {
		file := i / 8
		path := fmt.Sprintf("pkg/sub%02d/module_%03d.py", file%37, file/37)
		line := 20 + i%8*25
		tmpl := errdex.NewTemplate(
			errdex.Lit(fmt.Sprintf("invalid value for parameter number %d: ", i)),
			errdex.HolePart("value", "self.value", errdex.HoleRepr),
			errdex.Lit(" (expected one of "),
			errdex.HolePart("choices", "sorted(choices)", errdex.HoleAny),
			errdex.Lit(")"),
		)
		fn := fmt.Sprintf("Handler%d.process_%d", i%50, i)
		start := i * 31 % (len(lines) - 31)
		s := &errdex.Site{
			ID:       errdex.IDKey{Repo: repo, Language: "python", Exception: "ValueError", Template: tmpl.Canonical(), Function: fn}.ID(0),
			Repo:     repo,
			Rev:      snap.Rev,
			Language: "python", Kind: errdex.KindRaise, Exception: "ValueError",
			Template: tmpl,
			Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, Column: 13, EndLine: line + 1, EndColumn: 60}},
			Function: fn,
			Snippet:  &errdex.Snippet{StartLine: line - 15, Lines: lines[start : start+31], MarkLines: []int{line, line + 1}},
			Family:   &errdex.FamilyRef{Slug: fmt.Sprintf("family-%d", i%20), Name: "Some family", Confidence: 0.8},
		}
		if analyzed {
			addAnalysis(s, path)
		}
		sites[i] = s
	}
	snap.Stats.Sites = n
	return snap, sites
}

// sourceLines returns n lines of real source code: the Go files of the
// toolchain's standard library, read in a fixed order.
func sourceLines(tb testing.TB, n int) []string {
	tb.Helper()
	var lines []string
	root := filepath.Join(runtime.GOROOT(), "src")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || len(lines) >= n {
			return fs.SkipAll
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
		return nil
	})
	if err != nil || len(lines) < n {
		tb.Fatalf("reading source lines from %s: %d lines, %v", root, len(lines), err)
	}
	return lines[:n]
}

// addAnalysis gives s analysis results of a realistic size.
func addAnalysis(s *errdex.Site, path string) {
	s.Guards = []errdex.Guard{
		{Condition: "not self.enable_sampling_mask", Source: "self.enable_sampling_mask", Negated: true, Kind: "if", Line: 10, Names: []string{"self.enable_sampling_mask"}},
		{Condition: "req.return_sampling_mask", Source: "req.return_sampling_mask", Kind: "if", Line: 9, Subject: "req.return_sampling_mask", Op: "==", Value: "True"},
	}
	s.Config = []errdex.ConfigRef{{Name: "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS", Kind: "env", Default: "0", HasDefault: true,
		Location: errdex.Span{Path: "srt/environ.py", Line: 120, Column: 5, EndLine: 120}, Via: "max_sampling_mask_tokens > 0"}}
	s.Provenance = []errdex.Fact{{Name: "self.enable_sampling_mask", Kind: "attribute", Text: "self.enable_sampling_mask = max_sampling_mask_tokens > 0",
		Location: errdex.Span{Path: path, Line: 40, Column: 9, EndLine: 40}}}
	s.Callers = []errdex.Caller{{Function: "KVSender.send_kv_chunk", Path: "srt/sender.py", Line: 310}, {Function: "Scheduler.step", Path: "srt/scheduler.py", Line: 88}}
	s.CallPath = s.Callers[:1]
	s.Related = []errdex.Related{
		{ID: "0123456789abcdef", Title: "sampling mask is too long for the buffer", Reason: "same function"},
		{ID: "fedcba9876543210", Title: "sampling mask buffers are not allocated", Reason: "same configuration SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS"},
	}
	s.Explanation = &errdex.Explanation{
		Meaning:    "The request asked for a sampling mask, but this server was started without sampling mask buffers.",
		Trigger:    "set_buf() (called from send_kv_chunk()) raises when req.return_sampling_mask is true and self.enable_sampling_mask is false.",
		Solutions:  []string{"Set SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS to a positive value and restart.", "Stop sending return_sampling_mask=True."},
		ExampleFix: &errdex.ExampleFix{Before: "python -m sglang.launch_server", After: "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS=4096 python -m sglang.launch_server", Lang: "sh"},
		Situations: []string{"Disaggregated prefill with sampling masks enabled on the decode side only."},
		Source:     "static",
	}
}

// reportRates reports n sites per wall-clock second and per CPU second.
func reportRates(b *testing.B, n int, cpu time.Duration) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sites/s")
	if cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), "sites/cpu-s")
	}
}

func benchOpen(b *testing.B) *Store {
	b.Helper()
	st, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

// BenchmarkReplaceSnapshot measures writing a snapshot of -bench.sites
// sites (with snippets) over the previous one, in one transaction.
func BenchmarkReplaceSnapshot(b *testing.B) {
	for _, analyzed := range []bool{false, true} {
		b.Run(fmt.Sprintf("analyzed=%v", analyzed), func(b *testing.B) {
			st := benchOpen(b)
			snap, sites := benchSnapshot(b, "bench", *benchSites, analyzed)
			ctx := context.Background()
			b.ResetTimer()
			cpu0 := cpuTime()
			for range b.N {
				if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
					b.Fatal(err)
				}
			}
			reportRates(b, len(sites)*b.N, cpuTime()-cpu0)
		})
	}
}

// BenchmarkListSites measures loading every site without snippets, as a
// server does at start-up to build its match index.
func BenchmarkListSites(b *testing.B) {
	for _, analyzed := range []bool{false, true} {
		b.Run(fmt.Sprintf("analyzed=%v", analyzed), func(b *testing.B) {
			st := benchOpen(b)
			ctx := context.Background()
			snap, sites := benchSnapshot(b, "bench", *benchSites, analyzed)
			if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := cpuTime()
			var n int
			for range b.N {
				n = 0
				if err := st.ListSites(ctx, errdex.SiteFilter{}, func(s *errdex.Site) error {
					n += len(s.Template.Parts)
					return nil
				}); err != nil {
					b.Fatal(err)
				}
			}
			cpu := cpuTime() - cpu0
			if n != 5*len(sites) {
				b.Fatalf("listed %d parts, want %d", n, 5*len(sites))
			}
			reportRates(b, len(sites)*b.N, cpu)
		})
	}
}

// BenchmarkSite measures looking one site up by ID, with its snippet, as
// an error page does.
func BenchmarkSite(b *testing.B) {
	st := benchOpen(b)
	ctx := context.Background()
	snap, sites := benchSnapshot(b, "bench", *benchSites, true)
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		s, err := st.Site(ctx, sites[(i*7919)%len(sites)].ID)
		if err != nil {
			b.Fatal(err)
		}
		if !strings.HasPrefix(s.Location.URL, "https://") {
			b.Fatalf("site without URL: %+v", s.Location)
		}
	}
}
