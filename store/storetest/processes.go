package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// testTwoStores has two stores of one database, as `errdex index` and
// `errdex serve` (or a worker and a replica) are from two processes: each
// sees the other's writes.
func testTwoStores(t *testing.T, a, b errdex.Store) {
	ctx := context.Background()
	snap := NewSnapshot("r", "1")
	sites := familySites(snap, "x")
	replace(t, a, snap, sites)
	if _, err := b.Site(ctx, sites[0].ID); err != nil {
		t.Fatalf("the second store does not see the first one's write: %v", err)
	}
	snap2 := NewSnapshot("r", "2")
	sites2 := familySites(snap2, "y")
	replace(t, b, snap2, sites2)
	checkState(t, a, snap2, sites2)
	fams, err := a.Families(ctx)
	if err != nil {
		t.Fatalf("Families: %v", err)
	}
	want := []errdex.FamilyRef{{Slug: "y", Name: "Family y", Sites: 1, Libraries: 1}}
	if diff := cmp.Diff(want, fams); diff != "" {
		t.Errorf("Families after the other store's write mismatch (-want +got):\n%s", diff)
	}
}

// testConcurrentWriters has two stores (two worker processes) replace the
// snapshots of different repositories at the same time, over and over,
// with sites of shared families: no write fails, and the family counts
// come out exact.
func testConcurrentWriters(t *testing.T, a, b errdex.Store) {
	ctx := context.Background()
	stores := []errdex.Store{a, b}
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
				snap := NewSnapshot(fmt.Sprint("repo", w), fmt.Sprint(i))
				if err := st.ReplaceSnapshot(ctx, snap, familySites(snap, fams...)); err != nil {
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
	want := []errdex.FamilyRef{{Slug: "io", Name: "Family io", Sites: 6, Libraries: 2}}
	for i, st := range stores {
		fams, err := st.Families(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, fams); diff != "" {
			t.Errorf("store %d: Families after concurrent writers (-want +got):\n%s", i, diff)
		}
	}
}
