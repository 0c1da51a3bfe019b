package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex/queue"
)

func (e *env) workerCmd() *cobra.Command {
	var (
		cfg      queue.Config
		shutdown time.Duration
		verbose  bool
	)
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Run queued index jobs (PostgreSQL)",
		Long: `Worker runs the index jobs that ` + "`errdex enqueue`" + ` queued in the PostgreSQL
database of --db (or $ERRDEX_DB), --concurrency at a time, until stopped. Any
number of workers may run, on any machines that see the jobs' paths; each
job replaces one repository's snapshot in one transaction.

A failed job is retried with growing delays (5 attempts in all) and its
errors are kept with the job; a job whose input is invalid (a bad revision)
is cancelled. SIGINT or SIGTERM stop the worker: it takes no new job and
gives the jobs in flight --shutdown-timeout to finish, then cancels them,
which leaves their repositories' previous snapshots whole and puts the
jobs back in the queue for another worker.`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, err := e.openPostgres(ctx, "worker")
			if err != nil {
				return err
			}
			defer st.Close()
			cfg.Logger = slog.New(slog.NewTextHandler(e.stderr, nil))
			if verbose {
				cfg.RiverLogger = cfg.Logger
			}
			w, err := queue.NewWorker(ctx, st, cfg)
			if err != nil {
				return err
			}
			if err := w.Start(ctx); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "errdex: worker running index jobs from %s (%d at a time); Ctrl+C stops\n", st.Where(), max(cfg.Concurrency, 1))
			<-ctx.Done()
			fmt.Fprintf(e.stdout, "errdex: stopping; jobs in flight get %s to finish\n", shutdown)
			sctx, cancel := context.WithTimeout(context.Background(), shutdown)
			defer cancel()
			return w.Stop(sctx)
		},
	}
	f := cmd.Flags()
	f.IntVar(&cfg.Concurrency, "concurrency", 1, "jobs run at once (each uses all CPUs, shared)")
	f.DurationVar(&cfg.JobTimeout, "job-timeout", queue.DefaultJobTimeout, "time limit of one job (then it is retried)")
	f.DurationVar(&shutdown, "shutdown-timeout", time.Minute, "time given to jobs in flight when stopping, before they are canceled and re-queued")
	f.BoolVarP(&verbose, "verbose", "v", false, "log River's own messages too")
	return cmd
}
