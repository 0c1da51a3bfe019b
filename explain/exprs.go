package explain

import (
	"github.com/errdex/errdex/codetext"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// This file reads the few expression shapes the rules follow in the
// source texts of facts: an assignment "name = value", a comparison of two
// operands, and the wrappers through which a value passes unchanged
// (int(x), x.get(), x.value). The texts are single-line source from the
// facts; anything else is left alone.

// assignedValue returns the value of an assignment text "name = value",
// or "" when text is not a plain assignment of name.
func assignedValue(text, name string) string {
	rest, ok := strings.CutPrefix(text, name)
	if !ok {
		return literalField(text, name)
	}
	rest = strings.TrimLeft(rest, " \t")
	if i := strings.IndexByte(rest, ':'); i == 0 {
		// name: type = value
		eq := topLevel(rest, "=")
		if eq < 0 {
			return ""
		}
		rest = rest[eq:]
	}
	if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") {
		return ""
	}
	rest = rest[1:]
	// a = b = value: the value is after the last top-level "=".
	for i := topLevel(rest, "="); i >= 0; i = topLevel(rest, "=") {
		rest = rest[i+1:]
	}
	return strings.TrimSpace(rest)
}

// literalField returns the value a keyed literal of one field gives the
// field that name ends with: cfg.MaxConns for Pool{size: cfg.MaxConns}
// and p.size (Go), or Pool { size: cfg.max } and self.size (Rust); "" for
// any other text.
func literalField(text, name string) string {
	field := name[strings.LastIndexByte(name, '.')+1:]
	open := strings.IndexByte(text, '{')
	if open <= 0 || !strings.HasSuffix(text, "}") || !token.IsIdentifier(strings.TrimSpace(text[:open])) {
		return ""
	}
	key, value, ok := strings.Cut(text[open+1:len(text)-1], ":")
	if !ok || strings.TrimSpace(key) != field {
		return ""
	}
	return strings.TrimSpace(value)
}

// splitComparison splits "left op right" at its only top-level comparison
// operator (see codetext.Comparison).
func splitComparison(expr string) (left, op, right string, ok bool) {
	i, o := codetext.Comparison(expr)
	if i < 0 {
		return "", "", "", false
	}
	l, r := strings.TrimSpace(expr[:i]), strings.TrimSpace(expr[i+len(o):])
	if l == "" || r == "" {
		return "", "", "", false
	}
	return l, strings.TrimSpace(o), r, true
}

// topLevel returns the index of the first occurrence of sub outside
// brackets and string literals, or -1.
func topLevel(s, sub string) int {
	found := -1
	codetext.Scan(s, 0, func(i, depth int) bool {
		if depth != 0 || strings.IndexByte("([{}])", s[i]) >= 0 || !strings.HasPrefix(s[i:], sub) {
			return true
		}
		// "<" must not be the start of "<=", nor ">" of ">=".
		if (sub == "<" || sub == ">" || sub == "=") && i+1 < len(s) && s[i+1] == '=' {
			return true
		}
		if sub == "=" && i > 0 && strings.ContainsRune("<>!=", rune(s[i-1])) {
			return true
		}
		found = i
		return false
	})
	return found
}

// closing returns the index of the bracket closing the one at open in s
// (see codetext.Closing).
func closing(s string, open int) int { return codetext.Closing(s, open) }

// passesThrough reports whether expr is the value of name, possibly
// through a conversion or an accessor that keeps it: name, int(name),
// float(name), str(name), name.get(), name.get(default), name.value,
// name(), and Go's dereference *name.
func passesThrough(expr, name string) bool {
	for {
		expr = strings.TrimSpace(expr)
		if expr == name {
			return true
		}
		if deref, ok := strings.CutPrefix(expr, "*"); ok {
			expr = deref // Go's *p reads the value a flag.Int stores
			continue
		}
		inner, ok := unwrapCall(expr, "int", "float", "str")
		if !ok {
			break
		}
		expr = inner
	}
	rest, ok := strings.CutPrefix(expr, name)
	if !ok {
		return false
	}
	if rest == ".value" || rest == "()" || rest == ".get()" {
		return true
	}
	return strings.HasPrefix(rest, ".get(") && strings.HasSuffix(rest, ")") && !strings.Contains(rest[5:len(rest)-1], "(")
}

// unwrapCall returns the argument of f(arg) for one of the functions.
func unwrapCall(expr string, fns ...string) (string, bool) {
	for _, f := range fns {
		if strings.HasPrefix(expr, f+"(") && strings.HasSuffix(expr, ")") {
			inner := expr[len(f)+1 : len(expr)-1]
			if topLevel(inner, ",") < 0 {
				return inner, true
			}
		}
	}
	return "", false
}

// isQuoted reports whether s is one quoted string literal.
func isQuoted(s string) bool {
	return len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] && !strings.ContainsRune(s[1:len(s)-1], rune(s[0]))
}

// isLiteral reports whether s is a number, a quoted string, or a boolean
// or null constant of one of the languages.
func isLiteral(s string) bool {
	if isQuoted(s) {
		return true
	}
	if _, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64); err == nil {
		return true
	}
	switch s {
	case "None", "True", "False", "nil", "null", "true", "false":
		return true
	}
	return false
}

// literalItems returns the unquoted items of a tuple, list or set
// literal of literals.
func literalItems(v string) ([]string, bool) {
	if len(v) < 2 || !strings.ContainsRune("([{", rune(v[0])) {
		return nil, false
	}
	body := strings.TrimSpace(v[1 : len(v)-1])
	var items []string
	for body != "" {
		item := body
		i := topLevel(body, ",")
		if i >= 0 {
			item, body = body[:i], strings.TrimSpace(body[i+1:])
		} else {
			body = ""
		}
		item = strings.TrimSpace(item)
		if !isLiteral(item) {
			return nil, false
		}
		items = append(items, unquote(item))
	}
	return items, len(items) > 0
}

// intValue parses an integer literal.
func intValue(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 0, 64)
	return n, err == nil
}

// number parses a numeric literal, or a quoted one (an environment
// variable's default is often a string).
func number(s string) (float64, bool) {
	if isQuoted(s) {
		s = s[1 : len(s)-1]
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return f, err == nil
}

// negations maps an operator to the one that holds when it fails.
var negations = map[string]string{
	"==": "!=", "!=": "==", "===": "!==", "!==": "===", "<": ">=", ">=": "<", ">": "<=", "<=": ">",
	"is": "is not", "is not": "is", "in": "not in", "not in": "in",
	"truthy": "falsy", "falsy": "truthy", "isinstance": "not isinstance", "not isinstance": "isinstance",
}

// mirrors maps an operator to the one that holds with the operands
// swapped.
var mirrors = map[string]string{"==": "==", "!=": "!=", "===": "===", "!==": "!==", "<": ">", ">": "<", "<=": ">=", ">=": "<="}

// holds evaluates "x op v" for a literal x (a default) and a constant v;
// ok is false when it cannot (a non-numeric operand, the truth of a
// quoted string, whose rules differ between languages).
func holds(x, op, v string) (result, ok bool) {
	if isQuoted(x) && (op == "truthy" || op == "falsy") {
		return false, false
	}
	switch op {
	case "in", "not in":
		items, ok := literalItems(v)
		if !ok || !isLiteral(x) {
			return false, false
		}
		in := slices.Contains(items, unquote(x))
		return in == (op == "in"), true
	case "==", "!=":
		if isQuoted(x) || isQuoted(v) {
			if !isLiteral(x) || !isLiteral(v) {
				return false, false
			}
			return (unquote(x) == unquote(v)) == (op == "=="), true
		}
	}
	xn, ok := number(x)
	switch x {
	case "True", "true":
		xn, ok = 1, true
	case "False", "false", "None", "nil", "null":
		xn, ok = 0, true
	}
	if !ok {
		return false, false
	}
	switch op {
	case "truthy":
		return xn != 0, true
	case "falsy":
		return xn == 0, true
	}
	n, ok := number(v)
	if !ok {
		return false, false
	}
	switch op {
	case ">":
		return xn > n, true
	case ">=":
		return xn >= n, true
	case "<":
		return xn < n, true
	case "<=":
		return xn <= n, true
	case "==":
		return xn == n, true
	case "!=":
		return xn != n, true
	}
	return false, false
}
