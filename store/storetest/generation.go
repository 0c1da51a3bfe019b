package storetest

import (
	"context"
	"testing"

	"github.com/errdex/errdex"
)

// testGeneration holds the change counter to its contract with two stores
// of one database, a writer and a reader (`errdex enrich` or a worker,
// and `errdex serve`): every committed write that changes what readers
// see makes the counter grow, as both stores read it, and writes that
// fail or change nothing leave it as it is.
func testGeneration(t *testing.T, w, r errdex.Store) {
	ctx := context.Background()
	last, err := r.Generation(ctx)
	if err != nil {
		t.Fatalf("Generation of an empty store: %v", err)
	}
	// step runs a write and checks that the counter grew (grows) or
	// stayed (!grows), as both stores see it.
	step := func(what string, grows bool, write func() error) {
		t.Helper()
		if err := write(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		got, err := r.Generation(ctx)
		if err != nil {
			t.Fatalf("Generation after %s: %v", what, err)
		}
		switch {
		case grows && got <= last:
			t.Errorf("Generation after %s = %d; want more than %d", what, got, last)
		case !grows && got != last:
			t.Errorf("Generation after %s = %d; want %d, unchanged", what, got, last)
		}
		if own, err := w.Generation(ctx); err != nil || own != got {
			t.Errorf("the writing store's Generation after %s = %d, %v; the other store's is %d", what, own, err, got)
		}
		last = got
	}
	fails := func(kinds ...errdex.ErrorKind) func(what string, err error) error {
		return func(what string, err error) error {
			t.Helper()
			checkKind(t, what, err, kinds...)
			return nil
		}
	}

	snap := NewSnapshot("r", "1")
	sites := familySites(snap, "f", "")
	step("ReplaceSnapshot", true, func() error { return w.ReplaceSnapshot(ctx, snap, sites) })
	step("ReplaceSnapshot with the same snapshot", true, func() error { return w.ReplaceSnapshot(ctx, snap, sites) })
	other := NewSnapshot("other", "1")
	step("ReplaceSnapshot of another repository", true, func() error {
		return w.ReplaceSnapshot(ctx, other, familySites(other, "f"))
	})

	exp := &errdex.Explanation{Meaning: "meaning one", Source: "llm:m"}
	step("UpdateExplanations that changes a site", true, func() error {
		n, err := w.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID, Explanation: exp}})
		if err == nil && n != 1 {
			t.Errorf("UpdateExplanations changed %d sites; want 1", n)
		}
		return err
	})
	step("UpdateExplanations that changes nothing", false, func() error {
		n, err := w.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID, Explanation: exp}})
		if err == nil && n != 0 {
			t.Errorf("repeated UpdateExplanations changed %d sites; want 0", n)
		}
		return err
	})
	gone := errdex.IDKey{Repo: "r", Template: "gone"}.ID(0)
	step("UpdateExplanations of a site not stored", false, func() error {
		_, err := w.UpdateExplanations(ctx, []*errdex.Site{{ID: gone, Explanation: exp}})
		return err
	})
	step("UpdateExplanations of no site", false, func() error {
		_, err := w.UpdateExplanations(ctx, nil)
		return err
	})
	step("UpdateExplanations that removes an explanation", true, func() error {
		n, err := w.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID}})
		if err == nil && n != 1 {
			t.Errorf("UpdateExplanations changed %d sites; want 1", n)
		}
		return err
	})
	step("PutLLMAnswer", false, func() error { return w.PutLLMAnswer(ctx, "h", "m", "v1", "{}", 1) })

	// Failed writes leave the counter as they leave the store.
	check := fails(errdex.Invalid)
	step("an invalid ReplaceSnapshot", false, func() error {
		bad := familySites(NewSnapshot("elsewhere", "1"), "f")
		return check("ReplaceSnapshot of another repository's sites", w.ReplaceSnapshot(ctx, snap, bad))
	})
	step("an invalid UpdateExplanations", false, func() error {
		_, err := w.UpdateExplanations(ctx, []*errdex.Site{{ID: "nothex", Explanation: exp}})
		return check("UpdateExplanations of a malformed ID", err)
	})
	step("DeleteRepo of an unknown repository", false, func() error {
		return fails(errdex.NotFound)("DeleteRepo of an unknown repository", w.DeleteRepo(ctx, "no-such-repo"))
	})
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	step("a canceled ReplaceSnapshot", false, func() error {
		return fails(errdex.Canceled)("ReplaceSnapshot with a canceled context", w.ReplaceSnapshot(canceled, NewSnapshot("r", "2"), nil))
	})

	step("DeleteRepo", true, func() error { return w.DeleteRepo(ctx, other.Repo) })
	step("DeleteRepo of the last repository", true, func() error { return w.DeleteRepo(ctx, snap.Repo) })
}
