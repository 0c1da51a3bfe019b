package lookup

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/store/sqlite"
)

// BenchmarkExplainStdlib measures a whole search as the web server and the
// CLI run it: parse the paste, match it against this machine's Python
// standard library, and load the matching sites (with snippets and facts)
// from a real SQLite file.
func BenchmarkExplainStdlib(b *testing.B) {
	out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		b.Skipf("no python3 standard library: %v", err)
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "errdex.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	if _, err := index.Dir(ctx, st, strings.TrimSpace(string(out)), index.Options{Repo: "python/cpython", Extractors: all.Extractors()}); err != nil {
		b.Fatal(err)
	}
	svc, err := New(ctx, st)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct{ name, text string }{
		{"message", "ValueError: '10.0.0.1/33' does not appear to be an IPv4 or IPv6 network"},
		{"ambiguous", "ValueError: I/O operation on closed file."},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				ans, err := svc.Explain(ctx, tc.text, Options{})
				if err != nil || len(ans.Hits) == 0 {
					b.Fatalf("Explain(%q) = %v hits, %v", tc.text, len(ans.Hits), err)
				}
			}
		})
	}
}
