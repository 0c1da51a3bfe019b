package errdex_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestTemplate(t *testing.T) {
	tm := errdex.NewTemplate(
		errdex.Lit("mask length "), errdex.Lit(""),
		errdex.HolePart("mask_len", "len(mask)", errdex.HoleInt),
		errdex.Lit(" exceeds "), errdex.Lit("capacity "),
		errdex.HolePart("", "self.cap", ""),
	)
	want := []errdex.Part{
		{Text: "mask length "},
		{Hole: "mask_len", Expr: "len(mask)", Type: errdex.HoleInt},
		{Text: " exceeds capacity "},
		{Hole: "value", Expr: "self.cap", Type: errdex.HoleAny},
	}
	if diff := cmp.Diff(want, tm.Parts); diff != "" {
		t.Errorf("NewTemplate parts (-want +got):\n%s", diff)
	}
	for _, c := range []struct{ name, got, want string }{
		{"String", tm.String(), "mask length {mask_len} exceeds capacity {value}"},
		{"Canonical", tm.Canonical(), "mask length {} exceeds capacity {}"},
		{"Fill", tm.Fill(map[string]string{"mask_len": "2048"}), "mask length 2048 exceeds capacity {value}"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if n := tm.LiteralLen(); n != len("mask length  exceeds capacity ") {
		t.Errorf("LiteralLen = %d", n)
	}
	if tm.IsOpaque() || !errdex.NewTemplate(errdex.HolePart("e", "e", "")).IsOpaque() || !(errdex.Template{}).IsOpaque() {
		t.Error("IsOpaque is wrong")
	}
}

// Normalize must stay linear on the long literal runs that `msg += "..."`
// chains produce.
func TestNormalizeLongRuns(t *testing.T) {
	parts := make([]errdex.Part, 200000)
	for i := range parts {
		parts[i] = errdex.Lit("ab")
	}
	got := errdex.Template{Parts: parts}.Normalize()
	if len(got.Parts) != 1 || got.Parts[0].Text != strings.Repeat("ab", 200000) {
		t.Fatalf("Normalize merged into %d parts", len(got.Parts))
	}
}

func TestParseID(t *testing.T) {
	for _, tc := range []struct {
		in      string
		wantErr string
	}{
		{"0e4cc0ef854d000f", ""},
		{"0E4CC0EF854D000F", "character 2"},
		{"short", "got 5 characters"},
		{"0e4cc0ef854d000g", "character 16"},
	} {
		_, err := errdex.ParseID(tc.in)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("ParseID(%q) = %v", tc.in, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("ParseID(%q) error = %v, want it to mention %q", tc.in, err, tc.wantErr)
		case tc.wantErr != "" && errdex.KindOf(err) != errdex.Invalid:
			t.Errorf("ParseID(%q) kind = %v, want invalid input", tc.in, errdex.KindOf(err))
		}
	}
	k := errdex.IDKey{Repo: "r", Language: "python", Exception: "ValueError", Template: "x {}", Function: "f"}
	if k.ID(0) == k.ID(1) || k.ID(0) != k.ID(0) || len(k.ID(0)) != 16 {
		t.Error("IDs must be stable, 16 digits, and differ by ordinal")
	}
	if _, err := errdex.ParseID(string(k.ID(3))); err != nil {
		t.Errorf("a derived ID does not parse: %v", err)
	}
}

func TestKindOf(t *testing.T) {
	inner := errdex.Errorf("sqlite.Site", errdex.NotFound, "no site")
	outer := errdex.E("show", errdex.Internal, inner)
	if got := errdex.KindOf(outer); got != errdex.NotFound {
		t.Errorf("KindOf(wrapped NotFound) = %v", got)
	}
	if got := outer.Error(); got != "show: sqlite.Site: no site" {
		t.Errorf("Error() = %q", got)
	}
	if got := errdex.KindOf(strings.NewReader("").UnreadByte()); got != errdex.Internal {
		t.Errorf("KindOf(plain error) = %v", got)
	}
}
