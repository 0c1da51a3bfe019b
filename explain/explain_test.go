package explain

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/config"
	"github.com/errdex/errdex/analyze/family"
)

func TestCut(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"short message", 20, "short message"},
		{"return_sampling_mask with disaggregation requires SGLANG_X > 0.", 50, "return_sampling_mask with disaggregation requires…"},
		{"one two three", 8, "one two…"},
		{"first line\nsecond line", 40, "first line …"},
		{"  spaced   out\ttext ", 40, "spaced out text"},
		{"a/very/long/path/without/any/space/at/all/in/it", 20, "a/very/long/path/…"},
		{"supercalifragilisticexpialidocious", 10, "supercalif…"},
		{"value: x, y", 9, "value: x…"},
	}
	for _, tt := range tests {
		if got := Cut(tt.in, tt.max); got != tt.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func FuzzCut(f *testing.F) {
	f.Add("return_sampling_mask with disaggregation requires X > 0.", 30)
	f.Add("ab\ncd", 1)
	f.Add("\xff\xfe é ü", 3)
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 1 || max > 500 {
			return
		}
		got := Cut(s, max)
		if n := utf8.RuneCountInString(got); n > max+2 {
			t.Fatalf("Cut(%q, %d) = %q: %d characters", s, max, got, n)
		}
		if strings.ContainsAny(got, "\n\r") {
			t.Fatalf("Cut(%q, %d) = %q keeps a line break", s, max, got)
		}
	})
}

func TestExprs(t *testing.T) {
	if got := assignedValue("self.enabled = max_tokens > 0", "self.enabled"); got != "max_tokens > 0" {
		t.Errorf("assignedValue = %q", got)
	}
	if got := assignedValue("cc = oldcc = cfg['CC']", "cc"); got != "cfg['CC']" {
		t.Errorf("chained assignedValue = %q", got)
	}
	if got := assignedValue("x == 3", "x"); got != "" {
		t.Errorf("a comparison is no assignment: %q", got)
	}
	if got := assignedValue("limit: int = f(a=1)", "limit"); got != "f(a=1)" {
		t.Errorf("annotated assignedValue = %q", got)
	}
	for _, c := range []struct{ text, name, want string }{
		{"Pool{size: cfg.MaxConns}", "p.size", "cfg.MaxConns"}, // a Go keyed literal
		{"Pool { size: cfg.max_conns }", "self.size", "cfg.max_conns"},
		{"Pool{limit: cfg.MaxConns}", "p.size", ""},
		{"f(Pool{size: n})", "p.size", ""},
		{"limit := s.maxBody", "limit", "s.maxBody"},
	} {
		if got := assignedValue(c.text, c.name); got != c.want {
			t.Errorf("assignedValue(%q, %q) = %q, want %q", c.text, c.name, got, c.want)
		}
	}
	cmps := []struct {
		in       string
		l, op, r string
		ok       bool
	}{
		{"max_tokens > 0", "max_tokens", ">", "0", true},
		{"n <= len(xs)", "n", "<=", "len(xs)", true},
		{"mode not in ('a', 'b')", "mode", "not in", "('a', 'b')", true},
		{"f(a > b)", "", "", "", false},
		{"0 < x < 10", "", "", "", false},
		{"s == '>='", "s", "==", "'>='", true},
		{"size is None or size <= 0", "", "", "", false},
		{"ok && n > 0", "", "", "", false},
		{"name == `a || b`", "name", "==", "`a || b`", true},
	}
	for _, c := range cmps {
		l, op, r, ok := splitComparison(c.in)
		if l != c.l || op != c.op || r != c.r || ok != c.ok {
			t.Errorf("splitComparison(%q) = %q %q %q %v", c.in, l, op, r, ok)
		}
	}
	for _, c := range []struct {
		cond, want string
	}{
		{"p < 1 || p > 65535", "p >= 1 && p <= 65535"},
		{"x is None or not x.ready", "x is not None and x.ready"},
		{"n >= limit", "n < limit"},
		{"a && b || c", ""},
		{"f(x) + 1", ""},
	} {
		if got, ok := negateText(c.cond); got != c.want || ok != (c.want != "") {
			t.Errorf("negateText(%q) = %q, %v, want %q", c.cond, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		expr, name string
		want       bool
	}{
		{"envs.X.get()", "envs.X", true},
		{"int(os.environ.get('X', '0'))", "os.environ.get('X', '0')", true},
		{"envs.X.value", "envs.X", true},
		{"envs.X.get() + 1", "envs.X", false},
		{"envs.XY.get()", "envs.X", false},
		{"*workers", "workers", true},
		{"*workers + 1", "workers", false},
	} {
		if got := passesThrough(c.expr, c.name); got != c.want {
			t.Errorf("passesThrough(%q, %q) = %v", c.expr, c.name, got)
		}
	}
	for _, c := range []struct {
		x, op, v   string
		ok, decide bool
	}{
		{"0", ">", "0", false, true},
		{"64", ">", "0", true, true},
		{`"info"`, "in", `("debug", "info")`, true, true},
		{`"x"`, "in", `("debug", "info")`, false, true},
		{"False", "falsy", "", true, true},
		{`"0"`, "truthy", "", false, false},
		{"LIMIT", ">", "0", false, false},
	} {
		ok, decided := holds(c.x, c.op, c.v)
		if ok != c.ok || decided != c.decide {
			t.Errorf("holds(%s %s %s) = %v, %v", c.x, c.op, c.v, ok, decided)
		}
	}
}

func FuzzExprs(f *testing.F) {
	f.Add("self.x = a > 0", "self.x")
	f.Add("a = b = (c == 'd')", "a")
	f.Add("'unterminated = \\", "'")
	f.Fuzz(func(t *testing.T, text, name string) {
		assignedValue(text, name)
		splitComparison(text)
		passesThrough(text, name)
		holds(text, "in", name)
		literalItems(text)
		negateText(text)
		negatedOperand(text)
		closing(text, strings.IndexAny(text, "([{"))
	})
}

// span is a location in the site's file.
func span(line int) errdex.Span {
	return errdex.Span{Path: "srv/buffers.py", Line: line, Column: 9, EndLine: line}
}

// maskSite is a site like sglang's sampling-mask error, with the facts
// the analyses derive for it.
func maskSite() *errdex.Site {
	return &errdex.Site{
		Language: "python", Kind: errdex.KindRaise, Exception: "RuntimeError",
		Template: errdex.NewTemplate(errdex.Lit("return_sampling_mask requires SRV_MASK_TOKENS > 0.")),
		Location: errdex.Location{Span: span(40)}, Function: "Buffers.set_buf",
		Guards: []errdex.Guard{
			{Condition: "req.return_mask", Source: "req.return_mask", Kind: "if", Line: 39, Subject: "req.return_mask", Op: "truthy", Names: []string{"req.return_mask"}},
			{Condition: "not self.enabled", Source: "not self.enabled", Kind: "if", Line: 39, Subject: "self.enabled", Op: "falsy", Names: []string{"self.enabled"}},
		},
		Provenance: []errdex.Fact{
			{Name: "self.enabled", Kind: "attribute", Text: "self.enabled = max_tokens > 0", Location: span(12)},
			{Name: "max_tokens", Kind: "assign", Text: "max_tokens = envs.SRV_MASK_TOKENS.get()", Location: span(10)},
		},
		Config: []errdex.ConfigRef{{Name: "SRV_MASK_TOKENS", Kind: "env", Default: "0", HasDefault: true,
			Location: errdex.Span{Path: "srv/environ.py", Line: 5, Column: 5, EndLine: 5},
			Via:      "self.enabled ← max_tokens ← envs.SRV_MASK_TOKENS"}},
		Callers: []errdex.Caller{{Function: "Prefill.send", Path: "srv/prefill.py", Line: 61}},
		Family:  &errdex.FamilyRef{Slug: "missing-setting", Name: "Missing or disabled setting", Confidence: 0.7},
	}
}

func TestSite(t *testing.T) {
	got := Site(maskSite())
	want := &errdex.Explanation{
		Meaning: "This error means that a setting the code depends on is missing, zero or turned off. " +
			"The check depends on the environment variable `SRV_MASK_TOKENS` (default `0`, srv/environ.py:5).",
		Trigger: "`Buffers.set_buf` (called from `Prefill.send` at srv/prefill.py:61) raises `RuntimeError` when " +
			"`req.return_mask` is true (line 39) and `self.enabled` is false (line 39). " +
			"`self.enabled` is set to `max_tokens > 0` (line 12). " +
			"`max_tokens` is set to `envs.SRV_MASK_TOKENS.get()` (line 10). " +
			"`max_tokens` comes from the environment variable `SRV_MASK_TOKENS` (default `0`, srv/environ.py:5).",
		Solutions: []string{
			"Start the process with the environment variable `SRV_MASK_TOKENS` set to a positive value (default `0`, declared at srv/environ.py:5).",
			"Or make sure `req.return_mask` is false when `Buffers.set_buf` runs (the check at line 39).",
			"Make sure every process of the deployment (each server, worker or node) is started with the same settings.",
		},
		ExampleFix: &errdex.ExampleFix{Before: "SRV_MASK_TOKENS=0   # the default", After: "SRV_MASK_TOKENS=1", Lang: "sh"},
		Situations: []string{
			"The process was started without `SRV_MASK_TOKENS`, so it has its default `0`.",
			"`Prefill.send` calls `Buffers.set_buf` (srv/prefill.py:61).",
			"A deployment started without the variable, so the default applies.",
			"A feature was enabled on one side of a multi-process setup but not on the other.",
		},
		Source: "static",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("explanation (-want +got):\n%s", diff)
	}
}

// TestSaysLess checks that a chain the rules cannot follow gives a
// dependency, not a made-up requirement, and no example fix.
// TestTriggerCallers checks that the sentence names the first caller and
// counts the others, so that one caller of many does not read as the only.
func TestTriggerCallers(t *testing.T) {
	tests := []struct {
		callers []errdex.Caller
		total   int
		want    string
	}{
		{want: "`Buffers.set_buf` raises"},
		{
			callers: []errdex.Caller{{Function: "Prefill.send", Path: "srv/prefill.py", Line: 61}},
			total:   1,
			want:    "`Buffers.set_buf` (called from `Prefill.send` at srv/prefill.py:61) raises",
		},
		{
			callers: []errdex.Caller{{Function: "Prefill.send", Path: "srv/prefill.py", Line: 61}, {Function: "Decode.recv", Path: "srv/decode.py", Line: 9}},
			total:   2,
			want:    "`Buffers.set_buf` (called from `Prefill.send` at srv/prefill.py:61 and 1 other function) raises",
		},
		{
			// The list holds the first few; the count all of them.
			callers: []errdex.Caller{{Function: "Prefill.send", Path: "srv/prefill.py", Line: 61}, {Function: "Decode.recv", Path: "srv/decode.py", Line: 9}},
			total:   12,
			want:    "`Buffers.set_buf` (called from `Prefill.send` at srv/prefill.py:61 and 11 other functions) raises",
		},
	}
	for _, tt := range tests {
		s := maskSite()
		s.Callers, s.Reach.Callers = tt.callers, tt.total
		if got := Site(s).Trigger; !strings.HasPrefix(got, tt.want) {
			t.Errorf("Trigger = %q; want it to start %q", got, tt.want)
		}
	}
}

func TestSaysLess(t *testing.T) {
	s := maskSite()
	s.Provenance[0].Text = "self.enabled = compute(max_tokens)"
	e := Site(s)
	if e.ExampleFix != nil {
		t.Errorf("example fix %+v from a value the rules cannot follow", e.ExampleFix)
	}
	want := "Check the environment variable `SRV_MASK_TOKENS` (default `0`, srv/environ.py:5): the condition at line 39 depends on it through `self.enabled` ← `max_tokens` ← `envs.SRV_MASK_TOKENS`."
	if e.Solutions[0] != want {
		t.Errorf("first solution %q, want %q", e.Solutions[0], want)
	}
	// A low-confidence family is not stated as the meaning, only hedged
	// when nothing more specific is known.
	s.Family.Confidence = 0.3
	s.Config = nil
	if e := Site(s); !strings.HasPrefix(e.Meaning, "This error most likely means that a setting") {
		t.Errorf("meaning %q states a low-confidence family without hedging", e.Meaning)
	}
}

// TestFallbacks checks that every explanation says what the error means
// and gives at least one solution, even from few facts.
func TestFallbacks(t *testing.T) {
	base := func() *errdex.Site {
		return &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "Error", Function: "Wave.setmark",
			Template: errdex.NewTemplate(errdex.Lit("marker ID must be > 0")), Location: errdex.Location{Span: span(9)},
			Family: &errdex.FamilyRef{Slug: "other"}}
	}
	tests := []struct {
		name          string
		edit          func(s *errdex.Site)
		meaning, sol0 string
	}{
		{
			name:    "a guard and no family",
			edit:    func(s *errdex.Site) { s.Guards = []errdex.Guard{{Condition: "id <= 0", Kind: "if", Line: 8}} },
			meaning: "This error means that `Wave.setmark` found `id <= 0` (line 8), a case it does not handle.",
			sol0:    "Make sure `id > 0` when `Wave.setmark` runs (the check at line 8).",
		},
		{
			name:    "a loop's guard and no family",
			edit:    func(s *errdex.Site) { s.Guards = []errdex.Guard{{Condition: "id <= 0", Kind: "while", Line: 8}} },
			meaning: "This error means that `Wave.setmark` found `id <= 0` (line 8), a case it does not handle.",
			sol0:    "Call `Wave.setmark` so that `id <= 0` does not hold (the check at line 8).",
		},
		{
			name: "an exception handled",
			edit: func(s *errdex.Site) {
				s.Guards = []errdex.Guard{{Condition: "KeyError", Kind: "except", Caught: "KeyError", Line: 8}}
			},
			meaning: "This error means that `Wave.setmark` failed with `KeyError` (handled at line 8) and reports it this way.",
			sol0:    "Find and fix the cause of the `KeyError` that `Wave.setmark` handles at line 8: this error reports it.",
		},
		{
			name:    "nothing but the site",
			edit:    func(s *errdex.Site) {},
			meaning: "This error means that `Wave.setmark` raises `Error` unconditionally once it is reached: the message is the code's own description of the failure.",
			sol0:    "Read `Wave.setmark` at srv/buffers.py:9: the code raises this error whenever it gets there, so the fix is in how it is reached (see the callers).",
		},
		{
			name:    "a family of low confidence",
			edit:    func(s *errdex.Site) { s.Family = &errdex.FamilyRef{Slug: "out-of-range", Confidence: 0.3} },
			meaning: "This error most likely means that a number or an index is outside the range the code accepts.",
			sol0:    "Pass a value within the bounds the check enforces.",
		},
		{
			name: "configuration alone does not say what it means",
			edit: func(s *errdex.Site) {
				s.Family = &errdex.FamilyRef{Slug: "missing-setting", Confidence: 0.3}
				s.Config = []errdex.ConfigRef{{Name: "WAVE_MARKERS", Kind: "env"}}
			},
			meaning: "This error most likely means that a setting the code depends on is missing, zero or turned off. The check depends on the environment variable `WAVE_MARKERS`.",
			sol0:    "Check the environment variable `WAVE_MARKERS`: the condition depends on it.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base()
			tt.edit(s)
			e := Site(s)
			if e.Meaning != tt.meaning {
				t.Errorf("meaning\n got %q\nwant %q", e.Meaning, tt.meaning)
			}
			if len(e.Solutions) == 0 || e.Solutions[0] != tt.sol0 {
				t.Errorf("solutions %q, want first %q", e.Solutions, tt.sol0)
			}
		})
	}
}

// TestGuardSolutions checks the solutions made from the checks on the
// way to a raise: the innermost first, whether or not the extractor gave
// it a structure, with the checks that only say an earlier branch was not
// taken after the others.
func TestGuardSolutions(t *testing.T) {
	tests := []struct {
		name   string
		lang   string
		guards []errdex.Guard
		want   []string
	}{
		{
			name: "a failed predicate call inside an else-if chain (net/url's parseHost)",
			lang: "go",
			guards: []errdex.Guard{
				{Condition: "openBracketIdx <= 0", Source: "openBracketIdx > 0", Negated: true, Kind: "elif", Line: 550, Subject: "openBracketIdx", Op: "<=", Value: "0"},
				{Condition: "openBracketIdx == 0", Source: "openBracketIdx == 0", Kind: "elif", Line: 552, Subject: "openBracketIdx", Op: "==", Value: "0"},
				{Condition: "!validOptionalPort(colonPort)", Source: "!validOptionalPort(colonPort)", Kind: "if", Line: 561},
			},
			want: []string{
				"Make sure `validOptionalPort(colonPort)` holds when `Wave.setmark` runs (the check at line 561).",
				"Or make sure `openBracketIdx != 0` when `Wave.setmark` runs (the check at line 552).",
			},
		},
		{
			name: "an else branch comes after the check that raises",
			lang: "python",
			guards: []errdex.Guard{
				{Condition: "not self.strict", Source: "self.strict", Negated: true, Kind: "else", Line: 4, Subject: "self.strict", Op: "falsy"},
				{Condition: "not os.path.isdir(path)", Source: "not os.path.isdir(path)", Kind: "if", Line: 7},
			},
			want: []string{
				"Make sure `os.path.isdir(path)` holds when `Wave.setmark` runs (the check at line 7).",
				"Or make sure `self.strict` is true when `Wave.setmark` runs (the check at line 4).",
			},
		},
		{
			name:   "a negated name",
			lang:   "go",
			guards: []errdex.Guard{{Condition: "!ok", Source: "!ok", Kind: "if", Line: 7}},
			want:   []string{"Make sure `ok` is true when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name:   "a comparison the extractor did not structure",
			lang:   "go",
			guards: []errdex.Guard{{Condition: "len(sep) >= maxInt/(len(s)-1)", Kind: "if", Line: 7}},
			want:   []string{"Make sure `len(sep) < maxInt/(len(s)-1)` when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name:   "a negated parenthesised conjunction loses its parentheses",
			lang:   "python",
			guards: []errdex.Guard{{Condition: "not (isinstance(d, int) and 0 <= d <= 9)", Kind: "if", Line: 7}},
			want:   []string{"Make sure `isinstance(d, int) and 0 <= d <= 9` holds when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name:   "a disjunction negated by De Morgan's laws",
			lang:   "go",
			guards: []errdex.Guard{{Condition: "!a || b || n > 3", Kind: "if", Line: 7}},
			want:   []string{"Make sure `a && !b && n <= 3` when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name:   "a Python conjunction negated by De Morgan's laws",
			lang:   "python",
			guards: []errdex.Guard{{Condition: "size is None or not strict", Kind: "if", Line: 7}},
			want:   []string{"Make sure `size is not None and strict` when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name: "an outer check in free form is left out",
			lang: "python",
			guards: []errdex.Guard{
				{Condition: "hasattr(req, 'redirect_dict')", Kind: "if", Line: 4},
				{Condition: "n >= self.max_repeats", Kind: "if", Line: 7, Subject: "n", Op: ">=", Value: "self.max_repeats"},
			},
			want: []string{"Make sure `n < self.max_repeats` when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name: "a check outside the except clause the raise is in",
			lang: "python",
			guards: []errdex.Guard{
				{Condition: "hasattr(self, \"_get_formatter\")", Kind: "if", Line: 5},
				{Condition: "TypeError", Kind: "except", Caught: "TypeError", Line: 8},
			},
			want: []string{"Find and fix the cause of the `TypeError` that `Wave.setmark` handles at line 8: this error reports it."},
		},
		{
			name: "a structured check outside the except clause",
			lang: "python",
			guards: []errdex.Guard{
				{Condition: "nargs is not None", Kind: "if", Line: 5, Subject: "nargs", Op: "is not", Value: "None"},
				{Condition: "TypeError", Kind: "except", Caught: "TypeError", Line: 8},
			},
			want: []string{"Make sure `nargs is None` when `Wave.setmark` runs (the check at line 5)."},
		},
		{
			name:   "operators of two precedences are not negated",
			lang:   "go",
			guards: []errdex.Guard{{Condition: "a && b || c", Kind: "if", Line: 7}},
			want:   []string{"Make sure `a && b || c` does not hold when `Wave.setmark` runs (the check at line 7)."},
		},
		{
			name:   "a negated method call through a pointer",
			lang:   "cpp",
			guards: []errdex.Guard{{Condition: "!this->stream->good()", Kind: "if", Line: 7}},
			want:   []string{"Make sure `this->stream->good()` holds when `Wave.setmark` runs (the check at line 7)."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &errdex.Site{Language: tt.lang, Kind: errdex.KindRaise, Function: "Wave.setmark",
				Template: errdex.NewTemplate(errdex.Lit("bad marker")), Location: errdex.Location{Span: span(9)},
				Guards: tt.guards}
			if diff := cmp.Diff(tt.want, Site(s).Solutions); diff != "" {
				t.Errorf("solutions (-want +got):\n%s", diff)
			}
		})
	}
}

func TestArgumentFix(t *testing.T) {
	s := &errdex.Site{
		Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "Client.set_timeout",
		Template:   errdex.NewTemplate(errdex.Lit("timeout must be positive")),
		Location:   errdex.Location{Span: span(8)},
		Guards:     []errdex.Guard{{Condition: "timeout <= 0", Source: "timeout <= 0", Kind: "if", Line: 7, Subject: "timeout", Op: "<=", Value: "0", Names: []string{"timeout"}}},
		Provenance: []errdex.Fact{{Name: "timeout", Kind: "param", Text: "timeout=30", Location: span(6)}},
	}
	want := &errdex.ExampleFix{Before: "set_timeout(timeout=0)", After: "set_timeout(timeout=1)", Lang: "python"}
	if diff := cmp.Diff(want, Site(s).ExampleFix); diff != "" {
		t.Errorf("example fix (-want +got):\n%s", diff)
	}
	// Reassigned before the check: the argument is not what is checked.
	s.Provenance = append(s.Provenance, errdex.Fact{Name: "timeout", Kind: "assign", Text: "timeout = timeout or 10", Location: span(7)})
	if fx := Site(s).ExampleFix; fx != nil {
		t.Errorf("example fix %+v for a reassigned parameter", fx)
	}
}

func TestGoSentinel(t *testing.T) {
	s := &errdex.Site{
		Language: "go", Kind: errdex.KindErrorsNew, Function: "store.init",
		Template: errdex.NewTemplate(errdex.Lit("record not found")),
		Location: errdex.Location{Span: errdex.Span{Path: "store/store.go", Line: 10}},
		Callers:  []errdex.Caller{{Function: "store.(*Store).Get", Path: "store/store.go", Line: 29}},
	}
	e := Site(s)
	want := "This error value is created once, when package `store` is initialised, and returned by `store.(*Store).Get` (line 29)."
	if e.Trigger != want {
		t.Errorf("trigger %q, want %q", e.Trigger, want)
	}
	if e.Meaning == "" || e.Source != Source {
		t.Errorf("explanation %+v", e)
	}
}

// TestDirectReadsOneSentence checks that settings read by the condition
// itself are named in one sentence, not one sentence each.
func TestDirectReadsOneSentence(t *testing.T) {
	s := &errdex.Site{
		Language: "python", Kind: errdex.KindRaise, Exception: "PlatformError",
		Template: errdex.NewTemplate(errdex.Lit("no compiler found")),
		Location: errdex.Location{Span: span(20)}, Function: "Compiler.initialize",
		Guards: []errdex.Guard{{Condition: `not ("SDK" in os.environ and "MSSDK" in os.environ)`, Source: `"SDK" in os.environ and "MSSDK" in os.environ`,
			Kind: "else", Line: 18, Negated: true}},
		Config: []errdex.ConfigRef{
			{Name: "SDK", Kind: "env", Location: span(18), Via: `"SDK" in os.environ`},
			{Name: "MSSDK", Kind: "env", Location: span(18), Via: `"MSSDK" in os.environ`},
		},
	}
	got := Site(s).Trigger
	want := "The condition reads the environment variable `SDK` (srv/buffers.py:18) and the environment variable `MSSDK` (srv/buffers.py:18)."
	if !strings.HasSuffix(got, want) || strings.Count(got, "The condition reads") != 1 {
		t.Errorf("trigger = %q\nwant it to end with %q, once", got, want)
	}
}

// TestBuildGuard checks that a Go file's build constraint reads as the
// builds that compile the site, not as a condition of the code, and that
// a constraint from the file name alone (line 0) names no line.
func TestBuildGuard(t *testing.T) {
	ifErr := errdex.Guard{Condition: "err != nil", Source: "err != nil", Kind: "if", Line: 12, Subject: "err", Op: "!=", Value: "nil", Names: []string{"err"}}
	plan9 := errdex.Guard{Condition: "plan9", Source: "//go:build plan9", Kind: "build", Line: 1}
	byName := errdex.Guard{Condition: "linux && amd64", Source: "file name zerrors_linux_amd64.go", Kind: "build"}
	v2 := errdex.Guard{Condition: "goexperiment.jsonv2", Source: "//go:build goexperiment.jsonv2", Kind: "build", Line: 5}
	tests := []struct {
		name string
		site *errdex.Site
		want string
	}{
		{"directive and a condition", &errdex.Site{
			Language: "go", Kind: errdex.KindErrorf, Function: "os.openFile",
			Template: errdex.NewTemplate(errdex.Lit("open failed")),
			Location: errdex.Location{Span: errdex.Span{Path: "os/file_plan9.go", Line: 13}},
			Guards:   []errdex.Guard{plan9, ifErr}, Build: "plan9",
		}, "`os.openFile` returns this error when `err != nil` (line 12), only in builds for `plan9` (`//go:build plan9`, line 1)."},
		{"file name alone", &errdex.Site{
			Language: "go", Kind: errdex.KindErrorMethod, Exception: "syscall.Errno", Function: "syscall.Errno.Error",
			Template: errdex.NewTemplate(errdex.Lit("no such file or directory")),
			Location: errdex.Location{Span: errdex.Span{Path: "syscall/zerrors_linux_amd64.go", Line: 1290}},
			Guards:   []errdex.Guard{byName}, Build: "linux && amd64",
		}, "`syscall.Errno.Error` formats this message only in builds for `linux && amd64` (file name `zerrors_linux_amd64.go`)."},
		{"sentinel", &errdex.Site{
			Language: "go", Kind: errdex.KindErrorsNew, Function: "json.init",
			Template: errdex.NewTemplate(errdex.Lit("json: unsupported value")),
			Location: errdex.Location{Span: errdex.Span{Path: "encoding/json/v2_encode.go", Line: 30}},
			Guards:   []errdex.Guard{v2}, Build: "goexperiment.jsonv2",
		}, "This error value is created once, when package `json` is initialised, only in builds for `goexperiment.jsonv2` (`//go:build goexperiment.jsonv2`, line 5)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := Site(tt.site)
			if e.Trigger != tt.want {
				t.Errorf("trigger\n got %q\nwant %q", e.Trigger, tt.want)
			}
			all := strings.Join(append([]string{e.Meaning, e.Trigger}, append(e.Solutions, e.Situations...)...), "\n")
			if strings.Contains(all, "line 0") {
				t.Errorf("explanation names line 0:\n%s", all)
			}
			for _, sol := range e.Solutions {
				if strings.Contains(sol, "go:build") || strings.Contains(sol, tt.site.Build) {
					t.Errorf("solution %q treats the build constraint as a condition to change", sol)
				}
			}
		})
	}
}

func TestExampleFixes(t *testing.T) {
	via := "LOG_LEVEL" + config.ViaSep + `os.environ.get("APP_LOG_LEVEL", "info")`
	tests := []struct {
		name string
		site *errdex.Site
		want *errdex.ExampleFix
	}{
		{
			name: "a setting with allowed values and a default among them",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "main",
				Template: errdex.NewTemplate(errdex.Lit("APP_LOG_LEVEL must be debug, info or warning")), Location: errdex.Location{Span: span(25)},
				Guards: []errdex.Guard{{Condition: `LOG_LEVEL not in ("debug", "info", "warning")`, Kind: "if", Line: 24,
					Subject: "LOG_LEVEL", Op: "not in", Value: `("debug", "info", "warning")`, Names: []string{"LOG_LEVEL"}}},
				Provenance: []errdex.Fact{{Name: "LOG_LEVEL", Kind: "constant", Text: `LOG_LEVEL = os.environ.get("APP_LOG_LEVEL", "info")`, Location: span(8)}},
				Config:     []errdex.ConfigRef{{Name: "APP_LOG_LEVEL", Kind: "env", Default: `"info"`, HasDefault: true, Location: span(8), Via: via}}},
			want: &errdex.ExampleFix{Before: "APP_LOG_LEVEL=<other>   # not debug, info or warning", After: "APP_LOG_LEVEL=info   # the default", Lang: "sh"},
		},
		{
			name: "a parameter without a default, from the def line",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "Error", Function: "Writer.setnchannels",
				Template: errdex.NewTemplate(errdex.Lit("bad # of channels")), Location: errdex.Location{Span: span(12)},
				Snippet: &errdex.Snippet{StartLine: 9, Lines: []string{"    def setnchannels(self, nchannels):", "        if self._written:", "            raise Error('too late')",
					"        if nchannels < 1:", "            raise Error('bad # of channels')"}},
				Guards: []errdex.Guard{{Condition: "nchannels < 1", Kind: "if", Line: 12, Subject: "nchannels", Op: "<", Value: "1", Names: []string{"nchannels"}}}},
			want: &errdex.ExampleFix{Before: "setnchannels(nchannels=0)", After: "setnchannels(nchannels=1)", Lang: "python"},
		},
		{
			name: "a parameter checked against allowed values, its default among them",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "open",
				Template: errdex.NewTemplate(errdex.Lit("bad mode")), Location: errdex.Location{Span: span(5)},
				Guards:     []errdex.Guard{{Condition: `mode not in ("r", "w")`, Kind: "if", Line: 4, Subject: "mode", Op: "not in", Value: `("r", "w")`}},
				Provenance: []errdex.Fact{{Name: "mode", Kind: "param", Text: `mode="w"`, Location: span(3)}}},
			want: &errdex.ExampleFix{Before: "open(mode=<other>)   # not r or w", After: `open(mode="w")`, Lang: "python"},
		},
		{
			name: "blank allowed values keep their quotes",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "set_delimiter",
				Template: errdex.NewTemplate(errdex.Lit("invalid delimiter")), Location: errdex.Location{Span: span(5)},
				Guards:     []errdex.Guard{{Condition: `delim not in ("=", " ")`, Kind: "if", Line: 4, Subject: "delim", Op: "not in", Value: `("=", " ")`}},
				Provenance: []errdex.Fact{{Name: "delim", Kind: "param", Text: `delim="="`, Location: span(3)}}},
			want: &errdex.ExampleFix{Before: `set_delimiter(delim=<other>)   # not = or " "`, After: `set_delimiter(delim="=")`, Lang: "python"},
		},
		{
			name: "an else branch: failing the guard leads into the earlier branch",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "Full", Function: "Queue.put",
				Template: errdex.NewTemplate(errdex.Lit("full")), Location: errdex.Location{Span: span(9)},
				Guards:     []errdex.Guard{{Condition: "timeout >= 0", Kind: "else", Negated: true, Line: 7, Subject: "timeout", Op: ">=", Value: "0"}},
				Provenance: []errdex.Fact{{Name: "timeout", Kind: "param", Text: "timeout=None", Location: span(3)}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Site(tt.site).ExampleFix); diff != "" {
				t.Errorf("example fix (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReachingDefinitions checks that an assignment that runs only under
// a condition reads as one that may set the value, with its condition,
// and that every definition reaching the site is said.
func TestReachingDefinitions(t *testing.T) {
	site := func(prov ...errdex.Fact) *errdex.Site {
		return &errdex.Site{
			Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "f",
			Template: errdex.NewTemplate(errdex.Lit("x too big")), Location: errdex.Location{Span: span(59)},
			Guards:     []errdex.Guard{{Condition: "x > 3", Source: "x > 3", Kind: "if", Line: 58, Subject: "x", Op: ">", Value: "3", Names: []string{"x"}}},
			Provenance: prov,
		}
	}
	tests := []struct {
		name string
		site *errdex.Site
		want string
	}{
		{"parameter and conditional", site(
			errdex.Fact{Name: "x", Kind: "param", Text: "x=None", Location: span(55)},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 5", Location: span(57), Condition: "x is None"},
		), "`x` is a parameter with default `None` (line 55). `x` may be set to `5` (line 57, when `x is None`)."},
		{"parameter without default", site(
			errdex.Fact{Name: "x", Kind: "param", Text: "x", Location: span(55)},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 0", Location: span(57), Condition: "x < 0"},
		), "`x` is a parameter (line 55). `x` may be set to `0` (line 57, when `x < 0`)."},
		{"unconditional then conditional", site(
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = s[end:end + 1]", Location: span(47)},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = s[end:end + 1]", Location: span(52), Condition: "x in _ws"},
		), "`x` is set to `s[end:end + 1]` (line 47). `x` may be set to `s[end:end + 1]` (line 52, when `x in _ws`)."},
		{"a loop and a handler", site(
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = item", Location: span(50), Condition: "for item in items"},
			errdex.Fact{Name: "x", Kind: "assign", Text: `x = ""`, Location: span(53), Condition: "except IndexError"},
		), "`x` may be set to `item` (line 50, in the loop `for item in items`). `x` may be set to `\"\"` (line 53, when `IndexError` is caught)."},
		{"a loop's else clause", site(
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 1", Location: span(50)},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = None", Location: span(54), Condition: "for m in mods: no break"},
		), "`x` is set to `1` (line 50). `x` may be set to `None` (line 54, when the loop over `mods` ended without a break)."},
		{"at most three per name", site(
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 1", Location: span(50)},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 2", Location: span(51), Condition: "a"},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 3", Location: span(52), Condition: "b"},
			errdex.Fact{Name: "x", Kind: "assign", Text: "x = 4", Location: span(53), Condition: "c"},
		), "`x` is set to `1` (line 50). `x` may be set to `2` (line 51, when `a`). `x` may be set to `3` (line 52, when `b`)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Site(tt.site).Trigger
			if !strings.HasSuffix(got, ". "+tt.want) {
				t.Errorf("trigger\n got %q\nwant it to end with %q", got, tt.want)
			}
		})
	}
}

// TestLoopElseGuard checks that the guard of a loop's else clause reads
// as how the loop ended.
func TestLoopElseGuard(t *testing.T) {
	tests := []struct {
		cond, want string
	}{
		{"for item in items: no break", "the loop over `items` ended without a break (line 7)"},
		{"for k, v in self.table.items(): no return", "the loop over `self.table.items()` ended without returning (line 7)"},
		{"not (i < n)", "the `while` loop ended with `not (i < n)` (line 7)"},
	}
	for _, tt := range tests {
		s := &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "LookupError", Function: "find",
			Template: errdex.NewTemplate(errdex.Lit("not found")), Location: errdex.Location{Span: span(10)},
			Guards: []errdex.Guard{{Condition: tt.cond, Kind: "loop-else", Line: 7}}}
		want := "`find` raises `LookupError` when " + tt.want + "."
		if got := Site(s).Trigger; got != want {
			t.Errorf("trigger\n got %q\nwant %q", got, want)
		}
	}
}

// TestSettingSolutions checks that solutions naming a site's own setting
// replace the family's generic step asking for "the setting", and that
// the step stays when the site names none.
func TestSettingSolutions(t *testing.T) {
	setting := &errdex.FamilyRef{Slug: "missing-setting", Name: "Missing or disabled setting", Confidence: 0.9}
	generic := family.Lookup("missing-setting").Playbook[0]
	tests := []struct {
		name        string
		site        *errdex.Site
		first       string // the first solution holds this
		wantGeneric bool
	}{
		{
			name: "an environment lookup",
			site: &errdex.Site{Language: "python", Kind: errdex.KindEnvLookup, Exception: "KeyError", Function: "database_url", Family: setting,
				Template: errdex.NewTemplate(errdex.Lit("'APP_DATABASE_URL'")), Location: errdex.Location{Span: span(6)},
				Config: []errdex.ConfigRef{{Name: "APP_DATABASE_URL", Kind: "env", Location: span(6)}}},
			first: "Set the environment variable `APP_DATABASE_URL` before the process starts",
		},
		{
			name: "a guard on a setting read from the environment",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "RuntimeError", Function: "start", Family: setting,
				Template: errdex.NewTemplate(errdex.Lit("workers are disabled")), Location: errdex.Location{Span: span(12)},
				Guards: []errdex.Guard{{Condition: "not WORKERS", Kind: "if", Line: 11, Subject: "WORKERS", Op: "falsy", Names: []string{"WORKERS"}}},
				Config: []errdex.ConfigRef{{Name: "APP_WORKERS", Kind: "env", Location: span(3),
					Via: "WORKERS" + config.ViaSep + `os.environ.get("APP_WORKERS")`}},
				Provenance: []errdex.Fact{{Name: "WORKERS", Kind: "constant", Text: `WORKERS = os.environ.get("APP_WORKERS")`, Location: span(3)}}},
			first: "`APP_WORKERS`",
		},
		{
			name: "no setting named",
			site: &errdex.Site{Language: "python", Kind: errdex.KindRaise, Exception: "RuntimeError", Function: "start", Family: setting,
				Template: errdex.NewTemplate(errdex.Lit("the feature is off")), Location: errdex.Location{Span: span(12)}},
			first:       generic,
			wantGeneric: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sols := Site(tt.site).Solutions
			if len(sols) == 0 || !strings.Contains(sols[0], tt.first) {
				t.Fatalf("solutions %q: want the first to hold %q", sols, tt.first)
			}
			if got := slices.Contains(sols, generic); got != tt.wantGeneric {
				t.Errorf("solutions %q: the generic %q present %v, want %v", sols, generic, got, tt.wantGeneric)
			}
			if !slices.Contains(sols, family.Lookup("missing-setting").Playbook[1]) {
				t.Errorf("solutions %q: want the family's other steps kept", sols)
			}
		})
	}
}
