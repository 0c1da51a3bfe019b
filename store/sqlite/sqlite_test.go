package sqlite

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/storetest"
)

// open opens a new database in a fresh temporary directory and closes it
// when the test ends.
func open(t testing.TB) *Store {
	t.Helper()
	st, err := Open(context.Background(), filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return st
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) errdex.Store { return open(t) })
}

// rawExec runs statements on the database file with a plain connection,
// as another program would.
func rawExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) string // returns the path to open
		want  string                                // in the error message
	}{
		{"empty path", func(*testing.T, string) string { return "" }, "no database path"},
		{"directory", func(_ *testing.T, dir string) string { return dir }, "is a directory"},
		{"missing directory", func(_ *testing.T, dir string) string { return filepath.Join(dir, "nope", "x.db") }, "does not exist"},
		{"text file", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "notes.txt")
			if err := os.WriteFile(p, []byte("these are my notes, not a database\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}, "not an SQLite file"},
		{"short binary file", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "x.db")
			if err := os.WriteFile(p, []byte{0x53, 0x51}, 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}, "not an SQLite file"},
		{"another program's database", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "app.db")
			rawExec(t, p, `CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)`)
			return p
		}, "not an errdex one (it has tables users)"},
		{"newer schema", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "new.db")
			st, err := Open(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			rawExec(t, p, `INSERT INTO errdex_schema (version_id, is_applied) VALUES (999, 1)`)
			return p
		}, "written by a newer errdex (schema version 999"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.setup(t, t.TempDir())
			st, err := Open(ctx, path)
			if err == nil {
				st.Close()
				t.Fatalf("Open(%q) succeeded, want an error containing %q", path, tt.want)
			}
			if k := errdex.KindOf(err); k != errdex.Invalid {
				t.Errorf("Open(%q) error kind = %v, want Invalid (%v)", path, k, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open(%q) error = %q, want it to contain %q", path, err, tt.want)
			}
		})
	}
}

func TestOpenReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("file permissions do not apply to root; TestReadOnlyConnection covers the SQLite side")
	}
	p := filepath.Join(t.TempDir(), "ro.db")
	st, err := Open(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	_, err = Open(context.Background(), p)
	if errdex.KindOf(err) != errdex.Invalid || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("Open of a read-only file: got %v, want an Invalid error saying it is read-only", err)
	}
}

// TestReadOnlyConnection checks that SQLite's own read-only error reaches
// the user as one they can act on.
func TestReadOnlyConnection(t *testing.T) {
	st := open(t)
	defer st.Close()
	// Point the writer at a read-only connection of the same file.
	abs, _ := filepath.Abs(st.path)
	ro, err := sql.Open("sqlite", dsn(abs, slices.Concat(commonPragmas, readerPragmas), ""))
	if err != nil {
		t.Fatal(err)
	}
	st.w, ro = ro, st.w
	defer ro.Close()
	snap := &errdex.Snapshot{Repo: "r", Rev: "1"}
	err = st.ReplaceSnapshot(context.Background(), snap, nil)
	if errdex.KindOf(err) != errdex.Invalid || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("write through a read-only connection: got %v, want an Invalid error saying it is read-only", err)
	}
}

func TestOpenEmptyFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "empty.db")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Open(context.Background(), p)
	if err != nil {
		t.Fatalf("Open of an empty file: %v", err)
	}
	st.Close()
}

// testSnapshot returns a small snapshot with a site in each given family.
func testSnapshot(repo, rev string, families ...string) (*errdex.Snapshot, []*errdex.Site) {
	snap := &errdex.Snapshot{Repo: repo, Rev: rev, URLTemplate: "https://example.test/" + repo + "/{path}#L{line}"}
	var sites []*errdex.Site
	for i, f := range families {
		tmpl := errdex.NewTemplate(errdex.Lit("failure "), errdex.HolePart("n", "n", errdex.HoleInt))
		s := &errdex.Site{
			ID:       errdex.IDKey{Repo: repo, Template: tmpl.Canonical()}.ID(i),
			Repo:     repo,
			Rev:      rev,
			Language: "python",
			Kind:     errdex.KindRaise,
			Template: tmpl,
			Location: errdex.Location{Span: errdex.Span{Path: "m.py", Line: i + 1}},
		}
		if f != "" {
			s.Family = &errdex.FamilyRef{Slug: f, Name: "The " + f + " family"}
		}
		sites = append(sites, s)
	}
	return snap, sites
}

func TestReopen(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "errdex.db")
	st, err := Open(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	snap, sites := testSnapshot("r", "1", "a", "b")
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err = Open(ctx, p)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer st.Close()
	got, err := st.Site(ctx, sites[1].ID)
	if err != nil {
		t.Fatalf("Site after reopening: %v", err)
	}
	if got.Family == nil || got.Family.Slug != "b" {
		t.Errorf("Site after reopening = %+v, want family b", got)
	}
}

// TestTwoStores opens one file twice, as `errdex index` and `errdex serve`
// do from two processes: each sees the other's writes.
func TestTwoStores(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "errdex.db")
	a, err := Open(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	snap, sites := testSnapshot("r", "1", "x")
	if err := a.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Site(ctx, sites[0].ID); err != nil {
		t.Fatalf("the second store does not see the first one's write: %v", err)
	}
	snap2, sites2 := testSnapshot("r", "2", "y")
	if err := b.ReplaceSnapshot(ctx, snap2, sites2); err != nil {
		t.Fatal(err)
	}
	got, err := a.Snapshot(ctx, "r")
	if err != nil || got.Rev != "2" {
		t.Fatalf("the first store does not see the second one's write: %+v, %v", got, err)
	}
}

func TestStatsFamiliesDelete(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	defer st.Close()
	check := func(wantStats Stats, wantFams []errdex.FamilyRef) {
		t.Helper()
		stats, err := st.Stats(ctx)
		if err != nil {
			t.Fatalf("Stats: %v", err)
		}
		if diff := cmp.Diff(wantStats, stats); diff != "" {
			t.Errorf("Stats mismatch (-want +got):\n%s", diff)
		}
		fams, err := st.Families(ctx)
		if err != nil {
			t.Fatalf("Families: %v", err)
		}
		if diff := cmp.Diff(wantFams, fams); diff != "" {
			t.Errorf("Families mismatch (-want +got):\n%s", diff)
		}
		for _, f := range wantFams {
			got, err := st.Family(ctx, f.Slug)
			if err != nil {
				t.Fatalf("Family(%q): %v", f.Slug, err)
			}
			if diff := cmp.Diff(&f, got); diff != "" {
				t.Errorf("Family(%q) mismatch (-want +got):\n%s", f.Slug, diff)
			}
		}
	}
	check(Stats{}, []errdex.FamilyRef{})

	x, xs := testSnapshot("x", "1", "io", "io", "type", "")
	y, ys := testSnapshot("y", "1", "io")
	for _, w := range []struct {
		snap  *errdex.Snapshot
		sites []*errdex.Site
	}{{x, xs}, {y, ys}} {
		if err := st.ReplaceSnapshot(ctx, w.snap, w.sites); err != nil {
			t.Fatal(err)
		}
	}
	check(Stats{Repos: 2, Sites: 5, Families: 2}, []errdex.FamilyRef{
		{Slug: "io", Name: "The io family", Sites: 3, Libraries: 2},
		{Slug: "type", Name: "The type family", Sites: 1, Libraries: 1},
	})

	if err := st.DeleteRepo(ctx, "x"); err != nil {
		t.Fatalf("DeleteRepo: %v", err)
	}
	check(Stats{Repos: 1, Sites: 1, Families: 1}, []errdex.FamilyRef{
		{Slug: "io", Name: "The io family", Sites: 1, Libraries: 1},
	})
	if _, err := st.Site(ctx, xs[0].ID); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Site of a deleted repository: got %v, want NotFound", err)
	}
	if _, err := st.Snapshot(ctx, "x"); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Snapshot of a deleted repository: got %v, want NotFound", err)
	}
	if err := st.DeleteRepo(ctx, "x"); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("DeleteRepo of an unknown repository: got %v, want NotFound", err)
	}
	if _, err := st.Family(ctx, "type"); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Family of a family without sites: got %v, want NotFound", err)
	}
	// The repository's name is free again.
	if err := st.ReplaceSnapshot(ctx, x, xs[:1]); err != nil {
		t.Fatalf("indexing a deleted repository again: %v", err)
	}
	check(Stats{Repos: 2, Sites: 2, Families: 1}, []errdex.FamilyRef{
		{Slug: "io", Name: "The io family", Sites: 2, Libraries: 2},
	})
}

// TestPlans checks that the queries the hot paths run use the indexes
// they were designed for, so that a schema change that breaks one shows
// up here rather than as a slow server.
func TestPlans(t *testing.T) {
	st := open(t)
	defer st.Close()
	tests := []struct {
		name  string
		query string
		args  []any
		want  string
	}{
		{"site by ID", `SELECT * FROM sites WHERE id = ?`, []any{"0123456789abcdef"}, "USING INDEX sqlite_autoindex_sites_1 (id=?)"},
		{"site", siteQuery, []any{"0123456789abcdef"}, "USING INDEX sqlite_autoindex_sites_1 (id=?)"},
		{"listing", first(listQuery(errdex.SiteFilter{})), []any{1}, "USING INDEX sites_order (snapshot_id=?)"},
		{"directory", first(listQuery(errdex.SiteFilter{Path: "a/"})), []any{1, "a/", "a0"}, "USING INDEX sites_order (snapshot_id=? AND path>? AND path<?)"},
		{"family", `SELECT count(*), count(DISTINCT snapshot_id) FROM sites WHERE family = ?`, []any{"f"}, "USING COVERING INDEX sites_family (family=?)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := st.r.Query(`EXPLAIN QUERY PLAN `+tt.query, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detail)
			}
			joined := strings.Join(plan, "\n")
			if !strings.Contains(joined, tt.want) || strings.Contains(joined, "TEMP B-TREE FOR ORDER BY") {
				t.Errorf("plan of %s:\n%q\nwant it to contain %q and no sort", tt.name, joined, tt.want)
			}
		})
	}
}

func first(q string, _ []any) string { return q }

// TestPragmas checks the settings Open promises on both kinds of
// connection, since the DSN parameters that set them fail silently when
// misspelt or applied in the wrong order (page_size, for one, only takes
// effect before the journal mode is switched to WAL).
func TestPragmas(t *testing.T) {
	st := open(t)
	defer st.Close()
	tests := []struct {
		db     *sql.DB
		pragma string
		want   string
	}{
		{st.w, "journal_mode", "wal"},
		{st.w, "page_size", "16384"},
		{st.w, "foreign_keys", "1"},
		{st.w, "busy_timeout", "10000"},
		{st.w, "synchronous", "1"},
		{st.w, "query_only", "0"},
		{st.r, "journal_mode", "wal"},
		{st.r, "foreign_keys", "1"},
		{st.r, "busy_timeout", "10000"},
		{st.r, "query_only", "1"},
	}
	for _, tt := range tests {
		var got string
		if err := tt.db.QueryRow("PRAGMA " + tt.pragma).Scan(&got); err != nil {
			t.Fatalf("PRAGMA %s: %v", tt.pragma, err)
		}
		which := "writer"
		if tt.db == st.r {
			which = "reader"
		}
		if got != tt.want {
			t.Errorf("%s: PRAGMA %s = %s, want %s", which, tt.pragma, got, tt.want)
		}
	}
}

func TestListSitesSkipFacts(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	snap := &errdex.Snapshot{Repo: "r", Rev: "abc"}
	site := &errdex.Site{ID: "0123456789abcdef", Repo: "r", Rev: "abc", Language: "python", Kind: errdex.KindRaise,
		Template: errdex.NewTemplate(errdex.Lit("boom")), Location: errdex.Location{Span: errdex.Span{Path: "a.py", Line: 1, EndLine: 1}},
		Guards: []errdex.Guard{{Condition: "x", Source: "x", Kind: "if", Line: 1}},
		Family: &errdex.FamilyRef{Slug: "other", Name: "Other"}}
	if err := st.ReplaceSnapshot(ctx, snap, []*errdex.Site{site}); err != nil {
		t.Fatal(err)
	}
	for _, skip := range []bool{false, true} {
		var got []*errdex.Site
		if err := st.ListSites(ctx, errdex.SiteFilter{SkipFacts: skip}, func(s *errdex.Site) error {
			got = append(got, s)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Template.String() != "boom" || got[0].Family == nil {
			t.Fatalf("SkipFacts=%v: got %+v", skip, got)
		}
		if hasGuards := len(got[0].Guards) > 0; hasGuards == skip {
			t.Errorf("SkipFacts=%v: guards present = %v", skip, hasGuards)
		}
	}
}
