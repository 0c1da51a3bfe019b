package javascript

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// npmRoot returns the directory of the npm that ships with Node, or skips.
func npmRoot(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("npm", "root", "-g").Output()
	if err != nil {
		t.Skipf("npm root -g: %v (the npm corpus test needs Node's npm)", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "npm")
	if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
		t.Skipf("no npm package under %s: %v", dir, err)
	}
	return dir
}

// npmInputs lists npm's JavaScript and TypeScript files, node_modules
// included (the walker would skip those as vendored), without
// declaration files.
func npmInputs(t testing.TB) []extract.Input {
	t.Helper()
	root := npmRoot(t)
	ins := extracttest.Inputs(t, root, "javascript", ".js", ".cjs", ".mjs")
	for _, in := range extracttest.Inputs(t, root, "typescript", ".ts", ".mts", ".cts") {
		if !strings.HasSuffix(in.Path, ".d.ts") && !strings.HasSuffix(in.Path, ".d.mts") && !strings.HasSuffix(in.Path, ".d.cts") {
			ins = append(ins, in)
		}
	}
	return ins
}

// TestNPM indexes npm's own code: no file may fail or time out, and the
// throw sites must agree with an independent count of throw keywords.
func TestNPM(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test")
	}
	ins := npmInputs(t)
	start := time.Now()
	res, err := runBoth(t, ins)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	for _, s := range res.Skipped {
		t.Errorf("skipped %s: %s %s", s.Path, s.Reason, s.Detail)
	}
	byKind := map[errdex.SiteKind]int{}
	byLang := map[string]int{}
	opaque := 0
	for _, s := range res.Sites {
		byKind[s.Kind]++
		byLang[s.Language]++
		if s.Kind != errdex.KindRaiseObject && s.Kind != errdex.KindReraise && !s.Template.IsEmpty() && s.Template.IsOpaque() {
			opaque++ // a new message made of holes only
		}
	}
	// The independent count: throw keywords outside comments, strings and
	// regular expressions, in files without syntax errors.
	broken := map[string]bool{}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			broken[f.Path] = true
		}
	}
	keywords := 0
	lines := map[string][]string{}
	for _, in := range ins {
		if broken[in.Path] {
			continue
		}
		src, err := in.Read()
		if err != nil {
			t.Fatal(err)
		}
		keywords += countThrows(src)
		lines[in.Path] = strings.Split(string(src), "\n")
	}
	// The sites of throw statements; the calls of helpers that throw
	// (fail("...")) are throw sites without the keyword.
	throws := 0
	for _, s := range res.Sites {
		if !broken[s.Location.Path] && (s.Kind == errdex.KindThrow || s.Kind == errdex.KindRaiseObject || s.Kind == errdex.KindReraise) &&
			s.Exception != "AssertionError" && atThrow(lines[s.Location.Path], s.Location.Span) {
			throws++
		}
	}
	var kinds []string
	for k, n := range byKind {
		kinds = append(kinds, fmt.Sprintf("%s=%d", k, n))
	}
	sort.Strings(kinds)
	t.Logf("npm: %d files (%d with problems), %.1f MB, %d sites (%v; %s), %d opaque, %d throw keywords, %v (%.2f MB/s with one worker)",
		res.FilesSeen, res.FilesWithProblems, float64(res.Bytes)/1e6, len(res.Sites), byLang, strings.Join(kinds, " "), opaque,
		keywords, elapsed.Round(time.Millisecond), float64(res.Bytes)/1e6/elapsed.Seconds())
	if throws != keywords {
		t.Errorf("%d throw sites, %d throw keywords in files without syntax errors", throws, keywords)
	}
	if opaque*5 > len(res.Sites) {
		t.Errorf("%d of %d sites build a message of holes only", opaque, len(res.Sites))
	}
}

// atThrow reports whether the span starts at a throw keyword of the
// file's lines (columns count bytes from 1), or ends at one when it starts
// where the thrown variable's error is built (const err = new Error(..);
// ...; throw err).
func atThrow(lines []string, sp errdex.Span) bool {
	if sp.EndLine > sp.Line && sp.EndLine <= len(lines) {
		end := lines[sp.EndLine-1]
		if i := strings.Index(end, "throw"); i >= 0 && i < sp.EndColumn {
			return true
		}
	}
	if sp.Line < 1 || sp.Line > len(lines) || sp.Column < 1 || sp.Column > len(lines[sp.Line-1]) {
		return false
	}
	return strings.HasPrefix(lines[sp.Line-1][sp.Column-1:], "throw")
}

// countThrows counts the throw keywords of JavaScript source outside
// comments, string and template literal text and regular expressions, by
// a scan independent of tree-sitter. A "/" starts a regular expression
// where an operand is expected (after an operator, a bracket or a
// keyword), as JavaScript's lexical grammar says.
func countThrows(src []byte) int {
	n := 0
	operand := true   // a "/" here starts a regular expression
	var braces []bool // for each open "{": whether it is a template's ${
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(string(src[i+2:]), "*/")
			if end < 0 {
				return n
			}
			i += end + 3
		case c == '"' || c == '\'':
			i = skipQuoted(src, i, c)
			operand = false
		case c == '`':
			i = skipTemplate(src, i+1, &braces)
			operand = false
		case c == '}' && len(braces) > 0 && braces[len(braces)-1]:
			braces = braces[:len(braces)-1]
			i = skipTemplate(src, i+1, &braces)
			operand = false
		case c == '/' && operand:
			i = skipRegexp(src, i)
			operand = false
		case isIdentByte(c):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			word := string(src[i:j])
			k := j
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if word == "throw" && (i == 0 || src[i-1] != '.') && (k == len(src) || src[k] != ':') { // not a property name
				n++
			}
			operand = jsKeywordBeforeOperand[word]
			i = j - 1
		case c == '{':
			braces = append(braces, false)
			operand = true
		case c == '}':
			if len(braces) > 0 {
				braces = braces[:len(braces)-1]
			}
			operand = true
		case c == ')' || c == ']':
			operand = false
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			operand = true
		}
	}
	return n
}

var jsKeywordBeforeOperand = map[string]bool{
	"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true, "delete": true,
	"void": true, "throw": true, "case": true, "do": true, "else": true, "yield": true, "await": true,
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func skipQuoted(src []byte, i int, q byte) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q, '\n':
			return j
		}
	}
	return len(src)
}

// skipTemplate skips template text from i to the closing backquote or to
// a "${", which it records as an open brace.
func skipTemplate(src []byte, i int, braces *[]bool) int {
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '`':
			return j
		case '$':
			if j+1 < len(src) && src[j+1] == '{' {
				*braces = append(*braces, true)
				return j + 1
			}
		}
	}
	return len(src)
}

func skipRegexp(src []byte, i int) int {
	class := false
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return j
			}
		case '\n':
			return j
		}
	}
	return len(src)
}
