package web

import (
	"compress/gzip"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/store/postgres"
	"github.com/errdex/errdex/store/postgres/pgtest"
	"github.com/errdex/errdex/store/sqlite"
)

// TestRefreshExplanations writes explanations into an indexed site, as
// `errdex enrich` does from another process, without a new snapshot: once
// Refresh has run, the error page, /api/errors/ID and search answers
// (plain and gzip-spliced from cached segments) show the new text, on
// both stores.
func TestRefreshExplanations(t *testing.T) {
	stores := []struct {
		name string
		open func(t *testing.T) errdex.Store
	}{
		{"sqlite", func(t *testing.T) errdex.Store {
			st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "errdex.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
		{"postgres", func(t *testing.T) errdex.Store {
			st, err := postgres.Open(context.Background(), pgtest.URL(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
	}
	for _, tt := range stores {
		t.Run(tt.name, func(t *testing.T) {
			testRefreshExplanations(t, tt.open(t))
		})
	}
}

func testRefreshExplanations(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	sites := loadFixture(t, st, minidisagg)
	site := sites["minidisagg/utils.py:19"]
	if site == nil {
		t.Fatal("fixture has no site at minidisagg/utils.py:19")
	}
	svc, err := lookup.New(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(ctx, Config{Store: st, Lookup: svc, SearchRate: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	const oldMeaning = "An old meaning, cached by every layer"
	const newMeaning = "A new meaning written by errdex enrich"
	explain := func(meaning string) *errdex.Explanation {
		return &errdex.Explanation{
			Meaning:   meaning,
			Solutions: []string{"Set DISAGG_SAMPLING_MASK_MAX_TOKENS to a positive value."},
			Source:    "llm:qwen3-coder",
			Sources:   map[string]string{"meaning": "llm:qwen3-coder", "solutions": "llm:qwen3-coder"},
		}
	}
	update := func(meaning string) {
		t.Helper()
		n, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: site.ID, Explanation: explain(meaning), StaticExplanation: site.StaticExplanation}})
		if err != nil || n != 1 {
			t.Fatalf("UpdateExplanations = %d, %v; want 1, nil", n, err)
		}
	}
	search := "/api/search?q=" + url.QueryEscape(disabledMsg)
	targets := []string{"/errors/" + string(site.ID), "/api/errors/" + string(site.ID), search}
	// check fetches every target, plain and gzipped, and wants meaning in
	// each and not the other one.
	check := func(when, meaning, not string) {
		t.Helper()
		for _, target := range targets {
			for _, gz := range []bool{false, true} {
				b := get(t, ts, target, gz)
				if !strings.Contains(b, meaning) || strings.Contains(b, not) {
					t.Errorf("%s: GET %s (gzip %v) does not show %q alone:\n%.2000s", when, target, gz, meaning, b)
				}
			}
		}
	}

	// A first explanation, loaded and served: every cache holds it.
	update(oldMeaning)
	if changed, err := srv.Refresh(ctx); err != nil || !changed {
		t.Fatalf("Refresh after the first UpdateExplanations: changed %v, err %v; want true, nil", changed, err)
	}
	check("before the update", oldMeaning, newMeaning)
	check("before the update, from the caches", oldMeaning, newMeaning)

	update(newMeaning)
	if changed, err := srv.Refresh(ctx); err != nil || !changed {
		t.Fatalf("Refresh after UpdateExplanations: changed %v, err %v; want true, nil", changed, err)
	}
	check("after Refresh", newMeaning, oldMeaning)
	check("after Refresh, from the caches", newMeaning, oldMeaning)

	// An update that changes nothing is no reason to reload.
	n, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: site.ID, Explanation: explain(newMeaning), StaticExplanation: site.StaticExplanation}})
	if err != nil || n != 0 {
		t.Fatalf("repeated UpdateExplanations = %d, %v; want 0, nil", n, err)
	}
	if changed, err := srv.Refresh(ctx); err != nil || changed {
		t.Errorf("Refresh after an UpdateExplanations that changed nothing: changed %v, err %v; want false, nil", changed, err)
	}
}

// get fetches a path of the test server, asking for gzip when gz, and
// returns the (decompressed) body of a 200 answer.
func get(t *testing.T, ts *httptest.Server, target string, gz bool) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.URL+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	if gz {
		// Set by hand, the transport leaves the body compressed.
		req.Header.Set("Accept-Encoding", "gzip")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		body = zr
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d\n%s", target, resp.StatusCode, b)
	}
	return string(b)
}
