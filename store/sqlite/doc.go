// Package sqlite is errdex's embedded store: an errdex.Store in one SQLite
// file, through modernc.org/sqlite (pure Go, no cgo). It is the only
// package that imports a SQLite driver.
//
// # Connections
//
// A Store holds one writer connection and a pool of read-only
// (query_only) connections, all in WAL mode. Every write of the process
// goes through the single writer, so writes never fail on SQLite's write
// lock inside one process; another process's write waits up to the busy
// timeout. Readers never wait for the writer, and each read (a Site, a
// whole ListSites) runs in one read transaction, so it sees one state of
// the database.
//
// # Schema
//
// The schema is in migrations/*.sql, embedded and applied by goose at
// Open; goose records applied versions in the table errdex_schema, whose
// presence marks a file as an errdex database. Open refuses files that are
// not SQLite, SQLite files of other programs, and databases written by a
// newer errdex (a higher schema version), with errors saying what to do.
//
//	repos          one row per repository name
//	snapshots      the current snapshot of each repository (one per repo)
//	skipped_files  a snapshot's skipped files, in the order reported
//	sites          one row per site, in listing order; the family slug is a
//	               column with its own index
//	snippets       sites' snippets, apart so that sites rows stay small and
//	               a listing without snippets never reads them
//	families       each family's current number of sites and repositories
//
// Site IDs are unique across the database (an ID hashes its repository
// name). Template, alternatives and snippets are stored in a small binary
// encoding that keeps every byte and decodes fast (codec.go); the analysis
// fields (guards, config, provenance, callers, call_path, related,
// explanation) are one JSON object, with strings that are not UTF-8
// escaped reversibly. A site's Rev, RevDate and Location.URL are not
// stored: reads take them from the snapshot. Family.Sites and
// Family.Libraries are read from the families table, which every write
// updates for the families it touches, so they are the counts across
// every repository at the time of the read.
//
// # Replacing a snapshot
//
// ReplaceSnapshot encodes and validates every site first, then in one
// IMMEDIATE transaction deletes the repository's snapshot (its sites,
// snippets and skipped files follow by ON DELETE CASCADE), inserts the new
// one with prepared statements in listing order, and recounts the touched
// families. A failure or a canceled context rolls the whole transaction
// back.
//
// # Plans for snapshot history (not built yet)
//
// History across revisions, so that a page can say "introduced in v1.2,
// removed in v1.5" and old IDs redirect, fits this schema as one migration:
//
//   - snapshots keeps every indexed revision; the unique index
//     snapshots_repo becomes a partial unique index on repo_id WHERE current.
//   - sites stays the table of current sites (so every read query is
//     unchanged), and a new table site_history (id, repo_id, first_seen,
//     last_seen REFERENCES snapshots) is updated by ReplaceSnapshot: IDs
//     present in the new snapshot get last_seen = new, new IDs get
//     first_seen = last_seen = new, and vanished IDs keep their last_seen.
//     Deleting an old snapshot then only deletes its skipped files and
//     nulls history references, never current sites.
//   - aliases (old_id PRIMARY KEY, new_id, snapshot_id) maps the ID of a
//     vanished site to the ID of the new site that replaced it (same file
//     and function, similar template), so that Site(old) can answer with a
//     redirect rather than NotFound. IDs are never reused, so an alias
//     never shadows a live site.
//
// # Performance
//
// Measured by the benchmarks in bench_test.go (see the package README of
// the lead's notes for figures): writing is bound by SQLite's inserts and
// index maintenance (one row in sites, two index entries, one snippet
// row per site); listing is bound by decoding rows, which is why the hot
// columns avoid JSON.
package sqlite
