package config

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestExample(t *testing.T) {
	data, err := os.ReadFile("example.errdex.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{Defaults: true, Errors: []Rule{
		{Calls: []string{"MY_CHECK"}, Kind: errdex.KindCheckMacro, Exception: "RuntimeError", ExceptionArg: -1, ConditionArg: 0,
			MessageArgs: Range{1, -1}, Format: FormatConcat, Template: Template{{Ref: "message"}},
			NoMessage: Template{{Text: "Check failed: "}, {Ref: "cond"}}, Line: 16},
		{Calls: []string{"RaiseError", "myproj::RaiseError"}, Kind: errdex.KindRaise, Exception: "ValueError", ExceptionArg: -1,
			ConditionArg: -1, MessageArgs: Range{0, -1}, Format: FormatPrintf, Template: Template{{Ref: "message"}},
			NoMessage: Template{{Ref: "message"}}, Line: 25},
		{Calls: []string{"SetPyError"}, Kind: errdex.KindSetError, ExceptionArg: 0, ConditionArg: -1, MessageArgs: Range{1, -1},
			Format: FormatBrace, Template: Template{{Ref: "message"}}, NoMessage: Template{{Ref: "message"}}, Line: 31},
		{Calls: []string{"ENSURE"}, Kind: errdex.KindCheckMacro, ExceptionArg: -1, ConditionArg: 0, MessageArgs: Range{1, -1},
			Format: FormatConcat, Stream: true,
			Template:  Template{{Text: "Ensure failed: "}, {Ref: "cond"}, {Text: ": "}, {Ref: "message"}},
			NoMessage: Template{{Text: "Ensure failed: "}, {Ref: "cond"}}, Line: 37},
		{Calls: []string{"FAIL_AT"}, Kind: errdex.KindLogFatal, ExceptionArg: -1, ConditionArg: -1, MessageArgs: None, Format: FormatConcat,
			Template: Template{{Text: "fatal error "}, {Ref: "value", Arg: 0, Type: errdex.HoleInt}, {Text: " at "},
				{Ref: "hole", Hole: "file", Type: errdex.HolePath}, {Text: ":"}, {Ref: "hole", Hole: "line", Type: errdex.HoleInt}},
			Languages: []string{"c"}, Line: 44},
	}}
	want.Errors[4].NoMessage = want.Errors[4].Template
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("example.errdex.yaml (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"unknown top key", "erors: []\n", `.errdex.yaml:1: unknown key "erors" at the top; the keys are: version, defaults, errors`},
		{"unknown rule key", "errors:\n  - call: X\n    mesage_args: 1\n", `.errdex.yaml:3: unknown key "mesage_args" in a rule`},
		{"repeated key", "errors:\n  - call: X\n    call: Y\n", `key "call" appears twice`},
		{"no call", "errors:\n  - kind: raise\n", "needs the key call"},
		{"bad call", "errors:\n  - call: 'a b'\n", `call: "a b" is not a valid name`},
		{"bad kind", "errors:\n  - {call: X, kind: explode}\n", `kind "explode" is not one of`},
		{"bad format", "errors:\n  - {call: X, format: sprintf}\n", `format "sprintf" is not one of`},
		{"bad index", "errors:\n  - {call: X, condition_arg: -1}\n", "condition_arg must be an argument index"},
		{"bad range", "errors:\n  - {call: X, message_args: '2:1'}\n", `message_args "2:1" is not an argument slice`},
		{"both exceptions", "errors:\n  - {call: X, exception: E, exception_arg: 0}\n", "not both"},
		{"bad placeholder", "errors:\n  - {call: X, template: 'a {1x}'}\n", "{1x} is not a placeholder"},
		{"bad type", "errors:\n  - {call: X, template: '{n:number}'}\n", `unknown type "number"`},
		{"open brace", "errors:\n  - {call: X, template: 'a {b'}\n", "is not closed"},
		{"lone brace", "errors:\n  - {call: X, template: 'a }'}\n", "a lone '}'"},
		{"message in no_message", "errors:\n  - {call: X, no_message: '{message}'}\n", "{message} in no_message"},
		{"bad language", "errors:\n  - {call: X, languages: [cobol]}\n", `language "cobol" is not one of: c, cpp`},
		{"bad version", "version: 2\n", `version "2" is not supported`},
		{"not a mapping", "- a\n", "must be a mapping"},
		{"rules not a list", "errors: {call: X}\n", "errors must be a list"},
		{"bad yaml", "errors: [\n", ".errdex.yaml: yaml:"},
		{"bad stream", "errors:\n  - {call: X, stream: maybe}\n", `stream must be true or false, not "maybe"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.yaml))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Parse error = %v, want %q", err, tt.want)
			}
			if errdex.KindOf(err) != errdex.Invalid {
				t.Errorf("error kind = %v, want invalid", errdex.KindOf(err))
			}
		})
	}
}

func TestDefaults(t *testing.T) {
	cfg, err := Parse([]byte("errors:\n  - {call: [A, B], condition_arg: 1, with_args: [FATAL]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := cfg.Errors[0]
	if r.Kind != errdex.KindCheckMacro || r.MessageArgs != (Range{2, -1}) || r.Format != FormatConcat || !r.Template.HasMessage() {
		t.Errorf("defaults: %+v", r)
	}
	for _, c := range []struct {
		callee string
		want   bool
	}{{"A", true}, {"ns::A", true}, {"obj.B", true}, {"p->B", true}, {"XA", false}, {"A::x", false}} {
		if got := r.Matches(c.callee); got != c.want {
			t.Errorf("Matches(%q) = %v, want %v", c.callee, got, c.want)
		}
	}
	if empty, err := Parse(nil); err != nil || !empty.Defaults || len(empty.Errors) != 0 {
		t.Errorf("Parse(empty) = %+v, %v", empty, err)
	}
}

func TestRange(t *testing.T) {
	for _, c := range []struct {
		r        Range
		n        int
		from, to int
	}{{Range{1, -1}, 3, 1, 3}, {Range{1, 2}, 3, 1, 2}, {Range{1, 2}, 1, 1, 1}, {Range{4, -1}, 2, 2, 2}, {None, 5, 0, 0}} {
		if f, to := c.r.Args(c.n); f != c.from || to != c.to {
			t.Errorf("%+v.Args(%d) = %d, %d; want %d, %d", c.r, c.n, f, to, c.from, c.to)
		}
	}
}

func TestMerge(t *testing.T) {
	builtin := []Rule{{Calls: []string{"CHECK"}}, {Calls: []string{"LOG"}}, {Calls: []string{"cfunc"}, Languages: []string{"c"}}}
	cfg := &Config{Defaults: true, Errors: []Rule{{Calls: []string{"CHECK"}, Exception: "Mine"}, {Calls: []string{"X"}, Languages: []string{"c"}}}}
	calls := func(rs []Rule) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Calls[0]+":"+r.Exception)
		}
		return out
	}
	if diff := cmp.Diff([]string{"LOG:", "CHECK:Mine"}, calls(Merge(builtin, cfg, "cpp"))); diff != "" {
		t.Errorf("Merge cpp (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"LOG:", "cfunc:", "CHECK:Mine", "X:"}, calls(Merge(builtin, cfg, "c"))); diff != "" {
		t.Errorf("Merge c (-want +got):\n%s", diff)
	}
	cfg.Defaults = false
	if diff := cmp.Diff([]string{"CHECK:Mine"}, calls(Merge(builtin, cfg, "cpp"))); diff != "" {
		t.Errorf("Merge without defaults (-want +got):\n%s", diff)
	}
	if got := len(Merge(builtin, nil, "cpp")); got != 2 {
		t.Errorf("Merge(nil) kept %d rules, want 2", got)
	}
}

func TestLoad(t *testing.T) {
	ctx := context.Background()
	cfg, err := Load(ctx, fstest.MapFS{})
	if cfg != nil || err != nil {
		t.Errorf("Load without a file = %v, %v; want nil, nil", cfg, err)
	}
	cfg, err = Load(ctx, fstest.MapFS{FileName: {Data: []byte("errors:\n  - call: X\n")}})
	if err != nil || len(cfg.Errors) != 1 {
		t.Errorf("Load = %+v, %v", cfg, err)
	}
	_, err = Load(ctx, fstest.MapFS{FileName: {Data: []byte(strings.Repeat("#", MaxSize+1))}})
	if errdex.KindOf(err) != errdex.TooLarge {
		t.Errorf("Load of a huge file: %v, want a too-large error", err)
	}
}

func FuzzParse(f *testing.F) {
	data, _ := os.ReadFile("example.errdex.yaml")
	f.Add(data)
	f.Add([]byte("errors:\n  - {call: X, template: '{{ {value63:repr} }}', message_args: '0:63'}\n"))
	f.Add([]byte("errors: [{call: [a, b], with_args: [], languages: c}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data)
		if err != nil {
			if errdex.KindOf(err) != errdex.Invalid {
				t.Fatalf("error of kind %v: %v", errdex.KindOf(err), err)
			}
			return
		}
		for _, r := range cfg.Errors {
			if len(r.Calls) == 0 || r.Kind == "" || r.Format == "" {
				t.Fatalf("incomplete rule %+v", r)
			}
		}
	})
}
