package family

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
)

// This file matches phrases against a message's words. A message becomes
// lower-case word tokens: letters and digits, apostrophes dropped
// ("doesn't" is "doesnt"), everything else a separator ("utf-8" is "utf 8",
// "i/o" is "i o"), and each hole a token "{}" that no phrase contains. A
// phrase is a sequence of tokens; a token ending in "*" matches by prefix.
// Each phrase counts once per message.

// phrase is one compiled phrase.
type phrase struct {
	family int
	weight float64
	toks   []string // lower-case; a trailing "*" matches by prefix
}

// phraseIndex finds the phrases that may start at a token.
type phraseIndex struct {
	phrases []phrase
	byFirst map[string][]int // exact first token → phrases
	prefix  []int            // phrases whose first token is a prefix
}

var index = func() *phraseIndex {
	ix := &phraseIndex{byFirst: map[string][]int{}}
	for fam, ws := range wordWeights {
		for _, w := range ws {
			p := phrase{family: fam, weight: w.weight, toks: strings.Fields(w.phrase)}
			k := len(ix.phrases)
			ix.phrases = append(ix.phrases, p)
			if first := p.toks[0]; strings.HasSuffix(first, "*") {
				ix.prefix = append(ix.prefix, k)
			} else {
				ix.byFirst[first] = append(ix.byFirst[first], k)
			}
		}
	}
	return ix
}()

// matchPhrases adds the weight of every phrase found in toks to its
// family's score.
func matchPhrases(toks []string, words *[numFamilies]float64) {
	seen := make([]bool, len(index.phrases))
	try := func(k, i int) {
		if seen[k] {
			return
		}
		p := &index.phrases[k]
		if i+len(p.toks) > len(toks) {
			return
		}
		for j, pt := range p.toks {
			if !tokMatch(pt, toks[i+j]) {
				return
			}
		}
		seen[k] = true
		words[p.family] += p.weight
	}
	for i, t := range toks {
		for _, k := range index.byFirst[t] {
			try(k, i)
		}
		for _, k := range index.prefix {
			try(k, i)
		}
	}
}

func tokMatch(pat, tok string) bool {
	if p, ok := strings.CutSuffix(pat, "*"); ok {
		return strings.HasPrefix(tok, p)
	}
	return pat == tok
}

// tokens splits a template's literal text into lower-case word tokens,
// and reports whether the text names something spelt like an environment
// variable (NAME_LIKE_THIS, at least eight characters).
func tokens(t errdex.Template) ([]string, bool) {
	var toks []string
	upper := false
	for _, p := range t.Parts {
		if p.IsHole() {
			toks = append(toks, "{}")
			continue
		}
		text := strings.ReplaceAll(strings.ReplaceAll(p.Text, "'", ""), "’", "")
		for _, w := range strings.FieldsFunc(text, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
		}) {
			if !upper && envLike(w) {
				upper = true
			}
			for _, piece := range strings.Split(w, "_") {
				if piece != "" {
					toks = append(toks, strings.ToLower(piece))
				}
			}
		}
	}
	return toks, upper
}

// envLike reports whether a word is spelt like an environment variable:
// upper-case letters and digits in at least two parts joined by
// underscores, eight characters or more.
func envLike(w string) bool {
	if len(w) < 8 || !strings.Contains(w, "_") || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	parts := 0
	for _, piece := range strings.Split(w, "_") {
		if piece == "" {
			continue
		}
		for _, r := range piece {
			if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
				return false
			}
		}
		parts++
	}
	return parts >= 2
}

// enumeration finds a list of allowed values in a message: "must be
// debug, info or warning", "should be one of 'r', 'w'", "expected 'r' or
// 'rb'". Two or more items joined by "or" after "must be", "should be" or
// "expected", with commas or quotes (so that "must be a string or
// bytes" is left to the type phrases).
var enumeration = regexp.MustCompile(`(?i)\b(?:must|should|has to|expected(?: to)?) be (?:one of |either )?(?:` +
	`[\w.+-]+(?:, [\w.+-]+)+,? or [\w.+-]+` + `|` +
	`['"][^'"]*['"](?:,? (?:or )?['"][^'"]*['"])+)`)

// typeNames are the words that make an enumeration one of types.
var typeNames = map[string]bool{"str": true, "string": true, "bytes": true, "int": true, "integer": true, "float": true,
	"list": true, "tuple": true, "dict": true, "none": true, "bool": true, "boolean": true, "a": true, "an": true}

// enumerates reports whether a template's literal text lists the values
// a check allows (see enumeration), other than a list of types.
func enumerates(t errdex.Template) bool {
	for _, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		for _, m := range enumeration.FindAllString(p.Text, -1) {
			items := strings.FieldsFunc(m, func(r rune) bool { return r == ',' || r == ' ' || r == '\'' || r == '"' })
			types := 0
			for _, it := range items[2:] {
				if typeNames[strings.ToLower(it)] {
					types++
				}
			}
			if types < 2 {
				return true
			}
		}
	}
	return false
}
