package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/postgres/pgtest"
	"github.com/errdex/errdex/store/storetest"
)

// open opens a store in a new schema of the test server and closes it
// when the test ends.
func open(t testing.TB) *Store {
	t.Helper()
	return openURL(t, pgtest.URL(t))
}

func openURL(t testing.TB, url string) *Store {
	t.Helper()
	st, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newDatabase creates a schema of its own in the test server.
func newDatabase(t testing.TB) func() (errdex.Store, error) {
	url := pgtest.URL(t)
	return func() (errdex.Store, error) { return Open(context.Background(), url) }
}

func TestConformance(t *testing.T) {
	storetest.Run(t, newDatabase)
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	server := pgtest.ServerURL(t)
	tests := []struct {
		name  string
		url   func(t *testing.T) string
		kind  errdex.ErrorKind
		wants []string // in the error message
		not   string   // never in the error message
	}{
		{"unreachable server", func(*testing.T) string {
			return "postgres://errdex:secret-pw@127.0.0.1:1/errdex?connect_timeout=5"
		}, errdex.Unavailable, []string{"cannot reach PostgreSQL at 127.0.0.1:1/errdex"}, "secret-pw"},
		{"malformed URL", func(*testing.T) string {
			return "postgres://errdex:secret-pw@127.0.0.1:notaport/x"
		}, errdex.Invalid, []string{"cannot parse the PostgreSQL URL", "postgres://errdex:xxxxx@"}, "secret-pw"},
		{"missing database", func(t *testing.T) string {
			return withPath(t, server, "/errdex_no_such_database")
		}, errdex.Invalid, []string{"no such database", "errdex_no_such_database"}, ""},
		{"unknown user", func(t *testing.T) string {
			u := mustParse(t, server)
			u.User = url.UserPassword("errdex_no_such_user", "secret-pw")
			return u.String()
		}, errdex.Invalid, []string{"refused the login"}, "secret-pw"},
		{"missing schema", func(t *testing.T) string {
			u := mustParse(t, server)
			q := u.Query()
			q.Set("search_path", "errdex_no_such_schema")
			u.RawQuery = q.Encode()
			return u.String()
		}, errdex.Invalid, []string{"no schema of the search path"}, ""},
		{"another program's tables", func(t *testing.T) string {
			u := pgtest.URL(t)
			pgtest.Exec(t, u, `CREATE TABLE sites (id serial PRIMARY KEY, name text)`)
			return u
		}, errdex.Invalid, []string{"tables errdex did not create (sites)"}, ""},
		{"newer schema", func(t *testing.T) string {
			u := pgtest.URL(t)
			openURL(t, u).Close()
			pgtest.Exec(t, u, `INSERT INTO errdex_schema (version_id, is_applied) VALUES (999, true)`)
			return u
		}, errdex.Invalid, []string{"written by a newer errdex (schema version 999"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := tt.url(t)
			st, err := Open(ctx, u)
			if err == nil {
				st.Close()
				t.Fatalf("Open(%s) succeeded, want an error", u)
			}
			if k := errdex.KindOf(err); k != tt.kind {
				t.Errorf("Open error kind = %v, want %v (%v)", k, tt.kind, err)
			}
			for _, w := range tt.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Open error = %q, want it to contain %q", err, w)
				}
			}
			if tt.not != "" && strings.Contains(err.Error(), tt.not) {
				t.Errorf("Open error = %q shows %q", err, tt.not)
			}
		})
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func withPath(t *testing.T, s, path string) string {
	t.Helper()
	u := mustParse(t, s)
	u.Path = path
	return u.String()
}

func TestIsURL(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"postgres://u@h/db", true},
		{"postgresql://h/db?sslmode=disable", true},
		{"errdex.db", false},
		{"/var/lib/errdex/postgres.db", false},
		{"host=localhost dbname=errdex", false},
		{"POSTGRES://h/db", false},
	}
	for _, tt := range tests {
		if got := IsURL(tt.in); got != tt.want {
			t.Errorf("IsURL(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// manySites returns a snapshot of n small sites (no snippet, no analysis
// facts), the i-th alone in file dir<i%dirs>/m<i>.py and of family
// f<i%families>. TestPlans depends on the rows being small.
func manySites(n, dirs, families int) (*errdex.Snapshot, []*errdex.Site) {
	snap := &errdex.Snapshot{Repo: "many", Rev: "1", URLTemplate: "https://example.test/many/{path}#L{line}"}
	sites := make([]*errdex.Site, n)
	for i := range sites {
		tmpl := errdex.NewTemplate(errdex.Lit("failure "), errdex.HolePart("n", "n", errdex.HoleInt))
		f := fmt.Sprint("f", i%families)
		sites[i] = &errdex.Site{
			ID:   errdex.IDKey{Repo: snap.Repo, Template: tmpl.Canonical()}.ID(i),
			Repo: snap.Repo, Rev: snap.Rev, Language: "python", Kind: errdex.KindRaise, Template: tmpl,
			Location: errdex.Location{Span: errdex.Span{Path: fmt.Sprintf("dir%02d/m%05d.py", i%dirs, i), Line: 1}},
			Family:   &errdex.FamilyRef{Slug: f, Name: "The " + f + " family"},
		}
	}
	return snap, sites
}

// TestConcurrentOpen starts several stores on a new schema at once, as
// workers started together do: the migration runs once, and every store
// opens.
func TestConcurrentOpen(t *testing.T) {
	u := pgtest.URL(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			st, err := Open(context.Background(), u)
			if err == nil {
				st.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Open %d: %v", i, err)
		}
	}
}

// TestRepoNames checks that repository names PostgreSQL cannot keep as
// text are refused with a message saying what to do, and that reads of
// such names find nothing instead of failing.
func TestRepoNames(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	for _, name := range []string{"nul\x00byte", "latin1-caf\xe9"} {
		snap := storetest.NewSnapshot(name, "1")
		err := st.ReplaceSnapshot(ctx, snap, []*errdex.Site{storetest.NewSite(snap, "a.py", 1, "m", "")})
		if errdex.KindOf(err) != errdex.Invalid || !strings.Contains(err.Error(), "--repo") {
			t.Errorf("ReplaceSnapshot of repository %q: got %v, want an Invalid error suggesting --repo", name, err)
		}
		if _, err := st.Snapshot(ctx, name); errdex.KindOf(err) != errdex.NotFound {
			t.Errorf("Snapshot(%q): got %v, want NotFound", name, err)
		}
		if err := st.ListSites(ctx, errdex.SiteFilter{Repo: name}, func(*errdex.Site) error { return errors.New("called") }); err != nil {
			t.Errorf("ListSites(Repo: %q): %v, want no sites and no error", name, err)
		}
	}
}

// TestLongListing lists more sites than one cursor fetch holds, with
// filters, so that every fetch after the first is exercised.
func TestLongListing(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	n := 2*fetchSize + 17
	snap, sites := manySites(n, 2, 3)
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		filter errdex.SiteFilter
		want   int
	}{
		{errdex.SiteFilter{}, n},
		{errdex.SiteFilter{WithSnippet: true}, n},
		{errdex.SiteFilter{Path: "dir01/"}, n / 2},
		{errdex.SiteFilter{Family: "f0"}, (n + 2) / 3},
		{errdex.SiteFilter{Limit: fetchSize + 1}, fetchSize + 1},
	}
	for _, tt := range tests {
		var last string
		got := 0
		err := st.ListSites(ctx, tt.filter, func(s *errdex.Site) error {
			if s.Location.Path <= last {
				return fmt.Errorf("%s listed after %s", s.Location.Path, last)
			}
			last = s.Location.Path
			got++
			return nil
		})
		if err != nil {
			t.Fatalf("ListSites(%+v): %v", tt.filter, err)
		}
		if got != tt.want {
			t.Errorf("ListSites(%+v) listed %d sites, want %d", tt.filter, got, tt.want)
		}
	}
}

// TestPlans checks that the hot queries use the indexes they were
// designed for, so that a schema change that breaks one shows up here
// rather than as a slow server.
func TestPlans(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	// Statistics of a populated table, so that the planner does not
	// prefer scanning a tiny one.
	snap, sites := manySites(3000, 40, 50)
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	if _, err := st.pool.Exec(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	var snapID int64
	if err := st.pool.QueryRow(ctx, `SELECT id FROM snapshots`).Scan(&snapID); err != nil {
		t.Fatal(err)
	}
	listing := func(f errdex.SiteFilter) (string, []any) {
		q, args := listQuery(f)
		return q, append([]any{snapID, int64(-1)}, args...)
	}
	q, a := listing(errdex.SiteFilter{})
	qd, ad := listing(errdex.SiteFilter{Path: "dir07/"})
	qf, af := listing(errdex.SiteFilter{Family: "f3"})
	tests := []struct {
		name  string
		query string
		args  []any
		want  string
	}{
		{"site by ID", `SELECT * FROM sites WHERE id = $1`, []any{string(sites[0].ID)}, "Index Scan using sites_id_key"},
		{"listing", q, a, "Index Scan using sites_pkey"},
		{"directory", qd, ad, "sites_path"},
		{"family", qf, af, "sites_family"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := st.pool.Query(ctx, `EXPLAIN `+tt.query, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				t.Fatal(err)
			}
			joined := strings.Join(plan, "\n")
			if !strings.Contains(joined, tt.want) || strings.Contains(joined, "Seq Scan on sites") {
				t.Errorf("plan of %s:\n%s\nwant it to contain %q and no sequential scan", tt.name, joined, tt.want)
			}
		})
	}
}
