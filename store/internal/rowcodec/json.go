package rowcodec

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// facts is the JSON object of a site's analysis results (the sites.facts
// column of both stores): everything but its family, which the record
// holds. A field added to errdex.Site for analysis results belongs here
// (the storetest round trip fails until it is). The keys of the
// explanations are those WithExplanations replaces.
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

// EscapeText returns s as a PostgreSQL text column can hold it: s itself
// when it is UTF-8 without NUL bytes (and does not start with escMarker),
// else escMarker, "b64:" and the base64 of its bytes. UnescapeText
// reverses it. Text that sorts or is compared with other text (repository
// names, paths) must not be escaped: a store refuses it, or keeps it as
// bytes.
func EscapeText(s string) string {
	if strings.IndexByte(s, 0) < 0 && !needsEscape(s) {
		return s
	}
	return escMarker + base64.StdEncoding.EncodeToString([]byte(s))
}

// UnescapeText reverses EscapeText (and the escaping of JSON strings). A
// string that starts with escMarker but was not escaped is kept as it is.
func UnescapeText(s string) string {
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

// EncodeFacts returns the JSON object of the analysis results of s
// (guards, configuration, provenance, callers, call path, related errors,
// explanations), or nil when it has none: the stores keep NULL then.
// Strings that are not UTF-8 are escaped reversibly.
func EncodeFacts(s *errdex.Site) ([]byte, error) {
	f := factsOf(s)
	if f.empty() {
		return nil, nil
	}
	return encodeJSON(&f)
}

// decodeFacts sets the analysis results of s from a JSON object made by
// EncodeFacts.
func decodeFacts(data []byte, s *errdex.Site) error {
	var f facts
	if err := decodeJSON(data, &f); err != nil {
		return err
	}
	f.apply(s)
	return nil
}

// EncodeStats returns the JSON of a snapshot's index statistics (the
// snapshots.stats column), with strings that are not UTF-8 escaped.
func EncodeStats(st *errdex.IndexStats) ([]byte, error) {
	return encodeJSON(st)
}

// DecodeStats reverses EncodeStats into st.
func DecodeStats(data []byte, st *errdex.IndexStats) error {
	return decodeJSON(data, st)
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
		rv.Set(mapStrings(rv, UnescapeText))
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

// WithExplanations returns the facts JSON object old (empty for none) with
// its "explanation" and "static_explanation" members replaced, and every
// other member kept byte for byte, so that facts this version does not
// know survive. It returns nil for an object that ends up empty, and same
// when both members were already stored as given. The stores' explanation
// updates (UpdateExplanations) rewrite a site's facts with it.
func WithExplanations(old []byte, exp, static *errdex.Explanation) (facts []byte, same bool, err error) {
	members := map[string]json.RawMessage{}
	if len(old) > 0 {
		if err := json.Unmarshal(old, &members); err != nil {
			return nil, false, fmt.Errorf("stored analysis facts: %w", err)
		}
	}
	same = true
	for key, e := range map[string]*errdex.Explanation{"explanation": exp, "static_explanation": static} {
		was, had := members[key]
		if e == nil {
			same = same && !had
			delete(members, key)
			continue
		}
		b, err := encodeJSON(e)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", key, err)
		}
		same = same && had && equalJSON(was, b)
		members[key] = b
	}
	if same {
		return old, true, nil
	}
	if len(members) == 0 {
		return nil, false, nil
	}
	facts, err = json.Marshal(members)
	return facts, false, err
}

// equalJSON reports whether two JSON texts are equal but for white space
// (both come from encoding/json, which orders members the same way).
func equalJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
