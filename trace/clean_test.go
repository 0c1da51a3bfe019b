package trace

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClean(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want LogLine
	}{
		{"plain", "ValueError: bad value", LogLine{Text: "ValueError: bad value"}},
		{"keeps indentation", "  File \"/x.py\", line 3, in f", LogLine{Text: "  File \"/x.py\", line 3, in f"}},
		{"python default asctime", "2024-05-01 12:00:00,123 ERROR [uvicorn.error] Exception in ASGI application",
			LogLine{Text: "Exception in ASGI application", Time: "2024-05-01 12:00:00,123", Level: "ERROR", Logger: "uvicorn.error"}},
		{"name - level - message", "2024-05-01 12:00:00,407 - ingest - ERROR - bad date in batch",
			LogLine{Text: "bad date in batch", Time: "2024-05-01 12:00:00,407", Level: "ERROR", Logger: "ingest"}},
		{"basicConfig", "ERROR:myapp.worker:copy failed", LogLine{Text: "copy failed", Level: "ERROR", Logger: "myapp.worker", Language: Python}},
		{"basicConfig root", "WARNING:root:retrying in 5 seconds", LogLine{Text: "retrying in 5 seconds", Level: "WARNING", Logger: "root", Language: Python}},
		{"uvicorn levelprefix", "ERROR:    Exception in ASGI application", LogLine{Text: "Exception in ASGI application", Level: "ERROR"}},
		{"go log", "2024/05/01 12:00:00 open x: no such file or directory",
			LogLine{Text: "open x: no such file or directory", Time: "2024/05/01 12:00:00", Language: Go}},
		{"go log: a lower-case level word starting the message", "2024/05/01 12:00:00 error parsing regexp: missing closing )",
			LogLine{Text: "error parsing regexp: missing closing )", Time: "2024/05/01 12:00:00", Language: Go}},
		{"go log: a word and a level word", "2024/05/01 12:00:00 syntax error in pattern",
			LogLine{Text: "syntax error in pattern", Time: "2024/05/01 12:00:00", Language: Go}},
		{"lower-case level field: tab", "2024-05-01T12:00:00.000Z\terror\tconnection reset",
			LogLine{Text: "connection reset", Time: "2024-05-01T12:00:00.000Z", Level: "ERROR"}},
		{"lower-case level field: colon", "2024-05-01 12:00:00 error: connection reset",
			LogLine{Text: "connection reset", Time: "2024-05-01 12:00:00", Level: "ERROR"}},
		{"logger and lower-case level field", "2024-05-01 12:00:00 app.db warn - pool exhausted",
			LogLine{Text: "pool exhausted", Time: "2024-05-01 12:00:00", Level: "WARNING", Logger: "app.db"}},
		{"go log microseconds caller", "2024/05/01 12:00:00.123456 main.go:12: startup: boom",
			LogLine{Text: "startup: boom", Time: "2024/05/01 12:00:00.123456", Language: Go}},
		{"iso with zone, docker timestamps", "2024-05-01T12:00:00.123456789Z Traceback (most recent call last):",
			LogLine{Text: "Traceback (most recent call last):", Time: "2024-05-01T12:00:00.123456789Z"}},
		{"timestamp then indentation kept", "2024-05-01T12:00:00Z   File \"/x.py\", line 3, in f",
			LogLine{Text: "  File \"/x.py\", line 3, in f", Time: "2024-05-01T12:00:00Z"}},
		{"spring boot", "2024-05-01T12:00:00.123+02:00 ERROR 4242 --- [           main] o.s.boot.SpringApplication               : Application run failed",
			LogLine{Text: "Application run failed", Time: "2024-05-01T12:00:00.123+02:00", Level: "ERROR", Logger: "o.s.boot.SpringApplication"}},
		{"logback", "12:00:00.123 [main] ERROR com.example.App - connection refused",
			LogLine{Text: "connection refused", Time: "12:00:00.123", Level: "ERROR", Logger: "main"}},
		{"zap tabs", "2024-05-01T12:00:00.000Z\tERROR\tserver/main.go:42\tlisten failed",
			LogLine{Text: "listen failed", Time: "2024-05-01T12:00:00.000Z", Level: "ERROR"}},
		{"gunicorn", "[2024-05-01 12:00:00 +0000] [4242] [ERROR] Exception in worker process",
			LogLine{Text: "Exception in worker process", Time: "2024-05-01 12:00:00 +0000", Level: "ERROR"}},
		{"bracketed level first", "[ERROR] something failed", LogLine{Text: "something failed", Level: "ERROR"}},
		{"upper level first", "WARNING retrying", LogLine{Text: "retrying", Level: "WARNING"}},
		{"mixed-case Error is a message", "Error: could not start server", LogLine{Text: "Error: could not start server"}},
		{"ERROR alone keeps type", "ERROR ValueError: x", LogLine{Text: "ValueError: x", Level: "ERROR"}},
		{"celery", "[2024-05-01 12:00:00,123: ERROR/ForkPoolWorker-1] Task app.parse[3f1c] raised unexpected: KeyError(1)",
			LogLine{Text: "Task app.parse[3f1c] raised unexpected: KeyError(1)", Time: "2024-05-01 12:00:00,123", Level: "ERROR", Logger: "ForkPoolWorker-1"}},
		{"journald", "May 01 12:00:00 host app[4242]:   File \"/x.py\", line 3, in f",
			LogLine{Text: "  File \"/x.py\", line 3, in f", Time: "May", Logger: "app"}},
		{"syslog iso", "2024-05-01T12:00:00+0000 web01 gunicorn[991]: boom", LogLine{Text: "boom", Time: "2024-05-01T12:00:00+0000", Logger: "gunicorn"}},
		{"docker compose", "web-1  | Traceback (most recent call last):", LogLine{Text: "Traceback (most recent call last):", Logger: "web-1"}},
		{"docker compose padded", "db    | FATAL:  password authentication failed", LogLine{Text: "password authentication failed", Level: "FATAL", Logger: "db"}},
		{"npm 9", "npm ERR! enoent ENOENT: no such file or directory, open '/x/package.json'", LogLine{Text: "enoent ENOENT: no such file or directory, open '/x/package.json'", Level: "ERROR", Logger: "npm"}},
		{"npm 10", "npm error 404 Not Found - GET https://r.example/leftpad - Not found", LogLine{Text: "404 Not Found - GET https://r.example/leftpad - Not found", Level: "ERROR", Logger: "npm"}},
		{"npm without a level", "npm install failed", LogLine{Text: "npm install failed"}},
		{"docker buildkit", "#8 0.532 Traceback (most recent call last):", LogLine{Text: "Traceback (most recent call last):"}},
		{"docker buildkit step only", "#8 DONE 0.5s", LogLine{Text: "#8 DONE 0.5s"}},
		{"hash then number", "#12 is not 1.5", LogLine{Text: "#12 is not 1.5"}},
		{"pipe in message is kept", "a | b", LogLine{Text: "a | b"}},
		{"kubectl prefix", "[pod/api-7d9/api] ValueError: x", LogLine{Text: "ValueError: x", Logger: "pod/api-7d9/api"}},
		{"glog", "E0501 12:00:00.123456    1234 server.go:42] listen tcp :80: bind: permission denied",
			LogLine{Text: "listen tcp :80: bind: permission denied", Time: "12:00:00.123456", Level: "ERROR"}},
		{"java util logging", "May 01, 2024 4:32:31 PM demo.Logged main", LogLine{Text: "demo.Logged main", Time: "May 01, 2024 4:32:31 PM"}},
		{"ansi colours", "\x1b[31;1mERROR\x1b[0m - bad", LogLine{Text: "bad", Level: "ERROR"}},
		{"ansi in text", "\x1b[1mValueError\x1b[0m: \x1b[35mbad\x1b[0m", LogLine{Text: "ValueError: bad"}},
		{"osc hyperlink", "see \x1b]8;;http://x\x07link\x1b]8;;\x07 now", LogLine{Text: "see link now"}},
		{"unterminated csi", "oops \x1b[31", LogLine{Text: "oops"}},
		{"lone escape", "oops \x1b", LogLine{Text: "oops"}},
		{"written-out escapes", `\x1b[31mValueError\x1b[0m: bad`, LogLine{Text: "ValueError: bad"}},
		{"caret escapes", `^[[31mValueError^[[0m: bad`, LogLine{Text: "ValueError: bad"}},
		{"bare sgr with reset", "[31mValueError[0m: bad", LogLine{Text: "ValueError: bad"}},
		{"promql brackets kept", "rate(x[5m]) failed", LogLine{Text: "rate(x[5m]) failed"}},
		{"carriage return overwrite", "progress 10%\rprogress 100%\r", LogLine{Text: "progress 100%"}},
		{"crlf", "ValueError: x\r", LogLine{Text: "ValueError: x"}},
		{"NUL and controls", "Value\x00Error\x07: x", LogLine{Text: "ValueError: x"}},
		{"invalid utf8", "bad \xff\xfe byte", LogLine{Text: "bad \uFFFD byte"}},
		{"pytest E line untouched", "E       ValueError: x", LogLine{Text: "E       ValueError: x"}},
		{"timestamp only", "2024-05-01 12:00:00", LogLine{Time: "2024-05-01 12:00:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clean(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Clean(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if CleanLine(tt.in) != got.Text {
				t.Errorf("CleanLine(%q) = %q, want %q", tt.in, CleanLine(tt.in), got.Text)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	in := "\n2024-05-01 12:00:00,123 ERROR [app] failed\r\nTraceback (most recent call last):\r\n  File \"/x.py\", line 1, in <module>\r\n\x1b[31mValueError\x1b[0m: x\r\n\n"
	want := "failed\nTraceback (most recent call last):\n  File \"/x.py\", line 1, in <module>\nValueError: x"
	if got := Normalize(in); got != want {
		t.Errorf("Normalize mismatch (-want +got):\n%s", cmp.Diff(want, got))
	}
}

// TestStripANSILinear checks that pathological lines are cleaned: many
// backspaces, brackets and escapes in one long line.
func TestStripANSIPathological(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("a\b", 100000),
		strings.Repeat("[", 200000) + "[0m",
		strings.Repeat("\x1b[", 100000),
		strings.Repeat("\x1b]", 100000),
	} {
		out := StripANSI(s)
		if strings.ContainsRune(out, 0x1b) || strings.ContainsRune(out, '\b') {
			t.Errorf("StripANSI left control characters in a %d-byte line", len(s))
		}
	}
}
