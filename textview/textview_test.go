package textview

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

var update = flag.Bool("update", false, "rewrite golden files")

// maskSite is a site with every part the renderer shows: alternatives, a
// pinned link, a snippet, guards, configuration, callers, a family,
// related errors and an explanation.
func maskSite() *errdex.Site {
	span := func(line int) errdex.Span {
		return errdex.Span{Path: "srv/buffers.py", Line: line, Column: 9, EndLine: line}
	}
	return &errdex.Site{
		ID: "0123456789abcdef", Repo: "acme/srv", Rev: "4f2c9a1d0e", Language: "python",
		Kind: errdex.KindRaise, Exception: "RuntimeError", ExceptionQualified: "builtins.RuntimeError",
		Template: errdex.NewTemplate(
			errdex.Lit("Sampling mask length "), errdex.Part{Hole: "mask_len", Expr: "mask_len", Type: errdex.HoleInt},
			errdex.Lit(" exceeds capacity "), errdex.Part{Hole: "cap", Expr: "self.cap", Type: errdex.HoleInt},
		),
		Alternatives: []errdex.Template{errdex.NewTemplate(errdex.Lit("Sampling masks are disabled"))},
		Location:     errdex.Location{Span: span(41), URL: "https://github.com/acme/srv/blob/4f2c9a1d0e/srv/buffers.py#L41"},
		Function:     "Buffers.set_buf",
		Snippet: &errdex.Snippet{StartLine: 38, MarkLines: []int{41}, Lines: []string{
			"    def set_buf(self, req):",
			"        mask_len = len(req.mask)",
			"        if mask_len > self.cap:",
			"            raise RuntimeError(f\"Sampling mask length {mask_len} exceeds capacity {self.cap}\")",
			"        self.buf[:mask_len] = req.mask",
		}},
		Guards: []errdex.Guard{{Condition: "mask_len > self.cap", Source: "mask_len > self.cap", Kind: "if", Line: 40}},
		Config: []errdex.ConfigRef{{Name: "SRV_MASK_TOKENS", Kind: "env", Default: "0", HasDefault: true,
			Location: errdex.Span{Path: "srv/environ.py", Line: 5, Column: 5, EndLine: 5}}},
		Callers: []errdex.Caller{{Function: "Prefill.send", Path: "srv/prefill.py", Line: 61}},
		Family:  &errdex.FamilyRef{Slug: "limit-exceeded", Name: "Capacity or limit exceeded", Sites: 1, Libraries: 1},
		Related: []errdex.Related{{ID: "fedcba9876543210", Title: "mask buffer not allocated", Reason: "same function"}},
		Explanation: &errdex.Explanation{
			Meaning:    "This error means that a size went past a limit <b>set at start-up</b>.",
			Trigger:    "`Buffers.set_buf` raises `RuntimeError` when `mask_len > self.cap` (line 40).",
			Solutions:  []string{"Raise SRV_MASK_TOKENS.", "Send shorter masks."},
			Situations: []string{"A long prompt."},
			Source:     "static",
		},
	}
}

func TestSite(t *testing.T) {
	tests := []struct {
		name   string
		style  Style
		values map[string]string
	}{
		{"plain", Style{FamilyBackground: background}, nil},
		{"values", Style{FamilyBackground: background}, map[string]string{"mask_len": "2048", "cap": "1024"}},
		{"color-context", Style{Color: true, Context: 1, FamilyBackground: background}, map[string]string{"mask_len": "2048"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			tt.style.Site(&b, maskSite(), tt.values)
			b.WriteString(tt.style.Line(maskSite()) + "\n")
			golden(t, filepath.Join("testdata", tt.name+".golden"), b.Bytes())
		})
	}
}

// background stands for the families' background paragraphs, which the
// command supplies.
func background(slug string) string {
	if slug == "limit-exceeded" {
		return "A size went over a limit: a capacity or a length. The limit is usually a setting."
	}
	return ""
}

// TestFamilyBackground checks that the first sentence of the background
// the caller supplies is printed under the family, and nothing without
// one.
func TestFamilyBackground(t *testing.T) {
	const first = "  A size went over a limit: a capacity or a length.\n"
	tests := []struct {
		name string
		bg   func(string) string
		slug string
		want string
	}{
		{"first sentence", background, "limit-exceeded", first},
		{"none for the family", background, "other", ""},
		{"no backgrounds", nil, "limit-exceeded", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := maskSite()
			s.Family.Slug = tt.slug
			s.Related = nil
			var b bytes.Buffer
			Style{FamilyBackground: tt.bg}.Analysis(&b, s)
			_, after, _ := strings.Cut(b.String(), "(1 error in 1 library)\n")
			if after != tt.want {
				t.Errorf("after the family %q, want %q", after, tt.want)
			}
		})
	}
}

// golden compares got with the golden file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

func TestInert(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text\n\tindented", "plain text\n\tindented"},
		{"evil\x1b]0;pwned\x07title", `evil\x1b]0;pwned\x07title`},
		{"clear\x1b[2J\x1b[Hscreen\r", `clear\x1b[2J\x1b[Hscreen\x0d`},
		{"c1 \u009b31m csi", `c1 \x9b31m csi`},
		{"if access_level != \"user\u202e \u2066// admin\u2069 \u2066\"", `if access_level != "user\u202e \u2066// admin\u2069 \u2066"`},
		{"bad \xff\x9b byte", "bad \ufffd\ufffd byte"},
		{"ünïcode ✓ 日本", "ünïcode ✓ 日本"},
	}
	for _, tt := range tests {
		if got := inert(tt.in); got != tt.want {
			t.Errorf("inert(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestHostileSite checks that no text of a site reaches the terminal with
// an escape sequence of its own: the only ESC bytes written are the
// renderer's colours.
func TestHostileSite(t *testing.T) {
	s := maskSite()
	evil := "\x1b]0;pwned\x07\x1b[2J"
	s.Repo += evil
	s.Function += evil
	s.Location.Path += evil
	s.Template.Parts[0].Text += evil
	s.Snippet.Lines[3] += evil
	s.Guards[0].Condition += evil
	s.Config[0].Default += evil
	s.Callers[0].Function += evil
	s.Related[0].Title += evil
	s.Explanation.Trigger += evil
	for _, st := range []Style{{}, {Color: true}} {
		var b bytes.Buffer
		st.Site(&b, s, map[string]string{"mask_len": "20" + evil})
		b.WriteString(st.Line(s))
		out := b.String()
		if strings.Contains(out, "\x07") || strings.Contains(out, "\x1b]") || strings.Contains(out, "\x1b[2J") {
			t.Errorf("Style%+v wrote a raw escape sequence from the site:\n%q", st, out)
		}
		if !strings.Contains(out, `\x1b]0;pwned\x07`) {
			t.Errorf("Style%+v: the hostile text is not shown escaped", st)
		}
	}
}

// TestBuildGuard checks that build constraints are listed as the builds
// that compile the site, before the conditions of the code, with no line
// 0 for a file name.
func TestBuildGuard(t *testing.T) {
	s := maskSite()
	s.Guards = append([]errdex.Guard{
		{Condition: "plan9", Source: "//go:build plan9", Kind: "build", Line: 1},
		{Condition: "linux && amd64", Source: "file name zerrors_linux_amd64.go", Kind: "build"},
	}, s.Guards...)
	var b bytes.Buffer
	Style{}.Site(&b, s, nil)
	want := "\nConditions\n" +
		"  only in builds for plan9  (//go:build plan9, line 1)\n" +
		"  only in builds for linux && amd64  (file name zerrors_linux_amd64.go)\n" +
		"  mask_len > self.cap  (if, line 40)\n"
	if got := b.String(); !strings.Contains(got, want) || strings.Contains(got, "line 0") {
		t.Errorf("want the block %q and no line 0 in\n%s", want, got)
	}
}

// TestThrownAt checks that a site in minified code is placed by its
// column too, since one line there holds many statements.
func TestThrownAt(t *testing.T) {
	site := func(minified bool) *errdex.Site {
		return &errdex.Site{Function: "ne.use", Minified: minified,
			Location: errdex.Location{Span: errdex.Span{Path: "lib/marked.esm.js", Line: 87, Column: 4191, EndLine: 87}}}
	}
	tests := []struct {
		site *errdex.Site
		want string
	}{
		{site(false), "Thrown at lib/marked.esm.js:87 in ne.use"},
		{site(true), "Thrown at lib/marked.esm.js:87:4191 (minified) in ne.use"},
	}
	for _, tt := range tests {
		if got := (Style{}).ThrownAt(tt.site); got != tt.want {
			t.Errorf("ThrownAt = %q, want %q", got, tt.want)
		}
	}
}
