package errdex

import (
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Snapshot is one indexed revision of a repository.
type Snapshot struct {
	Repo    string    `json:"repo"`
	Rev     string    `json:"rev"` // commit id; empty when the tree is not a git work tree
	RevDate time.Time `json:"rev_date,omitzero"`
	Tag     string    `json:"tag,omitempty"`
	// Remote is the origin URL as configured ("git@github.com:o/n.git").
	Remote string `json:"remote,omitempty"`
	// URLTemplate links to a line of a file at Rev, with {path} and {line}
	// placeholders ("https://github.com/o/n/blob/<sha>/{path}#L{line}").
	URLTemplate string `json:"url_template,omitempty"`
	// IssuesURL is where users report problems with the repository.
	IssuesURL string     `json:"issues_url,omitempty"`
	IndexedAt time.Time  `json:"indexed_at"`
	Stats     IndexStats `json:"stats"`
	// Skipped lists the files that were not indexed, each with a reason.
	Skipped []SkippedFile `json:"skipped,omitempty"`
}

// SourceURL links to path:line at the snapshot's revision, or returns ""
// when the remote is unknown. Each path segment is escaped, so names with
// spaces, "#" or "?" still link to the file.
func (s *Snapshot) SourceURL(path string, line int) string {
	if s.URLTemplate == "" {
		return ""
	}
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		segs[i] = url.PathEscape(seg)
	}
	return strings.NewReplacer("{path}", strings.Join(segs, "/"), "{line}", strconv.Itoa(line)).Replace(s.URLTemplate)
}

// ShortRev is the first 7 characters of the revision.
func (s *Snapshot) ShortRev() string {
	if len(s.Rev) > 7 && strings.Trim(s.Rev, "0123456789abcdef") == "" {
		return s.Rev[:7] // a commit: its usual abbreviation
	}
	return s.Rev // a tag: whole
}

// IndexStats counts what an indexing run saw and produced.
type IndexStats struct {
	FilesSeen   int `json:"files_seen"`
	FilesParsed int `json:"files_parsed"`
	FilesFailed int `json:"files_failed"`
	// FilesPartial counts the files indexed in part (ReasonPartial), and
	// DirsSkipped the directories skipped whole (their files are not
	// counted as seen).
	FilesPartial int `json:"files_partial"`
	DirsSkipped  int `json:"dirs_skipped"`
	// FilesMinified counts the minified files indexed (a package that
	// ships only a minified build; see walk.Options.SkipMinified).
	FilesMinified int   `json:"files_minified,omitempty"`
	Bytes         int64 `json:"bytes"`
	Sites         int   `json:"sites"`
	// SitesByKind and SkippedByReason break the totals down.
	SitesByKind     map[SiteKind]int `json:"sites_by_kind,omitempty"`
	SkippedByReason map[string]int   `json:"skipped_by_reason,omitempty"`
	SitesByLanguage map[string]int   `json:"sites_by_language,omitempty"`
	Duration        time.Duration    `json:"duration_ns"`
}

// SkippedFile is a file that was seen but not indexed, or indexed only in
// part (ReasonPartial). Reason is a short stable word ("vendored",
// "binary", "too-large", "parse-error", "timeout", "partial"); Detail says
// more for a person.
type SkippedFile struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
}

// ReasonPartial marks a file indexed in part: it has syntax errors, and
// its sites are those of the regions that parsed.
const ReasonPartial = "partial"
