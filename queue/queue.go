// Package queue runs indexing as jobs on a PostgreSQL-backed queue, with
// River (github.com/riverqueue/river): `errdex enqueue` inserts jobs,
// any number of `errdex worker` processes run them, and each job replaces
// one repository's snapshot in the store (store/postgres) that shares the
// queue's database. It is the only package that imports River.
//
// # Jobs
//
// An index job (IndexArgs, kind "errdex_index", queue "index") indexes a
// directory on the workers' file system, or a git revision of a local
// repository (no network access: a repository is fetched by whoever
// prepares the directory). Enqueue resolves a revision to its commit ID,
// so a job means the same tree whenever it runs.
//
// Jobs are unique by their arguments while unfinished (available,
// scheduled, running, retryable or pending): enqueueing the same path,
// repository, revision and options again collapses into the job already
// waiting, and is reported as a duplicate. Once a job has finished, the
// same arguments make a new job (a work tree may have changed since).
//
// # Failures
//
// A job whose error is errdex.Invalid (a bad revision name, a path that is
// not a directory) is cancelled at once: trying again would fail the same
// way. Any other error (a missing path, an unreachable database) is
// retried with River's backoff (about attempt⁴ seconds), up to MaxAttempts
// attempts, then discarded; River records each attempt's error with the
// job (river_job.errors). A job that runs past Config.JobTimeout is
// canceled and retried the same way.
//
// # Shutdown
//
// Worker.Stop stops fetching jobs and waits for the jobs in flight to
// finish; when its context ends first, it cancels them. A job canceled so
// rolls its snapshot transaction back (the previous snapshot stays whole)
// and goes back to the queue at once without using an attempt (River's
// "interrupted"), for the next worker. A worker killed outright leaves
// its jobs running in the table until River rescues them, after
// JobTimeout plus RescueMargin.
package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/gitsrc"
	"github.com/errdex/errdex/store/postgres"
)

// QueueName is the River queue of index jobs.
const QueueName = "index"

// MaxAttempts is how many times an index job runs before it is discarded.
const MaxAttempts = 5

// IndexArgs are the arguments of an index job, stored as JSON in the job's
// row. Every field takes part in the job's uniqueness.
type IndexArgs struct {
	// Path is the absolute path of the directory (or git repository) on
	// the workers' file system.
	Path string `json:"path" river:"unique"`
	// Repo names the repository (default: from the git remote, else the
	// directory's name).
	Repo string `json:"repo,omitempty" river:"unique"`
	// Rev is the commit to index, resolved when the job was enqueued;
	// empty for the files on disk.
	Rev string `json:"rev,omitempty" river:"unique"`
	// IncludeTests, SkipGenerated, SkipMinified, Exclude and MaxFileSize
	// are index.Options.Walk's.
	IncludeTests  bool     `json:"include_tests,omitempty" river:"unique"`
	SkipGenerated bool     `json:"skip_generated,omitempty" river:"unique"`
	SkipMinified  bool     `json:"skip_minified,omitempty" river:"unique"`
	Exclude       []string `json:"exclude,omitempty" river:"unique"`
	MaxFileSize   int64    `json:"max_file_size,omitempty" river:"unique"`
}

// Kind is the job kind River stores with each job.
func (IndexArgs) Kind() string { return "errdex_index" }

// unfinished are the job states in which an identical job is a duplicate.
var unfinished = []rivertype.JobState{
	rivertype.JobStateAvailable,
	rivertype.JobStatePending,
	rivertype.JobStateRetryable,
	rivertype.JobStateRunning,
	rivertype.JobStateScheduled,
}

// InsertOpts gives index jobs their queue, attempts and uniqueness.
func (IndexArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueName,
		MaxAttempts: MaxAttempts,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: unfinished},
	}
}

// Queue inserts jobs into the River tables of a store's database.
type Queue struct {
	st     *postgres.Store
	client *river.Client[pgx.Tx]
}

// Open makes sure River's tables exist in the store's schema (migrating
// them under an advisory lock, so that processes starting together do it
// once) and returns a Queue that inserts jobs there.
func Open(ctx context.Context, st *postgres.Store) (*Queue, error) {
	if err := migrate(ctx, st); err != nil {
		return nil, err
	}
	client, err := river.NewClient(riverpgxv5.New(st.Pool()), &river.Config{})
	if err != nil {
		return nil, errdex.E("queue.Open", errdex.Internal, err)
	}
	return &Queue{st: st, client: client}, nil
}

// migrate brings River's schema up to date.
func migrate(ctx context.Context, st *postgres.Store) error {
	const op = "queue.Open"
	m, err := rivermigrate.New(riverpgxv5.New(st.Pool()), &rivermigrate.Config{Logger: discardLogger()})
	if err != nil {
		return errdex.E(op, errdex.Internal, err)
	}
	conn, err := st.Pool().Acquire(ctx)
	if err != nil {
		return classify(ctx, op, st, err)
	}
	defer conn.Release()
	// A session lock on a connection of its own: River's migrator works
	// on other connections of the pool, some statements outside a
	// transaction.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext(current_schema()))`, lockRiverMigrate); err != nil {
		return classify(ctx, op, st, err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, hashtext(current_schema()))`, lockRiverMigrate)
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return classify(ctx, op, st, fmt.Errorf("creating River's tables: %w", err))
	}
	return nil
}

// lockRiverMigrate is the advisory lock key (beside the schema's hash) of
// River's migrations.
const lockRiverMigrate int32 = 0x72697672 // "rivr"

// classify gives err the kind a caller can act on, the database named.
func classify(ctx context.Context, op string, st *postgres.Store, err error) error {
	return st.Classify(ctx, op, err)
}

// discardLogger is River's logger where nothing is worth logging.
func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// Enqueued is what Enqueue did.
type Enqueued struct {
	// ID is the job's ID in river_job.
	ID int64
	// Duplicate is true when an identical unfinished job was already
	// queued; ID is then that job's.
	Duplicate bool
	// Args are the job's arguments as stored (absolute path, commit ID).
	Args IndexArgs
}

// Enqueue queues a job that indexes args.Path (and, with args.Rev, that
// revision of the git repository there, resolved to its commit now). The
// path must exist here, as it must on the workers. A bad path or revision
// is an errdex.Invalid or errdex.NotFound error, and queues nothing.
func (q *Queue) Enqueue(ctx context.Context, args IndexArgs) (*Enqueued, error) {
	const op = "queue.Enqueue"
	abs, err := filepath.Abs(args.Path)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, errdex.Errorf(op, errdex.NotFound, "%s does not exist (the path must exist here and on the workers)", abs)
	case err != nil:
		return nil, errdex.E(op, errdex.Invalid, err)
	case !fi.IsDir():
		return nil, errdex.Errorf(op, errdex.Invalid, "%s is not a directory", abs)
	}
	args.Path = abs
	if args.Rev != "" {
		repo, err := gitsrc.Open(ctx, abs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		c, err := repo.Resolve(ctx, args.Rev)
		if err != nil {
			return nil, fmt.Errorf("%s: %s at %s: %w", op, abs, args.Rev, err)
		}
		args.Rev = c.ID
	}
	res, err := q.client.Insert(ctx, args, nil)
	if err != nil {
		return nil, classify(ctx, op, q.st, err)
	}
	return &Enqueued{ID: res.Job.ID, Duplicate: res.UniqueSkippedAsDuplicate, Args: args}, nil
}

// Job returns a job's row: its state, attempts, errors and output.
func (q *Queue) Job(ctx context.Context, id int64) (*rivertype.JobRow, error) {
	row, err := q.client.JobGet(ctx, id)
	if errors.Is(err, river.ErrNotFound) {
		return nil, errdex.Errorf("queue.Job", errdex.NotFound, "no job %d in the queue", id)
	}
	if err != nil {
		return nil, classify(ctx, "queue.Job", q.st, err)
	}
	return row, nil
}
