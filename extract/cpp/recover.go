package cpp

import (
	"bytes"

	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// Bounds of recoverHeader: how far before a statement its function's
// header may start, how many uses of the parameter's name it looks at,
// and how long a parameter list may be.
const (
	recoverWindow = 8 << 10
	recoverUses   = 64
	recoverParams = 4 << 10
)

// header is a function header read from the text: the function's name,
// where the header starts, the position of a parameter and the least and
// most arguments a call passes (most < 0: variadic).
type header struct {
	name         string
	start, index int
	least, most  int
}

// recoverHeader reads, in the text before statement n outside any
// function definition of a file with syntax errors, the header of the
// function it belongs to: the nearest parameter list before it that
// declares param. Code the grammar cannot read (a macro before a
// template, a struct declared with an object of it in the body) can cost
// a function its definition, leaving its statements in the enclosing
// block, as in libstdc++'s __stoa:
//
//	_Ret __stoa(_TRet (*__convf) (const _CharT*, _CharT**, _Base...),
//	            const char* __name, const _CharT* __str, ...)
//
// The name is qualified by the namespaces and classes around n.
func (x *file) recoverHeader(n syntax.Node, param string) (header, bool) {
	if n.IsNull() || param == "" || !x.tree.Root().HasError() && !isMacroHeaded(n) {
		return header{}, false
	}
	src := x.src
	end := min(n.StartByte(), len(src))
	from := max(0, end-recoverWindow)
	word := []byte(param)
	for i, uses := end, 0; uses < recoverUses; uses++ {
		k := bytes.LastIndex(src[from:i], word)
		if k < 0 {
			break
		}
		k += from
		i = k
		if h, ok := headerAt(src, k, len(word)); ok {
			h.name = x.scopeOf(n) + h.name
			return h, true
		}
	}
	return header{}, false
}

// headerAt reads the header around the parameter name at src[k:k+size]:
// a declaration of it (after a type, before ",", ")" or "="), inside
// parentheses that follow a function's name.
func headerAt(src []byte, k, size int) (header, bool) {
	if k > 0 && isIdentByte(src[k-1]) || k+size < len(src) && isIdentByte(src[k+size]) {
		return header{}, false // part of a longer name
	}
	next := skipSpace(src, k+size, 1)
	prev := skipSpace(src, k-1, -1)
	if next >= len(src) || prev < 0 || !bytes.ContainsRune([]byte(",)=["), rune(src[next])) ||
		!(isIdentByte(src[prev]) || src[prev] == '*' || src[prev] == '&' || src[prev] == '>') {
		return header{}, false
	}
	// Back to the unmatched "(", counting the parameters before.
	index, depth, open := 0, 0, -1
	for j := k - 1; j >= 0 && k-j < recoverParams; j-- {
		switch src[j] {
		case ')', ']', '>':
			depth++
		case '(', '[', '<':
			if depth == 0 && src[j] == '(' {
				open = j
			}
			depth--
		case ',':
			if depth == 0 {
				index++
			}
		case ';', '{', '}':
			return header{}, false
		}
		if open >= 0 || depth < 0 {
			break
		}
	}
	if open < 0 {
		return header{}, false
	}
	// The function's name before it, qualified as written, or before a
	// comma when a macro takes the name and the parameter list as two
	// arguments (libpng's PNG_FUNCTION(void, png_error, (...), attrs)).
	e := skipSpace(src, open-1, -1) + 1
	if e > 0 && src[e-1] == ',' {
		e = skipSpace(src, e-2, -1) + 1
	}
	b := e
	for b > 0 && (isIdentByte(src[b-1]) || src[b-1] == ':') {
		b--
	}
	name := string(bytes.TrimLeft(src[b:e], ":"))
	if !isIdent(lastSegment(name)) || keywords[lastSegment(name)] || lastSegment(name)[0] >= '0' && lastSegment(name)[0] <= '9' {
		return header{}, false
	}
	// Forward to the matching ")", counting the parameters.
	least, most, depth, params, optional := 0, 0, 0, 0, false
	empty := true
	for j := open + 1; j < len(src) && j-open < recoverParams; j++ {
		c := src[j]
		switch {
		case c == '(' || c == '[' || c == '<':
			depth++
		case c == ')' || c == ']' || c == '>':
			if depth == 0 && c == ')' {
				if !empty {
					params++
					if !optional {
						least++
					}
				}
				most = params
				if depthZeroEllipsis(src[open+1 : j]) {
					most, least = -1, max(0, least-1) // the last is a pack or C's "..."
				}
				return header{name: name, start: b, index: index, least: least, most: most}, true
			}
			depth--
		case c == ',' && depth == 0:
			params++
			if !optional {
				least++
			}
			optional = false
		case c == '=' && depth == 0:
			optional = true
		case c == ';' || c == '{' || c == '}':
			return header{}, false
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			empty = false
		}
	}
	return header{}, false
}

// depthZeroEllipsis reports whether a parameter list has "..." outside
// nested parentheses: f(const char*, ...), f(T... args).
func depthZeroEllipsis(list []byte) bool {
	depth := 0
	for j := 0; j < len(list); j++ {
		switch list[j] {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth == 0 && bytes.HasPrefix(list[j:], []byte("...")) {
				return true
			}
		}
	}
	return false
}

// skipSpace returns the first position from i, moving by step, that is
// not white space.
func skipSpace(src []byte, i, step int) int {
	for i >= 0 && i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i += step
	}
	return i
}

// scopeOf is the qualification of the namespaces and classes around n,
// with a trailing "::": "std::vector::".
func (x *file) scopeOf(n syntax.Node) string {
	q := ""
	for a := range n.Ancestors() {
		var scope string
		switch a.Kind() {
		case "class_specifier", "struct_specifier", "union_specifier":
			scope = stripTemplate(msgeval.Compact(a.Child("name").Text()))
		case "namespace_definition":
			scope = msgeval.Compact(a.Child("name").Text())
		}
		if scope != "" {
			q = scope + "::" + q
		}
	}
	return q
}
