package postgres

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// ReplaceSnapshot implements errdex.Store. Writers of one repository take
// turns (the second waits for the first to commit, then replaces its
// snapshot); writers of different repositories do not wait for each other.
// The repository name must be UTF-8 without NUL bytes (errdex.Invalid
// otherwise); every other string is kept byte for byte. Sites and snippets
// go to the server with COPY.
func (s *Store) ReplaceSnapshot(ctx context.Context, snap *errdex.Snapshot, sites []*errdex.Site) error {
	const op = "postgres.ReplaceSnapshot"
	if snap != nil && !validText(snap.Repo) {
		return errdex.Errorf(op, errdex.Invalid, "the repository name %s is not UTF-8 text without NUL bytes, which PostgreSQL needs to store and sort it: pass --repo", rowcodec.Clip(snap.Repo))
	}
	row, sorted, err := rowcodec.EncodeSnapshot(snap, sites)
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	if len(sorted) > math.MaxInt32 {
		return errdex.Errorf(op, errdex.TooLarge, "%d sites is more than a snapshot can hold", len(sorted))
	}
	row.MapText(rowcodec.EscapeText)
	err = s.write(ctx, func(tx pgx.Tx) (bool, error) {
		repoID, err := upsertRepo(ctx, tx, snap.Repo)
		if err != nil {
			return false, err
		}
		if err := deleteSnapshot(ctx, tx, repoID); err != nil {
			return false, err
		}
		var snapID int64
		if err := tx.QueryRow(ctx, `
			INSERT INTO snapshots (repo_id, site_count, `+rowcodec.SnapshotColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			append([]any{repoID, len(sorted)}, row.Values()...)...).Scan(&snapID); err != nil {
			return false, err
		}
		if err := insertSkipped(ctx, tx, snapID, snap.Skipped); err != nil {
			return false, err
		}
		if err := insertSites(ctx, tx, snapID, sorted); err != nil {
			return false, err
		}
		return true, insertFamilies(ctx, tx, snapID, sorted)
	})
	return s.fail(ctx, op, err)
}

// DeleteRepo implements errdex.Store. A name PostgreSQL cannot hold as
// text names no repository: NotFound.
func (s *Store) DeleteRepo(ctx context.Context, repo string) error {
	const op = "postgres.DeleteRepo"
	if !validText(repo) {
		return errdex.Errorf(op, errdex.NotFound, "no repository named %s in the database", rowcodec.Clip(repo))
	}
	err := s.write(ctx, func(tx pgx.Tx) (bool, error) {
		var repoID int64
		err := tx.QueryRow(ctx, `SELECT id FROM repos WHERE name = $1 FOR UPDATE`, repo).Scan(&repoID)
		if errors.Is(err, pgx.ErrNoRows) {
			return false, errdex.Errorf(op, errdex.NotFound, "no repository named %s in the database", rowcodec.Clip(repo))
		}
		if err != nil {
			return false, err
		}
		if err := deleteSnapshot(ctx, tx, repoID); err != nil {
			return false, err
		}
		_, err = tx.Exec(ctx, `DELETE FROM repos WHERE id = $1`, repoID)
		return true, err
	})
	return s.fail(ctx, op, err)
}

// write runs fn in a transaction and commits it when fn succeeds. fn
// reports whether it changed what readers see; when it did, write bumps
// the change counter and notifies listeners in the same transaction (both
// take effect at commit, see changes.go). Every write that changes sites
// or snapshots goes through here, so that none is missed.
func (s *Store) write(ctx context.Context, fn func(pgx.Tx) (changed bool, err error)) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	changed, err := fn(tx)
	if err != nil {
		return err
	}
	if changed {
		if err := bumpGeneration(ctx, tx); err != nil {
			return fmt.Errorf("bump the change counter: %w", err)
		}
	}
	return tx.Commit(ctx)
}

// upsertRepo returns the id of the repository, creating it when new, and
// locks its row until the transaction ends: the writers of one repository
// take turns.
func upsertRepo(ctx context.Context, tx pgx.Tx, name string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO repos (name) VALUES ($1)
		ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`, name).Scan(&id)
	return id, err
}

// deleteSnapshot deletes the current snapshot of a repository, if any,
// with its sites and snippets (its skipped files and family counts follow
// by ON DELETE CASCADE).
func deleteSnapshot(ctx context.Context, tx pgx.Tx, repoID int64) error {
	var old int64
	err := tx.QueryRow(ctx, `DELETE FROM snapshots WHERE repo_id = $1 RETURNING id`, repoID).Scan(&old)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM snippets WHERE snapshot_id = $1`, old); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `DELETE FROM sites WHERE snapshot_id = $1`, old)
	return err
}

// validText reports whether s can be a PostgreSQL text value as it is.
func validText(s string) bool {
	return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0
}

// insertSkipped inserts a snapshot's skipped files with one statement per
// batch of rows.
func insertSkipped(ctx context.Context, tx pgx.Tx, snapID int64, skipped []errdex.SkippedFile) error {
	if len(skipped) == 0 {
		return nil
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"skipped_files"}, []string{"snapshot_id", "seq", "path", "reason", "detail"},
		pgx.CopyFromSlice(len(skipped), func(i int) ([]any, error) {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			f := skipped[i]
			return []any{snapID, int32(i), rowcodec.EscapeText(f.Path), rowcodec.EscapeText(f.Reason), rowcodec.EscapeText(f.Detail)}, nil
		}))
	return err
}

// checkEvery is how many rows are encoded between two looks at the
// context; pgx also watches it while the rows are sent.
const checkEvery = 256

// insertSites copies the sites, in listing order, and then their
// snippets, with COPY. Each row is encoded when the copy asks for it, into
// a buffer reused for the next row (pgx copies values into its own buffer
// as it goes), so memory does not grow with the number of sites.
func insertSites(ctx context.Context, tx pgx.Tx, snapID int64, sites []*errdex.Site) error {
	var arena []byte
	row := make([]any, 8)
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"sites"},
		[]string{"snapshot_id", "seq", "id", "path", "language", "family", "record", "facts"},
		pgx.CopyFromSlice(len(sites), func(i int) ([]any, error) {
			if i%checkEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			site := sites[i]
			arena = rowcodec.AppendRecord(arena[:0], site)
			var family any
			if f := site.Family; f != nil {
				family = rowcodec.EscapeText(f.Slug)
			}
			facts, err := rowcodec.EncodeFacts(site)
			if err != nil {
				return nil, fmt.Errorf("site %s at %s: %w", site.ID, rowcodec.Where(site), err)
			}
			row[0], row[1], row[2], row[3] = snapID, int32(i), string(site.ID), []byte(site.Location.Path)
			row[4], row[5], row[6], row[7] = rowcodec.EscapeText(site.Language), family, arena, facts
			return row, nil
		}))
	if err != nil {
		return idConflict(err)
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"snippets"}, []string{"snapshot_id", "seq", "body"}, &snippetSource{ctx: ctx, snapID: snapID, sites: sites, i: -1})
	return err
}

// snippetSource feeds the snippets of sites to COPY, skipping sites
// without one.
type snippetSource struct {
	ctx    context.Context
	snapID int64
	sites  []*errdex.Site
	i      int
	arena  []byte
	row    [3]any
	err    error
}

func (s *snippetSource) Next() bool {
	for s.i++; s.i < len(s.sites); s.i++ {
		if s.i%checkEvery == 0 && s.ctx.Err() != nil {
			s.err = s.ctx.Err()
			return false
		}
		if s.sites[s.i].Snippet != nil {
			return true
		}
	}
	return false
}

func (s *snippetSource) Values() ([]any, error) {
	s.arena = rowcodec.AppendSnippet(s.arena[:0], s.sites[s.i].Snippet)
	s.row[0], s.row[1], s.row[2] = s.snapID, int32(s.i), s.arena
	return s.row[:], nil
}

func (s *snippetSource) Err() error { return s.err }

// idConflict turns the unique violation of a site ID that another
// repository uses into an errdex.Conflict naming the ID.
func idConflict(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "sites_id_key" {
		id := pe.Detail
		if _, rest, ok := strings.Cut(pe.Detail, "=("); ok {
			id, _, _ = strings.Cut(rest, ")")
		}
		return errdex.Errorf("postgres.ReplaceSnapshot", errdex.Conflict, "site ID %s is already used by another repository: %w", id, err)
	}
	return err
}

// insertFamilies records how many sites of the snapshot each family has,
// and the name the snapshot gives it (that of its last site in listing
// order, as store/sqlite does).
func insertFamilies(ctx context.Context, tx pgx.Tx, snapID int64, sites []*errdex.Site) error {
	type fam struct {
		name  string
		sites int32
	}
	fams := map[string]*fam{}
	for _, s := range sites {
		if f := s.Family; f != nil {
			c := fams[f.Slug]
			if c == nil {
				c = &fam{}
				fams[f.Slug] = c
			}
			c.name = f.Name
			c.sites++
		}
	}
	if len(fams) == 0 {
		return nil
	}
	slugs := slices.Sorted(maps.Keys(fams))
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"snapshot_families"}, []string{"slug", "snapshot_id", "name", "sites"},
		pgx.CopyFromSlice(len(slugs), func(i int) ([]any, error) {
			f := fams[slugs[i]]
			return []any{rowcodec.EscapeText(slugs[i]), snapID, rowcodec.EscapeText(f.name), f.sites}, nil
		}))
	return err
}

// bumpGeneration increments the change counter and queues a notification
// for listeners; both take effect when the transaction commits. The
// counter's row is locked until then, so it is taken last.
func bumpGeneration(ctx context.Context, tx pgx.Tx) error {
	var gen int64
	if err := tx.QueryRow(ctx, `UPDATE changes SET generation = generation + 1 RETURNING generation`).Scan(&gen); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, current_schema() || ' ' || $2)`, notifyChannel, strconv.FormatInt(gen, 10))
	return err
}
