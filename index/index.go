// Package index runs the indexing pipeline for one repository: walk the
// tree (or read a git revision), extract the sites of every file, run the
// repository-wide analyses, and replace the repository's snapshot in the
// store in one transaction.
//
// Walking and extraction overlap: the walker streams files to the
// extraction workers as it finds them, so no list of the whole tree (nor
// the small files' cached contents) is held at once.
package index

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/all"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/gitsrc"
	"github.com/errdex/errdex/walk"
)

// Options configure an indexing run.
type Options struct {
	// Repo names the repository, overriding the name derived from the git
	// remote ("owner/name") or the directory.
	Repo string
	// Rev, when set, indexes that git revision (branch, tag, commit,
	// HEAD~2) read from the repository's object store instead of the
	// files on disk.
	Rev string
	// Walk selects files (size limit, tests, exclusions).
	Walk walk.Options
	// Extractors to run; each handles one language.
	Extractors []*extract.Extractor
	// Workers and ParseTimeout are passed to extract.Run.
	Workers      int
	ParseTimeout time.Duration
	// Progress, when set, receives progress reports.
	Progress Progress
	// Upstream, when its URL is set, names the repository the tree is a
	// copy of; it replaces what git says, if anything.
	Upstream Upstream
}

// Upstream describes the repository a tree is a copy of, for a tree that
// is not a git checkout (an installed standard library, an unpacked
// release), so that pages link to the lines at the right revision and to
// the issue tracker.
type Upstream struct {
	// URL is the repository's web or clone URL
	// ("https://github.com/python/cpython").
	URL string
	// Rev is the tag or commit the tree holds ("v3.11.7").
	Rev string
	// Dir is the directory of the repository the tree is ("Lib"), "" for
	// its root.
	Dir string
}

// Progress receives progress reports: Found as the walker finds each file
// to index (so the total grows while the walk runs), File as each is
// processed, Done at the end. Found and File may be called from different
// goroutines, but each method from one goroutine at a time.
type Progress interface {
	Found(bytes int64)
	File(path string, bytes int64, sites int)
	Done()
}

// Result is what an indexing run produced and stored.
type Result struct {
	Snapshot *errdex.Snapshot
	Sites    []*errdex.Site
}

// Dir indexes the directory dir (or, with Options.Rev, a revision of the
// git repository at dir) and stores the result as the repository's current
// snapshot. When dir is inside a git work tree, the snapshot records the
// commit, its date, the remote and links to the forge.
func Dir(ctx context.Context, st errdex.Store, dir string, opts Options) (*Result, error) {
	const op = "index"
	start := time.Now()
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() && opts.Rev == "" {
		return nil, errdex.Errorf(op, errdex.Invalid, "%s is a file: index the directory of its repository (errdex index %s)", dir, filepath.Dir(dir))
	}
	snap := errdex.Snapshot{Repo: filepath.Base(abs)}
	info, err := gitsrc.Inspect(ctx, abs)
	switch {
	case err == nil:
		snap = info.Snapshot()
	case errdex.KindOf(err) == errdex.NotFound:
		// Not a git work tree: index the files as they are (or, with a
		// revision, read a bare repository).
	default:
		return nil, fmt.Errorf("%s %s: %w", op, dir, err)
	}
	// A root that is a Python package has its files stored under its
	// name (see isPackage), when links to its upstream files can still
	// be made (see packageParent).
	pkg, prefix := "", ""
	if opts.Rev == "" && isPackage(abs) {
		pkg = filepath.Base(abs)
		prefix = pkg + "/"
	}
	if pkg != "" && info != nil && info.URLTemplate != "" && opts.Upstream.URL == "" {
		if parent, ok := packageParent(info.Prefix, pkg); ok {
			snap.URLTemplate = info.Remote.LinkTemplate(info.Commit, parent)
		} else {
			prefix = ""
		}
	}
	if u := opts.Upstream; u.URL != "" {
		if pkg != "" {
			if parent, ok := packageParent(u.Dir, pkg); ok {
				u.Dir = parent
			} else {
				prefix = ""
			}
		}
		remote, err := gitsrc.ParseRemote(u.URL)
		if err != nil {
			return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("upstream %q: %w", u.URL, err))
		}
		if u.Rev == "" {
			return nil, errdex.Errorf(op, errdex.Invalid, "upstream %s: the revision the tree holds is required", u.URL)
		}
		link := remote.LinkTemplate(u.Rev, u.Dir)
		if link == "" {
			return nil, errdex.Errorf(op, errdex.Invalid, "upstream %q: not a repository URL of a known forge (GitHub, GitLab, Bitbucket, Gitea)", u.URL)
		}
		snap.Repo = cmp.Or(remote.Repo(), snap.Repo)
		snap.Remote, snap.Rev, snap.Tag, snap.RevDate = u.URL, u.Rev, u.Rev, time.Time{}
		snap.URLTemplate, snap.IssuesURL = link, remote.IssuesURL()
	}
	snap.Repo = cmp.Or(opts.Repo, snap.Repo)

	walkFn := func(ctx context.Context, fn func(walk.File) error) (*walk.Summary, error) {
		return walk.Walk(ctx, abs, opts.Walk, fn)
	}
	loadConfig := func() (*config.Config, error) { return config.Load(ctx, os.DirFS(abs)) }
	if opts.Rev != "" {
		repo, err := gitsrc.Open(ctx, abs)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", op, dir, err)
		}
		commit, err := repo.Resolve(ctx, opts.Rev)
		if err != nil {
			return nil, fmt.Errorf("%s %s at %s: %w", op, dir, opts.Rev, err)
		}
		snap.Rev, snap.RevDate, snap.Tag = commit.ID, commit.Date, ""
		if info != nil && info.Remote.URL != "" {
			snap.URLTemplate = info.Remote.LinkTemplate(commit.ID, info.Prefix)
		}
		walkFn = func(ctx context.Context, fn func(walk.File) error) (*walk.Summary, error) {
			sub := ""
			if info != nil {
				sub = info.Prefix
			}
			return walk.Revision(ctx, repo, commit, sub, opts.Walk, fn)
		}
		loadConfig = func() (*config.Config, error) {
			sub := ""
			if info != nil {
				sub = info.Prefix
			}
			return revisionConfig(ctx, repo, commit, sub)
		}
	}
	cfg, err := loadConfig()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", op, dir, err)
	}
	opts.Extractors = configure(opts.Extractors, cfg)
	if prefix != "" {
		walkFn = storeUnder(walkFn, prefix)
	}
	return run(ctx, st, &snap, walkFn, start, opts)
}

// isPackage reports whether directory dir is a Python package: it holds
// an __init__.py. Its modules import each other by absolute names that
// start with its own ("from click import types" in click/core.py), and
// tracebacks print its files under its name (".../site-packages/click/
// types.py"), so its files are stored under its directory name
// ("click/types.py", module click.types), not relative to it.
func isPackage(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "__init__.py"))
	return err == nil && fi.Mode().IsRegular()
}

// packageParent decides whether a package root's files can be stored
// under its name pkg when the repository the tree is a copy of has it at
// dir (Upstream.Dir, or the root's place in its git work tree), so that
// links to the upstream files stay right: dir must be the package's
// directory ("click", "src/click"), and links are then made from its
// parent, which it returns ("", "src"). When dir ends in another name, or
// names none (the repository's root is the package), the files stay
// relative to the root.
func packageParent(dir, pkg string) (string, bool) {
	dir = strings.Trim(dir, "/")
	if dir == pkg {
		return "", true
	}
	parent, ok := strings.CutSuffix(dir, "/"+pkg)
	return parent, ok
}

// storeUnder returns a walk that yields walkFiles' files, and reports the
// files it skipped, under directory prefix (ending in "/").
func storeUnder(walkFiles walkFunc, prefix string) walkFunc {
	return func(ctx context.Context, fn func(walk.File) error) (*walk.Summary, error) {
		sum, err := walkFiles(ctx, func(f walk.File) error {
			f.Path = prefix + f.Path
			return fn(f)
		})
		if sum != nil {
			for i := range sum.Skipped {
				sum.Skipped[i].Path = prefix + strings.TrimPrefix(sum.Skipped[i].Path, "./")
			}
		}
		return sum, err
	}
}

// configure adapts the extractors to a repository's .errdex.yaml, if any.
func configure(xs []*extract.Extractor, cfg *config.Config) []*extract.Extractor {
	if cfg == nil {
		return xs
	}
	out := make([]*extract.Extractor, len(xs))
	for i, x := range xs {
		out[i] = x
		if x.Configure != nil {
			out[i] = x.Configure(cfg)
		}
	}
	return out
}

// revisionConfig reads the .errdex.yaml at the top of dir in a commit.
func revisionConfig(ctx context.Context, repo *gitsrc.Repo, commit *gitsrc.Commit, dir string) (*config.Config, error) {
	var data []byte
	topOnly := func(string) (string, string) { return "not-read", "" }
	_, err := repo.Files(ctx, commit, gitsrc.FilesOptions{Dir: dir, SkipDir: topOnly}, func(f gitsrc.File) error {
		if f.Path != config.FileName {
			return nil
		}
		b, err := f.Read()
		data = b
		return err
	})
	if err != nil || data == nil {
		return nil, err
	}
	return config.Parse(data)
}

type walkFunc func(ctx context.Context, fn func(walk.File) error) (*walk.Summary, error)

func run(ctx context.Context, st errdex.Store, snap *errdex.Snapshot, walkFiles walkFunc, start time.Time, opts Options) (*Result, error) {
	walkCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if p := opts.Progress; p != nil {
		defer p.Done()
	}

	// The walker runs on its own goroutine and hands files over a channel;
	// extraction pulls them as an iterator. Canceling walkCtx stops the walker
	// if extraction ends early.
	files := make(chan walk.File, 64)
	var (
		sum     *walk.Summary
		walkErr error
		walked  = make(chan struct{})
	)
	go func() {
		defer close(walked)
		defer close(files)
		sum, walkErr = walkFiles(walkCtx, func(f walk.File) error {
			if p := opts.Progress; p != nil {
				p.Found(f.Size)
			}
			select {
			case files <- f:
				return nil
			case <-walkCtx.Done():
				return walkCtx.Err()
			}
		})
	}()
	inputs := iter.Seq[extract.Input](func(yield func(extract.Input) bool) {
		for f := range files {
			if !yield(extract.Input{Path: f.Path, Language: f.Language, Size: f.Size, Read: f.Read, Minified: f.Minified}) {
				return
			}
		}
	})
	xopts := extract.Options{
		Repo:         snap.Repo,
		Rev:          snap.Rev,
		Extractors:   opts.Extractors,
		Workers:      opts.Workers,
		ParseTimeout: opts.ParseTimeout,
	}
	if p := opts.Progress; p != nil {
		xopts.OnFile = func(in extract.Input, sites int) { p.File(in.Path, in.Size, sites) }
	}
	res, err := extract.Run(ctx, inputs, xopts)
	cancel()
	for range files {
		// Drain so the walker can finish after an early stop.
	}
	<-walked
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", snap.Repo, err)
	}
	if walkErr != nil {
		return nil, fmt.Errorf("index %s: %w", snap.Repo, walkErr)
	}
	if err := all.Run(ctx, res); err != nil {
		return nil, fmt.Errorf("index %s: %w", snap.Repo, err)
	}
	for _, s := range res.Sites {
		s.RevDate = snap.RevDate
	}

	snap.IndexedAt = time.Now().UTC()
	snap.Skipped = slices.Concat(sum.Skipped, res.Skipped, res.Partial)
	snap.Stats = stats(sum, res)
	snap.Stats.Duration = time.Since(start)
	if err := st.ReplaceSnapshot(ctx, snap, res.Sites); err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("index %s: store the snapshot: %w", snap.Repo, err)
	}
	return &Result{Snapshot: snap, Sites: res.Sites}, nil
}

func stats(sum *walk.Summary, res *extract.Result) errdex.IndexStats {
	s := errdex.IndexStats{
		FilesSeen:       sum.FilesSeen,
		FilesParsed:     res.FilesParsed,
		FilesFailed:     len(res.Skipped),
		FilesPartial:    len(res.Partial),
		DirsSkipped:     sum.DirsSkipped,
		FilesMinified:   sum.FilesMinified,
		Bytes:           res.Bytes,
		Sites:           len(res.Sites),
		SitesByKind:     map[errdex.SiteKind]int{},
		SitesByLanguage: map[string]int{},
		SkippedByReason: map[string]int{},
	}
	for reason, n := range sum.ByReason {
		s.SkippedByReason[reason] += n
	}
	for _, f := range res.Skipped {
		s.SkippedByReason[f.Reason]++
	}
	for _, site := range res.Sites {
		s.SitesByKind[site.Kind]++
		s.SitesByLanguage[site.Language]++
	}
	return s
}
