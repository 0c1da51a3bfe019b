package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Cache-Control policies.
const (
	// cachePage lets browsers and proxies keep pages and API documents for
	// a few minutes; ETags make revalidation cheap after that.
	cachePage = "public, max-age=300"
	// cacheAsset is for fingerprinted static files, whose URL changes
	// with their content.
	cacheAsset = "public, max-age=31536000, immutable"
	// cacheNone is for search results and errors, which hold what a user
	// pasted.
	cacheNone = "no-store"
)

// Content types.
const (
	typeHTML = "text/html; charset=utf-8"
	typeJSON = "application/json; charset=utf-8"
	typeText = "text/plain; charset=utf-8"
	typeXML  = "application/xml; charset=utf-8"
	typeCSS  = "text/css; charset=utf-8"
	typeJS   = "text/javascript; charset=utf-8"
	typeSVG  = "image/svg+xml"
)

// minGzip is the smallest body worth compressing.
const minGzip = 512

// response is a complete HTTP response held in memory: pages are rendered
// into a buffer before anything is sent, so that an error halfway through
// becomes a proper error page, and so that a response can be cached with
// its ETag and its compressed form.
type response struct {
	status       int
	ctype        string
	body         []byte
	etag         string
	cacheControl string
	header       http.Header // extra headers (Location, Allow, Retry-After)

	gzOnce sync.Once
	gz     []byte // the gzip-compressed body; nil when not worth it
	// compress, when set, compresses the body for gzipped (a search
	// answer splicing its sites' cached segments); nil when it cannot.
	compress func() []byte
	// release, when set, is called once the response is sent, to recycle
	// its buffers: such a response is sent once and never kept.
	release func()
}

// maxPooledBuffer is the capacity above which a buffer is not recycled: a
// rare huge answer must not stay in memory.
const maxPooledBuffer = 256 << 10

// bufferPool recycles the buffers of responses sent once (search
// answers), which would otherwise be most of what a request allocates,
// and so of the garbage collector's work.
type bufferPool struct{ pool sync.Pool }

// get returns an empty buffer, a recycled one when there is one.
func (p *bufferPool) get() []byte {
	if b, ok := p.pool.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// put recycles b, which its user no longer holds.
func (p *bufferPool) put(b []byte) {
	if b != nil && cap(b) <= maxPooledBuffer {
		p.pool.Put(&b)
	}
}

func newResponse(status int, ctype string, body []byte, cacheControl string) *response {
	r := &response{status: status, ctype: ctype, body: body, cacheControl: cacheControl}
	// A response no one may store (a search answer) could never be
	// revalidated: it gets no ETag, and saves hashing its body.
	if status == http.StatusOK && cacheControl != cacheNone {
		sum := sha256.Sum256(body)
		r.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	}
	return r
}

// jsonResponse encodes v as indented JSON. HTML-significant characters are
// escaped (\u003c), so that a JSON document opened as HTML stays inert.
func jsonResponse(status int, v any, cacheControl string) (*response, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("web: encode %T as JSON: %w", v, err)
	}
	return indentedJSON(status, b, cacheControl)
}

// indentedJSON is the response of JSON that json.Marshal wrote, indented:
// byte for byte what jsonResponse writes for the same value. b is not
// modified, and may be shared.
func indentedJSON(status int, b []byte, cacheControl string) (*response, error) {
	var out bytes.Buffer
	out.Grow(len(b) + len(b)/2)
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, fmt.Errorf("web: indent JSON: %w", err)
	}
	out.WriteByte('\n')
	return newResponse(status, typeJSON, out.Bytes(), cacheControl), nil
}

// compressible reports whether a content type is text worth compressing.
func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.HasPrefix(ctype, "application/json") ||
		strings.HasPrefix(ctype, "application/xml") || strings.HasPrefix(ctype, "image/svg")
}

// gzipPool holds gzip writers of one compression level.
type gzipPool struct {
	level int
	pool  sync.Pool
}

// gzipWell compresses responses that are kept (cached pages, assets):
// compressed once, sent many times. gzipFast compresses those sent once
// (search answers), where the time spent compressing is the client's:
// BestSpeed takes a fraction of DefaultCompression's time (whose writer
// also clears a 512 KB hash table for every body) for a few percent more
// bytes.
var (
	gzipWell = &gzipPool{level: gzip.DefaultCompression}
	gzipFast = &gzipPool{level: gzip.BestSpeed}
)

// compress returns body compressed, or nil when that does not make it
// smaller.
func (p *gzipPool) compress(body []byte) []byte {
	zw, _ := p.pool.Get().(*gzip.Writer)
	if zw == nil {
		var err error
		if zw, err = gzip.NewWriterLevel(nil, p.level); err != nil {
			panic(fmt.Sprintf("web: gzip level %d: %v", p.level, err)) // a constant level
		}
	}
	defer p.pool.Put(zw)
	var b bytes.Buffer
	b.Grow(len(body) / 4)
	zw.Reset(&b)
	if _, err := zw.Write(body); err != nil || zw.Close() != nil || b.Len() >= len(body) {
		return nil
	}
	return b.Bytes()
}

// gzipped returns the compressed body, computing it once.
func (r *response) gzipped() []byte {
	r.gzOnce.Do(func() {
		if len(r.body) < minGzip || !compressible(r.ctype) {
			return
		}
		if r.compress != nil {
			if gz := r.compress(); gz != nil && len(gz) < len(r.body) {
				r.gz = gz
				return
			}
		}
		pool := gzipWell
		if r.cacheControl == cacheNone {
			pool = gzipFast
		}
		r.gz = pool.compress(r.body)
	})
	return r.gz
}

// acceptsGzip reports whether the request accepts a gzip-encoded response.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// etagMatch reports whether an If-None-Match header names the ETag.
func etagMatch(header, etag string) bool {
	if header == "" || etag == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// send writes a response: conditional requests get 304 Not Modified, and
// clients that accept gzip get the compressed body.
func send(w http.ResponseWriter, r *http.Request, resp *response) {
	h := w.Header()
	for k, v := range resp.header {
		h[k] = v
	}
	if resp.cacheControl != "" {
		h.Set("Cache-Control", resp.cacheControl)
	}
	if resp.etag != "" {
		h.Set("ETag", resp.etag)
		if etagMatch(r.Header.Get("If-None-Match"), resp.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Type", resp.ctype)
	body := resp.body
	if compressible(resp.ctype) {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			if gz := resp.gzipped(); gz != nil {
				h.Set("Content-Encoding", "gzip")
				body = gz
			}
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(resp.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
