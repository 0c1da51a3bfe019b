package web

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/errdex/errdex"
)

// A search answer is mostly site records, the same ones again and again,
// and compressing them was most of the cost of answering. So each site's
// JSON is compressed once, into a deflate segment that stands alone (no
// reference to earlier data) and ends byte-aligned (a sync flush), and an
// answer's gzip body is assembled from those segments, the answer's own
// text between them in stored (uncompressed) blocks, and an empty final
// block: a valid deflate stream, since deflate blocks may follow one
// another freely. The gzip trailer's CRC-32 and size cover the whole
// body.

// siteDeflateEntries bounds the compressed site records kept (a KB or two
// each), as lookup bounds the sites it keeps.
const siteDeflateEntries = 4096

// siteDeflates keeps the compressed segment of each site's JSON. An entry
// is valid for the JSON it was made from: a site whose JSON changed (a new
// snapshot or explanation) is compressed again.
type siteDeflates struct {
	entries *lru.Cache[errdex.ID, *siteDeflate]
	writers sync.Pool // of *flate.Writer at flate.BestCompression
}

type siteDeflate struct {
	json    []byte // what deflate decompresses to
	deflate []byte
}

func newSiteDeflates() (*siteDeflates, error) {
	c, err := lru.New[errdex.ID, *siteDeflate](siteDeflateEntries)
	if err != nil {
		return nil, fmt.Errorf("web: compressed site cache: %w", err)
	}
	return &siteDeflates{entries: c}, nil
}

// segment returns the deflate segment of a site's JSON, compressing it
// when it is not cached for these exact bytes.
func (c *siteDeflates) segment(id errdex.ID, json []byte) ([]byte, error) {
	if e, ok := c.entries.Get(id); ok && bytes.Equal(e.json, json) {
		return e.deflate, nil
	}
	z, err := c.compress(json)
	if err != nil {
		return nil, fmt.Errorf("web: compress the JSON of site %s: %w", id, err)
	}
	c.entries.Add(id, &siteDeflate{json: json, deflate: z})
	return z, nil
}

// compress returns b as a standalone deflate segment ending with a sync
// flush. Sites are compressed once and sent many times: the best
// compression is worth its time.
func (c *siteDeflates) compress(b []byte) ([]byte, error) {
	var out bytes.Buffer
	zw, _ := c.writers.Get().(*flate.Writer)
	if zw == nil {
		var err error
		if zw, err = flate.NewWriter(&out, flate.BestCompression); err != nil {
			return nil, err
		}
	} else {
		zw.Reset(&out)
	}
	defer c.writers.Put(zw)
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// span is a part of a body that is a site's JSON, which has its own
// deflate segment.
type span struct {
	start, end int
	site       errdex.ID
	json       []byte // the site's JSON as cached: body[start:end], not sharing its memory
	deflate    []byte
}

// gzipHeader is a gzip member header: deflate, no flags, no time, no extra
// flags, unknown operating system.
const gzipHeader = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

// finalBlock is an empty stored block marked final: the end of a deflate
// stream that starts on a byte boundary.
const finalBlock = "\x01\x00\x00\xff\xff"

// maxStored is the most bytes one stored block holds.
const maxStored = 0xffff

// gzipSpliced appends to dst the gzip form of a body whose spans are
// sites' JSON, made from their cached segments; nil when a site cannot be
// compressed.
func (c *siteDeflates) gzipSpliced(dst, body []byte, spans []span) []byte {
	for i := range spans {
		z, err := c.segment(spans[i].site, spans[i].json)
		if err != nil {
			return nil
		}
		spans[i].deflate = z
	}
	return spliceGzip(dst, body, spans)
}

// spliceGzip appends body gzip-compressed to dst: each span is its deflate
// segment, and the bytes between spans go in stored blocks. Spans are in
// order and do not overlap.
func spliceGzip(dst, body []byte, spans []span) []byte {
	size := len(gzipHeader) + 5*(len(spans)+2+len(body)/maxStored) + len(body) + 8
	for _, s := range spans {
		size += len(s.deflate) - (s.end - s.start)
	}
	out := append(slices.Grow(dst, size), gzipHeader...)
	at := 0
	for _, s := range spans {
		out = appendStored(out, body[at:s.start])
		out = append(out, s.deflate...)
		at = s.end
	}
	out = appendStored(out, body[at:])
	out = append(out, finalBlock...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	return binary.LittleEndian.AppendUint32(out, uint32(len(body)))
}

// appendStored appends b as stored deflate blocks, starting on a byte
// boundary, none of them final.
func appendStored(out, b []byte) []byte {
	for len(b) > 0 {
		n := min(len(b), maxStored)
		out = append(out, 0, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		out = append(out, b[:n]...)
		b = b[n:]
	}
	return out
}
