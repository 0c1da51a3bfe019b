package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex/queue"
	"github.com/errdex/errdex/walk"
)

// enqueueCmd queues index jobs for `errdex worker` processes. It is a
// command of its own rather than `index --queue` because it shares none
// of index's work: it checks the paths, resolves revisions and inserts
// rows, and returns at once.
func (e *env) enqueueCmd() *cobra.Command {
	var job queue.IndexArgs
	cmd := &cobra.Command{
		Use:   "enqueue PATH...",
		Short: "Queue index jobs for errdex worker processes (PostgreSQL)",
		Long: `Enqueue adds a job per PATH to the job queue in the PostgreSQL database of
--db (or $ERRDEX_DB). Running ` + "`errdex worker`" + ` processes index each PATH, or with
--rev that revision of the git repository at PATH, and replace the
repository's snapshot, which every ` + "`errdex serve`" + ` replica then reloads.

PATH must be the same directory on the workers (a shared volume); it is
checked here, and --rev is resolved here to a commit ID. A job identical to
one still waiting or running is not added again: it is reported as already
queued.`,
		Args: args(1, -1),
		RunE: func(cmd *cobra.Command, paths []string) error {
			if job.Repo != "" && len(paths) > 1 {
				return usageError{errorf("enqueue: --repo names one repository, but %d paths were given", len(paths))}
			}
			ctx := cmd.Context()
			st, err := e.openPostgres(ctx, "enqueue")
			if err != nil {
				return err
			}
			defer st.Close()
			q, err := queue.Open(ctx, st)
			if err != nil {
				return err
			}
			for _, p := range paths {
				a := job
				a.Path = p
				res, err := q.Enqueue(ctx, a)
				if err != nil {
					return err
				}
				what := res.Args.Path
				if res.Args.Rev != "" {
					what += " at " + res.Args.Rev[:min(12, len(res.Args.Rev))]
				}
				if res.Args.Repo != "" {
					what += " as " + res.Args.Repo
				}
				if res.Duplicate {
					fmt.Fprintf(e.stdout, "already queued: job %d indexes %s\n", res.ID, what)
				} else {
					fmt.Fprintf(e.stdout, "queued job %d: index %s\n", res.ID, what)
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&job.Rev, "rev", "", "index this git revision (branch, tag, commit) instead of the files on disk")
	f.StringVar(&job.Repo, "repo", "", `repository name (default: from the git remote, else the directory name)`)
	f.BoolVar(&job.IncludeTests, "include-tests", false, "index test files and directories too")
	f.BoolVar(&job.SkipGenerated, "skip-generated", false, "skip generated files (\"Code generated ... DO NOT EDIT.\" and the like)")
	f.BoolVar(&job.SkipMinified, "skip-minified", false, "skip minified files (\"x.min.js\", or lines too long to be hand-written)")
	f.Int64Var(&job.MaxFileSize, "max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	f.StringSliceVar(&job.Exclude, "exclude", nil, "gitignore-style pattern of paths to skip (repeatable)")
	return cmd
}
