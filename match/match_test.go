package match

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// parseTemplate reads the tests' template notation: holes are {name} or
// {name:type}, {{ and }} are literal braces, \n is a newline.
func parseTemplate(t testing.TB, s string) errdex.Template {
	t.Helper()
	s = strings.ReplaceAll(s, `\n`, "\n")
	var parts []errdex.Part
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "{{"), strings.HasPrefix(s[i:], "}}"):
			lit.WriteByte(s[i])
			i++
		case s[i] == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				t.Fatalf("template %q: unclosed hole", s)
			}
			parts = append(parts, errdex.Lit(lit.String()))
			lit.Reset()
			name, typ, _ := strings.Cut(s[i+1:i+j], ":")
			parts = append(parts, errdex.HolePart(name, name, errdex.HoleType(typ)))
			i += j
		default:
			lit.WriteByte(s[i])
		}
	}
	parts = append(parts, errdex.Lit(lit.String()))
	return errdex.NewTemplate(parts...)
}

// loadSites reads testdata/sites.txt (its format is described at its top).
func loadSites(t testing.TB) []*errdex.Site {
	t.Helper()
	f, err := os.Open("testdata/sites.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var sites []*errdex.Site
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, " | ")
		if len(fields) != 7 {
			t.Fatalf("sites.txt:%d: %d fields, want 7", n, len(fields))
		}
		path, lines, _ := strings.Cut(fields[3], ":")
		first, last, _ := strings.Cut(lines, "-")
		l1, err := strconv.Atoi(first)
		if err != nil {
			t.Fatalf("sites.txt:%d: line: %v", n, err)
		}
		l2 := l1
		if last != "" {
			if l2, err = strconv.Atoi(last); err != nil {
				t.Fatalf("sites.txt:%d: end line: %v", n, err)
			}
		}
		exc, qual, _ := strings.Cut(fields[5], "=")
		templates := strings.Split(fields[6], " || ")
		s := &errdex.Site{
			ID: errdex.ID(fields[0]), Repo: fields[1], Language: fields[2], Kind: errdex.KindRaise,
			Exception: exc, ExceptionQualified: qual, Function: fields[4],
			Location: errdex.Location{Span: errdex.Span{Path: path, Line: l1, EndLine: l2}},
			Template: parseTemplate(t, templates[0]),
		}
		for _, alt := range templates[1:] {
			s.Alternatives = append(s.Alternatives, parseTemplate(t, alt))
		}
		sites = append(sites, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sites
}

func testIndex(t testing.TB) *Index {
	t.Helper()
	return NewIndex(slices.Values(loadSites(t)))
}

// values renders a match's captures as name=text, unplaced holes as name=∅.
func values(m Match) []string {
	var out []string
	for _, v := range m.Values {
		if v.Start < 0 {
			out = append(out, v.Name+"=∅")
			continue
		}
		out = append(out, v.Name+"="+v.Text)
	}
	return out
}

func TestMatchText(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name   string
		q      Query
		want   errdex.ID
		values []string
		alt    int
		// maxCand limits the candidates retrieved by text (0: the
		// default).
		maxCand int
	}{
		{
			name:   "python type and message",
			q:      Query{Message: "ValueError: invalid literal for int() with base 10: 'abc'"},
			want:   "py-int-literal",
			values: []string{"base=10", "value='abc'"},
		},
		{
			name:   "repr holes at both ends",
			q:      Query{Message: "'NoneType' object has no attribute 'shape'", Exception: "AttributeError"},
			want:   "py-attr",
			values: []string{"type_name='NoneType'", "name='shape'"},
		},
		{
			name:   "values in a long message",
			q:      Query{Message: "RuntimeError: Sampling mask length 2048 exceeds disaggregation metadata capacity 1024. Increase SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS."},
			want:   "sgl-mask-len",
			values: []string{"mask_len=2048", "max_mask_len=1024"},
		},
		{
			name:   "truncated by a logger",
			q:      Query{Message: "Sampling mask length 4096 exceeds disaggregation metadata capa..."},
			want:   "sgl-mask-len",
			values: []string{"mask_len=4096", "max_mask_len=∅"},
		},
		{
			name:   "cut mid-word without a marker",
			q:      Query{Message: "Sampling mask length 4096 exceeds disaggregation metadata capa"},
			want:   "sgl-mask-len",
			values: []string{"mask_len=4096", "max_mask_len=∅"},
		},
		{
			name: "no holes",
			q:    Query{Message: "return_sampling_mask with disaggregation requires SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS > 0."},
			want: "sgl-mask-off",
		},
		{
			name: "very short template",
			q:    Query{Message: "not found", Exception: "KeyError"},
			want: "py-not-found",
		},
		{
			name:   "short template with a value",
			q:      Query{Message: "user_42 not found", Exception: "KeyError"},
			want:   "py-key-not-found",
			values: []string{"key=user_42"},
		},
		{
			name:   "one word differs: float",
			q:      Query{Message: "Expected a float but got 'x'"},
			want:   "py-float",
			values: []string{"value='x'"},
		},
		{
			name:   "one word differs: int",
			q:      Query{Message: "Expected an int but got 3.5"},
			want:   "py-int",
			values: []string{"value=3.5"},
		},
		{
			name: "template that is a prefix of another: the short one",
			q:    Query{Message: "invalid value"},
			want: "py-invalid",
		},
		{
			name:   "template that is a prefix of another: the long one",
			q:      Query{Message: "invalid value for timeout: 'abc'"},
			want:   "py-invalid-for",
			values: []string{"field=timeout", "value='abc'"},
		},
		{
			name:   "wrapped by another library",
			q:      Query{Message: "Failed to load config: invalid value for timeout: '30s'"},
			want:   "py-invalid-for",
			values: []string{"field=timeout", "value='30s'"},
		},
		{
			name:   "number inside the literal: 3",
			q:      Query{Message: "expected 3 dimensions, got 2"},
			want:   "np-dims3",
			values: []string{"ndim=2"},
		},
		{
			name:   "number inside the literal: 4",
			q:      Query{Message: "expected 4 dimensions, got 2"},
			want:   "np-dims4",
			values: []string{"ndim=2"},
		},
		{
			name:   "repr with a quote inside",
			q:      Query{Message: `unknown option "it's"; valid options are ['a', 'b']`},
			want:   "py-option",
			values: []string{`opt="it's"`, "valid=['a', 'b']"},
		},
		{
			name:   "repr holding the next literal",
			q:      Query{Message: `unknown option '; valid options are x'; valid options are ['a']`},
			want:   "py-option",
			values: []string{`opt='; valid options are x'`, "valid=['a']"},
		},
		{
			name:   "newlines and re-wrapping",
			q:      Query{Message: "Could not load config file /etc/app.yaml.  Please check\nthat the file exists\n   and is valid YAML."},
			want:   "py-config",
			values: []string{"path=/etc/app.yaml"},
		},
		{
			name:   "unicode and case",
			q:      Query{Message: "UNGÜLTIGER WERT FÜR Größe: -1"},
			want:   "py-de",
			values: []string{"name=Größe", "value=-1"},
		},
		{
			name:   "CJK",
			q:      Query{Message: "文件 /tmp/数据.csv 不存在"},
			want:   "py-zh",
			values: []string{"path=/tmp/数据.csv"},
		},
		{
			name:   "a message whose class builds it",
			q:      Query{Message: "json.decoder.JSONDecodeError: Expecting value: line 1 column 7 (char 6)"},
			want:   "py-json-value",
			values: []string{"lineno=1", "colno=7", "pos=6"},
		},
		{
			name:   "doc URL suffix",
			q:      Query{Message: "sqlalchemy.exc.NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:postgres (Background on this error at: https://sqlalche.me/e/20/b8d9)"},
			want:   "sa-plugin",
			values: []string{"group=sqlalchemy.dialects", "name=postgres"},
		},
		{
			name:   "an alternative template",
			q:      Query{Message: "connection to db.internal:5432 timed out after 2.5s"},
			want:   "py-branches",
			values: []string{"host=db.internal:5432", "seconds=2.5"},
			alt:    1,
		},
		{
			name:   "go error chain",
			q:      Query{Message: "open /etc/app.yaml: permission denied"},
			want:   "go-open",
			values: []string{"path=/etc/app.yaml", "err=permission denied"},
		},
		{
			// cobra prints "Error: " before a Go command's error: the
			// bare word names no class, neither syntax.Error's nor one
			// that rules out a Go site.
			name:   "go error after a bare Error prefix",
			q:      Query{Message: "open /etc/app.yaml: permission denied", Exception: "Error"},
			want:   "go-open",
			values: []string{"path=/etc/app.yaml", "err=permission denied"},
		},
		{
			// A class name no indexed site raises, written into an
			// Error's own message.
			name:   "a type name that is the message's text",
			q:      Query{Message: "ArgumentError: length() takes 1 argument but received 2"},
			want:   "js-jmespath-args",
			values: []string{"name=length", "expected=1", "actual=2"},
		},
		{
			// A class name only Go sites raise, whose Error() writes
			// it before the text: Go prints err.Error() alone, so the
			// name is the message's, not a type printed before it.
			name: "a Go type name that is the message's text",
			q:    Query{Message: "SyntaxError: Incomplete expression"},
			want: "go-jmespath-incomplete",
		},
		{
			// liquidjs appends the template's position to the message.
			name:   "a position appended to a short template",
			q:      Query{Message: `tag "nosuchtag" not found, line:1, col:1`},
			want:   "js-liquid-tag",
			values: []string{"name=nosuchtag"},
		},
		{
			name:   "go wrapped by a caller",
			q:      Query{Message: "load settings: strconv.Atoi: parsing \"12a\": invalid syntax"},
			want:   "go-atoi",
			values: []string{"fn=Atoi", `num="12a"`, "err=invalid syntax"},
		},
		{
			name: "go sentinel",
			q:    Query{Message: "http: server closed idle connection"},
			want: "go-closed",
		},
		{
			name:   "java with ANSI colours",
			q:      Query{Message: "\x1b[31mjava.lang.IndexOutOfBoundsException: Index 5 out of bounds for length 3\x1b[0m"},
			want:   "java-oob",
			values: []string{"index=5", "length=3"},
		},
		{
			name:   "java quotes",
			q:      Query{Message: `Cannot invoke "String.length()" because "<local1>" is null`, Exception: "java.lang.NullPointerException"},
			want:   "java-npe",
			values: []string{"method=String.length()", "expr=<local1>"},
		},
		{
			name: "rust quote style",
			q:    Query{Message: "called 'Option::unwrap()' on a 'None' value"},
			want: "rust-unwrap",
		},
		{
			name:   "rust values",
			q:      Query{Message: "index out of bounds: the len is 3 but the index is 7"},
			want:   "rust-index",
			values: []string{"len=3", "index=7"},
		},
		{
			name:   "c++",
			q:      Query{Message: "what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)"},
			want:   "cpp-range",
			values: []string{"n=5", "size=3"},
		},
		{
			name:   "adjacent holes split by a literal x",
			q:      Query{Message: "mat1 and mat2 shapes cannot be multiplied (64x128 and 256x10)"},
			want:   "py-shape",
			values: []string{"a=64", "b=128", "c=256", "d=10"},
		},
		{
			name:   "a specific template beats a hole swallowing the sentence",
			q:      Query{Message: "re.error: missing ), unterminated subpattern at position 0"},
			want:   "re-subpattern",
			values: []string{"pos=0"},
		},
		{
			name: "a remark in parentheses appended by the library",
			q:    Query{Message: "tomllib.TOMLDecodeError: Invalid value (at line 3, column 5)"},
			want: "toml-value",
		},
		{
			name: "a pure-Python twin of a C function, without a traceback",
			q:    Query{Message: "TypeError: reduce() of empty iterable with no initial value"},
			want: "twin",
		},
		{
			name:   "a wrapper whose error hole holds another site's message",
			q:      Query{Message: "ipaddress.AddressValueError: Leading zeros are not permitted in '010' in '010.0.0.1'"},
			want:   "ip-wrap4",
			values: []string{"exc=Leading zeros are not permitted in '010'", "ip_str='010.0.0.1'"},
		},
		{
			name:    "a wrapper beyond the retrieval limit",
			q:       Query{Message: "redefinition of group name 'n' as group 2; was group 1 at position 12", Exception: "re.error"},
			want:    "re-regroup",
			values:  []string{"msg=redefinition of group name 'n' as group 2; was group 1", "pos=12"},
			maxCand: 1,
		},
		{
			name:   "case tells templates apart",
			q:      Query{Message: "ModuleNotFoundError: No module named 'json.no_such_submodule'"},
			want:   "mod-upper",
			values: []string{"name='json.no_such_submodule'"},
		},
		{
			name:   "a word wrapped by a fixed-width log viewer",
			q:      Query{Message: "RuntimeError: Sampling mask length 2048 exceeds disaggre\ngation metadata capacity 1024. Increase SGLANG_DISAGGREGATION_SAMPL\nING_MASK_MAX_TOKENS."},
			want:   "sgl-mask-len",
			values: []string{"mask_len=2048", "max_mask_len=1024"},
		},
		{
			name:   "repr of containers",
			q:      Query{Message: "missing keys {'a', 'b'} in 'server'"},
			want:   "py-dict-repr",
			values: []string{"keys={'a', 'b'}", "section='server'"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(tt.q, Options{MaxCandidates: tt.maxCand})
			if len(res.Matches) == 0 {
				t.Fatalf("no match (reason: %s)", res.Reason)
			}
			got := res.Matches[0]
			if got.ID != tt.want {
				t.Fatalf("top match %s (score %.3f, %v), want %s; all: %v", got.ID, got.Score, got.Reasons, tt.want, ids(res))
			}
			if diff := cmp.Diff(tt.values, values(got)); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
			if got.Template != tt.alt {
				t.Errorf("template %d, want %d", got.Template, tt.alt)
			}
			if got.Score < 0 || got.Score > 1 {
				t.Errorf("score %v outside [0, 1]", got.Score)
			}
			checkCaptures(t, tt.q.Message, got)
		})
	}
}

// TestWordsInAHoleAreNoWrappedError checks that a template whose words
// merely occur in another's trailing hole is not read as the message that
// hole wraps: ipaddress's "{exc} in {ip_str!r}" does not hold the report
// an exception class appends ("... in schema: {...}"), whose repr hole
// would hold text that is no value.
func TestWordsInAHoleAreNoWrappedError(t *testing.T) {
	ix := testIndex(t)
	q := Query{Exception: "schema.exceptions.ValidationError",
		Message: "5 is not of type 'string'\n\nFailed validating 'type' in schema:\n    {'type': 'string'}\n\nOn instance:\n    5"}
	res := ix.Match(q, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "schema-type" {
		t.Fatalf("got %v (reason: %s), want schema-type first", ids(res), res.Reason)
	}
	for _, r := range res.Matches[0].Reasons {
		if strings.Contains(r, "wraps the message") {
			t.Errorf("reason %q: the hole holds no other error's message", r)
		}
	}
}

func ids(res Result) []string {
	var out []string
	for _, m := range res.Matches {
		out = append(out, string(m.ID)+"@"+strconv.FormatFloat(m.Score, 'f', 3, 64))
	}
	return out
}

// checkCaptures verifies that each placed value is the message's text at
// its offsets and that values come in order without overlapping.
func checkCaptures(t testing.TB, msg string, m Match) {
	t.Helper()
	end := 0
	for _, v := range m.Values {
		if v.Start < 0 {
			if v.End != -1 || v.Text != "" {
				t.Errorf("unplaced value %+v", v)
			}
			continue
		}
		if v.Start > v.End || v.End > len(msg) {
			t.Fatalf("value %q at [%d, %d) outside the message of %d bytes", v.Name, v.Start, v.End, len(msg))
		}
		if msg[v.Start:v.End] != v.Text {
			t.Errorf("value %q: text %q but message[%d:%d] is %q", v.Name, v.Text, v.Start, v.End, msg[v.Start:v.End])
		}
		if v.Start < end {
			t.Errorf("value %q at %d overlaps the previous value ending at %d", v.Name, v.Start, end)
		}
		end = v.End
	}
}

// TestConcurrentMatch runs queries from several goroutines on one index
// (run with -race): an Index is read-only after Build and its scratch
// memory is per query.
func TestConcurrentMatch(t *testing.T) {
	ix := testIndex(t)
	queries := []string{
		"invalid value for timeout: 'abc'",
		"Sampling mask length 2048 exceeds disaggregation metadata capacity 1024.",
		"open /etc/app.yaml: permission denied",
		"not found",
	}
	want := make([]errdex.ID, len(queries))
	for i, q := range queries {
		want[i] = ix.Match(Query{Message: q}, Options{}).Matches[0].ID
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for k := range 200 {
				i := (g + k) % len(queries)
				if got := ix.Match(Query{Message: queries[i]}, Options{}).Matches[0].ID; got != want[i] {
					done <- fmt.Errorf("query %q: got %s, want %s", queries[i], got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestLongValueStaysSpecific matches a message that is nearly all one
// value (botocore lists every valid service name): the template's literal
// text is specific however long the value, so the match stays clear of
// the threshold below which no site is named.
func TestLongValueStaysSpecific(t *testing.T) {
	ix := testIndex(t)
	for _, n := range []int{3, 400} {
		var names []string
		for i := range n {
			names = append(names, "service-"+strconv.Itoa(i))
		}
		msg := "Unknown service: 'nonexistent-svc'. Valid service names are: " + strings.Join(names, ", ")
		res := ix.Match(Query{Message: msg}, Options{})
		if len(res.Matches) == 0 || res.Matches[0].ID != "bc-service" {
			t.Fatalf("%d names: got %v (reason: %s), want bc-service", n, ids(res), res.Reason)
		}
		if got := res.Matches[0].Score; got < DefaultMinScore+0.05 {
			t.Errorf("%d names: score %.3f, want at least %.3f", n, got, DefaultMinScore+0.05)
		}
	}
}

// TestDistinctiveOpaqueClass matches messages that are only data against
// sites whose templates are one hole: a repository's own, rarely raised
// class names the place, while a builtin class, or a sentence no template
// holds (written by compiled code that raises the class too), does not,
// unless the site passes a caught error's message on whole in the module
// that defines the class.
func TestDistinctiveOpaqueClass(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name, exception, message string
		want                     string // "" for no match
	}{
		{"data of a repository's class", "refs.jsonschema.UnknownDialect", "urn:nope", "ref-dialect"},
		{"quoted data", "refs.jsonschema.UnknownDialect", "'urn:x#/defs/a'", "ref-dialect"},
		{"prose of the class", "refs.jsonschema.UnknownDialect", "need to escape, but no escapechar set", ""},
		// raise ParseError(e) around a failure of compiled code (datetime).
		{"prose a wrapper passes on", "refs.dates.ParseError", "day is out of range for month", "ref-parse-wrap"},
		// csv.py re-raises a TypeError as _csv.Error, a class the
		// compiled _csv defines and raises itself.
		{"prose of a compiled module's class, a wrapper elsewhere", "_csv.Error", "need to escape, but no escapechar set", ""},
		{"unqualified name", "UnknownDialect", "urn:nope", ""},
		{"builtin class", "KeyError", "'DATABASE_URL'", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(Query{Exception: tt.exception, Message: tt.message}, Options{})
			got := ""
			if len(res.Matches) > 0 {
				got = string(res.Matches[0].ID)
			}
			if got != tt.want {
				t.Errorf("%s: %s: got %q (%v; reason: %s), want %q", tt.exception, tt.message, got, ids(res), res.Reason, tt.want)
			}
		})
	}
}

func TestIsProse(t *testing.T) {
	tests := []struct {
		msg  string
		want bool
	}{
		{"need to escape, but no escapechar set", true},
		{"no element found: line 1, column 0", true},
		{"urn:nope", false},
		{"'urn:probe'", false},
		{"{}", false},
		{"a b c", false},
		{"/etc/x.toml /etc/y.toml missing", false},
	}
	for _, tt := range tests {
		if got := isProse([]byte(tt.msg)); got != tt.want {
			t.Errorf("isProse(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}
