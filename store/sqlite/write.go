package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/errdex/errdex"
)

// ReplaceSnapshot makes snap the current snapshot of snap.Repo with the
// given sites, in one transaction: readers see the previous snapshot or
// this one, never a mix, and an error or a canceled ctx leaves the previous
// snapshot as it was.
//
// The sites' Repo and Rev must equal the snapshot's and their IDs must be
// well formed and distinct (errdex.Invalid otherwise); an ID that another
// repository already uses is errdex.Conflict. Every string is kept byte for
// byte, NUL bytes and invalid UTF-8 included. The sites' RevDate,
// Location.URL and family counts are not stored: reads derive them. A zero
// snap.IndexedAt is stored as the current time.
func (s *Store) ReplaceSnapshot(ctx context.Context, snap *errdex.Snapshot, sites []*errdex.Site) error {
	const op = "sqlite.ReplaceSnapshot"
	sorted, err := checkSites(snap, sites)
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	snapRow, err := prepareSnapshot(snap)
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		repoID, err := upsertRepo(ctx, tx, snap.Repo)
		if err != nil {
			return err
		}
		touched, err := familiesOf(ctx, tx, repoID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM snapshots WHERE repo_id = ?`, repoID); err != nil {
			return err
		}
		snapID, err := insertSnapshot(ctx, tx, repoID, snapRow, len(sorted))
		if err != nil {
			return err
		}
		if err := insertSkipped(ctx, tx, snapID, snap.Skipped); err != nil {
			return err
		}
		if err := insertSites(ctx, tx, snapID, sorted); err != nil {
			return err
		}
		names := map[string]string{}
		for _, s := range sorted {
			if s.Family != nil {
				names[s.Family.Slug] = s.Family.Name
				touched[s.Family.Slug] = true
			}
		}
		return updateFamilies(ctx, tx, touched, names)
	})
	return s.fail(ctx, op, err)
}

// DeleteRepo removes a repository, its snapshot and its sites. It returns
// an errdex.NotFound error when the repository is not in the database.
func (s *Store) DeleteRepo(ctx context.Context, repo string) error {
	const op = "sqlite.DeleteRepo"
	err := s.write(ctx, func(tx *sql.Tx) error {
		var repoID int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM repos WHERE name = ?`, repo).Scan(&repoID)
		if err == sql.ErrNoRows {
			return errdex.Errorf(op, errdex.NotFound, "no repository named %q in the database", repo)
		}
		if err != nil {
			return err
		}
		touched, err := familiesOf(ctx, tx, repoID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM repos WHERE id = ?`, repoID); err != nil {
			return err
		}
		return updateFamilies(ctx, tx, touched, nil)
	})
	return s.fail(ctx, op, err)
}

// write runs fn in a write transaction on the single writer connection and
// commits it when fn succeeds.
func (s *Store) write(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// fail classifies err, reporting a canceled ctx as such whatever error the
// database returned after it.
func (s *Store) fail(ctx context.Context, op string, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return errdex.E(op, errdex.Canceled, ctx.Err())
	}
	return s.classify(op, err)
}

// snapshotRow is a snapshot's column values.
type snapshotRow struct {
	rev, tag, remote, urlTemplate, issuesURL string
	revDate                                  sql.NullString
	indexedAt                                string
	stats                                    string
}

func prepareSnapshot(snap *errdex.Snapshot) (*snapshotRow, error) {
	stats, err := encodeJSON(&snap.Stats)
	if err != nil {
		return nil, fmt.Errorf("snapshot stats: %w", err)
	}
	indexed := snap.IndexedAt
	if indexed.IsZero() {
		indexed = time.Now()
	}
	return &snapshotRow{
		rev:         snap.Rev,
		tag:         snap.Tag,
		remote:      snap.Remote,
		urlTemplate: snap.URLTemplate,
		issuesURL:   snap.IssuesURL,
		revDate:     formatTime(snap.RevDate),
		indexedAt:   formatTime(indexed).String,
		stats:       string(stats),
	}, nil
}

// checkSites validates the sites of a snapshot and returns them in listing
// order (path, line, column, ID), the order in which they are inserted so
// that the rows a listing reads one after the other also lie one after
// the other in the table.
func checkSites(snap *errdex.Snapshot, sites []*errdex.Site) ([]*errdex.Site, error) {
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
				where(sites[j]), where(site))
		}
		seen[site.ID] = i
		if site.Repo != snap.Repo || site.Rev != snap.Rev {
			return nil, fmt.Errorf("site %s belongs to %s@%s, not to the snapshot %s@%s", site.ID,
				clip(site.Repo), clip(site.Rev), clip(snap.Repo), clip(snap.Rev))
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

// where names a site's place for an error message.
func where(s *errdex.Site) string {
	return fmt.Sprintf("%s:%d", clip(s.Location.Path), s.Location.Line)
}

// clip quotes s for an error message, cut to a readable length: the
// strings come from arbitrary repositories.
func clip(s string) string {
	const max = 80
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

func upsertRepo(ctx context.Context, tx *sql.Tx, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO repos (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`, name).Scan(&id)
	return id, err
}

// familiesOf returns the family slugs of a repository's current sites.
func familiesOf(ctx context.Context, tx *sql.Tx, repoID int64) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `
		SELECT DISTINCT s.family FROM sites s JOIN snapshots sn ON sn.id = s.snapshot_id
		WHERE sn.repo_id = ? AND s.family IS NOT NULL`, repoID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	slugs := map[string]bool{}
	for rows.Next() {
		var slug string
		if err := rows.Scan(&slug); err != nil {
			return nil, err
		}
		slugs[slug] = true
	}
	return slugs, rows.Err()
}

func insertSnapshot(ctx context.Context, tx *sql.Tx, repoID int64, r *snapshotRow, sites int) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `
		INSERT INTO snapshots (repo_id, rev, rev_date, tag, remote, url_template, issues_url, indexed_at, stats, site_count)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		repoID, r.rev, r.revDate, r.tag, r.remote, r.urlTemplate, r.issuesURL, r.indexedAt, r.stats, sites).Scan(&id)
	return id, err
}

func insertSkipped(ctx context.Context, tx *sql.Tx, snapID int64, skipped []errdex.SkippedFile) error {
	if len(skipped) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO skipped_files (snapshot_id, seq, path, reason, detail) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	quiet := context.WithoutCancel(ctx)
	for i, f := range skipped {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if _, err := stmt.ExecContext(quiet, snapID, i, f.Path, f.Reason, f.Detail); err != nil {
			return err
		}
	}
	return nil
}

// checkEvery is how many rows are inserted between two looks at the
// context. Each statement runs without the context, because the driver
// starts a goroutine to watch a cancelable context on every call, which
// would cost more than the insert; the transaction itself still watches
// it, and rolls back as soon as it is canceled.
const checkEvery = 256

// insertSites inserts the sites, in the order given, and their snippets,
// one row per statement: a statement of many rows would make SQLite keep
// a statement journal of every page it changes, which costs more than it
// saves. Rows get explicit seq numbers after the largest in the table, so
// that snippets can refer to them without asking SQLite for each one.
func insertSites(ctx context.Context, tx *sql.Tx, snapID int64, sites []*errdex.Site) error {
	var base int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) + 1 FROM sites`).Scan(&base); err != nil {
		return err
	}
	siteStmt, err := tx.PrepareContext(ctx, `INSERT INTO sites (seq, id, snapshot_id, path, line, col, language,
		family, record, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer siteStmt.Close()
	snippetStmt, err := tx.PrepareContext(ctx, `INSERT INTO snippets (site, body) VALUES (?, ?)`)
	if err != nil {
		return err
	}
	defer snippetStmt.Close()
	quiet := context.WithoutCancel(ctx)
	args := make([]any, 10)
	var arena []byte // the encoded values of the current site
	for i, site := range sites {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		seq := base + int64(i)
		arena = arena[:0] // the driver copies values when it binds them
		if err := fillSiteArgs(args, seq, snapID, site, &arena); err != nil {
			return err
		}
		if _, err := siteStmt.ExecContext(quiet, args...); err != nil {
			return fmt.Errorf("site %s at %s: %w (is the ID used by another repository?)", site.ID, where(site), err)
		}
		if site.Snippet != nil {
			arena = encodeSnippet(arena[:0], site.Snippet)
			if _, err := snippetStmt.ExecContext(quiet, seq, arena); err != nil {
				return fmt.Errorf("snippet of site %s at %s: %w", site.ID, where(site), err)
			}
		}
	}
	return ctx.Err()
}

// fillSiteArgs fills row with the column values of a site, in the order
// of the sites columns, appending its record to arena. NULL columns are
// nil.
func fillSiteArgs(row []any, seq, snapID int64, site *errdex.Site, arena *[]byte) error {
	*arena = encodeRecord(*arena, site)
	var family, factsJSON any
	if f := site.Family; f != nil {
		family = f.Slug
	}
	if fs := factsOf(site); !fs.empty() {
		b, err := encodeJSON(&fs)
		if err != nil {
			return fmt.Errorf("site %s at %s: %w", site.ID, where(site), err)
		}
		factsJSON = string(b)
	}
	loc := site.Location
	row[0], row[1], row[2], row[3], row[4], row[5] = seq, string(site.ID), snapID, loc.Path, int64(loc.Line), int64(loc.Column)
	row[6], row[7], row[8], row[9] = site.Language, family, *arena, factsJSON
	return nil
}

// updateFamilies recounts the given families after a write. names gives
// the family names the write brought; a family it did not name keeps its
// stored name.
func updateFamilies(ctx context.Context, tx *sql.Tx, slugs map[string]bool, names map[string]string) error {
	for _, slug := range slices.Sorted(maps.Keys(slugs)) {
		var sites, repos int
		err := tx.QueryRowContext(ctx, `SELECT count(*), count(DISTINCT snapshot_id) FROM sites WHERE family = ?`, slug).Scan(&sites, &repos)
		if err != nil {
			return err
		}
		if sites == 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM families WHERE slug = ?`, slug); err != nil {
				return err
			}
			continue
		}
		name, named := names[slug]
		_, err = tx.ExecContext(ctx, `
			INSERT INTO families (slug, name, sites, repos) VALUES (?1, ?2, ?3, ?4)
			ON CONFLICT (slug) DO UPDATE SET sites = ?3, repos = ?4, name = CASE WHEN ?5 THEN ?2 ELSE name END`,
			slug, name, sites, repos, named)
		if err != nil {
			return err
		}
	}
	return nil
}

// formatTime renders t for a TEXT column: RFC 3339 with nanoseconds and the
// original offset, or NULL for the zero time.
func formatTime(t time.Time) sql.NullString {
	if t.IsZero() {
		return sql.NullString{}
	}
	return sql.NullString{String: t.Format(time.RFC3339Nano), Valid: true}
}

// parseTime reverses formatTime.
func parseTime(s sql.NullString) (time.Time, error) {
	if !s.Valid {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, s.String)
}
