package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// ReplaceSnapshot implements errdex.Store in one IMMEDIATE transaction on
// the writer connection, which recounts the families it touches. Every
// string is kept byte for byte, the repository name included.
func (s *Store) ReplaceSnapshot(ctx context.Context, snap *errdex.Snapshot, sites []*errdex.Site) error {
	const op = "sqlite.ReplaceSnapshot"
	snapRow, sorted, err := rowcodec.EncodeSnapshot(snap, sites)
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	err = s.write(ctx, func(tx *sql.Tx) (bool, error) {
		repoID, err := upsertRepo(ctx, tx, snap.Repo)
		if err != nil {
			return false, err
		}
		touched, err := familiesOf(ctx, tx, repoID)
		if err != nil {
			return false, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM snapshots WHERE repo_id = ?`, repoID); err != nil {
			return false, err
		}
		snapID, err := insertSnapshot(ctx, tx, repoID, snapRow, len(sorted))
		if err != nil {
			return false, err
		}
		if err := insertSkipped(ctx, tx, snapID, snap.Skipped); err != nil {
			return false, err
		}
		if err := insertSites(ctx, tx, snapID, sorted); err != nil {
			return false, err
		}
		names := map[string]string{}
		for _, s := range sorted {
			if s.Family != nil {
				names[s.Family.Slug] = s.Family.Name
				touched[s.Family.Slug] = true
			}
		}
		return true, updateFamilies(ctx, tx, touched, names)
	})
	return s.fail(ctx, op, err)
}

// DeleteRepo implements errdex.Store; it recounts the repository's
// families.
func (s *Store) DeleteRepo(ctx context.Context, repo string) error {
	const op = "sqlite.DeleteRepo"
	err := s.write(ctx, func(tx *sql.Tx) (bool, error) {
		var repoID int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM repos WHERE name = ?`, repo).Scan(&repoID)
		if err == sql.ErrNoRows {
			return false, errdex.Errorf(op, errdex.NotFound, "no repository named %q in the database", repo)
		}
		if err != nil {
			return false, err
		}
		touched, err := familiesOf(ctx, tx, repoID)
		if err != nil {
			return false, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM repos WHERE id = ?`, repoID); err != nil {
			return false, err
		}
		return true, updateFamilies(ctx, tx, touched, nil)
	})
	return s.fail(ctx, op, err)
}

// write runs fn in a write transaction on the single writer connection and
// commits it when fn succeeds. fn reports whether it changed what readers
// see; when it did, write bumps the change counter (changes.go) in the
// same transaction, so that the counter and the change commit together.
func (s *Store) write(ctx context.Context, fn func(*sql.Tx) (changed bool, err error)) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	changed, err := fn(tx)
	if err == nil && changed {
		if err = bumpGeneration(ctx, tx); err != nil {
			err = fmt.Errorf("bump the change counter: %w", err)
		}
	}
	if err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
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

func insertSnapshot(ctx context.Context, tx *sql.Tx, repoID int64, r *rowcodec.SnapshotRow, sites int) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `
		INSERT INTO snapshots (repo_id, site_count, `+rowcodec.SnapshotColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		append([]any{repoID, sites}, r.Values()...)...).Scan(&id)
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
			return fmt.Errorf("site %s at %s: %w (is the ID used by another repository?)", site.ID, rowcodec.Where(site), err)
		}
		if site.Snippet != nil {
			arena = rowcodec.AppendSnippet(arena[:0], site.Snippet)
			if _, err := snippetStmt.ExecContext(quiet, seq, arena); err != nil {
				return fmt.Errorf("snippet of site %s at %s: %w", site.ID, rowcodec.Where(site), err)
			}
		}
	}
	return ctx.Err()
}

// fillSiteArgs fills row with the column values of a site, in the order
// of the sites columns, appending its record to arena. NULL columns are
// nil.
func fillSiteArgs(row []any, seq, snapID int64, site *errdex.Site, arena *[]byte) error {
	*arena = rowcodec.AppendRecord(*arena, site)
	var family, factsJSON any
	if f := site.Family; f != nil {
		family = f.Slug
	}
	b, err := rowcodec.EncodeFacts(site)
	if err != nil {
		return fmt.Errorf("site %s at %s: %w", site.ID, rowcodec.Where(site), err)
	}
	if b != nil {
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
