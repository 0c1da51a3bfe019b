package rowcodec

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errdex/errdex"
)

func TestCodecRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		site    *errdex.Site
		snippet *errdex.Snippet
	}{
		{name: "empty", site: &errdex.Site{}, snippet: &errdex.Snippet{}},
		{
			name: "typical",
			site: &errdex.Site{
				ID: "0123456789abcdef", Language: "python", Kind: errdex.KindRaise, Exception: "ValueError",
				ExceptionQualified: "builtins.ValueError", Function: "Buffer.set_buf",
				Location:     errdex.Location{Span: errdex.Span{Path: "srt/buf.py", Line: 12, Column: 9, EndLine: 14, EndColumn: 3}},
				Template:     errdex.NewTemplate(errdex.Lit("mask of length "), errdex.HolePart("mask_len", "len(mask)", errdex.HoleInt), errdex.Lit(" is too long")),
				Alternatives: []errdex.Template{errdex.NewTemplate(errdex.Lit("other")), {}},
				Family:       &errdex.FamilyRef{Slug: "limit", Name: "Capacity exceeded", Confidence: 0.7},
				Reach:        errdex.Reach{Importers: 12, Callers: 3},
				Build:        "unix && !ios",
				Minified:     true,
			},
			snippet: &errdex.Snippet{StartLine: 10, Lines: []string{"def f():", "    raise ValueError(x)", ""}, MarkLines: []int{11}},
		},
		{
			name: "hostile bytes",
			site: &errdex.Site{
				ID: "\x00", Function: "\xff\xfe", Location: errdex.Location{Span: errdex.Span{Path: "\x00/\xc3", Line: -1, Column: math.MaxInt}},
				Template: errdex.NewTemplate(errdex.Lit("\x00\xff\xfe"), errdex.HolePart("\x80", "\x00", "\xc3")),
				Family:   &errdex.FamilyRef{Slug: "\x00", Confidence: math.Inf(-1)},
				Reach:    errdex.Reach{Importers: -1, Callers: math.MinInt},
			},
			snippet: &errdex.Snippet{StartLine: -5, Lines: []string{"\x00", "\xff"}, MarkLines: []int{-1, 1 << 40}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got errdex.Site
			if err := DecodeRecord(string(AppendRecord(nil, tt.site)), &got); err != nil {
				t.Fatalf("DecodeRecord: %v", err)
			}
			if diff := cmp.Diff(tt.site, &got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("record mismatch (-want +got):\n%s", diff)
			}
			sn, err := DecodeSnippet(string(AppendSnippet(nil, tt.snippet)))
			if err != nil {
				t.Fatalf("DecodeSnippet: %v", err)
			}
			if diff := cmp.Diff(tt.snippet, sn, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("snippet mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeCorrupt(t *testing.T) {
	site := &errdex.Site{ID: "0123456789abcdef", Template: errdex.NewTemplate(errdex.Lit("abc"), errdex.HolePart("x", "x", errdex.HoleInt))}
	good := string(AppendRecord(nil, site))
	for _, in := range []string{"", "\x00", "\x02", "\x08" + good[1:], good[:len(good)-4] + "\x02" + good[len(good)-3:], good[:len(good)-1], good + "x", "\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", "\x01\x7f"} {
		if err := DecodeRecord(in, new(errdex.Site)); err == nil {
			t.Errorf("DecodeRecord(%q) succeeded, want an error", in)
		}
	}
}

// TestDecodeOldFormats checks that records written before the sentinel's
// name was kept (format 6: format 7 without it), before the sentinel
// was kept (format 5: format 6 without the sentinel's path and line),
// before Site.Minified (format 4: format 5 without its byte), before the
// helper was
// kept (format 3: format 4 without the helper's path and line), before
// Site.Build (format 2: format 3 without the build string) and before
// Site.Reach (format 1: format 2 without the two reach varints) still
// decode, with the fields they lack zero.
func TestDecodeOldFormats(t *testing.T) {
	site := &errdex.Site{ID: "0123456789abcdef", Language: "go", Function: "f",
		Template: errdex.NewTemplate(errdex.Lit("abc "), errdex.HolePart("x", "x", errdex.HoleInt)),
		Family:   &errdex.FamilyRef{Slug: "f", Name: "F", Confidence: 0.5}}
	v7 := AppendRecord(nil, site)
	if v7[0] != 7 || string(v7[len(v7)-9:]) != "\x00\x00\x00\x00\x00\x00\x00\x00\x00" {
		t.Fatalf("record %q does not end in a zero reach, an empty build, no helper, not minified and no sentinel", v7)
	}
	v6 := "\x06" + string(v7[1:len(v7)-3]) + "\x00\x00"
	v5 := "\x05" + v6[1:len(v6)-2]
	v4 := "\x04" + v5[1:len(v5)-1]
	body := v4[1 : len(v4)-2]
	for _, old := range []string{v6, v5, v4, "\x03" + body, "\x02" + body[:len(body)-1], "\x01" + body[:len(body)-3]} {
		var got errdex.Site
		if err := DecodeRecord(old, &got); err != nil {
			t.Fatalf("DecodeRecord of format %d: %v", old[0], err)
		}
		if diff := cmp.Diff(site, &got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("format %d record mismatch (-want +got):\n%s", old[0], diff)
		}
	}
}

// TestRecordCitations checks that a record keeps the places of the helper
// and of the sentinel a site cites, and only those of its facts.
func TestRecordCitations(t *testing.T) {
	helper := errdex.Span{Path: "os/file.go", Line: 475, Column: 2}
	sentinel := errdex.Span{Path: "io/io.go", Line: 44, Column: 5}
	assign := errdex.Fact{Name: "e", Kind: "assign", Text: "e := f.write(b)", Location: errdex.Span{Path: "os/file.go", Line: 180}}
	helperFact := errdex.Fact{Name: "wrapErr", Kind: errdex.FactHelper, Text: "File.wrapErr: {op} {name}: {err}", Location: helper}
	sentinelFact := errdex.Fact{Name: "EOF", Kind: errdex.FactWraps, Text: "io.EOF: EOF", Location: sentinel}
	for _, tt := range []struct {
		name  string
		facts []errdex.Fact
		want  []errdex.Fact
	}{
		{"none", []errdex.Fact{assign}, nil},
		{"helper", []errdex.Fact{assign, helperFact}, []errdex.Fact{{Kind: errdex.FactHelper, Location: errdex.Span{Path: helper.Path, Line: helper.Line}}}},
		{"sentinel", []errdex.Fact{sentinelFact, assign}, []errdex.Fact{{Name: "EOF", Kind: errdex.FactWraps, Location: errdex.Span{Path: sentinel.Path, Line: sentinel.Line}}}},
		{"both", []errdex.Fact{sentinelFact, assign, helperFact}, []errdex.Fact{
			{Kind: errdex.FactHelper, Location: errdex.Span{Path: helper.Path, Line: helper.Line}},
			{Name: "EOF", Kind: errdex.FactWraps, Location: errdex.Span{Path: sentinel.Path, Line: sentinel.Line}},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			site := &errdex.Site{ID: "0123456789abcdef", Template: errdex.NewTemplate(errdex.Lit("write "), errdex.HolePart("name", "f.name", errdex.HolePath)),
				Provenance: tt.facts}
			var got errdex.Site
			if err := DecodeRecord(string(AppendRecord(nil, site)), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got.Provenance, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("provenance from the record mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzDecode feeds arbitrary bytes to the decoders of stored values, as a
// damaged database file would: they must return an error, never panic or
// allocate without bound.
func FuzzDecode(f *testing.F) {
	f.Add(string(AppendRecord(nil, &errdex.Site{ID: "x", Template: errdex.NewTemplate(errdex.Lit("a "), errdex.HolePart("b", "c", errdex.HoleStr)),
		Alternatives: []errdex.Template{errdex.NewTemplate(errdex.Lit("x"))}, Family: &errdex.FamilyRef{Slug: "f"}})))
	f.Add(string(AppendSnippet(nil, &errdex.Snippet{StartLine: 3, Lines: []string{"a", "b"}, MarkLines: []int{4}})))
	f.Add("\x01\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01")
	f.Fuzz(func(t *testing.T, s string) {
		var site errdex.Site
		if err := DecodeRecord(s, &site); err == nil {
			// An older format re-encodes with the fields it lacks, at
			// most 6 bytes more (format 3 has no helper, nor a minified
			// byte, nor a sentinel).
			if got := string(AppendRecord(nil, &site)); len(got) > len(s)+6 {
				t.Errorf("a decoded record re-encodes longer than its input")
			}
		}
		DecodeSnippet(s)
	})
}

// FuzzRecordRoundTrip checks that any strings and numbers survive the
// record and snippet encodings exactly.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add("mask of length ", "mask_len", "len(mask)", "int", 12, 0.5)
	f.Add("\x00", "\xff", "", "", -1, math.NaN())
	f.Fuzz(func(t *testing.T, text, hole, expr, typ string, line int, conf float64) {
		in := &errdex.Site{
			ID: errdex.ID(text), Language: hole, Kind: errdex.SiteKind(expr), Exception: typ, ExceptionQualified: text,
			Function: hole, Location: errdex.Location{Span: errdex.Span{Path: expr, Line: line, Column: -line, EndLine: line, EndColumn: 1}},
			Template:     errdex.Template{Parts: []errdex.Part{{Text: text, Hole: hole, Expr: expr, Type: errdex.HoleType(typ)}, {Text: hole}}},
			Alternatives: []errdex.Template{{Parts: []errdex.Part{{Hole: text}}}},
			Family:       &errdex.FamilyRef{Slug: typ, Name: text, Confidence: conf},
			Reach:        errdex.Reach{Importers: line, Callers: -line},
			Build:        expr,
		}
		var got errdex.Site
		if err := DecodeRecord(string(AppendRecord(nil, in)), &got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(in, &got, cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("record mismatch (-want +got):\n%s", diff)
		}
		sn := &errdex.Snippet{StartLine: line, Lines: []string{text, hole, expr}, MarkLines: []int{line, -line}}
		gotSn, err := DecodeSnippet(string(AppendSnippet(nil, sn)))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(sn, gotSn); diff != "" {
			t.Errorf("snippet mismatch (-want +got):\n%s", diff)
		}
	})
}

// FuzzJSONEscape checks that strings of any bytes survive the JSON columns,
// in values and in map keys.
func FuzzJSONEscape(f *testing.F) {
	f.Add("plain")
	f.Add("caf\xe9")
	f.Add(escMarker + "AAAA")
	f.Add(escMarker + "not base64 !")
	f.Fuzz(func(t *testing.T, s string) {
		in := facts{
			Guards:      []errdex.Guard{{Condition: s, Names: []string{s, "x"}}},
			Explanation: &errdex.Explanation{Meaning: s},
		}
		b, err := encodeJSON(&in)
		if err != nil {
			t.Fatal(err)
		}
		var out facts
		if err := decodeJSON(b, &out); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(in, out); diff != "" {
			t.Errorf("facts mismatch (-want +got):\n%s", diff)
		}
		stats := errdex.IndexStats{SkippedByReason: map[string]int{s: 1, "binary": 2}}
		b, err = encodeJSON(&stats)
		if err != nil {
			t.Fatal(err)
		}
		var gotStats errdex.IndexStats
		if err := decodeJSON(b, &gotStats); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(stats, gotStats); diff != "" {
			t.Errorf("stats mismatch (-want +got):\n%s", diff)
		}
	})
}

// FuzzURLCache checks that the URL cache gives exactly what
// errdex.Snapshot.SourceURL gives, for a sequence of sites in one file
// and then in another.
func FuzzURLCache(f *testing.F) {
	for _, tmpl := range []string{"", "https://github.com/o/n/blob/abc/{path}#L{line}", "{path}{line}{path}", "{pa{path}th}",
		"{line", "no placeholders", "{{line}}", "{line}-{line}", "x/{path}", "-918273645{line}", "-918273645", "#L{line}{line}"} {
		f.Add(tmpl, "a/b.py", "a b/c#d?.py", 12, 7)
	}
	f.Fuzz(func(t *testing.T, tmpl, path1, path2 string, line1, line2 int) {
		snap := &errdex.Snapshot{URLTemplate: tmpl}
		c := urlCache{snap: snap}
		for _, p := range []struct {
			path string
			line int
		}{{path1, line1}, {path1, line2}, {path1, line1 + 1}, {path2, line2}, {path2, line1}, {path1, sentinelLine}, {path1, 3}, {path2, sentinelLine}, {path2, 5}} {
			if got, want := c.url(p.path, p.line), snap.SourceURL(p.path, p.line); got != want {
				t.Errorf("url(%q, %q, %d) = %q, want %q", tmpl, p.path, p.line, got, want)
			}
		}
	})
}

func TestWithExplanations(t *testing.T) {
	static := &errdex.Explanation{Meaning: "static", Source: "static"}
	llm := &errdex.Explanation{Meaning: "from a model: \xff", Source: "llm:m", PromptVersion: "v1"}
	enc := func(v any) string {
		t.Helper()
		b, err := encodeJSON(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	guards := `"guards":[{"condition":"x"}]`
	unknown := `"later_fact":{"kept":[1,2]}`
	tests := []struct {
		name        string
		old         string
		exp, static *errdex.Explanation
		want        string // "" for nil; when same, old is returned as it is
		same        bool
	}{
		{"nothing to nothing", "", nil, nil, "", true},
		{"nothing to remove", `{` + guards + `}`, nil, nil, "", true},
		{"add to none", "", llm, nil, `{"explanation":` + enc(llm) + `}`, false},
		{"add both", "", llm, static, `{"explanation":` + enc(llm) + `,"static_explanation":` + enc(static) + `}`, false},
		{"keep other members", `{` + guards + `,` + unknown + `}`, llm, nil,
			`{"explanation":` + enc(llm) + `,` + guards + `,` + unknown + `}`, false},
		{"already stored", `{"explanation":` + enc(llm) + `, ` + guards + `}`, llm, nil, "", true},
		{"replace", `{"explanation":` + enc(static) + `}`, llm, nil, `{"explanation":` + enc(llm) + `}`, false},
		{"remove, others stay", `{"explanation":` + enc(llm) + `,` + guards + `}`, nil, nil, `{` + guards + `}`, false},
		{"remove the last", `{"explanation":` + enc(llm) + `,"static_explanation":` + enc(static) + `}`, nil, nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, same, err := WithExplanations([]byte(tt.old), tt.exp, tt.static)
			if err != nil {
				t.Fatal(err)
			}
			if same != tt.same {
				t.Errorf("same = %v, want %v", same, tt.same)
			}
			if same {
				if string(got) != tt.old {
					t.Errorf("facts = %s, want the old ones unchanged: %s", got, tt.old)
				}
				return
			}
			if tt.want == "" {
				if got != nil {
					t.Errorf("facts = %s, want nil", got)
				}
				return
			}
			if !equalJSON([]byte(tt.want), got) {
				t.Errorf("facts = %s, want %s", got, tt.want)
			}
			// What is stored decodes to the explanations given.
			var s errdex.Site
			if err := decodeFacts(got, &s); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.exp, s.Explanation); diff != "" {
				t.Errorf("decoded explanation (-want +got):\n%s", diff)
			}
		})
	}
	if _, _, err := WithExplanations([]byte("not json"), llm, nil); err == nil {
		t.Error("WithExplanations of corrupt facts succeeded, want an error")
	}
}

// FuzzEscapeText checks that any string survives EscapeText, and that what
// it returns is text PostgreSQL can hold.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"", "plain", "nul\x00byte", "caf\xe9", escMarker + "AAAA", escMarker + "not base64 !"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := EscapeText(s)
		if !utf8.ValidString(e) || strings.IndexByte(e, 0) >= 0 {
			t.Errorf("EscapeText(%q) = %q, not UTF-8 without NUL bytes", s, e)
		}
		if got := UnescapeText(e); got != s {
			t.Errorf("UnescapeText(EscapeText(%q)) = %q", s, got)
		}
	})
}
