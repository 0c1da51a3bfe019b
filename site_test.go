package errdex

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSiteJSON checks the site JSON contract's shape: the derived message,
// the analysis lists present as [] when empty, a template's parts as []
// when it has none, and no zero revision date.
func TestSiteJSON(t *testing.T) {
	tests := []struct {
		name string
		site *Site
		want []string // substrings of the JSON
		not  []string
	}{
		{
			name: "a site without facts",
			site: &Site{ID: "0123456789abcdef", Kind: KindRaise, Exception: "EOFError"},
			want: []string{`"template":{"parts":[]}`, `"guards":[]`, `"config":[]`, `"provenance":[]`, `"callers":[]`,
				`"related":[]`, `"message":""`, `"rev_date":null`, `"url":""`},
			not: []string{`"parts":null`, `"rev_date":"0001`},
		},
		{
			name: "a site with facts",
			site: &Site{ID: "0123456789abcdef", Template: NewTemplate(Lit("bad "), HolePart("x", "x", HoleInt)),
				Guards: []Guard{{Condition: "x == 0", Kind: "if", Line: 3}}, Callers: []Caller{{Function: "main", Path: "a.py", Line: 9}}},
			want: []string{`"message":"bad {x}"`, `"guards":[{"condition":"x == 0"`, `"callers":[{"function":"main"`, `"config":[]`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.site)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("JSON lacks %s:\n%s", w, b)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(b), n) {
					t.Errorf("JSON holds %s:\n%s", n, b)
				}
			}
			var back Site
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("the JSON does not decode back: %v", err)
			}
			if back.ID != tt.site.ID || back.Message() != tt.site.Message() || len(back.Guards) != len(tt.site.Guards) {
				t.Errorf("round trip: got %+v", back)
			}
		})
	}
}
