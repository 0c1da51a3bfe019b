package template

import (
	"strings"
	"unicode/utf8"
)

// ClipExpr prepares an argument's source text to be kept as a hole's
// Expr: when the text spans lines or holds tabs, every run of white space
// becomes one space; invalid UTF-8 is replaced; and text longer than max
// bytes is cut at a rune boundary at or before max and marked with "…".
func ClipExpr(src string, max int) string {
	if strings.ContainsAny(src, "\n\r\t") {
		src = strings.Join(strings.Fields(src), " ")
	}
	src = strings.ToValidUTF8(src, "\uFFFD")
	if len(src) <= max {
		return src
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(src[cut]) {
		cut--
	}
	return src[:cut] + "…"
}
