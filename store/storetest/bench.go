package storetest

import (
	"context"
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

// Bench runs the store benchmarks on snapshots of n sites, each on a
// database of its own, so that every store is measured on the same work:
//
//	go test ./store/sqlite ./store/postgres -run XXX -bench . -benchtime 3x
//
// ReplaceSnapshot writes a snapshot with snippets over the previous one,
// without and with analysis facts. ListSites loads every site without
// snippets, leaving the facts out as a server building its match index
// does (facts=false) or not. Site looks sites up by ID, with their
// snippets, as an error page does (give it more iterations, such as
// -benchtime 2000x). Rates are sites per wall-clock second and per CPU
// second of this process; the CPU time of a PostgreSQL server is not
// counted, so compare stores by the wall-clock rate.
func Bench(b *testing.B, newDB NewDatabase, n int) {
	ctx := context.Background()
	open := func(b *testing.B, sites []*errdex.Site, snap *errdex.Snapshot) errdex.Store {
		b.Helper()
		st, err := newDB(b)()
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		if sites != nil {
			if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
				b.Fatal(err)
			}
		}
		return st
	}
	for _, analyzed := range []bool{false, true} {
		snap, sites := benchSnapshot(b, "bench", n, analyzed)
		b.Run(fmt.Sprintf("ReplaceSnapshot/analyzed=%v", analyzed), func(b *testing.B) {
			st := open(b, nil, nil)
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

	snap, sites := benchSnapshot(b, "bench", n, true)
	for _, facts := range []bool{false, true} {
		b.Run(fmt.Sprintf("ListSites/facts=%v", facts), func(b *testing.B) {
			st := open(b, sites, snap)
			b.ResetTimer()
			cpu0 := cpuTime()
			var parts, guards int
			for range b.N {
				parts, guards = 0, 0
				if err := st.ListSites(ctx, errdex.SiteFilter{SkipFacts: !facts}, func(s *errdex.Site) error {
					parts += len(s.Template.Parts)
					guards += len(s.Guards)
					return nil
				}); err != nil {
					b.Fatal(err)
				}
			}
			cpu := cpuTime() - cpu0
			if want := 5 * len(sites); parts != want {
				b.Fatalf("listed %d template parts, want %d", parts, want)
			}
			if facts != (guards > 0) {
				b.Fatalf("listed %d guards with facts=%v", guards, facts)
			}
			reportRates(b, len(sites)*b.N, cpu)
		})
	}
	b.Run("Site", func(b *testing.B) {
		st := open(b, sites, snap)
		b.ResetTimer()
		for i := range b.N {
			s, err := st.Site(ctx, sites[(i*7919)%len(sites)].ID)
			if err != nil {
				b.Fatal(err)
			}
			if s.Snippet == nil || !strings.HasPrefix(s.Location.URL, "https://") {
				b.Fatalf("site without snippet or URL: %+v", s.Location)
			}
		}
	})
}

// benchSnapshot generates a snapshot of n sites shaped like real ones:
// eight sites per file, messages of five parts, 31-line snippets cut from
// real source (the Go standard library's) and a family each. With
// analyzed set, each site also carries analysis results (guards,
// configuration, provenance, callers, related errors, an explanation),
// about 1.5 KB of JSON.
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
