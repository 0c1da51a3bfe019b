package errdex

import "context"

// Store keeps the current snapshot of each repository with its sites,
// the failure families they form, and the cached answers of language
// models. Implementations live in store/sqlite (the embedded default, one
// file) and store/postgres (shared by many processes); both pass the
// conformance suite in store/storetest, which holds them to this
// contract. The rest of errdex depends on this interface only.
//
// # Snapshots
//
// A repository has at most one snapshot, its current one. ReplaceSnapshot
// replaces it and its sites atomically: a reader sees the previous
// snapshot or the new one, never a mix, and a write that fails or whose
// context is canceled leaves the previous snapshot whole. Site IDs are
// unique across the store (an ID hashes its repository's name).
//
// Every field of a site and of a snapshot reads back as written, strings
// byte for byte (NUL bytes and invalid UTF-8 included), except those a
// read derives: a site's Repo, Rev and RevDate come from its snapshot,
// Location.URL from the snapshot's URL template (Snapshot.SourceURL), and
// Family.Sites and Family.Libraries are the family's counts across the
// store at the time of the read. A nil and an empty slice or map read
// back alike. A string a store cannot keep exactly is refused with an
// Invalid or TooLarge error, never altered.
//
// # Concurrency
//
// A Store is safe for concurrent use by many goroutines, and several
// processes may open the same database: each sees the others' writes once
// they commit. Every read sees one committed state of the store; a
// listing sees the state at its start until its end. Writes never wait
// for a listing in progress. Generation tells a process that keeps what
// it read (a server's caches and match index) when another one wrote.
//
// # Errors
//
// Errors are *Error values whose Kind says what a caller can do: NotFound
// for an unknown ID, repository or family (the message names it); Invalid
// for malformed arguments (a bad ID, a site of another snapshot, a
// negative limit) and for a database the user must fix (not an errdex
// database, read-only, written by a newer errdex); Conflict for a site ID
// another repository holds; TooLarge for a value the database cannot
// hold; Canceled when the context ends (whatever the database said after
// that); Unavailable when the database cannot be reached or is busy, so
// that trying again later may succeed; Internal for everything else.
type Store interface {
	// ReplaceSnapshot makes snap the current snapshot of snap.Repo with
	// the given sites, in one transaction. The sites' Repo and Rev must
	// equal the snapshot's, and their IDs must be well formed and
	// distinct (Invalid otherwise); an ID another repository holds is a
	// Conflict. A zero snap.IndexedAt is stored as the current time.
	ReplaceSnapshot(ctx context.Context, snap *Snapshot, sites []*Site) error
	// DeleteRepo removes a repository, its snapshot and its sites, or
	// returns a NotFound error when the store has no such repository.
	DeleteRepo(ctx context.Context, repo string) error

	// Site returns the site with the given ID, with its snippet, its
	// analysis facts and its link.
	Site(ctx context.Context, id ID) (*Site, error)
	// ListSites calls fn for every site that passes the filter, ordered
	// by repository name, then path, line, column and ID, strings
	// compared byte by byte. Sites stream from the database: memory does
	// not grow with their number. It stops at the first error fn returns
	// and returns that error unchanged; once ctx is canceled it calls fn
	// no more and returns a Canceled error. fn may call the store's read
	// methods, but must not write to the store.
	ListSites(ctx context.Context, f SiteFilter, fn func(*Site) error) error
	// Snapshot returns the current snapshot of a repository, with its
	// skipped files.
	Snapshot(ctx context.Context, repo string) (*Snapshot, error)
	// Snapshots returns the current snapshot of every repository, ordered
	// by name, without their skipped files; an empty store gives an empty
	// slice.
	Snapshots(ctx context.Context) ([]*Snapshot, error)
	// Stats counts what the store holds without reading its sites, for a
	// home page or metrics.
	Stats(ctx context.Context) (StoreStats, error)
	// Families returns every failure family that has sites, ordered by
	// slug, with its numbers of sites and of repositories (Libraries).
	// Confidence is zero: it belongs to a site, not to a family.
	Families(ctx context.Context) ([]FamilyRef, error)
	// Family returns one failure family as Families does, or a NotFound
	// error when no site belongs to it.
	Family(ctx context.Context, slug string) (*FamilyRef, error)

	// UpdateExplanations writes the Explanation and StaticExplanation of
	// each given site to the stored site with the same ID, in one
	// transaction, and leaves every other stored field as it is: only the
	// sites' IDs and those two fields are read. A nil field removes the
	// stored one. Sites no longer stored (their snapshot was replaced
	// meanwhile) are skipped. It returns how many stored sites changed.
	UpdateExplanations(ctx context.Context, sites []*Site) (int, error)
	// LLMAnswer returns the reply a model gave to a prompt, as cached by
	// PutLLMAnswer, and the tokens it cost. ok is false when nothing is
	// cached under the key (promptHash, model, promptVersion).
	LLMAnswer(ctx context.Context, promptHash, model, promptVersion string) (content string, tokens int, ok bool, err error)
	// PutLLMAnswer caches a model's reply to a prompt under (promptHash,
	// model, promptVersion), replacing what was cached under that key;
	// none of the three may be empty (Invalid). tokens is what the
	// request cost. Replies are kept byte for byte.
	PutLLMAnswer(ctx context.Context, promptHash, model, promptVersion, content string, tokens int) error

	// Generation returns the store's change counter. It grows with every
	// committed write that changes what the other read methods return:
	// ReplaceSnapshot, DeleteRepo, and UpdateExplanations when it changed
	// at least one site. A write that fails or changes nothing
	// (UpdateExplanations that changed no site) and the cache of model
	// answers (PutLLMAnswer) leave it as it is. The counter is bumped in
	// the write's own transaction, so a reader that reads it and then
	// reads the store sees at least the writes it counts: one that
	// remembers the value can tell with one cheap read whether anything
	// changed since, even when the write came from another process
	// (web.Server.Refresh does this). Only its growth means something,
	// not its value nor by how much it grew.
	Generation(ctx context.Context) (int64, error)

	// Close releases the store's resources. The store must not be used
	// after it.
	Close() error
}

// StoreStats counts what a store holds.
type StoreStats struct {
	Repos    int `json:"repos"`    // repositories with a snapshot
	Sites    int `json:"sites"`    // sites of every current snapshot
	Families int `json:"families"` // families with at least one site
}

// SiteFilter narrows ListSites. Zero fields do not filter; the fields
// set must all match.
type SiteFilter struct {
	// Repo is a repository name; an unknown one lists nothing.
	Repo string
	// Path is an exact path, or a directory prefix ending in "/" that
	// matches every path below it ("pkg/" matches "pkg/a.py" and
	// "pkg/sub/b.py", not "pkg.py" or "pkgs/c.py"). It is compared byte by
	// byte: no character is a wildcard.
	Path     string
	Language string
	Family   string // family slug
	// WithSnippet includes snippets, which listings usually do not need.
	WithSnippet bool
	// SkipFacts leaves out the analysis fields (guards, configuration,
	// provenance, callers, related errors, explanations; the family is
	// kept). Decoding them is most of a listing's cost, and the match
	// index needs none of them but one: of the provenance, only the
	// FactHelper fact's Location is kept, alone.
	SkipFacts bool
	// Limit caps the number of sites, the first ones in listing order; 0
	// means no limit, and a negative limit is Invalid.
	Limit int
}
