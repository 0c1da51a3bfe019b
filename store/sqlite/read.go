package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// snapInfo is a snapshot's row ID and what its sites take from it
// (Repo, Rev, RevDate, URLTemplate).
type snapInfo struct {
	id   int64
	snap errdex.Snapshot
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

// Site implements errdex.Store with one prepared statement.
func (s *Store) Site(ctx context.Context, id errdex.ID) (*errdex.Site, error) {
	const op = "sqlite.Site"
	if _, err := errdex.ParseID(string(id)); err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	var si snapInfo
	var revDate *string
	var record, facts, snippet []byte
	var fam sql.NullString
	var famSites, famRepos sql.NullInt64
	err := s.siteStmt.QueryRowContext(ctx, string(id)).Scan(&si.id, &si.snap.Repo, &si.snap.Rev, &revDate, &si.snap.URLTemplate,
		&record, &facts, &snippet, &fam, &famSites, &famRepos)
	if err == sql.ErrNoRows {
		return nil, errdex.Errorf(op, errdex.NotFound, "no error site with ID %s in the database", id)
	}
	if err != nil {
		return nil, s.fail(ctx, op, err)
	}
	if si.snap.RevDate, err = rowcodec.ParseTime(revDate); err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: revision date: %w", id, err))
	}
	fams := map[string]rowcodec.FamilyCount{fam.String: {Sites: int(famSites.Int64), Repos: int(famRepos.Int64)}}
	site, err := rowcodec.NewSiteReader(&si.snap, fams).Site(record, facts, snippet)
	if err != nil {
		return nil, errdex.E(op, errdex.Internal, fmt.Errorf("site %s: %w", id, err))
	}
	return site, nil
}

// ListSites implements errdex.Store. Sites are read in one read
// transaction (in WAL mode, writers do not wait for it), one snapshot at a
// time in repository order; each snapshot's sites are a range of the
// sites_order index. fn must not write to the store: the write would wait
// for the listing to end.
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
	q := rowcodec.SelectSites(f, `''`, `sp.site = s.seq`) + ` WHERE s.snapshot_id = ?`
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
func listSnapshotSites(ctx context.Context, tx *sql.Tx, si *snapInfo, fams map[string]rowcodec.FamilyCount, query string, args []any, withSnippet bool, limit int, fn func(*errdex.Site) error) (int, error) {
	if limit > 0 {
		args = append(args, limit)
	}
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	r := rowcodec.NewSiteReader(&si.snap, fams)
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
		site, err := r.Site(record, facts, snippet)
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
func familyCounts(ctx context.Context, tx *sql.Tx) (map[string]rowcodec.FamilyCount, error) {
	rows, err := tx.QueryContext(ctx, `SELECT slug, sites, repos FROM families`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fams := map[string]rowcodec.FamilyCount{}
	for rows.Next() {
		var slug string
		var c rowcodec.FamilyCount
		if err := rows.Scan(&slug, &c.Sites, &c.Repos); err != nil {
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
		var revDate *string
		if err := rows.Scan(&si.id, &si.snap.Repo, &si.snap.Rev, &revDate, &si.snap.URLTemplate); err != nil {
			return nil, err
		}
		if si.snap.RevDate, err = rowcodec.ParseTime(revDate); err != nil {
			return nil, fmt.Errorf("snapshot of %s: revision date: %w", si.snap.Repo, err)
		}
		out = append(out, si)
	}
	return out, rows.Err()
}

// snapshotColumns are the columns scanSnapshot reads, of snapshots sn
// joined with repos r.
const snapshotColumns = `sn.id, r.name, ` + rowcodec.SnapshotColumns

type rowScanner interface{ Scan(...any) error }

// scanSnapshot reads the snapshotColumns of a row: the snapshot's ID and
// the snapshot without its skipped files.
func scanSnapshot(row rowScanner) (int64, *errdex.Snapshot, error) {
	var id int64
	snap := new(errdex.Snapshot)
	var r rowcodec.SnapshotRow
	if err := row.Scan(append([]any{&id, &snap.Repo}, r.Pointers()...)...); err != nil {
		return 0, nil, err
	}
	return id, snap, r.Decode(snap)
}

// Snapshot implements errdex.Store, in one read transaction.
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

// Snapshots implements errdex.Store.
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

// Stats implements errdex.Store from the snapshots' site counts and the
// families table.
func (s *Store) Stats(ctx context.Context) (errdex.StoreStats, error) {
	var st errdex.StoreStats
	err := s.r.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM snapshots),
		(SELECT coalesce(sum(site_count), 0) FROM snapshots),
		(SELECT count(*) FROM families)`).Scan(&st.Repos, &st.Sites, &st.Families)
	if err != nil {
		return errdex.StoreStats{}, s.fail(ctx, "sqlite.Stats", err)
	}
	return st, nil
}

// Families implements errdex.Store from the families table, which every
// write keeps up to date.
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

// Family implements errdex.Store.
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
