package match

import (
	"unicode"
	"unicode/utf8"
)

// maxToken is the longest token indexed, in bytes. Longer words are cut at a
// rune boundary, the same way on both sides, so they still meet.
const maxToken = 64

// Tokens are the retrieval keys: maximal runs of letters, digits, marks and
// underscores of folded text ("mask_len", "float32", "ungültiger"), and
// each Han, kana or Hangul character on its own, since those scripts do not
// separate words with spaces. A template's literal contributes only the
// tokens it holds whole: a word at a literal's edge next to a hole
// ("{n}ms", "0x{addr}") is not a word of the message, so it is left out.
// Runs of two to four operator characters ("!=", "->", "<=", "::") are
// tokens too: a message such as unittest's "4 != 5" has no word at all,
// and its operator is the one thing a template and the message share.

// eachToken calls fn with the [start, end) byte range of every token of
// folded text s. openLeft and openRight say that a hole touches s at its
// start or end: a word running into such an edge is skipped.
func eachToken(s string, openLeft, openRight bool, fn func(start, end int)) {
	i := 0
	for i < len(s) {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isIdeograph(r) {
			fn(i, i+size)
			i += size
			continue
		}
		if isOpByte(r) {
			j := i + 1
			for j < len(s) && isOpByte(rune(s[j])) {
				j++
			}
			if n := j - i; n >= minOpToken && n <= maxOpToken && !(openLeft && i == 0 || openRight && j == len(s)) {
				fn(i, j)
			}
			i = j
			continue
		}
		if !isWordRune(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r, size := rune(s[j]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(s[j:])
			}
			if !isWordRune(r) || isIdeograph(r) {
				break
			}
			j += size
		}
		if !(openLeft && i == 0 || openRight && j == len(s)) {
			end := j
			if end-i > maxToken {
				end = i + maxToken
				for end > i && !utf8.RuneStart(s[end]) {
					end--
				}
			}
			fn(i, end)
		}
		i = j
	}
}

// Operator tokens are runs of minOpToken to maxOpToken operator bytes.
const (
	minOpToken = 2
	maxOpToken = 4
)

// isOpByte reports whether r is an ASCII operator character (see
// eachToken).
func isOpByte(r rune) bool {
	switch r {
	case '!', '=', '<', '>', '-', '+', '*', '/', '%', '&', '|', '^', '~', ':', '?':
		return true
	}
	return false
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isIdeograph(r rune) bool {
	return r >= 0x2e80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}
