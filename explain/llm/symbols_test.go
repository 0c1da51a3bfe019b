package llm

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitChain(t *testing.T) {
	tests := map[string][]string{
		"a":                {"a"},
		"a.b.c":            {"a", "b", "c"},
		"std::env::var":    {"std", "env", "var"},
		"p->q.r":           {"p", "q", "r"},
		"..a..b.":          {"a", "b"},
		"a:b":              {"a:b"},
		"a-b":              {"a-b"},
		"":                 nil,
		"::":               nil,
		"self.enable_mask": {"self", "enable_mask"},
	}
	for in, want := range tests {
		if diff := cmp.Diff(want, splitChain(in)); diff != "" {
			t.Errorf("splitChain(%q) (-want +got):\n%s", in, diff)
		}
	}
}

func TestCodeTokens(t *testing.T) {
	type tk struct {
		Text  string
		Kind  int
		Value bool
	}
	tests := []struct {
		code string
		want []tk
	}{
		{`os.environ["SGLANG_X"]`, []tk{{"os.environ", tokName, false}, {"SGLANG_X", tokName, false}}},
		{`export SGLANG_X=1024`, []tk{{"export", tokName, false}, {"SGLANG_X", tokName, false}}},
		{`SGLANG_X=on python -m sglang.launch_server --dtype bfloat16 --tp=2`, []tk{
			{"SGLANG_X", tokName, false}, {"on", tokName, true}, {"python", tokName, false}, {"-m", tokShort, false},
			{"sglang.launch_server", tokName, false}, {"--dtype", tokFlag, false}, {"bfloat16", tokName, true}, {"--tp", tokFlag, false}}},
		{`see python/sglang/srt/utils.py and ./run.sh, ~/.cache or /etc/hosts`, []tk{
			{"see", tokName, false}, {"python/sglang/srt/utils.py", tokPath, false}, {"and", tokName, false}, {"./run.sh", tokPath, false},
			{"~/.cache", tokPath, false}, {"or", tokName, false}, {"/etc/hosts", tokPath, false}}},
		{`config.json response.json() a::b->c`, []tk{{"config.json", tokPath, false}, {"response.json", tokName, false}, {"a::b->c", tokName, false}}},
		{`${HOME} $PATH costs $5 https://x.test/a?b=1, done`, []tk{
			{"HOME", tokEnvRef, false}, {"PATH", tokEnvRef, false}, {"costs", tokName, false}, {"https://x.test/a?b=1", tokURL, false}, {"done", tokName, false}}},
		{`3.14 x86_64 v1.2 a-b`, []tk{{"x86_64", tokName, false}, {"v1", tokName, false}, {"a", tokName, false}, {"b", tokName, false}}},
	}
	for _, tt := range tests {
		var got []tk
		for _, t := range codeTokens(tt.code) {
			got = append(got, tk{t.text, t.kind, t.value})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("codeTokens(%q) (-want +got):\n%s", tt.code, diff)
		}
	}
}

func TestMentions(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Plain English, e.g. this; i.e. that. A value(s) list.", nil},
		{"Set `max_tokens` and MAX_LEN, call fooBar or baz() on self.x.", []string{"max_tokens", "MAX_LEN", "fooBar", "baz", "self.x"}},
		{"Use --flag-name or $VAR; read config.yaml and /etc/x, not and/or.", []string{"--flag-name", "VAR", "config.yaml", "/etc/x"}},
		{"Works on macOS with PyTorch and Node.js.", nil},
		{"See https://x.test.", []string{"https://x.test"}},
		{"``` a_b ``` and `c`", []string{"a_b", "c"}},
		{"Paired `` here, `` then `x`, a lone `` and ` tick_tock", []string{"here", "x", "tick_tock"}},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range mentions(tt.text) {
			got = append(got, m.text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("mentions(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestSentences(t *testing.T) {
	tests := map[string][]string{
		"One. Two! Three? Four":                {"One.", "Two!", "Three?", "Four"},
		"Use e.g. `a. b` here. Then etc. more": {"Use e.g. `a. b` here.", "Then etc. more"},
		"Version 1.2 is out. Fine.":            {"Version 1.2 is out.", "Fine."},
		"":                                     nil,
	}
	for in, want := range tests {
		if diff := cmp.Diff(want, sentences(in)); diff != "" {
			t.Errorf("sentences(%q) (-want +got):\n%s", in, diff)
		}
	}
}
