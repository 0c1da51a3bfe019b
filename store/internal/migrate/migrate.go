// Package migrate brings a store's schema up to date with its embedded
// migrations, through github.com/pressly/goose (its only importer). Each
// store keeps its own migrations and checks, before calling Up, that the
// database is errdex's; Up refuses a schema that a newer errdex wrote.
package migrate

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
)

// Table is the table in which the applied schema versions are recorded.
// Its presence is what marks a database (or a PostgreSQL schema) as
// errdex's.
const Table = "errdex_schema"

// Dialect is the SQL dialect of a store's database.
type Dialect string

// The dialects of the stores.
const (
	SQLite   Dialect = Dialect(goose.DialectSQLite3)
	Postgres Dialect = Dialect(goose.DialectPostgres)
)

// NewerError reports a database whose schema a newer errdex wrote: this
// one does not know how to read it.
type NewerError struct {
	Current int64 // the database's schema version
	Latest  int64 // the newest version this errdex knows
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("schema version %d; this errdex knows versions up to %d", e.Current, e.Latest)
}

// Up applies the migrations of fsys (goose SQL files, numbered) that db
// has not seen, recording them in Table. When managed (Table exists), it
// first returns a *NewerError if db holds a version newer than any in
// fsys. Other errors are the database's or goose's, for the store to
// classify. db must not be shared with writers while Up runs; a store that
// other processes may migrate at the same time holds a lock around it.
func Up(ctx context.Context, db *sql.DB, dialect Dialect, fsys fs.FS, managed bool) error {
	p, err := goose.NewProvider(goose.Dialect(dialect), db, fsys,
		goose.WithTableName(Table),
		goose.WithDisableGlobalRegistry(true),
		goose.WithSlog(slog.New(slog.DiscardHandler)),
	)
	if err != nil {
		return err
	}
	known := p.ListSources()
	latest := known[len(known)-1].Version
	if managed {
		var current sql.NullInt64
		if err := db.QueryRowContext(ctx, `SELECT max(version_id) FROM `+Table).Scan(&current); err != nil {
			return err
		}
		if current.Int64 > latest {
			return &NewerError{Current: current.Int64, Latest: latest}
		}
	}
	_, err = p.Up(ctx)
	return err
}
