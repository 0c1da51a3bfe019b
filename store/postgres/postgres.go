package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"net"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/errkind"
	"github.com/errdex/errdex/store/internal/migrate"
)

//go:embed migrations/*.sql
var migrations embed.FS

// ourTables are the tables the migrations create. A schema that has one of
// them but no migrate.Table belongs to another program.
var ourTables = []string{"repos", "snapshots", "skipped_files", "sites", "snippets", "snapshot_families", "llm_answers", "changes"}

// Store is an errdex.Store in a PostgreSQL database. It is safe for
// concurrent use by many goroutines, and any number of processes may open
// the same database: writes are transactions that serialize per
// repository, reads never wait for them.
type Store struct {
	pool   *pgxpool.Pool
	where  string // "host:port/database" for messages, without credentials
	schema string // the schema holding the tables (current_schema())
}

var _ errdex.Store = (*Store)(nil)

// IsURL reports whether s is a PostgreSQL connection URL (postgres:// or
// postgresql://), which is how commands tell a PostgreSQL --db from a
// SQLite file name.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Pool defaults, applied when the URL does not set pool_max_conns,
// pool_min_conns or connect_timeout. A replica's reads take one connection
// each (a listing holds one for its whole length, and reads made inside
// it take others), so the pool allows a few per CPU; the server's
// max_connections (100 by default) bounds the sum over every process.
const (
	defaultConnectTimeout = 10 * time.Second
	minPoolConns          = 8
)

// Open connects to the PostgreSQL database at url (a postgres:// or
// postgresql:// URL, or a key=value connection string) and brings the
// schema up to date. The tables live in the first schema of the search
// path (add ?search_path=NAME to the URL to keep errdex apart from other
// tables of the database).
//
// Pool settings come from the URL's pool_max_conns, pool_min_conns,
// pool_max_conn_lifetime and pool_max_conn_idle_time parameters, with a
// default of max(8, 4 × CPUs) connections. An unreachable server is an
// errdex.Unavailable error naming the host; a bad URL, a refused login or
// a missing database is errdex.Invalid.
func Open(ctx context.Context, url string) (*Store, error) {
	const op = "postgres.Open"
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message may quote the URL, password included.
		return nil, errdex.Errorf(op, errdex.Invalid, "cannot parse the PostgreSQL URL %s: %s", redact(url), redactErr(err, url))
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = int32(max(minPoolConns, 4*runtime.GOMAXPROCS(0)))
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = defaultConnectTimeout
	}
	if cfg.ConnConfig.RuntimeParams == nil {
		cfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		// How errdex's connections show in pg_stat_activity.
		cfg.ConnConfig.RuntimeParams["application_name"] = "errdex"
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	cfg.HealthCheckPeriod = 30 * time.Second
	s := &Store{where: describe(cfg.ConnConfig)}
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, s.classify(op, err)
	}
	var schema *string
	if err := s.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		s.pool.Close()
		return nil, s.fail(ctx, op, err)
	}
	if schema == nil {
		s.pool.Close()
		return nil, errdex.Errorf(op, errdex.Invalid, "no schema of the search path of %s exists: create it, or pass another search_path in the URL", s.where)
	}
	s.schema = *schema
	if err := s.migrate(ctx, cfg.ConnConfig); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// describe names a server for messages: host:port/database, or the socket
// directory for Unix sockets. It never includes the password.
func describe(c *pgx.ConnConfig) string {
	host := c.Host
	if !strings.HasPrefix(host, "/") {
		host = net.JoinHostPort(host, strconv.Itoa(int(c.Port)))
	}
	return host + "/" + c.Database
}

// redact removes the password from a URL for messages.
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return "(a connection string)"
	}
	at := strings.LastIndexByte(rest, '@')
	if at < 0 {
		return url
	}
	user, _, _ := strings.Cut(rest[:at], ":")
	return scheme + "://" + user + ":xxxxx" + rest[at:]
}

// redactErr renders err with any password of url removed.
func redactErr(err error, url string) string {
	msg := err.Error()
	if _, rest, ok := strings.Cut(url, "://"); ok {
		if at := strings.LastIndexByte(rest, '@'); at >= 0 {
			if _, pw, ok := strings.Cut(rest[:at], ":"); ok && pw != "" {
				msg = strings.ReplaceAll(msg, pw, "xxxxx")
			}
		}
	}
	return msg
}

// migrate checks that the schema is errdex's (or empty of errdex's table
// names) and of a version this errdex knows, and applies the migrations it
// has not seen, holding an advisory lock so that processes starting
// together migrate one at a time.
func (s *Store) migrate(ctx context.Context, cc *pgx.ConnConfig) error {
	const op = "postgres.Open"
	rows, err := s.pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY tablename`,
		append([]string{migrate.Table}, ourTables...))
	if err != nil {
		return s.fail(ctx, op, err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return s.fail(ctx, op, err)
	}
	managed := false
	for _, t := range tables {
		managed = managed || t == migrate.Table
	}
	if len(tables) > 0 && !managed {
		return errdex.Errorf(op, errdex.Invalid, "schema %s of %s has tables errdex did not create (%s): use another database, or add ?search_path=errdex to the URL after `CREATE SCHEMA errdex`",
			s.schema, s.where, strings.Join(tables, ", "))
	}

	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return errdex.E(op, errdex.Internal, err)
	}
	// goose works on database/sql: a pool of one connection, so that the
	// session advisory lock taken here covers every migration it runs. (If
	// that connection broke, the server would release the lock, and the
	// migration would fail on the broken connection anyway.)
	db := stdlib.OpenDB(*cc.Copy())
	defer db.Close()
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1, $2)`, lockMigrate, lockKey(s.schema)); err != nil {
		return s.fail(ctx, op, err)
	}
	defer db.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, $2)`, lockMigrate, lockKey(s.schema))

	err = migrate.Up(ctx, db, migrate.Postgres, sub, managed)
	var newer *migrate.NewerError
	if errors.As(err, &newer) {
		return errdex.Errorf(op, errdex.Invalid, "the errdex schema in %s (schema %s) was written by a newer errdex (%v): upgrade errdex", s.where, s.schema, newer)
	}
	if err != nil {
		return s.fail(ctx, op, fmt.Errorf("updating the schema of %s: %w", s.where, err))
	}
	return nil
}

// Advisory lock keys: the first is errdex's (a constant), the second is
// the schema's, so that stores in different schemas of one database do
// not wait for each other.
const lockMigrate int32 = 0x65727278 // "errx"

// lockKey is the advisory lock key of a schema.
func lockKey(schema string) int32 {
	h := fnv.New32a()
	h.Write([]byte(schema))
	return int32(h.Sum32())
}

// Close releases the store's connections.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Where names the database the store is connected to (host:port/database,
// no credentials), for messages.
func (s *Store) Where() string { return s.where }

// Pool returns the store's connection pool, for the job queue (package
// queue), which keeps its tables in the same database.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Classify turns an error of a statement run on Pool into an errdex.Error
// with op and the kind a caller can act on (Unavailable naming the server,
// Canceled when ctx is done, Conflict, Invalid...), as the store's own
// methods do. Package queue uses it for River's errors.
func (s *Store) Classify(ctx context.Context, op string, err error) error {
	return s.fail(ctx, op, err)
}

// fail classifies err, reporting a canceled ctx as such whatever error the
// database returned after it.
func (s *Store) fail(ctx context.Context, op string, err error) error {
	return errkind.Fail(ctx, op, err, s.driverError)
}

// PostgreSQL error codes the store classifies
// (https://www.postgresql.org/docs/current/errcodes-appendix.html).
var codeKinds = map[string]errdex.ErrorKind{
	"23505": errdex.Conflict,    // unique_violation
	"40001": errdex.Unavailable, // serialization_failure: try again
	"40P01": errdex.Unavailable, // deadlock_detected: try again
	"55P03": errdex.Unavailable, // lock_not_available
	"57014": errdex.Canceled,    // query_canceled
	"22021": errdex.Invalid,     // character_not_in_repertoire
	"22P05": errdex.Invalid,     // untranslatable_character
	"54000": errdex.TooLarge,    // program_limit_exceeded (an index row too large)
	"54001": errdex.TooLarge,    // statement_too_complex
	"53100": errdex.Unavailable, // disk_full
	"53200": errdex.Unavailable, // out_of_memory
	"53300": errdex.Unavailable, // too_many_connections
	"57P01": errdex.Unavailable, // admin_shutdown
	"57P02": errdex.Unavailable, // crash_shutdown
	"57P03": errdex.Unavailable, // cannot_connect_now (starting up)
	"08000": errdex.Unavailable, // connection_exception
	"08003": errdex.Unavailable, // connection_does_not_exist
	"08006": errdex.Unavailable, // connection_failure
	"28000": errdex.Invalid,     // invalid_authorization_specification
	"28P01": errdex.Invalid,     // invalid_password
	"3D000": errdex.Invalid,     // invalid_catalog_name (no such database)
	"42501": errdex.Invalid,     // insufficient_privilege
	"25006": errdex.Invalid,     // read_only_sql_transaction (a standby)
}

// classify wraps a database error with op and the kind a caller can act
// on (see driverError).
func (s *Store) classify(op string, err error) error {
	return errkind.Classify(op, err, s.driverError)
}

// driverError classifies the errors of pgx and of the server, saying
// which server could not be reached or refused, or returns nil for others.
func (s *Store) driverError(op string, err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		kind, ok := codeKinds[pe.Code]
		if !ok {
			return errdex.Errorf(op, errdex.Internal, "PostgreSQL at %s: %w", s.where, err)
		}
		switch pe.Code {
		case "3D000":
			return errdex.Errorf(op, kind, "PostgreSQL at %s has no such database: create it (createdb) or fix the URL: %w", s.where, err)
		case "28000", "28P01":
			return errdex.Errorf(op, kind, "PostgreSQL at %s refused the login: check the user and password in the URL: %w", s.where, err)
		case "42501":
			return errdex.Errorf(op, kind, "the PostgreSQL user lacks a privilege errdex needs at %s (it creates tables in its schema): %w", s.where, err)
		case "25006":
			return errdex.Errorf(op, kind, "PostgreSQL at %s is read-only (a standby?): point the URL at the primary: %w", s.where, err)
		case "22021", "22P05":
			return errdex.Errorf(op, kind, "a string PostgreSQL cannot store as text (NUL bytes or bytes that are not UTF-8): %w", err)
		}
		if kind == errdex.Unavailable {
			return errdex.Errorf(op, kind, "PostgreSQL at %s: %w (try again later)", s.where, err)
		}
		return errdex.E(op, kind, err)
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &ce) || errors.As(err, &ne) || pgconn.Timeout(err) || errors.Is(err, net.ErrClosed) || isConnLost(err) {
		return errdex.Errorf(op, errdex.Unavailable, "cannot reach PostgreSQL at %s: %w (is the server running, and the host and port right?)", s.where, err)
	}
	return nil
}

// isConnLost reports errors pgx returns when the connection broke in the
// middle of a query.
func isConnLost(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "unexpected EOF") ||
		strings.Contains(msg, "broken pipe") || strings.Contains(msg, "connection reset")
}
