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
	f, err := os.Open(filepath.Join("..", "testdata", "devset", "python.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type expect struct {
		PathSuffix string `json:"path_suffix"`
		Line       int    `json:"line"`
		Function   string `json:"function"`
	}
	type devCase struct {
		ID     string  `json:"id"`
		Form   string  `json:"form"`
		Query  string  `json:"query"`
		Expect *expect `json:"expect"`
	}
	var typeMessage = map[string]string{} // case → its "Type: message" query
	var cases []devCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c devCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
		if c.Form == "type-message" {
			typeMessage[strings.TrimSuffix(c.ID, "/type-message")] = c.Query
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
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
