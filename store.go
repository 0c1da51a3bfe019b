package errdex

import "context"

// Store keeps snapshots and their sites. Implementations live in
// store/sqlite (the embedded default) and store/postgres; both pass the
// conformance suite in store/storetest.
//
// Errors are *Error values: NotFound for unknown IDs and repositories,
// Invalid for malformed arguments, Unavailable when the database cannot be
// reached.
type Store interface {
	// ReplaceSnapshot makes snap the repository's current snapshot with the
	// given sites, in one transaction: readers see the previous snapshot or
	// this one, never a mix. The sites' Repo and Rev must equal the
	// snapshot's.
	ReplaceSnapshot(ctx context.Context, snap *Snapshot, sites []*Site) error
	// Site returns the site with the given ID, including its snippet and
	// URL.
	Site(ctx context.Context, id ID) (*Site, error)
	// ListSites calls fn for every site that passes the filter, ordered by
	// repository, path and line. It stops at the first error fn returns
	// and returns that error.
	ListSites(ctx context.Context, f SiteFilter, fn func(*Site) error) error
	// Snapshot returns the current snapshot of a repository.
	Snapshot(ctx context.Context, repo string) (*Snapshot, error)
	// Snapshots returns the current snapshot of every repository, ordered
	// by name. Skipped files are left out.
	Snapshots(ctx context.Context) ([]*Snapshot, error)
	// Close releases the store's resources.
	Close() error
}

// SiteFilter narrows ListSites. Zero fields do not filter.
type SiteFilter struct {
	Repo     string
	Path     string // exact path, or a directory prefix ending in "/"
	Language string
	Family   string // family slug
	// WithSnippet includes snippets, which listings usually do not need.
	WithSnippet bool
	// SkipFacts leaves out the analysis fields (guards, configuration,
	// provenance, callers, related errors, explanations; the family is
	// kept). Decoding them is most of a listing's cost, and the match
	// index needs none of them.
	SkipFacts bool
	// Limit caps the number of sites; 0 means no limit.
	Limit int
}
