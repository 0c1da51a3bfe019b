package llm

import (
	"fmt"
	"path/filepath"
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
			if v.Rejection != nil {
				caught["rejected: "+v.Rejection.Reason]++
			} else {
				caught["dropped: "+v.Drops[0].Reason]++
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
