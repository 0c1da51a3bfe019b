package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// snapInfo is a snapshot's row ID and what its sites take from it
// (Repo, Rev, RevDate, URLTemplate).
type snapInfo struct {
	id   int64
	snap errdex.Snapshot
}

// scanSnapInfo scans the columns id, name, rev, rev_date, url_template.
func scanSnapInfo(row pgx.Row, si *snapInfo, extra ...any) error {
	var rev string
	var revDate *string
	var urlTemplate string
	if err := row.Scan(append([]any{&si.id, &si.snap.Repo, &rev, &revDate, &urlTemplate}, extra...)...); err != nil {
		return err
	}
	si.snap.Rev, si.snap.URLTemplate = rowcodec.UnescapeText(rev), rowcodec.UnescapeText(urlTemplate)
	var err error
	if si.snap.RevDate, err = rowcodec.ParseTime(revDate); err != nil {
		return fmt.Errorf("snapshot of %s: revision date: %w", si.snap.Repo, err)
	}
	return nil
}

// Site implements errdex.Store. It reads in one statement, so it sees one
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
	fams := map[string]rowcodec.FamilyCount{}
	if fam != nil {
		fams[rowcodec.UnescapeText(*fam)] = rowcodec.FamilyCount{Sites: int(famSites), Repos: int(famRepos)}
	}
	site, err := rowcodec.NewSiteReader(&si.snap, fams).Site(record, facts, snippet)
	if err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: %w", id, err))
	}
	return site, nil
}

// fetchSize is how many rows ListSites fetches from its cursor at a time:
// enough that the round trips cost little next to decoding, few enough
// that a listing stopped early leaves little unread.
const fetchSize = 1000

// ListSites implements errdex.Store.
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
	q := rowcodec.SelectSites(f, `NULL::bytea`, `sp.snapshot_id = s.snapshot_id AND sp.seq = s.seq`) + ` WHERE s.snapshot_id = $1`
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
		q += ` AND s.language = ` + arg(rowcodec.EscapeText(f.Language))
	}
	if f.Family != "" {
		q += ` AND s.family = ` + arg(rowcodec.EscapeText(f.Family))
	}
	q += ` ORDER BY s.seq LIMIT CASE WHEN $2::bigint < 0 THEN NULL ELSE $2::bigint END`
	return q, args
}

// listSnapshotSites streams the sites of one snapshot to fn through a
// cursor and returns how many it passed.
func listSnapshotSites(ctx context.Context, tx pgx.Tx, si *snapInfo, fams map[string]rowcodec.FamilyCount, query string, args []any, withSnippet bool, fn func(*errdex.Site) error) (int, error) {
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
	r := rowcodec.NewSiteReader(&si.snap, fams)
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
			// which Site copies from before the next one.
			raw := rows.RawValues()
			var snippet []byte
			if withSnippet {
				snippet = raw[2]
			}
			site, err := r.Site(raw[0], raw[1], snippet)
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
func familyCounts(ctx context.Context, tx pgx.Tx) (map[string]rowcodec.FamilyCount, error) {
	fams := map[string]rowcodec.FamilyCount{}
	var slug string
	var sites, repos int64
	rows, _ := tx.Query(ctx, `SELECT slug, sum(sites), count(*) FROM snapshot_families GROUP BY slug`)
	_, err := pgx.ForEachRow(rows, []any{&slug, &sites, &repos}, func() error {
		fams[rowcodec.UnescapeText(slug)] = rowcodec.FamilyCount{Sites: int(sites), Repos: int(repos)}
		return nil
	})
	return fams, err
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
	rows, _ := tx.Query(ctx, q+` ORDER BY r.name`, args...) // its error comes back from CollectRows
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (*snapInfo, error) {
		si := new(snapInfo)
		return si, scanSnapInfo(row, si)
	})
}

// snapshotColumns are the columns scanSnapshot reads, of snapshots sn
// joined with repos r.
const snapshotColumns = `sn.id, r.name, ` + rowcodec.SnapshotColumns

// scanSnapshot reads the snapshotColumns of a row: the snapshot's ID and
// the snapshot without its skipped files.
func scanSnapshot(row pgx.Row) (int64, *errdex.Snapshot, error) {
	var id int64
	snap := new(errdex.Snapshot)
	var r rowcodec.SnapshotRow
	if err := row.Scan(append([]any{&id, &snap.Repo}, r.Pointers()...)...); err != nil {
		return 0, nil, err
	}
	r.MapText(rowcodec.UnescapeText)
	return id, snap, r.Decode(snap)
}

// Snapshot implements errdex.Store, in one read transaction.
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
		rows, _ := tx.Query(ctx, `SELECT path, reason, detail FROM skipped_files WHERE snapshot_id = $1 ORDER BY seq`, id)
		sn.Skipped, err = pgx.AppendRows(sn.Skipped, rows, func(row pgx.CollectableRow) (errdex.SkippedFile, error) {
			var f errdex.SkippedFile
			err := row.Scan(&f.Path, &f.Reason, &f.Detail)
			f.Path, f.Reason, f.Detail = rowcodec.UnescapeText(f.Path), rowcodec.UnescapeText(f.Reason), rowcodec.UnescapeText(f.Detail)
			return f, err
		})
		snap = sn
		return err
	})
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return snap, nil
}

// Snapshots implements errdex.Store.
func (s *Store) Snapshots(ctx context.Context) ([]*errdex.Snapshot, error) {
	const op = "postgres.Snapshots"
	rows, _ := s.pool.Query(ctx, `SELECT `+snapshotColumns+` FROM snapshots sn JOIN repos r ON r.id = sn.repo_id ORDER BY r.name`)
	snaps, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (*errdex.Snapshot, error) {
		_, snap, err := scanSnapshot(row)
		return snap, err
	})
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return snaps, nil
}

// Stats implements errdex.Store from the snapshots' site counts and the
// per-snapshot family counts.
func (s *Store) Stats(ctx context.Context) (errdex.StoreStats, error) {
	var repos, sites, fams int64
	err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM snapshots),
		(SELECT coalesce(sum(site_count), 0) FROM snapshots),
		(SELECT count(DISTINCT slug) FROM snapshot_families)`).Scan(&repos, &sites, &fams)
	if err != nil {
		return errdex.StoreStats{}, s.fail(ctx, "postgres.Stats", err)
	}
	return errdex.StoreStats{Repos: int(repos), Sites: int(sites), Families: int(fams)}, nil
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
	f.Slug, f.Name, f.Sites, f.Libraries = rowcodec.UnescapeText(f.Slug), rowcodec.UnescapeText(f.Name), int(sites), int(repos)
	return f, nil
}

// Families implements errdex.Store by summing the per-snapshot family
// counts.
func (s *Store) Families(ctx context.Context) ([]errdex.FamilyRef, error) {
	const op = "postgres.Families"
	rows, _ := s.pool.Query(ctx, familyQuery+` GROUP BY slug ORDER BY slug`)
	fams, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (errdex.FamilyRef, error) { return scanFamily(row) })
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return fams, nil
}

// Family implements errdex.Store.
func (s *Store) Family(ctx context.Context, slug string) (*errdex.FamilyRef, error) {
	const op = "postgres.Family"
	f, err := scanFamily(s.pool.QueryRow(ctx, familyQuery+` WHERE slug = $1 GROUP BY slug`, rowcodec.EscapeText(slug)))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site belongs to a family %q", slug)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	return &f, nil
}
