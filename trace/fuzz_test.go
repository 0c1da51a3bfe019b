package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse: any input parses without panicking, within the bounds, and
// the Report satisfies checkInvariants. The corpus seeds are the real
// fixtures and the hostile inputs' shapes (shortened).
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "real", "*.txt"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(string(b))
		}
	}
	for _, in := range hostileInputs() {
		if len(in) > 2000 {
			in = in[:2000]
		}
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		rep, err := Parse(in)
		if len(in) > MaxInput {
			if err == nil {
				t.Fatal("input over MaxInput accepted")
			}
			return
		}
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		checkInvariants(t, in, rep)
	})
}

// FuzzClean: Clean never grows a line beyond what StripANSI left and
// returns valid UTF-8 without escapes or control characters other than tab.
// (StripANSI is not idempotent: removing "\x1b[0m" from "\x1\x1b[0mb[31m"
// writes out a new escape; one pass is what the matcher applies.)
func FuzzClean(f *testing.F) {
	for _, s := range []string{
		"2024-05-01 12:00:00,123 ERROR [uvicorn.error] Exception in ASGI application",
		"ERROR:root:boom", "web-1  | x", "\x1b[31mred\x1b[0m", `\x1b[1mx`, "[31mx[0m",
		"May 01 12:00:00 host app[1]: x", "E0501 12:00:00.123456 1 f.go:1] x", "a\bb\rc",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ll := Clean(in)
		stripped := StripANSI(in)
		if len(ll.Text) > len(stripped) {
			t.Fatalf("Clean(%q).Text = %q, longer than StripANSI's %q", in, ll.Text, stripped)
		}
		if !utf8.ValidString(ll.Text) {
			t.Fatalf("Clean(%q).Text = %q is not valid UTF-8", in, ll.Text)
		}
		if strings.ContainsFunc(ll.Text, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
			t.Fatalf("Clean(%q).Text = %q holds control characters", in, ll.Text)
		}
		if strings.ContainsRune(stripped, 0x1b) {
			t.Fatalf("StripANSI(%q) = %q keeps an escape", in, stripped)
		}
	})
}
