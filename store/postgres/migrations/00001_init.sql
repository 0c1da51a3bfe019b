-- Schema version 1 of an errdex PostgreSQL database. See the package
-- documentation of store/postgres for the design; the encodings of the
-- bytea columns are those of store/sqlite (codec.go).
--
-- Tables live in the first schema of the connection's search_path, so one
-- database can hold several errdex stores (and River's tables) side by side.

-- +goose Up

-- A repository is known by its name (errdex index --repo NAME). Names sort
-- byte by byte.
CREATE TABLE repos (
    id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text COLLATE "C" NOT NULL UNIQUE
);

-- The current snapshot of each repository. Text columns hold strings as
-- given, or, for strings PostgreSQL text cannot hold (NUL bytes, bytes that
-- are not UTF-8), an escaped form (see codec.go). Times are RFC 3339 text
-- with nanoseconds and the original UTC offset, which timestamptz would
-- lose; rev_date is NULL when unknown. stats is errdex.IndexStats as JSON.
-- site_count is the number of rows in sites for the snapshot. Snapshot ids
-- only grow, so a larger id is a later write.
CREATE TABLE snapshots (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    repo_id      bigint NOT NULL UNIQUE REFERENCES repos (id) ON DELETE CASCADE,
    rev          text NOT NULL,
    rev_date     text,
    tag          text NOT NULL,
    remote       text NOT NULL,
    url_template text NOT NULL,
    issues_url   text NOT NULL,
    indexed_at   text NOT NULL,
    stats        text NOT NULL,
    site_count   integer NOT NULL
);

-- Files a snapshot did not index, in the order the indexer reported them.
CREATE TABLE skipped_files (
    snapshot_id bigint NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
    seq         integer NOT NULL,
    path        text NOT NULL,
    reason      text NOT NULL,
    detail      text NOT NULL,
    PRIMARY KEY (snapshot_id, seq)
);

-- One row per site of a current snapshot. seq is the site's position in
-- listing order (path, line, column, ID, compared byte by byte), computed
-- when the snapshot is written, so a listing is one range of the primary
-- key whatever the collation, and rows are written in that order. record
-- holds every field of the site but its snippet and analysis facts; facts
-- holds the analysis fields as JSON (NULL when there are none). path is
-- bytea so that any file name is kept and compared byte by byte; the
-- sites_path index covers its first 256 bytes, which keeps index entries
-- small whatever the length of the path. Rows are deleted and inserted
-- only by the store, in the transaction that writes their snapshot, which
-- is why there is no foreign key to check for each of them.
CREATE TABLE sites (
    snapshot_id bigint NOT NULL,
    seq         integer NOT NULL,
    id          text COLLATE "C" NOT NULL UNIQUE,
    path        bytea NOT NULL,
    language    text COLLATE "C" NOT NULL,
    family      text COLLATE "C",
    record      bytea NOT NULL,
    facts       bytea,
    PRIMARY KEY (snapshot_id, seq)
);

CREATE INDEX sites_family ON sites (family, snapshot_id, seq) WHERE family IS NOT NULL;
CREATE INDEX sites_path ON sites (snapshot_id, substring(path FROM 1 FOR 256));

-- Snippets live apart from sites: listings rarely need them, and keeping
-- them out of the sites rows keeps those rows small and scans fast.
CREATE TABLE snippets (
    snapshot_id bigint NOT NULL,
    seq         integer NOT NULL,
    body        bytea NOT NULL,
    PRIMARY KEY (snapshot_id, seq)
);

-- How many sites of each snapshot belong to each failure family, and the
-- name that snapshot gives the family. A family's size across the store
-- is a sum over this small table at read time, so concurrent writers of
-- different repositories never contend for a shared counter.
CREATE TABLE snapshot_families (
    slug        text COLLATE "C" NOT NULL,
    snapshot_id bigint NOT NULL REFERENCES snapshots (id) ON DELETE CASCADE,
    name        text NOT NULL,
    sites       integer NOT NULL,
    PRIMARY KEY (slug, snapshot_id)
);

-- Cached replies of language models (llmcache.go, explain/llm), keyed by
-- what was asked. content is the reply as received.
CREATE TABLE llm_answers (
    prompt_hash    text COLLATE "C" NOT NULL,
    model          text COLLATE "C" NOT NULL,
    prompt_version text COLLATE "C" NOT NULL,
    content        text NOT NULL,
    tokens         integer NOT NULL,
    created_at     timestamptz NOT NULL,
    PRIMARY KEY (prompt_hash, model, prompt_version)
);

-- The change counter: every write transaction increments it and sends
-- NOTIFY errdex_changes, so serve replicas learn of a new snapshot the
-- moment it commits (changes.go). One row.
CREATE TABLE changes (
    one        boolean PRIMARY KEY DEFAULT true CHECK (one),
    generation bigint NOT NULL
);
INSERT INTO changes (generation) VALUES (0);

-- +goose Down
DROP TABLE changes;
DROP TABLE llm_answers;
DROP TABLE snapshot_families;
DROP TABLE snippets;
DROP TABLE sites;
DROP TABLE skipped_files;
DROP TABLE snapshots;
DROP TABLE repos;
