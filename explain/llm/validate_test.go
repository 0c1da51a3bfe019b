package llm

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/errdex/errdex"
)

// corpusSites maps the SITE part of an answer's name to the fixture site.
var corpusSites = map[string]errdex.ID{
	"mask": siteMask, "capacity": siteCapacity, "flag": siteFlag,
	"injection": siteInjection, "dtype": siteDtype, "tokenizer": siteTokenizer,
}

// judge parses and validates a reply about a site, as Enrich does.
func judge(content string, site *errdex.Site, syms *Symbols) *Verdict {
	a, err := ParseAnswer(content)
	if err != nil {
		return &Verdict{Rejection: err.(*Rejection)}
	}
	return Validate(a, site, syms)
}

func describe(v *Verdict) string {
	var b strings.Builder
	if v.Rejection != nil {
		fmt.Fprintf(&b, "rejected (%v)", v.Rejection)
	} else {
		b.WriteString("accepted")
	}
	for _, d := range v.Drops {
		fmt.Fprintf(&b, "; dropped %s %s %q names %v", d.Field, d.Reason, d.Text, d.Names)
	}
	return b.String()
}

// TestAnswerCorpus runs the validator over scripted answers with planted
// defects (testdata/answers.txtar) and reports the fraction it catches.
// Each answer's expected outcome is in its name, so that a change in
// what the validator catches, either way, fails the test until the
// corpus says so.
func TestAnswerCorpus(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "answers.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	fx := readFixture(t)
	syms := fx.symbols()
	counts := map[string]int{}
	caught := map[string]int{} // by rejection or drop reason
	for _, f := range ar.Files {
		want, rest, _ := strings.Cut(f.Name, "/")
		siteName, _, _ := strings.Cut(rest, "/")
		id, ok := corpusSites[siteName]
		if !ok {
			t.Fatalf("%s: unknown site %q", f.Name, siteName)
		}
		v := judge(string(f.Data), fx.site(t, id), syms)
		counts[want]++
		flagged := v.Rejection != nil || len(v.Drops) > 0
		switch want {
		case "good", "missed":
			if flagged {
				t.Errorf("%s: %s; want accepted with nothing dropped", f.Name, describe(v))
			}
		case "strict":
			if !flagged {
				t.Errorf("%s: accepted whole; the validator no longer cuts this correct answer: call it good", f.Name)
			}
		case "caught":
			if !flagged {
				t.Errorf("%s: accepted whole; want it rejected or a part dropped", f.Name)
				continue
			}
			switch {
			case v.Rejection != nil:
				caught["rejected: "+v.Rejection.Reason]++
			default:
				// Counted by the first drop for another reason than
				// vagueness, if any: the planted defect.
				d := v.Drops[0]
				if i := slices.IndexFunc(v.Drops, func(d Drop) bool { return d.Reason != DropVague }); i >= 0 {
					d = v.Drops[i]
				}
				caught["dropped: "+d.Reason]++
			}
		default:
			t.Fatalf("%s: unknown expectation %q", f.Name, want)
		}
		if testing.Verbose() {
			t.Logf("%-55s %s", f.Name, describe(v))
		}
	}
	bad := counts["caught"] + counts["missed"]
	t.Logf("validator caught %d of %d scripted bad answers (%.0f%%), %v; accepted %d of %d correct answers whole",
		counts["caught"], bad, 100*float64(counts["caught"])/float64(bad), caught, counts["good"], counts["good"]+counts["strict"])
}

// TestVaguerThanStatic checks that a field may replace a static one that
// cites facts only when it cites a fact of the site too: a name, or a
// line or value of the site.
func TestVaguerThanStatic(t *testing.T) {
	fx := readFixture(t)
	site := *fx.site(t, siteMask)
	site.Explanation = nil
	site.StaticExplanation = &errdex.Explanation{
		Meaning:    "Sampling masks were requested, but they are off.",
		Trigger:    "`MetadataBuffers.set_buf` (called from `PrefillBootstrapQueue.send_kv_chunk` at line 612) raises `RuntimeError` when `self.enable_sampling_mask` is false (line 506).",
		Solutions:  []string{"Set SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS above 0."},
		Situations: []string{"A client sends `return_sampling_mask=True` to a server started without the variable."},
		Source:     "static",
	}
	for _, tt := range []struct {
		field, text string
		vague       bool
	}{
		{"trigger", "This happens when the checked condition fails.", true},
		{"trigger", "The check at line 12 fails.", true},        // not a line of the site
		{"trigger", "It raises when `None` is returned.", true}, // a keyword is no fact
		{"trigger", "The check at line 506 fails when masks are off.", false},
		{"trigger", "A RuntimeError is raised when masks are off.", false},
		{"trigger", "Raised when self.enable_sampling_mask is false.", false},
		{"meaning", "Something went wrong.", false}, // the static meaning cites nothing
		{"solutions", "Check your configuration.", true},
		{"solutions", "Raise `SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS`.", false},
		{"situations", "When the server is misconfigured.", true},
		{"situations", "A request with `return_sampling_mask` set.", false},
	} {
		a := &errdex.Explanation{Meaning: "Sampling masks are off on this server."}
		switch tt.field {
		case "meaning":
			a.Meaning = tt.text
		case "trigger":
			a.Trigger = tt.text
		case "solutions":
			a.Solutions = []string{tt.text}
		case "situations":
			a.Situations = []string{tt.text}
		}
		v := Validate(a, &site, fx.symbols())
		vague := slices.ContainsFunc(v.Drops, func(d Drop) bool { return d.Reason == DropVague && d.Field == tt.field })
		if vague != tt.vague || v.Rejection != nil {
			t.Errorf("%s %q: %s; want vague %v", tt.field, tt.text, describe(v), tt.vague)
		}
		if m := Merge(StaticOf(&site), v.Kept, "m"); vague && m.Sources[tt.field] != "static" {
			t.Errorf("%s %q: merged source %q; want the static field kept", tt.field, tt.text, m.Sources[tt.field])
		}
	}
}
