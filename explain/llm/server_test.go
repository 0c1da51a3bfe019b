package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/sqlite"
)

// This file holds the test fixtures: a repository of stored sites
// (testdata/repo.json, in the shape errdex's analysis stores) in a real
// SQLite store, and a real HTTP server speaking the chat-completions
// protocol that answers from a script.

// fixture is testdata/repo.json.
type fixture struct {
	Snapshot errdex.Snapshot `json:"snapshot"`
	Sites    []*errdex.Site  `json:"sites"`
}

// The sites of the fixture.
const (
	siteMask      errdex.ID = "0e4cc0ef854d000f" // RuntimeError in MetadataBuffers.set_buf, with a static explanation
	siteCapacity  errdex.ID = "5a1f3c2b9d8e7f60" // ValueError in the same function
	siteFlag      errdex.ID = "7b2e4d6f8a0c1e35" // a --flag and an env var
	siteInjection errdex.ID = "9c3d5e7f9a1b2c4d" // message and comment aimed at a model
	siteDtype     errdex.ID = "a4b6c8d0e2f41357"
	siteTokenizer errdex.ID = "b5c7d9e1f3a52468"
)

func readFixture(t testing.TB) *fixture {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "repo.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("testdata/repo.json: %v", err)
	}
	for _, s := range f.Sites {
		s.Repo, s.Rev, s.RevDate = f.Snapshot.Repo, f.Snapshot.Rev, f.Snapshot.RevDate
	}
	return &f
}

// openFixture stores the fixture repository in a new SQLite database.
func openFixture(t testing.TB) (*sqlite.Store, *fixture) {
	t.Helper()
	f := readFixture(t)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.ReplaceSnapshot(context.Background(), &f.Snapshot, f.Sites); err != nil {
		t.Fatal(err)
	}
	return st, f
}

func (f *fixture) site(t testing.TB, id errdex.ID) *errdex.Site {
	t.Helper()
	for _, s := range f.Sites {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no site %s in the fixture", id)
	return nil
}

// symbols builds the fixture repository's symbol table.
func (f *fixture) symbols() *Symbols {
	syms := NewSymbols()
	for _, s := range f.Sites {
		syms.AddSite(s)
	}
	return syms
}

// step is one scripted reply.
type step struct {
	status  int               // HTTP status; 0 means 200 with a completion
	header  map[string]string // response headers
	content string            // the assistant message of a completion
	finish  string            // finish_reason (default "stop")
	body    string            // a raw response body instead
	hang    bool              // never answer: hold the request until the client gives up
	noUsage bool              // leave usage out of the completion
}

// seen is one request the server received.
type seen struct {
	site   errdex.ID // the site the prompt is about
	schema bool      // whether it asked for json_schema output
	auth   string
	req    chatRequest
}

// llmServer is an OpenAI-compatible chat-completions server that answers
// from a script: each site (recognised by the place the prompt says it
// raises at) gets its steps in order, and the last step repeats.
type llmServer struct {
	t            testing.TB
	srv          *httptest.Server
	rejectSchema bool                 // answer 400 to any request with a response_format
	sites        map[string]errdex.ID // "path line N" → site
	arrived      chan errdex.ID       // when set, receives each request's site on arrival

	mu       sync.Mutex
	script   map[errdex.ID][]step
	requests []seen
	inFlight int
	maxIn    int
	release  chan struct{} // when set, requests wait for it to close
}

func newLLMServer(t testing.TB, fx *fixture, script map[errdex.ID][]step) *llmServer {
	t.Helper()
	s := &llmServer{t: t, script: script, sites: map[string]errdex.ID{}}
	for _, site := range fx.Sites {
		s.sites[fmt.Sprintf("%s line %d", site.Location.Path, site.Location.Line)] = site.ID
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// url is the base URL a user would configure.
func (s *llmServer) url() string { return s.srv.URL + "/v1" }

func (s *llmServer) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		http.Error(w, `{"error":{"message":"want JSON"}}`, http.StatusUnsupportedMediaType)
		return
	}
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model == "" || len(req.Messages) != 2 ||
		req.Messages[0].Role != "system" || req.Messages[1].Role != "user" || req.MaxTokens <= 0 || req.Stream {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"error":{"message":"malformed chat completion request"}}`))
		return
	}
	id := s.sites[promptPlace(req.Messages[1].Content)]
	s.mu.Lock()
	s.requests = append(s.requests, seen{site: id, schema: req.ResponseFormat != nil, auth: r.Header.Get("Authorization"), req: req})
	s.inFlight++
	s.maxIn = max(s.maxIn, s.inFlight)
	release := s.release
	steps := s.script[id]
	var st step
	switch {
	case len(steps) == 0:
		st = step{status: http.StatusInternalServerError, body: `{"error":{"message":"no script for site ` + string(id) + `"}}`}
	case len(steps) == 1:
		st = steps[0]
	default:
		st, s.script[id] = steps[0], steps[1:]
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	// Arrival is told after the request counts as in flight, so that a
	// test that saw two arrive knows both are counted.
	if s.arrived != nil {
		s.arrived <- id
	}
	if release != nil {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
	}

	if req.ResponseFormat != nil && s.rejectSchema {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"error":{"message":"'response_format.type' must be 'json_object' or 'text'"}}`))
		return
	}
	if st.hang {
		<-r.Context().Done()
		return
	}
	for k, v := range st.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	if st.status != 0 && st.status != http.StatusOK {
		w.WriteHeader(st.status)
		w.Write([]byte(st.body))
		return
	}
	if st.body != "" {
		w.Write([]byte(st.body))
		return
	}
	finish := st.finish
	if finish == "" {
		finish = "stop"
	}
	resp := map[string]any{
		"id":      "chatcmpl-" + strconv.Itoa(len(s.requests)),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   req.Model,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": st.content},
			"finish_reason": finish,
		}},
	}
	if !st.noUsage {
		p, c := promptLen(req)/4, len(st.content)/4
		resp["usage"] = map[string]int{"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}
	}
	json.NewEncoder(w).Encode(resp)
}

func promptLen(req chatRequest) int {
	n := 0
	for _, m := range req.Messages {
		n += len(m.Content)
	}
	return n
}

// promptPlace reads where the site raises from a prompt's site block.
func promptPlace(prompt string) string {
	_, rest, ok := strings.Cut(prompt, "\nraised at: ")
	if !ok {
		return ""
	}
	place, _, _ := strings.Cut(rest, "\n")
	return place
}

// log returns the requests received so far.
func (s *llmServer) log() []seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seen(nil), s.requests...)
}

// count returns how many requests were about a site ("" for all).
func (s *llmServer) count(id errdex.ID) int {
	n := 0
	for _, r := range s.log() {
		if id == "" || r.site == id {
			n++
		}
	}
	return n
}

// testClient returns a client of the server with short waits, so that
// retries cost little time; timeout bounds each attempt.
func testClient(t testing.TB, s *llmServer, timeout time.Duration) *Client {
	t.Helper()
	c, err := New(Config{BaseURL: s.url(), Model: "test-model", Timeout: timeout, Backoff: time.Millisecond, MaxRetries: 3, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
