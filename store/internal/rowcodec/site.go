package rowcodec

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/errdex/errdex"
)

// FamilyCount is a family's size across a store: its sites, and the
// repositories (errdex.FamilyRef.Libraries) they belong to.
type FamilyCount struct{ Sites, Repos int }

// SiteReader assembles the sites of one snapshot from the rows a store
// reads. It is not safe for concurrent use; a listing uses one per
// snapshot, in listing order.
type SiteReader struct {
	snap *errdex.Snapshot
	fams map[string]FamilyCount
	url  urlCache
}

// NewSiteReader returns a reader of the sites of snap, which must hold at
// least Repo, Rev, RevDate and URLTemplate, with the family counts in fams
// (a family missing from it counts zero). The reader keeps both.
func NewSiteReader(snap *errdex.Snapshot, fams map[string]FamilyCount) *SiteReader {
	return &SiteReader{snap: snap, fams: fams, url: urlCache{snap: snap}}
}

// Site decodes a site's record (AppendRecord), analysis facts
// (EncodeFacts; empty for none) and snippet (AppendSnippet; nil for none)
// into a new site, and fills in what a read derives: Repo, Rev and RevDate
// from the snapshot, Location.URL from its URL template, and the family's
// counts. It copies what it keeps, so the arguments may be reused.
func (r *SiteReader) Site(record, facts, snippet []byte) (*errdex.Site, error) {
	site := new(errdex.Site)
	if err := DecodeRecord(string(record), site); err != nil {
		return nil, fmt.Errorf("site record: %w", err)
	}
	site.Repo, site.Rev, site.RevDate = r.snap.Repo, r.snap.Rev, r.snap.RevDate
	site.Location.URL = r.url.url(site.Location.Path, site.Location.Line)
	if f := site.Family; f != nil {
		c := r.fams[f.Slug]
		f.Sites, f.Libraries = c.Sites, c.Repos
	}
	if len(facts) > 0 {
		if err := decodeFacts(facts, site); err != nil {
			return nil, fmt.Errorf("site %s: analysis facts: %w", site.ID, err)
		}
	}
	if snippet != nil {
		var err error
		if site.Snippet, err = DecodeSnippet(string(snippet)); err != nil {
			return nil, fmt.Errorf("site %s: snippet: %w", site.ID, err)
		}
	}
	return site, nil
}

// SelectSites returns the start of a query listing sites: the columns
// SiteReader.Site decodes (the record; the facts, or nullFacts when
// f.SkipFacts; the snippet body when f.WithSnippet) from the table sites
// s, joined with snippets sp on snippetJoin when f.WithSnippet. The store
// adds its WHERE clause and order.
func SelectSites(f errdex.SiteFilter, nullFacts, snippetJoin string) string {
	q := `SELECT s.record`
	if f.SkipFacts {
		q += `, ` + nullFacts
	} else {
		q += `, s.facts`
	}
	if f.WithSnippet {
		q += `, sp.body FROM sites s LEFT JOIN snippets sp ON ` + snippetJoin
	} else {
		q += ` FROM sites s`
	}
	return q
}

// urlCache fills Location.URL with errdex.Snapshot.SourceURL while
// calling it about twice per file instead of once per site: SourceURL
// builds a replacer and escapes the path on every call, which costs more
// than decoding the site. The first site of a path gets SourceURL itself.
// At the second, the cache renders the path's URL once more, with a
// sentinel line number: when that URL holds the number once, the text
// around it is kept and later lines are put between; when it holds no
// number and equals the first URL, the URL does not depend on the line.
// Either way the split must reproduce the first URL exactly; anything
// unusual makes every site of the path go through SourceURL. Listings are
// ordered by path, so a path's sites come one after the other.
type urlCache struct {
	snap           *errdex.Snapshot
	path           string
	seen           int    // sites of path so far
	firstLine      int    // the line of the first one,
	firstURL       string // and its URL
	ok             bool   // prefix + line + suffix is the URL
	fixed          bool   // the URL does not depend on the line: prefix is it
	prefix, suffix string
}

// sentinelLine is a line number no real URL contains.
const sentinelLine = -918273645

func (c *urlCache) url(path string, line int) string {
	if c.snap.URLTemplate == "" {
		return ""
	}
	if c.seen == 0 || path != c.path {
		c.path, c.seen, c.ok, c.fixed = path, 1, false, false
		c.firstLine, c.firstURL = line, c.snap.SourceURL(path, line)
		return c.firstURL
	}
	c.seen++
	if c.seen == 2 {
		c.split()
	}
	switch {
	case c.fixed:
		return c.prefix
	case c.ok:
		return c.prefix + strconv.Itoa(line) + c.suffix
	}
	return c.snap.SourceURL(c.path, line)
}

// split tries to split the URLs of c.path around the line number.
func (c *urlCache) split() {
	if c.firstLine == sentinelLine {
		return // the first URL cannot check the split
	}
	u := c.snap.SourceURL(c.path, sentinelLine)
	m := strconv.Itoa(sentinelLine)
	switch strings.Count(u, m) {
	case 0:
		c.fixed, c.prefix = u == c.firstURL, u
	case 1:
		i := strings.Index(u, m)
		c.prefix, c.suffix = u[:i], u[i+len(m):]
		c.ok = c.prefix+strconv.Itoa(c.firstLine)+c.suffix == c.firstURL
	}
}

// CheckSites validates the sites of a snapshot given to ReplaceSnapshot
// and returns them in listing order: path, line, column, ID, strings
// compared byte by byte. Stores insert them in that order, so that the
// rows a listing reads one after the other also lie one after the other
// (store/postgres keeps each one's position as its seq). An error says
// which site is wrong and why; stores report it as errdex.Invalid.
func CheckSites(snap *errdex.Snapshot, sites []*errdex.Site) ([]*errdex.Site, error) {
	if snap == nil {
		return nil, fmt.Errorf("no snapshot given")
	}
	if snap.Repo == "" {
		return nil, fmt.Errorf("the snapshot has no repository name")
	}
	seen := make(map[errdex.ID]int, len(sites))
	for i, site := range sites {
		if site == nil {
			return nil, fmt.Errorf("site %d of %d is nil", i+1, len(sites))
		}
		if _, err := errdex.ParseID(string(site.ID)); err != nil {
			return nil, fmt.Errorf("site %d of %d: %w", i+1, len(sites), err)
		}
		if j, dup := seen[site.ID]; dup {
			return nil, fmt.Errorf("sites %d and %d have the same ID %s (%s and %s)", j+1, i+1, site.ID,
				Where(sites[j]), Where(site))
		}
		seen[site.ID] = i
		if site.Repo != snap.Repo || site.Rev != snap.Rev {
			return nil, fmt.Errorf("site %s belongs to %s@%s, not to the snapshot %s@%s", site.ID,
				Clip(site.Repo), Clip(site.Rev), Clip(snap.Repo), Clip(snap.Rev))
		}
		if site.Family != nil && math.IsNaN(site.Family.Confidence) {
			return nil, fmt.Errorf("site %s: family confidence is NaN", site.ID)
		}
	}
	sorted := slices.Clone(sites)
	slices.SortFunc(sorted, func(a, b *errdex.Site) int {
		return cmp.Or(cmp.Compare(a.Location.Path, b.Location.Path), cmp.Compare(a.Location.Line, b.Location.Line),
			cmp.Compare(a.Location.Column, b.Location.Column), cmp.Compare(a.ID, b.ID))
	})
	return sorted, nil
}

// CheckIDs validates the sites given to UpdateExplanations, which only
// reads their IDs and explanations: none may be nil, every ID must be well
// formed. Stores report its error as errdex.Invalid.
func CheckIDs(sites []*errdex.Site) error {
	for i, site := range sites {
		if site == nil {
			return fmt.Errorf("site %d of %d is nil", i+1, len(sites))
		}
		if _, err := errdex.ParseID(string(site.ID)); err != nil {
			return fmt.Errorf("site %d of %d: %w", i+1, len(sites), err)
		}
	}
	return nil
}

// Where names a site's place for an error message: its quoted path and
// line.
func Where(s *errdex.Site) string {
	return fmt.Sprintf("%s:%d", Clip(s.Location.Path), s.Location.Line)
}

// Clip quotes s for an error message, cut to a readable length: the
// strings come from arbitrary repositories.
func Clip(s string) string {
	const max = 80
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

// FormatTime renders t for a text column: RFC 3339 with nanoseconds and
// the original offset, or nil (NULL) for the zero time.
func FormatTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.Format(time.RFC3339Nano)
	return &s
}

// ParseTime reverses FormatTime.
func ParseTime(s *string) (time.Time, error) {
	if s == nil {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, *s)
}
