package trace

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDevset parses every query of the Python development set
// (testdata/devset/python.jsonl at the repository root, real tracebacks of
// the standard library): a whole traceback must yield the printed type and
// message and, when the case expects a site, an innermost frame at the
// expected path and line; a "Type: message" query must yield one loose
// candidate with that type and message.
func TestDevset(t *testing.T) {
	cases, typeMessage := readDevset(t, "python.jsonl", "type-message")
	if len(cases) < 900 {
		t.Fatalf("%d devset queries, want the committed 900+", len(cases))
	}
	for _, c := range cases {
		name := strings.TrimSuffix(c.ID, "/"+c.Form)
		tm := typeMessage[name]
		typ, msg, ok := strings.Cut(tm, ": ")
		if !ok || strings.Contains(typ, "\n") {
			typ, msg = tm, ""
		}
		rep, err := Parse(c.Query)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		switch c.Form {
		case "traceback":
			e := rep.Primary()
			if e == nil {
				t.Errorf("%s: no exception", c.ID)
				continue
			}
			if e.Type != typ || e.Message != msg {
				t.Errorf("%s: got %q: %q, want %q: %q", c.ID, e.Type, e.Message, typ, msg)
			}
			if c.Expect == nil {
				continue
			}
			fr, ok := e.Innermost()
			path := fr.Path
			if strings.HasPrefix(path, "<frozen ") {
				path = strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(path, "<frozen "), ">"), ".", "/") + ".py"
			}
			if !ok || !strings.HasSuffix(path, c.Expect.PathSuffix) || fr.Line != c.Expect.Line || fr.Function != c.Expect.Function {
				t.Errorf("%s: innermost frame %+v, want %+v", c.ID, fr, *c.Expect)
			}
		case "type-message":
			if len(rep.Loose) != 1 || rep.Loose[0].Type != typ || rep.Loose[0].Message != msg {
				t.Errorf("%s: loose %+v, want one candidate %q: %q", c.ID, rep.Loose, typ, msg)
			}
		case "message":
			if len(rep.Exceptions) != 0 && !strings.Contains(msg, "Traceback") {
				t.Errorf("%s: a bare message parsed as exceptions: %+v", c.ID, rep.Exceptions)
			}
		}
	}
}

// TestDevsetGo parses every query of the Go development set
// (testdata/devset/go.jsonl, real output of programs failing in Go's
// standard library): a log line must yield one candidate, with the
// timestamp gone, that reads as the case's bare message; a panic must
// yield one exception whose message is the bare message and whose stack
// has frames in .go files, the first the panicking function's.
func TestDevsetGo(t *testing.T) {
	cases, messages := readDevset(t, "go.jsonl", "message")
	if len(cases) < 600 {
		t.Fatalf("%d devset queries, want the committed 600+", len(cases))
	}
	for _, c := range cases {
		msg := messages[strings.TrimSuffix(c.ID, "/"+c.Form)]
		rep, err := Parse(c.Query)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		switch c.Form {
		case "log":
			if strings.Contains(msg, "\n") {
				continue // a multi-line message is several log lines
			}
			if len(rep.Loose) != 1 {
				t.Errorf("%s: %d loose candidates, want 1: %+v", c.ID, len(rep.Loose), rep.Loose)
				continue
			}
			got := rep.Loose[0].Message
			if typ := rep.Loose[0].Type; typ != "" {
				got = typ + ": " + got
			}
			if got != msg {
				t.Errorf("%s: log line read as %q, want %q", c.ID, got, msg)
			}
		case "panic":
			e := rep.Primary()
			if e == nil {
				t.Errorf("%s: no exception", c.ID)
				continue
			}
			if e.Message != msg {
				t.Errorf("%s: panic message %q, want %q", c.ID, e.Message, msg)
			}
			if len(e.Frames) == 0 {
				t.Errorf("%s: no frames", c.ID)
			}
			for _, fr := range e.Frames {
				if !strings.HasSuffix(fr.Path, ".go") && !strings.HasSuffix(fr.Path, ".s") || fr.Line < 1 || fr.Function == "" {
					t.Errorf("%s: frame %+v", c.ID, fr)
					break
				}
			}
		}
	}
}

// devCase is one query of a development set (testdata/devset).
type devCase struct {
	ID     string `json:"id"`
	Form   string `json:"form"`
	Query  string `json:"query"`
	Expect *struct {
		PathSuffix string `json:"path_suffix"`
		Line       int    `json:"line"`
		Function   string `json:"function"`
	} `json:"expect"`
}

// readDevset reads testdata/devset/name at the repository root, and maps
// each case (its id without the form) to its query of the given form.
func readDevset(t *testing.T, name, form string) ([]devCase, map[string]string) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "devset", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []devCase
	byCase := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c devCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
		if c.Form == form {
			byCase[strings.TrimSuffix(c.ID, "/"+form)] = c.Query
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases, byCase
}
