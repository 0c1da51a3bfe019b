// Package walk finds the source files of a repository that errdex indexes,
// and says why it passes over the others.
//
// Walk traverses a directory; Revision reads a commit of a git repository
// without checking it out. Both stream files to a callback as they find
// them, so that parsing overlaps walking, and both apply the same
// Classifier: vendored, test, binary and oversized files are skipped, each
// with a stable reason word (the Reason constants) and a detail for a
// person (generated and minified files on request), and the language is
// detected from the file name, a "#!" line, or a ".h" header's content
// (DetectLanguage). A minified file is yielded marked (File.Minified): npm
// packages often ship nothing else (marked, dotenv, dayjs), and it is what
// their users run.
//
// Walk also honours .gitignore files at every level, .git/info/exclude and
// the .gitignore files of the directories between the work tree root and a
// walked subdirectory. It never follows a symbolic link: a link is
// recorded as skipped, which keeps a walk inside its root, free of cycles,
// and free of duplicates (a link's target inside the tree is indexed under
// its own path, as git stores it). FIFOs, sockets and devices are never
// opened. Version-control metadata (.git, .hg, .svn) is passed over
// silently; a nested git work tree (a submodule checkout) is skipped when
// the root is itself inside a work tree, because its files belong to
// another repository. A root that its enclosing work tree ignores (a Python
// installed under a checkout that ignores it) is walked as if it were in no
// repository.
package walk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/gitsrc"
)

// File is a source file to index.
type File struct {
	// Path is relative to the walked root, with forward slashes.
	Path string
	// Abs is the file's absolute path; "" for files read from a git
	// revision.
	Abs      string
	Language string
	// Size is the size in bytes when the file was classified.
	Size int64
	// Minified marks a minified file (see Options.SkipMinified).
	Minified bool

	data  []byte                 // the whole content, when already read
	read  func() ([]byte, error) // reads the content otherwise
	limit int64
}

// Read returns the file's content. It may be called from any goroutine and
// more than once. Small files were read whole during classification and
// are not read again, so the bytes may be shared between calls: do not
// modify them. A file that grew past Options.MaxFileSize since it was
// classified, or that is no longer a regular file, is an error.
func (f File) Read() ([]byte, error) {
	if f.data != nil {
		return f.data, nil
	}
	if f.read != nil {
		return f.read()
	}
	b, _, err := readFile(f.Abs, f.limit, -1)
	return b, err
}

// Summary is what a walk saw.
type Summary struct {
	// Root is the walked directory (absolute, symbolic links resolved), or
	// the repository directory for Revision.
	Root string
	// FilesSeen counts the non-directory entries met in the directories
	// walked, including links and special files, excluding the contents
	// of pruned directories.
	FilesSeen int
	// FilesYielded counts the files passed to the callback, and
	// BytesYielded their sizes.
	FilesYielded int
	BytesYielded int64
	// FilesMinified counts the yielded files marked minified (see
	// Options.SkipMinified).
	FilesMinified int
	// Skipped lists skipped files and pruned directories (paths ending in
	// "/"), in walk order (Revision lists links and submodules last),
	// except those skipped as ignored or of unknown
	// language: a tree can hold a hundred thousand images, and ignored
	// files are private to one checkout (build output, .env), so those
	// are only counted.
	Skipped []errdex.SkippedFile
	// ByReason counts every skipped entry by reason, listed or not:
	// files and, DirsSkipped of them, directories pruned whole.
	ByReason    map[string]int
	DirsSkipped int
	// UnknownByExt counts files of unknown language by lower-cased
	// extension ("" for none). At most maxExtensions distinct extensions
	// are kept; the rest are counted under "other".
	UnknownByExt map[string]int
}

// maxExtensions bounds Summary.UnknownByExt on hostile trees.
const maxExtensions = 500

func newSummary(root string) *Summary {
	return &Summary{Root: root, ByReason: map[string]int{}, UnknownByExt: map[string]int{}}
}

// record notes a skipped entry; rel ends in "/" for a directory, and is
// "./" for the root.
func (s *Summary) record(rel string, v Verdict) {
	s.ByReason[v.Reason]++
	if strings.HasSuffix(rel, "/") {
		s.DirsSkipped++
	}
	switch v.Reason {
	case ReasonIgnored:
		return
	case ReasonUnknownLanguage:
		ext := strings.ToLower(extension(path.Base(rel)))
		if _, ok := s.UnknownByExt[ext]; len(ext) > 16 || !ok && len(s.UnknownByExt) >= maxExtensions {
			ext = "other"
		}
		s.UnknownByExt[ext]++
		return
	}
	if rel == "/" {
		rel = "./"
	}
	s.Skipped = append(s.Skipped, errdex.SkippedFile{Path: printable(rel), Reason: v.Reason, Detail: v.Detail})
}

// printable makes a path safe to store and print: valid UTF-8 without
// control characters (they are written as \n, \x01...). Only bad-name
// entries need it.
func printable(p string) string {
	if badName(p) == "" {
		return p
	}
	q := fmt.Sprintf("%+q", p)
	return q[1 : len(q)-1]
}

// Walk calls fn for every file under root that passes the rules, in
// lexical order of paths within each directory, and returns what it saw.
// Skipped and unreadable files are recorded in the summary, never fatal.
//
// Walk stops at the first error fn returns and returns it, unwrapped,
// with the summary so far. Otherwise only a canceled context, a root that
// does not exist (errdex.NotFound) or is not a directory or regular file,
// or bad options (errdex.Invalid) fail it. When root is a regular file,
// that one file is classified and yielded.
func Walk(ctx context.Context, root string, opts Options, fn func(File) error) (*Summary, error) {
	const op = "walk"
	c, err := NewClassifier(opts)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	abs, err = filepath.EvalSymlinks(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errdex.Errorf(op, errdex.NotFound, "%s does not exist", root)
		}
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	w := &walker{ctx: ctx, c: c, opts: opts, fn: fn, root: abs, sum: newSummary(abs)}
	switch {
	case fi.Mode().IsRegular():
		w.root = filepath.Dir(abs)
		w.sum.Root = w.root
		w.sum.FilesSeen++
		err = w.file(abs, []string{filepath.Base(abs)})
	case fi.IsDir():
		w.setupGit()
		err = w.dir(abs, nil, w.ignore, 0)
	default:
		return nil, errdex.Errorf(op, errdex.Invalid, "%s is neither a directory nor a regular file", root)
	}
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return w.sum, errdex.E(op, errdex.Canceled, err)
		}
		return w.sum, err
	}
	return w.sum, nil
}

type walker struct {
	ctx  context.Context
	c    *Classifier
	opts Options
	fn   func(File) error
	root string
	sum  *Summary

	// inRepo is true when the root is inside a git work tree; gitPrefix
	// is the root's path elements relative to the work tree root, which
	// .gitignore patterns are relative to.
	inRepo    bool
	gitPrefix []string
	ignore    *gitsrc.Ignore
}

// setupGit loads the ignore rules that apply above the root: the
// repository's info/exclude and the .gitignore files of the work tree root
// and the directories down to the walked root (whose own .gitignore the
// walk reads). A root that its work tree ignores is walked as if it were
// in no repository.
func (w *walker) setupGit() {
	loc, err := gitsrc.Discover(w.root)
	if err != nil {
		return
	}
	var prefix []string
	if rel, err := filepath.Rel(loc.WorkTree, w.root); err == nil && rel != "." {
		prefix = strings.Split(filepath.ToSlash(rel), "/")
	}
	rules, ignored := loc.Rules(prefix)
	if ignored {
		return
	}
	w.inRepo, w.gitPrefix, w.ignore = true, prefix, rules
}

// gitPath returns elems relative to the work tree root, for ignore rules.
func (w *walker) gitPath(elems []string) []string {
	if len(w.gitPrefix) == 0 {
		return elems
	}
	p := make([]string, 0, len(w.gitPrefix)+len(elems))
	return append(append(p, w.gitPrefix...), elems...)
}

// dir walks directory abs, whose path elements below the root are elems.
func (w *walker) dir(abs string, elems []string, ignore *gitsrc.Ignore, depth int) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	rel := strings.Join(elems, "/")
	entries, err := os.ReadDir(abs)
	if err != nil {
		if len(entries) == 0 {
			w.sum.record(rel+"/", skip(ReasonUnreadable, "%v", unwrapPath(err)))
			return nil
		}
		w.sum.record(rel+"/", skip(ReasonUnreadable, "only partly listed: %v", unwrapPath(err)))
	}
	if depth > 0 {
		for _, e := range entries {
			if d, ok := vendoredMarkers[e.Name()]; ok {
				w.sum.record(rel+"/", skip(ReasonVendored, "%s (has %s)", d, e.Name()))
				return nil
			}
			if e.Name() == ".git" && w.inRepo {
				if _, ok := gitsrc.GitDirAt(abs); ok {
					w.sum.record(rel+"/", skip(ReasonNestedRepo, "another git work tree (a submodule or a separate checkout); index it separately"))
					return nil
				}
			}
		}
	}
	for _, e := range entries {
		if e.Name() == ".gitignore" && e.Type().IsRegular() {
			if b, err := readSmallFile(filepath.Join(abs, ".gitignore")); err == nil {
				ignore = ignore.With(w.gitPath(elems), b)
			}
			break
		}
	}
	for _, e := range entries {
		name := e.Name()
		if vcsDirs[name] {
			continue
		}
		childElems := append(elems[:len(elems):len(elems)], name)
		childRel := strings.Join(childElems, "/")
		childAbs := filepath.Join(abs, name)
		typ := e.Type()
		if typ.IsDir() {
			if ignore.Match(w.gitPath(childElems), true) {
				w.sum.record(childRel+"/", skip(ReasonIgnored, "matches .gitignore"))
				continue
			}
			if v := w.c.Dir(childRel); v.Skip() {
				w.sum.record(childRel+"/", v)
				continue
			}
			if depth+1 > w.opts.maxDepth() {
				w.sum.record(childRel+"/", skip(ReasonTooDeep, "nested deeper than %d directories", w.opts.maxDepth()))
				continue
			}
			if err := w.dir(childAbs, childElems, ignore, depth+1); err != nil {
				return err
			}
			continue
		}
		w.sum.FilesSeen++
		if ignore.Match(w.gitPath(childElems), false) {
			w.sum.record(childRel, skip(ReasonIgnored, "matches .gitignore"))
			continue
		}
		switch {
		case typ&fs.ModeSymlink != 0:
			w.sum.record(childRel, w.symlink(childAbs))
		case typ.IsRegular():
			if err := w.file(childAbs, childElems); err != nil {
				return err
			}
		default:
			w.sum.record(childRel, skip(ReasonSpecial, "%s", describeMode(typ)))
		}
	}
	return nil
}

// file classifies a regular file and yields it when it passes.
func (w *walker) file(abs string, elems []string) error {
	rel := strings.Join(elems, "/")
	v := w.c.file(elems)
	if v.Skip() {
		w.sum.record(rel, v)
		return nil
	}
	limit := w.opts.maxSize()
	head, size, err := readFile(abs, limit, HeadSize)
	var tooLarge *tooLargeError
	switch {
	case errors.As(err, &tooLarge):
		w.sum.record(rel, w.c.size(v, tooLarge.size))
		return nil
	case err != nil:
		w.sum.record(rel, skip(ReasonUnreadable, "%v", unwrapPath(err)))
		return nil
	}
	v = w.c.content(rel, v, head)
	if v.Skip() {
		w.sum.record(rel, v)
		return nil
	}
	f := File{Path: rel, Abs: abs, Language: v.Language, Size: size, Minified: v.Minified, limit: limit}
	if v.Minified {
		w.sum.FilesMinified++
	}
	if int64(len(head)) == size {
		f.data = head
	}
	w.sum.FilesYielded++
	w.sum.BytesYielded += size
	if err := w.ctx.Err(); err != nil {
		return err
	}
	return w.fn(f)
}

// symlink describes a link that the walk does not follow.
func (w *walker) symlink(abs string) Verdict {
	target, err := os.Readlink(abs)
	if err != nil {
		return skip(ReasonSymlink, "symbolic link that cannot be read: %v", unwrapPath(err))
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return skip(ReasonSymlink, "broken or looping symbolic link to %s", clip(target, 200))
	}
	rel, err := filepath.Rel(w.root, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return skip(ReasonSymlink, "symbolic link out of the root, to %s", clip(target, 200))
	}
	return skip(ReasonSymlink, "symbolic link to %s, indexed under that path if it qualifies", clip(filepath.ToSlash(rel), 200))
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return fmt.Sprintf("not a regular file (mode %v)", m)
}

// tooLargeError reports a file over the size limit, with its size.
type tooLargeError struct{ size, limit int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("%s, over the %s limit", byteSize(e.size), byteSize(e.limit))
}

// readFile opens a regular file without following links, checks its size
// against limit (negative: none) and reads at most n bytes of it (negative:
// all of it). It returns the bytes read and the file's size. A file that
// changes while it is read yields what was there: a shorter file gives
// fewer bytes, a file that grows past limit an error.
func readFile(name string, limit int64, n int) ([]byte, int64, error) {
	f, err := openRegular(name)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("no longer a regular file: %s", describeMode(fi.Mode()))
	}
	size := fi.Size()
	if limit >= 0 && size > limit {
		return nil, size, &tooLargeError{size, limit}
	}
	if n >= 0 {
		buf := make([]byte, min(size, int64(n)))
		got, err := io.ReadFull(f, buf)
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return buf[:got], int64(got), nil
		case err != nil:
			return nil, size, err
		}
		return buf, size, nil
	}
	var r io.Reader = f
	if limit >= 0 {
		r = io.LimitReader(f, limit+1)
	}
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, size, err
		}
	}
	if limit >= 0 && int64(len(buf)) > limit {
		return nil, int64(len(buf)), &tooLargeError{int64(len(buf)), limit}
	}
	return buf, int64(len(buf)), nil
}

// readSmallFile reads a configuration file (.gitignore, info/exclude),
// refusing anything that is not a regular file or is over 1 MiB.
func readSmallFile(name string) ([]byte, error) {
	b, _, err := readFile(name, 1<<20, -1)
	return b, err
}

// unwrapPath drops the path from a *fs.PathError, which the skipped entry
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}
