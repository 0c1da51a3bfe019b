// Package codetext scans the text of a code expression as an extractor
// recorded it (a condition, an argument) in the languages errdex reads:
// outside string literals, with the depth of brackets. It does not parse;
// it finds the top level of an expression.
package codetext

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
