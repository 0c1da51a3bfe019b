package cpp

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
	"github.com/errdex/errdex/walk"
)

// corpusRoots are directories of C and C++ code that Debian packages
// install: the CPython and libstdc++ headers, Boost.Python's, and the C
// and C++ sources of Python packages (/usr/lib/python3/dist-packages:
// numpy's f2py, Cython-built modules, pythran). $ERRDEX_C_CORPUS
// (directories separated by ':', such as all of /usr/include) replaces
// them.
func corpusRoots(t testing.TB) []string {
	t.Helper()
	roots, _ := filepath.Glob("/usr/include/python3*")
	roots = append(roots, "/usr/include/c++", "/usr/include/boost/python", "/usr/lib/python3/dist-packages")
	if env := os.Getenv("ERRDEX_C_CORPUS"); env != "" {
		roots = strings.Split(env, ":")
	}
	var out []string
	for _, r := range roots {
		if fi, err := os.Stat(r); err == nil && fi.IsDir() {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		t.Skip("no C or C++ sources on this machine")
	}
	return out
}

// corpusInputs lists the C and C++ files below the roots (below 1 MiB).
func corpusInputs(t testing.TB, roots []string) ([]extract.Input, int64) {
	t.Helper()
	var ins []extract.Input
	var size int64
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			info, err := d.Info()
			if err != nil || !info.Mode().IsRegular() || info.Size() >= 1<<20 || info.Size() == 0 {
				return nil
			}
			var head []byte
			if strings.HasSuffix(p, ".h") || filepath.Ext(p) == "" {
				f, err := os.Open(p)
				if err != nil {
					return nil
				}
				head = make([]byte, 4096)
				n, _ := f.Read(head)
				f.Close()
				head = head[:n]
			}
			lang := walk.DetectLanguage(p, head)
			if lang != walk.C && lang != walk.CPP {
				return nil
			}
			ins = append(ins, extract.Input{Path: p, Language: lang, Size: info.Size(),
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

// runCorpus extracts the corpus with both extractors.
func runCorpus(t testing.TB, ins []extract.Input, workers int) *extract.Result {
	t.Helper()
	return extracttest.RunOptions(t, ins, extract.Options{Repo: "corpus", Extractors: []*extract.Extractor{C, CPP}, Workers: workers})
}

// TestCorpus extracts the machine's C and C++ code: no crash, no timeout,
// counts by language and kind, and known sites of libstdc++ and CPython.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: extracts the machine's C and C++ headers")
	}
	ins, size := corpusInputs(t, corpusRoots(t))
	res := runCorpus(t, ins, 0)
	for _, s := range res.Skipped {
		t.Errorf("skipped %s: %s: %s", s.Path, s.Reason, s.Detail)
	}
	counts := map[string]int{}
	for _, s := range res.Sites {
		counts[s.Language+" "+string(s.Kind)]++
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-22s %6d", k, counts[k])
	}
	t.Logf("%d files, %.1f MB, %d sites, %d files with problems", res.FilesParsed, float64(size)/1e6, len(res.Sites), res.FilesWithProblems)

	// Messages users paste, with the site that prints them.
	for _, c := range []struct {
		path, message, exception string
	}{
		{"bits/stl_vector.h", "vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)", "std::out_of_range"},
		{"bits/basic_string.h", "basic_string: construction from null is not valid", "std::logic_error"},
		{"python3.11/internal/pycore_blocks_output_buffer.h", "Unable to allocate output buffer.", "MemoryError"},
	} {
		if !found(res.Sites, c.path, c.message, c.exception) {
			t.Errorf("no site in %s prints %q (%s)", c.path, c.message, c.exception)
		}
	}
}

// found reports whether a site in a file whose path ends with path has
// the exception and a template matching message.
func found(sites []*errdex.Site, path, message, exception string) bool {
	for _, s := range sites {
		if strings.HasSuffix(s.Location.Path, path) && s.Exception == exception && messageRegexp(s.Template, false).MatchString(message) {
			return true
		}
	}
	return false
}

// BenchmarkCorpus measures extraction, parsing included, on one worker
// over the corpus of TestCorpus: the single-core throughput in MB/s.
func BenchmarkCorpus(b *testing.B) {
	ins, size := corpusInputs(b, corpusRoots(b))
	b.SetBytes(size)
	var sites int
	cpu0 := extracttest.CPUTime()
	for b.Loop() {
		sites = len(runCorpus(b, ins, 1).Sites)
	}
	extracttest.ReportCPUThroughput(b, size, cpu0, "cpu-MB/s")
	b.ReportMetric(float64(len(ins)), "files")
	b.ReportMetric(float64(sites), "sites")
}
