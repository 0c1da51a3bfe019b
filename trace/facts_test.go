package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fact is what a user of Parse relies on for one fixture: the exception
// the user hit, its message's first line, where it was raised, and how
// many exceptions the trace printed. Paths are compared by suffix, so the
// facts hold wherever the fixtures were generated.
type fact struct {
	Lang     Language
	Type     string
	Headline string
	Path     string // suffix of the innermost frame's path; "" when it has none
	Line     int
	Function string
	N        int // exceptions in the report
}

func TestFacts(t *testing.T) {
	tests := map[string]fact{
		"python-json_decode":                {Python, "json.decoder.JSONDecodeError", "Expecting property name enclosed in double quotes: line 1 column 14 (char 13)", "json/decoder.py", 353, "raw_decode", 1},
		"python-chained_context":            {Python, "RuntimeError", "no port configured", "chained_context.py", 8, "port", 2},
		"python-chained_cause":              {Python, "ConfigError", "cannot parse settings: While reading from '<string>' [line  3]: section 'main' already exists", "chained_cause.py", 13, "read", 2},
		"python-syntax_error":               {Python, "SyntaxError", "invalid syntax", "syntax_error.py", 1, "", 1},
		"python-syntax_error_import":        {Python, "SyntaxError", "invalid syntax", "syntax_error.py", 1, "", 1},
		"python-recursion":                  {Python, "RecursionError", "maximum recursion depth exceeded", "recursion.py", 2, "walk", 1},
		"python-frozen_import":              {Python, "ModuleNotFoundError", "No module named 'errdex_no_such_module'", "<frozen importlib._bootstrap>", 1140, "_find_and_load_unlocked", 1},
		"python-keyerror":                   {Python, "KeyError", "'ERRDEX_SURELY_UNSET'", "<frozen os>", 679, "__getitem__", 1},
		"python-notes":                      {Python, "ValueError", "invalid literal for int() with base 10: 'four'", "notes.py", 3, "check", 1},
		"python-exception_group":            {Python, "ExceptionGroup", "startup failed (3 sub-exceptions)", "exception_group.py", 14, "run", 6},
		"python-exception_group_nested":     {Python, "RuntimeError", "after", "exception_group_nested.py", 14, "<module>", 22},
		"python-logging_uvicorn":            {Python, "AttributeError", "'str' object has no attribute 'decode'", "logging_uvicorn.py", 13, "handle", 1},
		"python-logging_basic":              {Python, "FileNotFoundError", "[Errno 2] No such file or directory: '/nonexistent/errdex/src.txt'", "shutil.py", 256, "copyfile", 1},
		"python-logging_color":              {Python, "ValueError", "time data '2024-13-01' does not match format '%Y-%m-%d'", "_strptime.py", 349, "_strptime", 1},
		"python-logging_json":               {Python, "decimal.InvalidOperation", "[<class 'decimal.ConversionSyntax'>]", "logging_json.py", 31, "<module>", 1},
		"python-docker-json_decode":         {Python, "json.decoder.JSONDecodeError", "Expecting property name enclosed in double quotes: line 1 column 14 (char 13)", "json/decoder.py", 353, "raw_decode", 1},
		"python-dockerjson-chained_context": {Python, "RuntimeError", "no port configured", "chained_context.py", 8, "port", 2},
		"python-journald-logging_uvicorn":   {Python, "AttributeError", "'str' object has no attribute 'decode'", "logging_uvicorn.py", 13, "handle", 1},
		"python-threading_exc":              {Python, "IndexError", "list index out of range", "threading_exc.py", 5, "work", 1},
		"ipython-script":                    {Python, "JSONDecodeError", "Expecting property name enclosed in double quotes: line 1 column 9 (char 8)", "json/decoder.py", 353, "JSONDecoder.raw_decode", 1},
		"ipython-session":                   {Python, "ValueError", "invalid literal for int() with base 10: '4x'", "Cell In[4]", 1, "", 2},
		"pytest-long":                       {Python, "AssertionError", "assert {'a': 1} == {'a': 2}", "test_sample.py", 22, "test_assert", 3},
		"pytest-short":                      {Python, "AssertionError", "assert {'a': 1} == {'a': 2}", "test_sample.py", 22, "test_assert", 3},
		"pytest-line":                       {Python, "AssertionError", "assert {'a': 1} == {'a': 2}", "test_sample.py", 22, "", 3},
		"pytest-native":                     {Python, "AssertionError", "assert {'a': 1} == {'a': 2}", "test_sample.py", 22, "test_assert", 3},
		"pytest-color":                      {Python, "AssertionError", "assert {'a': 1} == {'a': 2}", "test_sample.py", 22, "test_assert", 3},
		"go-panic_string":                   {Go, "", "server: invalid worker count 0", "panic_string.go", 9, "main.(*server).start", 1},
		"go-panic_error":                    {Go, "*fs.PathError", "open /nonexistent/errdex/config.yaml: no such file or directory", "panic_error.go", 10, "main.mustOpen", 1},
		"go-index_range":                    {Go, "runtime.Error", "runtime error: index out of range [5] with length 3", "index_range.go", 6, "main.pick", 1},
		"go-repanic":                        {Go, "", "cleanup failed after: disk quota exceeded", "repanic.go", 10, "main.cleanup", 2},
		"go-test_panic":                     {Go, "runtime.Error", "runtime error: index out of range [2] with length 2", "sum_test.go", 8, "example.com/sum.Sum", 1},
		"go-goroutine_panic":                {Go, "*strconv.NumError", `strconv.Atoi: parsing "12a": invalid syntax`, "goroutine_panic.go", 11, "main.parse", 1},
		"go-gotraceback_all":                {Go, "*strconv.NumError", `strconv.Atoi: parsing "12a": invalid syntax`, "goroutine_panic.go", 11, "main.parse", 1},
		"go-deadlock":                       {Go, "", "all goroutines are asleep - deadlock!", "deadlock.go", 5, "main.main", 1},
		"go-panic_value":                    {Go, "main.state", "(main.state) 0x498008", "panic_value.go", 9, "main.main", 1},
		"go-panic_multiline":                {Go, "", "migration 0042 failed:", "panic_multiline.go", 4, "main.main", 1},
		"node-type_error":                   {JavaScript, "TypeError", "Cannot read properties of undefined (reading 'reduce')", "type_error.js", 4, "total", 1},
		"node-throw_custom":                 {JavaScript, "ConfigError", `missing key "port" in /etc/app.json`, "throw_custom.js", 11, "load", 1},
		"node-enoent":                       {JavaScript, "Error", "ENOENT: no such file or directory, open '/nonexistent/errdex/app.json'", "node:fs", 448, "Object.readFileSync", 1},
		"node-json_parse":                   {JavaScript, "SyntaxError", "Expected double-quoted property name in JSON at position 12", "", 0, "JSON.parse", 1},
		"node-async_reject":                 {JavaScript, "RangeError", "user id out of range: -1", "async_reject.js", 3, "fetchUser", 1},
		"node-error_cause":                  {JavaScript, "Error", "cannot start service", "error_cause.js", 9, "start", 2},
		"node-assert_fail":                  {JavaScript, "AssertionError", "Expected values to be strictly equal:", "assert_fail.js", 4, "check", 1},
		"node-throw_string":                 {JavaScript, "", "plain string thrown", "throw_string.js", 2, "", 1},
		"node-esm_module":                   {JavaScript, "Error", "ENOENT: no such file or directory, open '/nonexistent/errdex/data.txt'", "node:internal/fs/promises", 637, "open", 1},
		"node-aggregate":                    {JavaScript, "AggregateError", "All promises were rejected", "node:internal/process/promises", 391, "", 3},
		"node-repl":                         {JavaScript, "TypeError", "Cannot read properties of null (reading 'name')", "", 0, "", 1},
		"java-Inventory":                    {Java, "demo.Inventory$StockException", "cannot load row: b2,x7", "demo/Inventory.java", 33, "demo.Inventory.load", 3},
		"java-springlog-Inventory":          {Java, "demo.Inventory$StockException", "cannot load row: b2,x7", "demo/Inventory.java", 33, "demo.Inventory.load", 3},
		"java-Npe":                          {Java, "java.lang.NullPointerException", `Cannot invoke "String.length()" because "<parameter1>.name" is null`, "demo/Npe.java", 9, "demo.Npe.nameLength", 1},
		"java-Worker":                       {Java, "java.lang.IndexOutOfBoundsException", "Index: 5 Size: 2", "java/util/ImmutableCollections.java", 333, "java.util.ImmutableCollections$AbstractImmutableList.outOfBounds", 1},
		"java-Suppressed":                   {Java, "java.lang.UnsupportedOperationException", "write not supported", "demo/Suppressed.java", 13, "demo.Suppressed.main", 2},
		"java-Logged":                       {Java, "java.lang.ClassCastException", "class java.lang.String cannot be cast to class java.lang.Integer (java.lang.String and java.lang.Integer are in module java.base of loader 'bootstrap')", "demo/Logged.java", 12, "demo.Logged.main", 1},
		"rust-unwrap_err":                   {Rust, "", "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }", "unwrap_err.rs", 2, "", 1},
		"rust-unwrap_err_backtrace":         {Rust, "", "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }", "unwrap_err.rs", 2, "unwrap_err::parse_port", 1},
		"rust-panic_msg_full":               {Rust, "", "pool size must be positive, got 0", "panic_msg.rs", 8, "panic_msg::Pool::new", 1},
		"rust-assert_eq":                    {Rust, "", "assertion `left == right` failed: arithmetic is broken for addition", "assert_eq.rs", 3, "", 1},
		"rust-thread_panic":                 {Rust, "", "worker needs a value", "thread_panic.rs", 6, "", 1},
		"rust-main_err":                     {Rust, "ParseIntError", "ParseIntError { kind: InvalidDigit }", "", 0, "", 1},
		"rust-anyhow_chain":                 {Rust, "", "could not start server", "", 0, "", 3},
		"rust-old_panic":                    {Rust, "", "called `Result::unwrap()` on an `Err` value: ParseIntError { kind: InvalidDigit }", "src/main.rs", 2, "", 1},
		"rust-old_assert":                   {Rust, "", "assertion failed: `(left == right)`", "src/main.rs", 3, "", 1},
		"cpp-runtime_error":                 {Cpp, "std::runtime_error", "config file missing: /etc/app.conf", "", 0, "", 1},
		"cpp-out_of_range":                  {Cpp, "std::out_of_range", "vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)", "", 0, "", 1},
		"cpp-custom_type":                   {Cpp, "app::ConfigError", "missing key 'port' in /etc/app.conf", "", 0, "", 1},
		"cpp-multiline":                     {Cpp, "std::invalid_argument", "bad shape (3, 4):", "", 0, "", 1},
		"cpp-throw_int":                     {Cpp, "int", "", "", 0, "", 1},
		"cpp-libcxx":                        {Cpp, "std::runtime_error", "config file missing: /etc/app.conf", "", 0, "", 1},
		"cpp-libcxx_old":                    {Cpp, "std::out_of_range", "vector", "", 0, "", 1},
	}
	for name, want := range tests {
		t.Run(name, func(t *testing.T) {
			dir := "real"
			if _, err := os.Stat(filepath.Join("testdata", dir, name+".txt")); err != nil {
				dir = "handmade"
			}
			src, err := os.ReadFile(filepath.Join("testdata", dir, name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Parse(string(src))
			if err != nil {
				t.Fatal(err)
			}
			e := rep.Primary()
			if e == nil {
				t.Fatalf("no exception found; loose: %+v", rep.Loose)
			}
			got := fact{Lang: e.Language, Type: e.Type, Headline: e.Headline(), N: len(rep.Exceptions)}
			if f, ok := e.Innermost(); ok {
				got.Line, got.Function = f.Line, f.Function
				got.Path = f.Path
				if want.Path != "" && strings.HasSuffix(f.Path, want.Path) {
					got.Path = want.Path
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Primary() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLoose checks the candidates of texts without a structured trace.
func TestLoose(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Candidate
	}{
		{"type: message line", "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
			[]Candidate{{Text: "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)", Type: "json.decoder.JSONDecodeError", Message: "Expecting value: line 1 column 1 (char 0)", Line: 1}}},
		{"keyerror keeps quotes", "KeyError: 'port'", []Candidate{{Text: "KeyError: 'port'", Type: "KeyError", Message: "'port'", Language: Python, LanguageInferred: true, Line: 1}}},
		// Python's class name, which Node libraries give theirs too:
		// a guess, which rules nothing out.
		{"a Python class name is a guess", "TimeoutError: Request timed out: GET http://127.0.0.1/x",
			[]Candidate{{Text: "TimeoutError: Request timed out: GET http://127.0.0.1/x", Type: "TimeoutError", Message: "Request timed out: GET http://127.0.0.1/x", Language: Python, LanguageInferred: true, Line: 1}}},
		{"bare message", "Expecting value: line 1 column 1 (char 0)", []Candidate{{Text: "Expecting value: line 1 column 1 (char 0)", Message: "Expecting value: line 1 column 1 (char 0)", Line: 1}}},
		{"bare multi-line message", "\nport out of range: 70000\nexpected 1..65535\n",
			[]Candidate{{Text: "port out of range: 70000\nexpected 1..65535", Message: "port out of range: 70000\nexpected 1..65535", Line: 2}}},
		{"go log.Fatal", "2024/05/01 12:00:00 loading\n2024/05/01 12:00:01 open x.json: no such file or directory\n",
			[]Candidate{{Text: "open x.json: no such file or directory", Message: "open x.json: no such file or directory", Language: Go, Line: 2}}},
		{"strconv is not a type", `strconv.Atoi: parsing "x": invalid syntax`, []Candidate{{Text: `strconv.Atoi: parsing "x": invalid syntax`, Message: `strconv.Atoi: parsing "x": invalid syntax`, Language: Go, LanguageInferred: true, Line: 1}}},
		{"a Go log line is Go's", `2024/05/01 12:00:00 strconv.Atoi: parsing "x": invalid syntax`, []Candidate{{Text: `strconv.Atoi: parsing "x": invalid syntax`, Message: `strconv.Atoi: parsing "x": invalid syntax`, Language: Go, Line: 1}}},
		{"error-level log lines", "2024-05-01 12:00:00,1 INFO [a] started\n2024-05-01 12:00:00,2 ERROR [a] cannot connect to db\n2024-05-01 12:00:00,3 INFO [a] retrying",
			[]Candidate{
				{Text: "cannot connect to db", Message: "cannot connect to db", Level: "ERROR", Line: 2},
				{Text: "retrying", Message: "retrying", Level: "INFO", Line: 3}}},
		{"pytest summary", "FAILED test_sample.py::test_json - json.decoder.JSONDecodeError: Expecting va...",
			[]Candidate{{Text: "FAILED test_sample.py::test_json - json.decoder.JSONDecodeError: Expecting va...", Type: "json.decoder.JSONDecodeError", Message: "Expecting va", Language: Python, Truncated: true, Line: 1}}},
		{"C module error", "re.error: unterminated character set at position 0", []Candidate{{Text: "re.error: unterminated character set at position 0", Type: "re.error", Message: "unterminated character set at position 0", Line: 1}}},
		{"json log without trace", `{"level": "error", "msg": "payment declined: card expired"}`,
			[]Candidate{{Text: "payment declined: card expired", Message: "payment declined: card expired", Level: "ERROR", Line: 1}}},
		// The line is what the program said, which may be its own
		// message around the repr: both are read.
		{"a message holding an exception's repr", `could not access 'b' from path ('a', 'b'), got error: TypeError("'int' object is not indexable")`,
			[]Candidate{
				{Text: `could not access 'b' from path ('a', 'b'), got error: TypeError("'int' object is not indexable")`, Message: `could not access 'b' from path ('a', 'b'), got error: TypeError("'int' object is not indexable")`, Line: 1},
				{Text: `could not access 'b' from path ('a', 'b'), got error: TypeError("'int' object is not indexable")`, Type: "TypeError", Message: "'int' object is not indexable", Language: Python, Line: 1}}},
		{"empty", "", nil},
		{"blank", "\n \n\t\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Exceptions) != 0 {
				t.Fatalf("unexpected exceptions: %+v", rep.Exceptions)
			}
			if diff := cmp.Diff(tt.want, rep.Loose); diff != "" {
				t.Errorf("Loose mismatch (-want +got):\n%s", diff)
			}
			checkInvariants(t, tt.in, rep)
		})
	}
}
