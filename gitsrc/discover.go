package gitsrc

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotRepository reports a directory that is not inside a git work tree
// (or, for Open, not a repository at all). Test for it with errors.Is.
var ErrNotRepository = errors.New("not inside a git repository")

// Location says where the git metadata of a work tree lives. It is found by
// reading the file system only, so it is cheap enough to call for every
// directory a walk enters.
type Location struct {
	// WorkTree is the absolute root of the work tree, symbolic links
	// resolved.
	WorkTree string
	// GitDir is the repository directory of this work tree: WorkTree/.git,
	// or the directory a ".git" file points to (linked worktrees,
	// submodules).
	GitDir string
	// CommonDir holds the objects, refs, config and info/exclude. It is
	// GitDir except in a linked worktree, where GitDir/commondir names it.
	CommonDir string
}

// ExcludeFile is the path of the repository's info/exclude file, whose
// patterns apply like a root .gitignore that is not committed.
func (l Location) ExcludeFile() string { return filepath.Join(l.CommonDir, "info", "exclude") }

// Discover finds the work tree that contains dir by looking for ".git" in
// dir and each parent, the way git does. It returns an error wrapping
// ErrNotRepository when there is none.
func Discover(dir string) (Location, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Location{}, fmt.Errorf("find git repository of %s: %w", dir, err)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	for d := abs; ; {
		if loc, ok := GitDirAt(d); ok {
			return loc, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return Location{}, fmt.Errorf("%s: %w", dir, ErrNotRepository)
		}
		d = parent
	}
}

// GitDirAt reports whether dir is the root of a work tree: it holds a
// ".git" directory that looks like a repository, or a ".git" file of the
// form "gitdir: PATH" pointing at one.
func GitDirAt(dir string) (Location, bool) {
	dotgit := filepath.Join(dir, ".git")
	fi, err := os.Lstat(dotgit)
	if err != nil {
		return Location{}, false
	}
	var gitDir string
	switch {
	case fi.IsDir():
		gitDir = dotgit
	case fi.Mode().IsRegular():
		b, err := readSmall(dotgit, 4096)
		if err != nil {
			return Location{}, false
		}
		line, _, _ := bytes.Cut(b, []byte("\n"))
		target, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
		if !ok {
			return Location{}, false
		}
		target = strings.TrimSpace(target)
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		gitDir = filepath.Clean(target)
	default:
		return Location{}, false
	}
	if !looksLikeGitDir(gitDir) {
		return Location{}, false
	}
	loc := Location{WorkTree: dir, GitDir: gitDir, CommonDir: gitDir}
	if b, err := readSmall(filepath.Join(gitDir, "commondir"), 4096); err == nil {
		common := strings.TrimSpace(string(b))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
		loc.CommonDir = filepath.Clean(common)
	}
	return loc, true
}

// looksLikeGitDir applies git's own test: a HEAD file and an objects
// directory (in the common directory for linked worktrees, so only HEAD is
// required here).
func looksLikeGitDir(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "HEAD"))
	return err == nil && fi.Mode().IsRegular()
}

// readSmall reads a regular file of at most limit bytes.
func readSmall(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: path, Err: errors.New("not a regular file")}
	}
	if fi.Size() > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: errors.New("file too large")}
	}
	return os.ReadFile(path)
}

// Rules loads the ignore rules that apply to the directory prefix (path
// elements relative to WorkTree): the repository's info/exclude and the
// .gitignore files of WorkTree and of each directory above prefix. The
// .gitignore of prefix itself is left to the caller, who walks it.
//
// ignored reports that prefix, or a directory above it, is itself ignored:
// its files are not part of the repository (a Python installed under a
// checkout that ignores it), so its git metadata does not describe them.
func (l Location) Rules(prefix []string) (rules *Ignore, ignored bool) {
	if b, err := readSmall(l.ExcludeFile(), maxIgnoreFile); err == nil {
		rules = rules.With(nil, b)
	}
	dir := l.WorkTree
	for i := range prefix {
		if b, err := readSmall(filepath.Join(dir, ".gitignore"), maxIgnoreFile); err == nil {
			rules = rules.With(prefix[:i], b)
		}
		if rules.Match(prefix[:i+1], true) {
			return nil, true
		}
		dir = filepath.Join(dir, prefix[i])
	}
	return rules, false
}

// maxIgnoreFile bounds the size of an ignore file read; larger ones are
// not honoured.
const maxIgnoreFile = 1 << 20
