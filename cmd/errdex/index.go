package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/walk"
)

func (e *env) indexCmd() *cobra.Command {
	var opts index.Options
	cmd := &cobra.Command{
		Use:   "index PATH",
		Short: "Index the error sites of a source tree into the database",
		Long: `Index walks PATH (a repository or any directory), finds every place that
raises or returns an error, and stores them as the repository's current
snapshot, replacing the previous one in one transaction.

The repository is named after its git remote ("owner/name") or, outside git,
after the directory; --repo overrides the name.`,
		Args: args(1, 1),
		RunE: func(cmd *cobra.Command, a []string) error {
			st, err := e.openStore(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			opts.Extractors = all.Extractors()
			if isTerminal(e.stderr) {
				opts.Progress = newBar(e.stderr)
			}
			res, err := index.Dir(cmd.Context(), st, a[0], opts)
			if err != nil {
				return err
			}
			writeSummary(e.stdout, res.Snapshot, e.dbDisplay())
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Rev, "rev", "", "index this git revision (branch, tag, commit) instead of the files on disk")
	f.StringVar(&opts.Repo, "repo", "", `repository name (default: from the git remote, else the directory name)`)
	f.StringVar(&opts.Upstream.URL, "upstream", "", "for a tree that is not a git checkout: the repository it is a copy of (e.g. https://github.com/python/cpython), for links to the source and the issue tracker")
	f.StringVar(&opts.Upstream.Rev, "upstream-rev", "", "with --upstream: the tag or commit the tree holds (e.g. v3.11.7)")
	f.StringVar(&opts.Upstream.Dir, "upstream-dir", "", "with --upstream: the repository's directory the tree is (e.g. Lib)")
	f.BoolVar(&opts.Walk.IncludeTests, "include-tests", false, "index test files and directories too")
	f.BoolVar(&opts.Walk.SkipGenerated, "skip-generated", false, "skip generated files (\"Code generated ... DO NOT EDIT.\" and the like)")
	f.BoolVar(&opts.Walk.SkipMinified, "skip-minified", false, "skip minified files (\"x.min.js\", or lines too long to be hand-written)")
	f.Int64Var(&opts.Walk.MaxFileSize, "max-file-size", 2<<20, "skip files larger than this many bytes")
	f.StringSliceVar(&opts.Walk.Exclude, "exclude", nil, "gitignore-style pattern of paths to skip (repeatable)")
	f.IntVar(&opts.Workers, "workers", 0, "files processed at once (default: number of CPUs)")
	f.DurationVar(&opts.ParseTimeout, "parse-timeout", 10*time.Second, "time limit for parsing one file")
	return cmd
}

// writeSummary prints what an indexing run saw and produced.
func writeSummary(w io.Writer, snap *errdex.Snapshot, db string) {
	s := snap.Stats
	rev := "working tree (not a git repository)"
	if snap.Rev != "" {
		rev = snap.ShortRev()
		if !snap.RevDate.IsZero() {
			rev += " (" + snap.RevDate.Format("2006-01-02") + ")"
		}
		if snap.Tag != "" && snap.Tag != snap.Rev {
			rev += " " + snap.Tag
		}
	}
	secs := s.Duration.Seconds()
	fmt.Fprintf(w, "Indexed %s at %s into %s\n", snap.Repo, rev, db)
	files := fmt.Sprintf("%d seen, %d parsed, %d skipped", s.FilesSeen, s.FilesParsed, sum(s.SkippedByReason)-s.DirsSkipped)
	if s.DirsSkipped > 0 {
		files += fmt.Sprintf(" (and %d directories skipped whole)", s.DirsSkipped)
	}
	fmt.Fprintf(w, "  files   %s\n", files)
	if len(s.SkippedByReason) > 0 {
		fmt.Fprintf(w, "  skipped %s\n", breakdown(s.SkippedByReason))
	}
	if n := s.SkippedByReason[walk.ReasonTooLarge]; n > 0 {
		fmt.Fprintf(w, "  too large %d files, over --max-file-size (raise it to index them):\n", n)
		writeSkipped(w, snap.Skipped, walk.ReasonTooLarge, 3)
	}
	if s.FilesMinified > 0 {
		fmt.Fprintf(w, "  minified %d files indexed (their lines are too long to be hand-written; --skip-minified leaves them out)\n", s.FilesMinified)
	}
	if s.FilesPartial > 0 {
		fmt.Fprintf(w, "  partial %d files with syntax errors, indexed in part:\n", s.FilesPartial)
		writeSkipped(w, snap.Skipped, errdex.ReasonPartial, 3)
	}
	fmt.Fprintf(w, "  sites   %d: %s\n", s.Sites, breakdown(s.SitesByKind))
	if len(s.SitesByLanguage) > 1 {
		fmt.Fprintf(w, "  by language %s\n", breakdown(s.SitesByLanguage))
	}
	mbps := 0.0
	if secs > 0 {
		mbps = float64(s.Bytes) / 1e6 / secs
	}
	fmt.Fprintf(w, "  speed   %.1f MB in %.2fs (%.1f MB/s)\n", float64(s.Bytes)/1e6, secs, mbps)
}

// writeSkipped lists the first max files skipped for reason, one a line.
func writeSkipped(w io.Writer, skipped []errdex.SkippedFile, reason string, max int) {
	n := 0
	for _, f := range skipped {
		if f.Reason != reason {
			continue
		}
		if n++; n > max {
			continue
		}
		fmt.Fprintf(w, "          %s: %s\n", f.Path, f.Detail)
	}
	if n > max {
		fmt.Fprintf(w, "          and %d more\n", n-max)
	}
}

func sum[K comparable](m map[K]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// breakdown renders counts as "a 3, b 2", largest first.
func breakdown[K ~string](m map[K]int) string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b K) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(string(a), string(b))
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// bar shows indexing progress on a terminal: bytes processed out of bytes
// found so far (the total grows while the walk runs).
type bar struct {
	w     io.Writer
	mu    sync.Mutex
	total int64
	bar   *progressbar.ProgressBar
}

func newBar(w io.Writer) *bar {
	return &bar{w: w, bar: progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("indexing"),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionFullWidth(),
	)}
}

func (b *bar) Found(bytes int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total += bytes
	b.bar.ChangeMax64(b.total)
}

func (b *bar) File(_ string, bytes int64, _ int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Add64(bytes)
}

func (b *bar) Done() { _ = b.bar.Finish() }
