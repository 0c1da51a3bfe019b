package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/internal/rowcodec"
)

// LLMAnswer implements errdex.Store.
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

// PutLLMAnswer implements errdex.Store.
func (s *Store) PutLLMAnswer(ctx context.Context, promptHash, model, promptVersion, content string, tokens int) error {
	const op = "sqlite.PutLLMAnswer"
	if promptHash == "" || model == "" || promptVersion == "" {
		return errdex.Errorf(op, errdex.Invalid, "an LLM answer needs a prompt hash, a model and a prompt version (got %q, %q, %q)",
			promptHash, model, promptVersion)
	}
	// The cache of answers is no part of what the change counter counts.
	err := s.write(ctx, func(tx *sql.Tx) (bool, error) {
		_, err := tx.ExecContext(ctx, `INSERT INTO llm_answers (prompt_hash, model, prompt_version, content, tokens, created_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (prompt_hash, model, prompt_version) DO UPDATE SET
				content = excluded.content, tokens = excluded.tokens, created_at = excluded.created_at`,
			promptHash, model, promptVersion, content, tokens, *rowcodec.FormatTime(time.Now()))
		return false, err
	})
	return s.fail(ctx, op, err)
}

// UpdateExplanations implements errdex.Store with
// rowcodec.WithExplanations, which keeps the other members of each site's
// facts as they are. It bumps the change counter when it changed a site,
// so that a running server shows the new explanations.
func (s *Store) UpdateExplanations(ctx context.Context, sites []*errdex.Site) (int, error) {
	const op = "sqlite.UpdateExplanations"
	if err := rowcodec.CheckIDs(sites); err != nil {
		return 0, errdex.E(op, errdex.Invalid, err)
	}
	changed := 0
	err := s.write(ctx, func(tx *sql.Tx) (bool, error) {
		sel, err := tx.PrepareContext(ctx, `SELECT facts FROM sites WHERE id = ?`)
		if err != nil {
			return false, err
		}
		defer sel.Close()
		upd, err := tx.PrepareContext(ctx, `UPDATE sites SET facts = ? WHERE id = ?`)
		if err != nil {
			return false, err
		}
		defer upd.Close()
		for _, site := range sites {
			var old sql.NullString
			err := sel.QueryRowContext(ctx, string(site.ID)).Scan(&old)
			if err == sql.ErrNoRows {
				continue
			}
			if err != nil {
				return false, err
			}
			facts, same, err := rowcodec.WithExplanations([]byte(old.String), site.Explanation, site.StaticExplanation)
			if err != nil {
				return false, fmt.Errorf("site %s: %w", site.ID, err)
			}
			if same {
				continue
			}
			var arg any
			if facts != nil {
				arg = string(facts)
			}
			if _, err := upd.ExecContext(ctx, arg, string(site.ID)); err != nil {
				return false, err
			}
			changed++
		}
		return changed > 0, nil // nothing changed: the counter stays
	})
	if err != nil {
		return 0, s.fail(ctx, op, err)
	}
	return changed, nil
}
