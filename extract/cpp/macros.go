package cpp

import (
	"bytes"
	"context"
	"time"

	"github.com/errdex/errdex/syntax"
)

// reparseTimeout bounds the second parse of a file whose macros were
// blanked.
const reparseTimeout = 10 * time.Second

// withoutMacros returns the tree of f's source with its bare macros
// blanked (blankMacros) when that parses with fewer syntax errors than
// tree, else tree. Blanking keeps every byte's position, so lines and
// columns stay those of the file.
func withoutMacros(tree *syntax.Tree, src []byte) *syntax.Tree {
	if !tree.HasError() {
		return tree
	}
	masked, ok := blankMacros(src)
	if !ok {
		return tree
	}
	p, err := syntax.NewParser(tree.Language(), reparseTimeout)
	if err != nil {
		return tree
	}
	defer p.Close()
	t, err := p.Parse(context.Background(), masked)
	if err != nil || errorCount(t) >= errorCount(tree) {
		return tree
	}
	return t.Clone()
}

// errorCount is the number of ERROR and MISSING nodes of a tree.
func errorCount(t *syntax.Tree) int {
	if !t.HasError() {
		return 0
	}
	n := 0
	for d := range t.Root().Descendants() {
		if d.IsError() || d.IsMissing() {
			n++
		}
	}
	return max(n, 1)
}

// blankMacros replaces with spaces the upper-case names with an
// underscore (NLOHMANN_JSON_NAMESPACE_BEGIN, SPDLOG_INLINE, FMT_NOEXCEPT)
// that stand where the grammar expects no expression: alone on their
// line, before a name that starts a declaration, or after a parameter
// list or an array's brackets. Such macros expand to attributes, specifiers and namespace
// braces the grammar cannot see. Strings, comments and preprocessor
// lines are left as they are. It reports whether it blanked any.
func blankMacros(src []byte) ([]byte, bool) {
	var out []byte
	lineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#' && lineStart:
			i = skipDirective(src, i)
			continue
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			i = skipComment(src, i)
			continue
		case c == '"' || c == '\'':
			i = skipLiteral(src, i)
			lineStart = false
			continue
		}
		wasLineStart := lineStart
		lineStart = false
		if !isIdentByte(c) {
			i++
			continue
		}
		j := i
		for j < len(src) && isIdentByte(src[j]) {
			j++
		}
		if j < len(src) && (src[j] == '"' || src[j] == '\'') {
			i = j // a prefixed literal: u8"..", R"(..)"
			continue
		}
		if isBareMacro(src, i, j, wasLineStart) {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			for k := i; k < j; k++ {
				out[k] = ' '
			}
		}
		i = j
	}
	return out, out != nil
}

// isBareMacro reports whether the name src[i:j] is a macro blankMacros
// blanks.
func isBareMacro(src []byte, i, j int, lineStart bool) bool {
	if !isMacroName(src[i:j]) {
		return false
	}
	next := skipSpace(src, j, 1)
	if next < len(src) && src[next] == '(' {
		return false // a function-like macro or a call
	}
	prev := skipSpace(src, i-1, -1)
	word := wordBefore(src, i)
	alone := lineStart && lineEnds(src, j)
	beforeName := next < len(src) && isIdentByte(src[next]) &&
		(prev < 0 || src[prev] == ';' || src[prev] == '}' || src[prev] == '{' || src[prev] == '>' || lineStart || classKeys[word])
	return alone || beforeName || afterParams(src, i, next)
}

// classKeys are the keywords a macro may follow in a class's head: class
// BOOST_SYMBOL_VISIBLE bad_any_cast.
var classKeys = map[string]bool{"class": true, "struct": true, "union": true}

// qualifiers may stand between a function's parameter list and a macro
// after it: what() const BOOST_NOEXCEPT_OR_NOTHROW BOOST_OVERRIDE.
var qualifiers = map[string]bool{"const": true, "volatile": true, "override": true, "final": true, "noexcept": true}

// afterParams reports whether the name at src[i] follows a parameter list
// or an array's brackets, past qualifiers and other macros, and comes
// before what may follow them.
func afterParams(src []byte, i, next int) bool {
	if next >= len(src) || !(bytes.IndexByte([]byte("{;:-="), src[next]) >= 0 || isIdentByte(src[next])) {
		return false
	}
	for range 8 {
		prev := skipSpace(src, i-1, -1)
		if prev < 0 {
			return false
		}
		switch c := src[prev]; {
		case c == ')' || c == ']':
			return true
		case c == '&':
			i = prev
			continue
		case !isIdentByte(c):
			return false
		}
		w := wordBefore(src, i)
		if !qualifiers[w] && !isMacroName([]byte(w)) {
			return false
		}
		i = prev + 1 - len(w)
	}
	return false
}

// wordBefore is the name that ends before src[i], spaces skipped, or "".
func wordBefore(src []byte, i int) string {
	e := skipSpace(src, i-1, -1) + 1
	b := e
	for b > 0 && isIdentByte(src[b-1]) {
		b--
	}
	return string(src[b:e])
}

// isMacroName reports whether a name is written as macros are: upper
// case letters and digits with at least one underscore inside.
func isMacroName(name []byte) bool {
	if len(name) < 4 || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	under := false
	for _, c := range name {
		switch {
		case c == '_':
			under = true
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return under && name[len(name)-1] != '_'
}

// lineEnds reports whether only spaces and a comment follow src[j] on its
// line.
func lineEnds(src []byte, j int) bool {
	for ; j < len(src) && src[j] != '\n'; j++ {
		switch src[j] {
		case ' ', '\t', '\r':
		case '/':
			return j+1 < len(src) && (src[j+1] == '/' || src[j+1] == '*')
		default:
			return false
		}
	}
	return true
}

// skipDirective returns the end of the preprocessor line at src[i],
// continuation lines included.
func skipDirective(src []byte, i int) int {
	for ; i < len(src); i++ {
		if src[i] == '\n' && (i == 0 || src[i-1] != '\\') {
			return i
		}
	}
	return i
}

// skipComment returns the end of the comment at src[i].
func skipComment(src []byte, i int) int {
	if src[i+1] == '/' {
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i
	}
	for i += 2; i+1 < len(src); i++ {
		if src[i] == '*' && src[i+1] == '/' {
			return i + 2
		}
	}
	return len(src)
}

// skipLiteral returns the end of the string or character literal at
// src[i], or of its line when it is not closed there.
func skipLiteral(src []byte, i int) int {
	q := src[i]
	for i++; i < len(src) && src[i] != '\n'; i++ {
		switch src[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return i
}
