// Package cpp finds the error sites of C and C++ source code: C++ throw
// statements, and calls of the functions and macros that raise or report
// errors: CPython's C API (so that a Python exception raised by C code,
// such as int('x')'s "invalid literal for int() with base 10: 'x'", has a
// site), PyTorch's TORCH_CHECK family, TensorFlow's errors::*, glog's CHECK
// and LOG(FATAL), assert, and whatever a repository's .errdex.yaml adds.
// C and CPP are the same extractor for the two grammars.
//
// # Sites
//
//   - throw X(args), throw X{args}, throw new X(args) (kind throw,
//     Exception the type as written): the message is the first argument
//     that is text (a literal, a concatenation, a formatting call, a
//     variable holding one); std::system_error adds ": {strerror}".
//     pybind11's and nanobind's py::value_error and friends name the
//     Python exception they raise (ValueError). A throw of an existing
//     object (throw e;) or a rethrow (throw;) is not a site.
//   - Calls named by a rule (see extract/config, and builtin.errdex.yaml
//     for the built-in rules): the rule gives the kind, the exception (or
//     the argument holding it, PyExc_ValueError meaning ValueError), the
//     arguments that make the message and how (concatenated as c10::str
//     and absl::StrCat do, a printf format, CPython's PyUnicode_FromFormat
//     codes, a std::format string), text streamed after the call
//     (CHECK(cond) << "..."), and the printed template around the message
//     ("Check failed: {cond} {message}"). A rule whose format is printf,
//     cpython or brace needs a format string that is text; a call whose
//     format is not (err(ctx, x) is not BSD's err) is not a site.
//   - Calls of helpers: a function one of whose parameters is the whole
//     message of a site (void fail(const char* what) { throw
//     std::runtime_error(what); }) is a helper, and each call of it that
//     passes text for that parameter is a site at the call, of the
//     helper's kind and exception, with the text as the message: in the
//     helper's file as the file is extracted, in other files of the
//     repository by Link (libstdc++'s std::stoi passes "stoi" to
//     __gnu_cxx::__stoa, which throws std::invalid_argument(__name)). Link
//     finds the helper by name, with the call's qualification when it has
//     one, whose parameters fit the call's arguments; among several that
//     would make different sites, the one of the calling function's class
//     or namespace, and none when that leaves several. A helper whose
//     header the grammar lost to macros (statements left outside any
//     function) is read from the text before them.
//   - Calls of reporters (kind set-error): C-style functions that record
//     or print an error rather than throw it, named so (error, warning,
//     fail, ...: png_error, sqlite3ErrorMsg, SetError) with a text
//     parameter named as a message or a format. A variadic reporter's
//     last named parameter is a printf format; a parameter pack's
//     arguments are concatenated (toml++'s set_error(const T&... reason)).
//     Calls are sites as helpers' are, also through macros that forward
//     their arguments to a helper (#define fail(...) set_error(__VA_ARGS__)).
//     A reporter whose header a macro writes (libpng's
//     PNG_FUNCTION(void, png_error, (...), PNG_NORETURN) { ... }) is read
//     from the text. A macro that throws an exception built from one of
//     its parameters (#define FILE_ERROR(msg, path) throw parse_error{msg,
//     ...}) makes its calls in the file throw sites.
//   - An assignment of a string literal to a field named as an error
//     message (zlib's strm->msg = (char *)"incorrect header check"), kind
//     set-error.
//   - Calls of assert macros (#define RAPIDJSON_ASSERT(x) assert(x), and
//     macros defined through another: eigen_assert): assert's site, with
//     the condition the preprocessor expands; in other files, through
//     Link, for macros whose name holds "assert".
//   - Calls of rules written in a function-like macro's body (CPython's
//     #define CHECK_CLOSED(self) ... PyErr_SetString(PyExc_ValueError,
//     "I/O operation on closed file.")): read from the body's text, a
//     site at its line in the definition when the exception is named and
//     the message or format is string literals (see macroSites).
//   - Calls of format helpers (type_error("object of type '%.200s' has
//     no len()", o), whose PyErr_Format takes the format from its
//     parameter): the format parsed with the helper's values (see
//     formatHelper).
//
// # Messages
//
// A message argument is evaluated as far as the file tells: string
// literals (with escapes, adjacent literals joined, the PRI* and
// PY_FORMAT_SIZE_T macros inside them), concatenation with +,
// std::string(..) and other conversions, std::to_string, fmt::format and
// std::format, absl::StrCat and c10::str, absl::StrFormat and other printf
// helpers, PyUnicode_FromString/FromFormat, x.c_str(), a ? b : c, and
// variables: the declaration in scope at the use with the assignments that
// follow it (one in a block enclosing the use replaces the value, one in
// another branch adds an alternative; +=, append, << into a stream and
// snprintf into a buffer append or replace), string constants and
// #define'd strings of the file. Anything else is a hole named for its
// expression.
//
// # Conventions
//
// Function: the qualified name a C++ backtrace or a debugger shows,
// without parameters or template arguments: namespaces, enclosing classes
// and the declarator's own qualification ("at::native::Foo::bar"), the
// plain name in C ("long_from_string"). Lambdas belong to their enclosing
// function; anonymous namespaces are left out; sites outside functions
// are in "<global>".
//
// # Configuration
//
// C and CPP apply the built-in rules only. Indexing a repository reads its
// .errdex.yaml with config.Load and builds the extractors with
// Extractors(cfg) (or New per language), so that the repository's rules
// join the built-in ones.
//
// A throw of a class whose constructor, in any file of the repository,
// passes a message built from its parameters to its base (explicit
// missing_option(std::string name) : cli_error(name + " is required"))
// gets that message with the throw's arguments (Link); one whose what()
// returns a literal gets the literal. An argument that names an
// upper-case constant (ErrorMsg::MAP_VALUE), when no argument is text,
// and a constructor's, are the constant's text where a file of the
// repository declares it outside functions. A throw through an
// upper-case macro with THROW as a word (JSON_THROW(e)) is a throw. A
// call of a helper that throws an object of its template parameter
// (throw_or_mimic<no_such_option>(name), throwing T{text}) throws the
// template argument, built from the call's argument.
//
// Upper-case macros the grammar cannot read (namespace macros alone on a
// line, SPDLOG_INLINE before a declaration, FMT_NOEXCEPT after a
// parameter list) are blanked and the file parsed again when that leaves
// fewer syntax errors. Code the preprocessor hides from the grammar (sites
// inside #define bodies) is not seen. Files with syntax errors, frequent around macros,
// yield the sites whose own subtree parsed, with the first error's line
// and the count of skipped candidates as a Problem.
package cpp

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/syntax"
)

//go:embed builtin.errdex.yaml
var builtinYAML []byte

// builtinRules are the built-in rules. They are a constant of the
// program; a parse error is a bug that every test catches.
var builtinRules = func() []config.Rule {
	cfg, err := config.Parse(builtinYAML)
	if err != nil {
		panic(fmt.Sprintf("cpp: builtin.errdex.yaml: %v", err))
	}
	return cfg.Errors
}()

// The extractors with the built-in rules only.
var (
	// C extracts C files.
	C = New("c", nil)
	// CPP extracts C++ files.
	CPP = New("cpp", nil)
)

// New returns the extractor of language "c" or "cpp" (any other name is
// treated as C) with the built-in rules merged with a repository's
// configuration (nil for none; see config.Merge).
func New(language string, cfg *config.Config) *extract.Extractor {
	rules := newRuleSet(config.Merge(builtinRules, cfg, language))
	grammar := syntax.C
	doc := "C error sites: CPython's PyErr_* API, assert, err/errx, glog CHECK, and configured calls"
	if language == "cpp" {
		grammar = syntax.CPP
		doc = "C++ error sites: throw, CPython's PyErr_* API, TORCH_CHECK, TensorFlow errors::*, glog CHECK/LOG(FATAL), assert, and configured calls"
	}
	return &extract.Extractor{
		Language:  language,
		Doc:       doc,
		Configure: func(cfg *config.Config) *extract.Extractor { return New(language, cfg) },
		Grammar:   func(string) *syntax.Language { return grammar() },
		Extract: func(f *extract.File) (*extract.FileResult, error) {
			return extractFile(f, language, rules)
		},
		Link: link,
	}
}

// Extractors returns the C and C++ extractors for a repository's
// configuration (nil for none).
func Extractors(cfg *config.Config) []*extract.Extractor {
	return []*extract.Extractor{New("c", cfg), New("cpp", cfg)}
}

func extractFile(f *extract.File, language string, rules *ruleSet) (*extract.FileResult, error) {
	if f.Tree == nil {
		return nil, fmt.Errorf("%s: %s was not parsed", language, f.Path)
	}
	g := *f
	g.Tree = withoutMacros(f.Tree, f.Src)
	x := newFile(&g, language, rules)
	x.run()
	res := &extract.FileResult{Sites: x.sites, Problems: x.notes.Problems(g.Tree)}
	if len(x.assertMacros) > 0 {
		x.facts.assertMacros = x.assertMacros
	}
	x.facts.passing = x.passingMacros()
	x.facts.callSites = x.calls.Calls()
	if len(x.facts.helpers) > 0 || len(x.facts.calls) > 0 || len(x.facts.ctors) > 0 || len(x.facts.whats) > 0 || len(x.facts.constructions) > 0 || len(x.facts.consts) > 0 ||
		len(x.facts.assertMacros) > 0 || len(x.facts.assertCalls) > 0 || len(x.facts.throwing) > 0 || len(x.facts.passing) > 0 || len(x.facts.callSites) > 0 {
		res.Facts = &x.facts
	}
	return res, nil
}

// ruleSet holds the rules of an extractor, indexed by the last segment of
// their call names so that a call finds its candidate rules in one lookup.
type ruleSet struct {
	rules  []config.Rule
	byName map[string][]int // last segment → rule indexes, ascending
}

func newRuleSet(rules []config.Rule) *ruleSet {
	rs := &ruleSet{rules: rules, byName: map[string][]int{}}
	for i, r := range rules {
		for _, c := range r.Calls {
			last := lastSegment(c)
			if n := len(rs.byName[last]); n == 0 || rs.byName[last][n-1] != i {
				rs.byName[last] = append(rs.byName[last], i)
			}
		}
	}
	return rs
}

// match returns the rule for a call whose function is written callee
// (spaces removed), or nil. A repository's rules come after the built-in
// ones and win.
func (rs *ruleSet) match(callee string) *config.Rule {
	cands := rs.byName[lastSegment(callee)]
	for i := len(cands) - 1; i >= 0; i-- {
		if r := &rs.rules[cands[i]]; r.Matches(callee) {
			return r
		}
	}
	return nil
}

// lastSegment is the name after the last "::", "." or "->".
func lastSegment(name string) string {
	start := 0
	for _, sep := range [...]string{"::", ".", "->"} {
		if i := strings.LastIndex(name, sep); i >= 0 {
			start = max(start, i+len(sep))
		}
	}
	return name[start:]
}
