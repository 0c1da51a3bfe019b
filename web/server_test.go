package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/family"
	"github.com/errdex/errdex/trace"
)

// do sends one request to h and returns the recorded response.
func do(t *testing.T, h http.Handler, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	req.RemoteAddr = "192.0.2.1:1234"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	return rr
}

func form(q string) (io.Reader, string, string) {
	return strings.NewReader(url.Values{"q": {q}}.Encode()), "Content-Type", "application/x-www-form-urlencoded"
}

const (
	disabledMsg = "RuntimeError: return_sampling_mask with disaggregation requires DISAGG_SAMPLING_MASK_MAX_TOKENS > 0."
	stagingMsg  = "DISAGG_STAGING_BUFFER requires a positive chunked_prefill_size, got -1."
)

// familyBackground reads the taxonomy's backgrounds, as errdex serve does.
func familyBackground(slug string) string {
	if f := family.Lookup(slug); f != nil {
		return f.Background
	}
	return ""
}

func TestRoutes(t *testing.T) {
	env := newTestEnv(t, Config{FamilyBackground: familyBackground}, minidisagg)
	h := env.srv.Handler()
	disabled := env.site(t, minidisagg.name, "minidisagg/utils.py:19")
	capacity := env.site(t, minidisagg.name, "minidisagg/utils.py:25")
	staging := env.site(t, minidisagg.name, "minidisagg/staging.py:10")
	page := "/errors/" + string(disabled.ID)
	style := env.srv.assets.url["style.css"]

	type want struct {
		status   int
		ctype    string // prefix
		location string // regexp
		contains []string
		absent   []string
		json     func(t *testing.T, body []byte)
	}
	tests := []struct {
		name   string
		method string
		target string
		body   func() (io.Reader, string, string)
		want   want
	}{
		{"home", "GET", "/", nil, want{status: 200, ctype: typeHTML, contains: []string{"Where did this error come from?", `name="q"`, "Repositories", ">7<"}}},
		{"search form", "GET", "/search", nil, want{status: 200, ctype: typeHTML, contains: []string{`<textarea id="q"`}}},
		{"search confident GET", "GET", "/search?q=" + url.QueryEscape(stagingMsg), nil, want{status: 303, location: `^/errors/` + string(staging.ID) + `/disagg-staging-buffer-requires-a-positive-chunked-prefill\?v=chunked_prefill_size%3D-1$`}},
		{"search traceback POST", "POST", "/search", func() (io.Reader, string, string) { return form(readTestdata(t, "tracebacks/mask-capacity.txt")) },
			want{status: 303, location: `^/errors/` + string(capacity.ID) + `/[a-z-]+\?v=mask_len%3D2048&v=max_mask_len%3D1024$`}},
		{"search disambiguated by frames", "POST", "/search", func() (io.Reader, string, string) { return form(readTestdata(t, "tracebacks/mask-disabled.txt")) },
			want{status: 303, location: `^/errors/` + string(disabled.ID) + `/`}},
		{"search ambiguous lists", "POST", "/search", func() (io.Reader, string, string) { return form(disabledMsg) },
			want{status: 200, ctype: typeHTML, contains: []string{"2 possible sources", "minidisagg/utils.py:19", "minidisagg/decode.py:6", `class="score"`, `class="reasons"`}}},
		{"search no match", "POST", "/search", func() (io.Reader, string, string) { return form("KeyError: 'no such thing anywhere'") },
			want{status: 200, ctype: typeHTML, contains: []string{"No source site found", "Why:"}}},
		{"search empty", "POST", "/search", func() (io.Reader, string, string) { return form("  ") },
			want{status: 400, ctype: typeHTML, contains: []string{"Nothing to search"}}},
		{"error page", "GET", page, nil, want{status: 200, ctype: typeHTML, contains: []string{
			"example/minidisagg", "RuntimeError", "How to fix", "When it happens", "View on GitHub (pinned to <code>0132848</code>)",
			`<span class="line mark"><span class="ln" aria-hidden="true">19</span>`,
			"https://github.com/example/minidisagg/blob/" + fixtureRev + "/minidisagg/utils.py#L19",
			`<link rel="canonical" href="/errors/` + string(disabled.ID) + `/return-sampling-mask-with-disaggregation-requires-disagg`,
			"Open an issue in example/minidisagg",
		}, absent: []string{`name="robots"`}}},
		{"error page slug", "GET", "/errors/" + string(disabled.ID) + "/" + Slug(disabled.Template), nil, want{status: 200, ctype: typeHTML}},
		{"error page wrong slug", "GET", "/errors/" + string(disabled.ID) + "/wrong?v=x%3D1", nil, want{status: 301, location: `^/errors/` + string(disabled.ID) + `/return-sampling-mask[a-z-]*\?v=x%3D1$`}},
		{"error page values", "GET", "/errors/" + string(capacity.ID) + "?v=mask_len%3D2048&v=max_mask_len%3D1024&v=bogus%3D1", nil, want{status: 200, ctype: typeHTML,
			contains: []string{`<mark title="mask_len">2048</mark>`, "Your values", `<meta name="robots" content="noindex">`},
			absent:   []string{"bogus"}}},
		{"error bad id", "GET", "/errors/xyz", nil, want{status: 400, ctype: typeHTML, contains: []string{"is not an error ID"}}},
		{"error unknown id", "GET", "/errors/0000000000000000", nil, want{status: 404, ctype: typeHTML, contains: []string{"No error site with ID 0000000000000000"}}},
		{"families", "GET", "/families", nil, want{status: 200, ctype: typeHTML, contains: []string{"Missing or disabled setting", "Capacity or limit exceeded"}}},
		{"family", "GET", "/families/missing-setting", nil, want{status: 200, ctype: typeHTML, contains: []string{"Missing or disabled setting", "DISAGG_STAGING_BUFFER is designed", `id="f-background"`, "The code depends on a setting supplied from outside it"}}},
		{"family unknown", "GET", "/families/nope", nil, want{status: 404, ctype: typeHTML}},
		{"repos", "GET", "/repos", nil, want{status: 200, ctype: typeHTML, contains: []string{`href="/repos/example/minidisagg"`, "0132848"}}},
		{"repo", "GET", "/repos/example/minidisagg", nil, want{status: 200, ctype: typeHTML, contains: []string{"Errors by file", `href="/repos/example/minidisagg/-/file/minidisagg/utils.py"`, `href="/repos/example/minidisagg/-/family/missing-setting"`}}},
		{"repo file", "GET", "/repos/example/minidisagg/-/file/minidisagg/utils.py", nil, want{status: 200, ctype: typeHTML, contains: []string{"3 errors", "buffer index {idx} out of range"}}},
		{"repo family", "GET", "/repos/example/minidisagg/-/family/missing-setting", nil, want{status: 200, ctype: typeHTML, contains: []string{"minidisagg/staging.py"}}},
		{"repo unknown", "GET", "/repos/nope/nope", nil, want{status: 404, ctype: typeHTML}},
		{"repo file unknown", "GET", "/repos/example/minidisagg/-/file/nope.py", nil, want{status: 404, ctype: typeHTML}},
		{"repo bad subpage", "GET", "/repos/example/minidisagg/-/bogus/x", nil, want{status: 404, ctype: typeHTML}},

		{"api error", "GET", "/api/errors/" + string(disabled.ID), nil, want{status: 200, ctype: typeJSON, json: func(t *testing.T, b []byte) {
			var got errdex.Site
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if got.ID != disabled.ID || got.Family == nil || len(got.Guards) != 2 || got.Snippet == nil {
				t.Errorf("site JSON lacks fields: %s", b)
			}
		}}},
		{"api bad id", "GET", "/api/errors/nothex", nil, want{status: 400, ctype: typeJSON, json: wantError(400, "invalid")}},
		{"api unknown id", "GET", "/api/errors/0000000000000000", nil, want{status: 404, ctype: typeJSON, json: wantError(404, "not_found")}},
		{"api search GET", "GET", "/api/search?q=" + url.QueryEscape(stagingMsg), nil, want{status: 200, ctype: typeJSON, json: func(t *testing.T, b []byte) {
			var got SearchResponse
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if !got.Confident || len(got.Matches) == 0 || got.Matches[0].ID != staging.ID || got.Matches[0].Site == nil {
				t.Fatalf("not the confident staging answer: %s", b)
			}
			if diff := cmp.Diff(map[string]string{"chunked_prefill_size": "-1"}, got.Matches[0].Values); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
		}}},
		{"api search POST JSON", "POST", "/api/search", func() (io.Reader, string, string) {
			b, _ := json.Marshal(map[string]string{"q": readTestdata(t, "tracebacks/mask-capacity.txt")})
			return bytes.NewReader(b), "Content-Type", "application/json"
		}, want{status: 200, ctype: typeJSON, contains: []string{`"id":"` + string(capacity.ID) + `"`, `"confident":true`, `"mask_len":"2048"`, `"frames":[`}}},
		{"api search POST text", "POST", "/api/search", func() (io.Reader, string, string) {
			return strings.NewReader(disabledMsg), "Content-Type", "text/plain"
		}, want{status: 200, ctype: typeJSON, contains: []string{`"confident":false`, string(disabled.ID)}}},
		{"api search no match", "GET", "/api/search?q=" + url.QueryEscape("zzz qqq xyzzy"), nil, want{status: 200, ctype: typeJSON, contains: []string{`"matches":[]`, `"reason":"`}}},
		{"api search empty", "GET", "/api/search", nil, want{status: 400, ctype: typeJSON, json: wantError(400, "invalid")}},
		{"api search bad JSON", "POST", "/api/search", func() (io.Reader, string, string) {
			return strings.NewReader("{"), "Content-Type", "application/json"
		}, want{status: 400, ctype: typeJSON, json: wantError(400, "invalid")}},
		{"api search body too large", "POST", "/api/search", func() (io.Reader, string, string) {
			return strings.NewReader(strings.Repeat("x", MaxBody+1)), "Content-Type", "text/plain"
		}, want{status: 413, ctype: typeJSON, json: wantError(413, "too_large")}},
		{"api search streamed body too large", "POST", "/api/search", func() (io.Reader, string, string) {
			// No Content-Length: the cap must hold while reading.
			return io.MultiReader(strings.NewReader(strings.Repeat("y", MaxBody)), strings.NewReader("yy")), "Content-Type", "text/plain"
		}, want{status: 413, ctype: typeJSON, json: wantError(413, "too_large")}},
		{"api search query too large", "GET", "/api/search?q=" + strings.Repeat("z", trace.MaxInput+1), nil, want{status: 413, ctype: typeJSON, json: wantError(413, "too_large")}},
		{"api families", "GET", "/api/families", nil, want{status: 200, ctype: typeJSON, contains: []string{`"slug": "missing-setting"`, `"sites": 2`}}},
		{"api family", "GET", "/api/families/missing-setting", nil, want{status: 200, ctype: typeJSON, contains: []string{`"members": [`, `"url": "/errors/`, `"background": "The code depends`}}},
		{"api family unknown", "GET", "/api/families/nope", nil, want{status: 404, ctype: typeJSON, json: wantError(404, "not_found")}},
		{"api repos", "GET", "/api/repos", nil, want{status: 200, ctype: typeJSON, contains: []string{`"repo": "example/minidisagg"`}}},
		{"api repo", "GET", "/api/repos/example/minidisagg", nil, want{status: 200, ctype: typeJSON, contains: []string{`"files": [`, `"key": "minidisagg/utils.py"`}}},
		{"api repo file", "GET", "/api/repos/example/minidisagg/-/file/minidisagg/staging.py", nil, want{status: 200, ctype: typeJSON, contains: []string{`"errors": [`, `"path": "minidisagg/staging.py"`}}},
		{"api repo unknown", "GET", "/api/repos/x/y", nil, want{status: 404, ctype: typeJSON, json: wantError(404, "not_found")}},
		{"openapi", "GET", "/api/openapi.json", nil, want{status: 200, ctype: typeJSON, contains: []string{`"openapi": "3.1.0"`}}},
		{"healthz", "GET", "/healthz", nil, want{status: 200, ctype: typeJSON, contains: []string{`"status": "ok"`}}},
		{"sitemap", "GET", "/sitemap.xml", nil, want{status: 200, ctype: typeXML, contains: []string{"<loc>http://example.com/errors/" + string(disabled.ID) + "/return-sampling-mask", "<loc>http://example.com/families/missing-setting</loc>"}}},
		{"robots", "GET", "/robots.txt", nil, want{status: 200, ctype: typeText, contains: []string{"Disallow: /search", "Sitemap: http://example.com/sitemap.xml"}}},
		{"asset", "GET", style, nil, want{status: 200, ctype: typeCSS, contains: []string{"--accent"}}},
		{"asset unknown", "GET", "/static/nope.css", nil, want{status: 404, ctype: typeHTML}},
		{"favicon", "GET", "/favicon.ico", nil, want{status: 301, location: `^/static/favicon\.[0-9a-f]{10}\.svg$`}},
		{"page unknown", "GET", "/nope", nil, want{status: 404, ctype: typeHTML, contains: []string{"There is no page at /nope"}}},
		{"api unknown", "GET", "/api/nope", nil, want{status: 404, ctype: typeJSON, json: wantError(404, "not_found")}},
		{"method not allowed API", "DELETE", "/api/errors/" + string(disabled.ID), nil, want{status: 405, ctype: typeJSON, json: wantError(405, "method_not_allowed")}},
		{"method not allowed page", "PUT", "/search", nil, want{status: 405, ctype: typeHTML}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			var header []string
			if tt.body != nil {
				var k, v string
				body, k, v = tt.body()
				header = []string{k, v}
			}
			rr := do(t, h, tt.method, tt.target, body, header...)
			if rr.Code != tt.want.status {
				t.Fatalf("status %d, want %d; body:\n%.600s", rr.Code, tt.want.status, rr.Body.String())
			}
			if ct := rr.Header().Get("Content-Type"); tt.want.ctype != "" && !strings.HasPrefix(ct, tt.want.ctype) {
				t.Errorf("Content-Type %q, want %q", ct, tt.want.ctype)
			}
			if tt.want.location != "" {
				if loc := rr.Header().Get("Location"); !regexp.MustCompile(tt.want.location).MatchString(loc) {
					t.Errorf("Location %q does not match %s", loc, tt.want.location)
				}
			}
			b := rr.Body.String()
			for _, s := range tt.want.contains {
				if !strings.Contains(b, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			for _, s := range tt.want.absent {
				if strings.Contains(b, s) {
					t.Errorf("body holds %q", s)
				}
			}
			if tt.want.json != nil {
				tt.want.json(t, rr.Body.Bytes())
			}
			for _, hd := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
				if rr.Header().Get(hd) == "" {
					t.Errorf("no %s header", hd)
				}
			}
		})
	}
}

// wantError checks a JSON error body.
func wantError(status int, code string) func(*testing.T, []byte) {
	return func(t *testing.T, b []byte) {
		t.Helper()
		var got errorBody
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("error body is not JSON: %v\n%s", err, b)
		}
		if got.Error.Status != status || got.Error.Code != code || got.Error.Message == "" {
			t.Errorf("error body %+v, want status %d code %s and a message", got.Error, status, code)
		}
	}
}

func TestMethodNotAllowedAllow(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	tests := []struct{ method, target, allow string }{
		{"DELETE", "/api/errors/0000000000000000", "GET, HEAD"},
		{"PUT", "/search", "GET, HEAD, POST"},
		{"POST", "/repos", "GET, HEAD"},
	}
	for _, tt := range tests {
		rr := do(t, env.srv.Handler(), tt.method, tt.target, nil)
		if rr.Code != 405 || rr.Header().Get("Allow") != tt.allow {
			t.Errorf("%s %s: status %d Allow %q, want 405 %q", tt.method, tt.target, rr.Code, rr.Header().Get("Allow"), tt.allow)
		}
	}
}

func TestRateLimit(t *testing.T) {
	env := newTestEnv(t, Config{SearchRate: 2}, minidisagg)
	h := env.srv.Handler()
	target := "/api/search?q=" + url.QueryEscape(stagingMsg)
	for i := range 2 {
		if rr := do(t, h, "GET", target, nil); rr.Code != 200 {
			t.Fatalf("search %d: status %d", i, rr.Code)
		}
	}
	rr := do(t, h, "GET", target, nil)
	if rr.Code != 429 {
		t.Fatalf("third search: status %d, want 429", rr.Code)
	}
	wantError(429, "rate_limited")(t, rr.Body.Bytes())
	if rr.Header().Get("Retry-After") == "" {
		t.Error("no Retry-After header")
	}
	// Another client is not limited, and pages are never limited.
	req := httptest.NewRequest("GET", target, nil)
	req.RemoteAddr = "198.51.100.7:999"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("another client: status %d", rec.Code)
	}
	if rr := do(t, h, "GET", "/", nil); rr.Code != 200 {
		t.Errorf("home page after the limit: status %d", rr.Code)
	}
	// The HTML search is limited too, with an HTML page.
	if rr := do(t, h, "GET", "/search?q=x", nil); rr.Code != 429 || !strings.HasPrefix(rr.Header().Get("Content-Type"), typeHTML) {
		t.Errorf("HTML search: status %d type %q, want 429 HTML", rr.Code, rr.Header().Get("Content-Type"))
	}
}

func TestNoLookupUnavailable(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	srv, err := New(context.Background(), Config{Store: env.store, Logger: env.srv.log})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(t, srv.Handler(), "GET", "/api/search?q=x", nil)
	if rr.Code != 503 {
		t.Fatalf("status %d, want 503", rr.Code)
	}
	wantError(503, "unavailable")(t, rr.Body.Bytes())
}

func TestHealthzUnavailable(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	env.store.Close()
	if rr := do(t, env.srv.Handler(), "GET", "/healthz", nil); rr.Code != 503 {
		t.Errorf("healthz on a closed store: status %d, want 503", rr.Code)
	}
	// A page that needs the database: the store's error kind decides.
	rr := do(t, env.srv.Handler(), "GET", "/api/errors/0000000000000001", nil)
	if rr.Code < 500 {
		t.Errorf("site from a closed store: status %d, want 5xx", rr.Code)
	}
	if strings.Contains(rr.Body.String(), "sql") {
		t.Errorf("internal details leaked: %s", rr.Body.String())
	}
}

func TestConditionalAndGzip(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	h := env.srv.Handler()
	page := "/errors/" + string(env.site(t, minidisagg.name, "minidisagg/utils.py:19").ID)
	first := do(t, h, "GET", page, nil)
	etag := first.Header().Get("ETag")
	if etag == "" || first.Header().Get("Cache-Control") != cachePage {
		t.Fatalf("ETag %q Cache-Control %q", etag, first.Header().Get("Cache-Control"))
	}
	if rr := do(t, h, "GET", page, nil, "If-None-Match", etag); rr.Code != 304 || rr.Body.Len() != 0 {
		t.Errorf("If-None-Match: status %d, %d bytes; want 304 and none", rr.Code, rr.Body.Len())
	}
	gz := do(t, h, "GET", page, nil, "Accept-Encoding", "br, gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || !slices.Contains(gz.Header().Values("Vary"), "Accept-Encoding") {
		t.Fatalf("Content-Encoding %q Vary %q", gz.Header().Get("Content-Encoding"), gz.Header().Values("Vary"))
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first.Body.String(), string(plain)); diff != "" {
		t.Errorf("gzip body differs (-plain +gunzipped):\n%s", diff)
	}
	if rr := do(t, h, "GET", page, nil, "Accept-Encoding", "gzip;q=0"); rr.Header().Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 got a compressed body")
	}
	if rr := do(t, h, "HEAD", page, nil); rr.Code != 200 || rr.Body.Len() != 0 || rr.Header().Get("Content-Length") == "" {
		t.Errorf("HEAD: status %d, %d bytes, Content-Length %q", rr.Code, rr.Body.Len(), rr.Header().Get("Content-Length"))
	}
	// Search results are never cached.
	if rr := do(t, h, "GET", "/api/search?q=x", nil); rr.Header().Get("Cache-Control") != cacheNone {
		t.Errorf("search Cache-Control %q", rr.Header().Get("Cache-Control"))
	}
}

func TestMetrics(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	h := env.srv.Handler()
	do(t, h, "GET", "/", nil)
	do(t, h, "GET", "/", nil)
	do(t, h, "GET", "/nope", nil)
	do(t, h, "GET", "/api/search?q="+url.QueryEscape(stagingMsg), nil)
	b := do(t, h, "GET", "/metrics", nil).Body.String()
	for _, want := range []string{
		`errdex_http_requests_total{code="200",route="GET /{$}"} 2`,
		`errdex_http_requests_total{code="404",route="unmatched"} 1`,
		`errdex_http_request_duration_seconds_bucket{route="GET /{$}"`,
		`errdex_searches_total{outcome="redirect"} 1`,
		`errdex_index_sites 7`,
		`errdex_match_index_sites 7`,
		`errdex_page_cache_hits_total 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// TestErrorPageSections checks the order of the sections of a fully
// analysed site, and that a bare site shows no empty section.
// TestErrorPageMinified checks that the page of a site in minified code
// names its column after the line, which alone does not place it.
func TestErrorPageMinified(t *testing.T) {
	minified := fixtureRepo{name: "example/minified", dir: "repo", overlay: "minified-analysis.json"}
	env := newTestEnv(t, Config{}, minidisagg, minified)
	h := env.srv.Handler()
	tests := []struct {
		repo, want string
	}{
		{minified.name, `<code>minidisagg/utils.py:19:4191</code></a> (minified) in`},
		{minidisagg.name, `<code>minidisagg/utils.py:19</code></a> in`},
	}
	for _, tt := range tests {
		site := env.site(t, tt.repo, "minidisagg/utils.py:19")
		b := do(t, h, "GET", "/errors/"+string(site.ID), nil).Body.String()
		if !strings.Contains(b, tt.want) {
			i := strings.Index(b, `class="thrown"`)
			t.Errorf("%s: page does not hold %q; it says %q", tt.repo, tt.want, b[max(0, i):min(len(b), i+400)])
		}
	}
}

func TestErrorPageSections(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	h := env.srv.Handler()
	full := env.site(t, minidisagg.name, "minidisagg/utils.py:19")
	b := do(t, h, "GET", "/errors/"+string(full.ID), nil).Body.String()
	order := []string{`id="s-message"`, `id="s-meaning"`, `id="s-fix"`, `id="s-when"`, `id="s-source"`, `id="s-family"`, `id="s-related"`, `class="provenance"`}
	last := -1
	for _, s := range order {
		i := strings.Index(b, s)
		if i < 0 {
			t.Errorf("section %s missing", s)
			continue
		}
		if i < last {
			t.Errorf("section %s out of order", s)
		}
		last = i
	}
	// Related errors: never the page itself, each once.
	related := b[strings.Index(b, `id="s-related"`):strings.Index(b, `class="provenance"`)]
	if strings.Contains(related, string(full.ID)) {
		t.Error("the page lists itself among its related errors")
	}
	capacity := env.site(t, minidisagg.name, "minidisagg/utils.py:25")
	if n := strings.Count(related, string(capacity.ID)); n != 1 {
		t.Errorf("a related error is listed %d times, want once", n)
	}
	if !strings.Contains(related, "Sampling mask length {mask_len} exceeds disaggregation metadata capacity…") {
		t.Errorf("related title not cut at a word boundary:\n%s", related)
	}

	// Sections whose data is absent are left out, never shown empty.
	for at, site := range env.sites {
		site := site
		b := do(t, h, "GET", "/errors/"+string(site.ID), nil).Body.String()
		e := site.Explanation
		present := map[string]bool{
			`id="s-message"`: true,
			`id="s-source"`:  true,
			`id="s-meaning"`: e != nil && e.Meaning != "",
			`id="s-fix"`:     e != nil && (len(e.Solutions) > 0 || e.ExampleFix != nil),
			`id="s-when"`: e != nil && (e.Trigger != "" || len(e.Situations) > 0) || len(site.Guards) > 0 ||
				len(site.Config) > 0 || len(site.Callers) > 0 || len(site.CallPath) > 0 || len(site.Provenance) > 0,
			`id="s-family"`:  site.Family != nil,
			`id="s-related"`: slices.ContainsFunc(site.Related, func(r errdex.Related) bool { return r.ID != site.ID }),
			"Your values":    false,
		}
		for s, want := range present {
			if got := strings.Contains(b, s); got != want {
				t.Errorf("%s: %s shown %v, want %v", at, s, got, want)
			}
		}
		if strings.Contains(b, "<ul></ul>") || strings.Contains(b, "<ol></ol>") || strings.Contains(b, "<p></p>") {
			t.Errorf("%s: an empty list or paragraph", at)
		}
	}
	// A site with no analysis at all shows its message and source only.
	bare := *env.site(t, minidisagg.name, "minidisagg/utils.py:16")
	bare.Guards, bare.Config, bare.Provenance, bare.Callers, bare.CallPath = nil, nil, nil, nil, nil
	bare.Related, bare.Family, bare.Explanation, bare.StaticExplanation = nil, nil, nil, nil
	v := env.srv.newErrorView(&bare, nil, nil, 0)
	resp, err := env.srv.render("error", 200, pageData{Title: v.Title, Body: v}, cacheNone)
	if err != nil {
		t.Fatal(err)
	}
	b = string(resp.body)
	for _, s := range []string{`id="s-meaning"`, `id="s-fix"`, `id="s-when"`, `id="s-family"`, `id="s-related"`, "Your values", "Static analysis + ", "View on"} {
		if strings.Contains(b, s) {
			t.Errorf("bare site shows %s", s)
		}
	}
	for _, s := range []string{`id="s-message"`, `id="s-source"`, `<var>{idx}</var>`, "Static analysis of"} {
		if !strings.Contains(b, s) {
			t.Errorf("bare site lacks %s", s)
		}
	}
	// An LLM explanation says so in the footer.
	b = do(t, h, "GET", "/errors/"+string(capacity.ID), nil).Body.String()
	if !strings.Contains(b, "Static analysis + qwen3-coder of") {
		t.Error("LLM provenance missing from the footer")
	}
}

// TestExplanationSources renders a site whose explanation mixes static
// and LLM fields: only the LLM fields are marked, and the deterministic
// text of those fields stays available.
func TestExplanationSources(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	site := *env.site(t, minidisagg.name, "minidisagg/utils.py:19")
	site.Explanation = &errdex.Explanation{
		Meaning:   "The server cannot carry sampling masks between prefill and decode.",
		Solutions: []string{"Set DISAGG_SAMPLING_MASK_MAX_TOKENS to a positive value."},
		Source:    "llm:qwen3-coder",
		Sources:   map[string]string{"meaning": "llm:qwen3-coder", "solutions": "static"},
	}
	site.StaticExplanation = &errdex.Explanation{
		Meaning:   "A request asked for its sampling mask, but masks are disabled.",
		Solutions: []string{"Set DISAGG_SAMPLING_MASK_MAX_TOKENS to a positive value."},
		Source:    "static",
	}
	b := renderErrorPage(t, env, &site)
	if n := strings.Count(b, `class="ai"`); n != 1 {
		t.Errorf("%d fields marked AI-assisted, want 1 (meaning)", n)
	}
	meaning := b[strings.Index(b, `id="s-meaning"`):strings.Index(b, `id="s-fix"`)]
	for _, want := range []string{`class="ai"`, "From static analysis alone", "but masks are disabled"} {
		if !strings.Contains(meaning, want) {
			t.Errorf("meaning section lacks %q:\n%s", want, meaning)
		}
	}
	if fix := b[strings.Index(b, `id="s-fix"`):]; strings.Contains(fix[:strings.Index(fix, "</section>")], "From static analysis alone") {
		t.Error("static solutions repeated although the LLM did not rewrite them")
	}
	if !strings.Contains(b, "Static analysis + qwen3-coder of") {
		t.Error("footer does not name the model")
	}
}

func TestRefresh(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	h := env.srv.Handler()
	if b := do(t, h, "GET", "/repos", nil).Body.String(); strings.Contains(b, "evil/") {
		t.Fatal("second repository present before indexing")
	}
	if changed, err := env.srv.Refresh(context.Background()); err != nil || changed {
		t.Fatalf("Refresh with nothing new: changed %v, err %v", changed, err)
	}
	loadFixture(t, env.store, xssRepo)
	changed, err := env.srv.Refresh(context.Background())
	if err != nil || !changed {
		t.Fatalf("Refresh after indexing: changed %v, err %v", changed, err)
	}
	if b := do(t, h, "GET", "/repos", nil).Body.String(); !strings.Contains(b, "evil/") {
		t.Error("cached repository list not refreshed")
	}
	rr := do(t, h, "GET", "/api/search?q="+url.QueryEscape("RuntimeError: <img src=x onerror=alert('xss-hole')> \"<img src=x onerror=alert('xss-guard')>\" ' \" ` </textarea><script>alert('xss-textarea')</script>"), nil)
	if !strings.Contains(rr.Body.String(), `"confident":true`) {
		t.Errorf("match index not reloaded: %s", rr.Body.String())
	}
}

// FuzzRequests sends arbitrary paths, queries and bodies through the whole
// handler: nothing may panic or fail with a server error, and every
// response carries the security headers.
func FuzzRequests(f *testing.F) {
	env := newTestEnv(f, Config{SearchRate: -1}, minidisagg)
	h := env.srv.Handler()
	id := string(env.site(f, minidisagg.name, "minidisagg/utils.py:19").ID)
	f.Add("GET", "/errors/"+id+"?v=idx%3D1&t=9", "")
	f.Add("GET", "/errors/"+id+"/x/y", "")
	f.Add("POST", "/search", "q=ValueError%3A+x")
	f.Add("POST", "/api/search", `{"q": 1}`)
	f.Add("GET", "/repos/example/minidisagg/-/file/../../etc/passwd", "")
	f.Add("GET", "/repos/-/-/file/", "")
	f.Add("GET", "/api/repos/example/minidisagg/-/family/%00", "")
	f.Add("GET", "/static/..%2f..%2fgo.mod", "")
	f.Fuzz(func(t *testing.T, method, target, body string) {
		if method == "" || strings.ContainsAny(method, " \t\r\n()<>@,;:\\\"/[]?={}") || !strings.HasPrefix(target, "/") {
			return
		}
		u, err := url.ParseRequestURI(target)
		if err != nil || u.Host != "" {
			return
		}
		req := httptest.NewRequest("GET", "/", strings.NewReader(body))
		req.Method, req.URL, req.RequestURI = method, u, target
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rr := httptest.NewRecorder()
		h.ServeHTTP(rr, req)
		if rr.Code >= 500 {
			t.Fatalf("%s %s: status %d\n%s", method, target, rr.Code, rr.Body.String())
		}
		if rr.Header().Get("Content-Security-Policy") == "" {
			t.Fatalf("%s %s: no CSP", method, target)
		}
	})
}

// TestSearchTied checks that a message raised at two places is answered
// with both, reported as tied, in the API and on the page.
func TestSearchTied(t *testing.T) {
	twins := fixtureRepo{name: "example/twins", dir: "twins"}
	env := newTestEnv(t, Config{SearchRate: -1}, twins)
	h := env.srv.Handler()
	q := url.QueryEscape("ValueError: path must not be empty")

	rr := do(t, h, "GET", "/api/search?q="+q, nil)
	var res SearchResponse
	if err := json.Unmarshal(rr.Body.Bytes(), &res); err != nil {
		t.Fatalf("GET /api/search: %d %v", rr.Code, err)
	}
	if res.Tied != 2 || len(res.Matches) != 2 || res.Confident {
		t.Errorf("GET /api/search: tied %d, %d matches, confident %v; want tied 2, 2 matches, not confident", res.Tied, len(res.Matches), res.Confident)
	}

	rr = do(t, h, "GET", "/search?q="+q, nil)
	if rr.Code != http.StatusOK || !strings.Contains(rr.Body.String(), "The same message is raised at 2 places; paste the whole traceback") {
		t.Errorf("GET /search: status %d, the page does not say the message is raised at 2 places:\n%s", rr.Code, rr.Body.String())
	}

	rr = do(t, h, "GET", "/api/search?q="+url.QueryEscape("ValueError: path must be empty or not"), nil)
	if err := json.Unmarshal(rr.Body.Bytes(), &res); err != nil || res.Tied > 1 {
		t.Errorf("a message matching neither exactly: tied %d (err %v), want at most 1", res.Tied, err)
	}
}

// TestStaticSituationsAndFix checks that an LLM's situations and example
// fix leave the deterministic ones readable on the page.
func TestStaticSituationsAndFix(t *testing.T) {
	env := newTestEnv(t, Config{}, minidisagg)
	site := *env.site(t, minidisagg.name, "minidisagg/utils.py:19")
	site.Explanation = &errdex.Explanation{
		Meaning:    "A request asked for its sampling mask, but masks are disabled.",
		Solutions:  []string{"Set DISAGG_SAMPLING_MASK_MAX_TOKENS to a positive value."},
		Situations: []string{"A client sends return_sampling_mask=True to a default deployment."},
		ExampleFix: &errdex.ExampleFix{Before: "DISAGG_SAMPLING_MASK_MAX_TOKENS=0", After: "DISAGG_SAMPLING_MASK_MAX_TOKENS=4096", Lang: "sh"},
		Source:     "llm:qwen3-coder",
		Sources:    map[string]string{"situations": "llm:qwen3-coder", "example_fix": "llm:qwen3-coder"},
	}
	site.StaticExplanation = &errdex.Explanation{
		Meaning:    "A request asked for its sampling mask, but masks are disabled.",
		Solutions:  []string{"Set DISAGG_SAMPLING_MASK_MAX_TOKENS to a positive value."},
		Situations: []string{"send_kv_chunk calls set_buf with a mask."},
		ExampleFix: &errdex.ExampleFix{Before: "unset_static_marker=1", After: "static_marker_after=2", Lang: "sh"},
		Source:     "static",
	}
	b := renderErrorPage(t, env, &site)
	for _, want := range []string{"send_kv_chunk calls set_buf with a mask.", "Example from static analysis alone", "static_marker_after",
		"A client sends return_sampling_mask=True"} {
		if !strings.Contains(b, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// renderErrorPage renders site's error page as the server would, without
// values from a search.
func renderErrorPage(t *testing.T, env *testEnv, site *errdex.Site) string {
	t.Helper()
	v := env.srv.newErrorView(site, nil, nil, 0)
	resp, err := env.srv.render("error", 200, pageData{Title: v.Title, Body: v}, cacheNone)
	if err != nil {
		t.Fatal(err)
	}
	return string(resp.body)
}

// TestSearchJSON checks that a search answer, whose sites are spliced in
// as the lookup service cached their JSON, is byte for byte what
// encoding/json writes for it, and that the API serves it so: with
// several matches or none, values, frames, and text full of characters
// JSON escapes for HTML.
func TestSearchJSON(t *testing.T) {
	env := newTestEnv(t, Config{SearchRate: -1}, minidisagg, xssRepo, fixtureRepo{name: "example/twins", dir: "twins"})
	h := env.srv.Handler()
	tests := []struct {
		name string
		q    string
	}{
		{"confident", stagingMsg},
		{"message", disabledMsg},
		{"traceback", readTestdata(t, "tracebacks/mask-capacity.txt")},
		{"tied", "ValueError: path must not be empty"},
		{"loose", "ValueError: environment variable X must be an integer, got 'buffer index 7'"},
		{"hostile", `RuntimeError: <img src=x onerror=alert('xss-hole')> "javascript:alert(1)" ' " ` + "` </textarea><script>alert('xss-textarea')</script>"},
		{"no match", "KeyError: nothing like this was ever raised"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target := "/api/search?q=" + url.QueryEscape(tc.q)
			_, _, res, err := env.srv.runSearch(httptest.NewRequest("GET", target, nil))
			if err != nil {
				t.Fatal(err)
			}
			got, spans, err := res.encode(nil)
			if err != nil {
				t.Fatal(err)
			}
			want := encoderJSON(t, res, "")
			if !bytes.Equal(got, want) {
				t.Fatalf("spliced JSON differs from encoding/json's:\n got %s\nwant %s", got, want)
			}
			if len(spans) != len(res.Matches) {
				t.Fatalf("%d site spans for %d matches", len(spans), len(res.Matches))
			}
			if len(spans) > 0 {
				if unzipped := gunzip(t, env.srv.deflates.gzipSpliced(nil, got, spans)); !bytes.Equal(unzipped, got) {
					t.Fatalf("the spliced gzip body decompresses to\n%s\nwant\n%s", unzipped, got)
				}
			}

			// Served: the same document (but for the time spent
			// matching), without an ETag, compressed when it is worth it.
			rr := do(t, h, "GET", target, nil, "Accept-Encoding", "gzip")
			gzipped := rr.Header().Get("Content-Encoding") == "gzip"
			if rr.Code != http.StatusOK || rr.Header().Get("ETag") != "" || gzipped != (len(want) >= minGzip) {
				t.Fatalf("GET %s: status %d, ETag %q, Content-Encoding %q for %d bytes; want 200, no ETag, gzip from %d bytes",
					target, rr.Code, rr.Header().Get("ETag"), rr.Header().Get("Content-Encoding"), len(want), minGzip)
			}
			served := rr.Body.Bytes()
			if gzipped {
				served = gunzip(t, served)
			}
			if diff := cmp.Diff(decodeUntimed(t, want), decodeUntimed(t, served)); diff != "" {
				t.Errorf("served answer differs (-encoding/json +served):\n%s", diff)
			}
		})
	}
}

// gunzip decompresses a gzip body, checking its CRC-32 and size.
func gunzip(t testing.TB, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return out
}

// TestSpliceGzip checks that bodies assembled from compressed segments
// and stored blocks are valid gzip: spans at either end, next to each
// other, between stored runs too long for one block, and none.
func TestSpliceGzip(t *testing.T) {
	deflates, err := newSiteDeflates()
	if err != nil {
		t.Fatal(err)
	}
	site := func(id errdex.ID, n int) []byte {
		return bytes.Repeat([]byte(`{"id":"`+string(id)+`","text":"a site's JSON"}`), n)
	}
	a, b := site("a000000000000001", 3), site("b000000000000002", 200)
	long := bytes.Repeat([]byte("0123456789abcdef"), 9000) // two stored blocks
	tests := []struct {
		name  string
		parts [][]byte // text, site, text, site, ..., text
	}{
		{"no site", [][]byte{[]byte("just text")}},
		{"sites only", [][]byte{nil, a, nil, b, nil}},
		{"text around", [][]byte{[]byte(`{"matches":[`), a, []byte(`,`), b, []byte("]}\n")}},
		{"long text", [][]byte{long, a, long, b, long}},
		{"same site twice", [][]byte{[]byte("["), b, []byte(","), b, []byte("]")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body []byte
			var spans []span
			for i, p := range tc.parts {
				if i%2 == 1 {
					id := errdex.ID(p[7 : 7+16])
					spans = append(spans, span{start: len(body), end: len(body) + len(p), site: id, json: p})
				}
				body = append(body, p...)
			}
			if got := gunzip(t, deflates.gzipSpliced(nil, body, spans)); !bytes.Equal(got, body) {
				t.Errorf("decompressed %d bytes, want %d:\n%.200s", len(got), len(body), got)
			}
		})
	}
}

// encoderJSON is v as a json.Encoder writes it, with its defaults:
// HTML-significant characters escaped, a newline at the end; indented by
// indent, or compact when it is "".
func encoderJSON(t testing.TB, v any, indent string) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// decodeUntimed decodes a search answer without its elapsed_ms.
func decodeUntimed(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if _, ok := doc["elapsed_ms"]; !ok {
		t.Fatalf("no elapsed_ms in %s", b)
	}
	delete(doc, "elapsed_ms")
	return doc
}

// TestAPIErrorJSON checks that /api/errors/ID, encoded from the lookup
// service's cached JSON, is byte for byte the indented json.Encoder
// document of the stored site, and stays so once the site is cached; so
// is jsonResponse's for every other document.
func TestAPIErrorJSON(t *testing.T) {
	env := newTestEnv(t, Config{CacheBytes: -1}, minidisagg, xssRepo)
	h := env.srv.Handler()
	for at, site := range env.sites {
		stored, err := env.store.Site(context.Background(), site.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := encoderJSON(t, stored, "  ")
		for _, round := range []string{"first", "cached"} {
			rr := do(t, h, "GET", "/api/errors/"+string(site.ID), nil)
			if rr.Code != http.StatusOK || !bytes.Equal(rr.Body.Bytes(), want) {
				t.Fatalf("%s, %s request: status %d, body\n%s\nwant\n%s", at, round, rr.Code, rr.Body.Bytes(), want)
			}
		}
		if resp, err := jsonResponse(http.StatusOK, stored, cachePage); err != nil || !bytes.Equal(resp.body, want) {
			t.Fatalf("%s: jsonResponse differs from json.Encoder (%v):\n%s", at, err, resp.body)
		}
	}
}

// TestSearchWaitsForASlot checks the bound on searches matched at once:
// with every slot taken a search waits, gives up when its client goes
// away, and runs once a slot is free.
func TestSearchWaitsForASlot(t *testing.T) {
	env := newTestEnv(t, Config{SearchRate: -1}, minidisagg)
	for range cap(env.srv.matching) {
		env.srv.matching <- struct{}{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest("GET", "/api/search?q="+url.QueryEscape(stagingMsg), nil).WithContext(ctx)
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		rec := httptest.NewRecorder()
		env.srv.Handler().ServeHTTP(rec, req)
		done <- rec
	}()
	cancel()
	if rec := <-done; rec.Code == http.StatusOK {
		t.Errorf("a search without a slot answered %d after its client left, want an error", rec.Code)
	}
	<-env.srv.matching // one slot free
	rec := httptest.NewRecorder()
	env.srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/search?q="+url.QueryEscape(stagingMsg), nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"matches":[{`) {
		t.Errorf("with a free slot: status %d, body %.200s", rec.Code, rec.Body.String())
	}
}
