package gitsrc

import (
	"bytes"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Ignore is a set of gitignore rules, in increasing order of priority: the
// rules of a deeper .gitignore come after those of its parents and win over
// them, and the last matching rule decides ("!pattern" re-includes).
//
// An Ignore is immutable: With returns a new set and leaves the receiver
// usable, so a directory walk can keep one set per level of its stack.
// The nil *Ignore is the empty set.
type Ignore struct {
	patterns []gitignore.Pattern
}

// With returns the rules of ig followed by those of a gitignore file.
// domain is the directory holding the file, as path elements relative to
// the repository root (nil for the root .gitignore and for
// .git/info/exclude); the file's patterns only apply below it.
//
// The file format is gitignore(5): one pattern a line, "#" comments,
// blank lines ignored, "\#" and "\!" escapes, a trailing "/" for
// directories only, "**" for any number of directories. A UTF-8 byte order
// mark and CRLF line ends are accepted.
func (ig *Ignore) With(domain []string, content []byte) *Ignore {
	content = bytes.TrimPrefix(content, []byte("\xef\xbb\xbf"))
	var added []gitignore.Pattern
	for len(content) > 0 {
		var line []byte
		line, content, _ = bytes.Cut(content, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(bytes.TrimSpace(line)) == 0 || line[0] == '#' {
			continue
		}
		added = append(added, gitignore.ParsePattern(string(line), domain))
	}
	if len(added) == 0 {
		return ig
	}
	var n []gitignore.Pattern
	if ig != nil {
		n = make([]gitignore.Pattern, 0, len(ig.patterns)+len(added))
		n = append(n, ig.patterns...)
	}
	return &Ignore{patterns: append(n, added...)}
}

// Match reports whether the path (elements relative to the repository
// root) is ignored. isDir says whether it names a directory, for patterns
// ending in "/".
func (ig *Ignore) Match(path []string, isDir bool) bool {
	if ig == nil {
		return false
	}
	for i := len(ig.patterns) - 1; i >= 0; i-- {
		switch ig.patterns[i].Match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		}
	}
	return false
}

// Len is the number of rules.
func (ig *Ignore) Len() int {
	if ig == nil {
		return 0
	}
	return len(ig.patterns)
}
