package template

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds a small tokenizer for Python expression text and the
// shape analysis built on it: enough to name holes, guess types and
// substitute names. It never fails: text that is not Python gives tokens
// all the same, and the analyses fall back to plain answers.

// pyTokKind classifies a token.
type pyTokKind uint8

const (
	tokName pyTokKind = iota + 1
	tokNumber
	tokString
	tokOp
	tokOpen  // ( [ {
	tokClose // ) ] }
)

type pyTok struct {
	kind       pyTokKind
	start, end int // byte offsets in the source text
}

// maxExprTokens bounds the work spent on one expression; hole expressions
// are short, and a longer text is analysed by its first tokens.
const maxExprTokens = 512

// pyTokenize splits Python expression text into tokens.
func pyTokenize(s string) []pyTok {
	var toks []pyTok
	i := 0
	for i < len(s) && len(toks) < maxExprTokens {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\\':
			i++
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '\'' || c == '"':
			j := skipPyString(s, i, false)
			toks = append(toks, pyTok{tokString, i, j})
			i = j
		case '0' <= c && c <= '9' || c == '.' && i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (isPyNameByte(s[j]) || s[j] == '.' ||
				(s[j] == '+' || s[j] == '-') && (s[j-1] == 'e' || s[j-1] == 'E') && !strings.ContainsAny(s[i:j], "xXoObB")) {
				j++
			}
			toks = append(toks, pyTok{tokNumber, i, j})
			i = j
		case isPyNameStart(s, i):
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) {
					break
				}
				j += size
			}
			// A string prefix: r"", b'', f"", rb"", ...
			if j < len(s) && (s[j] == '\'' || s[j] == '"') && j-i <= 2 && isPyStringPrefix(s[i:j]) {
				k := skipPyString(s, j, strings.ContainsAny(s[i:j], "rR"))
				toks = append(toks, pyTok{tokString, i, k})
				i = k
				continue
			}
			toks = append(toks, pyTok{tokName, i, j})
			i = j
		case c == '(' || c == '[' || c == '{':
			toks = append(toks, pyTok{tokOpen, i, i + 1})
			i++
		case c == ')' || c == ']' || c == '}':
			toks = append(toks, pyTok{tokClose, i, i + 1})
			i++
		default:
			n := pyOpLen(s[i:])
			toks = append(toks, pyTok{tokOp, i, i + n})
			i += n
		}
	}
	return toks
}

func isPyNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

func isPyNameStart(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r == '_' || unicode.IsLetter(r)
}

func isPyStringPrefix(p string) bool {
	seen := 0
	for i := 0; i < len(p); i++ {
		switch p[i] | 0x20 {
		case 'r', 'b', 'u', 'f':
			seen++
		default:
			return false
		}
	}
	return seen == len(p)
}

// skipPyString returns the offset just past the string literal whose
// opening quote is at i, or len(s) when it is not closed.
func skipPyString(s string, i int, raw bool) int {
	q := s[i]
	triple := i+2 < len(s) && s[i+1] == q && s[i+2] == q
	j := i + 1
	if triple {
		j = i + 3
	}
	for j < len(s) {
		switch c := s[j]; {
		case c == '\\':
			j += 2
			continue
		case c == q && !triple:
			return j + 1
		case c == q && j+2 < len(s) && s[j+1] == q && s[j+2] == q:
			return j + 3
		case c == '\n' && !triple:
			return j
		}
		j++
	}
	_ = raw // a backslash escapes a quote in raw strings too
	return len(s)
}

// pyOpLen is the length of the operator at the start of s.
func pyOpLen(s string) int {
	for _, op := range [...]string{"**=", "//=", ">>=", "<<=", "...", "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", ":=",
		"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="} {
		if strings.HasPrefix(s, op) {
			return len(op)
		}
	}
	_, size := utf8.DecodeRuneInString(s)
	return max(size, 1)
}

// pyExpr is tokenized expression text.
type pyExpr struct {
	src  string
	toks []pyTok
}

func newPyExpr(s string) pyExpr { return pyExpr{src: s, toks: pyTokenize(s)} }

func (e pyExpr) text(t pyTok) string { return e.src[t.start:t.end] }

func (e pyExpr) is(i int, kind pyTokKind, text string) bool {
	return i >= 0 && i < len(e.toks) && e.toks[i].kind == kind && e.text(e.toks[i]) == text
}

// match returns the index of the token closing the bracket at i, or
// len(toks)-1 when it is not closed.
func (e pyExpr) match(i int) int {
	depth := 0
	for j := i; j < len(e.toks); j++ {
		switch e.toks[j].kind {
		case tokOpen:
			depth++
		case tokClose:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(e.toks) - 1
}

// pyKeywordOps are the keywords that act as operators between operands.
var pyKeywordOps = map[string]bool{
	"if": true, "else": true, "or": true, "and": true, "not": true, "in": true, "is": true,
	"for": true, "async": true, "lambda": true, "await": true, "yield": true, "from": true,
}

// split returns the token ranges of the top-level comma-separated items of
// toks[lo:hi].
func (e pyExpr) split(lo, hi int) [][2]int {
	var items [][2]int
	start := lo
	for j := lo; j < hi; j++ {
		switch t := e.toks[j]; {
		case t.kind == tokOpen:
			j = e.match(j)
		case t.kind == tokOp && e.text(t) == ",":
			items = append(items, [2]int{start, j})
			start = j + 1
		}
	}
	if start < hi {
		items = append(items, [2]int{start, hi})
	}
	return items
}

// operand narrows toks[lo:hi] to its first operand: it skips unary
// prefixes and stops before the first top-level binary operator, keyword
// operator or conditional. The result is a primary expression (an atom
// followed by trailers) when the text is Python.
func (e pyExpr) operand(lo, hi int) (int, int) {
	for lo < hi {
		t := e.toks[lo]
		s := e.text(t)
		if t.kind == tokOp && (s == "-" || s == "+" || s == "~" || s == "*" || s == "**") ||
			t.kind == tokName && (s == "not" || s == "await") {
			lo++
			continue
		}
		break
	}
	for j := lo; j < hi; j++ {
		t := e.toks[j]
		switch t.kind {
		case tokOpen:
			j = e.match(j)
		case tokOp:
			if s := e.text(t); s != "." && j > lo {
				return lo, j
			}
		case tokName:
			if pyKeywordOps[e.text(t)] && j > lo {
				return lo, j
			}
		case tokString, tokNumber:
			// Adjacent string literals concatenate: one operand.
		}
	}
	return lo, hi
}

// isPyIdentifier reports whether s is a Python identifier.
func isPyIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return !pyKeywordOps[s]
}

// isPyPrimary reports whether s is a primary expression (a name, literal,
// bracketed display, attribute, call or subscription), which needs no
// parentheses as the operand of a trailer.
func isPyPrimary(s string) bool {
	e := newPyExpr(s)
	if len(e.toks) == 0 {
		return false
	}
	lo, hi := e.operand(0, len(e.toks))
	return lo == 0 && hi == len(e.toks) && e.toks[0].kind != tokOp
}
