// Package rowcodec converts between errdex values and the column values
// that both stores keep, store/sqlite and store/postgres: the binary
// encodings of site records and snippets, the JSON of analysis facts and
// index statistics, reversible escaping of text, timestamps, and the
// assembly of a read row into an errdex.Site (revision, link and family
// counts derived from its snapshot). It also checks and orders the sites
// of a snapshot before a store writes them.
//
// Both stores use these encodings byte for byte, so a row can move
// between them unchanged and a fix to one reaches both. What differs
// between the stores (SQL dialect, driver, schema, migrations, how NULL
// and text that is not UTF-8 reach a column) stays in their packages.
package rowcodec

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/errdex/errdex"
)

// Binary encodings of the sites.record and snippets.body columns.
//
// A site's record holds every field of the site except its snippet and
// its analysis facts, in one value: a listing then reads two columns per
// row instead of twenty, which is what makes loading every site at server
// start-up fast (each column read is a call through the driver). The
// stores keep, beside it, columns that repeat what their queries filter
// and sort on (ID, path, language, family slug).
//
// Records and snippets hold text copied from arbitrary source files, which
// may contain NUL bytes or bytes that are not UTF-8 (a Latin-1 file). JSON
// would silently turn such bytes into U+FFFD, so these columns use a small
// length-prefixed encoding that keeps every byte, and that decodes several
// times faster than JSON. Integers are encoding/binary varints (signed) or
// uvarints (counts and lengths); a string is a uvarint byte length and the
// bytes; a float is its IEEE 754 bits as a uvarint.
//
//	record   = format id path line col end_line end_col language kind exception
//	           exception_qualified function template alternatives family reach build helper minified sentinel
//	template = nparts:uvarint (text hole expr type)*
//	alternatives = ntemplates:uvarint template*
//	family   = 0 | 1 slug name confidence:float
//	reach    = importers:varint callers:varint
//	build    = string
//	helper   = path:string line:varint   (path "" when the site cites no helper)
//	minified = 0 | 1
//	sentinel = name:string path:string line:varint   (path "" when the site cites no sentinel)
//	snippet  = format start_line:varint nmarks:uvarint mark:varint* nlines:uvarint line:string*
//
// format is a byte: 7 for records (format 6, written before the
// sentinel's name was kept, has its place alone; format 5, written before
// the sentinel a site raises was kept in the record, has no sentinel;
// format 4, written before Site.Minified, has no minified byte either;
// format 3, written before the helper was kept in the record, has no
// helper either; format 2, written before
// Site.Build, has no build either; format 1, written before Site.Reach,
// has none of the three) and 1 for snippets. A new encoding takes the next number,
// and decoders keep reading the old ones, so that databases written by an
// older errdex stay readable without a migration.
const (
	recordFormat  = 7
	snippetFormat = 1
)

// ErrCorrupt reports a column value that does not decode.
var ErrCorrupt = errors.New("corrupt value")

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendTemplate(b []byte, t errdex.Template) []byte {
	b = binary.AppendUvarint(b, uint64(len(t.Parts)))
	for _, p := range t.Parts {
		b = appendString(b, p.Text)
		b = appendString(b, p.Hole)
		b = appendString(b, p.Expr)
		b = appendString(b, string(p.Type))
	}
	return b
}

func templateSize(t errdex.Template) int {
	n := binary.MaxVarintLen64
	for _, p := range t.Parts {
		n += 4*binary.MaxVarintLen64 + len(p.Text) + len(p.Hole) + len(p.Expr) + len(p.Type)
	}
	return n
}

// AppendRecord appends the record of s to b: every field of the site
// except Repo, Rev, RevDate, Location.URL (a read derives them from the
// snapshot), the snippet (AppendSnippet) and the analysis facts
// (EncodeFacts). Family.Sites and Family.Libraries are not kept either.
func AppendRecord(b []byte, s *errdex.Site) []byte {
	loc := &s.Location
	h, w := citedFact(s, errdex.FactHelper).Location, citedFact(s, errdex.FactWraps)
	n := 1 + 19*binary.MaxVarintLen64 + len(h.Path) + len(w.Name) + len(w.Location.Path) + len(s.ID) + len(loc.Path) + len(s.Language) + len(s.Kind) +
		len(s.Exception) + len(s.ExceptionQualified) + len(s.Function) + templateSize(s.Template)
	for _, t := range s.Alternatives {
		n += templateSize(t)
	}
	if f := s.Family; f != nil {
		n += len(f.Slug) + len(f.Name)
	}
	b = slices.Grow(b, n)
	b = append(b, recordFormat)
	b = appendString(b, string(s.ID))
	b = appendString(b, loc.Path)
	b = binary.AppendVarint(b, int64(loc.Line))
	b = binary.AppendVarint(b, int64(loc.Column))
	b = binary.AppendVarint(b, int64(loc.EndLine))
	b = binary.AppendVarint(b, int64(loc.EndColumn))
	b = appendString(b, s.Language)
	b = appendString(b, string(s.Kind))
	b = appendString(b, s.Exception)
	b = appendString(b, s.ExceptionQualified)
	b = appendString(b, s.Function)
	b = appendTemplate(b, s.Template)
	b = binary.AppendUvarint(b, uint64(len(s.Alternatives)))
	for _, t := range s.Alternatives {
		b = appendTemplate(b, t)
	}
	if f := s.Family; f == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		b = appendString(b, f.Slug)
		b = appendString(b, f.Name)
		b = binary.AppendUvarint(b, math.Float64bits(f.Confidence))
	}
	b = binary.AppendVarint(b, int64(s.Reach.Importers))
	b = binary.AppendVarint(b, int64(s.Reach.Callers))
	b = appendString(b, s.Build)
	b = appendString(b, h.Path)
	b = binary.AppendVarint(b, int64(h.Line))
	if s.Minified {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendString(b, w.Name)
	b = appendString(b, w.Location.Path)
	return binary.AppendVarint(b, int64(w.Location.Line))
}

// citedFact returns s's first fact of the given kind, which cites another
// site (errdex.FactHelper: the helper s calls to build its error;
// errdex.FactWraps: the sentinel s raises), the zero Fact when none. The
// record keeps the place it cites (and a sentinel's name), apart from the
// other facts, because the match index needs them (see
// errdex.SiteFilter.SkipFacts).
func citedFact(s *errdex.Site, kind string) errdex.Fact {
	for _, f := range s.Provenance {
		if f.Kind == kind {
			return f
		}
	}
	return errdex.Fact{}
}

// AppendSnippet appends the encoding of s to b.
func AppendSnippet(b []byte, s *errdex.Snippet) []byte {
	n := 1 + 2*binary.MaxVarintLen64 + len(s.MarkLines)*binary.MaxVarintLen64
	for _, l := range s.Lines {
		n += binary.MaxVarintLen64 + len(l)
	}
	b = slices.Grow(b, n)
	b = append(b, snippetFormat)
	b = binary.AppendVarint(b, int64(s.StartLine))
	b = binary.AppendUvarint(b, uint64(len(s.MarkLines)))
	for _, m := range s.MarkLines {
		b = binary.AppendVarint(b, int64(m))
	}
	b = binary.AppendUvarint(b, uint64(len(s.Lines)))
	for _, l := range s.Lines {
		b = appendString(b, l)
	}
	return b
}

// decoder reads the encodings above from a string, so that every decoded
// string shares the one copy of the column value instead of being
// allocated on its own.
type decoder struct {
	s   string
	err error
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = ErrCorrupt
	}
	d.s = ""
}

// format reads the format byte, which must be between oldest and newest,
// and returns it.
func (d *decoder) format(oldest, newest byte) byte {
	f := d.byte()
	if f < oldest || f > newest {
		d.fail()
	}
	return f
}

func (d *decoder) byte() byte {
	if len(d.s) == 0 {
		d.fail()
		return 0
	}
	c := d.s[0]
	d.s = d.s[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := uvarint(d.s)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.s = d.s[n:]
	return v
}

func (d *decoder) varint() int64 {
	ux := d.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// int reads a varint that must fit an int.
func (d *decoder) int() int {
	v := d.varint()
	if int64(int(v)) != v {
		d.fail()
	}
	return int(v)
}

// count reads a uvarint count of items that each take at least min bytes,
// refusing counts the remaining input cannot hold, so that corrupt data
// never makes the decoder allocate a huge slice.
func (d *decoder) count(min int) int {
	n := d.uvarint()
	if n > uint64(len(d.s)/min) {
		d.fail()
		return 0
	}
	return int(n)
}

func (d *decoder) string() string {
	n := d.uvarint()
	if n > uint64(len(d.s)) {
		d.fail()
		return ""
	}
	v := d.s[:n]
	d.s = d.s[n:]
	return v
}

func (d *decoder) template() errdex.Template {
	n := d.count(4)
	if n == 0 {
		return errdex.Template{}
	}
	parts := make([]errdex.Part, n)
	for i := range parts {
		parts[i] = errdex.Part{Text: d.string(), Hole: d.string(), Expr: d.string(), Type: errdex.HoleType(d.string())}
	}
	return errdex.Template{Parts: parts}
}

func (d *decoder) end() error {
	if d.err == nil && len(d.s) != 0 {
		d.err = ErrCorrupt
	}
	return d.err
}

// uvarint is binary.Uvarint for a string.
func uvarint(s string) (uint64, int) {
	var x uint64
	var shift uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		c := s[i]
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				return 0, -(i + 1)
			}
			return x | uint64(c)<<shift, i + 1
		}
		x |= uint64(c&0x7f) << shift
		shift += 7
	}
	return 0, 0
}

// DecodeRecord decodes a record made by AppendRecord into site, which
// must be zero. The site's strings share the memory of s. A value that
// does not decode is ErrCorrupt; no input makes it panic or allocate more
// than len(s) allows.
func DecodeRecord(s string, site *errdex.Site) error {
	d := decoder{s: s}
	format := d.format(1, recordFormat)
	site.ID = errdex.ID(d.string())
	loc := &site.Location
	loc.Path = d.string()
	loc.Line, loc.Column, loc.EndLine, loc.EndColumn = d.int(), d.int(), d.int(), d.int()
	site.Language = d.string()
	site.Kind = errdex.SiteKind(d.string())
	site.Exception = d.string()
	site.ExceptionQualified = d.string()
	site.Function = d.string()
	site.Template = d.template()
	if n := d.count(1); n > 0 {
		site.Alternatives = make([]errdex.Template, n)
		for i := range site.Alternatives {
			site.Alternatives[i] = d.template()
		}
	}
	switch d.byte() {
	case 0:
	case 1:
		site.Family = &errdex.FamilyRef{Slug: d.string(), Name: d.string(), Confidence: math.Float64frombits(d.uvarint())}
	default:
		d.fail()
	}
	if format >= 2 {
		site.Reach.Importers, site.Reach.Callers = d.int(), d.int()
	}
	if format >= 3 {
		site.Build = d.string()
	}
	if format >= 4 {
		// The cited places alone; the facts, when read, replace them
		// with the whole facts.
		if path, line := d.string(), d.int(); path != "" {
			site.Provenance = append(site.Provenance, errdex.Fact{Kind: errdex.FactHelper, Location: errdex.Span{Path: path, Line: line}})
		}
	}
	if format >= 5 {
		switch d.byte() {
		case 0:
		case 1:
			site.Minified = true
		default:
			d.fail()
		}
	}
	if format >= 6 {
		var name string
		if format >= 7 {
			name = d.string()
		}
		if path, line := d.string(), d.int(); path != "" {
			site.Provenance = append(site.Provenance, errdex.Fact{Name: name, Kind: errdex.FactWraps, Location: errdex.Span{Path: path, Line: line}})
		}
	}
	return d.end()
}

// DecodeSnippet decodes a snippet made by AppendSnippet.
func DecodeSnippet(s string) (*errdex.Snippet, error) {
	d := decoder{s: s}
	d.format(snippetFormat, snippetFormat)
	sn := &errdex.Snippet{StartLine: d.int()}
	if n := d.count(1); n > 0 {
		sn.MarkLines = make([]int, n)
		for i := range sn.MarkLines {
			sn.MarkLines[i] = d.int()
		}
	}
	if n := d.count(1); n > 0 {
		sn.Lines = make([]string, n)
		for i := range sn.Lines {
			sn.Lines[i] = d.string()
		}
	}
	return sn, d.end()
}
