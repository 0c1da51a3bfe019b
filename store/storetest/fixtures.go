package storetest

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errdex/errdex"
)

// cmpOpts compare what a store returns with what it was given. A nil and
// an empty slice or map mean the same thing to every reader, so stores may
// return either.
var cmpOpts = cmp.Options{cmpopts.EquateEmpty()}

// NewSnapshot returns a realistic snapshot of repo at rev, for the
// suite and for a store's own tests.
func NewSnapshot(repo, rev string) *errdex.Snapshot {
	return &errdex.Snapshot{
		Repo:        repo,
		Rev:         rev,
		RevDate:     time.Date(2024, 5, 1, 12, 30, 15, 123456789, time.FixedZone("", 2*3600)),
		Tag:         "v1.2.0",
		Remote:      "git@example.test:o/" + repo + ".git",
		URLTemplate: "https://example.test/o/" + repo + "/blob/" + rev + "/{path}#L{line}",
		IssuesURL:   "https://example.test/o/" + repo + "/issues",
		IndexedAt:   time.Date(2024, 5, 2, 8, 0, 0, 0, time.UTC),
		Stats: errdex.IndexStats{
			FilesSeen: 10, FilesParsed: 9, FilesFailed: 1, Bytes: 12345, Sites: 3,
			SitesByKind:     map[errdex.SiteKind]int{errdex.KindRaise: 2, errdex.KindAssert: 1},
			SkippedByReason: map[string]int{"binary": 1},
			SitesByLanguage: map[string]int{"python": 3},
			Duration:        1500 * time.Millisecond,
		},
		Skipped: []errdex.SkippedFile{
			{Path: "data/blob.bin", Reason: "binary"},
			{Path: "old/py2.py", Reason: "parse-error", Detail: "line 3: invalid syntax"},
		},
	}
}

// NewSite returns a realistic Python site of snap at path:line, with a
// snippet and a guard. The message, the path and the line make its ID;
// family may be empty (the family's name is "Family " and its slug).
func NewSite(snap *errdex.Snapshot, path string, line int, msg, family string) *errdex.Site {
	tmpl := errdex.NewTemplate(errdex.Lit(msg+": "), errdex.HolePart("size", "self.size", errdex.HoleInt))
	fn := "Buffer.check_" + strings.NewReplacer("/", "_", ".", "_").Replace(path) + fmt.Sprint(line)
	s := &errdex.Site{
		ID:        errdex.IDKey{Repo: snap.Repo, Language: "python", Exception: "ValueError", Template: tmpl.Canonical(), Function: fn}.ID(0),
		Repo:      snap.Repo,
		Rev:       snap.Rev,
		Language:  "python",
		Kind:      errdex.KindRaise,
		Exception: "ValueError",
		Template:  tmpl,
		Location:  errdex.Location{Span: errdex.Span{Path: path, Line: line, Column: 9, EndLine: line + 1, EndColumn: 40}},
		Function:  fn,
		Snippet: &errdex.Snippet{
			StartLine: line - 1,
			Lines:     []string{"    if self.size > limit:", `        raise ValueError(f"` + msg + `: {self.size}")`, ""},
			MarkLines: []int{line},
		},
		Guards: []errdex.Guard{{Condition: "self.size > limit", Source: "self.size > limit", Kind: "if", Line: line - 1,
			Subject: "self.size", Op: ">", Value: "limit", Names: []string{"self.size", "limit"}}},
	}
	if family != "" {
		s.Family = &errdex.FamilyRef{Slug: family, Name: "Family " + family, Confidence: 0.75}
	}
	return s
}

// fullSite returns a site of snap in which every field, down to the last
// nested one, holds a distinct non-zero value. A field added to errdex.Site
// later is filled too, so a store that does not keep it fails the round
// trip. seed makes the values differ between sites.
func fullSite(snap *errdex.Snapshot, seed int) *errdex.Site {
	s := new(errdex.Site)
	n := seed * 1000
	fill(reflect.ValueOf(s).Elem(), &n)
	s.Repo, s.Rev = snap.Repo, snap.Rev
	s.ID = errdex.IDKey{Repo: snap.Repo, Template: fmt.Sprint("full", seed)}.ID(seed)
	return s
}

// fullSnapshot returns a snapshot with every field filled, like fullSite.
func fullSnapshot(repo, rev string) *errdex.Snapshot {
	snap := new(errdex.Snapshot)
	n := 7
	fill(reflect.ValueOf(snap).Elem(), &n)
	snap.Repo, snap.Rev = repo, rev
	snap.URLTemplate = "https://example.test/" + repo + "/{path}?at=" + rev + "#L{line}"
	return snap
}

var timeType = reflect.TypeFor[time.Time]()

// fill sets every exported field reachable from v to a distinct non-zero
// value, counting with n.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("%s-%d", v.Type().Name(), *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.25)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), n)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for range 2 {
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			fill(k, n)
			fill(e, n)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		if v.Type() == timeType {
			zone := time.FixedZone("", (*n%25-12)*3600)
			v.Set(reflect.ValueOf(time.Date(2000+*n%50, time.Month(1+*n%12), 1+*n%28, *n%24, *n%60, *n%60, *n*1001, zone)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	}
}

// want returns what a store should return for site, a site of snap given
// to ReplaceSnapshot: the revision date and the link come from the
// snapshot, the snippet only when asked for, and the family counts are
// the ones given (the family's size across the store).
func want(snap *errdex.Snapshot, site *errdex.Site, withSnippet bool, familySites, familyRepos int) *errdex.Site {
	w := *site
	w.Repo, w.Rev, w.RevDate = snap.Repo, snap.Rev, snap.RevDate
	w.Location.URL = snap.SourceURL(site.Location.Path, site.Location.Line)
	if !withSnippet {
		w.Snippet = nil
	}
	if site.Family != nil {
		f := *site.Family
		f.Sites, f.Libraries = familySites, familyRepos
		w.Family = &f
	}
	return &w
}

// sorted returns sites in listing order: repository, path, line, column, ID.
func sorted(sites []*errdex.Site) []*errdex.Site {
	out := slices.Clone(sites)
	slices.SortFunc(out, func(a, b *errdex.Site) int {
		if c := strings.Compare(a.Repo, b.Repo); c != 0 {
			return c
		}
		if c := strings.Compare(a.Location.Path, b.Location.Path); c != 0 {
			return c
		}
		if a.Location.Line != b.Location.Line {
			return a.Location.Line - b.Location.Line
		}
		if a.Location.Column != b.Location.Column {
			return a.Location.Column - b.Location.Column
		}
		return strings.Compare(string(a.ID), string(b.ID))
	})
	return out
}

// wantAll applies want to every site of snap with no family counts.
func wantAll(snap *errdex.Snapshot, sites []*errdex.Site, withSnippet bool) []*errdex.Site {
	out := make([]*errdex.Site, len(sites))
	for i, s := range sites {
		out[i] = want(snap, s, withSnippet, 0, 0)
	}
	return out
}

// list returns every site ListSites passes for f.
func list(t *testing.T, st errdex.Store, f errdex.SiteFilter) []*errdex.Site {
	t.Helper()
	var got []*errdex.Site
	if err := st.ListSites(context.Background(), f, func(s *errdex.Site) error {
		got = append(got, s)
		return nil
	}); err != nil {
		t.Fatalf("ListSites(%+v): %v", f, err)
	}
	return got
}

// replace writes a snapshot and fails the test on error.
func replace(t *testing.T, st errdex.Store, snap *errdex.Snapshot, sites []*errdex.Site) {
	t.Helper()
	if err := st.ReplaceSnapshot(context.Background(), snap, sites); err != nil {
		t.Fatalf("ReplaceSnapshot(%s@%s, %d sites): %v", snap.Repo, snap.Rev, len(sites), err)
	}
}

// checkKind fails the test unless err is an error of one of the kinds.
func checkKind(t *testing.T, what string, err error, kinds ...errdex.ErrorKind) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: got no error, want one of kind %v", what, kinds)
	}
	if k := errdex.KindOf(err); !slices.Contains(kinds, k) {
		t.Fatalf("%s: got error %q of kind %v, want kind %v", what, err, k, kinds)
	}
	if err.Error() == "" {
		t.Fatalf("%s: error has an empty message", what)
	}
}

// withoutFamilyCounts returns copies of sites with the family counts
// zeroed: they depend on every repository in the store, where a test
// checks one repository's sites. (Zeroing is much faster than a cmp
// filter, which matters for the suites that compare many sites.)
func withoutFamilyCounts(sites []*errdex.Site) []*errdex.Site {
	out := make([]*errdex.Site, len(sites))
	for i, s := range sites {
		if s.Family != nil {
			c := *s
			f := *s.Family
			f.Sites, f.Libraries = 0, 0
			c.Family = &f
			s = &c
		}
		out[i] = s
	}
	return out
}

// checkState fails the test unless the store's current snapshot of
// snap.Repo is snap with exactly the given sites (family counts aside).
func checkState(t *testing.T, st errdex.Store, snap *errdex.Snapshot, sites []*errdex.Site) {
	t.Helper()
	got, err := st.Snapshot(context.Background(), snap.Repo)
	if err != nil {
		t.Fatalf("Snapshot(%q): %v", snap.Repo, err)
	}
	if diff := cmp.Diff(snap, got, cmpOpts...); diff != "" {
		t.Fatalf("Snapshot(%q) mismatch (-want +got):\n%s", snap.Repo, diff)
	}
	gotSites := withoutFamilyCounts(list(t, st, errdex.SiteFilter{Repo: snap.Repo, WithSnippet: true}))
	if diff := cmp.Diff(sorted(wantAll(snap, sites, true)), gotSites, cmpOpts); diff != "" {
		t.Fatalf("sites of %s mismatch (-want +got):\n%s", snap.Repo, diff)
	}
}

// countdown is a context that becomes canceled once its Done or Err method
// has been called n times: a deterministic way to cancel a write part way
// through, wherever the store looks at its context.
type countdown struct {
	context.Context
	mu   sync.Mutex
	n    int
	done chan struct{}
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), n: n, done: make(chan struct{})}
}

func (c *countdown) tick() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n > 0 {
		c.n--
		if c.n == 0 {
			close(c.done)
		}
	}
	return c.n == 0
}

func (c *countdown) Done() <-chan struct{} {
	c.tick()
	return c.done
}

func (c *countdown) Err() error {
	if c.tick() {
		return context.Canceled
	}
	return nil
}

func (c *countdown) Deadline() (time.Time, bool) { return time.Time{}, false }
