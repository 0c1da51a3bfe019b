// Package python finds the error sites of Python source: every raise
// statement (raise E is raise E(); raise e.with_traceback(tb) raises e),
// every assert, every exception a generator yields (yield
// ValidationError(...)) and six's raise_from(exc, cause), each with its
// exception type (qualified through the file's imports), the message
// template Python would print, the enclosing function and the statement's
// span.
//
// Extraction is one pre-order pass over the syntax tree (scan.go) that
// indexes scopes, bindings, imports, classes and candidate statements,
// followed by an evaluation of each candidate's message (eval.go), which
// decodes literals, applies %-formatting, str.format and f-strings through
// package template, and resolves message variables to their assignments
// (resolve.go). Link (link.go) then follows exception classes defined in
// the repository that build their own messages, across files; a base's
// __init__ and __str__ that format a class constant are read again for each
// subclass of the same file that binds its own (botocore's fmt, see
// classes.go).
package python

import (
	"fmt"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// Extractor extracts Python error sites.
var Extractor = &extract.Extractor{
	Language: "python",
	Doc:      "raise statements (with the message each exception class builds), asserts, yielded exceptions and six.raise_from",
	Grammar:  func(string) *syntax.Language { return syntax.Python() },
	Extract:  extractFile,
	Link:     link,
}

// facts is what Link needs from one file (FileResult.Facts).
type facts struct {
	imports map[string]importTarget
	stars   []string
	classes []*classFact
	// factories are the functions that return a new exception, by their
	// name within the module ("suffixed_err", "Parser.error").
	factories map[string]*factoryFact
	raises    []*raiseFact
	// condRaises are the raises of conditional expressions, merged
	// again once Link has refined their branches.
	condRaises []*condRaise
	// paramCalls are the sites that raise what their callers pass;
	// exported those of the module-level functions, by name, which
	// calls in other files (their importedCalls) bind too.
	paramCalls    []*paramCall
	exported      map[string]*exportedFunc
	importedCalls []importedCall
	// sites are the file's sites; consts its module-level text constants
	// (consts.go).
	sites  []*errdex.Site
	consts map[string]argVal
	// imported are the formattings of imported names the sites' holes
	// stand for, by expression (see importedFormat).
	imported map[string]importedFormat
	// formatters are the module-level functions that format their first
	// argument with the others, by name; helperCalls the calls of
	// imported functions that Link reads as such (see formatters.go), by
	// site and by the expression of the call: one expression may stand
	// for other texts in other functions (format(msg, value)).
	formatters  map[string]textFormatter
	helperCalls map[*errdex.Site]map[string]helperCall
	// aliases are the module-level names bound exactly once to another
	// name, as written (FileError = _distutils_errors.DistutilsFileError):
	// Link follows them to classes as it follows imports.
	aliases map[string]string
	// module is the file's dotted module name, set by Link.
	module string
	pkg    bool // the file is a package's __init__.py
	// analysis holds the facts for the repository analyses (facts.go).
	analysis *extract.FileFacts
}

func extractFile(f *extract.File) (*extract.FileResult, error) {
	if f.Tree == nil {
		return nil, fmt.Errorf("python: %s was not parsed", f.Path)
	}
	fs := scan(f.Tree)
	x := &extraction{fs: fs, ev: &evaluator{fs: fs}, facts: &facts{imports: fs.imports, stars: fs.stars}}
	res := &extract.FileResult{Facts: x.facts}
	for _, c := range fs.sites {
		if s := x.site(c); s != nil {
			res.Sites = append(res.Sites, s)
		}
	}
	x.callerMessages()
	for _, cr := range x.facts.condRaises {
		cr.merge()
	}
	x.facts.sites, x.facts.consts, x.facts.aliases = res.Sites, x.moduleConsts(), x.moduleAliases()
	x.facts.imported = x.ev.imported
	x.facts.formatters = x.moduleFormatters()
	x.facts.analysis = analysisFacts(fs, res.Sites)
	res.Analysis = x.facts.analysis
	for _, c := range fs.classes {
		if cf := x.classFact(c); cf != nil {
			x.facts.classes = append(x.facts.classes, cf)
		}
	}
	for _, f := range fs.funcs {
		if ff := x.factoryFact(f); ff != nil {
			if x.facts.factories == nil {
				x.facts.factories = map[string]*factoryFact{}
			}
			x.facts.factories[f.qual] = ff
		}
	}
	if len(fs.errorLines) > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("syntax errors on %s: %d raise/assert statements skipped",
			lineList(fs.errorLines), fs.skipped))
	} else if fs.skipped > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("%d raise/assert statements with syntax errors skipped", fs.skipped))
	}
	if len(fs.py2Raises) > 0 {
		res.Problems = append(res.Problems, fmt.Sprintf("Python 2 raise syntax (raise E, msg) on %s", lineList(fs.py2Raises)))
	}
	res.Problems = append(res.Problems, x.ev.problems...)
	return res, nil
}

// lineList renders "line 3" or "lines 3, 9, 12 and 4 more".
func lineList(lines []int) string {
	const shown = 10
	var b strings.Builder
	if len(lines) == 1 {
		return fmt.Sprintf("line %d", lines[0])
	}
	b.WriteString("lines ")
	for i, l := range lines {
		if i == shown {
			fmt.Fprintf(&b, " and %d more", len(lines)-shown)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", l)
	}
	return b.String()
}
