package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// LLMAnswer implements errdex.Store.
func (s *Store) LLMAnswer(ctx context.Context, promptHash, model, promptVersion string) (content string, tokens int, ok bool, err error) {
	const op = "postgres.LLMAnswer"
	var n int32
	err = s.pool.QueryRow(ctx, `SELECT content, tokens FROM llm_answers
		WHERE prompt_hash = $1 AND model = $2 AND prompt_version = $3`,
		rowcodec.EscapeText(promptHash), rowcodec.EscapeText(model), rowcodec.EscapeText(promptVersion)).Scan(&content, &n)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, s.fail(ctx, op, err)
	}
	return rowcodec.UnescapeText(content), int(n), true, nil
}

// PutLLMAnswer implements errdex.Store.
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
		rowcodec.EscapeText(promptHash), rowcodec.EscapeText(model), rowcodec.EscapeText(promptVersion), rowcodec.EscapeText(content), int32(min(tokens, 1<<31-1)), time.Now())
	return s.fail(ctx, op, err)
}

// UpdateExplanations implements errdex.Store with
// rowcodec.WithExplanations, which keeps the other members of each site's
// facts as they are. When it changes a site, it bumps the change counter
// and notifies listeners (changes.go), so serve replicas show the new
// explanations; when it changes none, it leaves both alone.
func (s *Store) UpdateExplanations(ctx context.Context, sites []*errdex.Site) (int, error) {
	const op = "postgres.UpdateExplanations"
	if err := rowcodec.CheckIDs(sites); err != nil {
		return 0, errdex.E(op, errdex.Invalid, err)
	}
	ids := make([]string, len(sites))
	for i, site := range sites {
		ids[i] = string(site.ID)
	}
	changed := 0
	err := s.write(ctx, func(tx pgx.Tx) (bool, error) {
		// Lock the rows, so that the facts read are those replaced.
		rows, err := tx.Query(ctx, `SELECT id, facts FROM sites WHERE id = ANY($1) FOR UPDATE`, ids)
		if err != nil {
			return false, err
		}
		stored := map[string][]byte{}
		for rows.Next() {
			var id string
			var facts []byte
			if err := rows.Scan(&id, &facts); err != nil {
				rows.Close()
				return false, err
			}
			stored[id] = facts
		}
		if err := rows.Err(); err != nil {
			return false, err
		}
		batch := &pgx.Batch{}
		for _, site := range sites {
			old, ok := stored[string(site.ID)]
			if !ok {
				continue
			}
			facts, same, err := rowcodec.WithExplanations(old, site.Explanation, site.StaticExplanation)
			if err != nil {
				return false, fmt.Errorf("site %s: %w", site.ID, err)
			}
			if same {
				continue
			}
			stored[string(site.ID)] = facts // a later duplicate compares with this
			batch.Queue(`UPDATE sites SET facts = $1 WHERE id = $2`, facts, string(site.ID))
			changed++
		}
		if batch.Len() == 0 {
			return false, nil // nothing changed: the counter stays
		}
		return true, tx.SendBatch(ctx, batch).Close()
	})
	if err != nil {
		return 0, s.fail(ctx, op, err)
	}
	return changed, nil
}
