package web

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/explain"
)

// catalog is what the server knows about the database as a whole: the
// current snapshots and families with their counts, and a few errors to
// feature on the home page. It is rebuilt when the store changes (a
// snapshot lands, a repository is deleted, explanations are written) and
// replaced atomically; readers never see a half-built one.
type catalog struct {
	signature string
	loaded    time.Time
	snaps     []*errdex.Snapshot // by repository name
	byRepo    map[string]*errdex.Snapshot
	families  []errdex.FamilyRef // by number of sites, then name
	famBySlug map[string]*errdex.FamilyRef
	sites     int
	featured  []summary
}

// signatureOf identifies the state of the store: the store's change
// counter (errdex.Store.Generation), which grows with every write readers
// can see, explanations written into existing sites included, and the
// snapshots, which change when any repository is indexed again, added or
// removed.
func signatureOf(gen int64, snaps []*errdex.Snapshot) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", gen)
	for _, s := range snaps {
		fmt.Fprintf(&b, "%s\x00%s\x00%d\x00%d\n", s.Repo, s.Rev, s.IndexedAt.UnixNano(), s.Stats.Sites)
	}
	return b.String()
}

// loadCatalog reads the snapshots and families. When the store's
// signature equals prev's, it returns prev unchanged. The change counter
// is read first: a write that commits after it is then seen by the next
// call, whatever this one read.
func loadCatalog(ctx context.Context, st errdex.Store, prev *catalog) (*catalog, error) {
	gen, err := st.Generation(ctx)
	if err != nil {
		return nil, fmt.Errorf("web: read the store's change counter: %w", err)
	}
	snaps, err := st.Snapshots(ctx)
	if err != nil {
		return nil, fmt.Errorf("web: list snapshots: %w", err)
	}
	sig := signatureOf(gen, snaps)
	if prev != nil && prev.signature == sig {
		return prev, nil
	}
	c := &catalog{signature: sig, loaded: time.Now(), snaps: snaps, byRepo: map[string]*errdex.Snapshot{}, famBySlug: map[string]*errdex.FamilyRef{}}
	for _, s := range snaps {
		c.byRepo[s.Repo] = s
		c.sites += s.Stats.Sites
	}
	if c.families, err = st.Families(ctx); err != nil {
		return nil, fmt.Errorf("web: list families: %w", err)
	}
	slices.SortFunc(c.families, func(a, b errdex.FamilyRef) int {
		return cmp.Or(b.Sites-a.Sites, strings.Compare(a.Name, b.Name))
	})
	for i := range c.families {
		c.famBySlug[c.families[i].Slug] = &c.families[i]
	}
	if c.featured, err = featured(ctx, st, snaps, 6); err != nil {
		return nil, err
	}
	return c, nil
}

// featured picks a few errors of the most recently indexed repository for
// the home page: those with the most to read (an explanation, a family,
// guards), then messages with fixed text and values, one per file, in
// source order.
func featured(ctx context.Context, st errdex.Store, snaps []*errdex.Snapshot, n int) ([]summary, error) {
	if len(snaps) == 0 {
		return nil, nil
	}
	latest := slices.MaxFunc(snaps, func(a, b *errdex.Snapshot) int { return a.IndexedAt.Compare(b.IndexedAt) })
	type scored struct {
		s     summary
		score int
	}
	var all []scored
	err := st.ListSites(ctx, errdex.SiteFilter{Repo: latest.Repo, Limit: 5000}, func(s *errdex.Site) error {
		t := s.Template
		if t.LiteralLen() < 24 || strings.ContainsRune(t.String(), '\n') || len(t.Holes()) == 0 {
			return nil
		}
		score := min(len(t.Holes()), 3)
		if s.Explanation != nil {
			score += 4
		}
		if s.Family != nil && s.Family.Slug != "other" {
			score += 2
		}
		if len(s.Guards) > 0 {
			score += 2
		}
		all = append(all, scored{summarize(s), score})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: pick featured errors: %w", err)
	}
	slices.SortStableFunc(all, func(a, b scored) int { return b.score - a.score })
	var out []summary
	files := map[string]bool{}
	for _, c := range all {
		if len(out) == n {
			break
		}
		if files[c.s.Path] {
			continue
		}
		files[c.s.Path] = true
		out = append(out, c.s)
	}
	return out, nil
}

// summary is what lists show of a site.
type summary struct {
	ID        errdex.ID `json:"id"`
	Title     string    `json:"title"`
	Slug      string    `json:"-"`
	Repo      string    `json:"repo"`
	Path      string    `json:"path"`
	Line      int       `json:"line"`
	Function  string    `json:"function"`
	Exception string    `json:"exception,omitempty"`
	Family    string    `json:"family,omitempty"`
}

func summarize(s *errdex.Site) summary {
	sum := summary{
		ID:        s.ID,
		Title:     explain.Title(s),
		Slug:      Slug(s.Template),
		Repo:      s.Repo,
		Path:      s.Location.Path,
		Line:      s.Location.Line,
		Function:  s.Function,
		Exception: s.Exception,
	}
	if s.Family != nil {
		sum.Family = s.Family.Slug
	}
	return sum
}

func functionName(fn string) string {
	if fn == "" {
		return "<module>"
	}
	return fn
}
