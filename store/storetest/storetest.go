// Package storetest is the conformance suite of errdex.Store, and the
// benchmarks of every store: each store (store/sqlite, store/postgres)
// runs Run and Bench from its own tests, so that all behave the same and
// the rest of errdex can rely on the contract in errdex.Store's doc
// comment without knowing which store it talks to. A store's own tests
// keep only what the contract leaves to it (opening, its files or server,
// its query plans).
//
// The suite checks every rule of that contract on real databases: round
// trips of every field (fullSite fills each field reflection finds, so a
// field added to errdex.Site later must be stored too), the listing order
// with strings compared byte by byte, the filters, family counts across
// repositories, atomic replacement under concurrent listings and writers,
// two stores of one database, cancellation at any point of a write,
// failures midway, hostile strings (kept exactly, or refused as Invalid or
// TooLarge, never altered), the error kinds, and the change counter
// (Generation grows with each write that changes what readers see, as
// another store of the database reads it, and with nothing else).
package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// NewDatabase creates a new, empty database for one subtest and returns a
// function that opens a store on it. The suite calls open once for each
// store it needs (twice to act as two processes sharing one database), and
// closes every store it opens before the subtest ends.
type NewDatabase func(t testing.TB) (open func() (errdex.Store, error))

// Run runs the conformance suite, each subtest on a database of its own.
func Run(t *testing.T, newDB NewDatabase) {
	tests := []struct {
		name string
		fn   func(t *testing.T, st errdex.Store)
		// two, instead of fn, takes two stores of one database.
		two func(t *testing.T, a, b errdex.Store)
	}{
		{name: "Empty", fn: testEmpty},
		{name: "RoundTrip", fn: testRoundTrip},
		{name: "Replace", fn: testReplace},
		{name: "MultipleRepos", fn: testMultipleRepos},
		{name: "Filters", fn: testFilters},
		{name: "SkipFacts", fn: testSkipFacts},
		{name: "Ordering", fn: testOrdering},
		{name: "Families", fn: testFamilies},
		{name: "StatsFamiliesDelete", fn: testStatsFamiliesDelete},
		{name: "NotFound", fn: testNotFound},
		{name: "Invalid", fn: testInvalid},
		{name: "EarlyStop", fn: testEarlyStop},
		{name: "ListCanceled", fn: testListCanceled},
		{name: "NestedReads", fn: testNestedReads},
		{name: "Atomicity", fn: testAtomicity},
		{name: "ConcurrentReplace", fn: testConcurrentReplace},
		{name: "Cancellation", fn: testCancellation},
		{name: "FailureMidway", fn: testFailureMidway},
		{name: "HostileStrings", fn: testHostileStrings},
		{name: "LLMAnswers", fn: testLLMAnswers},
		{name: "UpdateExplanations", fn: testUpdateExplanations},
		{name: "TwoStores", two: testTwoStores},
		{name: "ConcurrentWriters", two: testConcurrentWriters},
		{name: "Generation", two: testGeneration},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			open := newDB(t)
			if tt.fn != nil {
				tt.fn(t, openStore(t, open))
				return
			}
			tt.two(t, openStore(t, open), openStore(t, open))
		})
	}
}

// openStore opens a store with open and closes it when the test ends.
func openStore(t *testing.T, open func() (errdex.Store, error)) errdex.Store {
	t.Helper()
	st, err := open()
	if err != nil {
		t.Fatalf("opening a store: %v", err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return st
}

func testEmpty(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	if got := list(t, st, errdex.SiteFilter{}); len(got) != 0 {
		t.Errorf("ListSites on an empty store returned %d sites", len(got))
	}
	snaps, err := st.Snapshots(ctx)
	if err != nil {
		t.Fatalf("Snapshots: %v", err)
	}
	if len(snaps) != 0 {
		t.Errorf("Snapshots on an empty store returned %d snapshots", len(snaps))
	}
	// A snapshot with no sites is still a snapshot.
	snap := NewSnapshot("empty", "rev0")
	replace(t, st, snap, nil)
	checkState(t, st, snap, nil)
}

func testRoundTrip(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	snap := fullSnapshot("full", "abc123")
	plain := NewSnapshot("plain", "def456")
	sites := []*errdex.Site{fullSite(snap, 1), fullSite(snap, 2)}
	// The smallest site: no snippet, no family, no analysis.
	bare := &errdex.Site{ID: errdex.IDKey{Repo: "plain", Template: "bare"}.ID(0), Repo: "plain", Rev: "def456",
		Location: errdex.Location{Span: errdex.Span{Path: "a.py", Line: 1}}}
	plainSites := []*errdex.Site{NewSite(plain, "pkg/mod.py", 12, "bad size", "value-out-of-range"), bare}
	replace(t, st, snap, sites)
	replace(t, st, plain, plainSites)

	gotSnap, err := st.Snapshot(ctx, snap.Repo)
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	if diff := cmp.Diff(snap, gotSnap, cmpOpts...); diff != "" {
		t.Errorf("Snapshot mismatch (-want +got):\n%s", diff)
	}
	snaps, err := st.Snapshots(ctx)
	if err != nil {
		t.Fatalf("Snapshots: %v", err)
	}
	wantSnaps := []*errdex.Snapshot{withoutSkipped(snap), withoutSkipped(plain)}
	if diff := cmp.Diff(wantSnaps, snaps, cmpOpts...); diff != "" {
		t.Errorf("Snapshots mismatch (-want +got):\n%s", diff)
	}

	// Each full site is alone in its family (fill gives distinct slugs).
	wants := map[errdex.ID]*errdex.Site{
		sites[0].ID:      want(snap, sites[0], true, 1, 1),
		sites[1].ID:      want(snap, sites[1], true, 1, 1),
		plainSites[0].ID: want(plain, plainSites[0], true, 1, 1),
		plainSites[1].ID: want(plain, plainSites[1], true, 0, 0),
	}
	for id, w := range wants {
		got, err := st.Site(ctx, id)
		if err != nil {
			t.Fatalf("Site(%s): %v", id, err)
		}
		if diff := cmp.Diff(w, got, cmpOpts...); diff != "" {
			t.Errorf("Site(%s) mismatch (-want +got):\n%s", id, diff)
		}
		if w.Snippet != nil && w.Location.URL == "" {
			t.Errorf("Site(%s) has no URL although its snapshot has a URL template", id)
		}
	}
	for _, withSnippet := range []bool{false, true} {
		var wantList []*errdex.Site
		for _, s := range sorted(append(append([]*errdex.Site{}, sites...), plainSites...)) {
			w := *wants[s.ID]
			if !withSnippet {
				w.Snippet = nil
			}
			wantList = append(wantList, &w)
		}
		got := list(t, st, errdex.SiteFilter{WithSnippet: withSnippet})
		if diff := cmp.Diff(wantList, got, cmpOpts...); diff != "" {
			t.Errorf("ListSites(WithSnippet: %v) mismatch (-want +got):\n%s", withSnippet, diff)
		}
	}
}

func withoutSkipped(s *errdex.Snapshot) *errdex.Snapshot {
	c := *s
	c.Skipped = nil
	return &c
}

func testReplace(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	a := NewSnapshot("repo", "aaaa")
	aSites := []*errdex.Site{
		NewSite(a, "x.py", 10, "first", ""),
		NewSite(a, "x.py", 20, "second", ""),
		NewSite(a, "y.py", 5, "third", ""),
	}
	replace(t, st, a, aSites)
	checkState(t, st, a, aSites)

	b := NewSnapshot("repo", "bbbb")
	b.Tag, b.Skipped = "", nil
	kept := NewSite(b, "x.py", 20, "second", "")
	kept.Location.Line = 42 // the code moved: same ID, new place
	kept.Location.EndLine = 43
	if kept.ID != aSites[1].ID {
		t.Fatalf("test setup: the moved site changed its ID")
	}
	bSites := []*errdex.Site{kept, NewSite(b, "z.py", 1, "fourth", "")}
	replace(t, st, b, bSites)
	checkState(t, st, b, bSites)

	got, err := st.Site(ctx, kept.ID)
	if err != nil {
		t.Fatalf("Site(%s) after replace: %v", kept.ID, err)
	}
	if got.Rev != "bbbb" || got.Location.Line != 42 {
		t.Errorf("Site(%s) after replace = rev %s line %d, want rev bbbb line 42", kept.ID, got.Rev, got.Location.Line)
	}
	for _, gone := range []*errdex.Site{aSites[0], aSites[2]} {
		_, err := st.Site(ctx, gone.ID)
		checkKind(t, fmt.Sprintf("Site(%s) of a replaced snapshot", gone.ID), err, errdex.NotFound)
	}

	// Replacing with the same snapshot again changes nothing.
	replace(t, st, b, bSites)
	checkState(t, st, b, bSites)
}

func testMultipleRepos(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	repos := []string{"zeta", "alpha", "mid"}
	snaps := map[string]*errdex.Snapshot{}
	all := map[string][]*errdex.Site{}
	for _, r := range repos {
		snap := NewSnapshot(r, "rev-"+r)
		snaps[r] = snap
		all[r] = []*errdex.Site{NewSite(snap, "lib/a.py", 3, "boom in "+r, ""), NewSite(snap, "b.py", 7, "bang", "")}
		replace(t, st, snap, all[r])
	}
	list1 := list(t, st, errdex.SiteFilter{})
	var wantList []*errdex.Site
	for _, r := range []string{"alpha", "mid", "zeta"} {
		wantList = append(wantList, sorted(wantAll(snaps[r], all[r], false))...)
	}
	if diff := cmp.Diff(wantList, list1, cmpOpts...); diff != "" {
		t.Errorf("ListSites over three repositories mismatch (-want +got):\n%s", diff)
	}
	got, err := st.Snapshots(ctx)
	if err != nil {
		t.Fatalf("Snapshots: %v", err)
	}
	var names []string
	for _, s := range got {
		names = append(names, s.Repo)
	}
	if diff := cmp.Diff([]string{"alpha", "mid", "zeta"}, names); diff != "" {
		t.Errorf("Snapshots order mismatch (-want +got):\n%s", diff)
	}

	// Replacing one repository leaves the others alone.
	mid2 := NewSnapshot("mid", "rev-mid-2")
	midSites := []*errdex.Site{NewSite(mid2, "c.py", 1, "new in mid", "")}
	replace(t, st, mid2, midSites)
	checkState(t, st, mid2, midSites)
	checkState(t, st, snaps["alpha"], all["alpha"])
	checkState(t, st, snaps["zeta"], all["zeta"])
}

func testFilters(t *testing.T, st errdex.Store) {
	a := NewSnapshot("a", "r1")
	b := NewSnapshot("b", "r2")
	mk := func(snap *errdex.Snapshot, path string, line int, lang, family string) *errdex.Site {
		s := NewSite(snap, path, line, "msg "+path, family)
		s.Language = lang
		s.ID = errdex.IDKey{Repo: snap.Repo, Language: lang, Template: path, Function: fmt.Sprint(line)}.ID(0)
		return s
	}
	aSites := []*errdex.Site{
		mk(a, "pkg/x.py", 1, "python", "not-found"),
		mk(a, "pkg/sub/y.py", 2, "python", ""),
		mk(a, "pkg.py", 3, "python", "not-found"),
		mk(a, "pkgs/z.py", 4, "python", "timeout"),
		mk(a, "main.go", 5, "go", "timeout"),
		mk(a, "a%_*[x]/q.py", 6, "python", ""),
	}
	bSites := []*errdex.Site{
		mk(b, "pkg/x.py", 1, "python", "timeout"),
		mk(b, "cmd/main.go", 9, "go", ""),
	}
	replace(t, st, a, aSites)
	replace(t, st, b, bSites)
	wa, wb := wantAll(a, aSites, false), wantAll(b, bSites, false)
	tests := []struct {
		name   string
		filter errdex.SiteFilter
		want   []*errdex.Site
	}{
		{"none", errdex.SiteFilter{}, append(sorted(wa), sorted(wb)...)},
		{"repo", errdex.SiteFilter{Repo: "b"}, sorted(wb)},
		{"unknown repo", errdex.SiteFilter{Repo: "nope"}, nil},
		{"exact path", errdex.SiteFilter{Path: "pkg/x.py"}, []*errdex.Site{wa[0], wb[0]}},
		{"exact path, one repo", errdex.SiteFilter{Repo: "a", Path: "pkg/x.py"}, []*errdex.Site{wa[0]}},
		{"directory", errdex.SiteFilter{Repo: "a", Path: "pkg/"}, []*errdex.Site{wa[1], wa[0]}},
		{"nested directory", errdex.SiteFilter{Path: "pkg/sub/"}, []*errdex.Site{wa[1]}},
		{"path is not a prefix", errdex.SiteFilter{Path: "pkg"}, nil},
		{"wildcards are literal", errdex.SiteFilter{Path: "a%_*[x]/"}, []*errdex.Site{wa[5]}},
		{"language", errdex.SiteFilter{Language: "go"}, []*errdex.Site{wa[4], wb[1]}},
		{"family", errdex.SiteFilter{Family: "timeout"}, []*errdex.Site{wa[4], wa[3], wb[0]}},
		{"family and repo", errdex.SiteFilter{Repo: "a", Family: "not-found"}, []*errdex.Site{wa[2], wa[0]}},
		{"path and language", errdex.SiteFilter{Path: "pkg/", Language: "go"}, nil},
		{"limit", errdex.SiteFilter{Limit: 2}, sorted(wa)[:2]},
		{"limit across repos", errdex.SiteFilter{Path: "pkg/x.py", Limit: 2}, []*errdex.Site{wa[0], wb[0]}},
		{"limit above count", errdex.SiteFilter{Repo: "b", Limit: 100}, sorted(wb)},
	}
	// Family counts: not-found 2 sites in 1 repo, timeout 3 sites in 2.
	counts := map[string][2]int{"not-found": {2, 1}, "timeout": {3, 2}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w []*errdex.Site
			for _, s := range tt.want {
				c := *s
				if c.Family != nil {
					f := *c.Family
					f.Sites, f.Libraries = counts[f.Slug][0], counts[f.Slug][1]
					c.Family = &f
				}
				w = append(w, &c)
			}
			got := list(t, st, tt.filter)
			if diff := cmp.Diff(w, got, cmpOpts...); diff != "" {
				t.Errorf("ListSites(%+v) mismatch (-want +got):\n%s", tt.filter, diff)
			}
		})
	}
}

func testOrdering(t *testing.T, st errdex.Store) {
	snap := NewSnapshot("order", "r")
	var sites []*errdex.Site
	// Paths whose byte order differs from a locale's order, lines that
	// sort differently as text, and several sites on one line.
	for i, p := range []string{"b.py", "a/b.py", "a.py", "B.py", "a/b/c.py", "a-b.py", "é.py", "_x.py"} {
		for _, line := range []int{100, 9, 10} {
			s := NewSite(snap, p, line, fmt.Sprint("m", i, line), "")
			sites = append(sites, s)
		}
	}
	twin := NewSite(snap, "a.py", 9, "twin", "")
	twin.Location.Column = 2
	sites = append(sites, twin)
	// Hand them over in reverse of the expected order.
	want := sorted(wantAll(snap, sites, false))
	rev := make([]*errdex.Site, len(sites))
	for i, s := range sorted(sites) {
		rev[len(sites)-1-i] = s
	}
	replace(t, st, snap, rev)
	got := list(t, st, errdex.SiteFilter{})
	if diff := cmp.Diff(want, got, cmpOpts...); diff != "" {
		t.Errorf("ListSites order mismatch (-want +got):\n%s", diff)
	}
}

func testFamilies(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	x := NewSnapshot("x", "1")
	y := NewSnapshot("y", "1")
	xs := []*errdex.Site{NewSite(x, "a.py", 1, "one", "fam"), NewSite(x, "a.py", 2, "two", "fam")}
	ys := []*errdex.Site{NewSite(y, "a.py", 1, "one", "fam"), NewSite(y, "b.py", 1, "other", "other-fam")}
	replace(t, st, x, xs)
	replace(t, st, y, ys)
	check := func(id errdex.ID, sites, libs int) {
		t.Helper()
		got, err := st.Site(ctx, id)
		if err != nil {
			t.Fatalf("Site(%s): %v", id, err)
		}
		if got.Family == nil || got.Family.Sites != sites || got.Family.Libraries != libs {
			t.Errorf("Site(%s).Family = %+v, want %d sites in %d libraries", id, got.Family, sites, libs)
		}
	}
	check(xs[0].ID, 3, 2)
	check(ys[1].ID, 1, 1)
	// y leaves the family: x's counts shrink.
	y2 := NewSnapshot("y", "2")
	replace(t, st, y2, []*errdex.Site{NewSite(y2, "b.py", 1, "other", "other-fam")})
	check(xs[1].ID, 2, 1)
}

func testSkipFacts(t *testing.T, st errdex.Store) {
	snap := NewSnapshot("r", "abc")
	sites := []*errdex.Site{NewSite(snap, "a.py", 1, "boom", "other")}
	sites[0].Explanation = &errdex.Explanation{Meaning: "it broke", Source: "static"}
	helper := errdex.Span{Path: "a.py", Line: 9}
	sites[0].Provenance = []errdex.Fact{
		{Name: "msg", Kind: "assign", Text: "msg = 'boom'", Location: errdex.Span{Path: "a.py", Line: 1}},
		{Name: "fail", Kind: errdex.FactHelper, Text: "fail: {msg}", Location: errdex.Span{Path: helper.Path, Line: helper.Line, Column: 5}},
	}
	replace(t, st, snap, sites)
	full := want(snap, sites[0], false, 1, 1)
	bare := *full
	// Of the facts, the match index needs the helper's place alone.
	bare.Guards, bare.Explanation = nil, nil
	bare.Provenance = []errdex.Fact{{Kind: errdex.FactHelper, Location: helper}}
	for _, tt := range []struct {
		skip bool
		want *errdex.Site
	}{{false, full}, {true, &bare}} {
		got := list(t, st, errdex.SiteFilter{SkipFacts: tt.skip})
		if diff := cmp.Diff([]*errdex.Site{tt.want}, got, cmpOpts...); diff != "" {
			t.Errorf("ListSites(SkipFacts: %v) mismatch (-want +got):\n%s", tt.skip, diff)
		}
	}
}

// familySites returns a site of snap for each family given ("" for
// none), one per line of m.py.
func familySites(snap *errdex.Snapshot, families ...string) []*errdex.Site {
	sites := make([]*errdex.Site, len(families))
	for i, f := range families {
		sites[i] = NewSite(snap, "m.py", i+1, fmt.Sprint("failure ", i), f)
	}
	return sites
}

func testStatsFamiliesDelete(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	check := func(wantStats errdex.StoreStats, wantFams []errdex.FamilyRef) {
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
		if diff := cmp.Diff(wantFams, fams, cmpOpts...); diff != "" {
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
	check(errdex.StoreStats{}, nil)

	x, y := NewSnapshot("x", "1"), NewSnapshot("y", "1")
	xs, ys := familySites(x, "io", "io", "type", ""), familySites(y, "io")
	replace(t, st, x, xs)
	replace(t, st, y, ys)
	check(errdex.StoreStats{Repos: 2, Sites: 5, Families: 2}, []errdex.FamilyRef{
		{Slug: "io", Name: "Family io", Sites: 3, Libraries: 2},
		{Slug: "type", Name: "Family type", Sites: 1, Libraries: 1},
	})

	if err := st.DeleteRepo(ctx, "x"); err != nil {
		t.Fatalf("DeleteRepo: %v", err)
	}
	check(errdex.StoreStats{Repos: 1, Sites: 1, Families: 1}, []errdex.FamilyRef{
		{Slug: "io", Name: "Family io", Sites: 1, Libraries: 1},
	})
	_, err := st.Site(ctx, xs[0].ID)
	checkKind(t, "Site of a deleted repository", err, errdex.NotFound)
	_, err = st.Snapshot(ctx, "x")
	checkKind(t, "Snapshot of a deleted repository", err, errdex.NotFound)
	if got := list(t, st, errdex.SiteFilter{Repo: "x"}); len(got) != 0 {
		t.Errorf("ListSites of a deleted repository returned %d sites", len(got))
	}
	for _, name := range []string{"x", "never-indexed", "bad\x00name", "\xff"} {
		err := st.DeleteRepo(ctx, name)
		checkKind(t, fmt.Sprintf("DeleteRepo(%q) of an unknown repository", name), err, errdex.NotFound)
	}
	_, err = st.Family(ctx, "type")
	checkKind(t, "Family of a family without sites", err, errdex.NotFound)
	if !strings.Contains(err.Error(), "type") {
		t.Errorf("Family error %q does not name the family", err)
	}
	// The repository's name is free again.
	replace(t, st, x, xs[:1])
	check(errdex.StoreStats{Repos: 2, Sites: 2, Families: 1}, []errdex.FamilyRef{
		{Slug: "io", Name: "Family io", Sites: 2, Libraries: 2},
	})
}

func testNotFound(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	snap := NewSnapshot("known", "r")
	replace(t, st, snap, []*errdex.Site{NewSite(snap, "a.py", 1, "m", "")})
	missing := errdex.IDKey{Repo: "known", Template: "never stored"}.ID(0)
	_, err := st.Site(ctx, missing)
	checkKind(t, "Site of an unknown ID", err, errdex.NotFound)
	if !strings.Contains(err.Error(), string(missing)) {
		t.Errorf("Site(%s) error %q does not name the ID", missing, err)
	}
	_, err = st.Snapshot(ctx, "unknown-repo")
	checkKind(t, "Snapshot of an unknown repository", err, errdex.NotFound)
	if !strings.Contains(err.Error(), "unknown-repo") {
		t.Errorf("Snapshot error %q does not name the repository", err)
	}
}

func testInvalid(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	for _, id := range []errdex.ID{"", "xyz", "0123456789ABCDEF", "0123456789abcdef0", "'; DROP TABLE x"} {
		_, err := st.Site(ctx, id)
		checkKind(t, fmt.Sprintf("Site(%q)", id), err, errdex.Invalid)
	}
	snap := NewSnapshot("v", "r1")
	good := NewSite(snap, "a.py", 1, "m", "")
	replace(t, st, snap, []*errdex.Site{good})

	other := NewSnapshot("other", "r1")
	badID := NewSite(snap, "b.py", 2, "n", "")
	badID.ID = "not-an-id"
	wrongRev := NewSite(snap, "c.py", 3, "o", "")
	wrongRev.Rev = "elsewhere"
	tests := []struct {
		name  string
		snap  *errdex.Snapshot
		sites []*errdex.Site
	}{
		{"nil snapshot", nil, nil},
		{"no repository name", &errdex.Snapshot{Rev: "r"}, nil},
		{"nil site", snap, []*errdex.Site{good, nil}},
		{"malformed ID", snap, []*errdex.Site{badID}},
		{"site of another revision", snap, []*errdex.Site{wrongRev}},
		{"site of another repository", other, []*errdex.Site{good}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := st.ReplaceSnapshot(ctx, tt.snap, tt.sites)
			checkKind(t, "ReplaceSnapshot", err, errdex.Invalid)
			checkState(t, st, snap, []*errdex.Site{good})
		})
	}
	if err := st.ListSites(ctx, errdex.SiteFilter{Limit: -1}, func(*errdex.Site) error { return nil }); err != nil {
		checkKind(t, "ListSites with a negative limit", err, errdex.Invalid)
	}
}

func testEarlyStop(t *testing.T, st errdex.Store) {
	snap := NewSnapshot("many", "r")
	var sites []*errdex.Site
	for i := range 50 {
		sites = append(sites, NewSite(snap, "f.py", i+1, fmt.Sprint("m", i), ""))
	}
	replace(t, st, snap, sites)
	errStop := errors.New("stop here")
	calls := 0
	err := st.ListSites(context.Background(), errdex.SiteFilter{}, func(*errdex.Site) error {
		calls++
		if calls == 3 {
			return errStop
		}
		return nil
	})
	if !errors.Is(err, errStop) {
		t.Errorf("ListSites returned %v, want the error fn returned", err)
	}
	if calls != 3 {
		t.Errorf("fn was called %d times, want 3 (no call after it returned an error)", calls)
	}
	// The store is still usable afterwards.
	if got := list(t, st, errdex.SiteFilter{}); len(got) != 50 {
		t.Errorf("ListSites after an early stop returned %d sites, want 50", len(got))
	}
}

func testListCanceled(t *testing.T, st errdex.Store) {
	snap := NewSnapshot("many", "r")
	var sites []*errdex.Site
	for i := range 50 {
		sites = append(sites, NewSite(snap, "f.py", i+1, fmt.Sprint("m", i), ""))
	}
	replace(t, st, snap, sites)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	err := st.ListSites(ctx, errdex.SiteFilter{}, func(*errdex.Site) error {
		calls++
		if calls == 2 {
			cancel()
		}
		return nil
	})
	checkKind(t, "ListSites with a context canceled part way", err, errdex.Canceled)
	if calls != 2 {
		t.Errorf("fn was called %d times, want 2 (no call after the context was canceled)", calls)
	}
}

func testNestedReads(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	snap := NewSnapshot("nest", "r")
	sites := []*errdex.Site{NewSite(snap, "a.py", 1, "one", "f"), NewSite(snap, "b.py", 2, "two", "")}
	replace(t, st, snap, sites)
	n := 0
	err := st.ListSites(ctx, errdex.SiteFilter{}, func(s *errdex.Site) error {
		n++
		full, err := st.Site(ctx, s.ID)
		if err != nil {
			return err
		}
		if full.Snippet == nil {
			return fmt.Errorf("Site(%s) inside ListSites has no snippet", s.ID)
		}
		if _, err := st.Snapshot(ctx, s.Repo); err != nil {
			return err
		}
		return st.ListSites(ctx, errdex.SiteFilter{Repo: s.Repo, Limit: 1}, func(*errdex.Site) error { return nil })
	})
	if err != nil {
		t.Fatalf("reads inside ListSites: %v", err)
	}
	if n != 2 {
		t.Errorf("ListSites passed %d sites, want 2", n)
	}
}

// twoSnapshots returns two snapshots of one repository that share some
// site IDs (with different contents) and differ in others.
func twoSnapshots(nA, nB int) (a *errdex.Snapshot, aSites []*errdex.Site, b *errdex.Snapshot, bSites []*errdex.Site) {
	a, b = NewSnapshot("atomic", "aaaa"), NewSnapshot("atomic", "bbbb")
	for i := range nA {
		aSites = append(aSites, NewSite(a, fmt.Sprintf("pkg/m%03d.py", i%17), i+1, fmt.Sprint("message ", i), "fam-a"))
	}
	for i := range nB {
		s := NewSite(b, fmt.Sprintf("pkg/m%03d.py", i%13), i+5, fmt.Sprint("message ", i*2), "fam-b")
		bSites = append(bSites, s)
	}
	return a, aSites, b, bSites
}

// checkListing fails unless got is exactly the sites of a or of b. With
// full false it compares revisions and IDs only, which is enough to see a
// mix of the two and much faster than comparing every field.
func checkListing(t *testing.T, got []*errdex.Site, a *errdex.Snapshot, aSites []*errdex.Site, b *errdex.Snapshot, bSites []*errdex.Site, full bool) {
	t.Helper()
	if len(got) == 0 {
		t.Fatalf("a listing during a replacement saw no sites")
	}
	snap, sites := a, aSites
	if got[0].Rev == b.Rev {
		snap, sites = b, bSites
	}
	w := sorted(wantAll(snap, sites, false))
	if full {
		if diff := cmp.Diff(w, withoutFamilyCounts(got), cmpOpts); diff != "" {
			t.Fatalf("a listing during a replacement mixed snapshots or missed sites (-want +got):\n%s", diff)
		}
		return
	}
	ok := len(got) == len(w)
	for i := 0; ok && i < len(w); i++ {
		ok = got[i].ID == w[i].ID && got[i].Rev == w[i].Rev
	}
	if !ok {
		t.Fatalf("a listing during a replacement saw %d sites, not exactly the %d sites of %s@%s", len(got), len(w), snap.Repo, snap.Rev)
	}
}

func testAtomicity(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	a, aSites, b, bSites := twoSnapshots(300, 200)
	replace(t, st, a, aSites)

	// A listing is paused after its first site while the snapshot is
	// replaced; when it resumes it must still see only the old snapshot.
	started, resume := make(chan struct{}), make(chan struct{})
	type result struct {
		sites []*errdex.Site
		err   error
	}
	done := make(chan result)
	go func() {
		var got []*errdex.Site
		err := st.ListSites(ctx, errdex.SiteFilter{Repo: "atomic"}, func(s *errdex.Site) error {
			got = append(got, s)
			if len(got) == 1 {
				close(started)
				<-resume
			}
			return nil
		})
		done <- result{got, err}
	}()
	<-started
	oldSite, err := st.Site(ctx, aSites[0].ID)
	if err != nil {
		t.Fatalf("Site during a listing: %v", err)
	}
	if err := st.ReplaceSnapshot(ctx, b, bSites); err != nil {
		close(resume)
		<-done
		t.Fatalf("ReplaceSnapshot while a listing is open: %v", err)
	}
	close(resume)
	r := <-done
	if r.err != nil {
		t.Fatalf("listing across a replacement: %v", r.err)
	}
	if r.sites[0].Rev != a.Rev {
		t.Fatalf("the paused listing started on %s but resumed on %s", a.Rev, r.sites[0].Rev)
	}
	checkListing(t, r.sites, a, aSites, b, bSites, true)
	if oldSite.Rev != a.Rev {
		t.Errorf("Site before the replacement returned rev %s", oldSite.Rev)
	}
	checkState(t, st, b, bSites)
}

func testConcurrentReplace(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	a, aSites, b, bSites := twoSnapshots(200, 150)
	replace(t, st, a, aSites)

	// Readers list continuously while the writer alternates between the
	// two snapshots; every listing must be one snapshot, whole.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	listings := make([][][]*errdex.Site, 2)
	for r := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				var got []*errdex.Site
				if err := st.ListSites(ctx, errdex.SiteFilter{Repo: "atomic"}, func(s *errdex.Site) error {
					got = append(got, s)
					return nil
				}); err != nil {
					errs <- err
					return
				}
				listings[r] = append(listings[r], got)
			}
		}()
	}
	for i := range 10 {
		snap, sites := b, bSites
		if i%2 == 1 {
			snap, sites = a, aSites
		}
		if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
			t.Errorf("ReplaceSnapshot %d: %v", i, err)
			break
		}
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("ListSites during replacements: %v", err)
	}
	n := 0
	for _, ls := range listings {
		for i, got := range ls {
			checkListing(t, got, a, aSites, b, bSites, i < 3)
			n++
		}
	}
	t.Logf("checked %d listings", n)
	checkState(t, st, a, aSites)
}

func testCancellation(t *testing.T, st errdex.Store) {
	a, aSites, b, bSites := twoSnapshots(100, 1000)
	replace(t, st, a, aSites)

	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	err := st.ReplaceSnapshot(canceled, b, bSites)
	checkKind(t, "ReplaceSnapshot with a canceled context", err, errdex.Canceled)
	checkState(t, st, a, aSites)

	// Cancel after the store has looked at its context n times, for
	// growing n: each write either fails as canceled and leaves the old
	// snapshot whole, or succeeds whole.
	var cancels, successes int
	for n := 1; n <= 1<<16; n *= 4 {
		err := st.ReplaceSnapshot(newCountdown(n), b, bSites)
		if err != nil {
			checkKind(t, fmt.Sprintf("ReplaceSnapshot canceled after %d looks at the context", n), err, errdex.Canceled)
			checkState(t, st, a, aSites)
			cancels++
			continue
		}
		checkState(t, st, b, bSites)
		successes++
		replace(t, st, a, aSites)
	}
	t.Logf("%d writes canceled, %d succeeded", cancels, successes)
	if cancels == 0 {
		t.Errorf("no write was canceled by its context: the store never looks at it")
	}
	if successes == 0 {
		t.Errorf("no write succeeded with a context canceled only after %d looks", 1<<16)
	}
}

func testFailureMidway(t *testing.T, st errdex.Store) {
	a, aSites, b, bSites := twoSnapshots(50, 500)
	replace(t, st, a, aSites)
	dup := *bSites[0]
	dup.Location.Path = "zzz/last.py" // sorts last: the duplicate comes at the end
	err := st.ReplaceSnapshot(context.Background(), b, append(append([]*errdex.Site{}, bSites...), &dup))
	checkKind(t, "ReplaceSnapshot with a duplicate ID at the end", err, errdex.Invalid, errdex.Conflict)
	if !strings.Contains(err.Error(), string(dup.ID)) {
		t.Errorf("the duplicate-ID error %q does not name the ID", err)
	}
	checkState(t, st, a, aSites)

	// An ID another repository already uses.
	other := NewSnapshot("other", "r")
	clash := NewSite(other, "x.py", 1, "clash", "")
	clash.ID = aSites[3].ID
	err = st.ReplaceSnapshot(context.Background(), other, []*errdex.Site{NewSite(other, "a.py", 1, "fine", ""), clash})
	checkKind(t, "ReplaceSnapshot with an ID of another repository", err, errdex.Invalid, errdex.Conflict)
	checkState(t, st, a, aSites)
	if _, err := st.Snapshot(context.Background(), "other"); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("a failed first snapshot of a repository left it behind: Snapshot returned %v", err)
	}
}

func testHostileStrings(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	tests := []struct {
		name string
		s    string
		must bool // valid UTF-8 without NUL: every store keeps it
	}{
		{"SQL", `'; DROP TABLE sites; -- " \ %_`, true},
		{"unicode", "ошибка 错误 \u202e\u200b 🙂 \uFFFD", true},
		{"control characters", "a\r\nb\tc\x1b[31mred\x7f", true},
		{"HTML", `<script>alert("x")</script> javascript:alert(1)`, true},
		{"noncharacters", "\uFDD0b64:AAAA \uFFFE\uFFFF \U0010FFFF", true},
		{"escapes", `\u0000 \x00 %00 \\ \"`, true},
		{"NUL bytes", "a\x00b\x00", false},
		{"invalid UTF-8", "caf\xe9 \xff\xfe \xc3", false},
		{"huge", strings.Repeat("0123456789abcdef", 1<<16) + "end", false},
	}
	prev := NewSnapshot("hostile", "prev")
	prevSites := []*errdex.Site{NewSite(prev, "ok.py", 1, "fine", "")}
	replace(t, st, prev, prevSites)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := tt.s
			snap := NewSnapshot("hostile", "r-"+tt.name)
			snap.Tag = h
			snap.Skipped = []errdex.SkippedFile{{Path: h, Reason: "binary", Detail: h}}
			site := NewSite(snap, "dir/"+h+".py", 7, "msg", "fam")
			site.Template = errdex.NewTemplate(errdex.Lit(h), errdex.HolePart("x", h, errdex.HoleRepr), errdex.Lit(h))
			site.Alternatives = []errdex.Template{errdex.NewTemplate(errdex.Lit(h))}
			site.Exception, site.ExceptionQualified, site.Function = h, h, h
			site.Snippet.Lines = []string{h, "", h}
			site.Guards[0].Condition, site.Guards[0].Names = h, []string{h}
			site.Explanation = &errdex.Explanation{Meaning: h, Solutions: []string{h}, Source: "static"}
			site.Family.Name = h
			err := st.ReplaceSnapshot(ctx, snap, []*errdex.Site{site})
			if err != nil {
				if tt.must {
					t.Fatalf("ReplaceSnapshot refused %s: %v", tt.name, err)
				}
				checkKind(t, "ReplaceSnapshot of "+tt.name, err, errdex.Invalid, errdex.TooLarge)
				checkState(t, st, prev, prevSites)
				t.Logf("refused: %.200s", err)
				return
			}
			checkState(t, st, snap, []*errdex.Site{site})
			got, err := st.Site(ctx, site.ID)
			if err != nil {
				t.Fatalf("Site: %v", err)
			}
			if diff := cmp.Diff(want(snap, site, true, 1, 1), got, cmpOpts...); diff != "" {
				t.Errorf("Site mismatch (-want +got):\n%s", diff)
			}
			replace(t, st, prev, prevSites)
		})
	}
}
