package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/errdex/errdex"
)

// This file holds what LLM enrichment (explain/llm) needs from the store:
// a cache of the answers a model gave, and a way to replace the
// explanations of stored sites without indexing again.

// LLMAnswer returns the reply a model gave to a prompt, as cached by
// PutLLMAnswer, and the tokens it cost. ok is false when nothing is
// cached under the key (promptHash, model, promptVersion).
func (s *Store) LLMAnswer(ctx context.Context, promptHash, model, promptVersion string) (content string, tokens int, ok bool, err error) {
	const op = "sqlite.LLMAnswer"
	err = s.r.QueryRowContext(ctx, `SELECT content, tokens FROM llm_answers
		WHERE prompt_hash = ? AND model = ? AND prompt_version = ?`, promptHash, model, promptVersion).Scan(&content, &tokens)
	if err == sql.ErrNoRows {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, s.fail(ctx, op, err)
	}
	return content, tokens, true, nil
}

// PutLLMAnswer caches a model's reply to a prompt under (promptHash,
// model, promptVersion), replacing what was cached under that key.
// tokens is what the request cost.
func (s *Store) PutLLMAnswer(ctx context.Context, promptHash, model, promptVersion, content string, tokens int) error {
	const op = "sqlite.PutLLMAnswer"
	if promptHash == "" || model == "" || promptVersion == "" {
		return errdex.Errorf(op, errdex.Invalid, "an LLM answer needs a prompt hash, a model and a prompt version (got %q, %q, %q)",
			promptHash, model, promptVersion)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO llm_answers (prompt_hash, model, prompt_version, content, tokens, created_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (prompt_hash, model, prompt_version) DO UPDATE SET
				content = excluded.content, tokens = excluded.tokens, created_at = excluded.created_at`,
			promptHash, model, promptVersion, content, tokens, formatTime(time.Now()).String)
		return err
	})
	return s.fail(ctx, op, err)
}

// UpdateExplanations writes the Explanation and StaticExplanation of each
// given site to the stored site with the same ID, in one transaction, and
// leaves every other stored field as it is: only the sites' IDs and those
// two fields are read. A nil field removes the stored one. Sites that are
// no longer stored (a snapshot replaced meanwhile) are skipped. It returns
// the number of sites whose stored explanations changed.
func (s *Store) UpdateExplanations(ctx context.Context, sites []*errdex.Site) (int, error) {
	const op = "sqlite.UpdateExplanations"
	for i, site := range sites {
		if site == nil {
			return 0, errdex.Errorf(op, errdex.Invalid, "site %d of %d is nil", i+1, len(sites))
		}
		if _, err := errdex.ParseID(string(site.ID)); err != nil {
			return 0, errdex.E(op, errdex.Invalid, err)
		}
	}
	changed := 0
	err := s.write(ctx, func(tx *sql.Tx) error {
		sel, err := tx.PrepareContext(ctx, `SELECT facts FROM sites WHERE id = ?`)
		if err != nil {
			return err
		}
		defer sel.Close()
		upd, err := tx.PrepareContext(ctx, `UPDATE sites SET facts = ? WHERE id = ?`)
		if err != nil {
			return err
		}
		defer upd.Close()
		for _, site := range sites {
			var old sql.NullString
			err := sel.QueryRowContext(ctx, string(site.ID)).Scan(&old)
			if err == sql.ErrNoRows {
				continue
			}
			if err != nil {
				return err
			}
			facts, same, err := withExplanations([]byte(old.String), site.Explanation, site.StaticExplanation)
			if err != nil {
				return fmt.Errorf("site %s: %w", site.ID, err)
			}
			if same {
				continue
			}
			var arg any
			if facts != nil {
				arg = string(facts)
			}
			if _, err := upd.ExecContext(ctx, arg, string(site.ID)); err != nil {
				return err
			}
			changed++
		}
		return nil
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
