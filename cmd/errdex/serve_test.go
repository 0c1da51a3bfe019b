package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
)

// indexPics indexes a repository "pics" of one Python file raising one
// error into a new SQLite database, and returns the database's path.
func indexPics(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	src := "def resize(width):\n    if width > 4096:\n        raise ValueError(f\"width {width} is over the 4096 pixel limit\")\n"
	if err := os.WriteFile(filepath.Join(repo, "image.py"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "errdex.db")
	var out, errOut bytes.Buffer
	if code := run([]string{"index", "--db", db, "--repo", "pics", repo}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("index: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	return db
}

// TestServeShutdownFinishesInFlight stops `errdex serve` while a search is
// in flight: the server stops accepting connections, the search still gets
// its answer, and serve returns without error. The request is known to be
// in flight without sleeping: it asks for "100 Continue", and the body
// only starts to flow once the handler reads it.
func TestServeShutdownFinishesInFlight(t *testing.T) {
	db := indexPics(t)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serveLines, served := startServe(ctx, t, db, io.Discard)
	base := waitFor(t, serveLines, regexp.MustCompile(`serving 1 error sites at (http://[^/]+/)`))[1]

	body, feed := io.Pipe()
	req, err := http.NewRequest(http.MethodPost, base+"api/search", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Expect", "100-continue")
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: lineWait}}
	type reply struct {
		resp *http.Response
		err  error
	}
	replied := make(chan reply, 1)
	go func() {
		resp, err := client.Do(req)
		replied <- reply{resp, err}
	}()
	// The pipe hands this over only when the client sends the body: after
	// the server's 100 Continue, with the handler reading.
	if _, err := io.WriteString(feed, "ValueError: width 5000 "); err != nil {
		t.Fatal(err)
	}

	cancel()
	waitFor(t, serveLines, regexp.MustCompile(`^errdex: shutting down$`))
	// The line is logged as Shutdown starts, which closes the listener
	// first: new connections are refused from then on, within lineWait.
	addr := strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/")
	for deadline := time.Now().Add(lineWait); ; {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Error("the server still accepts new connections while shutting down")
			break
		}
	}
	if _, err := io.WriteString(feed, "is over the 4096 pixel limit"); err != nil {
		t.Fatal(err)
	}
	feed.Close()

	r := <-replied
	if r.err != nil {
		t.Fatalf("the search in flight failed: %v", r.err)
	}
	defer r.resp.Body.Close()
	var ans struct {
		Matches []struct {
			Values map[string]string `json:"values"`
		} `json:"matches"`
	}
	if r.resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200", r.resp.StatusCode)
	}
	if err := json.NewDecoder(r.resp.Body).Decode(&ans); err != nil {
		t.Fatal(err)
	}
	if len(ans.Matches) == 0 || ans.Matches[0].Values["width"] != "5000" {
		t.Errorf("answer %+v, want the site with width = 5000", ans)
	}
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestServeSeesExplanations writes explanations into the sites of a SQLite
// database, as `errdex enrich` does from another process, while `errdex
// serve` polls it: without a new snapshot, the server's next poll notices
// the change and its pages and API show the new text, not the cached one.
func TestServeSeesExplanations(t *testing.T) {
	db := indexPics(t)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout, serveLines := lines(t)
	stderr, serveLogs := lines(t)
	srv := &env{stdout: stdout, stderr: stderr, db: db}
	st, err := srv.openExisting(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	served := make(chan error, 1)
	go func() {
		// Polling is what the test waits for, through the log line it
		// prints, so a short period only makes the test quick.
		served <- srv.serve(ctx, st, serveOptions{addr: "127.0.0.1:0", refresh: 10 * time.Millisecond, shutdown: time.Minute, searchRate: -1, logFormat: "text"})
	}()
	base := waitFor(t, serveLines, regexp.MustCompile(`serving 1 error sites at (http://[^/]+/)`))[1]

	// The writer is another store of the database, as another process's.
	writer := &env{stdout: io.Discard, stderr: io.Discard, db: db}
	wst, err := writer.openStore(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer wst.Close()
	var id errdex.ID
	if err := wst.ListSites(ctx, errdex.SiteFilter{Repo: "pics"}, func(s *errdex.Site) error { id = s.ID; return nil }); err != nil || id == "" {
		t.Fatalf("ListSites: %v (site %q)", err, id)
	}
	targets := []string{base + "errors/" + string(id), base + "api/errors/" + string(id)}
	const meaning = "The image is wider than the 4096 pixels resize accepts."
	for _, u := range targets {
		if b := httpGet(t, u); strings.Contains(b, meaning) {
			t.Fatalf("GET %s shows the explanation before it was written", u)
		}
	}
	n, err := wst.UpdateExplanations(ctx, []*errdex.Site{{ID: id, Explanation: &errdex.Explanation{
		Meaning: meaning, Source: "llm:test-model", Sources: map[string]string{"meaning": "llm:test-model"},
	}}})
	if err != nil || n != 1 {
		t.Fatalf("UpdateExplanations = %d, %v; want 1, nil", n, err)
	}
	waitFor(t, serveLogs, regexp.MustCompile(`store changed: match index reloaded.* sites=1`))
	for _, u := range targets {
		if b := httpGet(t, u); !strings.Contains(b, meaning) {
			t.Errorf("GET %s after the server's refresh lacks the new explanation:\n%.2000s", u, b)
		}
	}
	cancel()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// httpGet returns the body of a 200 answer to GET url.
func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d\n%s", url, resp.StatusCode, b)
	}
	return string(b)
}
