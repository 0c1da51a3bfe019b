package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	runtimemetrics "runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/lookup/lookuptest"
)

// stdlibError is an error the Python standard library raised.
type stdlibError struct {
	Name      string // "4-NoSectionError": its case's index and type
	Message   string // "NoSectionError: No section: 'nosection'"
	Traceback string
}

// stdlibErrors runs the Python statements of
// testdata/loadtest-errors.txt, which scripts/loadtest.sh searches for:
// each raises a real error in the standard library.
func stdlibErrors(b *testing.B) []stdlibError {
	b.Helper()
	const script = `
import json, sys, traceback
out = []
with open(sys.argv[1]) as f:
    cases = [line.strip() for line in f if line.strip()]
for i, src in enumerate(cases):
    try:
        exec(src)
    except Exception as e:
        out.append({"Name": f"{i}-{type(e).__name__}", "Message": f"{type(e).__name__}: {e}",
                    "Traceback": "".join(traceback.format_exception(e))})
json.dump(out, sys.stdout)
`
	out, err := exec.Command("python3", "-c", script, filepath.Join("testdata", "loadtest-errors.txt")).Output()
	if err != nil {
		b.Fatalf("python3: %v", err)
	}
	var errs []stdlibError
	if err := json.Unmarshal(out, &errs); err != nil || len(errs) == 0 {
		b.Fatalf("python3 raised no errors (%v): %s", err, out)
	}
	return errs
}

// stdlibServer serves this machine's Python standard library, indexed as
// scripts/loadtest.sh does, and returns the errors the load test searches
// for; it skips the benchmark without python3.
func stdlibServer(b *testing.B) (*Server, []stdlibError) {
	b.Helper()
	st, svc := lookuptest.PythonStdlib(b)
	srv, err := New(context.Background(), Config{Store: st, Lookup: svc, SearchRate: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	return srv, stdlibErrors(b)
}

// BenchmarkSearchAPIStdlib measures GET /api/search as the load test runs
// it: the load test's messages against the Python standard library, with
// gzip accepted, every middleware included. Each message is a
// sub-benchmark, so that a slow one stands out; "all" cycles through them
// as wrk does. bytes/op is the size of the response sent.
func BenchmarkSearchAPIStdlib(b *testing.B) {
	srv, errs := stdlibServer(b)
	targets := make([]string, len(errs))
	for i, e := range errs {
		targets[i] = "/api/search?q=" + url.QueryEscape(e.Message)
		// What is measured is right: the answer as encoding/json writes
		// it, and its spliced gzip body.
		_, _, res, err := srv.runSearch(httptest.NewRequest("GET", targets[i], nil))
		if err != nil || len(res.Matches) == 0 {
			b.Fatalf("%s: %v, no match", e.Message, err)
		}
		got, spans, err := res.encode(nil)
		if err != nil || !bytes.Equal(got, encoderJSON(b, res, "")) {
			b.Fatalf("%s: the spliced answer differs from encoding/json's (%v)", e.Message, err)
		}
		if !bytes.Equal(gunzip(b, srv.deflates.gzipSpliced(nil, got, spans)), got) {
			b.Fatalf("%s: the spliced gzip body does not decompress to the answer", e.Message)
		}
	}
	benchRequests(b, srv.Handler(), errs, func(i int) *http.Request {
		req := httptest.NewRequest("GET", targets[i], nil)
		req.Header.Set("Accept-Encoding", "gzip")
		return req
	})
}

// BenchmarkSearchPageStdlib measures POST /search as the load test runs
// it: the whole tracebacks of the load test's errors, posted as a form,
// most of them answered with a redirect to their error page.
func BenchmarkSearchPageStdlib(b *testing.B) {
	srv, errs := stdlibServer(b)
	bodies := make([]string, len(errs))
	for i, e := range errs {
		bodies[i] = url.Values{"q": {e.Traceback}}.Encode()
	}
	benchRequests(b, srv.Handler(), errs, func(i int) *http.Request {
		req := httptest.NewRequest("POST", "/search", strings.NewReader(bodies[i]))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return req
	})
}

// benchRequests runs the request newRequest makes for each error, as
// sub-benchmarks, and all of them in turn ("all"). A request is made anew
// for each run, as a server reads it anew: its making is measured too.
func benchRequests(b *testing.B, h http.Handler, errs []stdlibError, newRequest func(i int) *http.Request) {
	run := func(b *testing.B, ids []int) {
		w := &countingWriter{h: http.Header{}}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			req := newRequest(ids[n%len(ids)])
			req.RemoteAddr = "192.0.2.1:1"
			clear(w.h)
			h.ServeHTTP(w, req)
			if w.status >= 400 {
				b.Fatalf("%s: status %d", errs[ids[n%len(ids)]].Name, w.status)
			}
			n++
		}
		b.ReportMetric(float64(w.n)/float64(n), "bytes/op")
	}
	all := make([]int, len(errs))
	for i := range errs {
		all[i] = i
	}
	b.Run("all", func(b *testing.B) { run(b, all) })
	for i, e := range errs {
		b.Run(e.Name, func(b *testing.B) { run(b, []int{i}) })
	}
}

// countingWriter is a ResponseWriter that keeps only the count of bytes
// written and the last status.
type countingWriter struct {
	h      http.Header
	n      int
	status int // of the last response
}

func (w *countingWriter) Header() http.Header         { return w.h }
func (w *countingWriter) Write(b []byte) (int, error) { w.n += len(b); return len(b), nil }
func (w *countingWriter) WriteHeader(status int)      { w.status = status }

// BenchmarkSearchStepsStdlib times the steps of a search answer apart, on
// the load test's messages and tracebacks in turn: matching (the lookup
// service's Explain: parsing, matching, loading the sites), building the
// answer (titles, values, page links), encoding its JSON and splicing its
// gzip body. Each step is reported per search in ns and allocations
// (explain-ns/op, explain-allocs/op, ...); ns/op is their sum.
func BenchmarkSearchStepsStdlib(b *testing.B) {
	srv, errs := stdlibServer(b)
	var texts []string
	for _, e := range errs {
		texts = append(texts, e.Message, e.Traceback)
	}
	type step struct {
		name   string
		ns     time.Duration
		allocs uint64
	}
	steps := []step{{name: "explain"}, {name: "answer"}, {name: "encode"}, {name: "gzip"}}
	// runtime/metrics reads the allocation count without stopping the
	// world, as runtime.ReadMemStats would.
	allocs := []runtimemetrics.Sample{{Name: "/gc/heap/allocs:objects"}}
	mark := func() (time.Time, uint64) {
		runtimemetrics.Read(allocs)
		return time.Now(), allocs[0].Value.Uint64()
	}
	add := func(s *step, t0 time.Time, a0 uint64) (time.Time, uint64) {
		t, a := mark()
		s.ns += t.Sub(t0)
		s.allocs += a - a0
		return mark()
	}
	ctx := context.Background()
	n := 0
	for b.Loop() {
		text := texts[n%len(texts)]
		n++
		t, a := mark()
		ans, err := srv.cfg.Lookup.Explain(ctx, text, lookup.Options{Limit: 10})
		if err != nil || len(ans.Hits) == 0 {
			b.Fatalf("%q: %v, no match", text, err)
		}
		t, a = add(&steps[0], t, a)
		res := newSearchResponse(ans, func(site *errdex.Site) string { return srv.links.title(srv.paths, site) })
		for i := range res.Matches {
			res.Matches[i].URL = srv.matchURL(&ans.Hits[i])
		}
		t, a = add(&steps[1], t, a)
		body, spans, err := res.encode(srv.bufs.get())
		if err != nil {
			b.Fatal(err)
		}
		t, a = add(&steps[2], t, a)
		gz := srv.deflates.gzipSpliced(srv.bufs.get(), body, spans)
		add(&steps[3], t, a)
		srv.bufs.put(body)
		srv.bufs.put(gz)
	}
	for _, s := range steps {
		b.ReportMetric(float64(s.ns.Nanoseconds())/float64(n), s.name+"-ns/op")
		b.ReportMetric(float64(s.allocs)/float64(n), s.name+"-allocs/op")
	}
}
