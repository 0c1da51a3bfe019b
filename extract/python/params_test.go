package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestFirstLine(t *testing.T) {
	hole := func(name string) errdex.Part { return errdex.HolePart(name, name, errdex.HoleAny) }
	lit := errdex.Lit
	tests := []struct {
		name string
		in   []errdex.Part
		want string
	}{
		{"one line", []errdex.Part{hole("a"), lit(" not greater than "), hole("b")}, "{a} not greater than {b}"},
		{"lines after the first become a hole",
			[]errdex.Part{hole("k"), lit("s differ: "), hole("x"), lit("\n\nFirst differing element "), hole("i"), lit(":\n")},
			"{k}s differ: {x}\n{rest}"},
		{"the break in a later literal",
			[]errdex.Part{lit("Items: "), hole("n"), lit(" found\n"), hole("item"), lit("\nmore")},
			"Items: {n} found\n{rest}"},
		{"a single hole after the break stays",
			[]errdex.Part{lit("Element counts were not equal:\n"), hole("lines")},
			"Element counts were not equal:\n{lines}"},
		{"a trailing break stays", []errdex.Part{lit("done:\n")}, "done:\n"},
		{"a first line without literal text stays whole",
			[]errdex.Part{hole("head"), lit("\nFirst differing element "), hole("i")},
			"{head}\nFirst differing element {i}"},
		{"a first line of blanks stays whole",
			[]errdex.Part{lit("  \nreason: "), hole("why")},
			"  \nreason: {why}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstLine(errdex.Template{Parts: tt.in}).String(); got != tt.want {
				t.Errorf("firstLine = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCallerRoundRobin checks that a raise of a parameter shared by more
// callers than a site may hold templates gets every caller's message
// before any caller's variant ("... : {msg}").
func TestCallerRoundRobin(t *testing.T) {
	var src strings.Builder
	src.WriteString(`class Case:
    def fail(self, msg=None):
        raise AssertionError(msg)

    def _formatMessage(self, msg, standardMsg):
        if msg is None:
            return standardMsg
        return "%s : %s" % (standardMsg, msg)
`)
	const callers = maxSiteTemplates - 4
	var want []string
	for i := range callers {
		fmt.Fprintf(&src, `
    def check%d(self, a, msg=None):
        if not a:
            standardMsg = "check %d failed on %%r" %% (a,)
            self.fail(self._formatMessage(msg, standardMsg))
`, i, i)
		want = append(want, fmt.Sprintf("check %d failed on {a}", i))
	}
	res := extractSource(t, src.String())
	s := siteAt(t, res, "check 0 failed")
	got := []string{s.Template.String()}
	variants := 0
	for _, a := range s.Alternatives {
		if strings.HasSuffix(a.String(), " : {msg}") {
			variants++
			continue
		}
		got = append(got, a.String())
	}
	want = append(want, "{msg}")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if n := 1 + len(s.Alternatives); n != maxSiteTemplates || variants != maxSiteTemplates-len(want) {
		t.Errorf("%d templates with %d variants, want %d with %d", n, variants, maxSiteTemplates, maxSiteTemplates-len(want))
	}
}
