package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/errdex/errdex"
)

// ReplaceSnapshot makes snap the current snapshot of snap.Repo with the
// given sites, in one transaction: readers see the previous snapshot or
// this one, never a mix, and an error or a canceled ctx leaves the previous
// snapshot as it was. Writers of one repository take turns (the second
// waits for the first to commit, then replaces its snapshot); writers of
// different repositories do not wait for each other.
//
// The sites' Repo and Rev must equal the snapshot's and their IDs must be
// well formed and distinct (errdex.Invalid otherwise); an ID that another
// repository already uses is errdex.Conflict. The repository name must be
// UTF-8 without NUL bytes (errdex.Invalid otherwise); every other string
// is kept byte for byte. Sites and snippets go to the server with COPY.
func (s *Store) ReplaceSnapshot(ctx context.Context, snap *errdex.Snapshot, sites []*errdex.Site) error {
	const op = "postgres.ReplaceSnapshot"
	sorted, err := checkSites(snap, sites)
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	row, err := prepareSnapshot(snap, len(sorted))
	if err != nil {
		return errdex.E(op, errdex.Invalid, err)
	}
	err = s.write(ctx, func(tx pgx.Tx) error {
		repoID, err := upsertRepo(ctx, tx, snap.Repo)
		if err != nil {
			return err
		}
		if err := deleteSnapshot(ctx, tx, repoID); err != nil {
			return err
		}
		var snapID int64
		if err := tx.QueryRow(ctx, `
			INSERT INTO snapshots (repo_id, rev, rev_date, tag, remote, url_template, issues_url, indexed_at, stats, site_count)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			repoID, row.rev, row.revDate, row.tag, row.remote, row.urlTemplate, row.issuesURL, row.indexedAt, row.stats, row.sites).Scan(&snapID); err != nil {
			return err
		}
		if err := insertSkipped(ctx, tx, snapID, snap.Skipped); err != nil {
			return err
		}
		if err := insertSites(ctx, tx, snapID, sorted); err != nil {
			return err
		}
		return insertFamilies(ctx, tx, snapID, sorted)
	})
	return s.fail(ctx, op, err)
}

// DeleteRepo removes a repository, its snapshot and its sites. It returns
// an errdex.NotFound error when the repository is not in the database.
func (s *Store) DeleteRepo(ctx context.Context, repo string) error {
	const op = "postgres.DeleteRepo"
	if !validText(repo) {
		return errdex.Errorf(op, errdex.NotFound, "no repository named %s in the database", clip(repo))
	}
	err := s.write(ctx, func(tx pgx.Tx) error {
		var repoID int64
		err := tx.QueryRow(ctx, `SELECT id FROM repos WHERE name = $1 FOR UPDATE`, repo).Scan(&repoID)
		if errors.Is(err, pgx.ErrNoRows) {
			return errdex.Errorf(op, errdex.NotFound, "no repository named %s in the database", clip(repo))
		}
		if err != nil {
			return err
		}
		if err := deleteSnapshot(ctx, tx, repoID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM repos WHERE id = $1`, repoID)
		return err
	})
	return s.fail(ctx, op, err)
}

// write runs fn in a transaction, bumps the change counter and notifies
// listeners (both take effect at commit), and commits when fn succeeds.
func (s *Store) write(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	if err := bumpGeneration(ctx, tx); err != nil {
		return err
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

// snapshotRow is a snapshot's column values.
type snapshotRow struct {
	rev, tag, remote, urlTemplate, issuesURL string
	revDate                                  *string
	indexedAt                                string
	stats                                    string
	sites                                    int
}

func prepareSnapshot(snap *errdex.Snapshot, sites int) (*snapshotRow, error) {
	if !validText(snap.Repo) {
		return nil, fmt.Errorf("the repository name %s is not UTF-8 text without NUL bytes, which PostgreSQL needs to store and sort it: pass --repo", clip(snap.Repo))
	}
	stats, err := encodeJSON(&snap.Stats)
	if err != nil {
		return nil, fmt.Errorf("snapshot stats: %w", err)
	}
	indexed := snap.IndexedAt
	if indexed.IsZero() {
		indexed = time.Now()
	}
	return &snapshotRow{
		rev:         escapeText(snap.Rev),
		tag:         escapeText(snap.Tag),
		remote:      escapeText(snap.Remote),
		urlTemplate: escapeText(snap.URLTemplate),
		issuesURL:   escapeText(snap.IssuesURL),
		revDate:     formatTime(snap.RevDate),
		indexedAt:   *formatTime(indexed),
		stats:       string(stats),
		sites:       sites,
	}, nil
}

// validText reports whether s can be a PostgreSQL text value as it is.
func validText(s string) bool {
	return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0
}

// checkSites validates the sites of a snapshot and returns them in listing
// order (path, line, column, ID, strings compared byte by byte): a site's
// index in the result is its seq.
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
	if len(sites) > math.MaxInt32 {
		return nil, fmt.Errorf("%d sites is more than a snapshot can hold", len(sites))
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
			return []any{snapID, int32(i), escapeText(f.Path), escapeText(f.Reason), escapeText(f.Detail)}, nil
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
			arena = encodeRecord(arena[:0], site)
			var family, facts any
			if f := site.Family; f != nil {
				family = escapeText(f.Slug)
			}
			if fs := factsOf(site); !fs.empty() {
				b, err := encodeJSON(&fs)
				if err != nil {
					return nil, fmt.Errorf("site %s at %s: %w", site.ID, where(site), err)
				}
				facts = b
			}
			row[0], row[1], row[2], row[3] = snapID, int32(i), string(site.ID), []byte(site.Location.Path)
			row[4], row[5], row[6], row[7] = escapeText(site.Language), family, arena, facts
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
	s.arena = encodeSnippet(s.arena[:0], s.sites[s.i].Snippet)
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
			return []any{escapeText(slugs[i]), snapID, escapeText(f.name), f.sites}, nil
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

// formatTime renders t for a text column: RFC 3339 with nanoseconds and
// the original offset, or nil (NULL) for the zero time.
func formatTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.Format(time.RFC3339Nano)
	return &s
}

// parseTime reverses formatTime.
func parseTime(s *string) (time.Time, error) {
	if s == nil {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, *s)
}
