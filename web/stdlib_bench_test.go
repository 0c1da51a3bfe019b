package web

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/errdex/errdex/lookup/lookuptest"
)

// stdlibMessages are the messages scripts/loadtest.sh searches for: real
// errors raised by the Python standard library.
var stdlibMessages = []string{
	"ValueError: '300.1.1.1' does not appear to be an IPv4 or IPv6 address",
	"ValueError: Invalid literal for Fraction: 'one half'",
	"ValueError: No closing quotation",
	"ValueError: invalid width 0 (must be > 0)",
	"NoSectionError: No section: 'nosection'",
	"StatisticsError: mean requires at least one data point",
	"BadZipFile: File is not a zip file",
	"Error: Incorrect padding",
}

// stdlibServer serves this machine's Python standard library, indexed as
// scripts/loadtest.sh does, or skips the benchmark without python3.
func stdlibServer(b *testing.B) *Server {
	b.Helper()
	st, svc := lookuptest.PythonStdlib(b)
	srv, err := New(context.Background(), Config{Store: st, Lookup: svc, SearchRate: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	return srv
}

// BenchmarkSearchAPIStdlib measures GET /api/search as the load test runs
// it: the load test's messages against the Python standard library, with
// gzip accepted, every middleware included. Each message is a
// sub-benchmark, so that a slow one stands out; "all" cycles through them
// as wrk does. bytes/op is the size of the response sent.
func BenchmarkSearchAPIStdlib(b *testing.B) {
	srv := stdlibServer(b)
	h := srv.Handler()
	reqs := make([]*http.Request, len(stdlibMessages))
	for i, msg := range stdlibMessages {
		req := httptest.NewRequest("GET", "/api/search?q="+url.QueryEscape(msg), nil)
		req.RemoteAddr = "192.0.2.1:1"
		req.Header.Set("Accept-Encoding", "gzip")
		reqs[i] = req
		// What is measured is right: the answer as encoding/json writes it.
		_, _, res, err := srv.runSearch(req)
		if err != nil || len(res.Matches) == 0 {
			b.Fatalf("%s: %v, no match", msg, err)
		}
		got, spans, err := res.encode()
		if err != nil || !bytes.Equal(got, encoderJSON(b, res)) {
			b.Fatalf("%s: the spliced answer differs from encoding/json's (%v)", msg, err)
		}
		if !bytes.Equal(gunzip(b, srv.deflates.gzipSpliced(got, spans)), got) {
			b.Fatalf("%s: the spliced gzip body does not decompress to the answer", msg)
		}
	}
	run := func(b *testing.B, reqs []*http.Request) {
		w := &countingWriter{h: http.Header{}}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			clear(w.h)
			h.ServeHTTP(w, reqs[n%len(reqs)])
			n++
		}
		b.ReportMetric(float64(w.n)/float64(n), "bytes/op")
	}
	b.Run("all", func(b *testing.B) { run(b, reqs) })
	for i, req := range reqs {
		name, _, _ := strings.Cut(stdlibMessages[i], ":")
		b.Run(name+"-"+string(rune('0'+i)), func(b *testing.B) { run(b, []*http.Request{req}) })
	}
}

// countingWriter is a ResponseWriter that keeps only the count of bytes
// written.
type countingWriter struct {
	h http.Header
	n int
}

func (w *countingWriter) Header() http.Header         { return w.h }
func (w *countingWriter) Write(b []byte) (int, error) { w.n += len(b); return len(b), nil }
func (w *countingWriter) WriteHeader(int)             {}
