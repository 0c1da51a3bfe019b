package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

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

// build decodes a site's record, facts and (when not nil) snippet into a
// new site of the snapshot si, with the family counts in fams.
func build(record, factsJSON, snippet []byte, si *snapInfo, fams map[string]famCount) (*errdex.Site, error) {
	site := new(errdex.Site)
	if err := decodeRecord(string(record), site); err != nil {
		return nil, fmt.Errorf("site record: %w", err)
	}
	site.Repo, site.Rev, site.RevDate = si.snap.Repo, si.snap.Rev, si.snap.RevDate
	site.Location.URL = si.url.url(site.Location.Path, site.Location.Line)
	if f := site.Family; f != nil {
		c := fams[f.Slug]
		f.Sites, f.Libraries = c.sites, c.repos
	}
	if len(factsJSON) > 0 {
		var f facts
		if err := decodeJSON(factsJSON, &f); err != nil {
			return nil, fmt.Errorf("site %s: analysis facts: %w", site.ID, err)
		}
		f.apply(site)
	}
	if snippet != nil {
		var err error
		if site.Snippet, err = decodeSnippet(string(snippet)); err != nil {
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
// ordered by path, so a path's sites come one after the other. (The same
// cache as store/sqlite's.)
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

// scanSnapInfo scans the columns id, name, rev, rev_date, url_template.
func scanSnapInfo(row pgx.Row, si *snapInfo, extra ...any) error {
	var rev string
	var revDate *string
	var urlTemplate string
	if err := row.Scan(append([]any{&si.id, &si.snap.Repo, &rev, &revDate, &urlTemplate}, extra...)...); err != nil {
		return err
	}
	si.snap.Rev, si.snap.URLTemplate = unescapeString(rev), unescapeString(urlTemplate)
	var err error
	if si.snap.RevDate, err = parseTime(revDate); err != nil {
		return fmt.Errorf("snapshot of %s: revision date: %w", si.snap.Repo, err)
	}
	si.url.snap = &si.snap
	return nil
}

// Site returns the site with the given ID, with its snippet and the link
// to its lines. Family.Sites and Family.Libraries are the family's current
// counts across the database. It reads in one statement, so it sees one
// state of the database.
func (s *Store) Site(ctx context.Context, id errdex.ID) (*errdex.Site, error) {
	const op = "postgres.Site"
	if _, err := errdex.ParseID(string(id)); err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	var si snapInfo
	var record, facts, snippet []byte
	var fam *string
	var famSites, famRepos int64
	err := scanSnapInfo(s.pool.QueryRow(ctx, `
		SELECT sn.id, r.name, sn.rev, sn.rev_date, sn.url_template, s.record, s.facts, sp.body, s.family,
			coalesce(fc.sites, 0), coalesce(fc.repos, 0)
		FROM sites s
		JOIN snapshots sn ON sn.id = s.snapshot_id
		JOIN repos r ON r.id = sn.repo_id
		LEFT JOIN snippets sp ON sp.snapshot_id = s.snapshot_id AND sp.seq = s.seq
		LEFT JOIN LATERAL (SELECT sum(f.sites) AS sites, count(*) AS repos FROM snapshot_families f WHERE f.slug = s.family) fc ON true
		WHERE s.id = $1`, string(id)), &si, &record, &facts, &snippet, &fam, &famSites, &famRepos)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site with ID %s in the database", id)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	fams := map[string]famCount{}
	if fam != nil {
		fams[unescapeString(*fam)] = famCount{int(famSites), int(famRepos)}
	}
	site, err := build(record, facts, snippet, &si, fams)
	if err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: %w", id, err))
	}
	return site, nil
}

// fetchSize is how many rows ListSites fetches from its cursor at a time:
// enough that the round trips cost little next to decoding, few enough
// that a listing stopped early leaves little unread.
const fetchSize = 1000

// ListSites calls fn for every site that passes the filter, ordered by
// repository, path, line, column and ID (strings compare byte by byte). It
// stops at the first error fn returns and returns that error unchanged.
//
// Sites are read in one REPEATABLE READ, READ ONLY transaction, so a
// listing sees one state of the database even while snapshots are
// replaced (PostgreSQL keeps the rows it started with; writers never wait
// for it), and streamed through a server-side cursor, fetchSize rows at a
// time: memory does not grow with the number of sites, and a listing
// stopped early leaves the rest unread. fn may call the store's other
// methods; each takes a connection of its own.
func (s *Store) ListSites(ctx context.Context, f errdex.SiteFilter, fn func(*errdex.Site) error) error {
	const op = "postgres.ListSites"
	if f.Limit < 0 {
		return errdex.Errorf(op, errdex.Invalid, "negative limit %d", f.Limit)
	}
	if f.Repo != "" && !validText(f.Repo) {
		return nil // no repository has such a name
	}
	err := s.read(ctx, func(tx pgx.Tx) error {
		snaps, err := listSnapInfos(ctx, tx, f.Repo)
		if err != nil {
			return err
		}
		fams, err := familyCounts(ctx, tx)
		if err != nil {
			return err
		}
		query, args := listQuery(f)
		remaining := f.Limit
		for _, si := range snaps {
			limit := remaining
			if f.Limit == 0 {
				limit = -1
			}
			n, err := listSnapshotSites(ctx, tx, si, fams, query, append([]any{si.id, limit}, args...), f.WithSnippet, fn)
			if err != nil {
				return err
			}
			if f.Limit > 0 {
				if remaining -= n; remaining == 0 {
					break
				}
			}
		}
		return nil
	})
	if ue, ok := err.(userError); ok {
		return ue.err
	}
	return s.fail(ctx, op, err)
}

// read runs fn in a REPEATABLE READ, READ ONLY transaction.
func (s *Store) read(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// userError carries an error returned by ListSites' fn, so that it reaches
// the caller unchanged.
type userError struct{ err error }

func (e userError) Error() string { return e.err.Error() }

// pathIndexed is the length of the path prefix the sites_path index
// covers (see the migration).
const pathIndexed = 256

// listQuery builds the query for the sites of one snapshot ($1) that pass
// the filter, with at most $2 rows (NULL for all; a negative $2 too).
func listQuery(f errdex.SiteFilter) (string, []any) {
	q := `SELECT s.record`
	if f.SkipFacts {
		q += `, NULL::bytea`
	} else {
		q += `, s.facts`
	}
	if f.WithSnippet {
		q += `, sp.body`
	}
	q += ` FROM sites s`
	if f.WithSnippet {
		q += ` LEFT JOIN snippets sp ON sp.snapshot_id = s.snapshot_id AND sp.seq = s.seq`
	}
	q += ` WHERE s.snapshot_id = $1`
	args := []any{}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args)+2)
	}
	// prefix cuts a path to what the sites_path index holds. Cutting is
	// monotonic (a <= b implies prefix(a) <= prefix(b)), so a range of
	// paths lies within the range of their prefixes, which the index can
	// find; the exact comparison then checks the whole path.
	prefix := func(p string) []byte { return []byte(p[:min(len(p), pathIndexed)]) }
	pathExpr := `substring(s.path FROM 1 FOR ` + strconv.Itoa(pathIndexed) + `)`
	switch {
	case f.Path == "":
	case f.Path[len(f.Path)-1] == '/':
		// A directory: every path that starts with it, as a range
		// ('/' + 1 == '0'), which a LIKE pattern could not use and
		// would misread when the path holds '%' or '_'.
		end := f.Path[:len(f.Path)-1] + "0"
		q += ` AND ` + pathExpr + ` BETWEEN ` + arg(prefix(f.Path)) + ` AND ` + arg(prefix(end)) +
			` AND s.path >= ` + arg([]byte(f.Path)) + ` AND s.path < ` + arg([]byte(end))
	default:
		q += ` AND ` + pathExpr + ` = ` + arg(prefix(f.Path)) + ` AND s.path = ` + arg([]byte(f.Path))
	}
	if f.Language != "" {
		q += ` AND s.language = ` + arg(escapeText(f.Language))
	}
	if f.Family != "" {
		q += ` AND s.family = ` + arg(escapeText(f.Family))
	}
	q += ` ORDER BY s.seq LIMIT CASE WHEN $2::bigint < 0 THEN NULL ELSE $2::bigint END`
	return q, args
}

// listSnapshotSites streams the sites of one snapshot to fn through a
// cursor and returns how many it passed.
func listSnapshotSites(ctx context.Context, tx pgx.Tx, si *snapInfo, fams map[string]famCount, query string, args []any, withSnippet bool, fn func(*errdex.Site) error) (int, error) {
	// pgx prepares the FETCH statement once per connection and keeps the
	// columns it returned, so cursors of different columns have different
	// names.
	cursor := "sites_without_snippets"
	if withSnippet {
		cursor = "sites_with_snippets"
	}
	if _, err := tx.Exec(ctx, `DECLARE `+cursor+` NO SCROLL CURSOR FOR `+query, args...); err != nil {
		return 0, err
	}
	fetch := `FETCH FORWARD ` + strconv.Itoa(fetchSize) + ` FROM ` + cursor
	n := 0
	for {
		rows, err := tx.Query(ctx, fetch)
		if err != nil {
			return n, err
		}
		got := 0
		for rows.Next() {
			got++
			// Raw values point into pgx's buffer of the current row,
			// which build copies from before the next one.
			raw := rows.RawValues()
			var snippet []byte
			if withSnippet {
				snippet = raw[2]
			}
			site, err := build(raw[0], raw[1], snippet, si, fams)
			if err != nil {
				rows.Close()
				return n, err
			}
			// The rows notice a canceled context only eventually; fn
			// must not be called once it is.
			if err := ctx.Err(); err != nil {
				rows.Close()
				return n, err
			}
			n++
			if err := fn(site); err != nil {
				rows.Close()
				return n, userError{err}
			}
		}
		if err := rows.Err(); err != nil {
			return n, err
		}
		if got < fetchSize {
			break
		}
	}
	_, err := tx.Exec(ctx, `CLOSE `+cursor)
	return n, err
}

// familyCounts returns the size of every family.
func familyCounts(ctx context.Context, tx pgx.Tx) (map[string]famCount, error) {
	rows, err := tx.Query(ctx, `SELECT slug, sum(sites), count(*) FROM snapshot_families GROUP BY slug`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fams := map[string]famCount{}
	for rows.Next() {
		var slug string
		var sites, repos int64
		if err := rows.Scan(&slug, &sites, &repos); err != nil {
			return nil, err
		}
		fams[unescapeString(slug)] = famCount{int(sites), int(repos)}
	}
	return fams, rows.Err()
}

// listSnapInfos returns the current snapshots ordered by repository name,
// or only the named repository's.
func listSnapInfos(ctx context.Context, tx pgx.Tx, repo string) ([]*snapInfo, error) {
	q := `SELECT sn.id, r.name, sn.rev, sn.rev_date, sn.url_template FROM snapshots sn JOIN repos r ON r.id = sn.repo_id`
	var args []any
	if repo != "" {
		q += ` WHERE r.name = $1`
		args = append(args, repo)
	}
	rows, err := tx.Query(ctx, q+` ORDER BY r.name`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*snapInfo
	for rows.Next() {
		si := new(snapInfo)
		if err := scanSnapInfo(rows, si); err != nil {
			return nil, err
		}
		out = append(out, si)
	}
	return out, rows.Err()
}

// snapshotColumns are the columns scanSnapshot reads.
const snapshotColumns = `sn.id, r.name, sn.rev, sn.rev_date, sn.tag, sn.remote, sn.url_template, sn.issues_url, sn.indexed_at, sn.stats`

func scanSnapshot(row pgx.Row) (int64, *errdex.Snapshot, error) {
	var id int64
	snap := new(errdex.Snapshot)
	var revDate *string
	var indexedAt, stats string
	if err := row.Scan(&id, &snap.Repo, &snap.Rev, &revDate, &snap.Tag, &snap.Remote, &snap.URLTemplate, &snap.IssuesURL, &indexedAt, &stats); err != nil {
		return 0, nil, err
	}
	for _, p := range []*string{&snap.Rev, &snap.Tag, &snap.Remote, &snap.URLTemplate, &snap.IssuesURL} {
		*p = unescapeString(*p)
	}
	var err error
	if snap.RevDate, err = parseTime(revDate); err != nil {
		return 0, nil, fmt.Errorf("snapshot of %s: revision date: %w", snap.Repo, err)
	}
	if snap.IndexedAt, err = parseTime(&indexedAt); err != nil {
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
	const op = "postgres.Snapshot"
	notFound := errdex.Errorf(op, errdex.NotFound, "no repository named %q in the database", repo)
	if !validText(repo) {
		return nil, notFound
	}
	var snap *errdex.Snapshot
	err := s.read(ctx, func(tx pgx.Tx) error {
		id, sn, err := scanSnapshot(tx.QueryRow(ctx, `SELECT `+snapshotColumns+` FROM snapshots sn JOIN repos r ON r.id = sn.repo_id WHERE r.name = $1`, repo))
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT path, reason, detail FROM skipped_files WHERE snapshot_id = $1 ORDER BY seq`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var f errdex.SkippedFile
			if err := rows.Scan(&f.Path, &f.Reason, &f.Detail); err != nil {
				return err
			}
			f.Path, f.Reason, f.Detail = unescapeString(f.Path), unescapeString(f.Reason), unescapeString(f.Detail)
			sn.Skipped = append(sn.Skipped, f)
		}
		snap = sn
		return rows.Err()
	})
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return snap, nil
}

// Snapshots returns the current snapshot of every repository, ordered by
// name, without their skipped files.
func (s *Store) Snapshots(ctx context.Context) ([]*errdex.Snapshot, error) {
	const op = "postgres.Snapshots"
	rows, err := s.pool.Query(ctx, `SELECT `+snapshotColumns+` FROM snapshots sn JOIN repos r ON r.id = sn.repo_id ORDER BY r.name`)
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
	var repos, sites, fams int64
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM snapshots),
		(SELECT coalesce(sum(site_count), 0) FROM snapshots),
		(SELECT count(DISTINCT slug) FROM snapshot_families)`).Scan(&repos, &sites, &fams)
	if err != nil {
		return Stats{}, s.fail(ctx, "postgres.Stats", err)
	}
	return Stats{Repos: int(repos), Sites: int(sites), Families: int(fams)}, nil
}

// familyQuery sums the per-snapshot family counts; a family's name is the
// one its most recently written snapshot gives it.
const familyQuery = `SELECT slug, (array_agg(name ORDER BY snapshot_id DESC))[1], sum(sites), count(*) FROM snapshot_families`

func scanFamily(row pgx.Row) (errdex.FamilyRef, error) {
	var f errdex.FamilyRef
	var sites, repos int64
	if err := row.Scan(&f.Slug, &f.Name, &sites, &repos); err != nil {
		return f, err
	}
	f.Slug, f.Name, f.Sites, f.Libraries = unescapeString(f.Slug), unescapeString(f.Name), int(sites), int(repos)
	return f, nil
}

// Families returns every failure family that has sites, ordered by slug,
// with its number of sites and of repositories (Libraries). Confidence is
// zero: it belongs to a site, not to a family.
func (s *Store) Families(ctx context.Context) ([]errdex.FamilyRef, error) {
	const op = "postgres.Families"
	rows, err := s.pool.Query(ctx, familyQuery+` GROUP BY slug ORDER BY slug`)
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	defer rows.Close()
	fams := []errdex.FamilyRef{}
	for rows.Next() {
		f, err := scanFamily(rows)
		if err != nil {
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
	const op = "postgres.Family"
	f, err := scanFamily(s.pool.QueryRow(ctx, familyQuery+` WHERE slug = $1 GROUP BY slug`, escapeText(slug)))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site belongs to a family %q", slug)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return &f, nil
}
