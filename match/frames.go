package match

import (
	"slices"
	"strings"
)

// Frames are tied to indexed files by path suffix: a traceback prints
// absolute paths (/usr/lib/python3.11/json/decoder.py,
// C:\venv\Lib\site-packages\requests\models.py) while sites carry paths
// relative to their repository root (Lib/json/decoder.py). A frame names a
// file when their trailing components agree: at least two of them, or all
// of the shorter path's.
const (
	maxFrames        = 64 // frames looked at, innermost first
	maxFilesPerFrame = 8  // files one frame may name (forks, vendored copies)
	nearLines        = 1  // a frame this close to a site's lines is near it (drift, spans)
	maxSpanScan      = 64 // sites scanned back from a frame's line
)

// frameFile is a frame tied to an indexed file.
type frameFile struct {
	frame int
	file  uint32
	comps int // trailing path components in common
}

// resolveFrames ties each of the first maxFrames frames to the indexed files
// it names, best suffix match only.
func (ix *Index) resolveFrames(frames []Frame, dst []frameFile) []frameFile {
	dst = dst[:0]
	for fi, fr := range frames[:min(len(frames), maxFrames)] {
		p := cleanPath(fr.Path)
		if p == "" {
			continue
		}
		base := p[strings.LastIndexByte(p, '/')+1:]
		tail := pathTail(p)
		mark := len(dst)
		best := 0
		rel := cwdRelative(fr.Path, p)
		// The repository p names before c components, worked out once for
		// each c (see repoDir).
		namedC, named := -1, ""
		namesRepo := func(c int, f uint32) bool {
			if c != namedC {
				namedC, named = c, repoDir(p, c)
			}
			return ix.inRepo(f, named)
		}
		consider := func(files []uint32) {
			for _, f := range files {
				site := ix.str(ix.files[f].path)
				c := commonSuffix(p, site)
				if c < best || !acceptSuffix(c, p, site) || rel && deeper(c, p, site) {
					continue
				}
				if c > best {
					best, dst = c, dst[:mark]
				}
				if (len(dst)-mark < maxFilesPerFrame || namesRepo(c, f)) && !slices.ContainsFunc(dst[mark:], func(x frameFile) bool { return x.file == f }) {
					dst = append(dst, frameFile{frame: fi, file: f, comps: c})
				}
			}
		}
		consider(ix.byTail[tail])
		if tail != base {
			consider(ix.byTail[base]) // indexed files of one component
		}
		if best < 2 {
			if files := ix.byBase[base]; len(files) <= 4*maxFilesPerFrame {
				consider(files) // a bare file name, or one under a source root
			}
		}
		dst = ix.preferNamedRepo(p, best, dst, mark)
	}
	return dst
}

// preferNamedRepo keeps, of the files dst[mark:] that frame path p names
// by its last comps components, those of the repository p names just
// before them, when some are: node_modules/which/lib/index.js is which's
// lib/index.js, not the lib/index.js of another package indexed beside it
// (a module cache's "cobra@v1.10.2" names spf13/cobra, a cargo registry's
// "smallvec-1.9.0" names smallvec).
func (ix *Index) preferNamedRepo(p string, comps int, dst []frameFile, mark int) []frameFile {
	if len(dst)-mark < 2 {
		return dst
	}
	name := repoDir(p, comps)
	named := func(ff frameFile) bool { return ix.inRepo(ff.file, name) }
	if !slices.ContainsFunc(dst[mark:], named) {
		return dst
	}
	kept := dst[:mark]
	for _, ff := range dst[mark:] {
		if named(ff) {
			kept = append(kept, ff)
		}
	}
	return kept
}

// inRepo reports whether file f is in a repository called name (its last
// component, case aside); never for name "".
func (ix *Index) inRepo(f uint32, name string) bool {
	if name == "" {
		return false
	}
	repo := ix.str(ix.files[f].repo)
	return strings.EqualFold(repo[strings.LastIndexByte(repo, '/')+1:], name)
}

// repoDir returns the component of path p before its last comps
// components, without the version a package cache adds to it: Go's
// module cache "cobra@v1.10.2", cargo's registry "smallvec-1.9.0" (a
// hyphen, then a version: digits and dots); "" when there is none.
func repoDir(p string, comps int) string {
	dir := p
	for range comps {
		i := strings.LastIndexByte(dir, '/')
		if i < 0 {
			return ""
		}
		dir = dir[:i]
	}
	slash := strings.LastIndexByte(dir, '/')
	name := dir[slash+1:]
	if at := strings.IndexByte(name, '@'); at > 0 {
		name = name[:at]
		if parent := dir[:max(slash, 0)]; isMajorSuffix(name) && parent != "" {
			// A Go module of major version 2 or more
			// (semver/v3@v3.5.0): the repository is the directory above.
			return parent[strings.LastIndexByte(parent, '/')+1:]
		}
		return name
	}
	if h := strings.LastIndexByte(name, '-'); h > 0 && isVersion(name[h+1:]) {
		return name[:h]
	}
	return name
}

// isMajorSuffix reports whether s is the last element of a Go module path
// of major version 2 or more: "v2", "v3", ...
func isMajorSuffix(s string) bool {
	return len(s) >= 2 && s[0] == 'v' && s[1] != '0' && strings.Trim(s[1:], "0123456789") == ""
}

// isVersion reports whether s reads as a release's version: a digit
// first, then digits and dots, a pre-release or build suffix after a
// hyphen or plus ("1.9.0", "0.4.4", "1.0.0-rc.1").
func isVersion(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	core, _, _ := strings.Cut(s, "+")
	core, _, _ = strings.Cut(core, "-")
	return strings.Contains(core, ".") && strings.Trim(core, "0123456789.") == ""
}

// innermostFile returns, of the files the first resolved frame names
// (several repositories may hold a file of that path: forks, vendored
// copies, utils.py), the one with a raise at the frame's line, else the
// first; the zero frameFile when no frame is resolved.
func (sc *scratch) innermostFile(ix *Index, frames []Frame) frameFile {
	if len(sc.frames) == 0 {
		return frameFile{}
	}
	first := sc.frames[0]
	for _, ff := range sc.frames {
		if ff.frame != first.frame {
			break
		}
		if len(ix.sitesNear(ff.file, frames[ff.frame], nearLines, sc.near[:0])) > 0 {
			return ff
		}
	}
	return first
}

// FramePath says whether a printed frame path names the indexed file at
// site path, as the matcher ties frames to files (see resolveFrames), and
// how many trailing path components they share.
func FramePath(frame, site string) (comps int, ok bool) {
	p := cleanPath(frame)
	if p == "" {
		return 0, false
	}
	c := commonSuffix(p, site)
	return c, acceptSuffix(c, p, site) && !(cwdRelative(frame, p) && deeper(c, p, site))
}

// cwdRelative reports whether a Python or Rust frame path, as printed and
// as cleaned (p), is relative to the directory the program ran in and has
// a directory in it: "./src/main.rs" in a Rust backtrace, "app/main.py" in
// a traceback of "python app/main.py". (Java's paths are built from
// package names, and frozen Python modules name library files.)
func cwdRelative(printed, p string) bool {
	printed = strings.TrimSpace(printed)
	if printed == "" || strings.ContainsRune("/\\~<", rune(printed[0])) || strings.Contains(printed, ":") {
		return false
	}
	return frameFamily(p)&(famPython|famRust) != 0 && strings.Contains(strings.TrimPrefix(p, "./"), "/")
}

// deeper reports whether indexed file site lies deeper than the whole of
// a cwd-relative frame path p, which it shares c trailing components
// with: "src/main.rs" printed by the user's crate is not another crate's
// "backtrace/crates/debuglink/src/main.rs".
func deeper(c int, p, site string) bool {
	return c == components(strings.TrimPrefix(p, "./")) && components(site) > c
}

// SameFunction reports whether a frame's function, as printed, names a
// site's function (see sameFunction).
func SameFunction(frame, site string) bool { return sameFunction(frame, site) }

// PseudoFile reports whether a printed frame path names no file: Python's
// "<string>", "<stdin>", "<template>" (frozen modules, "<frozen
// importlib._bootstrap>", name their source files and are not), Node's
// "<anonymous>".
func PseudoFile(p string) bool {
	p = strings.TrimSpace(p)
	return strings.HasPrefix(p, "<") && strings.HasSuffix(p, ">") && !strings.HasPrefix(p, "<frozen ")
}

// ShortName is the last component of a dotted or ::-separated type name.
func ShortName(s string) string { return shortName(s) }

// cleanPath turns a printed frame path into a slash-separated one, or ""
// for pseudo-files such as "<stdin>" or "<string>". Python's frozen
// modules ("<frozen importlib._bootstrap>") become their source paths
// ("importlib/_bootstrap.py").
func cleanPath(p string) string {
	p = strings.TrimSpace(p)
	p = strings.TrimPrefix(p, "file://")
	if m, ok := strings.CutPrefix(p, "<frozen "); ok && strings.HasSuffix(m, ">") && isIdentPath(m[:len(m)-1]) {
		return strings.ReplaceAll(m[:len(m)-1], ".", "/") + ".py"
	}
	if p == "" || p[0] == '<' || strings.HasPrefix(p, "node:") {
		return ""
	}
	p = strings.ReplaceAll(p, "\\", "/")
	return strings.TrimRight(p, "/")
}

// commonSuffix counts the trailing path components a and b share.
func commonSuffix(a, b string) int {
	n := 0
	for a != "" && b != "" {
		i, j := strings.LastIndexByte(a, '/'), strings.LastIndexByte(b, '/')
		if a[i+1:] != b[j+1:] {
			break
		}
		n++
		if i < 0 || j < 0 {
			break
		}
		a, b = a[:i], b[:j]
	}
	return n
}

// acceptSuffix decides whether frame path a names indexed file b when they
// share c trailing components: two or more, all of either path, or the base
// name of a file right under a source root ("Lib/wave.py" in CPython is
// installed as ".../python3.11/wave.py").
func acceptSuffix(c int, a, b string) bool {
	if c >= 2 || c >= 1 && (c == components(a) || c == components(b)) {
		return true
	}
	root, _, ok := strings.Cut(b, "/")
	return c == 1 && ok && components(b) == 2 && (root == "Lib" || root == "lib" || root == "src")
}

func components(p string) int { return strings.Count(strings.Trim(p, "/"), "/") + 1 }

// sitesNear returns the sites of file f within slack lines of frame fr's
// line (and, in minified code, at its column: see distance), nearest
// first; for a frame without a line, the sites of its function.
func (ix *Index) sitesNear(f uint32, fr Frame, slack int, dst []uint32) []uint32 {
	line := fr.Line
	rec := ix.files[f]
	run := ix.fileSites[rec.first : rec.first+rec.n]
	if line <= 0 {
		// A Java frame printed without its line ("(Unknown Source)": a
		// class compiled without debug information) is at the sites of
		// its method in the file.
		if fr.Function == "" || fr.Path == "" {
			return dst
		}
		for _, s := range run {
			if sameFunction(fr.Function, ix.str(ix.sites[s].function)) {
				dst = append(dst, s)
			}
		}
		return dst
	}
	hi, _ := slices.BinarySearchFunc(run, line+slack+1, func(s uint32, l int) int {
		return int(ix.sites[s].line) - l
	})
	mark := len(dst)
	for k := hi - 1; k >= 0 && k >= hi-maxSpanScan; k-- {
		if ix.distance(run[k], fr) <= slack {
			dst = append(dst, run[k])
		}
	}
	slices.SortStableFunc(dst[mark:], func(x, y uint32) int {
		return ix.distance(x, fr) - ix.distance(y, fr)
	})
	return dst
}

// distance is how many lines frame fr lies outside site s's lines (0
// inside). In minified code a frame on the site's lines but outside its
// columns (by more than columnSlack) is at another statement of the line:
// it is counted as farther than nearLines.
func (ix *Index) distance(s uint32, fr Frame) int {
	rec := ix.sites[s]
	d := lineDistance(rec, fr.Line)
	if d > 0 || fr.Column <= 0 {
		return d
	}
	cols, ok := ix.columns[s]
	if !ok {
		return d
	}
	before := fr.Line == int(rec.line) && fr.Column+columnSlack < int(cols.col)
	after := fr.Line == int(rec.endLine) && cols.endCol > 0 && fr.Column > int(cols.endCol)+columnSlack
	if before || after {
		return nearLines + 1
	}
	return 0
}

// columnSlack is how many columns a frame in minified code may lie outside
// a site's statement and still be at it.
const columnSlack = 2

// lineDistance is how far line lies outside the site's lines (0 inside).
func lineDistance(s siteRec, line int) int {
	switch {
	case line < int(s.line):
		return int(s.line) - line
	case line > int(s.endLine):
		return line - int(s.endLine)
	}
	return 0
}

// sameFunction reports whether a frame's function names the site's:
// equal, or equal in their last components ("raw_decode" and
// "JSONDecoder.raw_decode"; "pkg.(*Server).handle" and "Server.handle"),
// once the frame's name is read as extractors name functions (see
// frameFunction).
func sameFunction(frame, site string) bool {
	frame = frameFunction(frame)
	if frame == "<module>" && site == "" {
		return true // a module's top level, as a stack prints it and a site has it
	}
	if frame == "" || site == "" {
		return false
	}
	if frame == site {
		return true
	}
	return lastComponent(frame) == lastComponent(site)
}

func lastComponent(s string) string {
	s = strings.TrimSuffix(s, "()")
	if i := strings.LastIndexAny(s, ".:#"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// maxConstruction bounds the frames of factory code looked past (see
// constructionFrames).
const maxConstruction = 3

// constructionFrames returns how many innermost frames built the error
// rather than threw it, 0 when none. Java and JavaScript record a stack
// where an exception object is created, not where it is thrown: for
// `throw NumberFormatException.forInputString(s)` the innermost frame is
// the factory's `return new NumberFormatException(...)`, a line that is
// no raise. Where that frame, and any between, lie in indexed files at no
// raise and an outer frame sits at a raise, the frames inside are the
// factory's and the outer one is where the error was thrown; without this,
// the factory's line reads as compiled code raising the error.
//
// A JavaScript frame "new X" is the construction itself, and the frames
// inside it are too, indexed or not (rxjs's EmptyError is made by a class
// factory in a file with no raise): the frame outside the outermost
// "new" frame, when it sits at a raise, is where the error was thrown.
func (ix *Index) constructionFrames(frames []Frame, resolved []frameFile, near []uint32) int {
	if k := ix.thrownAfterNew(frames, resolved, near); k > 0 {
		return k
	}
	if len(resolved) == 0 || resolved[0].frame != 0 && !exceptionFactory(frames[0]) || frameFamily(cleanPath(frames[0].Path))&(famJava|famJS) == 0 {
		return 0
	}
	for k := 0; k <= maxConstruction && k < len(frames); k++ {
		found, atRaise := false, false
		for _, ff := range resolved {
			if ff.frame != k {
				continue
			}
			found = true
			slack := 0
			if k == 0 {
				slack = nearLines
			}
			if len(ix.sitesNear(ff.file, frames[k], slack, near[:0])) > 0 {
				atRaise = true
			}
		}
		switch {
		case !found && !exceptionFactory(frames[k]):
			return 0 // code not indexed: nothing tells where it was thrown
		case atRaise:
			return k
		}
	}
	return 0
}

// lookupFrames returns 1 when the innermost frame is a mapping's
// __getitem__ raising for the lookup the next frame sits at
// (os.environ["NAME"] fails in os.py's _Environ.__getitem__): that
// lookup is where the error happened, the mapping only reports it. It
// returns 0 otherwise.
func (ix *Index) lookupFrames(frames []Frame, resolved []frameFile, near []uint32) int {
	if len(frames) < 2 || shortName(frames[0].Function) != "__getitem__" {
		return 0
	}
	for _, ff := range resolved {
		if ff.frame != 1 {
			continue
		}
		for _, s := range ix.sitesNear(ff.file, frames[1], 0, near[:0]) {
			if ix.sites[s].flags&flagViaLookup != 0 {
				return 1
			}
		}
	}
	return 0
}

// exceptionFactory reports whether Java frame f is in a static method of
// an exception class, which makes the exception its caller throws
// (Jackson's InvalidDefinitionException.from(g, msg, type)): a file with
// no raise of its own, so none the index holds.
func exceptionFactory(f Frame) bool {
	if frameFamily(cleanPath(f.Path))&famJava == 0 {
		return false
	}
	k := strings.LastIndexByte(f.Function, '.')
	if k <= 0 || f.Function[k+1:] == "<init>" {
		return false
	}
	cls := f.Function[:k]
	cls = cls[strings.LastIndexAny(cls, ".$")+1:]
	return strings.HasSuffix(cls, "Exception") || strings.HasSuffix(cls, "Error")
}

// thrownAfterNew returns k+1 when frame k, at most maxConstruction frames
// in, is the outermost of the innermost frames to call a JavaScript
// constructor ("new EmptyErrorImpl"), frame k+1 lies at a raise and no
// frame inside it does (a constructor that throws); 0 otherwise (see
// constructionFrames).
func (ix *Index) thrownAfterNew(frames []Frame, resolved []frameFile, near []uint32) int {
	k := -1
	for i := 0; i <= maxConstruction && i < len(frames); i++ {
		if strings.HasPrefix(frames[i].Function, "new ") {
			k = i
		}
	}
	if k < 0 || k+1 >= len(frames) || frameFamily(cleanPath(frames[k].Path))&famJS == 0 {
		return 0
	}
	thrown := false
	for _, ff := range resolved {
		atRaise := len(ix.sitesNear(ff.file, frames[ff.frame], 0, near[:0])) > 0
		switch {
		case ff.frame <= k && atRaise:
			return 0 // the constructor threw
		case ff.frame == k+1 && atRaise:
			thrown = true
		}
	}
	if thrown {
		return k + 1
	}
	return 0
}
