package postgres

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// How serve replicas learn that a snapshot landed or explanations changed.
//
// Every write transaction that changes what readers see (ReplaceSnapshot,
// DeleteRepo, and UpdateExplanations when it changed at least one site;
// see Store.write) increments the one row of the changes table and runs
// pg_notify('errdex_changes', '<schema> <generation>'). A write that fails
// rolls both back; an UpdateExplanations that changed nothing and
// PutLLMAnswer do neither. PostgreSQL delivers
// a notification only when its transaction commits, in commit order, so a
// listener that hears one can read the new state at once; the counter
// gives pollers (and listeners that reconnect after missing
// notifications) the same news: compare Generation with the last value
// seen.
//
// Changes listens on a connection of its own, outside the pool, because
// LISTEN belongs to a session: a pooled connection would go back to the
// pool still listening.

// notifyChannel is the channel of the notifications. Channels are
// database-wide, so the payload names the schema, and Changes ignores the
// notifications of other schemas.
const notifyChannel = "errdex_changes"

// Generation implements errdex.Store: the change counter grows by one
// with every committed write that changes what readers see, so a reader
// that remembers it can tell with one cheap query whether anything
// changed since.
func (s *Store) Generation(ctx context.Context) (int64, error) {
	var gen int64
	if err := s.pool.QueryRow(ctx, `SELECT generation FROM changes`).Scan(&gen); err != nil {
		return 0, s.fail(ctx, "postgres.Generation", err)
	}
	return gen, nil
}

// Reconnection delays of Changes after its connection fails.
const (
	minRetry = 500 * time.Millisecond
	maxRetry = 30 * time.Second
)

// Changes returns a channel that receives a value soon after each write
// that any process commits to the store, until ctx is done; then the
// channel is closed. Values coalesce: a receiver that is busy when several
// writes commit gets one value for all of them, and should then read the
// new state (web.Server.Refresh does). A value is also sent as soon as
// the listener is in place, and again each time it has reconnected after
// a failure (with growing delays), since writes may have committed while
// nobody listened: a receiver that loaded the state before calling
// Changes misses nothing. Failures are passed to report (which may be
// nil), for a log.
func (s *Store) Changes(ctx context.Context, report func(error)) <-chan struct{} {
	return s.changes(ctx, report, nil)
}

// changes is Changes, calling listening (when not nil) each time the
// listener is in place.
func (s *Store) changes(ctx context.Context, report func(error), listening func()) <-chan struct{} {
	ch := make(chan struct{}, 1)
	cfg := s.pool.Config().ConnConfig // a copy
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	cfg.RuntimeParams["application_name"] = s.listenerName()
	go func() {
		defer close(ch)
		delay := minRetry
		for ctx.Err() == nil {
			err := s.listen(ctx, cfg, ch, listening)
			if ctx.Err() != nil {
				return
			}
			if report != nil {
				report(s.classify("postgres.Changes", err))
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(delay):
			}
			delay = min(2*delay, maxRetry)
		}
	}()
	return ch
}

// listenerName is the application_name of the listening connection, which
// shows in pg_stat_activity.
func (s *Store) listenerName() string { return "errdex changes " + s.schema }

// listen connects, listens and forwards this schema's notifications to ch
// until the connection fails or ctx is done, after sending one value as
// soon as the listener is in place.
func (s *Store) listen(ctx context.Context, cfg *pgx.ConnConfig, ch chan<- struct{}, listening func()) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+notifyChannel); err != nil {
		return err
	}
	if listening != nil {
		listening()
	}
	signal(ch)
	prefix := s.schema + " "
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if strings.HasPrefix(n.Payload, prefix) {
			signal(ch)
		}
	}
}

// signal sends a value on ch unless one is already waiting there.
func signal(ch chan<- struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}
