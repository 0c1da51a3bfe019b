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
)

// TestServeShutdownFinishesInFlight stops `errdex serve` while a search is
// in flight: the server stops accepting connections, the search still gets
// its answer, and serve returns without error. The request is known to be
// in flight without sleeping: it asks for "100 Continue", and the body
// only starts to flow once the handler reads it.
func TestServeShutdownFinishesInFlight(t *testing.T) {
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
	if c, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/")); err == nil {
		c.Close()
		t.Error("the server accepted a new connection while shutting down")
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
