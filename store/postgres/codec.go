package postgres

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// Binary encodings of the sites.record and snippets.body columns, and the
// escaping of strings for JSON and text columns.
//
// These are byte for byte the encodings of store/sqlite (its codec.go), so
// that a row can move between the two stores unchanged; this file is a copy
// of that one plus escapeText, until both stores import one shared package.
//
// A site's record holds every field of the site except its snippet and
// its analysis facts, in one value: a listing then reads two columns per
// row instead of twenty. The columns beside it (id, path, language,
// family) repeat what queries filter on.
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
//	           exception_qualified function template alternatives family
//	template = nparts:uvarint (text hole expr type)*
//	alternatives = ntemplates:uvarint template*
//	family   = 0 | 1 slug name confidence:float
//	snippet  = format start_line:varint nmarks:uvarint mark:varint* nlines:uvarint line:string*
//
// format is the byte 1. A new encoding takes the next number, and decoders
// keep reading the old ones.
const codecFormat = 1

// errCorrupt reports a column value that does not decode.
var errCorrupt = errors.New("corrupt value")

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

// encodeRecord appends the record of s to b.
func encodeRecord(b []byte, s *errdex.Site) []byte {
	loc := &s.Location
	n := 1 + 13*binary.MaxVarintLen64 + len(s.ID) + len(loc.Path) + len(s.Language) + len(s.Kind) +
		len(s.Exception) + len(s.ExceptionQualified) + len(s.Function) + templateSize(s.Template)
	for _, t := range s.Alternatives {
		n += templateSize(t)
	}
	if f := s.Family; f != nil {
		n += len(f.Slug) + len(f.Name)
	}
	b = slices.Grow(b, n)
	b = append(b, codecFormat)
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
	return b
}

// encodeSnippet appends the encoding of s to b.
func encodeSnippet(b []byte, s *errdex.Snippet) []byte {
	n := 1 + 2*binary.MaxVarintLen64 + len(s.MarkLines)*binary.MaxVarintLen64
	for _, l := range s.Lines {
		n += binary.MaxVarintLen64 + len(l)
	}
	b = slices.Grow(b, n)
	b = append(b, codecFormat)
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
		d.err = errCorrupt
	}
	d.s = ""
}

func (d *decoder) format() {
	if len(d.s) == 0 || d.s[0] != codecFormat {
		d.fail()
		return
	}
	d.s = d.s[1:]
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
		d.err = errCorrupt
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

// decodeRecord decodes a record into site, which must be zero.
func decodeRecord(s string, site *errdex.Site) error {
	d := decoder{s: s}
	d.format()
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
	return d.end()
}

func decodeSnippet(s string) (*errdex.Snippet, error) {
	d := decoder{s: s}
	d.format()
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

// facts is the JSON object in sites.facts: a site's analysis results
// except its family, which has columns of its own. A field added to
// errdex.Site for analysis results belongs here (the storetest round trip
// fails until it is).
type facts struct {
	Guards      []errdex.Guard      `json:"guards,omitempty"`
	Config      []errdex.ConfigRef  `json:"config,omitempty"`
	Provenance  []errdex.Fact       `json:"provenance,omitempty"`
	Callers     []errdex.Caller     `json:"callers,omitempty"`
	CallPath    []errdex.Caller     `json:"call_path,omitempty"`
	Related     []errdex.Related    `json:"related,omitempty"`
	Explanation *errdex.Explanation `json:"explanation,omitempty"`
	// StaticExplanation is kept beside an LLM explanation.
	StaticExplanation *errdex.Explanation `json:"static_explanation,omitempty"`
}

func factsOf(s *errdex.Site) facts {
	return facts{
		Guards:            s.Guards,
		Config:            s.Config,
		Provenance:        s.Provenance,
		Callers:           s.Callers,
		CallPath:          s.CallPath,
		Related:           s.Related,
		Explanation:       s.Explanation,
		StaticExplanation: s.StaticExplanation,
	}
}

func (f *facts) empty() bool {
	return len(f.Guards) == 0 && len(f.Config) == 0 && len(f.Provenance) == 0 &&
		len(f.Callers) == 0 && len(f.CallPath) == 0 && len(f.Related) == 0 && f.Explanation == nil &&
		f.StaticExplanation == nil
}

func (f *facts) apply(s *errdex.Site) {
	s.Guards = f.Guards
	s.Config = f.Config
	s.Provenance = f.Provenance
	s.Callers = f.Callers
	s.CallPath = f.CallPath
	s.Related = f.Related
	s.Explanation = f.Explanation
	s.StaticExplanation = f.StaticExplanation
}

// JSON columns (sites.facts, snapshots.stats) hold text from source files
// too, and JSON strings cannot carry bytes that are not UTF-8
// (encoding/json would silently replace them with U+FFFD). So before
// marshaling, every string that is not valid UTF-8, or that starts with
// escMarker, is replaced by escMarker, "b64:" and the standard base64 of
// its bytes, and decoding reverses it. escMarker is a Unicode noncharacter
// that text does not contain, so in practice nothing is escaped but
// invalid UTF-8, and the common case costs one scan of the strings on
// write and one bytes.Contains on read.
const escMarker = "\uFDD0b64:"

func needsEscape(s string) bool {
	return !utf8.ValidString(s) || strings.HasPrefix(s, escMarker)
}

func escapeString(s string) string {
	if !needsEscape(s) {
		return s
	}
	return escMarker + base64.StdEncoding.EncodeToString([]byte(s))
}

func unescapeString(s string) string {
	rest, ok := strings.CutPrefix(s, escMarker)
	if !ok {
		return s
	}
	b, err := base64.StdEncoding.DecodeString(rest)
	if err != nil {
		return s // not written by escapeString: keep it as it is
	}
	return string(b)
}

// escapeText returns s as a PostgreSQL text column can hold it: s itself
// when it is UTF-8 without NUL bytes (and does not start with escMarker),
// else escMarker, "b64:" and the base64 of its bytes. unescapeString
// reverses it. Text that sorts or is compared with other text (repository
// names, paths) is never escaped: it is refused or stored as bytea.
func escapeText(s string) string {
	if strings.IndexByte(s, 0) < 0 && !needsEscape(s) {
		return s
	}
	return escMarker + base64.StdEncoding.EncodeToString([]byte(s))
}

// encodeJSON marshals v, a pointer, for a JSON column, escaping strings
// JSON cannot carry.
func encodeJSON(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if anyString(rv, needsEscape) {
		c := reflect.New(rv.Type().Elem())
		c.Elem().Set(mapStrings(rv.Elem(), escapeString))
		v = c.Interface()
	}
	return json.Marshal(v)
}

// decodeJSON unmarshals data into v, a pointer, reversing encodeJSON.
func decodeJSON(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	if bytes.Contains(data, []byte(escMarker)) {
		rv := reflect.ValueOf(v).Elem()
		rv.Set(mapStrings(rv, unescapeString))
	}
	return nil
}

// anyString reports whether any string or string map key reachable from v
// satisfies f.
func anyString(v reflect.Value, f func(string) bool) bool {
	switch v.Kind() {
	case reflect.String:
		return f(v.String())
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && anyString(v.Elem(), f)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && anyString(v.Field(i), f) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if anyString(v.Index(i), f) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if anyString(it.Key(), f) || anyString(it.Value(), f) {
				return true
			}
		}
	}
	return false
}

// mapStrings returns a deep copy of v in which every string and string
// map key reachable through exported fields is replaced by f of it.
func mapStrings(v reflect.Value, f func(string) string) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		out := reflect.New(v.Type()).Elem()
		out.SetString(f(v.String()))
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(mapStrings(v.Elem(), f))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out.Field(i).Set(mapStrings(v.Field(i), f))
			}
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(mapStrings(v.Index(i), f))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			out.SetMapIndex(mapStrings(it.Key(), f), mapStrings(it.Value(), f))
		}
		return out
	}
	return v
}
