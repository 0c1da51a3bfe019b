package llm

import (
	"cmp"
	"slices"

	"github.com/errdex/errdex"
)

// The fields of an explanation an LLM may write, by their JSON names, as
// errdex.Explanation.Sources names them.
var fields = []string{"meaning", "trigger", "solutions", "example_fix", "situations"}

// Merge builds the explanation to store from the deterministic one
// (static, possibly nil) and the validated parts of an answer (kept,
// possibly nil): each field the answer kept replaces the static field,
// the others stay static. Sources names the source of every field that
// has text, "llm:<model>" or "static"; Source is the one that wrote most
// fields (static on a tie); PromptVersion is set when the LLM wrote any.
// It returns nil when neither has anything to say.
func Merge(static, kept *errdex.Explanation, model string) *errdex.Explanation {
	out := &errdex.Explanation{Sources: map[string]string{}}
	llm := "llm:" + model
	if static == nil {
		static = &errdex.Explanation{}
	}
	if kept == nil {
		kept = &errdex.Explanation{}
	}
	var fix *errdex.ExampleFix
	if kept.ExampleFix != nil {
		f := *kept.ExampleFix
		fix = &f
	}
	set := func(field string, fromLLM, fromStatic bool) string {
		switch {
		case fromLLM:
			out.Sources[field] = llm
			return llm
		case fromStatic:
			out.Sources[field] = "static"
			return "static"
		}
		return ""
	}
	pick := func(field string, llmVal, staticVal string, dst *string) {
		if set(field, llmVal != "", staticVal != "") == llm {
			*dst = llmVal
		} else {
			*dst = staticVal
		}
	}
	pickList := func(field string, llmVal, staticVal []string, dst *[]string) {
		if set(field, len(llmVal) > 0, len(staticVal) > 0) == llm {
			*dst = slices.Clone(llmVal)
		} else {
			*dst = slices.Clone(staticVal)
		}
	}
	pick("meaning", kept.Meaning, static.Meaning, &out.Meaning)
	pick("trigger", kept.Trigger, static.Trigger, &out.Trigger)
	pickList("solutions", kept.Solutions, static.Solutions, &out.Solutions)
	switch set("example_fix", fix != nil, static.ExampleFix != nil) {
	case llm:
		out.ExampleFix = fix
	case "static":
		f := *static.ExampleFix
		out.ExampleFix = &f
	}
	pickList("situations", kept.Situations, static.Situations, &out.Situations)

	n := 0
	for _, s := range out.Sources {
		if s == llm {
			n++
		}
	}
	switch {
	case len(out.Sources) == 0:
		return nil
	case 2*n > len(out.Sources):
		out.Source = llm
	default:
		out.Source = "static"
	}
	if n > 0 {
		out.PromptVersion = PromptVersion
	}
	return out
}

// StaticOf returns the deterministic explanation of a stored site: its
// StaticExplanation when it has one, its Explanation when no LLM wrote
// any of it, and otherwise the fields of its Explanation whose source is
// "static" (a store that lost StaticExplanation loses no static field).
func StaticOf(site *errdex.Site) *errdex.Explanation {
	if site.StaticExplanation != nil {
		return site.StaticExplanation
	}
	e := site.Explanation
	if e == nil {
		return nil
	}
	src := func(field string) string { return cmp.Or(e.Sources[field], e.Source) }
	if !slices.ContainsFunc(fields, func(f string) bool { return isLLM(src(f)) }) {
		return e
	}
	out := &errdex.Explanation{Source: "static"}
	keep := func(field string) bool { return !isLLM(src(field)) }
	if keep("meaning") {
		out.Meaning = e.Meaning
	}
	if keep("trigger") {
		out.Trigger = e.Trigger
	}
	if keep("solutions") {
		out.Solutions = e.Solutions
	}
	if keep("example_fix") {
		out.ExampleFix = e.ExampleFix
	}
	if keep("situations") {
		out.Situations = e.Situations
	}
	if out.Meaning == "" && out.Trigger == "" && len(out.Solutions) == 0 && out.ExampleFix == nil && len(out.Situations) == 0 {
		return nil
	}
	return out
}

func isLLM(source string) bool { return len(source) >= 4 && source[:4] == "llm:" }
