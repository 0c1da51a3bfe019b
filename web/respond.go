package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
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
}

func newResponse(status int, ctype string, body []byte, cacheControl string) *response {
	r := &response{status: status, ctype: ctype, body: body, cacheControl: cacheControl}
	if status == http.StatusOK {
		sum := sha256.Sum256(body)
		r.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	}
	return r
}

// jsonResponse encodes v as indented JSON. HTML-significant characters are
// escaped (\u003c), so that a JSON document opened as HTML stays inert.
func jsonResponse(status int, v any, cacheControl string) (*response, error) {
	return encodeJSON(status, v, cacheControl, "  ")
}

// compactJSON is jsonResponse without indentation, for answers computed
// per request (search), where indenting would cost a fifth of the time.
func compactJSON(status int, v any, cacheControl string) (*response, error) {
	return encodeJSON(status, v, cacheControl, "")
}

func encodeJSON(status int, v any, cacheControl, indent string) (*response, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return newResponse(status, typeJSON, b.Bytes(), cacheControl), nil
}

// compressible reports whether a content type is text worth compressing.
func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.HasPrefix(ctype, "application/json") ||
		strings.HasPrefix(ctype, "application/xml") || strings.HasPrefix(ctype, "image/svg")
}

var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// gzipped returns the compressed body, computing it once.
func (r *response) gzipped() []byte {
	r.gzOnce.Do(func() {
		if len(r.body) < minGzip || !compressible(r.ctype) {
			return
		}
		var b bytes.Buffer
		zw := gzipPool.Get().(*gzip.Writer)
		zw.Reset(&b)
		_, _ = zw.Write(r.body)
		if zw.Close() == nil && b.Len() < len(r.body) {
			r.gz = b.Bytes()
		}
		gzipPool.Put(zw)
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
