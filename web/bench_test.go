package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// discard is a ResponseWriter that keeps nothing, so that benchmarks
// measure the server rather than a recorder's buffer.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// benchRequest measures the handler's cost for one request path, with
// every middleware (logging to a discarded handler, metrics, headers).
func benchRequest(b *testing.B, cfg Config, target string, header ...string) {
	env := newTestEnv(b, cfg, minidisagg)
	h := env.srv.Handler()
	target = strings.ReplaceAll(target, "ID", string(env.site(b, minidisagg.name, "minidisagg/utils.py:19").ID))
	req := httptest.NewRequest("GET", target, nil)
	req.RemoteAddr = "192.0.2.1:1"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	if rr.Code != http.StatusOK {
		b.Fatalf("%s: status %d", target, rr.Code)
	}
	b.ReportAllocs()
	b.ResetTimer()
	w := &discard{h: http.Header{}}
	for b.Loop() {
		clear(w.h)
		h.ServeHTTP(w, req)
	}
}

func BenchmarkErrorPageCached(b *testing.B) {
	benchRequest(b, Config{}, "/errors/ID", "Accept-Encoding", "gzip")
}

func BenchmarkErrorPageRendered(b *testing.B) {
	benchRequest(b, Config{CacheBytes: -1}, "/errors/ID")
}

func BenchmarkAPIErrorRendered(b *testing.B) {
	benchRequest(b, Config{CacheBytes: -1}, "/api/errors/ID")
}

func BenchmarkSearchAPI(b *testing.B) {
	benchRequest(b, Config{SearchRate: -1}, "/api/search?q="+url.QueryEscape(stagingMsg))
}
