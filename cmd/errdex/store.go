package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/postgres"
	"github.com/errdex/errdex/store/sqlite"
)

// envDB names the database when --db is not given.
const envDB = "ERRDEX_DB"

// defaultDB is the database when neither --db nor $ERRDEX_DB is given.
const defaultDB = "errdex.db"

// dbName is the database to open: --db when given, else $ERRDEX_DB, else
// errdex.db in the working directory.
func (e *env) dbName() string {
	if e.db != "" {
		return e.db
	}
	if v := os.Getenv(envDB); v != "" {
		return v
	}
	return defaultDB
}

// dbDisplay is dbName fit to print: a URL's password is replaced by
// "xxxxx", so that summaries and logs never show a credential.
func (e *env) dbDisplay() string {
	return redactURL(e.dbName())
}

// redactURL hides the password of a URL with user information; anything
// else (a file name) is returned as it is.
func redactURL(name string) string {
	if !postgres.IsURL(name) {
		return name
	}
	u, err := url.Parse(name)
	if err != nil {
		return "the database URL given" // unparsable: show nothing of it
	}
	return u.Redacted()
}

// openStore opens the database for writing: the PostgreSQL database of a
// postgres:// or postgresql:// URL, or else the SQLite file, created when
// missing.
func (e *env) openStore(ctx context.Context) (errdex.Store, error) {
	name := e.dbName()
	var st errdex.Store
	var err error
	if postgres.IsURL(name) {
		st, err = postgres.Open(ctx, name)
	} else {
		st, err = sqlite.Open(ctx, name)
	}
	if err != nil {
		return nil, err // not st: a nil *Store in a non-nil interface
	}
	return st, nil
}

// openExisting opens the database for reading. A SQLite file must exist
// already: the error then says how to create one, rather than an empty
// database being made.
func (e *env) openExisting(ctx context.Context) (errdex.Store, error) {
	name := e.dbName()
	if postgres.IsURL(name) {
		st, err := postgres.Open(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("open database: %w", err)
		}
		return st, nil
	}
	if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
		return nil, errdex.Errorf("open database", errdex.NotFound,
			"%s does not exist: run `errdex index PATH --db %s` first (or pass --db)", name, name)
	}
	st, err := sqlite.Open(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	return st, nil
}

// openPostgres opens the database for the commands that only work on
// PostgreSQL (worker, enqueue), saying so when --db is a SQLite file.
func (e *env) openPostgres(ctx context.Context, command string) (*postgres.Store, error) {
	name := e.dbName()
	if !postgres.IsURL(name) {
		return nil, errdex.Errorf(command, errdex.Invalid,
			"the job queue needs a PostgreSQL database, and %s is a SQLite file: pass --db postgres://USER@HOST/DB or set %s", name, envDB)
	}
	st, err := postgres.Open(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	return st, nil
}

// changeNotifier is implemented by stores that can tell a server the
// moment another process commits a write (store/postgres, with LISTEN).
type changeNotifier interface {
	Changes(ctx context.Context, report func(error)) <-chan struct{}
}

// storeChanges returns a channel that receives a value after each write
// another process commits, or nil (a channel that never receives) when
// the store cannot tell: the server then only polls.
func storeChanges(ctx context.Context, st errdex.Store, report func(error)) <-chan struct{} {
	if n, ok := st.(changeNotifier); ok {
		return n.Changes(ctx, report)
	}
	return nil
}
