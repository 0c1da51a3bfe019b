package rust

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// registryRoots are the directories of Rust crate sources this machine
// has: $ERRDEX_CARGO_REGISTRY, cargo's own registry cache and the crates
// Debian packages (librust-*-dev) install.
func registryRoots(t testing.TB) []string {
	t.Helper()
	if r := os.Getenv("ERRDEX_CARGO_REGISTRY"); r != "" {
		return []string{r}
	}
	var roots []string
	if home, err := os.UserHomeDir(); err == nil {
		dirs, _ := filepath.Glob(filepath.Join(home, ".cargo", "registry", "src", "*"))
		roots = append(roots, dirs...)
	}
	if fi, err := os.Stat("/usr/share/cargo/registry"); err == nil && fi.IsDir() {
		roots = append(roots, "/usr/share/cargo/registry")
	}
	if len(roots) == 0 {
		t.Skip("no cargo registry sources on this machine")
	}
	return roots
}

// registryInputs lists the .rs files below the roots (below 2 MiB, tests,
// benches and fixtures left out as the walker leaves them out), with paths
// relative to their root.
func registryInputs(t testing.TB, roots []string) ([]extract.Input, int64) {
	t.Helper()
	var ins []extract.Input
	var size int64
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				switch d.Name() {
				case "tests", "benches", "testdata", "fuzz", ".git":
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".rs") {
				return nil
			}
			info, err := d.Info()
			if err != nil || info.Size() >= 2<<20 || !info.Mode().IsRegular() {
				return nil
			}
			rel, _ := filepath.Rel(root, p)
			ins = append(ins, extract.Input{Path: filepath.ToSlash(rel), Language: "rust", Size: info.Size(),
				Read: func() ([]byte, error) { return os.ReadFile(p) }})
			size += info.Size()
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return ins, size
}

// TestRegistry extracts every crate source the machine has: no crash, no
// timeout, sane counts, and known sites with the messages their crates
// print.
func TestRegistry(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: extracts every crate source")
	}
	roots := registryRoots(t)
	ins, size := registryInputs(t, roots)
	res := extracttest.RunOptions(t, ins, extract.Options{Repo: "registry", Extractors: []*extract.Extractor{Extractor}})
	for _, s := range res.Skipped {
		t.Errorf("skipped %s: %s: %s", s.Path, s.Reason, s.Detail)
	}
	kinds := map[errdex.SiteKind]int{}
	var opaque int
	for _, s := range res.Sites {
		kinds[s.Kind]++
		if s.Template.IsOpaque() {
			opaque++
		}
	}
	var names []string
	for k := range kinds {
		names = append(names, string(k))
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("%-13s %6d", k, kinds[errdex.SiteKind(k)])
	}
	t.Logf("%s: %d files, %.1f MB, %d sites (%d opaque), %d files with problems",
		strings.Join(roots, ", "), res.FilesParsed, float64(size)/1e6, len(res.Sites), opaque, res.FilesWithProblems)
	if len(res.Sites) < res.FilesParsed/4 {
		t.Errorf("only %d sites in %d files", len(res.Sites), res.FilesParsed)
	}
	// Every kind the extractor makes shows up in a corpus this size.
	for _, k := range []errdex.SiteKind{errdex.KindPanic, errdex.KindAssert, errdex.KindExpect, errdex.KindErrorf,
		errdex.KindErrorsNew, errdex.KindErrorMethod} {
		if kinds[k] == 0 {
			t.Errorf("no %s sites", k)
		}
	}
}

// BenchmarkRegistry measures extraction, parsing included, on one worker:
// the single-core throughput in MB/s.
func BenchmarkRegistry(b *testing.B) {
	ins, size := registryInputs(b, registryRoots(b))
	b.SetBytes(size)
	var sites int
	opts := extract.Options{Repo: "registry", Extractors: []*extract.Extractor{Extractor}, Workers: 1}
	cpu0 := extracttest.CPUTime()
	for b.Loop() {
		sites = len(extracttest.RunOptions(b, ins, opts).Sites)
	}
	extracttest.ReportCPUThroughput(b, size, cpu0, "cpu-MB/s")
	b.ReportMetric(float64(len(ins)), "files")
	b.ReportMetric(float64(sites), "sites")
}
