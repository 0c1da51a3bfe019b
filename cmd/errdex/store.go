package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/sqlite"
)

// openStore opens the database for writing, creating it when missing.
func (e *env) openStore(ctx context.Context) (*sqlite.Store, error) {
	return sqlite.Open(ctx, e.db)
}

// openExisting opens the database for reading and fails with a hint when
// it does not exist yet, rather than creating an empty one.
func (e *env) openExisting(ctx context.Context) (*sqlite.Store, error) {
	if _, err := os.Stat(e.db); errors.Is(err, fs.ErrNotExist) {
		return nil, errdex.Errorf("open database", errdex.NotFound,
			"%s does not exist: run `errdex index PATH --db %s` first (or pass --db)", e.db, e.db)
	}
	st, err := sqlite.Open(ctx, e.db)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	return st, nil
}
