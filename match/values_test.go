package match

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/errdex/errdex"
)

// goSite is a site of a Go repository for the tests of errors as values.
func goSite(t *testing.T, id, path string, line int, fn string, kind errdex.SiteKind, exc, build, tmpl string) *errdex.Site {
	return &errdex.Site{ID: errdex.ID(id), Repo: "golang/go", Language: "go", Kind: kind, Exception: exc, Function: fn, Build: build,
		Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, EndLine: line}}, Template: parseTemplate(t, tmpl)}
}

// TestErrorValues checks the matcher's handling of Go's errors as values:
// build constraints, Error methods against constructions, wrapped values,
// and stacks that do not pass the place a value was made.
func TestErrorValues(t *testing.T) {
	sites := []*errdex.Site{
		goSite(t, "remove-unix", "os/file_unix.go", 387, "os.Remove", errdex.KindRaise, "*fs.PathError", "unix", "remove {name}: {e:error}"),
		goSite(t, "remove-plan9", "os/file_plan9.go", 391, "os.Remove", errdex.KindRaise, "*fs.PathError", "plan9", "remove {name}: {e:error}"),
		goSite(t, "eof-v1", "encoding/json/scanner.go", 173, "json.(*scanner).eof", errdex.KindRaise, "*json.SyntaxError", "", "unexpected end of JSON input"),
		goSite(t, "eof-v2", "encoding/json/v2_scanner.go", 54, "json.init", errdex.KindErrorsNew, "", "goexperiment.jsonv2", "unexpected end of JSON input"),
		goSite(t, "escape-method", "net/url/url.go", 70, "url.EscapeError.Error", errdex.KindErrorMethod, "url.EscapeError", "", "invalid URL escape {e:repr}"),
		goSite(t, "escape-made", "net/url/url.go", 119, "url.unescape", errdex.KindRaise, "url.EscapeError", "", "invalid URL escape {s:repr}"),
		goSite(t, "url-wrap", "net/url/url.go", 370, "url.Parse", errdex.KindRaise, "*url.Error", "", "parse {u:repr}: {err:error}"),
		goSite(t, "open", "os/file_unix.go", 265, "os.openFileNolog", errdex.KindRaise, "*fs.PathError", "unix", "open {name}: {e:error}"),
		goSite(t, "errno-enoent", "syscall/zerrors_linux_amd64.go", 1270, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "no such file or directory"),
		goSite(t, "errno-eisdir", "syscall/zerrors_linux_amd64.go", 1285, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "is a directory"),
		goSite(t, "read-wrap", "os/file.go", 473, "os.(*File).Read", errdex.KindRaise, "*fs.PathError", "", "read {name}: {err:error}"),
		goSite(t, "zip-isdir", "archive/zip/reader.go", 982, "zip.(*openDir).Read", errdex.KindRaise, "*fs.PathError", "", "read {name}: is a directory"),
		goSite(t, "errno-enoent-js", "syscall/tables_js.go", 300, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "js && wasm", "no such file or directory"),
		goSite(t, "err-parse", "flag/flag.go", 105, "flag.init", errdex.KindErrorsNew, "", "", "parse error"),
		goSite(t, "flag-value", "flag/flag.go", 1139, "flag.(*FlagSet).parseOne", errdex.KindErrorsNew, "", "", "invalid value {value:repr} for flag -{name}: {err:error}"),
		goSite(t, "lex-unclosed", "text/template/parse/lex.go", 402, "parse.lexInsideAction", errdex.KindErrorf, "", "", "unclosed action"),
		goSite(t, "parse-errorf", "text/template/parse/parse.go", 176, "parse.(*Tree).errorf", errdex.KindPanic, "", "", "template: {ParseName}:{line:int}: {format}"),
		goSite(t, "port-bracket", "net/url/url.go", 562, "url.parseHost", errdex.KindErrorf, "", "", "invalid port {colonPort:repr} after host"),
		goSite(t, "port-colon", "net/url/url.go", 631, "url.parseHost", errdex.KindErrorf, "", "", "invalid port {colonPort:repr} after host"),
		goSite(t, "parse-error-method", "time/format.go", 902, "time.(*ParseError).Error", errdex.KindErrorMethod, "*time.ParseError", "", "parsing time {Value:repr}: cannot parse {ValueElem:repr}"),
		goSite(t, "parse-error-made", "time/format.go", 1331, "time.parse", errdex.KindRaise, "*time.ParseError", "", "parsing time {value:repr}: cannot parse {elem:repr}"),
		goSite(t, "buildid-wrap", "cmd/internal/buildid/note.go", 103, "buildid.readELF", errdex.KindErrorf, "", "", "parse {name}: {err:error}"),
		goSite(t, "too-long", "bufio/scan.go", 71, "bufio.init", errdex.KindErrorsNew, "", "", "bufio.Scanner: token too long"),
		goSite(t, "flag-invalid", "pflag/flag.go", 493, "pflag.(*FlagSet).Set", errdex.KindErrorf, "", "", "invalid argument {value:repr} for {flag:repr} flag: {err:error}"),
		goSite(t, "pgtype-time", "pgtype/time.go", 195, "pgtype.scanPlanTime.Scan", errdex.KindErrorf, "", "", "time: {err:error}"),
		// Two formatters, one printing the other (serde_json's Display of
		// its error and of the error's code).
		goSite(t, "code-fmt", "src/error.rs", 293, "ErrorCode.fmt", errdex.KindErrorMethod, "ErrorCode", "", "EOF while parsing a value"),
		goSite(t, "impl-fmt", "src/error.rs", 339, "ErrorImpl.fmt", errdex.KindErrorMethod, "Error", "", "{code:error} at line {line:int} column {column:int}"),
		// A panic text/template recovers and returns as an error.
		goSite(t, "tmpl-panic", "text/template/parse/parse.go", 783, "parse.(*Tree).term", errdex.KindPanic, "", "", "function {name:repr} not defined"),
		// A type with a fixed Error text, made in another file than its
		// method and the method of the error type that wraps it.
		goSite(t, "nl-method", "toml/error.go", 220, "toml.errLexStringNL.Error", errdex.KindErrorMethod, "toml.errLexStringNL", "", "strings cannot contain newlines"),
		goSite(t, "nl-made", "toml/lex.go", 693, "toml.lexString", errdex.KindRaise, "toml.errLexStringNL", "", "strings cannot contain newlines"),
		goSite(t, "toml-parse-error", "toml/error.go", 94, "toml.ParseError.Error", errdex.KindErrorMethod, "toml.ParseError", "", "toml: line {line:int} (last key {key:repr}): {err:error}"),
		// template.Must panics again with the error Parse returned.
		goSite(t, "tmpl-must", "text/template/helper.go", 26, "template.Must", errdex.KindRaiseObject, "", "", "{err:error}"),
		{ID: "py-too-long", Repo: "python/cpython", Language: "python", Kind: errdex.KindRaise, Exception: "ValueError", Function: "scan",
			Location: errdex.Location{Span: errdex.Span{Path: "Lib/scan.py", Line: 9, EndLine: 9}}, Template: parseTemplate(t, "scanner: line too long")},
	}
	ix := NewIndex(slices.Values(sites))
	userStack := []Frame{{Path: "/home/u/app/main.go", Line: 12, Function: "main.main"}}
	mustStack := append([]Frame{{Path: "/usr/local/go/src/text/template/helper.go", Line: 26, Function: "text/template.Must"}}, userStack...)
	tests := []struct {
		name   string
		q      Query
		want   []errdex.ID // the first matches, in order
		tied   int         // Result.Tied, when not 0
		reason string      // a reason of the first match, when not ""
		not    string      // no reason of the first match holds this, when not ""
	}{
		{name: "the platform twin a default build compiles first", q: Query{Message: "remove /tmp/x: directory not empty"},
			want: []errdex.ID{"remove-unix", "remove-plan9"}, tied: 1},
		{name: "an experiment's twin scores lower", q: Query{Message: "unexpected end of JSON input"},
			want: []errdex.ID{"eof-v1", "eof-v2"}, tied: 1},
		{name: "the construction before the Error method", q: Query{Message: `invalid URL escape "%zz"`},
			want: []errdex.ID{"escape-made", "escape-method"}, tied: 2},
		{name: "a wrapped value: the inner site, the wrapper named", q: Query{Message: `parse "http://x/%zz": invalid URL escape "%zz"`},
			want: []errdex.ID{"escape-made"}, reason: "wrapper at net/url/url.go:370", not: "other text"},
		{name: "a wrapped Error method: the wrapper", q: Query{Message: "open /etc/app.toml: no such file or directory"},
			want: []errdex.ID{"open"}, reason: "wraps the message raised at syscall/zerrors_linux_amd64.go:1270"},
		{name: "a formatter within a formatter: the inner one, the outer named", q: Query{Message: "EOF while parsing a value at line 1 column 0"},
			want: []errdex.ID{"code-fmt"}, reason: "wrapper at src/error.rs:339"},
		{name: "a wrapped sentinel: the wrapper, the sentinel named", q: Query{Message: `invalid value "http" for flag -port: parse error`},
			want: []errdex.ID{"flag-value"}, reason: "wraps the message raised at flag/flag.go:105"},
		{name: "a message ending in another's text: the inner value", q: Query{Message: "template: page:1: unclosed action"},
			want: []errdex.ID{"lex-unclosed"}, reason: "wrapper at text/template/parse/parse.go:176"},
		{name: "a wrapped value made at two places: both credited, tied", q: Query{Message: `parse "http://x:port/": invalid port ":port" after host`},
			want: []errdex.ID{"port-bracket", "port-colon"}, tied: 2, reason: "wrapper at net/url/url.go:370"},
		{name: "a construction in another file than its type's Error method, inside a wrapper", q: Query{Message: `toml: line 1 (last key "B"): strings cannot contain newlines`},
			want: []errdex.ID{"nl-made"}, reason: "wrapper at toml/error.go:94"},
		{name: "a construction before its type's Error method inside a wrapper", q: Query{Message: `parse --since: parsing time "2024-1-5": cannot parse "1-5"`},
			want: []errdex.ID{"parse-error-made"}},
		{name: "a remark the application appended", q: Query{Message: "open /etc/app.toml: no such file or directory (is the volume mounted?)"},
			want: []errdex.ID{"open"}, reason: "wraps the message raised at syscall/zerrors_linux_amd64.go:1270"},
		{name: "no remark: text glued to the wrapped message", q: Query{Message: "open /etc/app.toml: no such file or directory_backup"},
			want: []errdex.ID{"errno-enoent"}, not: "wraps the message"},
		// Go's time package is not indexed: a generic "time: %w" elsewhere
		// that happens to begin the wrapped text is no better a place.
		{name: "a wrapped message a short generic template happens to begin: the wrapper", q: Query{Message: `invalid argument "5x" for "--timeout" flag: time: unknown unit "x" in duration "5x"`},
			want: []errdex.ID{"flag-invalid"}},
		{name: "a value printed by a panic elsewhere", q: Query{Message: "bufio.Scanner: token too long", Frames: userStack},
			want: []errdex.ID{"too-long"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkFirst(t, ix.Match(tt.q, Options{}), tt.want, tt.tied, tt.reason, tt.not)
		})
	}

	// A system message (syscall.Errno's table) wrapped in os is as good
	// as the same text spelled out in another package: the two tie,
	// whatever order the priors then give them.
	isdir := ix.Match(Query{Message: "read /etc: is a directory"}, Options{})
	var first []errdex.ID
	for _, m := range isdir.Matches[:min(2, len(isdir.Matches))] {
		first = append(first, m.ID)
	}
	if isdir.Tied != 2 || !slices.Contains(first, "read-wrap") || !slices.Contains(first, "zip-isdir") {
		t.Errorf("read /etc: is a directory: %v, %d tied; want read-wrap and zip-isdir tied first", ids(isdir), isdir.Tied)
	}

	// Go prints no type before a message: a typed message counts against
	// a Go site.
	plain := ix.Match(Query{Message: "bufio.Scanner: token too long"}, Options{})
	typed := ix.Match(Query{Message: "ValueError: bufio.Scanner: token too long"}, Options{})
	if len(plain.Matches) == 0 || len(typed.Matches) > 0 && typed.Matches[0].Score >= plain.Matches[0].Score {
		t.Errorf("a typed message scores %v, the plain one %v: want the typed one lower", ids(typed), ids(plain))
	}

	// A stack that does not pass a value's site says nothing against it;
	// one that does not pass a raise contradicts the raise.
	for _, tt := range []struct {
		msg          string
		stack        []Frame
		contradicted bool
	}{
		{"bufio.Scanner: token too long", userStack, false},
		{`function "upper" not defined`, userStack, false}, // a Go panic may be recovered and returned
		{`function "upper" not defined`, mustStack, false}, // ... and raised again by a panic(err) the stack passes
		{"scanner: line too long", []Frame{{Path: "/home/u/app/main.py", Line: 3, Function: "<module>"}}, true},
	} {
		bare := ix.Match(Query{Message: tt.msg}, Options{})
		stacked := ix.Match(Query{Message: tt.msg, Frames: tt.stack}, Options{})
		if len(bare.Matches) == 0 {
			t.Fatalf("%q: no match: %s", tt.msg, bare.Reason)
		}
		got := len(stacked.Matches) == 0 || stacked.Matches[0].Score < bare.Matches[0].Score
		if got != tt.contradicted {
			t.Errorf("%q with a stack: %v (%s); contradicted %v, want %v", tt.msg, ids(stacked), stacked.Reason, got, tt.contradicted)
		}
	}
}

// TestWrappingLayers checks that the value at the bottom of several
// layers of wrapping comes first, credited with all of them.
func TestWrappingLayers(t *testing.T) {
	// decodeInt returns newDecodeError(name, &UnconvertibleTypeError{...}):
	// the construction cites the helper that wraps it.
	msUnconv := goSite(t, "ms-unconv-made", "mapstructure/mapstructure.go", 828, "mapstructure.(*Decoder).decodeInt", errdex.KindRaise, "*mapstructure.UnconvertibleTypeError", "", "expected type '{Type}', got unconvertible type '{data}'")
	msUnconv.Provenance = []errdex.Fact{{Name: "newDecodeError", Kind: errdex.FactHelper, Location: errdex.Span{Path: "mapstructure/errors.go", Line: 31}}}
	ix := NewIndex(slices.Values([]*errdex.Site{
		goSite(t, "env-field", "env/error.go", 67, "env.newParseError", errdex.KindErrorf, "", "", "env: parse error on field {field:repr} of type {typ:repr}: {err:error}"),
		goSite(t, "env-dur", "env/env.go", 104, "env.parseDuration", errdex.KindErrorf, "", "", "unable to parse duration: {err:error}"),
		goSite(t, "time-unit", "time/format.go", 1700, "time.ParseDuration", errdex.KindErrorsNew, "", "", "time: unknown unit {u:repr} in duration {orig:repr}"),
		goSite(t, "env-file", "env/error.go", 154, "env.newLoadFileContentError", errdex.KindErrorf, "", "", "env: could not load content of file {file:repr} from variable {name}: {err:error}"),
		goSite(t, "open", "os/file_unix.go", 265, "os.openFileNolog", errdex.KindRaise, "*fs.PathError", "unix", "open {name}: {e:error}"),
		goSite(t, "errno-enoent", "syscall/zerrors_linux_amd64.go", 1270, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "no such file or directory"),
		// A construction whose text is its type's Error method's, under
		// a constructor whose Error method prefixes a name, under a
		// wrapper joining errors.
		goSite(t, "ms-decode", "mapstructure/mapstructure.go", 538, "mapstructure.(*Decoder).Decode", errdex.KindErrorf, "", "", `decoding failed due to the following error(s):\n\n{err:error}`),
		goSite(t, "ms-newdecode", "mapstructure/errors.go", 31, "mapstructure.newDecodeError", errdex.KindRaise, "*mapstructure.DecodeError", "", "'{name}' {err:error}"),
		goSite(t, "ms-unconv-method", "mapstructure/errors.go", 72, "mapstructure.(*UnconvertibleTypeError).Error", errdex.KindErrorMethod, "*mapstructure.UnconvertibleTypeError", "", "expected type '{Type}', got unconvertible type '{data}'"),
		msUnconv,
	}))
	for _, tt := range []struct {
		name   string
		msg    string
		want   errdex.ID
		reason string
	}{
		{"a value inside two layers of wrapping", `env: parse error on field "Dur" of type "time.Duration": unable to parse duration: time: unknown unit " parsecs" in duration "3 parsecs"`,
			"time-unit", "wrapper at env/env.go:104"},
		{"a value whose own text is short beside its wrapper's, with the message it wraps in turn", `env: could not load content of file "/nonexistent/file" from variable FILEX: open /nonexistent/file: no such file or directory`,
			"open", "wrapper at env/error.go:154"},
		{"a construction of an Error method's type, under two layers", "decoding failed due to the following error(s):\n\n'A' expected type 'int', got unconvertible type 'string'",
			"ms-unconv-made", "wrapper at mapstructure/errors.go:31"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			checkFirst(t, ix.Match(Query{Message: tt.msg}, Options{}), []errdex.ID{tt.want}, 0, tt.reason, "")
		})
	}
}

func TestBuildLevel(t *testing.T) {
	tests := []struct {
		build string
		want  uint8
	}{
		{"", 3},
		{"unix", 3},
		{"linux && amd64", 3},
		{"darwin", 2},
		{"windows", 1},
		{"plan9", 0},
		{"js && wasm", 0},
		{"goexperiment.jsonv2", 0},
		{"!goexperiment.jsonv2", 3},
		{"ignore", 0},
		{"go1.21 && (darwin || windows)", 2},
		{"(((", 3}, // does not parse: no constraint known
	}
	for _, tt := range tests {
		if got := buildLevel(tt.build); got != tt.want {
			t.Errorf("buildLevel(%q) = %d, want %d", tt.build, got, tt.want)
		}
	}
}

// TestHelperCalls checks that a helper whose calls tie comes first, and
// that a call the message singles out stays first.
func TestHelperCalls(t *testing.T) {
	call := func(id string, line int, fn, tmpl string) *errdex.Site {
		s := goSite(t, id, "os/file.go", line, fn, errdex.KindRaise, "*fs.PathError", "", tmpl)
		s.Provenance = []errdex.Fact{{Name: "wrapErr", Kind: errdex.FactHelper, Location: errdex.Span{Path: "os/file.go", Line: 475}}}
		return s
	}
	sites := []*errdex.Site{
		call("readfrom", 183, "os.(*File).ReadFrom", "write {name:path}: {e:error}"),
		call("write", 226, "os.(*File).Write", "write {name:path}: {e:error}"),
		call("seek", 312, "os.(*File).Seek", "seek {name:path}: {e:error}"),
		goSite(t, "wrap-err", "os/file.go", 475, "os.(*File).wrapErr", errdex.KindRaise, "*fs.PathError", "", "{op} {name:path}: {err:error}"),
		goSite(t, "eio", "syscall/zerrors_linux_amd64.go", 1362, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "input/output error"),
		goSite(t, "new-syscall-error", "os/error.go", 71, "os.NewSyscallError", errdex.KindRaise, "*os.SyscallError", "", "{syscall}: {err:error}"),
		goSite(t, "econnrefused", "syscall/zerrors_linux_amd64.go", 1290, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "connection refused"),
	}
	for i, line := range []int{72, 143} {
		s := goSite(t, fmt.Sprint("connect-", i), "net/fd_unix.go", line, "net.(*netFD).connect", errdex.KindRaise, "*os.SyscallError", "unix", "connect: {err:error}")
		s.Provenance = []errdex.Fact{{Name: "NewSyscallError", Kind: errdex.FactHelper, Location: errdex.Span{Path: "os/error.go", Line: 71}}}
		sites = append(sites, s)
	}
	ix := NewIndex(slices.Values(sites))
	for _, tt := range []struct {
		msg    string
		want   []errdex.ID
		tied   int
		reason string
	}{
		{"write /data/out.bin: input/output error", []errdex.ID{"wrap-err", "readfrom", "write"}, 3, "2 calls of this helper match equally well"},
		{"seek /data/out.bin: input/output error", []errdex.ID{"seek"}, 1, ""},
		// A constructor of another file: its calls say more.
		{"connect: connection refused", []errdex.ID{"connect-0", "connect-1"}, 2, ""},
	} {
		t.Run(tt.msg, func(t *testing.T) {
			checkFirst(t, ix.Match(Query{Message: tt.msg}, Options{}), tt.want, tt.tied, tt.reason, "")
		})
	}
}

// TestFactoryCalls checks that a JavaScript factory whose throws repeat
// its message whole, and so tie with it, comes first among them; a Go
// helper tied with its calls stays where its priors put it.
func TestFactoryCalls(t *testing.T) {
	site := func(id string, line int, fn string) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "msgpackr", Language: "javascript", Kind: errdex.KindThrow, Exception: "Error", Function: fn,
			Location: errdex.Location{Span: errdex.Span{Path: "unpack.js", Line: line, EndLine: line}}, Template: parseTemplate(t, "Unexpected end of MessagePack data")}
	}
	var sites []*errdex.Site
	for i, line := range []int{241, 370, 376} {
		s := site(fmt.Sprint("throw-", i), line, "read")
		s.Provenance = []errdex.Fact{{Name: "endOfMessagePackError", Kind: errdex.FactHelper, Location: errdex.Span{Path: "unpack.js", Line: 767}}}
		sites = append(sites, s)
	}
	sites = append(sites, site("factory", 767, "endOfMessagePackError"))
	ix := NewIndex(slices.Values(sites))
	checkFirst(t, ix.Match(Query{Message: "Unexpected end of MessagePack data"}, Options{}),
		[]errdex.ID{"factory"}, 4, "3 calls of this helper match equally well", "")
}

// TestSentinelFirst checks that an exported sentinel's definition comes
// before a tied site raising the sentinel itself, whatever their priors
// say, and that no other site moves.
func TestSentinelFirst(t *testing.T) {
	panicEOF := func(id string, line int, cite int) *errdex.Site {
		s := goSite(t, id, "fmt/scan.go", line, "fmt.(*ss).notEOF", errdex.KindPanic, "*errors.errorString", "", "EOF")
		s.Provenance = []errdex.Fact{{Name: "EOF", Kind: errdex.FactWraps, Location: errdex.Span{Path: "io/io.go", Line: cite}}}
		s.Reach.Importers = 500 // more than the sentinel's file: first by priors
		return s
	}
	panicUnexported := func(id string, line int, cite int) *errdex.Site {
		s := goSite(t, id, "fmt/scan.go", line, "fmt.(*ss).notEOF", errdex.KindPanic, "*errors.errorString", "", "EOF")
		s.Provenance = []errdex.Fact{{Name: "eofError", Kind: errdex.FactWraps, Location: errdex.Span{Path: "io/io.go", Line: cite}}}
		s.Reach.Importers = 500 // more than the sentinel's file: first by priors
		return s
	}
	def := goSite(t, "io-eof", "io/io.go", 44, "io.init", errdex.KindErrorsNew, "*errors.errorString", "", "EOF")
	def.Reach.Importers = 20
	other := goSite(t, "io-unexpected", "io/io.go", 51, "io.init", errdex.KindErrorsNew, "*errors.errorString", "", "EOF")
	other.Reach.Importers = 20
	for _, tt := range []struct {
		name  string
		sites []*errdex.Site
		want  []errdex.ID
	}{
		{"definition before the use", []*errdex.Site{panicEOF("scan-eof", 508, 44), def}, []errdex.ID{"io-eof", "scan-eof"}},
		{"the cited definition, not another of the same text", []*errdex.Site{panicEOF("scan-eof", 508, 51), def, other}, []errdex.ID{"io-unexpected", "scan-eof", "io-eof"}},
		{"a citation of no site changes nothing", []*errdex.Site{panicEOF("scan-eof", 508, 45), def}, []errdex.ID{"scan-eof", "io-eof"}},
		{"two uses of one sentinel", []*errdex.Site{panicEOF("scan-eof", 508, 44), panicEOF("scan-eof-2", 520, 44), def}, []errdex.ID{"io-eof", "scan-eof", "scan-eof-2"}},
		{"an unexported sentinel's use keeps its place", []*errdex.Site{panicUnexported("scan-eof", 508, 44), def}, []errdex.ID{"scan-eof", "io-eof"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ix := NewIndex(slices.Values(tt.sites))
			checkFirst(t, ix.Match(Query{Message: "EOF"}, Options{}), tt.want, len(tt.sites), "", "")
		})
	}
}

// checkFirst checks that res's first matches are want, in order; that
// res.Tied is tied (unless tied is 0); and that the first match has a
// reason containing reason and none containing not (each unless "").
func checkFirst(t *testing.T, res Result, want []errdex.ID, tied int, reason, not string) {
	t.Helper()
	var got []errdex.ID
	for _, m := range res.Matches {
		got = append(got, m.ID)
	}
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Fatalf("matches %v, want first %v", ids(res), want)
	}
	if tied != 0 && res.Tied != tied {
		t.Errorf("tied %d, want %d", res.Tied, tied)
	}
	if len(res.Matches) == 0 {
		return
	}
	has := func(s string) bool {
		return slices.ContainsFunc(res.Matches[0].Reasons, func(r string) bool { return strings.Contains(r, s) })
	}
	if reason != "" && !has(reason) {
		t.Errorf("reasons %q, want one containing %q", res.Matches[0].Reasons, reason)
	}
	if not != "" && has(not) {
		t.Errorf("reasons %q, want none containing %q", res.Matches[0].Reasons, not)
	}
}

// TestRethrow checks that a stack whose innermost frame re-raises a value
// made elsewhere (`panic(err)`) leaves the value's site first.
func TestRethrow(t *testing.T) {
	sites := []*errdex.Site{
		goSite(t, "register", "net/http/server.go", 2882, "http.(*ServeMux).register", errdex.KindRaiseObject, "", "", "{err:error}"),
		goSite(t, "wildcard", "net/http/pattern.go", 156, "http.parsePattern", errdex.KindErrorsNew, "", "", "bad wildcard segment (must end with '}')"),
		goSite(t, "handle-panic", "net/http/server.go", 2857, "http.(*ServeMux).HandleFunc", errdex.KindPanic, "", "", "http: nil handler"),
		goSite(t, "conflict", "net/http/server.go", 2917, "http.(*ServeMux).registerErr", errdex.KindErrorf, "", "", "pattern {pat:repr} conflicts with pattern {pat2:repr}"),
	}
	ix := NewIndex(slices.Values(sites))
	frames := []Frame{
		{Path: "/usr/local/go/src/net/http/server.go", Line: 2882, Function: "net/http.(*ServeMux).register"},
		{Path: "/home/u/app/main.go", Line: 12, Function: "main.main"},
	}
	res := ix.Match(Query{Message: "bad wildcard segment (must end with '}')", Frames: frames}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "wildcard" {
		t.Errorf("matches %v, want the value's site first", ids(res))
	}
	// Made in the re-raise's own file: the frame says nothing of it either.
	res = ix.Match(Query{Message: `pattern "GET /a/{x}" conflicts with pattern "GET /a/{y}"`, Frames: frames}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "conflict" {
		t.Errorf("matches %v, want the value's site in the same file first", ids(res))
	}
	// A panic with text of its own at the frame stays first.
	frames[0].Line = 2857
	res = ix.Match(Query{Message: "http: nil handler", Frames: frames}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "handle-panic" {
		t.Errorf("matches %v, want the panic at the frame first", ids(res))
	}
}

// TestChainLayers checks that the inner layer of an error chain is found
// when its template is one common word and an error ("write: {err}"),
// which the whole message's rarer words keep out of the candidates.
func TestChainLayers(t *testing.T) {
	sites := []*errdex.Site{
		goSite(t, "epipe", "syscall/zerrors_linux_amd64.go", 1389, "syscall.Errno.Error", errdex.KindErrorMethod, "syscall.Errno", "linux && amd64", "broken pipe"),
	}
	// Wrappers of more of the message's words, made first: more of them
	// than are verified beyond the limit.
	for i := range maxWrappers + 4 {
		sites = append(sites, goSite(t, fmt.Sprintf("write-%d", i), fmt.Sprintf("os/w%d.go", i), 10, "os.w", errdex.KindRaise, "*fs.PathError", "",
			"write {name} tcp: {err:error}"))
	}
	sites = append(sites, goSite(t, "netfd-write", "net/fd_posix.go", 111, "net.(*netFD).Write", errdex.KindRaise, "*os.SyscallError", "", "write: {err:error}"))
	ix := NewIndex(slices.Values(sites))
	res := ix.Match(Query{Message: "write tcp 10.0.0.1:443->10.0.0.2:5555: write: broken pipe"}, Options{MaxCandidates: 4})
	if len(res.Matches) == 0 || res.Matches[0].ID != "netfd-write" {
		var got []errdex.ID
		for _, m := range res.Matches {
			got = append(got, m.ID)
		}
		t.Fatalf("matches %v, want netfd-write first", got)
	}
	if r := strings.Join(res.Matches[0].Reasons, "; "); !strings.Contains(r, "zerrors_linux_amd64.go:1389") {
		t.Errorf("reasons %q do not name the errno it wraps", r)
	}
	for _, tt := range []struct {
		msg  string
		want []int
	}{
		{"write tcp a->b: write: broken pipe", []int{16, 23}},
		{"no separator", nil},
		{"trailing: ", nil},
		{"a: b", []int{3}},
	} {
		var got []int
		for from := 0; ; {
			if from = nextLayer([]byte(tt.msg), from); from < 0 {
				break
			}
			got = append(got, from)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("layers of %q at %v, want %v", tt.msg, got, tt.want)
		}
	}
}
