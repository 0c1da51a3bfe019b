// Package postgres is errdex's shared store: an errdex.Store in a
// PostgreSQL database (10 or later; tested on 15), through
// github.com/jackc/pgx/v5. It is the only package that imports pgx (the
// job queue, package queue, hands River the pool this package opened).
// Any number of processes may use one database at once: `errdex worker`
// processes writing snapshots, `errdex serve` replicas reading them.
//
// # Connections
//
// Open takes a postgres:// URL and keeps a pgxpool pool (by default
// max(8, 4 × CPUs) connections; pool_max_conns in the URL overrides it).
// The tables live in the first schema of the search path, so one database
// can hold several stores (?search_path=NAME) beside River's tables.
// Errors are errdex.Error values: Unavailable when the server cannot be
// reached (the message names host:port/database, never the password),
// Invalid for a refused login, a missing database or schema, Canceled
// when the context ends, Conflict for a site ID another repository holds.
//
// # Schema
//
// migrations/*.sql, embedded and applied by goose (through
// store/internal/migrate) at Open under an advisory lock, so that workers
// starting together migrate once; goose records versions in
// errdex_schema. Open refuses a schema
// that holds tables of errdex's names it did not create, and one written
// by a newer errdex.
//
//	repos              one row per repository name (text COLLATE "C")
//	snapshots          the current snapshot of each repository
//	skipped_files      a snapshot's skipped files, in the order reported
//	sites              one row per site: its seq (position in listing
//	                   order), ID, path (bytea), language, family slug, the
//	                   record and the analysis facts as JSON (bytea)
//	snippets           sites' snippets, keyed like sites by (snapshot, seq)
//	snapshot_families  per snapshot, the number of sites of each family
//	llm_answers        cached replies of language models (llmcache.go)
//	changes            the change counter (changes.go)
//
// Records, snippets and facts use the encodings store/sqlite uses too
// (store/internal/rowcodec): every byte of every string is kept, NUL bytes
// and invalid UTF-8 included. Text columns that are only displayed (tags,
// remotes, skipped files' details) hold such strings escaped, reversibly. Repository names
// must be UTF-8 without NUL bytes (they sort as text); paths are bytea.
//
// # Ordering without collations
//
// Listings are ordered by repository, path, line, column and ID with
// strings compared byte by byte. Repository names sort with COLLATE "C".
// Within a snapshot, ReplaceSnapshot sorts the sites in Go and stores each
// one's position as seq, so a listing is a range scan of the primary key
// (snapshot_id, seq) in insertion order, whatever the database's
// collation, and paths of any length work: the path index (sites_path)
// covers the first 256 bytes, and filters compare the whole path after.
//
// # Family counts
//
// Family.Sites and Family.Libraries are derived on read: each snapshot
// records how many of its sites each family has (snapshot_families), and
// a read sums those rows. Writers of different repositories thus never
// update a shared counter (no lock, no lost update); a read sums one row
// per repository that has the family.
//
// # Writing a snapshot
//
// ReplaceSnapshot validates and sorts the sites, then in one transaction
// upserts the repository row (which locks it: two writers of one
// repository take turns, writers of different repositories run in
// parallel), deletes the old snapshot's rows, inserts the snapshot, and
// COPYs the sites, snippets, skipped files and family counts, encoding
// each row as the copy asks for it. Readers see the old snapshot until
// the commit and the new one after it (MVCC): never half of one. A
// failure or a canceled context rolls everything back.
//
// # Reading
//
// Site is one statement. ListSites runs in one REPEATABLE READ, READ ONLY
// transaction, so it sees one state from start to end, and streams each
// snapshot's sites through a server-side cursor, fetching 1,000 rows at a
// time: memory stays flat, a listing stopped early leaves the rest
// unread, and writers never wait for it.
//
// # Change signal
//
// Every write that changes what readers see (ReplaceSnapshot, DeleteRepo,
// an UpdateExplanations that changed a site) bumps a generation counter
// and sends NOTIFY errdex_changes in its transaction, so both arrive at
// commit. Generation polls the counter; Changes listens and signals at
// once (see changes.go). `errdex serve` on a postgres:// database calls
// web.Server.Refresh when Changes fires, so every replica reloads its
// match index and drops its cached pages moments after a worker lands a
// snapshot or `errdex enrich` writes explanations, and still polls every
// --refresh in case notifications are lost.
//
// # Performance
//
// bench_test.go runs storetest.Bench, the benchmarks store/sqlite runs
// too: writing 100,000 sites with snippets and facts, listing and looking
// them up (see README-section.md for figures and commands).
package postgres
