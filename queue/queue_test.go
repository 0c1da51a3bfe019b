package queue

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/postgres"
	"github.com/errdex/errdex/store/postgres/pgtest"
)

// The tests run real River clients against the test server, each in a
// schema of its own, and wait on River's job events.

// eventWait bounds the wait for one event, so that a broken worker fails
// the test instead of hanging it. Events normally arrive within
// milliseconds; nothing here waits for time to pass.
const eventWait = 2 * time.Minute

// setup opens a store and a queue in a new schema.
func setup(t *testing.T) (*postgres.Store, *Queue) {
	t.Helper()
	ctx := context.Background()
	st, err := postgres.Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	q, err := Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	return st, q
}

// startWorker starts a worker on st and subscribes to its job events. The
// worker is stopped when the test ends, if the test has not stopped it.
func startWorker(t *testing.T, st *postgres.Store, cfg Config) (*Worker, <-chan *river.Event) {
	t.Helper()
	ctx := context.Background()
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 50 * time.Millisecond
	}
	cfg.testOnly = true
	w, err := NewWorker(ctx, st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	events, unsubscribe := w.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed,
		river.EventKindJobCancelled, river.EventKindJobInterrupted)
	if err := w.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		unsubscribe()
		if err := w.Stop(ctx); err != nil {
			t.Errorf("Stop: %v", err)
		}
	})
	return w, events
}

// next returns the next event.
func next(t *testing.T, events <-chan *river.Event) *river.Event {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("the event subscription ended")
		}
		return ev
	case <-time.After(eventWait):
		t.Fatalf("no job event within %v", eventWait)
		return nil
	}
}

// fixture copies testdata/name to a new directory, which the test may
// change, and returns its path.
func fixture(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

func enqueue(t *testing.T, q *Queue, args IndexArgs) *Enqueued {
	t.Helper()
	e, err := q.Enqueue(context.Background(), args)
	if err != nil {
		t.Fatalf("Enqueue(%+v): %v", args, err)
	}
	return e
}

// messages lists the messages of a repository's stored sites.
func messages(t *testing.T, st errdex.Store, repo string) []string {
	t.Helper()
	var got []string
	err := st.ListSites(context.Background(), errdex.SiteFilter{Repo: repo}, func(s *errdex.Site) error {
		got = append(got, s.Message())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestIndexJobs(t *testing.T) {
	st, q := setup(t)
	alpha, beta := fixture(t, "alpha"), fixture(t, "beta")
	jobs := map[int64]string{
		enqueue(t, q, IndexArgs{Path: alpha}).ID:                   "alpha",
		enqueue(t, q, IndexArgs{Path: beta, Repo: "team/beta"}).ID: "team/beta",
	}
	_, events := startWorker(t, st, Config{Concurrency: 2})
	for range jobs {
		ev := next(t, events)
		if ev.Kind != river.EventKindJobCompleted {
			t.Fatalf("job %d: %s, errors %+v", ev.Job.ID, ev.Kind, ev.Job.Errors)
		}
		var out Output
		if err := json.Unmarshal(ev.Job.Output(), &out); err != nil {
			t.Fatalf("job %d output %s: %v", ev.Job.ID, ev.Job.Output(), err)
		}
		if out.Repo != jobs[ev.Job.ID] || out.Sites != 2 || out.Files != 1 {
			t.Errorf("job %d output = %+v, want repo %s with 2 sites in 1 file", ev.Job.ID, out, jobs[ev.Job.ID])
		}
	}
	want := map[string][]string{
		"alpha":     {"settings file {path} does not exist", "port {value} is reserved; pick one above 1023"},
		"team/beta": {"cache size must be positive, got {size}", "'no cached entry for {key}'"},
	}
	for repo, w := range want {
		if diff := cmp.Diff(w, messages(t, st, repo)); diff != "" {
			t.Errorf("sites of %s (-want +got):\n%s", repo, diff)
		}
	}
}

func TestDuplicatesCollapse(t *testing.T) {
	st, q := setup(t)
	alpha := fixture(t, "alpha")
	first := enqueue(t, q, IndexArgs{Path: alpha})
	// The same job again, by a relative path: a duplicate.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, alpha)
	if err != nil {
		t.Fatal(err)
	}
	again := enqueue(t, q, IndexArgs{Path: rel})
	if !again.Duplicate || again.ID != first.ID {
		t.Errorf("second enqueue = job %d, duplicate %v; want job %d, duplicate", again.ID, again.Duplicate, first.ID)
	}
	// Other options make another job.
	other := enqueue(t, q, IndexArgs{Path: alpha, IncludeTests: true})
	if other.Duplicate || other.ID == first.ID {
		t.Errorf("enqueue with other options = job %d, duplicate %v; want a new job", other.ID, other.Duplicate)
	}
	_, events := startWorker(t, st, Config{})
	for range 2 {
		if ev := next(t, events); ev.Kind != river.EventKindJobCompleted {
			t.Fatalf("job %d: %s", ev.Job.ID, ev.Kind)
		}
	}
	// A finished job does not hold its arguments: the tree may have
	// changed since.
	if later := enqueue(t, q, IndexArgs{Path: alpha}); later.Duplicate || later.ID == first.ID {
		t.Errorf("enqueue after the job completed = job %d, duplicate %v; want a new job", later.ID, later.Duplicate)
	}
	if ev := next(t, events); ev.Kind != river.EventKindJobCompleted {
		t.Fatalf("job %d: %s", ev.Job.ID, ev.Kind)
	}
}

// gitRepo makes a git repository of the alpha fixture with two commits
// and returns its path and the commits' IDs, oldest first.
func gitRepo(t *testing.T) (string, []string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := fixture(t, "alpha")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.test",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.test", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q", "-b", "main")
	run("add", ".")
	run("commit", "-q", "-m", "first")
	one := run("rev-parse", "HEAD")
	if err := os.WriteFile(filepath.Join(dir, "extra.py"), []byte("def f(x):\n    if x is None:\n        raise TypeError(\"x must not be None\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("add", ".")
	run("commit", "-q", "-m", "second")
	return dir, []string{one, run("rev-parse", "HEAD")}
}

func TestRevisionJobs(t *testing.T) {
	st, q := setup(t)
	dir, commits := gitRepo(t)
	// HEAD~1 and the first commit's ID are one job: revisions are
	// resolved when enqueued.
	a := enqueue(t, q, IndexArgs{Path: dir, Repo: "alpha", Rev: "HEAD~1"})
	b := enqueue(t, q, IndexArgs{Path: dir, Repo: "alpha", Rev: commits[0]})
	if a.Args.Rev != commits[0] || !b.Duplicate || b.ID != a.ID {
		t.Errorf("enqueue HEAD~1 = %+v, then %s = %+v; want one job at %s", a, commits[0], b, commits[0])
	}
	if _, err := q.Enqueue(context.Background(), IndexArgs{Path: dir, Rev: "no-such-branch"}); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Enqueue of an unknown revision: %v, want NotFound", err)
	}
	_, events := startWorker(t, st, Config{})
	if ev := next(t, events); ev.Kind != river.EventKindJobCompleted {
		t.Fatalf("job %d: %s, errors %+v", ev.Job.ID, ev.Kind, ev.Job.Errors)
	}
	snap, err := st.Snapshot(context.Background(), "alpha")
	if err != nil {
		t.Fatal(err)
	}
	// The first commit lacks extra.py, which the work tree has.
	if snap.Rev != commits[0] || snap.Stats.Sites != 2 {
		t.Errorf("snapshot = %s with %d sites, want %s with 2", snap.Rev, snap.Stats.Sites, commits[0])
	}
}

func TestEnqueueErrors(t *testing.T) {
	_, q := setup(t)
	file := filepath.Join(fixture(t, "beta"), "cache.py")
	tests := []struct {
		name string
		args IndexArgs
		kind errdex.ErrorKind
		want string
	}{
		{"missing path", IndexArgs{Path: filepath.Join(t.TempDir(), "nope")}, errdex.NotFound, "does not exist"},
		{"a file", IndexArgs{Path: file}, errdex.Invalid, "is not a directory"},
		{"revision outside git", IndexArgs{Path: t.TempDir(), Rev: "HEAD"}, errdex.NotFound, "not inside a git repository"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := q.Enqueue(context.Background(), tt.args)
			if errdex.KindOf(err) != tt.kind || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Enqueue(%+v) = %v, want a %v error containing %q", tt.args, err, tt.kind, tt.want)
			}
		})
	}
}

// TestFailingJob runs a job whose directory vanished after it was queued:
// each attempt fails and is recorded, then the job is discarded. A job
// whose arguments are invalid is cancelled after one attempt.
func TestFailingJob(t *testing.T) {
	st, q := setup(t)
	gone := fixture(t, "alpha")
	job := enqueue(t, q, IndexArgs{Path: gone})
	if err := os.RemoveAll(gone); err != nil {
		t.Fatal(err)
	}
	_, events := startWorker(t, st, Config{RetryDelay: func(int) time.Duration { return 0 }})
	for attempt := 1; attempt <= MaxAttempts; attempt++ {
		ev := next(t, events)
		want := rivertype.JobStateAvailable // retried at once
		if attempt == MaxAttempts {
			want = rivertype.JobStateDiscarded
		}
		if ev.Kind != river.EventKindJobFailed || ev.Job.ID != job.ID || ev.Job.Attempt != attempt || ev.Job.State != want {
			t.Fatalf("event %d = %s of job %d, attempt %d, state %s; want failed job %d, attempt %d, state %s",
				attempt, ev.Kind, ev.Job.ID, ev.Job.Attempt, ev.Job.State, job.ID, attempt, want)
		}
	}
	row, err := q.Job(context.Background(), job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(row.Errors) != MaxAttempts {
		t.Fatalf("job has %d recorded errors, want %d", len(row.Errors), MaxAttempts)
	}
	for i, e := range row.Errors {
		if e.Attempt != i+1 || !strings.Contains(e.Error, gone) || !strings.Contains(e.Error, "does not exist") {
			t.Errorf("recorded error %d = attempt %d %q; want attempt %d naming %s", i, e.Attempt, e.Error, i+1, gone)
		}
	}

	// An unresolvable revision (a job written by hand or by an older
	// errdex: Enqueue would have refused it) fails the same way every
	// time, so it is cancelled at once.
	dir, _ := gitRepo(t)
	res, err := q.client.Insert(context.Background(), IndexArgs{Path: dir, Rev: "bad:revision"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev := next(t, events)
	if ev.Kind != river.EventKindJobCancelled || ev.Job.ID != res.Job.ID || len(ev.Job.Errors) != 1 ||
		!strings.Contains(ev.Job.Errors[0].Error, "bad:revision") {
		t.Errorf("job with a bad revision: %s of job %d, errors %+v; want job %d cancelled with one error naming the revision",
			ev.Kind, ev.Job.ID, ev.Job.Errors, res.Job.ID)
	}
}

// blockingStore holds each ReplaceSnapshot until its context ends, then
// hands it on: a write in flight when the worker is stopped.
type blockingStore struct {
	errdex.Store
	entered chan struct{}
}

func (b *blockingStore) ReplaceSnapshot(ctx context.Context, snap *errdex.Snapshot, sites []*errdex.Site) error {
	b.entered <- struct{}{}
	<-ctx.Done()
	return b.Store.ReplaceSnapshot(ctx, snap, sites)
}

// TestStopMidJob stops a worker while its job writes: the write is
// canceled, the previous snapshot stays whole, and the job goes back to
// the queue without using an attempt, for the next worker to finish.
func TestStopMidJob(t *testing.T) {
	ctx := context.Background()
	st, q := setup(t)
	alpha := fixture(t, "alpha")
	w1, events := startWorker(t, st, Config{})
	enqueue(t, q, IndexArgs{Path: alpha})
	if ev := next(t, events); ev.Kind != river.EventKindJobCompleted {
		t.Fatalf("first job: %s", ev.Kind)
	}
	if err := w1.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	before, err := st.Snapshot(ctx, "alpha")
	if err != nil {
		t.Fatal(err)
	}

	if err := os.WriteFile(filepath.Join(alpha, "extra.py"), []byte("raise RuntimeError(\"import me not\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	blocking := &blockingStore{Store: st, entered: make(chan struct{}, 1)}
	w2, events2 := startWorker(t, st, Config{Store: blocking})
	job := enqueue(t, q, IndexArgs{Path: alpha})
	select {
	case <-blocking.entered:
	case <-time.After(eventWait):
		t.Fatalf("the job did not reach the store within %v", eventWait)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel() // no time for the job to finish: cancel it now
	if err := w2.Stop(canceled); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	ev := next(t, events2)
	if ev.Kind != river.EventKindJobInterrupted || ev.Job.ID != job.ID {
		t.Fatalf("stopped job: %s of job %d, want job %d interrupted", ev.Kind, ev.Job.ID, job.ID)
	}
	after, err := st.Snapshot(ctx, "alpha")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("snapshot after the canceled job (-before +after):\n%s", diff)
	}
	if got := messages(t, st, "alpha"); len(got) != 2 {
		t.Errorf("sites after the canceled job = %q, want the 2 of the first snapshot", got)
	}

	// The next worker takes the job up again.
	_, events3 := startWorker(t, st, Config{})
	ev = next(t, events3)
	if ev.Kind != river.EventKindJobCompleted || ev.Job.ID != job.ID {
		t.Fatalf("the interrupted job: %s of job %d, want job %d completed", ev.Kind, ev.Job.ID, job.ID)
	}
	if len(ev.Job.Errors) != 0 || ev.Job.Attempt != 1 {
		t.Errorf("the interrupted job completed at attempt %d with errors %+v; want attempt 1 and none", ev.Job.Attempt, ev.Job.Errors)
	}
	if got := messages(t, st, "alpha"); len(got) != 3 {
		t.Errorf("sites after the job ran again = %q, want 3", got)
	}
}
