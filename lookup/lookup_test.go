package lookup

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/match"
	"github.com/errdex/errdex/store/sqlite"
	"github.com/errdex/errdex/trace"
)

// newService stores a few sites of the Python standard library in a real
// SQLite store and builds the lookup service over it.
func newService(t *testing.T) *Service {
	t.Helper()
	ctx := context.Background()
	st := openStore(t)
	hole := func(name string, typ errdex.HoleType) errdex.Part { return errdex.HolePart(name, name, typ) }
	site := func(id, path string, line int, fn, exc string, parts ...errdex.Part) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "cpython", Rev: "v3.11.7", Language: "python", Kind: errdex.KindRaise,
			Exception: exc, Function: fn,
			Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, EndLine: line}},
			Template: errdex.NewTemplate(parts...)}
	}
	sites := []*errdex.Site{
		site("a0000000000000b1", "Lib/posixpath.py", 531, "commonpath", "ValueError", errdex.Lit("commonpath() arg is an empty sequence")),
		site("a0000000000000b2", "Lib/ntpath.py", 801, "commonpath", "ValueError", errdex.Lit("commonpath() arg is an empty sequence")),
		site("a0000000000000a1", "Lib/logging/config.py", 580, "DictConfigurator.configure", "ValueError",
			errdex.Lit("Unable to configure handler "), hole("name", errdex.HoleRepr)),
		site("a0000000000000a2", "Lib/logging/config.py", 407, "BaseConfigurator.resolve", "ValueError",
			errdex.Lit("Cannot resolve "), hole("s", errdex.HoleRepr), errdex.Lit(": "), hole("e", errdex.HoleError)),
		site("a0000000000000a3", "Lib/importlib/_bootstrap.py", 1140, "_find_and_load_unlocked", "ModuleNotFoundError",
			errdex.Lit("No module named "), hole("name", errdex.HoleRepr)),
		site("a0000000000000a4", "Lib/encodings/idna.py", 163, "Codec.encode", "UnicodeError",
			errdex.Lit("label empty or too long")),
		site("a0000000000000a5", "Lib/zipfile.py", 1336, "ZipFile._RealGetContents", "BadZipFile",
			errdex.Lit("File is not a zip file")),
		// unittest: assertEqual's one-line message, and the one
		// assertMultiLineEqual passes to fail() with a diff after it.
		site("a0000000000000d1", "Lib/unittest/case.py", 866, "TestCase._baseAssertEqual", "AssertionError",
			hole("first", errdex.HoleStr), errdex.Lit(" != "), hole("second", errdex.HoleStr)),
		site("a0000000000000d2", "Lib/unittest/case.py", 703, "TestCase.fail", "AssertionError",
			hole("first", errdex.HoleStr), errdex.Lit(" != "), hole("second", errdex.HoleStr), errdex.Lit("\n"), hole("diff", errdex.HoleStr)),
		// PyYAML's marked error: a template of four lines, and a short
		// template elsewhere that one of them fits.
		site("a0000000000000e1", "yaml/parser.py", 483, "Parser.parse_flow_sequence_entry", "ParserError",
			errdex.Lit("while parsing a flow sequence\n"), hole("context_mark", errdex.HoleStr),
			errdex.Lit("\nexpected ',' or ']', but got "), hole("id", errdex.HoleRepr), errdex.Lit("\n"), hole("problem_mark", errdex.HoleStr)),
		site("a0000000000000e2", "babel/plural.py", 441, "_Parser.expect", "RuleError",
			errdex.Lit("expected "), hole("term", errdex.HoleStr), errdex.Lit(" but got "), hole("value", errdex.HoleRepr)),
		// js-yaml: the headline's site, and a generic one that reads the
		// excerpt after it as holes.
		site("a0000000000000e3", "dist/js-yaml.js", 2515, "readBlockMapping", "YAMLException",
			errdex.Lit("bad indentation of a mapping entry ("), hole("line", errdex.HoleInt), errdex.Lit(":"), hole("column", errdex.HoleInt), errdex.Lit(")")),
		site("a0000000000000e4", "dist/js-yaml.js", 1294, "throwAt", "YAMLException", hole("message", errdex.HoleStr)),
		// A Go sentinel whose message starts like "pkg.Type: message".
		{ID: "a0000000000000c1", Repo: "cpython", Rev: "v3.11.7", Language: "go", Kind: errdex.KindErrorsNew,
			Function: "bufio.init", Location: errdex.Location{Span: errdex.Span{Path: "src/bufio/scan.go", Line: 71, EndLine: 71}},
			Template: errdex.NewTemplate(errdex.Lit("bufio.Scanner: token too long"))},
	}
	// A Rust crate: an error type's Display, and a panic in the file
	// that unwraps it.
	sites = append(sites,
		site("a0000000000000f1", "src/errors.rs", 40, "CapacityError::fmt", "CapacityError", errdex.Lit("insufficient capacity")),
		site("a0000000000000f2", "src/arrayvec_impl.rs", 60, "ArrayVecImpl::pop", "", errdex.Lit("pop from an empty vector")))
	for _, s := range sites {
		switch {
		case strings.HasPrefix(s.Location.Path, "dist/"):
			s.Language = "javascript"
		case strings.HasSuffix(s.Location.Path, ".rs"):
			s.Language = "rust"
		}
	}
	snap := &errdex.Snapshot{Repo: "cpython", Rev: "v3.11.7", RevDate: time.Unix(0, 0).UTC(), IndexedAt: time.Unix(0, 0).UTC()}
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	return newServiceOf(t, st)
}

// openStore opens a SQLite store in t's temporary directory, closed when
// t ends.
func openStore(t *testing.T) errdex.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newServiceOf builds the lookup service over st.
func newServiceOf(t *testing.T, st errdex.Store) *Service {
	t.Helper()
	svc, err := New(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestExplain(t *testing.T) {
	svc := newService(t)
	tests := []struct {
		name      string
		file      string // a paste under testdata, or
		text      string // the paste itself
		want      []errdex.ID
		exception string
		values    map[string]string
		reason    string
	}{
		{
			// The cause matches its own raise as well, but the error the
			// user hit is the last one printed.
			name: "a chain: the exception the user hit", file: "chained.txt",
			want: []errdex.ID{"a0000000000000a1"}, exception: "ValueError", values: map[string]string{"name": "'console'"},
		},
		{
			// Compiled code raised the last exception; its cause is the
			// indexed raise.
			name: "a chain whose last exception no site raises: its cause", file: "wrapped.txt",
			want: []errdex.ID{"a0000000000000a4"}, exception: "UnicodeError",
		},
		{
			name: "a type and message", text: "ModuleNotFoundError: No module named 'yaml'",
			want: []errdex.ID{"a0000000000000a3"}, exception: "ModuleNotFoundError", values: map[string]string{"name": "'yaml'"},
		},
		{
			name: "loose log lines: the line that matches", text: "2024-05-01 12:00:01 INFO starting\n2024-05-01 12:00:02 ERROR Unable to configure handler 'file'\n2024-05-01 12:00:02 INFO shutting down",
			want: []errdex.ID{"a0000000000000a1"}, values: map[string]string{"name": "'file'"},
		},
		{
			// Python prints a module's exception qualified; the site
			// raises it by its short name.
			name: "a qualified type an indexed site raises", text: "zipfile.BadZipFile: File is not a zip file",
			want: []errdex.ID{"a0000000000000a5"}, exception: "zipfile.BadZipFile",
		},
		{
			// "bufio.Scanner" looks like a qualified class, but no indexed
			// site raises a Scanner: it is part of the message.
			name: "a qualified name no site raises is message text", text: "bufio.Scanner: token too long",
			want: []errdex.ID{"a0000000000000c1"},
		},
		{
			// errors.Join prints one error a line: each line is tried.
			name: "errors joined, one a line", text: "bufio.Scanner: token too long\nthe cache directory /var/cache/app is not writable",
			want: []errdex.ID{"a0000000000000c1"},
		},
		{
			// A several-line message a template spells out whole beats
			// the first line's template alone.
			name: "a several-line message explained whole", text: "AssertionError: 'a\\nb\\n' != 'a\\nc\\n'\n  a\n- b\n+ c",
			want: []errdex.ID{"a0000000000000d2"}, exception: "AssertionError",
			values: map[string]string{"first": "'a\\nb\\n'", "second": "'a\\nc\\n'", "diff": "a\n- b\n+ c"},
		},
		{
			// A line amid the others fits a short template elsewhere:
			// the template of the whole wins.
			name: "a several-line message whose middle line fits elsewhere",
			text: "yaml.parser.ParserError: while parsing a flow sequence\n  in \"<unicode string>\", line 1, column 4:\n    a: [1, 2\n       ^\n" +
				"expected ',' or ']', but got ':'\n  in \"<unicode string>\", line 2, column 2:\n    b: 3\n     ^",
			want: []errdex.ID{"a0000000000000e1"}, exception: "yaml.parser.ParserError",
		},
		{
			// The first line is the headline, the rest an excerpt of
			// the input: the headline's own template, at an outer frame,
			// wins over the innermost frame's raise of a message made
			// elsewhere, which the whole text fits.
			name: "a headline over an excerpt", file: "headline.txt",
			want: []errdex.ID{"a0000000000000e3"}, exception: "YAMLException",
		},
		{
			// The library unwrapped a Result at the panic's location; the
			// error inside was made by the code that returned it.
			name: "an error unwrapped in a library",
			text: "thread 'main' panicked at /usr/share/cargo/registry/arrayvec-0.7.2/src/arrayvec_impl.rs:39:32:\n" +
				"called `Result::unwrap()` on an `Err` value: CapacityError: insufficient capacity\n" +
				"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
			want: []errdex.ID{"a0000000000000f1"}, exception: "CapacityError",
		},
		{
			name: "one line of it", text: "AssertionError: 'a' != 'b'",
			want: []errdex.ID{"a0000000000000d1"}, exception: "AssertionError",
		},
		{
			// log.Fatal of joined errors: the record's message goes on
			// over the next line.
			name: "a log record of joined errors", text: "2025/03/14 09:26:53 bufio.Scanner: token too long\nthe cache directory /var/cache/app is not writable",
			want: []errdex.ID{"a0000000000000c1"},
		},
		{
			name: "nothing indexed raises it", text: "ZeroDivisionError: division by zero",
			exception: "ZeroDivisionError", reason: `no indexed template contains the words "division", "zero"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if tt.file != "" {
				b, err := os.ReadFile(filepath.Join("testdata", tt.file))
				if err != nil {
					t.Fatal(err)
				}
				text = string(b)
			}
			ans, err := svc.Explain(context.Background(), text, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []errdex.ID
			for _, h := range ans.Hits[:min(len(ans.Hits), len(tt.want))] {
				got = append(got, h.ID)
				if h.Site == nil || h.Site.ID != h.ID {
					t.Errorf("hit %s: site not loaded", h.ID)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("hits (-want +got):\n%s\nreason: %s", diff, ans.Reason)
			}
			if ans.Exception != tt.exception {
				t.Errorf("exception %q, want %q", ans.Exception, tt.exception)
			}
			if len(ans.Hits) > 0 && tt.values != nil {
				if diff := cmp.Diff(tt.values, ans.Hits[0].Values()); diff != "" {
					t.Errorf("values (-want +got):\n%s", diff)
				}
			}
			if ans.Reason != tt.reason {
				t.Errorf("reason %q, want %q", ans.Reason, tt.reason)
			}
		})
	}
}

func TestExplainMatchesOnly(t *testing.T) {
	svc := newService(t)
	ans, err := svc.Explain(context.Background(), "UnicodeError: label empty or too long", Options{MatchesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Hits) != 1 || ans.Hits[0].Site != nil || ans.Hits[0].Path != "Lib/encodings/idna.py" {
		t.Errorf("hits %+v, want idna.py's site without loading it", ans.Hits)
	}
}

func TestExplainTooLarge(t *testing.T) {
	svc := newService(t)
	_, err := svc.Explain(context.Background(), string(make([]byte, 2<<20)), Options{})
	if errdex.KindOf(err) != errdex.TooLarge {
		t.Errorf("error %v, want kind TooLarge", err)
	}
}

func TestExplainTie(t *testing.T) {
	svc := newService(t)
	ans, err := svc.Explain(context.Background(), "ValueError: commonpath() arg is an empty sequence", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Tied != 2 || len(ans.Hits) != 2 || ans.Hits[0].Score != ans.Hits[1].Score {
		t.Errorf("tied %d, hits %d; want the two sites tied", ans.Tied, len(ans.Hits))
	}
	// A traceback tells them apart.
	tb := "Traceback (most recent call last):\n  File \"/usr/lib/python3.11/posixpath.py\", line 531, in commonpath\n" +
		"    raise ValueError('commonpath() arg is an empty sequence')\nValueError: commonpath() arg is an empty sequence\n"
	ans, err = svc.Explain(context.Background(), tb, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Tied != 1 || len(ans.Hits) == 0 || ans.Hits[0].ID != "a0000000000000b1" {
		t.Errorf("tied %d, hits %v; want posixpath's site alone", ans.Tied, ans.Hits)
	}
}

// TestRunnerUp checks that the second score is known whatever the limit,
// so that a caller asking for one match still sees a tie.
func TestRunnerUp(t *testing.T) {
	svc := newService(t)
	for _, limit := range []int{1, 5} {
		ans, err := svc.Explain(context.Background(), "ValueError: commonpath() arg is an empty sequence", Options{Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Hits) != min(limit, 2) {
			t.Fatalf("limit %d: %d hits, want %d", limit, len(ans.Hits), min(limit, 2))
		}
		if ans.RunnerUp != ans.Hits[0].Score {
			t.Errorf("limit %d: runner-up %.3f, want the tied first score %.3f", limit, ans.RunnerUp, ans.Hits[0].Score)
		}
	}
}

// TestRunnerUpOtherAnswer checks that the Error method formatting the
// first match's error value does not count as a runner-up: it is the same
// answer, and the first match stays a confident one.
func TestRunnerUpOtherAnswer(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	hole := func(name string, typ errdex.HoleType) errdex.Part { return errdex.HolePart(name, name, typ) }
	site := func(id string, kind errdex.SiteKind, line int, fn string, parts ...errdex.Part) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "golang/go", Rev: "go1.26.8", Language: "go", Kind: kind,
			Exception: "*strconv.NumError", Function: fn,
			Location: errdex.Location{Span: errdex.Span{Path: "src/strconv/number.go", Line: line, EndLine: line}},
			Template: errdex.NewTemplate(parts...)}
	}
	sites := []*errdex.Site{
		site("b0000000000000a1", errdex.KindRaise, 273, "strconv.syntaxError",
			errdex.Lit("strconv."), hole("fn", errdex.HoleStr), errdex.Lit(": parsing "), hole("str", errdex.HoleRepr), errdex.Lit(": invalid syntax")),
		site("b0000000000000a2", errdex.KindErrorMethod, 258, "strconv.(*NumError).Error",
			errdex.Lit("strconv."), hole("Func", errdex.HoleStr), errdex.Lit(": parsing "), hole("Num", errdex.HoleRepr), errdex.Lit(": "), hole("Err", errdex.HoleError)),
	}
	snap := &errdex.Snapshot{Repo: "golang/go", Rev: "go1.26.8", RevDate: time.Unix(0, 0).UTC(), IndexedAt: time.Unix(0, 0).UTC()}
	if err := st.ReplaceSnapshot(ctx, snap, sites); err != nil {
		t.Fatal(err)
	}
	ans, err := newServiceOf(t, st).Explain(ctx, `strconv.Atoi: parsing "12a": invalid syntax`, Options{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Hits) != 1 || ans.Hits[0].ID != "b0000000000000a1" {
		t.Fatalf("hits %v, want syntaxError's site", ans.Hits)
	}
	if ans.RunnerUp != 0 {
		t.Errorf("runner-up %.3f, want 0: the Error method formats the first match's value", ans.RunnerUp)
	}
}

// TestSiteCache checks that a site asked for again comes from the cache,
// and that a reload (a new snapshot) starts a fresh one.
func TestSiteCache(t *testing.T) {
	svc := newService(t)
	ctx := context.Background()
	const paste = "ModuleNotFoundError: No module named 'yaml'"
	first, err := svc.Explain(ctx, paste, Options{})
	if err != nil || len(first.Hits) == 0 {
		t.Fatalf("Explain: %v, %d hits", err, len(first.Hits))
	}
	again, err := svc.Explain(ctx, paste, Options{})
	if err != nil || len(again.Hits) == 0 {
		t.Fatalf("Explain again: %v", err)
	}
	if again.Hits[0].Site != first.Hits[0].Site {
		t.Error("the second answer loaded its site again instead of reusing it")
	}
	if err := svc.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	fresh, err := svc.Explain(ctx, paste, Options{})
	if err != nil || len(fresh.Hits) == 0 {
		t.Fatalf("Explain after Reload: %v", err)
	}
	if fresh.Hits[0].Site == first.Hits[0].Site || fresh.Hits[0].Site.ID != first.Hits[0].Site.ID {
		t.Error("after a reload the site must be read from the store again")
	}
}

// TestSiteJSON checks that a hit's JSON is the site's JSON contract
// (json.Marshal of the site), encoded once and shared by the answers of
// one index generation and by SiteJSON, and encoded again from the store
// after a reload.
func TestSiteJSON(t *testing.T) {
	svc := newService(t)
	ctx := context.Background()
	const paste = "BadZipFile: File is not a zip file"
	explainJSON := func() (*errdex.Site, []byte) {
		t.Helper()
		ans, err := svc.Explain(ctx, paste, Options{})
		if err != nil || len(ans.Hits) == 0 {
			t.Fatalf("Explain: %v, %d hits", err, len(ans.Hits))
		}
		b, err := ans.Hits[0].SiteJSON()
		if err != nil {
			t.Fatal(err)
		}
		return ans.Hits[0].Site, b
	}
	site, first := explainJSON()
	want, err := json.Marshal(site)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, want) {
		t.Fatalf("SiteJSON differs from json.Marshal of the site:\n got %s\nwant %s", first, want)
	}
	_, again := explainJSON()
	byID, err := svc.SiteJSON(ctx, site.ID)
	if err != nil {
		t.Fatal(err)
	}
	if &again[0] != &first[0] || &byID[0] != &first[0] {
		t.Error("the site was encoded again instead of reusing its JSON")
	}
	if _, err := svc.SiteJSON(ctx, "0000000000000000"); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("SiteJSON of an unknown ID: %v, want a NotFound error", err)
	}

	// An explanation written to the store shows after the next reload.
	changed := *site
	changed.Explanation = &errdex.Explanation{Meaning: "The file is not a zip archive.", Source: "static"}
	if _, err := svc.store.UpdateExplanations(ctx, []*errdex.Site{&changed}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	_, fresh := explainJSON()
	if !bytes.Contains(fresh, []byte("The file is not a zip archive.")) {
		t.Errorf("after a reload the JSON lacks the new explanation: %s", fresh)
	}
	if byID, err = svc.SiteJSON(ctx, site.ID); err != nil || !bytes.Equal(byID, fresh) {
		t.Errorf("SiteJSON after a reload = %s, %v; want the hit's %s", byID, err, fresh)
	}
	if b, err := (&Hit{}).SiteJSON(); err != nil || string(b) != "null" {
		t.Errorf("SiteJSON of a hit without a site = %s, %v; want null", b, err)
	}
}

func TestTieNote(t *testing.T) {
	tests := []struct {
		tied     int
		frames   bool
		language string
		want     string
	}{
		{1, false, "python", ""},
		{2, false, "python", "The same message is raised at 2 places; paste the whole traceback to tell them apart"},
		{3, false, "java", "The same message is thrown at 3 places; paste the whole stack trace to tell them apart"},
		{2, false, "typescript", "The same message is thrown at 2 places; paste the whole stack trace to tell them apart"},
		{4, false, "go", "The same message is made at 4 places; the error carries no stack to tell them apart"},
		{2, true, "python", "The same message is raised at 2 places, and the traceback does not tell them apart"},
	}
	for _, tt := range tests {
		if got := TieNote(tt.tied, tt.frames, tt.language); got != tt.want {
			t.Errorf("TieNote(%d, %v, %q) = %q, want %q", tt.tied, tt.frames, tt.language, got, tt.want)
		}
	}
}

// A Go error's recorded stack is where it was wrapped, not where it was
// made: the query leaves it out, a Python traceback's frames stay.
func TestExceptionQueryFrames(t *testing.T) {
	frames := []trace.Frame{{Path: "/app/main.go", Line: 20, Function: "main.main"}, {Path: "/app/main.go", Line: 14, Function: "main.load"}}
	goErr := trace.Exception{Language: trace.Go, Kind: trace.KindError, Message: "open x: no such file or directory", Frames: frames}
	if q := exceptionQuery(&goErr, ""); len(q.Frames) != 0 || q.Language != "go" {
		t.Errorf("Go error: frames %v, language %q; want none, go", q.Frames, q.Language)
	}
	py := trace.Exception{Language: trace.Python, Kind: trace.KindException, Type: "ValueError", Message: "x",
		Frames: []trace.Frame{{Path: "/app/main.py", Line: 3, Function: "<module>"}}}
	if q := exceptionQuery(&py, ""); len(q.Frames) != 1 || q.Exception != "ValueError" {
		t.Errorf("Python exception: frames %v, exception %q; want one frame, ValueError", q.Frames, q.Exception)
	}
}

// TestDebugMessages: the error inside a Rust unwrap panic, and the
// messages quoted in a Debug text, are read too; other languages' quotes
// are not.
func TestDebugMessages(t *testing.T) {
	tests := []struct {
		name string
		q    match.Query
		want []string // the messages of the readings added, in order
	}{
		{"an unwrap panic", match.Query{Language: "rust", Message: "called `Result::unwrap()` on an `Err` value: Error(\"EOF while parsing a value\", line: 1, column: 0)"},
			[]string{"Error(\"EOF while parsing a value\", line: 1, column: 0)", "EOF while parsing a value"}},
		{"a Debug text alone", match.Query{Message: "Os { code: 2, kind: NotFound, message: \"No such file or directory\" }"},
			[]string{"No such file or directory"}},
		{"escapes undone, short strings left", match.Query{Message: "ErrorInner { key: \"a\", message: \"duplicate key: \\\"a\\\" here\" }"},
			[]string{"duplicate key: \"a\" here"}},
		{"a field holding a report of several lines", match.Query{Message: "TomlError { message: \"TOML parse error at line 1, column 5\\n  |\\n1 | a = \\n  |     ^\\nUnexpected end of input\\n\", line_col: Some((0, 4)) }"},
			[]string{"TOML parse error at line 1, column 5\n  |\n1 | a = \n  |     ^\nUnexpected end of input\n", "TOML parse error at line 1, column 5", "Unexpected end of input"}},
		{"a Python message with quotes", match.Query{Language: "python", Message: "invalid literal for int() with base 10: \"not a number\""}, nil},
		{"an unterminated quote", match.Query{Message: "Error(\"EOF while parsing"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range appendDebugMessages(nil, tt.q) {
				if !r.Part {
					t.Errorf("reading %q is not a part", r.Query.Message)
				}
				got = append(got, r.Query.Message)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("readings (-want +got):\n%s", diff)
			}
		})
	}
}
