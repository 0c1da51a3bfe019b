package postgres

import (
	"context"
	"testing"

	"github.com/errdex/errdex/store/postgres/pgtest"
)

// TestChanges has one store (a serve replica) listen while another (a
// worker) writes: each committed write signals the listener, and the
// generation counter grows with each.
func TestChanges(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	u := pgtest.URL(t)
	replica, worker := openURL(t, u), openURL(t, u)
	gen0, err := replica.Generation(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ready := make(chan struct{})
	changes := replica.changes(ctx, func(err error) { t.Errorf("listener: %v", err) }, func() { close(ready) })
	<-ready
	<-changes // sent once the listener is in place

	snap, sites := manySites(1, 1, 1)
	if err := worker.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	<-changes
	if got, err := replica.Generation(ctx); err != nil || got != gen0+1 {
		t.Errorf("Generation after one write = %d, %v; want %d", got, err, gen0+1)
	}
	if err := worker.DeleteRepo(ctx, snap.Repo); err != nil {
		t.Fatal(err)
	}
	<-changes
	if got, err := replica.Generation(ctx); err != nil || got != gen0+2 {
		t.Errorf("Generation after two writes = %d, %v; want %d", got, err, gen0+2)
	}
	// A failed write changes nothing.
	if err := worker.DeleteRepo(ctx, snap.Repo); err == nil {
		t.Fatal("DeleteRepo of a deleted repository succeeded")
	}
	if got, err := replica.Generation(ctx); err != nil || got != gen0+2 {
		t.Errorf("Generation after a failed write = %d, %v; want %d", got, err, gen0+2)
	}
	cancel()
	for range changes {
		// Drained and closed when ctx is done.
	}
}

// TestChangesReconnect kills the listener's connection, as a server
// restart or a network failure would: the listener reports the failure,
// connects again and signals, since writes may have been missed.
func TestChangesReconnect(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	u := pgtest.URL(t)
	st := openURL(t, u)
	failed := make(chan error, 1)
	ready := make(chan struct{}, 2)
	changes := st.changes(ctx, func(err error) { failed <- err }, func() { ready <- struct{}{} })
	<-ready
	<-changes // sent once the listener is in place
	pgtest.Exec(t, u, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '`+st.listenerName()+`'`)
	if err := <-failed; err == nil {
		t.Error("the listener reported a nil error")
	}
	<-ready
	<-changes // the resync after reconnecting
	snap, sites := manySites(1, 1, 1)
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	<-changes
}
