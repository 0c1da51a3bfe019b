package trace

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStructuredRecords checks which lines are read as structured log
// records (logfmt pairs, a message followed by JSON fields) and what they
// yield: the loose candidates (text and level), or the exceptions of a
// trace held in a field.
func TestStructuredRecords(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		loose []Candidate // Text and Level compared
		types []string    // exception types, when a field holds a trace
	}{
		{
			name: "logrus without a terminal",
			in:   `time="2025-03-14T09:26:53Z" level=error msg="failed to start server" error="listen tcp :8080: bind: address already in use"`,
			loose: []Candidate{
				{Text: "failed to start server", Level: "ERROR"},
				{Text: "listen tcp :8080: bind: address already in use", Level: "ERROR"},
			},
		},
		{
			name: "logrus on a terminal",
			in:   "ERRO[0000] failed to start server                        error=\"listen tcp :8080: bind: address already in use\"",
			loose: []Candidate{
				{Text: "failed to start server", Level: "ERROR"},
				{Text: "listen tcp :8080: bind: address already in use", Level: "ERROR"},
			},
		},
		{
			name:  "a traceback in a field",
			in:    `level=error msg="job failed" exc_info="Traceback (most recent call last):\n  File \"/app/job.py\", line 3, in run\n    int(x)\nValueError: invalid literal for int() with base 10: 'x'"`,
			types: []string{"ValueError"},
		},
		{
			name: "zap's console encoder",
			in:   "2025-03-14T09:26:53.000Z\tERROR\tapp/main.go:42\tfailed to load config\t{\"error\": \"open /etc/app.toml: no such file or directory\", \"attempt\": 2}",
			loose: []Candidate{
				{Text: "failed to load config", Level: "ERROR"},
				{Text: "open /etc/app.toml: no such file or directory", Level: "ERROR"},
			},
		},
		{
			name:  "JSON in a message",
			in:    `ValueError: bad value {"a": 1}`,
			loose: []Candidate{{Text: `ValueError: bad value {"a": 1}`}},
		},
		{
			name:  "prose with pairs in it",
			in:    "ValueError: invalid config a=1 b=2",
			loose: []Candidate{{Text: "ValueError: invalid config a=1 b=2"}},
		},
		{
			name:  "one pair",
			in:    "connection closed state=CLOSED",
			loose: []Candidate{{Text: "connection closed state=CLOSED"}},
		},
		{
			name:  "a comparison",
			in:    "expected x == 1 at step=2 msg=none",
			loose: []Candidate{{Text: "expected x == 1 at step=2 msg=none"}},
		},
		{
			name:  "pairs without a message field",
			in:    "retrying host=db port=5432",
			loose: []Candidate{{Text: "retrying host=db port=5432"}},
		},
		{
			name:  "a key that is no identifier",
			in:    `msg="x" 'quoted=1`,
			loose: []Candidate{{Text: `msg="x" 'quoted=1`}},
		},
		{
			name:  "an unterminated value",
			in:    `level=error msg="cut off`,
			loose: []Candidate{{Text: `level=error msg="cut off`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var types []string
			for _, e := range rep.Exceptions {
				types = append(types, e.Type)
			}
			if diff := cmp.Diff(tt.types, types); diff != "" {
				t.Errorf("exception types (-want +got):\n%s", diff)
			}
			var loose []Candidate
			for _, c := range rep.Loose {
				loose = append(loose, Candidate{Text: c.Text, Level: c.Level})
			}
			if len(rep.Exceptions) > 0 {
				loose = nil
			}
			if diff := cmp.Diff(tt.loose, loose); diff != "" {
				t.Errorf("loose candidates (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPyRepr checks the reading of a Python exception's repr in a log line.
func TestPyRepr(t *testing.T) {
	tests := []struct {
		line string
		want Candidate
		ok   bool
	}{
		{"Task app.parse[3f1c] raised unexpected: JSONDecodeError('Expecting value: line 1 column 1 (char 0)')",
			Candidate{Type: "JSONDecodeError", Message: "Expecting value: line 1 column 1 (char 0)", Language: Python}, true},
		{`worker died: ValueError("mode must be 'r' or 'w'")`,
			Candidate{Type: "ValueError", Message: "mode must be 'r' or 'w'", Language: Python}, true},
		{`failed: ValueError('a\'b\\c\n\x41\u00e9')`,
			Candidate{Type: "ValueError", Message: "a'b\\c\nAé", Language: Python}, true},
		{"lookup failed: KeyError('HOME')",
			Candidate{Type: "KeyError", Message: "'HOME'", Language: Python}, true},
		{"exception=asyncio.exceptions.CancelledError()",
			Candidate{Type: "asyncio.exceptions.CancelledError", Language: Python}, true},
		{"skipping int('x') and then TimeoutError('late')",
			Candidate{Type: "TimeoutError", Message: "late", Language: Python}, true},
		{"OSError(2, 'No such file or directory')", Candidate{}, false},
		{"call print('x') twice", Candidate{}, false},
		{"ValueError('unterminated", Candidate{}, false},
		{`ValueError('\q')`, Candidate{}, false},
		{"", Candidate{}, false},
	}
	for _, tt := range tests {
		if tt.ok {
			tt.want.Text = tt.line // the candidate's text is its line
		}
		got, ok := pyReprCandidate(tt.line)
		if ok != tt.ok || got != tt.want {
			t.Errorf("pyReprCandidate(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGoErrorStack checks the reading of a Go error printed with its
// recorded stack ("%+v" of github.com/pkg/errors).
func TestGoErrorStack(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		msg    string // "" when no exception is expected
		frames int
	}{
		{"a message then its stack", "boom\nmain.main\n\t/app/main.go:20\nruntime.main\n\t/usr/local/go/src/runtime/proc.go:290", "boom", 2},
		{"a wrap's message before the stack", "open x: no such file\nload config\ngithub.com/acme/app.(*Loader).Load\n\t/app/load.go:14 +0x1d", "open x: no such file\nload config", 1},
		{"two stacks keep the first", "boom\nmain.f\n\t/app/f.go:3\nretry\nmain.main\n\t/app/main.go:9", "boom\nretry", 1},
		{"a location that is not Go", "boom\nmain.main\n\t/app/main.py:20", "", 0},
		{"a function name with spaces", "boom\nin main\n\t/app/main.go:20", "", 0},
		{"a stack without a message", "main.main\n\t/app/main.go:20", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if tt.msg == "" {
				if len(rep.Exceptions) > 0 {
					t.Fatalf("exceptions %+v, want none", rep.Exceptions)
				}
				return
			}
			if len(rep.Exceptions) != 1 {
				t.Fatalf("%d exceptions, want 1: %+v", len(rep.Exceptions), rep.Exceptions)
			}
			e := rep.Exceptions[0]
			if e.Message != tt.msg || len(e.Frames) != tt.frames || e.Language != Go {
				t.Errorf("got %q with %d frames (%s), want %q with %d (go)", e.Message, len(e.Frames), e.Language, tt.msg, tt.frames)
			}
		})
	}
}

// TestCppWrappedPrefix: a Boost wrapper's name before a message, as
// copied from a terminate report, gives the class it wraps.
func TestCppWrappedPrefix(t *testing.T) {
	tests := []struct {
		in, typ, msg string
		ok           bool
	}{
		{"boost::wrapexcept<boost::property_tree::info_parser::info_parser_error>: <unspecified file>(2): unmatched {",
			"boost::property_tree::info_parser::info_parser_error", "<unspecified file>(2): unmatched {", true},
		{"boost::wrapexcept<std::out_of_range>", "std::out_of_range", "", true},
		{"boost::wrapexcept<a<b>>x: y", "", "", false},
		{"boost::wrapexcept<unclosed: y", "", "", false},
		{"std::out_of_range: vector", "", "", false},
	}
	for _, tt := range tests {
		typ, msg, ok := cppWrappedPrefix(tt.in)
		if typ != tt.typ || msg != tt.msg || ok != tt.ok {
			t.Errorf("cppWrappedPrefix(%q) = %q, %q, %v; want %q, %q, %v", tt.in, typ, msg, ok, tt.typ, tt.msg, tt.ok)
		}
	}
}
