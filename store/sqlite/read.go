package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// snapInfo is what a site takes from its snapshot.
type snapInfo struct {
	id   int64
	snap errdex.Snapshot // Repo, Rev, RevDate, URLTemplate
	url  urlCache
}

// famCount is a family's size across the database.
type famCount struct{ sites, repos int }

// siteRow is one row of sites as reads return it: the record, the facts
// and, when asked for, the snippet.
type siteRow struct {
	record, facts, snippet []byte
}

// build decodes a row into a new site of the snapshot si, with the family
// counts in fams.
func (r *siteRow) build(si *snapInfo, fams map[string]famCount) (*errdex.Site, error) {
	site := new(errdex.Site)
	if err := decodeRecord(string(r.record), site); err != nil {
		return nil, fmt.Errorf("site record: %w", err)
	}
	site.Repo, site.Rev, site.RevDate = si.snap.Repo, si.snap.Rev, si.snap.RevDate
	site.Location.URL = si.url.url(site.Location.Path, site.Location.Line)
	if f := site.Family; f != nil {
		c := fams[f.Slug]
		f.Sites, f.Libraries = c.sites, c.repos
	}
	if len(r.facts) > 0 {
		var f facts
		if err := decodeJSON(r.facts, &f); err != nil {
			return nil, fmt.Errorf("site %s: analysis facts: %w", site.ID, err)
		}
		f.apply(site)
	}
	if r.snippet != nil {
		var err error
		if site.Snippet, err = decodeSnippet(string(r.snippet)); err != nil {
			return nil, fmt.Errorf("site %s: snippet: %w", site.ID, err)
		}
	}
	return site, nil
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

// siteQuery reads one site by ID, with everything it takes from other
// tables.
const siteQuery = `
	SELECT sn.id, r.name, sn.rev, sn.rev_date, sn.url_template, s.record, s.facts, sp.body, s.family, f.sites, f.repos
	FROM sites s
	JOIN snapshots sn ON sn.id = s.snapshot_id
	JOIN repos r ON r.id = sn.repo_id
	LEFT JOIN families f ON f.slug = s.family
	LEFT JOIN snippets sp ON sp.site = s.seq
	WHERE s.id = ?`

// Site returns the site with the given ID, with its snippet and the link
// to its lines. Family.Sites and Family.Libraries are the family's current
// counts across the database.
func (s *Store) Site(ctx context.Context, id errdex.ID) (*errdex.Site, error) {
	const op = "sqlite.Site"
	if _, err := errdex.ParseID(string(id)); err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	var si snapInfo
	var revDate sql.NullString
	var row siteRow
	var fam sql.NullString
	var fc famCount
	var famSites, famRepos sql.NullInt64
	err := s.siteStmt.QueryRowContext(ctx, string(id)).Scan(&si.id, &si.snap.Repo, &si.snap.Rev, &revDate, &si.snap.URLTemplate,
		&row.record, &row.facts, &row.snippet, &fam, &famSites, &famRepos)
	if err == sql.ErrNoRows {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site with ID %s in the database", id)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	if si.snap.RevDate, err = parseTime(revDate); err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: revision date: %w", id, err))
	}
	si.url.snap = &si.snap
	fc.sites, fc.repos = int(famSites.Int64), int(famRepos.Int64)
	site, err := row.build(&si, map[string]famCount{fam.String: fc})
	if err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: %w", id, err))
	}
	return site, nil
}

// ListSites calls fn for every site that passes the filter, ordered by
// repository, path, line, column and ID (strings compare byte by byte). It
// stops at the first error fn returns and returns that error unchanged.
//
// Sites are read in one read transaction, so a listing sees one state of
// the database even while snapshots are replaced, and streamed: memory
// does not grow with the number of sites. fn may call the store's other
// read methods; it must not write to the store, which would wait for the
// listing to end.
func (s *Store) ListSites(ctx context.Context, f errdex.SiteFilter, fn func(*errdex.Site) error) error {
	const op = "sqlite.ListSites"
	if f.Limit < 0 {
		return errdex.Errorf(op, errdex.Invalid, "negative limit %d", f.Limit)
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s.fail(ctx, op, err)
	}
	defer tx.Rollback()
	snaps, err := listSnapInfos(ctx, tx, f.Repo)
	if err != nil {
		return s.fail(ctx, op, err)
	}
	fams, err := familyCounts(ctx, tx)
	if err != nil {
		return s.fail(ctx, op, err)
	}
	query, args := listQuery(f)
	remaining := f.Limit
	for _, si := range snaps {
		n, err := listSnapshotSites(ctx, tx, si, fams, query, append([]any{si.id}, args...), f.WithSnippet, remaining, fn)
		if err != nil {
			if ue, ok := err.(userError); ok {
				return ue.err
			}
			return s.fail(ctx, op, err)
		}
		if f.Limit > 0 {
			if remaining -= n; remaining == 0 {
				break
			}
		}
	}
	return nil
}

// userError carries an error returned by ListSites' fn, so that it reaches
// the caller unchanged.
type userError struct{ err error }

func (e userError) Error() string { return e.err.Error() }

// listQuery builds the query for the sites of one snapshot (its first
// argument) that pass the filter.
func listQuery(f errdex.SiteFilter) (string, []any) {
	q := `SELECT s.record`
	if f.SkipFacts {
		q += `, ''`
	} else {
		q += `, s.facts`
	}
	if f.WithSnippet {
		q += `, sp.body`
	}
	q += ` FROM sites s`
	if f.WithSnippet {
		q += ` LEFT JOIN snippets sp ON sp.site = s.seq`
	}
	q += ` WHERE s.snapshot_id = ?`
	var args []any
	switch {
	case f.Path == "":
	case f.Path[len(f.Path)-1] == '/':
		// A directory: every path that starts with it, as a range over
		// the index ('/' + 1 == '0'), which LIKE and GLOB patterns could
		// not use and would misread when the path holds '%', '_' or '*'.
		q += ` AND s.path >= ? AND s.path < ?`
		args = append(args, f.Path, f.Path[:len(f.Path)-1]+"0")
	default:
		q += ` AND s.path = ?`
		args = append(args, f.Path)
	}
	if f.Language != "" {
		q += ` AND s.language = ?`
		args = append(args, f.Language)
	}
	if f.Family != "" {
		q += ` AND s.family = ?`
		args = append(args, f.Family)
	}
	q += ` ORDER BY s.path, s.line, s.col, s.id`
	if f.Limit > 0 {
		q += ` LIMIT ?`
	}
	return q, args
}

// listSnapshotSites streams the sites of one snapshot to fn and returns how
// many it passed.
func listSnapshotSites(ctx context.Context, tx *sql.Tx, si *snapInfo, fams map[string]famCount, query string, args []any, withSnippet bool, limit int, fn func(*errdex.Site) error) (int, error) {
	if limit > 0 {
		args = append(args, limit)
	}
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	// RawBytes point into the driver's copy of each value, which build
	// decodes before the next row.
	var record, facts, snippet sql.RawBytes
	dests := []any{&record, &facts}
	if withSnippet {
		dests = append(dests, &snippet)
	}
	n := 0
	for rows.Next() {
		// The rows notice a canceled context only eventually; fn must
		// not be called once it is.
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if err := rows.Scan(dests...); err != nil {
			return n, err
		}
		row := siteRow{record: record, facts: facts, snippet: snippet}
		site, err := row.build(si, fams)
		if err != nil {
			return n, err
		}
		n++
		if err := fn(site); err != nil {
			return n, userError{err}
		}
	}
	return n, rows.Err()
}

// familyCounts returns the size of every family.
func familyCounts(ctx context.Context, tx *sql.Tx) (map[string]famCount, error) {
	rows, err := tx.QueryContext(ctx, `SELECT slug, sites, repos FROM families`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fams := map[string]famCount{}
	for rows.Next() {
		var slug string
		var c famCount
		if err := rows.Scan(&slug, &c.sites, &c.repos); err != nil {
			return nil, err
		}
		fams[slug] = c
	}
	return fams, rows.Err()
}

// listSnapInfos returns the current snapshots ordered by repository name,
// or only the named repository's.
func listSnapInfos(ctx context.Context, tx *sql.Tx, repo string) ([]*snapInfo, error) {
	q := `SELECT sn.id, r.name, sn.rev, sn.rev_date, sn.url_template FROM snapshots sn JOIN repos r ON r.id = sn.repo_id`
	var args []any
	if repo != "" {
		q += ` WHERE r.name = ?`
		args = append(args, repo)
	}
	rows, err := tx.QueryContext(ctx, q+` ORDER BY r.name`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*snapInfo
	for rows.Next() {
		si := new(snapInfo)
		var revDate sql.NullString
		if err := rows.Scan(&si.id, &si.snap.Repo, &si.snap.Rev, &revDate, &si.snap.URLTemplate); err != nil {
			return nil, err
		}
		if si.snap.RevDate, err = parseTime(revDate); err != nil {
			return nil, fmt.Errorf("snapshot of %s: revision date: %w", si.snap.Repo, err)
		}
		si.url.snap = &si.snap
		out = append(out, si)
	}
	return out, rows.Err()
}

// snapshotColumns are the columns scanSnapshot reads.
const snapshotColumns = `sn.id, r.name, sn.rev, sn.rev_date, sn.tag, sn.remote, sn.url_template, sn.issues_url, sn.indexed_at, sn.stats`

type rowScanner interface{ Scan(...any) error }

func scanSnapshot(row rowScanner) (int64, *errdex.Snapshot, error) {
	var id int64
	snap := new(errdex.Snapshot)
	var revDate, indexedAt sql.NullString
	var stats string
	if err := row.Scan(&id, &snap.Repo, &snap.Rev, &revDate, &snap.Tag, &snap.Remote, &snap.URLTemplate, &snap.IssuesURL, &indexedAt, &stats); err != nil {
		return 0, nil, err
	}
	var err error
	if snap.RevDate, err = parseTime(revDate); err != nil {
		return 0, nil, fmt.Errorf("snapshot of %s: revision date: %w", snap.Repo, err)
	}
	if snap.IndexedAt, err = parseTime(indexedAt); err != nil {
		return 0, nil, fmt.Errorf("snapshot of %s: indexing time: %w", snap.Repo, err)
	}
	if err := decodeJSON([]byte(stats), &snap.Stats); err != nil {
		return 0, nil, fmt.Errorf("snapshot of %s: stats: %w", snap.Repo, err)
	}
	return id, snap, nil
}

// Snapshot returns the current snapshot of a repository with its skipped
// files, or an errdex.NotFound error.
func (s *Store) Snapshot(ctx context.Context, repo string) (*errdex.Snapshot, error) {
	const op = "sqlite.Snapshot"
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	defer tx.Rollback()
	id, snap, err := scanSnapshot(tx.QueryRowContext(ctx, `SELECT `+snapshotColumns+` FROM snapshots sn JOIN repos r ON r.id = sn.repo_id WHERE r.name = ?`, repo))
	if err == sql.ErrNoRows {
		return nil, errdex.Errorf(op, errdex.NotFound, "no repository named %q in the database", repo)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT path, reason, detail FROM skipped_files WHERE snapshot_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	defer rows.Close()
	for rows.Next() {
		var f errdex.SkippedFile
		if err := rows.Scan(&f.Path, &f.Reason, &f.Detail); err != nil {
			return nil, s.fail(ctx, op, err)
		}
		snap.Skipped = append(snap.Skipped, f)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return snap, nil
}

// Snapshots returns the current snapshot of every repository, ordered by
// name, without their skipped files.
func (s *Store) Snapshots(ctx context.Context) ([]*errdex.Snapshot, error) {
	const op = "sqlite.Snapshots"
	rows, err := s.r.QueryContext(ctx, `SELECT `+snapshotColumns+` FROM snapshots sn JOIN repos r ON r.id = sn.repo_id ORDER BY r.name`)
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	defer rows.Close()
	snaps := []*errdex.Snapshot{}
	for rows.Next() {
		_, snap, err := scanSnapshot(rows)
		if err != nil {
			return nil, s.fail(ctx, op, err)
		}
		snaps = append(snaps, snap)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return snaps, nil
}

// Stats counts what the database holds.
type Stats struct {
	Repos    int `json:"repos"`
	Sites    int `json:"sites"`
	Families int `json:"families"` // families with at least one site
}

// Stats counts the repositories, sites and families in the database,
// without scanning sites (for a home page or /metrics).
func (s *Store) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	err := s.r.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM snapshots),
		(SELECT coalesce(sum(site_count), 0) FROM snapshots),
		(SELECT count(*) FROM families)`).Scan(&st.Repos, &st.Sites, &st.Families)
	if err != nil {
		return Stats{}, s.fail(ctx, "sqlite.Stats", err)
	}
	return st, nil
}

// Families returns every failure family that has sites, ordered by slug,
// with its number of sites and of repositories (Libraries). Confidence is
// zero: it belongs to a site, not to a family.
func (s *Store) Families(ctx context.Context) ([]errdex.FamilyRef, error) {
	const op = "sqlite.Families"
	rows, err := s.r.QueryContext(ctx, `SELECT slug, name, sites, repos FROM families ORDER BY slug`)
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	defer rows.Close()
	fams := []errdex.FamilyRef{}
	for rows.Next() {
		var f errdex.FamilyRef
		if err := rows.Scan(&f.Slug, &f.Name, &f.Sites, &f.Libraries); err != nil {
			return nil, s.fail(ctx, op, err)
		}
		fams = append(fams, f)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return fams, nil
}

// Family returns one failure family with its counts, or an
// errdex.NotFound error when no site belongs to it.
func (s *Store) Family(ctx context.Context, slug string) (*errdex.FamilyRef, error) {
	const op = "sqlite.Family"
	f := &errdex.FamilyRef{}
	err := s.r.QueryRowContext(ctx, `SELECT slug, name, sites, repos FROM families WHERE slug = ?`, slug).Scan(&f.Slug, &f.Name, &f.Sites, &f.Libraries)
	if err == sql.ErrNoRows {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site belongs to a family %q", slug)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return f, nil
}
