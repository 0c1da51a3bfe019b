package all_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex/analyze/all"
	"github.com/errdex/errdex/analyze/family"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/python"
)

// stdlibRoot finds the Python standard library: $ERRDEX_PYTHON_STDLIB, or
// the one of the machine's python3. It skips the test when there is none.
func stdlibRoot(t testing.TB) string {
	t.Helper()
	if root := os.Getenv("ERRDEX_PYTHON_STDLIB"); root != "" {
		return root
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	out, err := exec.Command(py, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatalf("python3 cannot name its standard library: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// stdlibExtract extracts the library's .py files below 2 MiB, without
// site-packages and test directories (the code users run), on one worker.
func stdlibExtract(t testing.TB) *extract.Result {
	t.Helper()
	root := stdlibRoot(t)
	var ins []extract.Input
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); n == "site-packages" || n == "test" || n == "tests" || n == "idle_test" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".py") {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() >= 2<<20 {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		ins = append(ins, extract.Input{Path: filepath.ToSlash(rel), Language: "python", Size: info.Size(),
			Read: func() ([]byte, error) { return os.ReadFile(p) }})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
		for _, in := range ins {
			if !yield(in) {
				return
			}
		}
	}, extract.Options{Repo: "python/stdlib", Extractors: []*extract.Extractor{python.Extractor}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestStdlibFigures runs the analyses over the Python standard library and
// reports the share of sites with a guard, a family other than "other", a
// caller, a configuration reference and an explanation with a solution
// derived from the code, and the number of families used. Run with -v to
// see them:
//
//	go test ./analyze/all -run StdlibFigures -v
func TestStdlibFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts the whole standard library")
	}
	res := stdlibExtract(t)
	if err := all.Run(context.Background(), res); err != nil {
		t.Fatal(err)
	}
	n := len(res.Sites)
	var guarded, classified, called, configured, pathed, related, exampled int
	families := map[string]int{}
	for _, s := range res.Sites {
		if len(s.Guards) > 0 {
			guarded++
		}
		if s.Family != nil && s.Family.Slug != family.Other {
			classified++
			families[s.Family.Slug]++
		}
		if len(s.Callers) > 0 {
			called++
		}
		if len(s.CallPath) > 0 {
			pathed++
		}
		if len(s.Config) > 0 {
			configured++
		}
		if len(s.Related) > 0 {
			related++
		}
		if s.Explanation == nil || s.Explanation.Meaning == "" || s.Explanation.Source != "static" {
			t.Fatalf("%s:%d: no static explanation", s.Location.Path, s.Location.Line)
		}
		if s.Explanation.ExampleFix != nil {
			exampled++
		}
		for _, r := range s.Related {
			if r.ID == s.ID {
				t.Fatalf("%s:%d is related to itself", s.Location.Path, s.Location.Line)
			}
		}
	}
	pct := func(k int) float64 { return 100 * float64(k) / float64(n) }
	t.Logf("%d sites in %d files", n, len(res.Files))
	t.Logf("with ≥1 guard:          %5.1f%%", pct(guarded))
	t.Logf("family other than other: %5.1f%%", pct(classified))
	t.Logf("with ≥1 caller:         %5.1f%%", pct(called))
	t.Logf("with a call path:       %5.1f%%", pct(pathed))
	t.Logf("with configuration:     %5.1f%%", pct(configured))
	t.Logf("with related errors:    %5.1f%%", pct(related))
	t.Logf("with an example fix:    %5.1f%%", pct(exampled))
	t.Logf("families used: %d of %d: %v", len(families), len(family.Families())-1, families)
	// Loose floors that catch a broken analysis, far below the figures
	// measured when it was written.
	if pct(guarded) < 40 || pct(classified) < 40 || pct(called) < 10 || len(families) < 15 {
		t.Errorf("figures below their floors: guards %.1f%%, classified %.1f%%, callers %.1f%%, %d families",
			pct(guarded), pct(classified), pct(called), len(families))
	}
}

// BenchmarkStdlib measures the analyses and explanations against the
// extraction they follow, both on one goroutine, and reports the
// analysis's time as a percentage of the extraction's:
//
//	go test ./analyze/all -run '^$' -bench Stdlib -benchtime 3x
func BenchmarkStdlib(b *testing.B) {
	var extractTime, analyzeTime time.Duration
	sites := 0
	for b.Loop() {
		start := time.Now()
		res := stdlibExtract(b)
		extractTime += time.Since(start)
		start = time.Now()
		if err := all.Run(context.Background(), res); err != nil {
			b.Fatal(err)
		}
		analyzeTime += time.Since(start)
		sites = len(res.Sites)
	}
	b.ReportMetric(float64(extractTime.Milliseconds())/float64(b.N), "extract-ms/op")
	b.ReportMetric(float64(analyzeTime.Milliseconds())/float64(b.N), "analyze-ms/op")
	b.ReportMetric(100*float64(analyzeTime)/float64(extractTime), "analyze-%-of-extract")
	b.ReportMetric(float64(sites), "sites")
}

// TestStdlibJSONDecoder checks the trigger of json.decoder's "Expecting
// property name enclosed in double quotes" against the library's file: it
// cites both assignments of nextchar that reach the raise, the second
// with the condition under which it runs.
func TestStdlibJSONDecoder(t *testing.T) {
	root := stdlibRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "json", "decoder.py"))
	if err != nil {
		t.Skipf("no json/decoder.py: %v", err)
	}
	res, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
		yield(extract.Input{Path: "json/decoder.py", Language: "python", Size: int64(len(src)),
			Read: func() ([]byte, error) { return src, nil }})
	}, extract.Options{Repo: "python/stdlib", Extractors: []*extract.Extractor{python.Extractor}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := all.Run(context.Background(), res); err != nil {
		t.Fatal(err)
	}
	// The lines of the two assignments, from the file itself.
	var lines []int
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == "nextchar = s[end:end + 1]" {
			lines = append(lines, i+1)
		}
	}
	if len(lines) < 2 {
		t.Skipf("json/decoder.py has %d assignments nextchar = s[end:end + 1]", len(lines))
	}
	for _, s := range res.Sites {
		if !strings.HasPrefix(s.Message(), "Expecting property name enclosed in double quotes") || s.Function != "JSONObject" {
			continue
		}
		if s.Location.Line < lines[1] {
			continue // the raise before the loop, not the one after the first check
		}
		want := fmt.Sprintf("`nextchar` is set to `s[end:end + 1]` (line %d). `nextchar` may be set to `s[end:end + 1]` (line %d, when `nextchar in _ws`).",
			lines[0], lines[1])
		t.Logf("%s:%d: %s", s.Location.Path, s.Location.Line, s.Explanation.Trigger)
		if !strings.Contains(s.Explanation.Trigger, want) {
			t.Errorf("%s:%d: trigger\n%s\nwant it to contain\n%s", s.Location.Path, s.Location.Line, s.Explanation.Trigger, want)
		}
		return
	}
	t.Skip("json/decoder.py has no such raise after the two assignments")
}
