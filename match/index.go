package match

import (
	"cmp"
	"encoding/binary"
	"go/token"
	"hash/maphash"
	"iter"
	"math"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/errdex/errdex"
)

// Index is the in-memory match index: the few facts about each site that
// matching and ranking need, in flat pointer-free arrays, and an inverted
// index from tokens to templates. It is immutable once built and safe for
// concurrent use.
//
// Layout. All strings (IDs, repositories, paths, functions, exception
// names, hole names) are interned in one byte arena, each stored as a
// uvarint length followed by its bytes and named by its offset (a strRef;
// offset 0 is the empty string). A site's templates (its Template, then its
// Alternatives) are encoded one after another in the arena:
//
//	template := uvarint(nparts) part*
//	part     := 0x00 uvarint(len) bytes   a literal, normalised (see text), case kept
//	          | code uvarint(strRef)      a hole: code is 1 + its type (holeTypes)
//
// An entry is one template of one site. Entries are numbered by ascending
// weight (the summed idf of their tokens), so every posting list is sorted
// by entry number and lists the lightest templates (the short, general ones
// that a short query can cover whole) first: a truncated walk of a long list
// keeps the ones most likely to matter.
type Index struct {
	arena   []byte
	sites   []siteRec
	entries []entryRec
	files   []fileRec
	// fileSites lists site numbers grouped by file and ordered by line;
	// files[f].first and .n delimit file f's run.
	fileSites []uint32

	// The token dictionary, by token text; tokOff and tokLen locate each
	// token's text in the arena.
	dict    table
	tokKey  func(uint32) []byte
	tokOff  []uint32 // arena offset of the token's bytes
	tokLen  []uint8
	idf     []float32
	postOff []uint32 // postings of token t: postings[postOff[t]:postOff[t+1]]
	posting []uint32 // entry numbers

	// byTail maps the last two components of an indexed file's path ("json/decoder.py",
	// or the whole path when it has one) to file numbers; byBase maps the
	// base name. Frames find their files through them.
	byTail map[string][]uint32
	byBase map[string][]uint32
	// opaque maps an exception's short name to the sites that have no
	// indexed token, which only frames or their exception type can reach.
	opaque map[string][]uint32
	// bare maps an exception's short name to the sites that raise it
	// without a message ("raise EOFError"): what a pasted exception name
	// alone matches.
	bare map[string][]uint32
	// raised maps the short names of the exception types indexed sites
	// raise to the families of those sites' languages: a "Name: message"
	// prefix is cut off a message as its exception only when it looks
	// like one (see exceptionPrefix), and kept as text when only
	// languages that print no type names raise it (see
	// readTypeFromMessage).
	raised map[string]family
	// helperOf maps a site that calls a helper to build its error
	// (errdex.FactHelper) to the helper's own site (see helpers.go).
	helperOf map[uint32]uint32
	// sentinelOf maps a site that raises a sentinel error made elsewhere
	// to the sentinel's definition (see sentinels.go).
	sentinelOf map[uint32]uint32
	// columns holds the columns of the sites in minified code, where a
	// line holds many sites and frames tell them apart by column (see
	// distance); nil when there are none.
	columns map[uint32]colSpan

	scratch sync.Pool // *scratch
}

// colSpan is where a site's statement starts on its first line and ends on
// its last (1-based; endCol 0 when unknown).
type colSpan struct{ col, endCol uint32 }

type strRef uint32

// siteRec is a site in 48 bytes.
type siteRec struct {
	id, repo, lang, exc, excQ, function strRef
	file                                uint32
	line, endLine                       uint32
	tmpl                                uint32 // arena offset of the first template
	nTmpl                               uint8  // at most maxTemplates
	flags                               siteFlags
	family                              family // of its language (see language.go)
	prior                               uint8  // see prior.go
	indent                              uint8  // see siteIndent
}

// entryRec is one template of one site.
type entryRec struct {
	site   uint32
	tmpl   uint32 // arena offset of the encoded template
	weight float32
	alt    uint16 // 0 for the site's Template, i for Alternatives[i-1]
	// wrapper: the template has an error hole (see compose.go).
	wrapper bool
	_       uint8
	// rank is the site's Index.priorRank, kept beside the weight that
	// retrieval reads for every candidate: looked up in the site and
	// file records instead, it cost two cache misses per candidate, and
	// a query touching many entries (a common word in a million sites)
	// paid for them in its tail.
	rank uint32
}

type fileRec struct {
	repo, path strRef
	first, n   uint32
	importers  uint8 // importerLevel of the files importing it (see prior.go)
}

// holeTypes numbers the hole type hints; an unknown hint is HoleAny.
var holeTypes = [...]errdex.HoleType{errdex.HoleAny, errdex.HoleInt, errdex.HoleFloat, errdex.HoleStr,
	errdex.HoleRepr, errdex.HolePath, errdex.HoleBool, errdex.HoleError}

// Hole type codes, indexes into holeTypes.
const (
	tAny uint8 = iota
	tInt
	tFloat
	tStr
	tRepr
	tPath
	tBool
	tError
)

func holeCode(t errdex.HoleType) uint8 {
	for i, h := range holeTypes {
		if h == t {
			return uint8(i)
		}
	}
	return tAny
}

// Limits applied while indexing.
const (
	// maxParts bounds the parts of one template; the rest of a longer
	// template becomes one trailing hole named "rest".
	maxParts = 128
	// maxTemplates bounds the templates of one site (its Template and
	// Alternatives).
	maxTemplates = 32
)

// NewIndex builds an index from sites. It keeps no reference to them.
func NewIndex(sites iter.Seq[*errdex.Site]) *Index {
	b := NewBuilder()
	for s := range sites {
		b.Add(s)
	}
	return b.Build()
}

// Builder builds an Index from sites added one at a time, so that a caller
// streaming sites from a store never holds them all. A Builder is used by
// one goroutine and only until Build.
type Builder struct {
	ix     *Index
	strs   table // interned strings: ids are strRefs
	strKey func(uint32) []byte
	df     []uint32
	entTok []uint32          // tokens of every entry, concatenated
	entEnd []uint32          // entry i's tokens end at entTok[entEnd[i]]
	files  map[string]uint32 // repository NUL path → file number
	key    []byte
	fold   []byte
	toks   []uint32
	// Per-site scratch: the parts of all its templates, where each
	// template ends, and the interned hole names.
	parts []errdex.Part
	ends  []int
	names []strRef
	offs  []uint32
	// helperAt holds, for sites citing a helper, the helper's place, to
	// be resolved to its site once every site is in (see helpers.go);
	// sentinelAt the same for sites citing a sentinel (see sentinels.go).
	helperAt, sentinelAt []citeRef
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	ix := &Index{arena: []byte{0}, dict: table{seed: maphash.MakeSeed()}, opaque: map[string][]uint32{}, bare: map[string][]uint32{}, raised: map[string]family{}}
	ix.tokKey = func(id uint32) []byte { return ix.arena[ix.tokOff[id] : ix.tokOff[id]+uint32(ix.tokLen[id])] }
	return &Builder{
		ix:     ix,
		strs:   table{seed: maphash.MakeSeed()},
		strKey: func(r uint32) []byte { return ix.strBytes(strRef(r)) },
		files:  map[string]uint32{},
	}
}

func (b *Builder) intern(s string) strRef {
	if s == "" {
		return 0
	}
	key := unsafe.Slice(unsafe.StringData(s), len(s))
	r, ok, slot := b.strs.find(key, b.strKey)
	if ok {
		return strRef(r)
	}
	r = uint32(len(b.ix.arena))
	b.ix.arena = binary.AppendUvarint(b.ix.arena, uint64(len(s)))
	b.ix.arena = append(b.ix.arena, s...)
	b.strs.add(slot, r, b.strKey)
	return strRef(r)
}

// Add adds a site: its identity, location, exception and templates.
func (b *Builder) Add(s *errdex.Site) {
	ix := b.ix
	b.key = append(append(append(b.key[:0], s.Repo...), 0), s.Location.Path...)
	file, ok := b.files[string(b.key)]
	if !ok {
		file = uint32(len(ix.files))
		b.files[string(b.key)] = file
		ix.files = append(ix.files, fileRec{repo: b.intern(s.Repo), path: b.intern(s.Location.Path)})
	}
	ix.files[file].n++
	ix.files[file].importers = max(ix.files[file].importers, importerLevel(s.Reach.Importers))
	// IDs are unique: stored without interning.
	id := strRef(len(ix.arena))
	ix.arena = binary.AppendUvarint(ix.arena, uint64(len(s.ID)))
	ix.arena = append(ix.arena, s.ID...)
	rec := siteRec{
		id: id, repo: ix.files[file].repo, lang: b.intern(s.Language),
		exc: b.intern(s.Exception), excQ: b.intern(s.ExceptionQualified),
		function: b.intern(s.Function), file: file,
		line: uint32(max(0, s.Location.Line)), endLine: uint32(max(0, s.Location.Line, s.Location.EndLine)),
		family: siteFamily(s.Language), prior: sitePrior(s), flags: flagsOf(s),
		indent: siteIndent(s),
	}
	// Intern every hole name first: the templates must lie one after
	// another in the arena.
	b.parts = b.parts[:0]
	b.ends = b.ends[:0]
	for _, t := range siteTemplates(s) {
		b.parts = appendParts(b.parts, t)
		b.ends = append(b.ends, len(b.parts))
	}
	b.names = b.names[:0]
	for _, p := range b.parts {
		var r strRef
		if p.IsHole() {
			r = b.intern(p.Hole)
		}
		b.names = append(b.names, r)
	}
	site := uint32(len(ix.sites))
	rec.tmpl = uint32(len(ix.arena))
	b.offs = b.offs[:0]
	lo := 0
	for _, hi := range b.ends {
		b.offs = append(b.offs, uint32(len(ix.arena)))
		b.encode(b.parts[lo:hi], b.names[lo:hi])
		lo = hi
	}
	tokens := 0
	for i, off := range b.offs {
		b.toks = b.toks[:0]
		b.tokensOf(off)
		tokens += len(b.toks)
		for _, tok := range b.toks {
			b.df[tok]++
		}
		b.entTok = append(b.entTok, b.toks...)
		b.entEnd = append(b.entEnd, uint32(len(b.entTok)))
		ix.entries = append(ix.entries, entryRec{site: site, tmpl: off, alt: uint16(i), wrapper: len(b.toks) > 0 && ix.hasErrorHole(off)})
		rec.nTmpl++
	}
	if exc := shortName(cmp.Or(s.ExceptionQualified, s.Exception)); exc != "" {
		fam := siteFamily(s.Language)
		if fam == 0 {
			fam = printsTypeName // unknown: it may print the name
		}
		if old, ok := ix.raised[exc]; !ok {
			ix.raised[strings.Clone(exc)] = fam
		} else {
			ix.raised[exc] = old | fam
		}
	}
	if tokens == 0 && (s.Exception != "" || s.ExceptionQualified != "") {
		name := strings.Clone(shortName(cmp.Or(s.ExceptionQualified, s.Exception)))
		switch {
		case len(b.parts) > 0:
			ix.opaque[name] = append(ix.opaque[name], site)
		case s.Kind != errdex.KindReraise && s.Kind != errdex.KindRaiseObject:
			// No message at all; a re-raise or a raised object carries
			// a message the site does not show.
			ix.bare[name] = append(ix.bare[name], site)
		}
	}
	if f, ok := citation(s, errdex.FactHelper); ok {
		b.helperAt = append(b.helperAt, citeRef{site: site, repo: s.Repo, path: f.Location.Path, line: uint32(f.Location.Line)})
	}
	if f, ok := citation(s, errdex.FactWraps); ok && token.IsExported(f.Name) {
		b.sentinelAt = append(b.sentinelAt, citeRef{site: site, repo: s.Repo, path: f.Location.Path, line: uint32(f.Location.Line)})
	}
	if s.Minified {
		if ix.columns == nil {
			ix.columns = map[uint32]colSpan{}
		}
		ix.columns[site] = colSpan{col: uint32(max(0, s.Location.Column)), endCol: uint32(max(0, s.Location.EndColumn))}
	}
	ix.sites = append(ix.sites, rec)
}

// siteFlags are facts of a site's kind the matcher weighs.
type siteFlags uint8

const (
	// flagUnwinds: raising at the site leaves the site's function on the
	// stack a traceback shows. A raise, throw, panic or failed check
	// does; an error value built by errors.New, fmt.Errorf, an Error
	// method or a returned error literal travels up the callers first, so
	// a panic or a log line printed far away may carry it.
	flagUnwinds siteFlags = 1 << iota
	// flagValue: the site builds an error value (Go, Rust) rather than
	// raising: where a value wraps another, the innermost value is where
	// the failure happened (see compose.go).
	flagValue
	// flagFormatter: the site is an Error method (or Display
	// implementation): it formats a value's message but creates no
	// error; the sites constructing the value are where it happens.
	flagFormatter
	// flagExactType: the site raises a new object of the class it names
	// (a Python raise or assert), so the type printed is that class's
	// (see pytypes.go).
	flagExactType
	// flagSentinel: the site defines a package-level error value (`var
	// ErrNotFound = errors.New(...)`, Function "pkg.init"). Code returns
	// the one value from many places, so its definition says nothing of
	// where a failure happened: a wrapper around it does (see
	// compose.go).
	flagSentinel
	// flagViaLookup: the site subscripts a mapping that raises for it
	// (os.environ["NAME"]): a traceback's innermost frame is the
	// mapping's __getitem__, the frame outside it the site's (see
	// lookupFrames).
	flagViaLookup
)

// flagsOf derives a site's flags from its kind and language.
func flagsOf(s *errdex.Site) siteFlags {
	f := siteFamily(s.Language)
	values := f == famGo || f == famRust
	switch s.Kind {
	case errdex.KindErrorMethod:
		return flagValue | flagFormatter
	case errdex.KindErrorf, errdex.KindErrorsNew:
		if values && (s.Function == "init" || strings.HasSuffix(s.Function, ".init")) {
			return flagValue | flagSentinel
		}
		return flagValue
	case errdex.KindRaise, errdex.KindRaiseObject:
		if values {
			return flagValue
		}
	}
	if s.Kind == errdex.KindEnvLookup {
		return flagUnwinds | flagExactType | flagViaLookup
	}
	if f == famPython && (s.Kind == errdex.KindRaise || s.Kind == errdex.KindAssert) {
		return flagUnwinds | flagExactType
	}
	return flagUnwinds
}

// siteTemplates yields the site's Template and Alternatives, at most
// maxTemplates of them.
func siteTemplates(s *errdex.Site) iter.Seq2[int, errdex.Template] {
	return func(yield func(int, errdex.Template) bool) {
		if !yield(0, s.Template) {
			return
		}
		for i, t := range s.Alternatives {
			if i+1 >= maxTemplates || !yield(i+1, t) {
				return
			}
		}
	}
}

// appendParts appends template t's parts to dst with literals normalised
// (see normalizeLiteral) and merged, at most maxParts of them: the rest of
// a longer template becomes one trailing hole named "rest".
func appendParts(dst []errdex.Part, t errdex.Template) []errdex.Part {
	base := len(dst)
	for i, p := range t.Parts {
		if len(dst)-base == maxParts-1 && i < len(t.Parts)-1 {
			return append(dst, errdex.HolePart("rest", "", errdex.HoleAny))
		}
		if p.IsHole() {
			dst = append(dst, p)
			continue
		}
		lit := normalizeLiteral(p.Text, i == 0, i == len(t.Parts)-1)
		if lit == "" {
			continue
		}
		if n := len(dst); n > base && !dst[n-1].IsHole() {
			dst[n-1].Text += lit
			continue
		}
		dst = append(dst, errdex.Part{Text: lit})
	}
	return dst
}

// encode appends a template's parts to the arena in the format described
// on Index; names holds the interned hole names.
func (b *Builder) encode(parts []errdex.Part, names []strRef) {
	a := binary.AppendUvarint(b.ix.arena, uint64(len(parts)))
	for i, p := range parts {
		if p.IsHole() {
			a = append(a, 1+holeCode(p.Type))
			a = binary.AppendUvarint(a, uint64(names[i]))
			continue
		}
		a = append(a, 0)
		a = binary.AppendUvarint(a, uint64(len(p.Text)))
		a = append(a, p.Text...)
	}
	b.ix.arena = a
}

// tokensOf sets b.toks to the distinct tokens of the template encoded at
// off, adding new ones to the dictionary.
func (b *Builder) tokensOf(off uint32) {
	ix := b.ix
	var parts [maxParts]part
	ps, _ := ix.decode(off, parts[:0])
	for i, p := range ps {
		if p.hole {
			continue
		}
		b.fold = foldInto(b.fold[:0], string(p.lit))
		s := string(b.fold)
		openLeft := i > 0
		openRight := i < len(ps)-1
		eachToken(s, openLeft, openRight, func(start, end int) {
			w := b.fold[start:end]
			id, ok, slot := ix.dict.find(w, ix.tokKey)
			if !ok {
				id = uint32(len(b.df))
				ix.tokOff = append(ix.tokOff, uint32(len(ix.arena)))
				ix.tokLen = append(ix.tokLen, uint8(len(w)))
				ix.arena = append(ix.arena, w...)
				b.df = append(b.df, 0)
				ix.dict.add(slot, id, ix.tokKey)
			}
			if !slices.Contains(b.toks, id) {
				b.toks = append(b.toks, id)
			}
		})
	}
}

// hasErrorHole reports whether the template encoded at off has a hole of
// type error.
func (ix *Index) hasErrorHole(off uint32) bool {
	var parts [maxParts]part
	ps, _ := ix.decode(off, parts[:0])
	for _, p := range ps {
		if p.hole && p.typ == tError {
			return true
		}
	}
	return false
}

// Build finishes the index. The Builder must not be used afterwards.
func (b *Builder) Build() *Index {
	ix := b.ix
	n := len(ix.entries)
	nsite := float64(max(1, len(ix.sites)))

	// Token weights.
	ntok := len(b.df)
	ix.idf = make([]float32, ntok)
	for id, df := range b.df {
		ix.idf[id] = float32(math.Log(1 + nsite/float64(df)))
	}

	// Entry weights and their order.
	order := make([]uint32, n)
	start := uint32(0)
	for i := range ix.entries {
		w := float32(0)
		for _, t := range b.entTok[start:b.entEnd[i]] {
			w += ix.idf[t]
		}
		start = b.entEnd[i]
		ix.entries[i].weight = w
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(x, y uint32) int {
		return cmp.Or(cmp.Compare(ix.entries[x].weight, ix.entries[y].weight), cmp.Compare(x, y))
	})
	sorted := make([]entryRec, n)
	for r, old := range order {
		sorted[r] = ix.entries[old]
	}
	ix.entries = sorted
	for i := range ix.entries {
		ix.entries[i].rank = ix.priorRank(ix.entries[i].site)
	}

	// Postings by counting sort, in entry order.
	ix.postOff = make([]uint32, ntok+1)
	for t, d := range b.df {
		ix.postOff[t+1] = ix.postOff[t] + d
	}
	ix.posting = make([]uint32, ix.postOff[ntok])
	cursor := slices.Clone(ix.postOff[:ntok])
	for r, old := range order {
		lo := uint32(0)
		if old > 0 {
			lo = b.entEnd[old-1]
		}
		for _, t := range b.entTok[lo:b.entEnd[old]] {
			ix.posting[cursor[t]] = uint32(r)
			cursor[t]++
		}
	}
	b.entTok, b.entEnd, b.df = nil, nil, nil

	// Files: sites grouped by file, by line; path lookup tables.
	first := uint32(0)
	for f := range ix.files {
		ix.files[f].first = first
		first += ix.files[f].n
	}
	ix.fileSites = make([]uint32, len(ix.sites))
	fill := make([]uint32, len(ix.files))
	for s, rec := range ix.sites {
		f := &ix.files[rec.file]
		ix.fileSites[f.first+fill[rec.file]] = uint32(s)
		fill[rec.file]++
	}
	for _, f := range ix.files {
		run := ix.fileSites[f.first : f.first+f.n]
		slices.SortFunc(run, func(x, y uint32) int { return cmp.Compare(ix.sites[x].line, ix.sites[y].line) })
	}
	ix.helperOf = b.resolve(b.helperAt)
	ix.sentinelOf = b.resolve(b.sentinelAt)
	ix.byTail = map[string][]uint32{}
	ix.byBase = map[string][]uint32{}
	for f, rec := range ix.files {
		p := ix.str(rec.path)
		tail := pathTail(p)
		ix.byTail[tail] = append(ix.byTail[tail], uint32(f))
		base := p[strings.LastIndexByte(p, '/')+1:]
		ix.byBase[base] = append(ix.byBase[base], uint32(f))
	}
	ix.arena = slices.Clip(ix.arena)
	ix.sites = slices.Clip(ix.sites)
	ix.files = slices.Clip(ix.files)
	ix.tokOff, ix.tokLen = slices.Clip(ix.tokOff), slices.Clip(ix.tokLen)
	b.ix, b.strs, b.files, b.helperAt, b.sentinelAt = nil, table{}, nil, nil, nil
	return ix
}

// pathTail is the last two components of a slash-separated path, or the
// whole path when it has fewer.
func pathTail(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return p
	}
	if j := strings.LastIndexByte(p[:i], '/'); j >= 0 {
		return p[j+1:]
	}
	return p
}

// str returns the interned string at r. It shares the arena's memory.
func (ix *Index) str(r strRef) string { return unsafeString(ix.strBytes(r)) }

// strBytes returns the bytes of the interned string at r.
func (ix *Index) strBytes(r strRef) []byte {
	n, k := binary.Uvarint(ix.arena[r:])
	return ix.arena[int(r)+k : int(r)+k+int(n)]
}

// part is a decoded template part. lit aliases the arena.
type part struct {
	hole bool
	typ  uint8
	name strRef
	lit  []byte
}

// decode appends the parts of the template encoded at off to dst and
// returns them with the offset just past the template.
func (ix *Index) decode(off uint32, dst []part) ([]part, uint32) {
	a := ix.arena
	n, k := binary.Uvarint(a[off:])
	off += uint32(k)
	for range n {
		code := a[off]
		off++
		v, k := binary.Uvarint(a[off:])
		off += uint32(k)
		if code == 0 {
			dst = append(dst, part{lit: a[off : off+uint32(v)]})
			off += uint32(v)
			continue
		}
		dst = append(dst, part{hole: true, typ: code - 1, name: strRef(v)})
	}
	return dst, off
}

// token returns the number of token w, or false when no template has it.
func (ix *Index) token(w []byte) (uint32, bool) {
	id, ok, _ := ix.dict.find(w, ix.tokKey)
	return id, ok
}

// postings returns the entries whose templates hold token t, in ascending
// order.
func (ix *Index) postings(t uint32) []uint32 {
	return ix.posting[ix.postOff[t]:ix.postOff[t+1]]
}

// Len returns the number of sites in the index.
func (ix *Index) Len() int { return len(ix.sites) }

// IndexStats describes an index's size.
type IndexStats struct {
	Sites, Templates, Files, Tokens, Postings int
	// Bytes is the memory held by the index's arrays, not counting the
	// small per-file lookup maps' overhead.
	Bytes int
}

// Stats reports the index's size.
func (ix *Index) Stats() IndexStats {
	bytes := len(ix.arena) + len(ix.sites)*int(unsafe.Sizeof(siteRec{})) + len(ix.entries)*int(unsafe.Sizeof(entryRec{})) +
		len(ix.files)*int(unsafe.Sizeof(fileRec{})) +
		len(ix.fileSites)*4 + len(ix.dict.slots)*4 + len(ix.tokOff)*4 + len(ix.tokLen) +
		len(ix.idf)*4 + len(ix.postOff)*4 + len(ix.posting)*4 + len(ix.columns)*int(unsafe.Sizeof(colSpan{})+4)
	return IndexStats{
		Sites: len(ix.sites), Templates: len(ix.entries), Files: len(ix.files),
		Tokens: len(ix.idf), Postings: len(ix.posting), Bytes: bytes,
	}
}

// unsafeString views b as a string without copying; b must never change.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
