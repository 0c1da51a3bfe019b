package llm

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/errdex/errdex"
)

// addCorpus seeds a fuzz test with the scripted answers.
func addCorpus(f *testing.F) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "answers.txtar"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range ar.Files {
		f.Add(string(file.Data))
	}
	f.Add("```json\n{\"meaning\": \"x\"}\n```")
	f.Add("<think>\n{}\n</think>{\"meaning\": \"`a`\"}")
	f.Add("{\"meaning\": \"ok\"} trailing")
	f.Add("{\"meaning\": 3}")
}

// FuzzParseAnswer checks that any reply parses or is rejected with a
// known reason, never panics, and that whatever Validate keeps is within
// the limits, grounded, and stable: validating it again drops nothing.
func FuzzParseAnswer(f *testing.F) {
	addCorpus(f)
	fx := readFixture(f)
	syms := fx.symbols()
	site := fx.site(f, siteMask)
	reasons := []string{ReasonEmpty, ReasonMalformed, ReasonTruncated, ReasonSchema}
	f.Fuzz(func(t *testing.T, content string) {
		a, err := ParseAnswer(content)
		if err != nil {
			r, ok := err.(*Rejection)
			if !ok || !slices.Contains(reasons, r.Reason) {
				t.Fatalf("ParseAnswer error %#v; want a *Rejection with a parse reason", err)
			}
			return
		}
		checkVerdict(t, a, site, syms)
	})
}

// FuzzValidate fuzzes the fields of an answer directly.
func FuzzValidate(f *testing.F) {
	f.Add("Sampling masks are off. See `x`.", "`MetadataBuffers.set_buf` raises when `self.enable_sampling_mask` is false.",
		"Set `SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS` above 0.", "export A=0", "export A=1")
	f.Add("e.g. `a.b` i.e. c_d", "x.y() ${HOME} $PATH --flag -m ./a.py ~/b /c", "https://x.test `[a](b)`", "a # c", "b // d")
	f.Add("``` `", "`", "a..b::c->d", "\x00\xff", "--")
	fx := readFixture(f)
	syms := fx.symbols()
	site := fx.site(f, siteMask)
	f.Fuzz(func(t *testing.T, meaning, trigger, solution, before, after string) {
		a := &errdex.Explanation{Meaning: meaning, Trigger: trigger, Solutions: []string{solution, solution + " " + trigger},
			Situations: []string{meaning}, ExampleFix: &errdex.ExampleFix{Before: before, After: after, Lang: "sh"}}
		checkVerdict(t, a, site, syms)
	})
}

func checkVerdict(t *testing.T, a *errdex.Explanation, site *errdex.Site, syms *Symbols) {
	t.Helper()
	v := Validate(a, site, syms)
	if v.Rejection != nil {
		if v.Kept != nil {
			t.Fatalf("rejected (%v) but kept %+v", v.Rejection, v.Kept)
		}
		return
	}
	k := v.Kept
	if k == nil {
		t.Fatal("neither kept nor rejected")
	}
	for _, c := range []struct {
		field string
		text  string
		limit int
	}{{"meaning", k.Meaning, maxMeaning}, {"trigger", k.Trigger, maxTrigger}} {
		if n := utf8.RuneCountInString(c.text); n > c.limit {
			t.Errorf("kept %s of %d characters; limit %d", c.field, n, c.limit)
		}
		if strings.ContainsAny(c.text, "\x00\n\r") || !utf8.ValidString(c.text) {
			t.Errorf("kept %s %q holds control characters or invalid UTF-8", c.field, c.text)
		}
	}
	if len(k.Solutions) > maxSolutions || len(k.Situations) > maxSituations {
		t.Errorf("kept %d solutions, %d situations", len(k.Solutions), len(k.Situations))
	}
	// What was kept passes again untouched.
	again := Validate(k, site, syms)
	if again.Rejection != nil || len(again.Drops) > 0 {
		t.Fatalf("validating the kept answer again: %s\nkept: %+v", describe(again), k)
	}
	if diff := cmp.Diff(k, again.Kept); diff != "" {
		t.Fatalf("validation is not stable (-first +again):\n%s", diff)
	}
	if _, err := json.Marshal(k); err != nil {
		t.Fatal(err)
	}
}

// FuzzCodeTokens checks that tokenising any text ends, and that tokens
// are in order, within the text, and say what they cover.
func FuzzCodeTokens(f *testing.F) {
	for _, s := range []string{"os.environ[\"SGLANG_X\"]", "--a-b=c -m x ./p.py ~/q /r https://u.test/x", "${A:-b} $5 $B",
		"a::b->c.d", "x = a/b.py", "~", "./", "-", "--", "${", "h", "http://"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		prev := 0
		for _, tok := range codeTokens(code) {
			if tok.start < prev || tok.end < tok.start || tok.end > len(code) {
				t.Fatalf("token %+v out of order or out of %q", tok, code)
			}
			if tok.text == "" {
				t.Fatalf("empty token %+v in %q", tok, code)
			}
			prev = tok.end
		}
		// mentions and sentences must end too.
		mentions(code)
		sentences(code)
	})
}
