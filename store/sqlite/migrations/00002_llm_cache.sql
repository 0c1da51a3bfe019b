-- Schema version 2: the cache of LLM answers (store/sqlite/llmcache.go,
-- explain/llm). An answer is keyed by what was asked: the hash of the
-- prompt built from a site's facts (so an unchanged site hashes the same
-- after re-indexing), the model, and the prompt version. content is the
-- model's reply as received, before validation: validation runs again on
-- every use, so a stricter validator never needs a new request. tokens is
-- what the request cost (prompt + completion), so a run can say what the
-- cache saved. created_at is RFC 3339 text.

-- +goose Up
CREATE TABLE llm_answers (
    prompt_hash    TEXT NOT NULL,
    model          TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    content        TEXT NOT NULL,
    tokens         INTEGER NOT NULL,
    created_at     TEXT NOT NULL,
    PRIMARY KEY (prompt_hash, model, prompt_version)
) STRICT, WITHOUT ROWID;

-- +goose Down
DROP TABLE llm_answers;
