package sqlite

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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

// newDatabase creates a database file in a new temporary directory.
func newDatabase(t testing.TB) func() (errdex.Store, error) {
	path := filepath.Join(t.TempDir(), "errdex.db")
	return func() (errdex.Store, error) { return Open(context.Background(), path) }
}

func TestConformance(t *testing.T) {
	storetest.Run(t, newDatabase)
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

func TestReopen(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "errdex.db")
	st, err := Open(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	snap := storetest.NewSnapshot("r", "1")
	sites := []*errdex.Site{storetest.NewSite(snap, "m.py", 1, "one", "a"), storetest.NewSite(snap, "m.py", 2, "two", "b")}
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

// TestGenerationOldDatabase opens a database of schema version 2, made
// before the change counter: Open adds the counter, starting at 0, and
// writes bump it from there.
func TestGenerationOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "errdex.db")
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	snap := storetest.NewSnapshot("r", "1")
	site := storetest.NewSite(snap, "a.py", 1, "failure", "f")
	if err := st.ReplaceSnapshot(ctx, snap, []*errdex.Site{site}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	// Back to version 2, as an older errdex left it.
	rawExec(t, path, `DROP TABLE changes`, `DELETE FROM errdex_schema WHERE version_id = 3`)

	st = openAt(t, path)
	if gen, err := st.Generation(ctx); err != nil || gen != 0 {
		t.Fatalf("Generation of a migrated database = %d, %v; want 0, nil", gen, err)
	}
	if _, err := st.Site(ctx, site.ID); err != nil {
		t.Fatalf("the site written before the migration: %v", err)
	}
	n, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: site.ID, Explanation: &errdex.Explanation{Meaning: "m", Source: "llm:x"}}})
	if err != nil || n != 1 {
		t.Fatalf("UpdateExplanations = %d, %v; want 1, nil", n, err)
	}
	if gen, err := st.Generation(ctx); err != nil || gen != 1 {
		t.Errorf("Generation after one write = %d, %v; want 1, nil", gen, err)
	}
}

// openAt opens the database at path and closes it when the test ends.
func openAt(t *testing.T, path string) *Store {
	t.Helper()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
