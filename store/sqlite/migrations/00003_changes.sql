-- Schema version 3: the change counter (store/sqlite/changes.go). Every
-- write transaction that changes what readers see (ReplaceSnapshot,
-- DeleteRepo, an UpdateExplanations that changed a site) increments
-- generation before it commits, so that a process that keeps what it read
-- (errdex serve's caches and match index) can tell with one cheap read
-- that another one wrote, whichever it was. One row; a database created
-- by an older errdex gets it here, starting from 0.

-- +goose Up
CREATE TABLE changes (
    one        INTEGER PRIMARY KEY CHECK (one = 1),
    generation INTEGER NOT NULL
) STRICT;
INSERT INTO changes (one, generation) VALUES (1, 0);

-- +goose Down
DROP TABLE changes;
