package index

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/javascript"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/match"
	"github.com/errdex/errdex/store/sqlite"
	"github.com/errdex/errdex/walk"
)

// TestPackageRoot checks that a root that is a Python package
// (testdata/pkgroot/mypkg has an __init__.py) has its files stored under
// its name, as a traceback prints them and its absolute imports name
// them, and that links to the upstream files stay right.
func TestPackageRoot(t *testing.T) {
	tests := []struct {
		name     string
		dir      string
		upstream string // Upstream.Dir; "-" for no upstream
		path     string // the site's stored path
		skipped  string // the test file's stored path
		link     string // the site's link
	}{
		{name: "a package", dir: "pkgroot/mypkg", upstream: "-",
			path: "mypkg/core.py", skipped: "mypkg/test_core.py"},
		{name: "its parent", dir: "pkgroot", upstream: "-",
			path: "mypkg/core.py", skipped: "mypkg/test_core.py"},
		{name: "a package under src upstream", dir: "pkgroot/mypkg", upstream: "src/mypkg",
			path: "mypkg/core.py", skipped: "mypkg/test_core.py",
			link: "https://github.com/acme/mypkg/blob/v1.0/src/mypkg/core.py#L6"},
		{name: "a package at the top upstream", dir: "pkgroot/mypkg", upstream: "mypkg/",
			path: "mypkg/core.py", skipped: "mypkg/test_core.py",
			link: "https://github.com/acme/mypkg/blob/v1.0/mypkg/core.py#L6"},
		{
			// The upstream directory has another name: the files stay
			// relative to the root, so that links name them.
			name: "a package renamed upstream", dir: "pkgroot/mypkg", upstream: "lib",
			path: "core.py", skipped: "test_core.py",
			link: "https://github.com/acme/mypkg/blob/v1.0/lib/core.py#L6",
		},
		{
			// The upstream repository's root is the package.
			name: "the upstream root is the package", dir: "pkgroot/mypkg", upstream: "",
			path: "core.py", skipped: "test_core.py",
			link: "https://github.com/acme/mypkg/blob/v1.0/core.py#L6",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "errdex.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			opts := Options{Repo: "acme/mypkg", Extractors: []*extract.Extractor{python.Extractor}}
			if tt.upstream != "-" {
				opts.Upstream = Upstream{URL: "https://github.com/acme/mypkg", Rev: "v1.0", Dir: tt.upstream}
			}
			res, err := Dir(ctx, st, filepath.Join("testdata", tt.dir), opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Sites) != 1 {
				t.Fatalf("%d sites, want core.py's raise", len(res.Sites))
			}
			site := res.Sites[0]
			var skipped []string
			for _, f := range res.Snapshot.Skipped {
				skipped = append(skipped, f.Path)
			}
			got := []string{site.Location.Span.Path, res.Snapshot.SourceURL(site.Location.Span.Path, site.Location.Span.Line)}
			got = append(got, skipped...)
			if diff := cmp.Diff([]string{tt.path, tt.link, tt.skipped}, got); diff != "" {
				t.Errorf("path, link, skipped (-want +got):\n%s", diff)
			}
			stored, err := st.Site(ctx, site.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.Location.Span.Path != tt.path {
				t.Errorf("stored path %q, want %q", stored.Location.Span.Path, tt.path)
			}
			if tt.path == "mypkg/core.py" && stored.ExceptionQualified != "mypkg.errors.BadThing" {
				t.Errorf("exception %q, want mypkg.errors.BadThing", stored.ExceptionQualified)
			}
		})
	}
}

// TestFileRoot checks that indexing a file, not a directory, says so and
// names the directory to index, instead of failing on what it reads
// first.
func TestFileRoot(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	file := filepath.Join("testdata", "pkgroot", "mypkg", "core.py")
	_, err = Dir(ctx, st, file, Options{Extractors: []*extract.Extractor{python.Extractor}})
	if errdex.KindOf(err) != errdex.Invalid {
		t.Fatalf("Dir(%s) = %v, want an Invalid error", file, err)
	}
	want := "errdex index " + filepath.Dir(file)
	if !strings.Contains(err.Error(), want) {
		t.Errorf("Dir(%s) = %q, want it to name %q", file, err, want)
	}
}

// TestMinified checks that a package's minified builds (all of
// testdata/minified/lib/pkg.esm.js is one line, as npm packages ship it,
// and pkg.min.js is a copy named so) are indexed, their sites marked and
// stored so, with a window of the line for a snippet, and that the column
// of a frame Node printed for one picks its site; --skip-minified leaves
// them out.
func TestMinified(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	res, err := Dir(ctx, st, filepath.Join("testdata", "minified"), Options{Repo: "acme/pkg", Extractors: []*extract.Extractor{javascript.Extractor}})
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Snapshot.Stats.FilesMinified; n != 2 || len(res.Snapshot.Skipped) != 0 {
		t.Errorf("FilesMinified = %d, skipped %v; want both files indexed", n, res.Snapshot.Skipped)
	}
	if len(res.Sites) < 6 {
		t.Fatalf("%d sites, want the two throws and the rethrow of each file", len(res.Sites))
	}
	for _, s := range res.Sites {
		stored, err := st.Site(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		sn := stored.Snippet
		if !stored.Minified || sn == nil || len(sn.Lines) != 1 || len(sn.Lines[0]) > 410 {
			t.Fatalf("stored site %s:%d: minified %v, snippet %+v", stored.Location.Path, stored.Location.Column, stored.Minified, sn)
		}
		if s.Kind == errdex.KindThrow && !strings.Contains(sn.Lines[0], s.Message()) {
			t.Errorf("snippet %q does not show the throw of %q", sn.Lines[0], s.Message())
		}
	}
	// Node's stack for parse({name: "x", level: "q"}), printed by a real run.
	ix := match.NewIndex(slices.Values(res.Sites))
	got := ix.Match(match.Query{Message: "extension level must be 'block' or 'inline'", Exception: "Error", Frames: []match.Frame{
		{Path: "/srv/app/node_modules/pkg/lib/pkg.esm.js", Line: 1, Column: 3208, Function: "use"},
		{Path: "/srv/app/node_modules/pkg/lib/pkg.esm.js", Line: 1, Column: 3835, Function: "Module.parse"},
	}}, match.Options{})
	if len(got.Matches) == 0 || got.Matches[0].Reasons[0] != "the innermost frame (lib/pkg.esm.js:1) is this raise" {
		t.Errorf("the frame's column did not find its raise: %+v", got)
	}
	skip, err := Dir(ctx, st, filepath.Join("testdata", "minified"), Options{Repo: "acme/pkg", Extractors: []*extract.Extractor{javascript.Extractor},
		Walk: walk.Options{SkipMinified: true}})
	if err != nil {
		t.Fatal(err)
	}
	if n := skip.Snapshot.Stats.SkippedByReason[walk.ReasonMinified]; n != 2 || len(skip.Sites) != 0 {
		t.Errorf("with SkipMinified: %d skipped as minified, %d sites; want 2 and none", n, len(skip.Sites))
	}
}
