package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex/store/postgres/pgtest"
)

// lineWait bounds the wait for one line of a command's output, so that a
// broken command fails the test instead of hanging it.
const lineWait = 2 * time.Minute

// lines sends each line written to the returned writer on the returned
// channel.
func lines(t *testing.T) (io.Writer, <-chan string) {
	t.Helper()
	r, w := io.Pipe()
	ch := make(chan string, 1000) // more than the commands write in a test
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	t.Cleanup(func() { w.Close() })
	return w, ch
}

// waitFor returns the first line of ch that matches re.
func waitFor(t *testing.T, ch <-chan string, re *regexp.Regexp) []string {
	t.Helper()
	deadline := time.After(lineWait)
	for {
		select {
		case line, ok := <-ch:
			if !ok {
				t.Fatalf("the output ended without a line matching %s", re)
			}
			if m := re.FindStringSubmatch(line); m != nil {
				return m
			}
		case <-deadline:
			t.Fatalf("no line matching %s within %v", re, lineWait)
		}
	}
}

// startServe runs `errdex serve` on database db, on a free loopback port
// with polling off, until ctx ends. It returns the lines the server prints
// on its standard output and the error serve returns; stderr receives its
// logs.
func startServe(ctx context.Context, t *testing.T, db string, stderr io.Writer) (<-chan string, <-chan error) {
	t.Helper()
	out, printed := lines(t)
	srv := &env{stdout: out, stderr: stderr, db: db}
	st, err := srv.openExisting(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	served := make(chan error, 1)
	go func() {
		served <- srv.serve(ctx, st, serveOptions{addr: "127.0.0.1:0", shutdown: time.Minute, searchRate: -1, logFormat: "text"})
	}()
	return printed, served
}

// TestServeSeesWorkerSnapshot runs, on one PostgreSQL database, `errdex
// serve` with polling off, then `errdex enqueue` and `errdex worker`: the
// snapshot the worker lands reaches the server through the database's
// notification alone, and the server's match index finds its error.
func TestServeSeesWorkerSnapshot(t *testing.T) {
	db := pgtest.URL(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// The server starts on the empty database.
	serveErr, serveLogs := lines(t)
	serveLines, served := startServe(ctx, t, db, serveErr)
	addr := waitFor(t, serveLines, regexp.MustCompile(`serving 0 error sites at (http://[^/]+/)`))[1]

	// A job is queued, and a worker runs it.
	repo := t.TempDir()
	src := "def resize(width):\n    if width > 4096:\n        raise ValueError(f\"width {width} is over the 4096 pixel limit\")\n"
	if err := os.WriteFile(filepath.Join(repo, "image.py"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"enqueue", "--db", db, "--repo", "pics", repo}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("enqueue: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "queued job") {
		t.Errorf("enqueue printed %q, want a queued job", out.String())
	}
	workerOut, _ := lines(t)
	workerErr, workerLogs := lines(t)
	worker := &env{stdout: workerOut, stderr: workerErr, db: db}
	cmd := worker.workerCmd()
	cmd.SetArgs(nil)
	worked := make(chan error, 1)
	go func() { worked <- cmd.ExecuteContext(ctx) }()
	waitFor(t, workerLogs, regexp.MustCompile(`msg=indexed .*repo=pics .*sites=1`))

	// The server hears of it and reloads.
	waitFor(t, serveLogs, regexp.MustCompile(`store changed: match index reloaded.* sites=1`))
	resp, err := http.Get(addr + "api/search?q=" + url.QueryEscape("ValueError: width 8000 is over the 4096 pixel limit"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Matches []struct {
			Values map[string]string `json:"values"`
			Site   struct {
				Repo string `json:"repo"`
			} `json:"site"`
		} `json:"matches"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatalf("search answer: %v", err)
	}
	if len(got.Matches) == 0 || got.Matches[0].Site.Repo != "pics" || got.Matches[0].Values["width"] != "8000" {
		t.Errorf("search after the worker's snapshot = %+v, want the site of pics with width 8000", got.Matches)
	}

	cancel()
	if err := <-worked; err != nil {
		t.Errorf("worker: %v", err)
	}
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestQueueCommandsNeedPostgres checks that worker and enqueue refuse a
// SQLite database with a message saying what to pass.
func TestQueueCommandsNeedPostgres(t *testing.T) {
	for _, args := range [][]string{{"worker"}, {"enqueue", "."}} {
		var out, errOut bytes.Buffer
		code := run(append(args, "--db", filepath.Join(t.TempDir(), "x.db")), strings.NewReader(""), &out, &errOut)
		if code != 2 || !strings.Contains(errOut.String(), "needs a PostgreSQL database") || !strings.Contains(errOut.String(), "--db postgres://") {
			t.Errorf("errdex %s on SQLite: exit %d, %q; want exit 2 and a message asking for --db postgres://", args[0], code, errOut.String())
		}
	}
}
