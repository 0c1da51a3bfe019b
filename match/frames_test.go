package match

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestMatchEvidence(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name    string
		q       Query
		want    []errdex.ID // the leading matches, in order
		reason  string      // the first reason of the top match
		values  []string
		nearest *Location
	}{
		{
			name: "message in a variable, found by the innermost frame",
			q: Query{Message: "config value x is weird", Exception: "ValueError", Frames: []Frame{
				{Path: "/home/u/venv/lib/python3.11/site-packages/pkg/core.py", Line: 40, Function: "load"},
				{Path: "app.py", Line: 3, Function: "<module>"},
			}},
			want:    []errdex.ID{"py-opaque"},
			reason:  "the innermost frame (pkg/core.py:40) is this raise",
			values:  []string{"msg=config value x is weird"},
			nearest: &Location{Repo: "acme/pkg", Path: "pkg/core.py", Line: 40, Function: "load"},
		},
		{
			name: "a frame tells duplicates apart",
			q: Query{Message: "timeout must be positive", Exception: "ValueError", Frames: []Frame{
				{Path: `C:\work\b\limits.py`, Line: 20, Function: "check"},
			}},
			// dup-a is not on the stack: the traceback rules it out.
			want:    []errdex.ID{"dup-b"},
			reason:  "the innermost frame (b/limits.py:20) is this raise",
			nearest: &Location{Repo: "acme/b", Path: "b/limits.py", Line: 20, Function: "check"},
		},
		{
			// Two repositories hold util/helpers.py; the frame's line is
			// a raise in one of them only, whichever is indexed first.
			name: "a raise in one of the files a frame names",
			q: Query{Message: "widget count is negative", Exception: "ValueError", Frames: []Frame{
				{Path: "/srv/venv/lib/python3.11/site-packages/util/helpers.py", Line: 12, Function: "check"},
			}},
			want:    []errdex.ID{"helpers-x"},
			reason:  "the innermost frame (util/helpers.py:12) is this raise",
			values:  []string{"reason=widget count is negative"},
			nearest: &Location{Repo: "acme/x", Path: "util/helpers.py", Line: 12, Function: "check"},
		},
		{
			// Java records where an exception is created: the innermost
			// frame is the factory's "return new ...", the next one
			// the throw.
			name: "a factory's frames inside the throw",
			q: Query{Message: `For input string: "x"`, Exception: "java.lang.NumberFormatException", Frames: []Frame{
				{Path: "NumberFormatException.java", Line: 67, Function: "java.lang.NumberFormatException.forInputString"},
				{Path: "java.base/java/lang/Integer.java", Line: 668, Function: "java.lang.Integer.parseInt"},
				{Path: "Main.java", Line: 5, Function: "Main.main"},
			}},
			want:    []errdex.ID{"java-nfe-parse"},
			reason:  "frame 2 of the traceback (java/lang/Integer.java:668) is this raise, of the exception the frames inside it built (java.lang.NumberFormatException.forInputString)",
			values:  []string{"s=x"},
			nearest: &Location{Repo: "openjdk/jdk", Path: "java/lang/Integer.java", Line: 668, Function: "java.lang.Integer.parseInt", Frame: 1},
		},
		{
			// Two packages hold lib/index.js, with a raise at the
			// innermost frame's line in the other one; the frame's path
			// names its package.
			name: "a package's directory names its repository",
			q: Query{Message: "not found: nosuchcmd", Exception: "Error", Frames: []Frame{
				{Path: "/usr/lib/node_modules/npm/node_modules/which/lib/index.js", Line: 2, Function: "notFound"},
				{Path: "/usr/lib/node_modules/npm/node_modules/which/lib/index.js", Line: 4, Function: "whichSync"},
				{Path: "/tmp/x.js", Line: 1, Function: "Object.<anonymous>"},
			}},
			want:    []errdex.ID{"js-which"},
			reason:  "frame 2 of the traceback (lib/index.js:4) is this raise, of the exception the frames inside it built (notFound)",
			values:  []string{"cmd=nosuchcmd"},
			nearest: &Location{Repo: "npm/which", Path: "lib/index.js", Line: 4, Function: "whichSync", Frame: 1},
		},
		{
			// The library hid its own frames (Error.captureStackTrace):
			// a stack of the caller's code only says nothing against
			// it.
			name: "a JavaScript stack without the library's frames",
			q: Query{Message: "not found: nosuchcmd", Exception: "Error", Frames: []Frame{
				{Path: "/srv/app/main.js", Line: 12, Function: "start"},
				{Path: "node:internal/modules/cjs/loader", Line: 1364, Function: "Module._compile"},
			}},
			want:   []errdex.ID{"js-which"},
			reason: "the message matches the template",
			values: []string{"cmd=nosuchcmd"},
		},
		{
			// URI.create rethrows URI.Parser's URISyntaxException as an
			// IllegalArgumentException with its message; a lone error
			// hole in another file says nothing of this text.
			name:   "a wrapper passing on the message under another type",
			q:      Query{Message: "Illegal character in authority at index 7: http://a b/", Exception: "java.lang.IllegalArgumentException"},
			want:   []errdex.ID{"java-uri-create", "java-uri-fail"},
			reason: "the template is the message of the error it wraps",
			values: []string{"x=Illegal character in authority at index 7: http://a b/"},
		},
		{
			// Java's new JsonSyntaxException(cause) takes the cause's
			// toString() for its message, type and all; the wrapper is in
			// another file than the raise of the words.
			name:   "a wrapper elsewhere whose message is its cause printed whole",
			q:      Query{Message: "java.io.EOFException: End of input at line 1 column 5 path $.", Exception: "com.google.gson.JsonSyntaxException"},
			want:   []errdex.ID{"java-gson-fromjson"},
			reason: "the template is the message of the error it wraps",
			values: []string{"cause=java.io.EOFException: End of input at line 1 column 5 path $."},
		},
		{
			// packaging's Requirement raises InvalidRequirement(str(e))
			// around the tokenizer's ParserSyntaxError, in another
			// module: the printed type settles it for the wrapper.
			name:   "a Python wrapper elsewhere passing on a message of several lines",
			q:      Query{Message: "Invalid marker: a variable or quoted string must follow\n    foo >= 1.0 ;;\n                ^", Exception: "req.requirements.InvalidRequirement"},
			want:   []errdex.ID{"py-req-wrap", "py-tok-raise"},
			reason: "the template is the message of the error it wraps",
			values: []string{"e=Invalid marker: a variable or quoted string must follow"}, // the excerpt and caret are noise
		},
		{
			// The innermost frame is a helper throwing the message it is
			// given; the call above it wrote the words.
			name: "a raise passing on its caller's message",
			q: Query{Message: "error: unknown option '--bogus'", Exception: "CommanderError", Frames: []Frame{
				{Path: "/app/node_modules/commander/lib/command.js", Line: 535, Function: "Command._exit"},
				{Path: "/app/node_modules/commander/lib/command.js", Line: 2136, Function: "Command.unknownOption"},
				{Path: "/app/cli.js", Line: 3, Function: "Object.<anonymous>"},
			}},
			want:    []errdex.ID{"js-unknown", "js-exit"},
			reason:  "frame 2 of the traceback (lib/command.js:2136) is at this site, whose message the raise inside it passes on",
			values:  []string{"flag=--bogus"},
			nearest: &Location{Repo: "tj/commander.js", Path: "lib/command.js", Line: 535, Function: "Command._exit"},
		},
		{
			// The helper adds words of its own around the text it is
			// given; the call above it, whose template fills that text
			// in, explains the message better.
			name: "a raise passing on part of its caller's message",
			q: Query{Message: "Invalid TOML document: invalid value", Exception: "TomlError", Frames: []Frame{
				{Path: "/app/node_modules/smol-toml/dist/error.js", Line: 65, Function: "TomlError.x"},
				{Path: "/app/node_modules/smol-toml/dist/extract.js", Line: 141, Function: "parseNumber"},
				{Path: "/app/main.js", Line: 3, Function: "Object.<anonymous>"},
			}},
			want:    []errdex.ID{"js-toml-number", "js-toml-x"},
			reason:  "frame 2 of the traceback (dist/extract.js:141) is at this site, whose message the raise inside it passes on",
			nearest: &Location{Repo: "squirrelchat/smol-toml", Path: "dist/error.js", Line: 65, Function: "TomlError.x"},
		},
		{
			// The same, the message followed by the position of the error
			// in the input (and a code frame quoting it), which costs
			// the caller's text little: yaml's onError callback builds
			// the error, the compose function above it wrote the words.
			name: "a raise passing on its caller's message, a position appended",
			q: Query{Message: "Map keys must be unique at line 2, column 1:\n\na: 1\na: 2\n^", Exception: "YAMLParseError", Frames: []Frame{
				{Path: "/app/node_modules/yaml/dist/compose/composer.js", Line: 70, Column: 34, Function: "Composer.onError"},
				{Path: "/app/node_modules/yaml/dist/compose/resolve-block-map.js", Line: 64, Column: 13, Function: "Object.resolveBlockMap"},
				{Path: "/app/main.js", Line: 3, Function: "Object.<anonymous>"},
			}},
			want:    []errdex.ID{"js-yaml-dupkey", "js-yaml-onerror"},
			reason:  "frame 2 of the traceback (dist/compose/resolve-block-map.js:64) is at this site, whose message the raise inside it passes on",
			nearest: &Location{Repo: "eemeli/yaml", Path: "dist/compose/composer.js", Line: 70, Function: "Composer.onError"},
		},
		{
			// A class factory's code, in a file with no raise, made the
			// error inside "new EmptyErrorImpl"; the frame outside the
			// construction threw it.
			name: "frames inside a JavaScript constructor",
			q: Query{Message: "no elements in sequence", Exception: "Error", Frames: []Frame{
				{Path: "/app/node_modules/rxjs/dist/cjs/internal/util/createErrorClass.js", Line: 7, Function: "_super"},
				{Path: "/app/node_modules/rxjs/dist/cjs/internal/util/EmptyError.js", Line: 7, Function: "new EmptyErrorImpl"},
				{Path: "/app/node_modules/rxjs/dist/cjs/internal/firstValueFrom.js", Line: 20, Function: "Object.complete"},
				{Path: "/app/main.js", Line: 3, Function: "Object.<anonymous>"},
			}},
			want:    []errdex.ID{"js-rx-first"},
			reason:  "frame 3 of the traceback (dist/cjs/internal/firstValueFrom.js:20) is this raise, of the exception the frames inside it built (_super)",
			nearest: &Location{Repo: "reactivex/rxjs", Path: "dist/cjs/internal/firstValueFrom.js", Line: 20, Function: "Object.complete", Frame: 2},
		},
		{
			// Rust's Debug text of a unit struct is its name: a message of
			// one word no site raises as an exception without a message.
			name:   "a one-word message that names a type",
			q:      Query{Message: "ParseBoolError"},
			want:   []errdex.ID{"rust-parsebool"},
			reason: "the message matches the template",
		},
		{
			// Boost.Format writes its class into its messages: the
			// leading "Type: " is the message's own text.
			name:   "a message that starts with its class's name",
			q:      Query{Message: "boost::bad_format_string: format-string is ill-formed"},
			want:   []errdex.ID{"cpp-badformat"},
			reason: "the message matches the template",
		},
		{
			// The same, from a terminate report naming the class.
			name:   "a message that starts with its class's name, the class given",
			q:      Query{Message: "boost::bad_format_string: format-string is ill-formed", Exception: "boost::io::bad_format_string"},
			want:   []errdex.ID{"cpp-badformat"},
			reason: "the message matches the template",
		},
		{
			// The same text alone may well be Go's.
			name:   "a message alone of Go code",
			q:      Query{Message: "division by zero"},
			want:   []errdex.ID{"go-divzero"},
			reason: "the message matches the template",
		},
		{
			name:   "a repository hint tells duplicates apart",
			q:      Query{Message: "timeout must be positive", Repo: "github.com/acme/b"},
			want:   []errdex.ID{"dup-b", "dup-a"},
			reason: "the message matches the template",
		},
		{
			// A Python raise of TypeError never prints ValueError: the
			// other site drops out (see pytypes.go).
			name:   "the exception type tells duplicates apart",
			q:      Query{Message: "unsupported operand for -: 'x'", Exception: "ValueError"},
			want:   []errdex.ID{"exc-value"},
			reason: "the message matches the template",
			values: []string{"op=-", "value='x'"},
		},
		{
			name: "a message built by the exception class, at the raise",
			q: Query{Message: "File does not exist: /data/x.csv", Exception: "io.errors.MissingFileError", Frames: []Frame{
				{Path: "/srv/app/acme_io/io/files.py", Line: 71, Function: "open"},
			}},
			want:    []errdex.ID{"cls-msg"},
			reason:  "the innermost frame (io/files.py:71) is this raise",
			values:  []string{"path=∅"},
			nearest: &Location{Repo: "acme/io", Path: "io/files.py", Line: 71, Function: "open"},
		},
		{
			name: "an exception raised without a message",
			q: Query{Message: "EOFError", Frames: []Frame{
				{Path: "/usr/lib/python3.11/wave.py", Line: 114, Function: "__init__"},
				{Path: "/home/u/app.py", Line: 2, Function: "<module>"},
			}},
			want:    []errdex.ID{"eof"},
			reason:  "the innermost frame (Lib/wave.py:114) is this raise",
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/wave.py", Line: 114, Function: "__init__"},
		},
		{
			name:   "an exception name alone: the sites raising it without a message",
			q:      Query{Message: "EOFError"},
			want:   []errdex.ID{"eof"},
			reason: "the site raises the exception without a message",
		},
		{
			name:   "a class of a private module printed under its public one",
			q:      Query{Message: "_queue.Empty"},
			want:   []errdex.ID{"queue-empty"},
			reason: "the site raises the exception without a message",
		},
		{
			name: "lines moved since the indexed version",
			q: Query{Message: "file /tmp/a.txt is empty", Exception: "ValueError", Frames: []Frame{
				{Path: "/srv/app/acme_io/io/files.py", Line: 131, Function: "read"},
			}},
			want:    []errdex.ID{"drift"},
			reason:  "the innermost frame (io/files.py:131) is in this function",
			values:  []string{"path=/tmp/a.txt"},
			nearest: &Location{Repo: "acme/io", Path: "io/files.py", Line: 131, Function: "read"},
		},
		{
			name: "a C function raised under Python frames that do not show it",
			q: Query{Message: "unhashable type: 'list'", Exception: "TypeError", Frames: []Frame{
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 353, Function: "raw_decode"},
				{Path: "/home/u/app.py", Line: 7, Function: "<module>"},
			}},
			want:    []errdex.ID{"c-unhashable"},
			reason:  "the message matches the template",
			values:  []string{"type='list'"},
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/json/decoder.py", Line: 353, Function: "raw_decode"},
		},
		{
			name: "a Java lambda's frame names its enclosing method",
			q: Query{Message: "order 17 already shipped", Exception: "java.lang.IllegalStateException", Frames: []Frame{
				{Path: "com/acme/Orders.java", Line: 50, Function: "com.acme.Orders.lambda$process$0"},
				{Path: "java/util/ArrayList.java", Line: 1511, Function: "java.util.ArrayList.forEach"},
				{Path: "com/acme/Orders.java", Line: 49, Function: "com.acme.Orders.process"},
			}},
			want:    []errdex.ID{"java-ship-process"},
			reason:  "the innermost frame (src/main/java/com/acme/Orders.java:50) is in this function",
			values:  []string{"id=17"},
			nearest: &Location{Repo: "acme/svc", Path: "src/main/java/com/acme/Orders.java", Line: 50, Function: "com.acme.Orders.lambda$process$0"},
		},
		{
			name: "a Java lambda in a constructor",
			q: Query{Message: "order 3 already shipped", Exception: "java.lang.IllegalStateException", Frames: []Frame{
				{Path: "com/acme/Orders.java", Line: 25, Function: "com.acme.Orders.lambda$new$1"},
			}},
			want:    []errdex.ID{"java-ship-init"},
			reason:  "the innermost frame (src/main/java/com/acme/Orders.java:25) is in this function",
			values:  []string{"id=3"},
			nearest: &Location{Repo: "acme/svc", Path: "src/main/java/com/acme/Orders.java", Line: 25, Function: "com.acme.Orders.lambda$new$1"},
		},
		{
			name: "V8's Object.<anonymous> is the module level",
			q: Query{Message: "missing API key for maps", Exception: "Error", Frames: []Frame{
				{Path: "/srv/app/scripts/setup.js", Line: 5, Function: "Object.<anonymous>"},
				{Path: "node:internal/modules/cjs/loader", Line: 1105, Function: "Module._compile"},
			}},
			want:    []errdex.ID{"js-key-module"},
			reason:  "the innermost frame (scripts/setup.js:5) is in this function",
			values:  []string{"service=maps"},
			nearest: &Location{Repo: "acme/web", Path: "scripts/setup.js", Line: 5, Function: "Object.<anonymous>"},
		},
		{
			name: "a Java exception's factory, in a file with no raise, makes what its caller throws",
			q: Query{Message: "Document already has a root element", Exception: "nu.xom.MultipleParentException", Frames: []Frame{
				{Path: "nu/xom/MultipleParentException.java", Line: 30, Function: "nu.xom.MultipleParentException.from"},
				{Path: "nu/xom/Document.java", Line: 110, Function: "nu.xom.Document.insertionAllowed"},
				{Path: "App.java", Line: 9, Function: "App.main"},
			}},
			want:    []errdex.ID{"java-xom-root"},
			reason:  "frame 2 of the traceback (src/nu/xom/Document.java:110) is this raise, of the exception the frames inside it built (nu.xom.MultipleParentException.from)",
			nearest: &Location{Repo: "xom/xom", Path: "src/nu/xom/Document.java", Line: 110, Function: "nu.xom.Document.insertionAllowed", Frame: 1},
		},
		{
			name: "a Java frame without its line is in its method",
			q: Query{Message: "Document already has a root element", Exception: "nu.xom.MultipleParentException", Frames: []Frame{
				{Path: "nu/xom/Document.java", Function: "nu.xom.Document.insertionAllowed"},
				{Path: "nu/xom/ParentNode.java", Function: "nu.xom.ParentNode.insertChild"},
				{Path: "App.java", Line: 9, Function: "App.main"},
			}},
			want:    []errdex.ID{"java-xom-root"},
			reason:  "the innermost frame (src/nu/xom/Document.java) is in this function",
			nearest: &Location{Repo: "xom/xom", Path: "src/nu/xom/Document.java", Function: "nu.xom.Document.insertionAllowed"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(tt.q, Options{})
			var got []errdex.ID
			for _, m := range res.Matches[:min(len(res.Matches), len(tt.want))] {
				got = append(got, m.ID)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("matches (-want +got):\n%s\nall: %v, reason %q", diff, ids(res), res.Reason)
			}
			top := res.Matches[0]
			if top.Reasons[0] != tt.reason {
				t.Errorf("reason %q, want %q (all: %q)", top.Reasons[0], tt.reason, top.Reasons)
			}
			if diff := cmp.Diff(tt.values, values(top)); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.nearest, res.Nearest); diff != "" {
				t.Errorf("nearest (-want +got):\n%s", diff)
			}
			checkCaptures(t, tt.q.Message, top)
			if len(res.Matches) > 1 && res.Matches[1].Score >= top.Score {
				t.Errorf("runner-up %s scores %.3f, not below %.3f", res.Matches[1].ID, res.Matches[1].Score, top.Score)
			}
		})
	}
}

func TestNoMatch(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name    string
		q       Query
		reason  string
		nearest *Location
	}{
		{
			name: "innermost frame in an indexed file, not at a raise",
			q: Query{Message: "maximum recursion depth exceeded while calling a Python object", Exception: "RecursionError", Frames: []Frame{
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 353, Function: "raw_decode"},
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 337, Function: "decode"},
			}},
			reason:  "the innermost frame Lib/json/decoder.py:353 in raw_decode is not a raise: this error comes from compiled code called there",
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/json/decoder.py", Line: 353, Function: "raw_decode"},
		},
		{
			name: "compiled code with a pure-Python equivalent",
			q: Query{Message: "Expecting ':' delimiter: line 1 column 6 (char 5)", Exception: "json.decoder.JSONDecodeError", Frames: []Frame{
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 353, Function: "raw_decode"},
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 337, Function: "decode"},
			}},
			reason: "the innermost frame Lib/json/decoder.py:353 in raw_decode is not a raise: this error comes from compiled code called there; " +
				"Lib/json/decoder.py:174 in JSONObject raises the same message in Python: it may be the compiled code's pure-Python equivalent",
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/json/decoder.py", Line: 353, Function: "raw_decode"},
		},
		{
			name: "compiled code with a Java site of the same message",
			q: Query{Message: "Index 5 out of bounds for length 3", Frames: []Frame{
				{Path: "java.base/jdk/internal/util/Preconditions.java", Line: 100, Function: "jdk.internal.util.Preconditions.outOfBounds"},
			}},
			reason: "the innermost frame src/java.base/share/classes/jdk/internal/util/Preconditions.java:100 in jdk.internal.util.Preconditions.outOfBounds is not a raise: the error was created there and thrown further up (a factory returns it to its caller), or the runtime's built-in code called there threw it; " +
				"src/java.base/share/classes/jdk/internal/util/Preconditions.java:170 in Preconditions.outOfBoundsCheckIndex raises the same message elsewhere",
			nearest: &Location{Repo: "openjdk/jdk", Path: "src/java.base/share/classes/jdk/internal/util/Preconditions.java", Line: 100, Function: "jdk.internal.util.Preconditions.outOfBounds"},
		},
		{
			name: "raised in a file that is not indexed",
			q: Query{Message: "something odd", Frames: []Frame{
				{Path: "/venv/site-packages/other/x.py", Line: 10, Function: "f"},
				{Path: "/usr/lib/python3.11/json/decoder.py", Line: 337, Function: "decode"},
			}},
			reason:  "the error was raised in /venv/site-packages/other/x.py, which is not indexed; the nearest indexed frame is Lib/json/decoder.py:337 in decode",
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/json/decoder.py", Line: 337, Function: "decode", Frame: 1},
		},
		{
			name: "the same text raised by compiled code",
			q: Query{Message: "reduce() of empty iterable with no initial value", Exception: "TypeError", Frames: []Frame{
				{Path: "/home/u/app.py", Line: 3, Function: "<module>"},
			}},
			reason: "the message matches Lib/functools.py:255 in reduce, but the traceback does not pass there: the error was raised by other code with the same message (compiled code?)",
		},
		{
			name: "a frozen module",
			q: Query{Message: "bad magic number in 'x': b'\\x00'", Exception: "ImportError", Frames: []Frame{
				{Path: "<frozen importlib._bootstrap_external>", Line: 1080, Function: "get_code"},
			}},
			reason: "the innermost frame Lib/importlib/_bootstrap_external.py:1080 in get_code is not a raise: this error comes from compiled code called there; " +
				"Lib/importlib/_bootstrap_external.py:700 in _classify_pyc raises the same message in Python: it may be the compiled code's pure-Python equivalent",
			nearest: &Location{Repo: "cpython/cpython", Path: "Lib/importlib/_bootstrap_external.py", Line: 1080, Function: "get_code"},
		},
		{
			name:   "a bare exception name no site raises without a message",
			q:      Query{Message: "_queue.Full"},
			reason: "no indexed site raises _queue.Full without a message",
		},
		{
			name:   "an exception without a message cannot match a site that has none",
			q:      Query{Message: "EOFError: premature stream termination"},
			reason: `no indexed template contains the words "termination", "premature", "stream"`,
		},
		{
			// Go prints no type before a message, and raises no Python
			// exception.
			name:   "a Python built-in type against Go code",
			q:      Query{Message: "division by zero", Exception: "ZeroDivisionError"},
			reason: "the message matches src/math/big/rat.go:101 in quotToFloat32, but that is Go code: Go code raises no ZeroDivisionError",
		},
		{
			// Python calls C (and Rust), never Go.
			name: "a Python traceback against Go code",
			q: Query{Message: "division by zero", Frames: []Frame{
				{Path: "/home/u/app.py", Line: 3, Function: "<module>"},
			}},
			reason: "the message matches src/math/big/rat.go:101 in quotToFloat32, but that is Go code: the traceback shows Python code, which does not call it",
		},
		{
			// Python's logging printed it (the paste's form says so).
			name:   "a message printed by Python against Go code",
			q:      Query{Message: "division by zero", Language: "python"},
			reason: "the message matches src/math/big/rat.go:101 in quotToFloat32, but that is Go code: the error was printed by Python code, which does not call it",
		},
		{
			name:   "no word known",
			q:      Query{Message: "Segmentation fault (core dumped)"},
			reason: `no indexed template contains the words "Segmentation", "dumped", "fault", "core"`,
		},
		{
			name:   "words known, text not",
			q:      Query{Message: "expected 5 dimensions, got 2"},
			reason: `no indexed template matches the message: templates hold its words "dimensions", "expected", "got", but not its text`,
		},
		{
			name:   "empty",
			q:      Query{Message: " \x1b[0m\n"},
			reason: "the message is empty",
		},
		{
			name:   "an opaque template alone does not match everything",
			q:      Query{Message: "Sampling rate is wrong"},
			reason: `no indexed template matches the message: templates hold its words "sampling", "is", but not its text`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(tt.q, Options{})
			if len(res.Matches) > 0 {
				t.Fatalf("matches %v, want none", ids(res))
			}
			if res.Reason != tt.reason {
				t.Errorf("reason\n got %q\nwant %q", res.Reason, tt.reason)
			}
			if diff := cmp.Diff(tt.nearest, res.Nearest); diff != "" {
				t.Errorf("nearest (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTies(t *testing.T) {
	ix := testIndex(t)
	tests := []struct {
		name   string
		q      Query
		want   []errdex.ID // the tied matches, in index order
		reason string      // the tied matches' reason
	}{
		{
			"the same literal message at two sites", Query{Message: "ValueError: timeout must be positive"}, []errdex.ID{"dup-a", "dup-b"},
			"2 sites match equally well: the message alone cannot tell them apart",
		},
		{
			"a repr hole and a str hole in literal quotes",
			Query{Message: "tarfile.CompressionError: unknown compression type 'rar'"},
			[]errdex.ID{"tar-repr", "tar-quoted"},
			"2 sites match equally well: the message alone cannot tell them apart",
		},
		{"a site alone", Query{Message: "ValueError: invalid value"}, []errdex.ID{"py-invalid"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(tt.q, Options{})
			if res.Tied != len(tt.want) || len(res.Matches) < res.Tied {
				t.Fatalf("tied %d, want %d; matches %v", res.Tied, len(tt.want), ids(res))
			}
			var got []errdex.ID
			for _, m := range res.Matches[:res.Tied] {
				got = append(got, m.ID)
				tie := slices.ContainsFunc(m.Reasons, func(r string) bool { return strings.Contains(r, "match equally well") })
				if tie != (res.Tied > 1) || tie && !slices.Contains(m.Reasons, tt.reason) {
					t.Errorf("%s: reasons %q, want the tie's %q", m.ID, m.Reasons, tt.reason)
				}
				if m.Score != res.Matches[0].Score {
					t.Errorf("%s scores %v, the first %v", m.ID, m.Score, res.Matches[0].Score)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tied matches (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExcAgreement(t *testing.T) {
	tests := []struct {
		q, written, qualified string
		want                  float64
		ok                    bool
	}{
		{"ValueError", "ValueError", "", 1, true},
		{"json.decoder.JSONDecodeError", "JSONDecodeError", "json.decoder.JSONDecodeError", 1, true},
		{"json.JSONDecodeError", "JSONDecodeError", "json.decoder.JSONDecodeError", 1, true}, // re-exported by its package
		{"re.error", "error", "re._constants.error", 1, true},                                // defined in a private module
		{"_queue.Empty", "Empty", "queue.Empty", 1, true},                                    // a C accelerator's class
		{"JSONDecodeError", "decoder.JSONDecodeError", "json.decoder.JSONDecodeError", 0.85, true},
		{"_csv.Error", "Error", "locale.Error", 0.5, true},
		{"simplejson.JSONDecodeError", "JSONDecodeError", "json.decoder.JSONDecodeError", 0.5, true},
		{"TypeError", "ValueError", "", 0, true},
		{"Error", "Error", "", 1, true},             // JavaScript's own class
		{"Error", "Error", "syntax.Error", 1, true}, // written as the query prints it
		{"Error", "syntax.Error", "", 0, false},     // a bare "Error" names no class for certain
		{"Error", "ValidationError", "", 0, false},  // a subclass printed under the name it inherits
		{"error", "ValidationError", "", 0, true},   // a Python class of its own (re.error)
		{"", "ValueError", "", 0, false},
		{"ValueError", "", "", 0, false},
	}
	for _, tt := range tests {
		got, ok := excAgreement(tt.q, tt.written, tt.qualified)
		if got != tt.want || ok != tt.ok {
			t.Errorf("excAgreement(%q, %q, %q) = %v, %v; want %v, %v", tt.q, tt.written, tt.qualified, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPseudoFile checks which printed paths name no file.
func TestPseudoFile(t *testing.T) {
	for p, want := range map[string]bool{
		"<string>": true, "<template>": true, "<unknown>": true, "<stdin>": true,
		"<frozen importlib._bootstrap>": false, "/usr/lib/python3.11/json/decoder.py": false, "": false,
	} {
		if got := PseudoFile(p); got != want {
			t.Errorf("PseudoFile(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestTieReason(t *testing.T) {
	tests := []struct {
		tied   int
		frames bool
		want   string
	}{
		{2, false, "2 sites match equally well: the message alone cannot tell them apart"},
		{3, true, "3 sites match equally well: neither the message nor the stack's frames tell them apart"},
	}
	for _, tt := range tests {
		if got := tieReason(tt.tied, tt.frames); got != tt.want {
			t.Errorf("tieReason(%d, %v) = %q, want %q", tt.tied, tt.frames, got, tt.want)
		}
	}
}

// TestCargoRegistryFrame: of many crates that hold src/lib.rs, a frame in
// cargo's registry names its crate by the directory before that path
// ("smallvec-1.9.0"), however many others are indexed first.
func TestCargoRegistryFrame(t *testing.T) {
	var sites []*errdex.Site
	for i := range 2 * maxFilesPerFrame {
		sites = append(sites, &errdex.Site{
			ID: errdex.ID(fmt.Sprintf("crate-%02d", i)), Repo: fmt.Sprintf("probe/crate%02d", i), Language: "rust", Kind: errdex.KindPanic,
			Function: "Table::remove", Location: errdex.Location{Span: errdex.Span{Path: "src/lib.rs", Line: 900, EndLine: 900}},
			Template: errdex.NewTemplate(errdex.Lit("invalid key")),
		})
	}
	sites = append(sites, &errdex.Site{
		ID: "smallvec-insert", Repo: "servo/smallvec", Language: "rust", Kind: errdex.KindPanic,
		Function: "SmallVec::insert", Location: errdex.Location{Span: errdex.Span{Path: "src/lib.rs", Line: 1084, EndLine: 1084}},
		Template: errdex.NewTemplate(errdex.Lit("index exceeds length")),
	})
	ix := NewIndex(slices.Values(sites))
	res := ix.Match(Query{Message: "index exceeds length", Frames: []Frame{
		{Path: "/usr/share/cargo/registry/smallvec-1.9.0/src/lib.rs", Line: 1084},
		{Path: "src/main.rs", Line: 3, Function: "main"},
	}}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].ID != "smallvec-insert" {
		t.Fatalf("matches %v (%s), want smallvec-insert", ids(res), res.Reason)
	}
	if r := res.Matches[0].Reasons; !slices.Contains(r, "the innermost frame (src/lib.rs:1084) is this raise") {
		t.Errorf("reasons %q, want the innermost frame's", r)
	}
}

func TestRepoDir(t *testing.T) {
	tests := []struct {
		path  string
		comps int
		want  string
	}{
		{"/usr/share/cargo/registry/smallvec-1.9.0/src/lib.rs", 2, "smallvec"},
		{"/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/rayon-core-1.10.1/src/lib.rs", 2, "rayon-core"},
		{"/go/pkg/mod/github.com/spf13/cobra@v1.10.2/command.go", 1, "cobra"},
		{"/root/go/pkg/mod/github.com/!masterminds/semver/v3@v3.5.0/version.go", 1, "semver"}, // a major version's directory
		{"/go/pkg/mod/github.com/hashicorp/hcl/v2@v2.25.0/hclsyntax/parser.go", 2, "hcl"},
		{"/go/pkg/mod/v2@v2.0.0/x.go", 1, "mod"},
		{"/app/node_modules/which/lib/index.js", 2, "which"},
		{"/srv/app/my-tool-v2/main.py", 1, "my-tool-v2"}, // not a version
		{"lib/index.js", 2, ""},
	}
	for _, tt := range tests {
		if got := repoDir(tt.path, tt.comps); got != tt.want {
			t.Errorf("repoDir(%q, %d) = %q, want %q", tt.path, tt.comps, got, tt.want)
		}
	}
}

// TestNoWrapperElsewhereForBuiltins: a Python built-in type printed bare
// names no module, so a lone error hole raising it in another file
// (tkinter's raise ValueError(str(exc))) is no wrapper of a message made
// elsewhere.
func TestNoWrapperElsewhereForBuiltins(t *testing.T) {
	site := func(id, path, fn, exc string, tmpl errdex.Template) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "python/cpython", Language: "python", Kind: errdex.KindRaise, Exception: exc,
			Function: fn, Location: errdex.Location{Span: errdex.Span{Path: path, Line: 10, EndLine: 10}}, Template: tmpl}
	}
	ix := NewIndex(slices.Values([]*errdex.Site{
		site("days", "Lib/datetime.py", "_days_before_month", "AssertionError", errdex.NewTemplate(errdex.Lit("month must be in 1..12"))),
		site("getint", "Lib/tkinter/__init__.py", "Misc.getint", "ValueError", errdex.NewTemplate(errdex.HolePart("exc", "str(exc)", errdex.HoleError))),
	}))
	res := ix.Match(Query{Message: "month must be in 1..12", Exception: "ValueError"}, Options{})
	for _, m := range res.Matches {
		if m.ID == "getint" {
			t.Errorf("matches %v: tkinter's getint credited as the wrapper", ids(res))
		}
	}
}

// TestAllTied: Limit cuts the matches, AllTied keeps every one tied with
// the first.
func TestAllTied(t *testing.T) {
	ix := testIndex(t)
	q := Query{Message: "ValueError: timeout must be positive"}
	if res := ix.Match(q, Options{Limit: 1}); len(res.Matches) != 1 || res.Tied != 2 {
		t.Errorf("Limit 1: matches %v, tied %d; want one of 2 tied", ids(res), res.Tied)
	}
	if res := ix.Match(q, Options{Limit: 1, AllTied: true}); len(res.Matches) != 2 {
		t.Errorf("Limit 1, AllTied: matches %v, want both tied sites", ids(res))
	}
}
