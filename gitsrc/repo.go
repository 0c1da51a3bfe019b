package gitsrc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/errdex/errdex"
)

// Reasons recorded for tree entries that Files does not yield.
const (
	ReasonSymlink   = "symlink"   // a symbolic link: its target is indexed under its own path, if in the tree
	ReasonSubmodule = "submodule" // a submodule: another repository, at a commit this one only names
	ReasonBadName   = "bad-name"  // a tree entry name git itself would refuse to check out
	ReasonTooDeep   = "too-deep"  // a directory nested deeper than any real repository needs
)

// Repo is an open git repository, with or without a work tree, from which
// any revision can be read without checking it out.
//
// A Repo is safe for concurrent use: go-git's object storage is not, so
// every object read holds a lock; callers parallelise the work they do
// with the bytes, not the reading.
type Repo struct {
	mu   sync.Mutex
	repo *git.Repository
	dir  string
}

// Open opens the repository at dir: a work tree (dir may be any directory
// inside it), a linked worktree or submodule (".git" file), a ".git"
// directory or a bare repository. The error wraps ErrNotRepository when dir
// is none of these.
func Open(ctx context.Context, dir string) (*Repo, error) {
	const op = "gitsrc.Open"
	if err := ctx.Err(); err != nil {
		return nil, errdex.E(op, errdex.Canceled, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	if !isRepositoryDir(abs) {
		// A work tree, or a directory inside one.
		loc, err := Discover(abs)
		if err != nil {
			return nil, errdex.E(op, errdex.NotFound, err)
		}
		r, err := openAt(loc)
		if err != nil {
			return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("open git repository at %s: %w", loc.WorkTree, err))
		}
		return &Repo{repo: r, dir: loc.WorkTree}, nil
	}
	// A bare repository or a .git directory named directly. This is
	// checked first, so that a bare repository kept inside some work tree
	// is not mistaken for that work tree.
	r, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{EnableDotGitCommonDir: true})
	if err != nil {
		if errors.Is(err, git.ErrRepositoryNotExists) {
			return nil, errdex.E(op, errdex.NotFound, fmt.Errorf("%s: %w", dir, ErrNotRepository))
		}
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("open git repository at %s: %w", dir, err))
	}
	return &Repo{repo: r, dir: abs}, nil
}

// isRepositoryDir reports whether dir is itself a repository directory (a
// bare repository or a .git directory): HEAD, objects and refs.
func isRepositoryDir(dir string) bool {
	if !looksLikeGitDir(dir) {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// Dir is the directory the repository was opened at: the work tree root,
// or the repository directory when it is bare.
func (r *Repo) Dir() string { return r.dir }

// Commit is a resolved revision.
type Commit struct {
	ID   string    // full commit id
	Date time.Time // committer date
	// Rev is the revision as the caller wrote it ("v1.2", "HEAD~2").
	Rev  string
	tree plumbing.Hash
}

// ErrBadRevision reports a revision that does not name a commit.
var ErrBadRevision = errors.New("unknown revision")

// Resolve turns a revision into a commit: a branch, a tag (annotated tags
// are peeled), a full or abbreviated commit id, HEAD, and the suffixes ~N
// and ^N. An unknown revision gives an error of kind errdex.NotFound
// wrapping ErrBadRevision.
func (r *Repo) Resolve(ctx context.Context, rev string) (c *Commit, err error) {
	const op = "gitsrc.Resolve"
	if err := ctx.Err(); err != nil {
		return nil, errdex.E(op, errdex.Canceled, err)
	}
	if rev == "" {
		rev = "HEAD"
	}
	if strings.ContainsAny(rev, ": \t\n\x00") {
		// "rev:path" names a file, not a commit, and no ref name holds
		// these characters.
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("revision %q does not name a commit: %w", rev, ErrBadRevision))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	defer func() {
		// go-git's revision walk dereferences a nil commit on some
		// malformed revisions; report that as a bad revision.
		if p := recover(); p != nil {
			c, err = nil, errdex.E(op, errdex.Invalid, fmt.Errorf("revision %q: %w", rev, ErrBadRevision))
		}
	}()
	h, err := r.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return nil, errdex.E(op, errdex.NotFound, fmt.Errorf("revision %q in %s: %w (%v)", rev, r.dir, ErrBadRevision, err))
	}
	commit, err := r.repo.CommitObject(*h)
	if err != nil {
		return nil, errdex.E(op, errdex.NotFound, fmt.Errorf("revision %q in %s is %s, which is not a commit: %w", rev, r.dir, h, ErrBadRevision))
	}
	return &Commit{ID: commit.Hash.String(), Date: commitDate(commit), Rev: rev, tree: commit.TreeHash}, nil
}

// File is a regular file in a commit's tree.
type File struct {
	// Path is relative to the directory Files was asked for (the tree root
	// by default), with forward slashes.
	Path       string
	Executable bool
	repo       *Repo
	blob       plumbing.Hash
}

// Size reads the file's size from the object store. It is a method, not a
// field, because finding it costs an object lookup that callers skipping
// the file by its name (images, data) need not pay.
func (f File) Size() (int64, error) { return f.repo.blobSize(f.blob) }

// Read returns the file's content. It may be called from any goroutine.
func (f File) Read() ([]byte, error) { return f.repo.readBlob(f.blob, -1) }

// Head returns at most the first n bytes of the file.
func (f File) Head(n int) ([]byte, error) { return f.repo.readBlob(f.blob, n) }

// ID is the blob's object id: equal ids mean equal content.
func (f File) ID() string { return f.blob.String() }

func (r *Repo) readBlob(h plumbing.Hash, n int) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	blob, err := r.repo.BlobObject(h)
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	rc, err := blob.Reader()
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	defer rc.Close()
	size := blob.Size
	if n >= 0 && int64(n) < size {
		size = int64(n)
	}
	buf := make([]byte, size)
	if _, err := io.ReadFull(rc, buf); err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	return buf, nil
}

// FilesOptions narrow Files.
type FilesOptions struct {
	// Dir restricts the walk to a subdirectory of the tree ("Lib"); paths
	// are then relative to it.
	Dir string
	// SkipDir, when set, is asked about every directory (path relative to
	// Dir) before it is read. A non-empty reason prunes the directory and
	// records it as skipped, with its path ending in "/".
	SkipDir func(path string) (reason, detail string)
}

// maxTreeDepth bounds the nesting of trees Files descends into; a deeper
// tree is recorded as skipped. Real repositories stay far below it.
const maxTreeDepth = 256

// Files calls fn for every regular file of the commit's tree, in tree order
// (directories depth first, entries sorted by name), and returns the
// entries it passed over: symbolic links, submodules, entries with names
// git refuses, and directories SkipDir pruned. It stops at the first error
// from fn and returns it.
func (r *Repo) Files(ctx context.Context, c *Commit, opts FilesOptions, fn func(File) error) ([]errdex.SkippedFile, error) {
	const op = "gitsrc.Files"
	root, err := r.tree(c.tree)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, fmt.Errorf("read tree of %s: %w", c.ID, err))
	}
	if d := strings.Trim(opts.Dir, "/"); d != "" && d != "." {
		r.mu.Lock()
		sub, err := root.Tree(d)
		r.mu.Unlock()
		if err != nil {
			return nil, errdex.E(op, errdex.NotFound, fmt.Errorf("directory %q in commit %s: %w", d, c.ID, err))
		}
		root = sub
	}
	w := treeWalk{r: r, opts: opts, fn: fn}
	if err := w.walk(ctx, root, "", 0); err != nil {
		return w.skipped, err
	}
	return w.skipped, nil
}

func (r *Repo) tree(h plumbing.Hash) (*object.Tree, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.repo.TreeObject(h)
}

type treeWalk struct {
	r       *Repo
	opts    FilesOptions
	fn      func(File) error
	skipped []errdex.SkippedFile
}

func (w *treeWalk) skip(p, reason, detail string) {
	w.skipped = append(w.skipped, errdex.SkippedFile{Path: p, Reason: reason, Detail: detail})
}

func (w *treeWalk) walk(ctx context.Context, t *object.Tree, dir string, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, e := range t.Entries {
		if !validName(e.Name) {
			w.skip(path.Join(dir, strings.ToValidUTF8(e.Name, "\uFFFD")), ReasonBadName, fmt.Sprintf("tree entry name %q is not a valid path element", e.Name))
			continue
		}
		p := path.Join(dir, e.Name)
		switch e.Mode {
		case filemode.Dir:
			if w.opts.SkipDir != nil {
				if reason, detail := w.opts.SkipDir(p); reason != "" {
					w.skip(p+"/", reason, detail)
					continue
				}
			}
			if depth+1 >= maxTreeDepth {
				w.skip(p+"/", ReasonTooDeep, fmt.Sprintf("directories nest deeper than %d levels", maxTreeDepth))
				continue
			}
			sub, err := w.r.tree(e.Hash)
			if err != nil {
				return fmt.Errorf("read tree %s (%s): %w", e.Hash, p, err)
			}
			if err := w.walk(ctx, sub, p, depth+1); err != nil {
				return err
			}
		case filemode.Regular, filemode.Deprecated, filemode.Executable:
			if err := w.fn(File{Path: p, Executable: e.Mode == filemode.Executable, repo: w.r, blob: e.Hash}); err != nil {
				return err
			}
		case filemode.Symlink:
			w.skip(p, ReasonSymlink, "symbolic link; a target inside the tree is indexed under its own path")
		case filemode.Submodule:
			w.skip(p+"/", ReasonSubmodule, "submodule at commit "+e.Hash.String()+"; index that repository separately")
		default:
			w.skip(p, ReasonBadName, fmt.Sprintf("tree entry with unknown mode %o", uint32(e.Mode)))
		}
	}
	return nil
}

// blobSize reads a blob's size from its header, without inflating it.
func (r *Repo) blobSize(h plumbing.Hash) (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	type sizer interface {
		EncodedObjectSize(plumbing.Hash) (int64, error)
	}
	if s, ok := r.repo.Storer.(sizer); ok {
		if n, err := s.EncodedObjectSize(h); err == nil {
			return n, nil
		}
	}
	obj, err := r.repo.Storer.EncodedObject(plumbing.BlobObject, h)
	if err != nil {
		return 0, fmt.Errorf("size of blob %s: %w", h, err)
	}
	return obj.Size(), nil
}

// validName rejects the tree entry names git refuses to check out: empty,
// ".", "..", ".git" in any case, and names holding "/" or NUL.
func validName(name string) bool {
	switch {
	case name == "", name == ".", name == "..", strings.EqualFold(name, ".git"):
		return false
	case strings.ContainsAny(name, "/\x00"):
		return false
	}
	return true
}
