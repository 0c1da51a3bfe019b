package web

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/explain"
)

// TestTitle checks the titles pages show (explain.Cut): cut at a word
// boundary with an ellipsis, never inside a word.
func TestTitle(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"short message", 90, "short message"},
		{"  spaces   collapse\tto one ", 90, "spaces collapse to one"},
		{"return_sampling_mask with disaggregation requires SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS > 0.", 60,
			"return_sampling_mask with disaggregation requires…"},
		{"cut exactly at a space boundary here", 20, "cut exactly at a…"},
		{"a word, then a comma", 8, "a word…"},
		{"first line\nsecond line", 90, "first line …"},
		{"\n\n  only the second line  \n", 90, "only the second line"},
		{"no/spaces/in/this/very/long/path/name/at/all.py", 20, "no/spaces/in/this/…"},
		{"supercalifragilisticexpialidocious", 10, "supercalif…"},
		{"héllo wörld ünïcode", 12, "héllo wörld…"},
		{"", 10, ""},
	}
	for _, tt := range tests {
		if got := explain.Cut(tt.in, tt.max); got != tt.want {
			t.Errorf("Title(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func TestSlug(t *testing.T) {
	tests := []struct {
		t    errdex.Template
		want string
	}{
		{errdex.NewTemplate(errdex.Lit("Sampling mask length "), errdex.HolePart("mask_len", "", ""), errdex.Lit(" exceeds capacity")), "sampling-mask-length-exceeds-capacity"},
		{errdex.NewTemplate(errdex.HolePart("msg", "", "")), "error"},
		{errdex.NewTemplate(errdex.Lit("<script>alert('x')</script>")), "script-alert-x-script"},
		{errdex.NewTemplate(errdex.Lit("Ünïcödé only ÄÖ")), "n-c-d-only"},
		{errdex.NewTemplate(errdex.Lit(strings.Repeat("word ", 30))), strings.TrimSuffix(strings.Repeat("word-", 12), "-")},
	}
	for _, tt := range tests {
		if got := Slug(tt.t); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.t.String(), got, tt.want)
		}
	}
}

// FuzzTitle checks Title's invariants on any text: the result fits, and
// when it was cut, what remains is a prefix of the collapsed text that
// ends at a word or name boundary (or the text has no boundary at all).
func FuzzTitle(f *testing.F) {
	f.Add("return_sampling_mask with disaggregation requires X > 0.", 20)
	f.Add("a/b/c/d", 3)
	f.Add("\n\n\n", 5)
	f.Add("x y", 1)
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 1 || max > 200 || !utf8.ValidString(s) {
			return
		}
		got := explain.Cut(s, max)
		if n := utf8.RuneCountInString(strings.TrimSuffix(got, " …")); n > max+1 {
			t.Fatalf("Title(%q, %d) = %q: %d characters", s, max, got, n)
		}
		head, cut := strings.CutSuffix(got, "…")
		if !cut || strings.HasSuffix(head, " ") {
			return
		}
		collapsed := strings.Join(strings.Fields(s), " ")
		if !strings.HasPrefix(collapsed, head) {
			return // a multi-line message keeps its first line
		}
		next, _ := utf8.DecodeRuneInString(collapsed[len(head):])
		last, _ := utf8.DecodeLastRuneInString(head)
		if next == ' ' || strings.ContainsRune("/._-:,;", last) {
			return // cut at a boundary
		}
		// Cut inside a run of letters: only when no boundary was usable.
		if strings.Contains(head[1:], " ") || strings.ContainsAny(head[len(head)/3+1:], "/._-:,;") {
			t.Fatalf("Title(%q, %d) = %q cuts inside a word", s, max, got)
		}
	})
}

func FuzzParseValues(f *testing.F) {
	f.Add("v=mask_len%3D2048&v=x%3D1&t=1")
	f.Add("v=%3D&v=mask_len")
	f.Fuzz(func(t *testing.T, query string) {
		q, err := parseQuery(query)
		if err != nil {
			return
		}
		holes := []errdex.Part{errdex.HolePart("mask_len", "", ""), errdex.HolePart("x", "", "")}
		vals := parseValues(q, holes)
		if len(vals) > 2 {
			t.Fatalf("%d values for 2 holes", len(vals))
		}
		for name, v := range vals {
			if name != "mask_len" && name != "x" {
				t.Fatalf("value for unknown hole %q", name)
			}
			if len(v) > maxValueLen+8 {
				t.Fatalf("value of %d bytes kept", len(v))
			}
		}
	})
}

func parseQuery(s string) (map[string][]string, error) { return url.ParseQuery(s) }

func TestInline(t *testing.T) {
	tests := []struct {
		in   string
		want []inlinePart
	}{
		{"plain", []inlinePart{{Text: "plain"}}},
		{"`f` raises when `x < 0`", []inlinePart{{Text: "f", Code: true}, {Text: " raises when "}, {Text: "x < 0", Code: true}}},
		{"odd ` backtick", []inlinePart{{Text: "odd ` backtick"}}},
		{"``", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, inline(tt.in)); diff != "" {
			t.Errorf("inline(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}
