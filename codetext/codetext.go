// Package codetext scans the text of a code expression as an extractor
// recorded it (a condition, an argument) in the languages errdex reads:
// outside string literals, with the depth of brackets. It does not parse;
// it finds the top level of an expression.
package codetext

import "strings"

// Scan calls visit for each byte of s from start on that lies outside
// string literals ('...', "...", `...`), with the depth of brackets around
// it (a bracket is inside the brackets it opens or closes), until visit
// returns false.
func Scan(s string, start int, visit func(i, depth int) bool) {
	depth := 0
	var quote byte
	for i := max(start, 0); i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '\'' || c == '"' || c == '`':
			quote = c
			continue
		}
		open := c == '(' || c == '[' || c == '{'
		if open {
			depth++
		}
		if !visit(i, depth) {
			return
		}
		if c == ')' || c == ']' || c == '}' {
			depth--
		}
	}
}

// Closing returns the index of the bracket closing the one at open in s,
// skipping string literals, or -1 (also for an open outside s).
func Closing(s string, open int) int {
	end := -1
	if open < 0 || open >= len(s) {
		return end
	}
	Scan(s, open, func(i, depth int) bool {
		if i > open && depth == 1 && (s[i] == ')' || s[i] == ']' || s[i] == '}') {
			end = i
			return false
		}
		return true
	})
	return end
}

// Operand reports whether s is one operand: outside its brackets (and the
// string literals in them) nothing but names and member accesses (letters,
// digits, _, $, ".", "::", "?.", "->"), its brackets closed in order:
// x, self.limit, f(a, b), m["k"], ns::f(x), p->next. An operation on
// several operands (a && b, n > 0, -x) is not one.
func Operand(s string) bool {
	ok := s != ""
	depth := 0 // after the byte visited
	Scan(s, 0, func(i, d int) bool {
		c := s[i]
		depth = d
		switch {
		case c == ')' || c == ']' || c == '}':
			depth = d - 1
			ok = depth >= 0
		case d > 0 || c == '(' || c == '[' || c == '{':
		case c == '_' || c == '.' || c == '$' || c == ':' || c == '?' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
		case c == '-' && i+1 < len(s) && s[i+1] == '>':
		case c == '>' && i > 0 && s[i-1] == '-':
		default:
			ok = false
		}
		return ok
	})
	return ok && depth == 0
}

// comparisonOps are the comparison operators Comparison finds, longest
// first at one position ("<=" is not "<", " not in " is not " in ").
var comparisonOps = []string{" is not ", " not in ", "===", "!==", "==", "!=", "<=", ">=", " is ", " in ", "<", ">"}

// booleanOps join conditions: a condition with one at its top level is not
// one comparison (nor is an arrow function's =>).
var booleanOps = []string{"&&", "||", "??", " and ", " or ", "=>"}

// Comparison returns the offset in cond of its only top-level comparison
// operator (outside brackets and string literals) and the operator as
// written (" is not " with its spaces), or -1 and "" when cond has none,
// several (0 < x < 10), a boolean operator or an assignment at its top
// level. A lone < or > next to another <, >, - or = (a shift, ->, =>) is
// no comparison.
func Comparison(cond string) (int, string) {
	at, found, skip := -1, "", 0
	Scan(cond, 0, func(i, depth int) bool {
		c := cond[i]
		if i < skip || depth > 0 || c == '(' || c == '[' || c == '{' {
			return true
		}
		rest := cond[i:]
		for _, b := range booleanOps {
			if strings.HasPrefix(rest, b) {
				at = -2
				return false
			}
		}
		op := ""
		for _, o := range comparisonOps {
			if strings.HasPrefix(rest, o) {
				op = o
				break
			}
		}
		if (op == "<" || op == ">") && (i > 0 && strings.IndexByte("<>-=", cond[i-1]) >= 0 || i+1 < len(cond) && strings.IndexByte("<>=", cond[i+1]) >= 0) {
			op = ""
			skip = i + 2 // the pair is one operator
		}
		switch {
		case op == "" && c == '=':
			at = -2 // an assignment
			return false
		case op == "":
			return true
		case at != -1:
			at = -2
			return false
		}
		at, found, skip = i, op, i+len(op)
		return true
	})
	if at < 0 {
		return -1, ""
	}
	return at, found
}

// EnvIdent reports whether s can name an environment variable read by
// name (os.environ["x"], process.env.x): ASCII letters, digits and
// underscores, not starting with a digit.
func EnvIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// EnvName reports whether s is an environment variable name in the
// conventional spelling, as a helper's argument names one
// (getEnv("MAX_TOKENS")): upper-case letters, digits and underscores, at
// least two characters, starting with a letter.
func EnvName(s string) bool {
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
