package match

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, cased, folded string
		noise             string // the text from the noise offset on
		truncated         bool
	}{
		{in: "  Hello\n\tWorld  ", cased: "Hello World", folded: "hello world"},
		{in: "\x1b[1;31mError\x1b[0m: bad", cased: "Error: bad", folded: "error: bad"},
		{in: "\x1b]8;;http://x\x07link\x1b]8;;\x07 text", cased: "link text", folded: "link text"},
		{in: "say “hi” and ‘bye’ or `x` \"y\"", cased: "say 'hi' and 'bye' or 'x' 'y'", folded: "say 'hi' and 'bye' or 'x' 'y'"},
		{in: "ÜBER Größe İ", cased: "ÜBER Größe İ", folded: "über größe İ"},
		{in: "bad\x00byte\xff here", cased: "badbyte here", folded: "badbyte here"},
		{in: "cut here...", cased: "cut here...", folded: "cut here...", noise: "...", truncated: true},
		{in: "cut here …", cased: "cut here …", folded: "cut here …", noise: " …", truncated: true},
		{
			in:     "Can't load plugin: x (Background on this error at: https://sqlalche.me/e/20/b8d9)",
			cased:  "Can't load plugin: x (Background on this error at: https://sqlalche.me/e/20/b8d9)",
			folded: "can't load plugin: x (background on this error at: https://sqlalche.me/e/20/b8d9)",
			noise:  " (background on this error at: https://sqlalche.me/e/20/b8d9)",
		},
		{
			in:     "Token expired. See https://example.org/docs/auth for details",
			cased:  "Token expired. See https://example.org/docs/auth for details",
			folded: "token expired. see https://example.org/docs/auth for details",
		},
		{
			in:     "Token expired. See https://example.org/docs/auth",
			cased:  "Token expired. See https://example.org/docs/auth",
			folded: "token expired. see https://example.org/docs/auth",
			noise:  " see https://example.org/docs/auth",
		},
		{in: "https://example.org/only", cased: "https://example.org/only", folded: "https://example.org/only"},
		// A code frame quoting the input under the message (@iarna/toml,
		// handlebars, js-yaml, Babel) is noise from its first line on.
		{
			in:     "Unterminated string at row 1, col 9, pos 8:\n1> a = \"x\n           ^\n\n",
			cased:  "Unterminated string at row 1, col 9, pos 8: 1> a = 'x ^",
			folded: "unterminated string at row 1, col 9, pos 8: 1> a = 'x ^",
			noise:  " 1> a = 'x ^",
		},
		{
			in:     "Parse error on line 1:\n{{#if}}x\n--------^\nExpecting 'OPEN_INVERSE_CHAIN', got 'EOF'",
			cased:  "Parse error on line 1: {{#if}}x --------^ Expecting 'OPEN_INVERSE_CHAIN', got 'EOF'",
			folded: "parse error on line 1: {{#if}}x --------^ expecting 'open_inverse_chain', got 'eof'",
			noise:  " {{#if}}x --------^ expecting 'open_inverse_chain', got 'eof'",
		},
		{
			in:     "bad indentation of a mapping entry (2:4)\n\n 1 | a: b\n 2 |    c: d\n--------^",
			cased:  "bad indentation of a mapping entry (2:4) 1 | a: b 2 | c: d --------^",
			folded: "bad indentation of a mapping entry (2:4) 1 | a: b 2 | c: d --------^",
			noise:  " 1 | a: b 2 | c: d --------^",
		},
		{
			in:     "Unexpected token (1:10)\n> 1 | const x = ;\n    |           ^ here",
			cased:  "Unexpected token (1:10) > 1 | const x = ; | ^ here",
			folded: "unexpected token (1:10) > 1 | const x = ; | ^ here",
			noise:  " > 1 | const x = ; | ^ here",
		},
		// Carets that point at nothing: a caret inside a line, an
		// exponent, a lone first line.
		{in: "x ^ y is not defined\nfor x", cased: "x ^ y is not defined for x", folded: "x ^ y is not defined for x"},
		{in: "bad power\n2^10 overflows", cased: "bad power 2^10 overflows", folded: "bad power 2^10 overflows"},
		{in: "   ^", cased: "^", folded: "^"},
	}
	var x text
	for _, tt := range tests {
		x.normalize(tt.in, false)
		got := []string{string(x.cased), string(x.folded), string(x.folded[x.noise:])}
		want := []string{tt.cased, tt.folded, tt.noise}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("normalize(%q) (-want +got):\n%s", tt.in, diff)
		}
		if x.truncated != tt.truncated {
			t.Errorf("normalize(%q): truncated %v, want %v", tt.in, x.truncated, tt.truncated)
		}
		checkText(t, tt.in, &x)
	}
}

func TestNormalizeWraps(t *testing.T) {
	tests := []struct {
		in, joined string
		wraps      bool
	}{
		{"exceeds disaggre\ngation metadata", "exceeds disaggregation metadata", true},
		{"line one\r\nline two", "line oneline two", true},
		{"ends with a dot.\nNext", "ends with a dot. Next", false},
		{"a space \nthen", "a space then", false},
		{"two\n\nbreaks", "two breaks", false},
		{"größe\nänderung", "größeänderung", true},
	}
	for _, tt := range tests {
		var x text
		x.normalize(tt.in, true)
		if string(x.cased) != tt.joined || x.wraps != tt.wraps {
			t.Errorf("normalize(%q, join) = %q, wraps %v; want %q, %v", tt.in, x.cased, x.wraps, tt.joined, tt.wraps)
		}
		checkText(t, tt.in, &x)
	}
}

// checkText verifies the invariants of a normalised text: equal layouts,
// offsets inside the original and in order, each byte's source rune
// normalising to it.
func checkText(t testing.TB, orig string, x *text) {
	t.Helper()
	n := len(x.folded)
	if len(x.cased) != n || len(x.start) != n || len(x.end) != n {
		t.Fatalf("layouts differ: cased %d folded %d start %d end %d", len(x.cased), n, len(x.start), len(x.end))
	}
	if x.noise < 0 || x.noise > n {
		t.Fatalf("noise %d outside [0, %d]", x.noise, n)
	}
	prev := int32(0)
	for i := range n {
		if x.start[i] < prev || x.start[i] >= x.end[i] || int(x.end[i]) > len(orig) {
			t.Fatalf("byte %d: source [%d, %d) out of order or outside %d bytes", i, x.start[i], x.end[i], len(orig))
		}
		prev = x.start[i]
	}
	if !utf8.Valid(x.cased) || !utf8.Valid(x.folded) {
		t.Fatalf("normalised text is not UTF-8: %q", x.cased)
	}
	if strings.Contains(string(x.cased), "  ") || strings.HasPrefix(string(x.cased), " ") || strings.HasSuffix(string(x.cased), " ") {
		t.Fatalf("white space not collapsed: %q", x.cased)
	}
}

func TestExceptionPrefix(t *testing.T) {
	tests := []struct {
		in, want, name string
		n              int
	}{
		{in: "ValueError: bad", name: "ValueError", n: 12},
		{in: "json.decoder.JSONDecodeError: Expecting value", name: "json.decoder.JSONDecodeError", n: 30},
		{in: "java.lang.IllegalStateException: x", name: "java.lang.IllegalStateException", n: 33},
		{in: "KeyboardInterrupt:", name: "KeyboardInterrupt", n: 18},
		{in: "MyThing: bad", want: "pkg.MyThing", name: "MyThing", n: 9},
		{in: "MyThing: bad"},
		{in: "zipfile.BadZipFile: File is not a zip file", name: "zipfile.BadZipFile", n: 20},
		{in: "_queue.Empty: x", name: "_queue.Empty", n: 14},
		{in: "strconv.Atoi: parsing \"12a\": invalid syntax"},
		{in: "os.Open: nothing"},
		{in: "re.error: bad escape", name: "re.error", n: 10},
		{in: "error: lowercase"},
		{in: "open /etc/x: denied"},
		{in: "http: server closed"},
		{in: "Error"},
		{in: "std::invalid_argument: stoi", name: "std::invalid_argument", n: 23},
		{in: "std::out_of_range: vector::_M_range_check: __n (which is 5)", name: "std::out_of_range", n: 19},
		{in: "vector::_M_range_check: __n (which is 5) >= this->size()"},
		{in: "basic_string::copy: __pos (which is 5) > this->size() (which is 2)"},
		{in: "std::io::Error: broken pipe", name: "std::io::Error", n: 16},
		{in: "::leading: x"},
	}
	raised := map[string]family{"BadZipFile": famPython, "Empty": famPython, "NumError": famGo, "error": famPython, "invalid_argument": famC, "out_of_range": famC}
	for _, tt := range tests {
		name, n := exceptionPrefix(tt.in, tt.want, raised)
		if name != tt.name || n != tt.n {
			t.Errorf("exceptionPrefix(%q, %q) = %q, %d; want %q, %d", tt.in, tt.want, name, n, tt.name, tt.n)
		}
	}
}

func TestNormalizeLiteral(t *testing.T) {
	tests := []struct {
		in          string
		first, last bool
		want        string
	}{
		{in: "  a\n  b  ", want: " a b "},
		{in: "  a\n  b  ", first: true, last: true, want: "a b"},
		{in: "“x”", want: "'x'"},
		{in: "\n", want: " "},
		{in: "\n", first: true, want: ""},
	}
	for _, tt := range tests {
		if got := normalizeLiteral(tt.in, tt.first, tt.last); got != tt.want {
			t.Errorf("normalizeLiteral(%q, %v, %v) = %q, want %q", tt.in, tt.first, tt.last, got, tt.want)
		}
	}
}

func TestTokens(t *testing.T) {
	tests := []struct {
		in                  string
		openLeft, openRight bool
		want                []string
	}{
		{in: "expected mask_len > 0, got x2", want: []string{"expected", "mask_len", "0", "got", "x2"}},
		{in: "ms for 0x", openLeft: true, openRight: true, want: []string{"for"}},
		{in: "文件不存在", openLeft: true, openRight: true, want: []string{"文", "件", "不", "存", "在"}},
		{in: "größe ungültig", want: []string{"größe", "ungültig"}},
		{in: strings.Repeat("a", 70), want: []string{strings.Repeat("a", 64)}},
		// Operators of two to four characters; one alone, or a longer
		// rule of dashes, is no token.
		{in: " != ", openLeft: true, openRight: true, want: []string{"!="}},
		{in: "a -> b, x = y, ----------", want: []string{"a", "->", "b", "x", "y"}},
		{in: "std::vector<int>::at", want: []string{"std", "::", "vector", "int", ">::", "at"}},
		{in: "!=", openLeft: true, want: nil},
	}
	for _, tt := range tests {
		var got []string
		eachToken(tt.in, tt.openLeft, tt.openRight, func(s, e int) { got = append(got, tt.in[s:e]) })
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("tokens of %q (-want +got):\n%s", tt.in, diff)
		}
	}
}
