package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
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

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) errdex.Store {
		url := pgtest.URL(t)
		st, err := Open(context.Background(), url)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return st
	})
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
		}, errdex.Invalid, []string{"written by a newer errdex (version 999"}, ""},
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

// TestTwoStores opens one schema twice, as a worker and a serve replica
// do from two processes: each sees the other's writes, and both agree on
// the family counts.
func TestTwoStores(t *testing.T) {
	ctx := context.Background()
	u := pgtest.URL(t)
	a, b := openURL(t, u), openURL(t, u)
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

// TestConcurrentWriters has two stores (two worker processes) replace the
// snapshots of different repositories at the same time, over and over,
// with sites of shared families: no write fails or waits for the other's
// repository, and the family counts come out exact.
func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	u := pgtest.URL(t)
	stores := []*Store{openURL(t, u), openURL(t, u)}
	var wg sync.WaitGroup
	errs := make([]error, len(stores))
	for w, st := range stores {
		wg.Go(func() {
			for i := range 20 {
				// Repository w alternates between 2 and 3 sites of "io".
				fams := []string{"io", "io", "type"}
				if i%2 == 1 {
					fams = []string{"io", "io", "io"}
				}
				snap, sites := testSnapshot(fmt.Sprint("repo", w), fmt.Sprint(i), fams...)
				if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", w, err)
		}
	}
	// Both ended on an odd i: three io sites each.
	fams, err := stores[0].Families(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []errdex.FamilyRef{{Slug: "io", Name: "The io family", Sites: 6, Libraries: 2}}
	if diff := cmp.Diff(want, fams); diff != "" {
		t.Errorf("Families after concurrent writers (-want +got):\n%s", diff)
	}
}

func TestStatsFamiliesDelete(t *testing.T) {
	ctx := context.Background()
	st := open(t)
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
	for _, name := range []string{"x", "bad\x00name", "\xff"} {
		if err := st.DeleteRepo(ctx, name); errdex.KindOf(err) != errdex.NotFound {
			t.Errorf("DeleteRepo(%q) of an unknown repository: got %v, want NotFound", name, err)
		}
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

// TestRepoNames checks that repository names PostgreSQL cannot keep as
// text are refused with a message saying what to do, and that reads of
// such names find nothing instead of failing.
func TestRepoNames(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	for _, name := range []string{"nul\x00byte", "latin1-caf\xe9"} {
		snap, sites := testSnapshot(name, "1", "")
		err := st.ReplaceSnapshot(ctx, snap, sites)
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

func TestListSitesSkipFacts(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	snap, sites := testSnapshot("r", "abc", "other")
	sites[0].Guards = []errdex.Guard{{Condition: "x", Source: "x", Kind: "if", Line: 1}}
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
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
		if len(got) != 1 || got[0].Template.String() != "failure {n}" || got[0].Family == nil {
			t.Fatalf("SkipFacts=%v: got %+v", skip, got)
		}
		if hasGuards := len(got[0].Guards) > 0; hasGuards == skip {
			t.Errorf("SkipFacts=%v: guards present = %v", skip, hasGuards)
		}
	}
}

// TestLongListing lists more sites than one cursor fetch holds, with
// filters, so that every fetch after the first is exercised.
func TestLongListing(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	n := 2*fetchSize + 17
	fams := make([]string, n)
	for i := range fams {
		fams[i] = fmt.Sprint("f", i%3)
	}
	snap, sites := testSnapshot("long", "1", fams...)
	for i, s := range sites {
		s.Location.Path = fmt.Sprintf("dir%d/m%05d.py", i%2, i)
	}
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		filter errdex.SiteFilter
		want   int
	}{
		{errdex.SiteFilter{}, n},
		{errdex.SiteFilter{WithSnippet: true}, n},
		{errdex.SiteFilter{Path: "dir1/"}, n / 2},
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
	fams := make([]string, 3000)
	for i := range fams {
		fams[i] = fmt.Sprint("f", i%50)
	}
	snap, sites := testSnapshot("plans", "1", fams...)
	for i, s := range sites {
		s.Location.Path = fmt.Sprintf("dir%02d/m%05d.py", i%40, i)
	}
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
