package llm

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestMerge(t *testing.T) {
	static := &errdex.Explanation{Meaning: "sm", Trigger: "st", Solutions: []string{"s1"},
		ExampleFix: &errdex.ExampleFix{Before: "A=0", After: "A=1", Lang: "sh"}, Source: "static"}
	llm := "llm:m"
	tests := []struct {
		name   string
		static *errdex.Explanation
		kept   *errdex.Explanation
		want   *errdex.Explanation
	}{
		{"nothing", nil, nil, nil},
		{"rejected answer keeps static", static, nil, &errdex.Explanation{Meaning: "sm", Trigger: "st", Solutions: []string{"s1"},
			ExampleFix: static.ExampleFix, Source: "static",
			Sources: map[string]string{"meaning": "static", "trigger": "static", "solutions": "static", "example_fix": "static"}}},
		{"all from the model", static, &errdex.Explanation{Meaning: "m", Trigger: "t", Solutions: []string{"x"},
			ExampleFix: &errdex.ExampleFix{Before: "b", After: "a"}, Situations: []string{"y"}},
			&errdex.Explanation{Meaning: "m", Trigger: "t", Solutions: []string{"x"}, ExampleFix: &errdex.ExampleFix{Before: "b", After: "a"},
				Situations: []string{"y"}, Source: llm, PromptVersion: PromptVersion,
				Sources: map[string]string{"meaning": llm, "trigger": llm, "solutions": llm, "example_fix": llm, "situations": llm}}},
		{"tie goes to static", static, &errdex.Explanation{Meaning: "m", Solutions: []string{"x"}},
			&errdex.Explanation{Meaning: "m", Trigger: "st", Solutions: []string{"x"}, ExampleFix: static.ExampleFix,
				Source: "static", PromptVersion: PromptVersion,
				Sources: map[string]string{"meaning": llm, "trigger": "static", "solutions": llm, "example_fix": "static"}}},
		{"no static", nil, &errdex.Explanation{Meaning: "m"},
			&errdex.Explanation{Meaning: "m", Source: llm, PromptVersion: PromptVersion, Sources: map[string]string{"meaning": llm}}},
	}
	for _, tt := range tests {
		got := Merge(tt.static, tt.kept, "m")
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	// Merge copies: changing the result leaves its inputs alone.
	got := Merge(static, nil, "m")
	got.Solutions[0], got.ExampleFix.After = "changed", "changed"
	if static.Solutions[0] != "s1" || static.ExampleFix.After != "A=1" {
		t.Error("Merge shares slices or fixes with the static explanation")
	}
}

func TestStaticOf(t *testing.T) {
	static := &errdex.Explanation{Meaning: "sm", Trigger: "st", Source: "static"}
	merged := &errdex.Explanation{Meaning: "lm", Trigger: "st", Source: "static",
		Sources: map[string]string{"meaning": "llm:m", "trigger": "static"}, PromptVersion: PromptVersion}
	allLLM := &errdex.Explanation{Meaning: "lm", Source: "llm:m"}
	tests := []struct {
		name string
		site errdex.Site
		want *errdex.Explanation
	}{
		{"none", errdex.Site{}, nil},
		{"static only", errdex.Site{Explanation: static}, static},
		{"kept beside", errdex.Site{Explanation: merged, StaticExplanation: static}, static},
		{"lost: the static fields remain", errdex.Site{Explanation: merged}, &errdex.Explanation{Trigger: "st", Source: "static"}},
		{"lost, all from the model", errdex.Site{Explanation: allLLM}, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, StaticOf(&tt.site)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
