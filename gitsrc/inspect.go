package gitsrc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/errdex/errdex"
)

// Info describes the git work tree around a directory: what errdex records
// in a Snapshot when it indexes that directory.
type Info struct {
	// Root is the work tree's root (absolute, symbolic links resolved).
	Root string
	// Prefix is the inspected directory relative to Root, with forward
	// slashes: "" when it is the root, "Lib" or "src/pkg" below it. Paths
	// of files found by walking the directory are relative to it; prepend
	// Prefix to make them relative to the repository.
	Prefix string

	// Commit is the full id of HEAD and Date its committer date (when it
	// landed on the branch). Both are zero in a repository without commits.
	Commit string
	Date   time.Time
	// Branch is the checked-out branch ("main"), "" on a detached HEAD.
	Branch string
	// Tag is the tag that points exactly at HEAD, if any (annotated tags
	// preferred, then the newest); Tags lists all of them, sorted.
	Tag  string
	Tags []string

	// RemoteName is "origin" when it exists, else the first remote in name
	// order; "" when the repository has none.
	RemoteName string
	// Remote is the remote's parsed first URL, credentials removed. Its
	// zero value means no usable remote.
	Remote Remote

	// Repo is the repository's default name for errdex: "owner/name" from
	// the remote, else the work tree directory's name.
	Repo string
	// URLTemplate links to a source line at Commit, with {path} and {line}
	// placeholders; {path} is relative to the inspected directory (Prefix
	// is already in the template). "" for unknown forges or without
	// commits.
	URLTemplate string
	// IssuesURL is the forge's issue tracker, or "".
	IssuesURL string
}

// Snapshot returns the snapshot fields Info knows: repo, revision, date,
// tag, remote URL and link templates.
func (in *Info) Snapshot() errdex.Snapshot {
	return errdex.Snapshot{
		Repo:        in.Repo,
		Rev:         in.Commit,
		RevDate:     in.Date,
		Tag:         in.Tag,
		Remote:      in.Remote.URL,
		URLTemplate: in.URLTemplate,
		IssuesURL:   in.IssuesURL,
	}
}

// Inspect reads the git metadata of the work tree containing dir: HEAD's
// commit, date and exact tag, the remote and what derives from it. No git
// binary is needed. When dir is not inside a work tree the error wraps
// ErrNotRepository and has kind errdex.NotFound; so it does when the work
// tree ignores dir (a Python installed under a checkout whose .gitignore
// lists it), because then dir is no part of that repository.
func Inspect(ctx context.Context, dir string) (*Info, error) {
	const op = "gitsrc.Inspect"
	loc, err := Discover(dir)
	if err != nil {
		if errors.Is(err, ErrNotRepository) {
			return nil, errdex.E(op, errdex.NotFound, err)
		}
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	info := &Info{Root: loc.WorkTree}
	if rel, err := filepath.Rel(loc.WorkTree, abs); err == nil && rel != "." {
		info.Prefix = filepath.ToSlash(rel)
		if _, ignored := loc.Rules(strings.Split(info.Prefix, "/")); ignored {
			return nil, errdex.E(op, errdex.NotFound, fmt.Errorf("%s is ignored by the git work tree at %s, so it is no part of that repository: %w", dir, loc.WorkTree, ErrNotRepository))
		}
	}
	repo, err := openAt(loc)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("open git repository at %s: %w", loc.WorkTree, err))
	}
	if err := ctx.Err(); err != nil {
		return nil, errdex.E(op, errdex.Canceled, err)
	}

	if name, remote, ok := pickRemote(repo); ok {
		info.RemoteName, info.Remote = name, remote
	}
	info.Repo = info.Remote.Repo()
	if info.Repo == "" {
		info.Repo = filepath.Base(loc.WorkTree)
	}
	info.IssuesURL = info.Remote.IssuesURL()

	head, err := repo.Head()
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
		return info, nil // no commits yet
	case err != nil:
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("read HEAD of %s: %w", loc.WorkTree, err))
	}
	if head.Name().IsBranch() {
		info.Branch = head.Name().Short()
	}
	commit, err := repo.CommitObject(head.Hash())
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("read HEAD commit %s of %s: %w", head.Hash(), loc.WorkTree, err))
	}
	info.Commit = commit.Hash.String()
	info.Date = commit.Committer.When
	info.Tag, info.Tags, err = tagsAt(ctx, repo, commit.Hash)
	if err != nil {
		return nil, errdex.E(op, errdex.KindOf(err), fmt.Errorf("read tags of %s: %w", loc.WorkTree, err))
	}
	info.URLTemplate = info.Remote.LinkTemplate(info.Commit, info.Prefix)
	return info, nil
}

// openAt opens the repository of a discovered work tree.
func openAt(loc Location) (*git.Repository, error) {
	return git.PlainOpenWithOptions(loc.WorkTree, &git.PlainOpenOptions{EnableDotGitCommonDir: true})
}

// pickRemote chooses "origin", else the first remote by name, and parses
// its first URL. Remotes whose URL does not parse are passed over.
func pickRemote(repo *git.Repository) (string, Remote, bool) {
	cfg, err := repo.Config()
	if err != nil {
		return "", Remote{}, false
	}
	names := make([]string, 0, len(cfg.Remotes))
	for name := range cfg.Remotes {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(-cmp.Compare(boolInt(a == "origin"), boolInt(b == "origin")), strings.Compare(a, b))
	})
	for _, name := range names {
		rc := cfg.Remotes[name]
		if rc == nil || len(rc.URLs) == 0 {
			continue
		}
		if r, err := ParseRemote(rc.URLs[0]); err == nil {
			return name, r, true
		}
	}
	return "", Remote{}, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tagsAt returns the tags that point at commit (through any chain of
// annotated tags) and the preferred one.
func tagsAt(ctx context.Context, repo *git.Repository, commit plumbing.Hash) (string, []string, error) {
	refs, err := repo.Tags()
	if err != nil {
		return "", nil, err
	}
	type found struct {
		name      string
		annotated bool
		when      time.Time
	}
	var tags []found
	err = refs.ForEach(func(ref *plumbing.Reference) error {
		if err := ctx.Err(); err != nil {
			return errdex.E("", errdex.Canceled, err)
		}
		if ref.Hash() == commit {
			tags = append(tags, found{name: ref.Name().Short()})
			return nil
		}
		h, when, ok := peelTag(repo, ref.Hash())
		if ok && h == commit {
			tags = append(tags, found{name: ref.Name().Short(), annotated: true, when: when})
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	if len(tags) == 0 {
		return "", nil, nil
	}
	best := slices.MinFunc(tags, func(a, b found) int {
		return cmp.Or(
			-cmp.Compare(boolInt(a.annotated), boolInt(b.annotated)),
			-a.when.Compare(b.when),
			strings.Compare(a.name, b.name))
	})
	names := make([]string, len(tags))
	for i, t := range tags {
		names[i] = t.name
	}
	slices.Sort(names)
	return best.name, names, nil
}

// peelTag follows annotated tag objects from h to the object they finally
// name, returning it and the first tagger date. ok is false when h is not
// a tag object.
func peelTag(repo *git.Repository, h plumbing.Hash) (plumbing.Hash, time.Time, bool) {
	var when time.Time
	for depth := 0; depth < 10; depth++ {
		tag, err := repo.TagObject(h)
		if err != nil {
			return h, when, depth > 0
		}
		if depth == 0 {
			when = tag.Tagger.When
		}
		if tag.TargetType != plumbing.TagObject {
			return tag.Target, when, true
		}
		h = tag.Target
	}
	return h, when, false
}

// commitDate is the committer date of a commit, the date errdex records.
func commitDate(c *object.Commit) time.Time { return c.Committer.When }
