package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/errdex/errdex"
)

// This file holds what LLM enrichment (explain/llm) needs from the store:
// a cache of the answers a model gave, and a way to replace the
// explanations of stored sites without indexing again. The semantics are
// store/sqlite's.

// LLMAnswer returns the reply a model gave to a prompt, as cached by
// PutLLMAnswer, and the tokens it cost. ok is false when nothing is
// cached under the key (promptHash, model, promptVersion).
func (s *Store) LLMAnswer(ctx context.Context, promptHash, model, promptVersion string) (content string, tokens int, ok bool, err error) {
	const op = "postgres.LLMAnswer"
	var n int32
	err = s.pool.QueryRow(ctx, `SELECT content, tokens FROM llm_answers
		WHERE prompt_hash = $1 AND model = $2 AND prompt_version = $3`,
		escapeText(promptHash), escapeText(model), escapeText(promptVersion)).Scan(&content, &n)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, s.fail(ctx, op, err)
	}
	return unescapeString(content), int(n), true, nil
}

// PutLLMAnswer caches a model's reply to a prompt under (promptHash,
// model, promptVersion), replacing what was cached under that key.
// tokens is what the request cost.
func (s *Store) PutLLMAnswer(ctx context.Context, promptHash, model, promptVersion, content string, tokens int) error {
	const op = "postgres.PutLLMAnswer"
	if promptHash == "" || model == "" || promptVersion == "" {
		return errdex.Errorf(op, errdex.Invalid, "an LLM answer needs a prompt hash, a model and a prompt version (got %q, %q, %q)",
			promptHash, model, promptVersion)
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO llm_answers (prompt_hash, model, prompt_version, content, tokens, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (prompt_hash, model, prompt_version) DO UPDATE SET
			content = excluded.content, tokens = excluded.tokens, created_at = excluded.created_at`,
		escapeText(promptHash), escapeText(model), escapeText(promptVersion), escapeText(content), int32(min(tokens, 1<<31-1)), time.Now())
	return s.fail(ctx, op, err)
}

// UpdateExplanations writes the Explanation and StaticExplanation of each
// given site to the stored site with the same ID, in one transaction, and
// leaves every other stored field as it is: only the sites' IDs and those
// two fields are read. A nil field removes the stored one. Sites that are
// no longer stored (a snapshot replaced meanwhile) are skipped. It returns
// the number of sites whose stored explanations changed.
func (s *Store) UpdateExplanations(ctx context.Context, sites []*errdex.Site) (int, error) {
	const op = "postgres.UpdateExplanations"
	ids := make([]string, len(sites))
	for i, site := range sites {
		if site == nil {
			return 0, errdex.Errorf(op, errdex.Invalid, "site %d of %d is nil", i+1, len(sites))
		}
		if _, err := errdex.ParseID(string(site.ID)); err != nil {
			return 0, errdex.E(op, errdex.Invalid, err)
		}
		ids[i] = string(site.ID)
	}
	changed := 0
	err := s.write(ctx, func(tx pgx.Tx) error {
		// Lock the rows, so that the facts read are those replaced.
		rows, err := tx.Query(ctx, `SELECT id, facts FROM sites WHERE id = ANY($1) FOR UPDATE`, ids)
		if err != nil {
			return err
		}
		stored := map[string][]byte{}
		for rows.Next() {
			var id string
			var facts []byte
			if err := rows.Scan(&id, &facts); err != nil {
				rows.Close()
				return err
			}
			stored[id] = facts
		}
		if err := rows.Err(); err != nil {
			return err
		}
		batch := &pgx.Batch{}
		for _, site := range sites {
			old, ok := stored[string(site.ID)]
			if !ok {
				continue
			}
			facts, same, err := withExplanations(old, site.Explanation, site.StaticExplanation)
			if err != nil {
				return fmt.Errorf("site %s: %w", site.ID, err)
			}
			if same {
				continue
			}
			stored[string(site.ID)] = facts // a later duplicate compares with this
			batch.Queue(`UPDATE sites SET facts = $1 WHERE id = $2`, facts, string(site.ID))
			changed++
		}
		if batch.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, batch).Close()
	})
	if err != nil {
		return 0, s.fail(ctx, op, err)
	}
	return changed, nil
}

// withExplanations returns the facts JSON object old (empty for none) with
// its "explanation" and "static_explanation" members replaced, and every
// other member kept byte for byte, so that facts this file does not know
// survive. It returns nil for an object that ends up empty, and same when
// both members were already stored as given.
func withExplanations(old []byte, exp, static *errdex.Explanation) (facts []byte, same bool, err error) {
	members := map[string]json.RawMessage{}
	if len(old) > 0 {
		if err := json.Unmarshal(old, &members); err != nil {
			return nil, false, fmt.Errorf("stored analysis facts: %w", err)
		}
	}
	same = true
	for key, e := range map[string]*errdex.Explanation{"explanation": exp, "static_explanation": static} {
		was, had := members[key]
		if e == nil {
			same = same && !had
			delete(members, key)
			continue
		}
		b, err := encodeJSON(e)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", key, err)
		}
		same = same && had && equalJSON(was, b)
		members[key] = b
	}
	if same {
		return old, true, nil
	}
	if len(members) == 0 {
		return nil, false, nil
	}
	facts, err = json.Marshal(members)
	return facts, false, err
}

// equalJSON reports whether two JSON texts are equal but for white space
// (both come from encoding/json, which orders members the same way).
func equalJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
