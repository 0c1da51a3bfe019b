package sqlite

import (
	"context"
	"database/sql"
)

// The change counter: the one row of the changes table (migration 3),
// which every write that changes what readers see increments in its own
// transaction (see Store.write). SQLite has no notifications across
// processes, so a server polls Generation: one indexed read of one row.

// Generation implements errdex.Store.
func (s *Store) Generation(ctx context.Context) (int64, error) {
	var gen int64
	if err := s.r.QueryRowContext(ctx, `SELECT generation FROM changes`).Scan(&gen); err != nil {
		return 0, s.fail(ctx, "sqlite.Generation", err)
	}
	return gen, nil
}

// bumpGeneration increments the change counter in tx. A missing row (a
// database damaged by hand) fails the write rather than leaving readers
// unaware of it.
func bumpGeneration(ctx context.Context, tx *sql.Tx) error {
	var gen int64
	return tx.QueryRowContext(ctx, `UPDATE changes SET generation = generation + 1 RETURNING generation`).Scan(&gen)
}
