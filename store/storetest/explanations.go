package storetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func testLLMAnswers(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	if _, _, ok, err := st.LLMAnswer(ctx, "h1", "m", "v1"); ok || err != nil {
		t.Fatalf("LLMAnswer on an empty cache = ok %v, err %v; want a miss", ok, err)
	}
	if err := st.PutLLMAnswer(ctx, "h1", "m", "v1", `{"meaning":"a"}`, 120); err != nil {
		t.Fatal(err)
	}
	if err := st.PutLLMAnswer(ctx, "h1", "m", "v1", `{"meaning":"b"}`, 130); err != nil {
		t.Fatal(err) // the same key again replaces the answer
	}
	tests := []struct {
		hash, model, version string
		want                 string
		tokens               int
		ok                   bool
	}{
		{"h1", "m", "v1", `{"meaning":"b"}`, 130, true},
		{"h1", "m", "v2", "", 0, false},
		{"h1", "other", "v1", "", 0, false},
		{"h2", "m", "v1", "", 0, false},
	}
	for _, tt := range tests {
		got, tokens, ok, err := st.LLMAnswer(ctx, tt.hash, tt.model, tt.version)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want || tokens != tt.tokens || ok != tt.ok {
			t.Errorf("LLMAnswer(%s, %s, %s) = %q, %d, %v; want %q, %d, %v", tt.hash, tt.model, tt.version, got, tokens, ok, tt.want, tt.tokens, tt.ok)
		}
	}
	// Replies and keys are kept byte for byte, whatever a server sends.
	for _, content := range []string{"nul\x00byte", "caf\xe9", "\uFDD0b64:AAAA", ""} {
		if err := st.PutLLMAnswer(ctx, "h3", "m\x00", "v\xff", content, 1); err != nil {
			t.Fatal(err)
		}
		got, _, ok, err := st.LLMAnswer(ctx, "h3", "m\x00", "v\xff")
		if err != nil || !ok || got != content {
			t.Errorf("LLMAnswer after PutLLMAnswer(%q) = %q, %v, %v", content, got, ok, err)
		}
	}
	for _, key := range [][3]string{{"", "m", "v1"}, {"h", "", "v1"}, {"h", "m", ""}} {
		err := st.PutLLMAnswer(ctx, key[0], key[1], key[2], "x", 1)
		checkKind(t, fmt.Sprintf("PutLLMAnswer(%q, %q, %q)", key[0], key[1], key[2]), err, errdex.Invalid)
	}
}

func testUpdateExplanations(t *testing.T, st errdex.Store) {
	ctx := context.Background()
	snap := NewSnapshot("r", "abc")
	sites := familySites(snap, "f", "")
	sites[1].Guards = nil
	static := &errdex.Explanation{Meaning: "static meaning", Source: "static"}
	sites[0].Explanation = static
	replace(t, st, snap, sites)

	llm := &errdex.Explanation{
		Meaning:       "LLM meaning with a byte that is not UTF-8: \xff",
		Solutions:     []string{"Set `x`."},
		Source:        "llm:m",
		Sources:       map[string]string{"meaning": "llm:m", "solutions": "llm:m"},
		PromptVersion: "v1",
	}
	gone := &errdex.Site{ID: errdex.IDKey{Repo: "r", Template: "gone"}.ID(0), Explanation: llm}
	n, err := st.UpdateExplanations(ctx, []*errdex.Site{
		{ID: sites[0].ID, Explanation: llm, StaticExplanation: static},
		{ID: sites[1].ID, Explanation: llm},
		gone,
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("UpdateExplanations changed %d sites; want 2", n)
	}
	// Only the explanations changed: the rest of each site reads back as
	// written.
	check := func(what string, wantExp, wantStatic []*errdex.Explanation) {
		t.Helper()
		for i, s := range sites {
			w := want(snap, s, true, 1, 1)
			w.Explanation, w.StaticExplanation = wantExp[i], wantStatic[i]
			got, err := st.Site(ctx, s.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(w, got, cmpOpts...); diff != "" {
				t.Errorf("%s: site %d mismatch (-want +got):\n%s", what, i, diff)
			}
		}
	}
	check("after the update", []*errdex.Explanation{llm, llm}, []*errdex.Explanation{static, nil})
	if _, err := st.Site(ctx, gone.ID); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("a site that was not stored: Site returned %v, want NotFound", err)
	}

	// The same update again changes nothing.
	n, err = st.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID, Explanation: llm, StaticExplanation: static}})
	if err != nil || n != 0 {
		t.Errorf("repeated update: changed %d, err %v; want 0, nil", n, err)
	}
	// Nil explanations remove them; the guards stay.
	if n, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID}, {ID: sites[1].ID}}); err != nil || n != 2 {
		t.Fatalf("removing explanations: changed %d, err %v; want 2, nil", n, err)
	}
	check("after removal", []*errdex.Explanation{nil, nil}, []*errdex.Explanation{nil, nil})

	for _, bad := range [][]*errdex.Site{{{ID: "nothex"}}, {{ID: sites[0].ID}, nil}} {
		_, err := st.UpdateExplanations(ctx, bad)
		checkKind(t, "UpdateExplanations with a bad site", err, errdex.Invalid)
	}
}
