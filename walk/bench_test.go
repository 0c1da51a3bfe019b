package walk

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// pythonStdlib locates the standard library of the machine's python3.
func pythonStdlib(b *testing.B) string {
	b.Helper()
	out, err := exec.Command("python3", "-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		b.Skipf("no python3: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// BenchmarkWalkPythonStdlib walks the Python standard library the way
// indexing does: classify every file, and read each yielded one.
func BenchmarkWalkPythonStdlib(b *testing.B) {
	root := pythonStdlib(b)
	for _, read := range []bool{false, true} {
		name := "classify"
		if read {
			name = "classify+read"
		}
		b.Run(name, func(b *testing.B) {
			var seen, yielded int
			var bytes int64
			start, cpu := time.Now(), cpuTime()
			for b.Loop() {
				sum, err := Walk(context.Background(), root, Options{}, func(f File) error {
					if read {
						if _, err := f.Read(); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
				seen, yielded, bytes = sum.FilesSeen, sum.FilesYielded, sum.BytesYielded
			}
			secs := time.Since(start).Seconds() / float64(b.N)
			cpuSecs := (cpuTime() - cpu).Seconds() / float64(b.N)
			b.ReportMetric(cpuSecs*1e3, "cpu-ms/op")
			if cpuSecs > 0 {
				b.ReportMetric(float64(seen)/cpuSecs, "files-seen/cpu-s")
			}
			b.ReportMetric(float64(seen)/secs, "files-seen/s")
			b.ReportMetric(float64(yielded)/secs, "files-yielded/s")
			b.ReportMetric(float64(bytes)/secs/1e6, "MB/s")
			b.ReportMetric(float64(yielded), "files")
		})
	}
}
