package walk

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/gitsrc"
)

// Reasons a file or directory is not indexed. Each is a stable word that
// summaries group by; SkippedFile.Detail says more for a person.
const (
	ReasonIgnored         = "ignored"          // matched by .gitignore or .git/info/exclude (counted, not listed)
	ReasonExcluded        = "excluded"         // matched by Options.Exclude
	ReasonVendored        = "vendored"         // third-party code, a virtualenv or a tool cache
	ReasonTest            = "test"             // a test file or directory (see Options.IncludeTests)
	ReasonGenerated       = "generated"        // generated code: a marker in its header or a generator's file name (see Options.SkipGenerated)
	ReasonMinified        = "minified"         // minified code, with Options.SkipMinified
	ReasonBinary          = "binary"           // not text
	ReasonTooLarge        = "too-large"        // over Options.MaxFileSize
	ReasonUnknownLanguage = "unknown-language" // no supported language (counted by extension, not listed)
	ReasonDeclarations    = "declarations"     // type declarations only: .d.ts, .pyi
	ReasonSymlink         = "symlink"          // a symbolic link, never followed
	ReasonSpecial         = "special-file"     // a FIFO, socket or device, never opened
	ReasonUnreadable      = "unreadable"       // could not be read
	ReasonBadName         = "bad-name"         // a name that is not valid UTF-8 or holds control characters
	ReasonTooDeep         = "too-deep"         // nested deeper than Options.MaxDepth
	ReasonNestedRepo      = "nested-repo"      // another git work tree inside this one
	ReasonSubmodule       = gitsrc.ReasonSubmodule
)

// Defaults for Options.
const (
	DefaultMaxFileSize = 2 << 20
	DefaultMaxDepth    = 64
	// HeadSize is how much of a file classification reads: enough for a
	// shebang, a generated-code header and a sample of line lengths.
	HeadSize = 8 << 10
)

// Options configure Walk, Revision and NewClassifier. The zero value
// selects the defaults.
type Options struct {
	// MaxFileSize skips larger files (default 2 MiB; negative: no limit).
	MaxFileSize int64
	// IncludeTests keeps test files and directories, which are skipped by
	// default: error pages are about the code users run.
	IncludeTests bool
	// SkipGenerated skips generated files (a "Code generated ... DO NOT
	// EDIT." header, a generator's file name). They are kept by default:
	// the messages users see are often written there (syscall's errno
	// table, net/http's bundled HTTP/2, C code Cython generates), and a
	// generated file without error sites costs only its parsing.
	SkipGenerated bool
	// SkipMinified skips minified files (a ".min." or "-min." name, or
	// lines too long to be hand-written). By default they are indexed and
	// marked (Verdict.Minified): a package often ships nothing else and
	// its users run it (marked's lib/marked.esm.js, dotenv's
	// dist/index.cjs, dayjs' dayjs.min.js), and where a readable copy is
	// indexed beside, the matcher puts it first.
	SkipMinified bool
	// Exclude holds extra gitignore-style patterns, relative to the walked
	// root ("docs/", "*.pyi", "/tools"). They win over .gitignore's
	// negations.
	Exclude []string
	// MaxDepth bounds directory nesting below the root (default 64).
	MaxDepth int
}

func (o Options) maxSize() int64 {
	switch {
	case o.MaxFileSize == 0:
		return DefaultMaxFileSize
	case o.MaxFileSize < 0:
		return -1
	}
	return o.MaxFileSize
}

func (o Options) maxDepth() int {
	if o.MaxDepth <= 0 {
		return DefaultMaxDepth
	}
	return o.MaxDepth
}

// Verdict is the outcome of classifying a file or directory: its language,
// or the reason it is skipped.
type Verdict struct {
	Language string
	Reason   string // "" when the file is indexed
	Detail   string
	// Minified marks an indexed file whose lines are too long to have
	// been written by hand (see Options.SkipMinified).
	Minified bool
}

// Skip reports whether the verdict skips the file.
func (v Verdict) Skip() bool { return v.Reason != "" }

func skip(reason, format string, args ...any) Verdict {
	return Verdict{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// Classifier applies the walk's rules, except .gitignore, to paths and
// file heads. Walk uses it on a directory tree and Revision on a git tree;
// any other source of files (an archive, a list of paths) can use it to
// decide the same way. It is safe for concurrent use.
type Classifier struct {
	opts    Options
	exclude *gitsrc.Ignore
}

// NewClassifier checks opts and returns a classifier. An Exclude pattern
// that does not parse is an error of kind errdex.Invalid.
func NewClassifier(opts Options) (*Classifier, error) {
	c := &Classifier{opts: opts}
	for _, p := range opts.Exclude {
		for _, elem := range strings.Split(strings.TrimPrefix(p, "!"), "/") {
			if elem == "**" {
				continue
			}
			if _, err := filepath.Match(elem, ""); err != nil {
				return nil, errdex.Errorf("walk", errdex.Invalid, "exclude pattern %q: %w", p, err)
			}
		}
		c.exclude = c.exclude.With(nil, []byte(p))
	}
	return c, nil
}

// Dir decides whether to descend into a directory; path is relative to the
// root, with forward slashes. Only the last element's name is judged: a
// walk asks about each directory on its way down.
func (c *Classifier) Dir(p string) Verdict {
	elems := strings.Split(p, "/")
	if c.exclude.Match(elems, true) {
		return skip(ReasonExcluded, "matches an exclude pattern")
	}
	return c.dirName(elems[len(elems)-1], len(elems) == 1)
}

func (c *Classifier) dirName(name string, top bool) Verdict {
	if bad := badName(name); bad != "" {
		return skip(ReasonBadName, "%s", bad)
	}
	if d, ok := vendoredDirs[name]; ok {
		return skip(ReasonVendored, "%s", d)
	}
	if d, ok := rootVendoredDirs[name]; ok && top {
		return skip(ReasonVendored, "%s", d)
	}
	if !c.opts.IncludeTests && isTestDir(name) {
		return skip(ReasonTest, "test directory")
	}
	return Verdict{}
}

// Path judges a file by its path and size alone: excluded, inside a
// vendored or test directory, a test file by name, declarations, too large,
// or an extension no language has. A verdict that does not skip may still
// have no Language (a file without an extension, which needs its shebang):
// Classify decides with the head.
func (c *Classifier) Path(p string, size int64) Verdict {
	elems := strings.Split(p, "/")
	for i, d := range elems[:len(elems)-1] {
		if v := c.dirName(d, i == 0); v.Skip() {
			v.Detail = fmt.Sprintf("in %s/: %s", printable(strings.Join(elems[:i+1], "/")), v.Detail)
			return v
		}
	}
	v := c.file(elems)
	if v.Skip() {
		return v
	}
	return c.size(v, size)
}

// Classify judges a file completely: Path, then its head (the first
// HeadSize bytes, or the whole file when shorter) for the language of
// extension-less scripts and ".h" headers, binary content, generated-code
// markers and minified code.
func (c *Classifier) Classify(p string, size int64, head []byte) Verdict {
	v := c.Path(p, size)
	if v.Skip() {
		return v
	}
	return c.content(p, v, head)
}

// file applies the path rules to a file's own name.
func (c *Classifier) file(elems []string) Verdict {
	name := elems[len(elems)-1]
	if bad := badName(name); bad != "" {
		return skip(ReasonBadName, "%s", bad)
	}
	if c.exclude.Match(elems, false) {
		return skip(ReasonExcluded, "matches an exclude pattern")
	}
	ext := extension(name)
	lang := ""
	switch {
	case ext == "":
		// A script; its shebang decides.
	case ext == ".h" || ext == ".H":
		lang = C // refined from the content
	default:
		lang = DetectLanguage(name, nil)
		if lang == "" {
			return skip(ReasonUnknownLanguage, "%s files", strings.ToLower(ext))
		}
	}
	if isDeclarations(name) {
		return skip(ReasonDeclarations, "type declarations only")
	}
	if !c.opts.IncludeTests && isTestFile(name, lang) {
		return skip(ReasonTest, "test file")
	}
	return Verdict{Language: lang}
}

func (c *Classifier) size(v Verdict, size int64) Verdict {
	if max := c.opts.maxSize(); max >= 0 && size > max {
		return skip(ReasonTooLarge, "%s, over the %s limit", byteSize(size), byteSize(max))
	}
	return v
}

// content completes a path verdict with the file's head.
func (c *Classifier) content(p string, v Verdict, head []byte) Verdict {
	name := path.Base(p)
	if v.Language == "" || v.Language == C {
		v.Language = DetectLanguage(name, head)
		if v.Language == "" {
			return skip(ReasonUnknownLanguage, "no extension and no known #! interpreter")
		}
		if !c.opts.IncludeTests && isTestFile(name, v.Language) {
			return skip(ReasonTest, "test file")
		}
	}
	if r := binaryReason(head); r != "" {
		return skip(ReasonBinary, "%s", r)
	}
	if r := generatedReason(name, v.Language, head); r != "" && c.opts.SkipGenerated {
		return skip(ReasonGenerated, "%s", r)
	}
	if r := minifiedReason(name, head); r != "" {
		if c.opts.SkipMinified {
			return skip(ReasonMinified, "%s", r)
		}
		v.Minified = true
	}
	return v
}

// vendoredDirs are directory names that hold someone else's code or tool
// output, with what they are. Only names that mean this in practically
// every repository are listed: "build", "dist", "lib", "external" and
// "target" are often first-party and are left to .gitignore, and "venv" is
// also the standard library's venv module (virtual environments are known
// by their pyvenv.cfg instead).
var vendoredDirs = map[string]string{
	"vendor":           "vendored dependencies",
	"_vendor":          "vendored dependencies",
	"third_party":      "third-party code",
	"third-party":      "third-party code",
	"thirdparty":       "third-party code",
	"3rdparty":         "third-party code",
	"3rd_party":        "third-party code",
	"3rd-party":        "third-party code",
	"node_modules":     "npm packages",
	"bower_components": "Bower packages",
	"jspm_packages":    "jspm packages",
	"web_modules":      "Snowpack packages",
	".pnpm-store":      "pnpm store",
	".yarn":            "Yarn cache",
	"site-packages":    "installed Python packages",
	"dist-packages":    "installed Python packages",
	".venv":            "Python virtual environment",
	".eggs":            "setuptools eggs",
	"__pycache__":      "Python bytecode cache",
	".tox":             "tox environments",
	".nox":             "nox environments",
	".mypy_cache":      "mypy cache",
	".pytest_cache":    "pytest cache",
	".ruff_cache":      "ruff cache",
	".hypothesis":      "Hypothesis database",
	".gradle":          "Gradle cache",
	".next":            "Next.js build output",
	".nuxt":            "Nuxt build output",
	".svelte-kit":      "SvelteKit build output",
	".parcel-cache":    "Parcel cache",
	".turbo":           "Turborepo cache",
	"Pods":             "CocoaPods dependencies",
	"Carthage":         "Carthage dependencies",
}

// rootVendoredDirs are vendored only at the top of a tree: "deps" holds
// bundled libraries in Node.js, Redis and many C projects, while deeper
// down it is often a first-party package.
var rootVendoredDirs = map[string]string{
	"deps": "bundled dependencies",
}

// vendoredMarkers are files whose presence makes their directory a
// vendored environment.
var vendoredMarkers = map[string]string{
	"pyvenv.cfg": "Python virtual environment",
	"conda-meta": "conda environment",
}

// vcsDirs hold version-control metadata; walks pass over them silently,
// as they are no part of the repository's content.
var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, ".bzr": true, "_darcs": true}

// testDirs are directory names that hold tests and their data in the
// conventions of the supported languages.
var testDirs = map[string]bool{
	"test": true, "tests": true, "testdata": true, "testsuite": true,
	"__tests__": true, "__mocks__": true, "unittests": true,
	"androidTest": true, "testFixtures": true, "integrationTest": true,
}

func isTestDir(name string) bool {
	return testDirs[name] || strings.HasSuffix(name, "_test") || strings.HasSuffix(name, "_tests")
}

// isTestFile applies each language's naming convention for test files.
// lang may be "" (not yet known), in which case only language-independent
// names count.
func isTestFile(name, lang string) bool {
	stem := strings.TrimSuffix(name, extension(name))
	switch lang {
	case Go:
		return strings.HasSuffix(name, "_test.go")
	case Python:
		return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, "_tests") ||
			stem == "conftest" || stem == "tests"
	case JavaScript, TypeScript:
		return strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec")
	case Java:
		return strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests") || strings.HasSuffix(stem, "TestCase") || endsInIT(stem)
	case Rust:
		return stem == "tests" || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, "_tests")
	case C, CPP:
		return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, "_tests") ||
			strings.HasSuffix(stem, "_unittest") || strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests")
	}
	return false
}

// endsInIT reports a Maven Failsafe integration test name ("ParserIT"): "IT"
// after a lower-case letter, so that "JIT" does not count.
func endsInIT(stem string) bool {
	n := len(stem)
	return n > 2 && stem[n-2:] == "IT" && 'a' <= stem[n-3] && stem[n-3] <= 'z'
}

func isDeclarations(name string) bool {
	return strings.HasSuffix(name, ".d.ts") || strings.HasSuffix(name, ".d.mts") || strings.HasSuffix(name, ".d.cts") ||
		strings.HasSuffix(name, ".pyi")
}

// badName says what is wrong with a file name that errdex will not index
// (so that paths stay printable, linkable and valid in JSON), or "".
func badName(name string) string {
	if !utf8.ValidString(name) {
		return fmt.Sprintf("name %q is not valid UTF-8", name)
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return fmt.Sprintf("name %q holds control characters", name)
		}
	}
	return ""
}

// byteSize renders n bytes for a person: "2.0 MiB", "512 B".
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
