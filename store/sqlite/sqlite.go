package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/errkind"
	"github.com/errdex/errdex/store/internal/migrate"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is an errdex.Store in one SQLite file. It is safe for concurrent
// use. Writes go through a single connection, so that writers of one
// process never contend for SQLite's write lock; reads use a pool of
// read-only connections that, in WAL mode, never wait for the writer.
type Store struct {
	path     string
	w        *sql.DB   // exactly one connection
	r        *sql.DB   // query_only connections
	siteStmt *sql.Stmt // siteQuery on r, prepared once per connection
}

var _ errdex.Store = (*Store)(nil)

// Pragmas of every connection. WAL lets readers work while a snapshot is
// written; synchronous=NORMAL is durable across application crashes in WAL
// mode and loses at most the last transactions on power loss, which an
// index that can be rebuilt affords; the busy timeout makes another
// process's write wait rather than fail. Readers map the file into memory,
// so that they share the operating system's cache of it instead of each
// filling a cache of its own.
var commonPragmas = []string{
	"busy_timeout(10000)",
	"foreign_keys(1)",
	"synchronous(NORMAL)",
	"temp_store(MEMORY)",
	"mmap_size(4294967296)",
}

// writerPragmas add to commonPragmas for the writer. A large page cache
// keeps a snapshot's changed pages in memory until its transaction
// commits (pages that spill to the log earlier are written twice); 16 KiB
// pages take a quarter of the system calls of the default 4 KiB (the page
// size applies when the database is created, before WAL is switched on).
var writerPragmas = []string{
	"cache_size(-262144)", // KiB
	"page_size(16384)",
	"journal_size_limit(67108864)",
}

// readerPragmas add to commonPragmas for the read pool.
var readerPragmas = []string{
	"cache_size(-16384)", // KiB, per connection
	"query_only(1)",
}

// Open opens the errdex database at path, creating it when it does not
// exist, and brings its schema up to date. Errors a user can fix (a path
// that is not an SQLite file, a read-only file, a database written by a
// newer errdex) have kind errdex.Invalid and say what to do.
func Open(ctx context.Context, path string) (*Store, error) {
	const op = "sqlite.Open"
	if path == "" {
		return nil, errdex.Errorf(op, errdex.Invalid, "no database path given")
	}
	if err := checkFile(path); err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	w, err := sql.Open("sqlite", dsn(abs, slices.Concat(commonPragmas, writerPragmas), "&_journal_mode=WAL&_txlock=immediate"))
	if err != nil {
		return nil, errdex.E(op, errdex.Internal, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	s := &Store{path: path, w: w}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(abs, slices.Concat(commonPragmas, readerPragmas), ""))
	if err != nil {
		w.Close()
		return nil, errdex.E(op, errdex.Internal, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	r.SetConnMaxIdleTime(0)
	r.SetConnMaxLifetime(0)
	s.r = r
	if s.siteStmt, err = r.PrepareContext(ctx, siteQuery); err != nil {
		s.Close()
		return nil, s.classify(op, err)
	}
	return s, nil
}

// dsn builds a modernc.org/sqlite data source name for the absolute path.
// The path is URL-escaped, so names with '?', '#' or '%' work.
func dsn(abs string, pragmas []string, extra string) string {
	u := url.URL{Scheme: "file", Path: abs}
	q := make([]string, 0, len(pragmas))
	for _, p := range pragmas {
		q = append(q, "_pragma="+url.QueryEscape(p))
	}
	return u.String() + "?" + strings.Join(q, "&") + extra
}

// checkFile refuses paths SQLite would reject with a cryptic message, or
// would silently open as something else: a directory, a missing parent
// directory, a file that is not an SQLite database, a read-only file.
func checkFile(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		dir := filepath.Dir(path)
		if di, err := os.Stat(dir); err != nil || !di.IsDir() {
			return fmt.Errorf("cannot create database %s: directory %s does not exist", path, dir)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot open database: %w", err)
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a directory, not a database file: pass a file path such as %s", path, filepath.Join(path, "errdex.db"))
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
			return fmt.Errorf("database %s is read-only: errdex needs to write to it (check its permissions, or copy it somewhere writable)", path)
		}
		return fmt.Errorf("cannot open database: %w", err)
	}
	defer f.Close()
	var header [16]byte
	n, err := io.ReadFull(f, header[:])
	if n == 0 && (err == io.EOF) {
		return nil // an empty file is an empty database
	}
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("cannot read database %s: %w", path, err)
	}
	if !bytes.Equal(header[:n], []byte("SQLite format 3\x00")) {
		return fmt.Errorf("%s is not an errdex database (not an SQLite file): pass another --db path, or remove the file", path)
	}
	return nil
}

// migrate checks that the file is an errdex database of a schema this
// version knows, and applies the migrations it has not seen yet.
func (s *Store) migrate(ctx context.Context) error {
	const op = "sqlite.Open"
	rows, err := s.w.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return s.classify(op, err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return s.classify(op, err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		return s.classify(op, err)
	}
	rows.Close()
	if len(tables) > 0 {
		known := false
		for _, t := range tables {
			known = known || t == migrate.Table
		}
		if !known {
			if len(tables) > 5 {
				tables = append(tables[:5], "...")
			}
			return errdex.Errorf(op, errdex.Invalid, "%s is an SQLite database but not an errdex one (it has tables %s): pass another --db path", s.path, strings.Join(tables, ", "))
		}
	}

	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return errdex.E(op, errdex.Internal, err)
	}
	err = migrate.Up(ctx, s.w, migrate.SQLite, sub, len(tables) > 0)
	var newer *migrate.NewerError
	if errors.As(err, &newer) {
		return errdex.Errorf(op, errdex.Invalid, "database %s was written by a newer errdex (%v): upgrade errdex, or pass another --db path", s.path, newer)
	}
	if err != nil {
		return s.classify(op, fmt.Errorf("updating the schema of %s: %w", s.path, err))
	}
	return nil
}

// Close releases the store's connections. SQLite folds the write-ahead log
// back into the database when the last connection closes.
func (s *Store) Close() error {
	var errs []error
	if s.siteStmt != nil {
		errs = append(errs, s.siteStmt.Close())
	}
	if s.r != nil {
		errs = append(errs, s.r.Close())
	}
	if s.w != nil {
		// Let SQLite refresh the statistics its query planner uses, as
		// its documentation recommends before closing a connection.
		_, err := s.w.Exec(`PRAGMA optimize`)
		errs = append(errs, err, s.w.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return errdex.E("sqlite.Close", errdex.Internal, err)
	}
	return nil
}

// fail classifies err, reporting a canceled ctx as such whatever error the
// database returned after it.
func (s *Store) fail(ctx context.Context, op string, err error) error {
	return errkind.Fail(ctx, op, err, s.driverError)
}

// classify wraps a database error with op and the kind a caller can act
// on (see driverError).
func (s *Store) classify(op string, err error) error {
	return errkind.Classify(op, err, s.driverError)
}

// driverError classifies SQLite's errors, with a message that says what to
// do where SQLite's own does not, or returns nil for others.
func (s *Store) driverError(op string, err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return errdex.Errorf(op, errdex.Unavailable, "database %s is locked by another process; try again when it has finished: %w", s.path, err)
	case sqlite3.SQLITE_READONLY:
		return errdex.Errorf(op, errdex.Invalid, "database %s is read-only (check the permissions of the file and of its directory, which must allow creating %s-wal): %w", s.path, filepath.Base(s.path), err)
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return errdex.Errorf(op, errdex.Invalid, "cannot open database %s (check that its directory exists and is writable): %w", s.path, err)
	case sqlite3.SQLITE_NOTADB:
		return errdex.Errorf(op, errdex.Invalid, "%s is not an errdex database (not an SQLite file): pass another --db path: %w", s.path, err)
	case sqlite3.SQLITE_CORRUPT:
		return errdex.Errorf(op, errdex.Internal, "database %s is corrupt; delete it and index again: %w", s.path, err)
	case sqlite3.SQLITE_FULL:
		return errdex.Errorf(op, errdex.Unavailable, "the disk holding %s is full: %w", s.path, err)
	case sqlite3.SQLITE_INTERRUPT:
		return errdex.E(op, errdex.Canceled, err)
	case sqlite3.SQLITE_CONSTRAINT:
		return errdex.E(op, errdex.Conflict, err)
	case sqlite3.SQLITE_TOOBIG:
		return errdex.Errorf(op, errdex.TooLarge, "a value is larger than SQLite can store: %w", err)
	}
	return nil
}
