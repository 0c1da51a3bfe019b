package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/store/sqlite"
)

// fixtureRev is the commit the fixture snapshots claim to be at.
const fixtureRev = "0132848c1f9e2d7a5b6c3e4f8a9b0c1d2e3f4a5b"

// fixtureRepo describes a test repository: a directory of real Python
// source under testdata, indexed by the real Python extractor, then given
// the analysis facts of an overlay file (the fields of errdex.Site that
// later stages would derive, keyed by "path:line" of the raise; related
// IDs written "@path:line"), and a snapshot with a remote.
type fixtureRepo struct {
	name    string
	dir     string            // under testdata
	overlay string            // under testdata, or ""
	rename  map[string]string // file renames applied to the copy, old → new
	urlTmpl string            // Snapshot.URLTemplate ("" for the default GitHub one)
	issues  string            // Snapshot.IssuesURL
}

var minidisagg = fixtureRepo{
	name:    "example/minidisagg",
	dir:     "repo",
	overlay: "analysis.json",
	issues:  "https://github.com/example/minidisagg/issues",
}

// hostileName is the file name the XSS fixture's app.py is given.
const hostileName = `<img src=x onerror=alert('xss-path')>.py`

var xssRepo = fixtureRepo{
	name:    `evil/"><script>alert('xss-repo')</script>`,
	dir:     "xss",
	overlay: "xss-analysis.json",
	rename:  map[string]string{"app.py": hostileName},
	urlTmpl: "javascript:alert('xss-url')//{path}#{line}",
	issues:  "javascript:alert('xss-issues')",
}

// testEnv is a store loaded with fixture repositories and a server over it.
type testEnv struct {
	store  *sqlite.Store
	lookup *lookup.Service
	srv    *Server
	sites  map[string]*errdex.Site // by repo + " " + "path:line"
}

func (e *testEnv) site(t testing.TB, repo, at string) *errdex.Site {
	t.Helper()
	s, ok := e.sites[repo+" "+at]
	if !ok {
		t.Fatalf("fixture %s has no site at %s", repo, at)
	}
	return s
}

// newTestEnv indexes the fixture repositories into a fresh database and
// builds a server over it with cfg's options.
func newTestEnv(t testing.TB, cfg Config, repos ...fixtureRepo) *testEnv {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	env := &testEnv{store: st, sites: map[string]*errdex.Site{}}
	for _, r := range repos {
		for k, v := range loadFixture(t, st, r) {
			env.sites[r.name+" "+k] = v
		}
	}
	env.lookup, err = lookup.New(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Lookup = st, env.lookup
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	env.srv, err = New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// loadFixture indexes one fixture repository and returns its sites by
// "path:line".
func loadFixture(t testing.TB, st errdex.Store, r fixtureRepo) map[string]*errdex.Site {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "src")
	copyDir(t, filepath.Join("testdata", r.dir), dir)
	for from, to := range r.rename {
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := index.Dir(ctx, st, dir, index.Options{Repo: r.name, Extractors: []*extract.Extractor{python.Extractor}})
	if err != nil {
		t.Fatalf("index %s: %v", r.dir, err)
	}
	byAt := map[string]*errdex.Site{}
	for _, s := range res.Sites {
		byAt[fmt.Sprintf("%s:%d", s.Location.Path, s.Location.Line)] = s
	}
	if r.overlay != "" {
		applyOverlay(t, filepath.Join("testdata", r.overlay), byAt, r.rename)
	}
	snap := res.Snapshot
	snap.Rev = fixtureRev
	snap.RevDate = time.Date(2026, 8, 28, 12, 0, 0, 0, time.UTC)
	snap.URLTemplate = r.urlTmpl
	if snap.URLTemplate == "" {
		snap.URLTemplate = "https://github.com/" + r.name + "/blob/" + fixtureRev + "/{path}#L{line}"
	}
	snap.IssuesURL = r.issues
	for _, s := range res.Sites {
		s.Rev, s.RevDate = snap.Rev, snap.RevDate
	}
	if err := st.ReplaceSnapshot(ctx, snap, res.Sites); err != nil {
		t.Fatal(err)
	}
	return byAt
}

// applyOverlay merges the overlay's JSON into the sites it names.
func applyOverlay(t testing.TB, file string, byAt map[string]*errdex.Site, rename map[string]string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, to := range rename {
		b, _ := json.Marshal(to)
		text = strings.ReplaceAll(text, "HOSTILE.py", strings.Trim(string(b), `"`))
	}
	var overlay map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &overlay); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for at, raw := range overlay {
		s, ok := byAt[at]
		if !ok {
			t.Fatalf("%s: no site at %s; the extractor found %v", file, at, keys(byAt))
		}
		if err := json.Unmarshal(raw, s); err != nil {
			t.Fatalf("%s: %s: %v", file, at, err)
		}
		for i, r := range s.Related {
			if ref, ok := strings.CutPrefix(string(r.ID), "@"); ok {
				target, ok := byAt[ref]
				if !ok {
					t.Fatalf("%s: %s: related site %s not found", file, at, ref)
				}
				s.Related[i].ID = target.ID
			}
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func copyDir(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			if d.Name() == "__pycache__" {
				return filepath.SkipDir
			}
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
