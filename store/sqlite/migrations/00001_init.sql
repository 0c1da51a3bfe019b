-- Schema version 1 of an errdex SQLite database. See the package
-- documentation of store/sqlite for the design, the encodings of the BLOB
-- columns and the plans for snapshot history.

-- +goose Up

-- A repository is known by its name (errdex index --repo NAME).
CREATE TABLE repos (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
) STRICT;

-- The current snapshot of each repository. Times are RFC 3339 text with
-- nanoseconds and the original UTC offset (a commit's date keeps its zone);
-- rev_date is NULL when unknown. stats is errdex.IndexStats as JSON.
-- site_count is the number of rows in sites for the snapshot, so that
-- counting sites never scans them.
CREATE TABLE snapshots (
    id           INTEGER PRIMARY KEY,
    repo_id      INTEGER NOT NULL REFERENCES repos(id) ON DELETE CASCADE,
    rev          TEXT NOT NULL,
    rev_date     TEXT,
    tag          TEXT NOT NULL,
    remote       TEXT NOT NULL,
    url_template TEXT NOT NULL,
    issues_url   TEXT NOT NULL,
    indexed_at   TEXT NOT NULL,
    stats        TEXT NOT NULL,
    site_count   INTEGER NOT NULL
) STRICT;

-- One current snapshot per repository. Snapshot history will replace this
-- index with a "current" flag (see the package documentation).
CREATE UNIQUE INDEX snapshots_repo ON snapshots (repo_id);

-- Files a snapshot did not index, in the order the indexer reported them.
CREATE TABLE skipped_files (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    path        TEXT NOT NULL,
    reason      TEXT NOT NULL,
    detail      TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, seq)
) STRICT, WITHOUT ROWID;

-- One row per site of a current snapshot, inserted in listing order so
-- that a listing walks the table nearly sequentially. record holds every
-- field of the site but its snippet and analysis facts, in the binary
-- encoding documented in codec.go: reading one column per site is much
-- faster than reading twenty. The other columns repeat what queries filter
-- and sort on. facts holds the analysis fields as one JSON object, NULL
-- when there are none.
CREATE TABLE sites (
    seq         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
    path        TEXT NOT NULL,
    line        INTEGER NOT NULL,
    col         INTEGER NOT NULL,
    language    TEXT NOT NULL,
    family      TEXT,
    record      BLOB NOT NULL,
    facts       TEXT
) STRICT;

CREATE INDEX sites_order ON sites (snapshot_id, path, line, col, id);
CREATE INDEX sites_family ON sites (family, snapshot_id) WHERE family IS NOT NULL;

-- Snippets live apart from sites: listings rarely need them, and keeping
-- them out of the sites rows keeps those rows small and scans fast.
CREATE TABLE snippets (
    site INTEGER PRIMARY KEY REFERENCES sites(seq) ON DELETE CASCADE,
    body BLOB NOT NULL
) STRICT;

-- Failure families with their current size across all repositories, kept
-- up to date by every write that adds or removes sites.
CREATE TABLE families (
    slug  TEXT PRIMARY KEY,
    name  TEXT NOT NULL,
    sites INTEGER NOT NULL,
    repos INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE families;
DROP TABLE snippets;
DROP TABLE sites;
DROP TABLE skipped_files;
DROP TABLE snapshots;
DROP TABLE repos;
