package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/store/postgres"
	"github.com/errdex/errdex/walk"
)

// Defaults of Config.
const (
	// DefaultJobTimeout bounds one index job: indexing a very large
	// repository takes minutes, not hours.
	DefaultJobTimeout = time.Hour
	// RescueMargin is added to the job timeout to decide that a job
	// still marked running belongs to a worker that died, and to retry it.
	RescueMargin = 15 * time.Minute
)

// Config configures a Worker. The zero value of each field selects its
// default.
type Config struct {
	// Store receives the snapshots (default: the store the worker was
	// created on).
	Store errdex.Store
	// Concurrency is the number of jobs run at once (default 1). Each job
	// uses every CPU for extraction, divided among the jobs.
	Concurrency int
	// JobTimeout bounds one job (default DefaultJobTimeout).
	JobTimeout time.Duration
	// PollInterval is how often the worker looks for jobs when no
	// notification told it of one (default River's, 1 s).
	PollInterval time.Duration
	// RetryDelay is the wait before the next attempt of a failed job
	// (default River's: about attempt⁴ seconds, with jitter).
	RetryDelay func(attempt int) time.Duration
	// Extractors run on each file (default extract/all's).
	Extractors []*extract.Extractor
	// Logger receives a line per finished or failed job (default:
	// discard).
	Logger *slog.Logger
	// RiverLogger receives River's own logs: start, stop, leadership,
	// maintenance (default: discard).
	RiverLogger *slog.Logger

	testOnly bool // River's TestOnly: no jittered start-up of maintenance
}

// Worker runs index jobs from the queue until stopped.
type Worker struct {
	client *river.Client[pgx.Tx]
}

// NewWorker makes sure River's tables exist in the store's database and
// returns a Worker that indexes into cfg.Store (default st). Start it with
// Start.
func NewWorker(ctx context.Context, st *postgres.Store, cfg Config) (*Worker, error) {
	const op = "queue.NewWorker"
	if cfg.Concurrency < 0 || cfg.JobTimeout < 0 || cfg.PollInterval < 0 {
		return nil, errdex.Errorf(op, errdex.Invalid, "negative concurrency, job timeout or poll interval")
	}
	if err := migrate(ctx, st); err != nil {
		return nil, err
	}
	if cfg.Store == nil {
		cfg.Store = st
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 1
	}
	if cfg.JobTimeout == 0 {
		cfg.JobTimeout = DefaultJobTimeout
	}
	if cfg.Extractors == nil {
		cfg.Extractors = all.Extractors()
	}
	if cfg.Logger == nil {
		cfg.Logger = discardLogger()
	}
	if cfg.RiverLogger == nil {
		cfg.RiverLogger = discardLogger()
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &indexWorker{
		store:      cfg.Store,
		extractors: cfg.Extractors,
		threads:    max(1, runtime.GOMAXPROCS(0)/cfg.Concurrency),
		log:        cfg.Logger,
	})
	rc := &river.Config{
		Queues:               map[string]river.QueueConfig{QueueName: {MaxWorkers: cfg.Concurrency}},
		Workers:              workers,
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: cfg.JobTimeout + RescueMargin,
		FetchPollInterval:    cfg.PollInterval,
		Logger:               cfg.RiverLogger,
		TestOnly:             cfg.testOnly,
	}
	if cfg.PollInterval > 0 {
		rc.FetchCooldown = min(cfg.PollInterval, 100*time.Millisecond)
	}
	if cfg.RetryDelay != nil {
		rc.RetryPolicy = retryPolicy(cfg.RetryDelay)
	}
	client, err := river.NewClient(riverpgxv5.New(st.Pool()), rc)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	return &Worker{client: client}, nil
}

// retryPolicy adapts Config.RetryDelay to River.
type retryPolicy func(attempt int) time.Duration

func (p retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(p(job.Attempt))
}

// Start starts fetching and running jobs in the background, and returns.
// The worker runs until Stop, whatever becomes of ctx.
func (w *Worker) Start(ctx context.Context) error {
	if err := w.client.Start(context.WithoutCancel(ctx)); err != nil {
		return errdex.E("queue.Start", errdex.Unavailable, err)
	}
	return nil
}

// Stop stops fetching jobs and waits for the jobs in flight to finish.
// When ctx ends first, it cancels them: their snapshot transactions roll
// back and River puts them back in the queue at once, without using an
// attempt; Stop then waits for them to return.
func (w *Worker) Stop(ctx context.Context) error {
	err := w.client.Stop(ctx)
	if err == nil || ctx.Err() == nil {
		return err
	}
	// Jobs return soon after their context is canceled: they check it
	// between files and during the snapshot's write.
	if err := w.client.StopAndCancel(context.Background()); err != nil {
		return errdex.E("queue.Stop", errdex.Internal, err)
	}
	return nil
}

// Subscribe returns a channel of the worker's job events (completed,
// failed, cancelled, interrupted...) and a function that ends the
// subscription. Events are those of this worker's own jobs.
func (w *Worker) Subscribe(kinds ...river.EventKind) (<-chan *river.Event, func()) {
	return w.client.Subscribe(kinds...)
}

// Output is what a completed index job records with its row (JobRow's
// Output, as JSON).
type Output struct {
	Repo     string        `json:"repo"`
	Rev      string        `json:"rev,omitempty"`
	Sites    int           `json:"sites"`
	Files    int           `json:"files"`
	Skipped  int           `json:"skipped"`
	Duration time.Duration `json:"duration_ns"`
}

// indexWorker runs index jobs.
type indexWorker struct {
	river.WorkerDefaults[IndexArgs]
	store      errdex.Store
	extractors []*extract.Extractor
	threads    int
	log        *slog.Logger
}

// Work indexes the job's directory or revision into the store. Invalid
// input cancels the job (it would fail the same way again); other errors
// are returned for River to retry.
func (w *indexWorker) Work(ctx context.Context, job *river.Job[IndexArgs]) error {
	a := job.Args
	opts := index.Options{
		Repo:       a.Repo,
		Rev:        a.Rev,
		Extractors: w.extractors,
		Workers:    w.threads,
		Walk:       walk.Options{IncludeTests: a.IncludeTests, SkipGenerated: a.SkipGenerated, SkipMinified: a.SkipMinified, Exclude: a.Exclude, MaxFileSize: a.MaxFileSize},
	}
	res, err := index.Dir(ctx, w.store, a.Path, opts)
	if err != nil {
		if ctx.Err() != nil {
			// Shutting down (River then returns the job to the queue)
			// or past the job timeout (retried): either way the
			// context's error must be in the chain.
			if !errors.Is(err, ctx.Err()) {
				err = fmt.Errorf("%w: %w", ctx.Err(), err)
			}
			return err
		}
		if errdex.KindOf(err) == errdex.Invalid {
			w.log.Warn("index job cancelled: its input is invalid", "job", job.ID, "path", a.Path, "err", err)
			return river.JobCancel(err)
		}
		w.log.Warn("index job failed", "job", job.ID, "attempt", job.Attempt, "max_attempts", job.MaxAttempts, "path", a.Path, "err", err)
		return err
	}
	s := res.Snapshot
	out := Output{Repo: s.Repo, Rev: s.Rev, Sites: s.Stats.Sites, Files: s.Stats.FilesParsed, Skipped: len(s.Skipped), Duration: s.Stats.Duration}
	w.log.Info("indexed", "job", job.ID, "repo", s.Repo, "rev", s.ShortRev(), "sites", out.Sites, "files", out.Files, "duration", out.Duration.Round(time.Millisecond))
	return river.RecordOutput(ctx, out)
}
