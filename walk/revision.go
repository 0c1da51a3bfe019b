package walk

import (
	"context"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/gitsrc"
)

// Revision calls fn for every file of a commit that passes the rules, the
// way Walk does for a directory, reading from the repository's object
// store without checking anything out. dir restricts it to a subdirectory
// of the tree ("" for all); paths are relative to it.
//
// Every committed file is considered: .gitignore does not apply (git
// tracks a committed file even when a pattern matches it), Options.Exclude
// does. Symbolic links and submodules are skipped with a reason. Files are
// read while they are classified, so File.Read returns bytes already in
// memory: go-git reads objects one at a time, and this keeps that reading
// on the walking goroutine.
//
// Errors are as for Walk; a repository whose objects cannot be read fails
// the walk.
func Revision(ctx context.Context, repo *gitsrc.Repo, commit *gitsrc.Commit, dir string, opts Options, fn func(File) error) (*Summary, error) {
	const op = "walk.Revision"
	c, err := NewClassifier(opts)
	if err != nil {
		return nil, err
	}
	sum := newSummary(repo.Dir())
	limit := opts.maxSize()
	skipped, err := repo.Files(ctx, commit, gitsrc.FilesOptions{
		Dir: dir,
		SkipDir: func(p string) (string, string) {
			v := c.Dir(p)
			return v.Reason, v.Detail
		},
	}, func(gf gitsrc.File) error {
		sum.FilesSeen++
		elems := strings.Split(gf.Path, "/")
		v := c.file(elems) // the name first: most skipped files need no lookup
		if v.Skip() {
			sum.record(gf.Path, v)
			return nil
		}
		size, err := gf.Size()
		if err != nil {
			return err
		}
		if v = c.size(v, size); v.Skip() {
			sum.record(gf.Path, v)
			return nil
		}
		data, err := gf.Read()
		if err != nil {
			sum.record(gf.Path, skip(ReasonUnreadable, "%v", err))
			return nil
		}
		head := data[:min(len(data), HeadSize)]
		v = c.content(gf.Path, v, head)
		if v.Skip() {
			sum.record(gf.Path, v)
			return nil
		}
		sum.FilesYielded++
		sum.BytesYielded += size
		if err := ctx.Err(); err != nil {
			return err
		}
		if v.Minified {
			sum.FilesMinified++
		}
		return fn(File{Path: gf.Path, Language: v.Language, Size: size, Minified: v.Minified, data: data, limit: limit})
	})
	// Merge gitsrc's skips (links, submodules, pruned directories) in.
	for _, s := range skipped {
		if !strings.HasSuffix(s.Path, "/") {
			sum.FilesSeen++ // a link or a badly named file, as Walk counts them
		}
		sum.record(s.Path, Verdict{Reason: s.Reason, Detail: s.Detail})
	}
	if err != nil {
		if ctx.Err() != nil {
			return sum, errdex.E(op, errdex.Canceled, err)
		}
		return sum, err
	}
	return sum, nil
}
