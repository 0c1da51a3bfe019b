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
// The schema is in migrations/*.sql, embedded and applied by goose
// (through store/internal/migrate) at Open; goose records applied
// versions in the table errdex_schema, whose presence marks a file as an
// errdex database. Open refuses files that are not SQLite, SQLite files of
// other programs, and databases written by a newer errdex (a higher schema
// version), with errors saying what to do.
//
//	repos          one row per repository name
//	snapshots      the current snapshot of each repository (one per repo)
//	skipped_files  a snapshot's skipped files, in the order reported
//	sites          one row per site, in listing order: a record holding the
//	               site, its analysis facts as JSON, and the columns
//	               queries filter and sort on (id, path, line, col,
//	               language, family slug)
//	snippets       sites' snippets, apart so that sites rows stay small and
//	               a listing without snippets never reads them
//	families       each family's current number of sites and repositories
//	llm_answers    cached replies of language models (llmcache.go)
//	changes        the change counter, one row (changes.go)
//
// Site IDs are unique across the database (an ID hashes its repository
// name). Records and snippets use a binary encoding that keeps every byte
// (NUL, invalid UTF-8) and decodes fast; the analysis fields (guards,
// config, provenance, callers, call_path, related, explanation,
// static_explanation) are one JSON object, with strings that are not
// UTF-8 escaped reversibly. These encodings are store/internal/rowcodec's,
// shared with store/postgres. A site's Rev, RevDate and Location.URL are
// not stored: reads take them from the snapshot. Family.Sites and Family.Libraries come from the
// families table, which every write updates for the families it touches,
// so they are the counts across every repository at the time of the read.
//
// # Replacing a snapshot
//
// ReplaceSnapshot validates every site first, then in one IMMEDIATE
// transaction deletes the repository's snapshot (its sites, snippets and
// skipped files follow by ON DELETE CASCADE), inserts the new one with
// prepared single-row statements in listing order (a statement of many
// rows makes SQLite journal every page it changes, which costs more than
// it saves), and recounts the touched families. A failure or a canceled
// context rolls the whole transaction back.
//
// # Change counter
//
// Every write that changes what readers see (ReplaceSnapshot, DeleteRepo,
// an UpdateExplanations that changed a site) increments the one row of
// the changes table in its own transaction, so the counter and the change
// commit together and a failed write leaves both alone. SQLite cannot
// notify other processes, so `errdex serve` polls Generation every
// --refresh (web.Server.Refresh): a snapshot indexed or explanations
// written by `errdex enrich` in another process reach its pages and match
// index at the next poll. Migration 3 adds the table to databases of
// older versions, starting the counter at 0.
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
//     Replacing a snapshot then deletes only the old snapshot's sites and
//     skipped files, never its snapshots row.
//   - aliases (old_id PRIMARY KEY, new_id, snapshot_id) maps the ID of a
//     vanished site to the ID of the new site that replaced it (same file
//     and function, similar template), so that Site(old) can answer with a
//     redirect rather than NotFound. IDs are never reused, so an alias
//     never shadows a live site.
//
// # Performance
//
// bench_test.go runs storetest.Bench, the benchmarks store/postgres runs
// too: writing a snapshot of 100,000 sites with real source snippets,
// listing them all without snippets, and looking sites up by ID,
// reporting sites per wall-clock second and per CPU second:
//
//	go test ./store/sqlite -run XXX -bench 'Store/(Replace|List)' -benchtime 3x
//
// On a 2-core machine, writing costs about 35 µs of CPU per site, 65 µs
// with analysis facts, mostly SQLite's B-tree inserts and the commit's log
// writes. Listing without facts runs at about 270,000 sites per CPU
// second, with facts at about 36,000: decoding facts from JSON costs
// several times more than the rest of a site, which is why a listing for
// the match index leaves them out.
package sqlite
