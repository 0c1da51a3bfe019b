// Package lookuptest builds lookup services over real corpora, for the
// tests and benchmarks of lookup and of the packages that use it.
package lookuptest

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/store/sqlite"
)

// PythonStdlib indexes the standard library of the python3 on PATH as
// repository python/cpython (as scripts/loadtest.sh does) into a SQLite
// file in tb's temporary directory, and returns the store, closed when tb
// ends, and a lookup service over it. Without python3 it skips tb.
func PythonStdlib(tb testing.TB) (errdex.Store, *lookup.Service) {
	tb.Helper()
	out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		tb.Skipf("no python3 standard library: %v", err)
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(tb.TempDir(), "errdex.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	if _, err := index.Dir(ctx, st, strings.TrimSpace(string(out)), index.Options{Repo: "python/cpython", Extractors: all.Extractors()}); err != nil {
		tb.Fatalf("index the Python standard library: %v", err)
	}
	svc, err := lookup.New(ctx, st)
	if err != nil {
		tb.Fatal(err)
	}
	return st, svc
}
