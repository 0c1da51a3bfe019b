package postgres

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestLLMAnswerCache(t *testing.T) {
	ctx := context.Background()
	st := open(t)

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
	// Replies are kept byte for byte, whatever a server sends.
	for _, content := range []string{"nul\x00byte", "caf\xe9", "\uFDD0b64:AAAA"} {
		if err := st.PutLLMAnswer(ctx, "h3", "m\x00", "v1", content, 1); err != nil {
			t.Fatal(err)
		}
		got, _, ok, err := st.LLMAnswer(ctx, "h3", "m\x00", "v1")
		if err != nil || !ok || got != content {
			t.Errorf("LLMAnswer after PutLLMAnswer(%q) = %q, %v, %v", content, got, ok, err)
		}
	}
	if err := st.PutLLMAnswer(ctx, "", "m", "v1", "x", 1); errdex.KindOf(err) != errdex.Invalid {
		t.Errorf("PutLLMAnswer without a hash: %v; want an Invalid error", err)
	}
}

// storedFacts reads the raw facts object of a site.
func storedFacts(t *testing.T, st *Store, id errdex.ID) map[string]json.RawMessage {
	t.Helper()
	var raw []byte
	if err := st.pool.QueryRow(context.Background(), `SELECT facts FROM sites WHERE id = $1`, string(id)).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	m := map[string]json.RawMessage{}
	if raw != nil {
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func TestUpdateExplanations(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	snap, sites := testSnapshot("r", "abc", "f", "")
	guards := []errdex.Guard{{Condition: "not x", Source: "x", Kind: "if", Line: 3}}
	sites[0].Guards = guards
	static := &errdex.Explanation{Meaning: "static meaning", Source: "static"}
	sites[0].Explanation = static
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}

	llm := &errdex.Explanation{
		Meaning:       "LLM meaning with a byte that is not UTF-8: \xff",
		Solutions:     []string{"Set `x`."},
		Source:        "llm:m",
		Sources:       map[string]string{"meaning": "llm:m", "solutions": "llm:m"},
		PromptVersion: "v1",
	}
	gone := &errdex.Site{ID: "0123456789abcdef", Explanation: llm}
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
	for i, s := range sites {
		got, err := st.Site(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(llm, got.Explanation); diff != "" {
			t.Errorf("site %d explanation (-want +got):\n%s", i, diff)
		}
		if diff := cmp.Diff(s.Guards, got.Guards); diff != "" {
			t.Errorf("site %d guards changed (-want +got):\n%s", i, diff)
		}
	}
	// The static explanation is stored beside the LLM one, under the key
	// of errdex.Site's JSON.
	var gotStatic errdex.Explanation
	if err := json.Unmarshal(storedFacts(t, st, sites[0].ID)["static_explanation"], &gotStatic); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(*static, gotStatic); diff != "" {
		t.Errorf("stored static explanation (-want +got):\n%s", diff)
	}
	if _, ok := storedFacts(t, st, sites[1].ID)["static_explanation"]; ok {
		t.Error("a site updated without a static explanation has one stored")
	}

	// The same update again changes nothing.
	n, err = st.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID, Explanation: llm, StaticExplanation: static}})
	if err != nil || n != 0 {
		t.Errorf("repeated update: changed %d, err %v; want 0, nil", n, err)
	}
	// Nil explanations remove them; the guards stay.
	if _, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: sites[0].ID}, {ID: sites[1].ID}}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Site(ctx, sites[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Explanation != nil || len(got.Guards) != 1 {
		t.Errorf("after removal: explanation %v, guards %v; want none and one", got.Explanation, got.Guards)
	}
	if m := storedFacts(t, st, sites[1].ID); len(m) != 0 {
		t.Errorf("site without facts left %v; want NULL", m)
	}

	if _, err := st.UpdateExplanations(ctx, []*errdex.Site{{ID: "nothex"}}); errdex.KindOf(err) != errdex.Invalid {
		t.Errorf("bad ID: %v; want an Invalid error", err)
	}
}
