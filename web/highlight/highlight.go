// Package highlight splits source code into classed tokens for HTML pages,
// using chroma's lexers. It is the module's only user of chroma.
//
// It returns tokens rather than HTML, so that the caller's html/template
// escapes every piece of text: source code comes from arbitrary
// repositories and must never reach a page unescaped. Class names are
// chroma's short ones ("k" for a keyword, "s2" for a double-quoted string),
// styled by the stylesheet CSS returns.
package highlight

import (
	"bytes"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// Token is a piece of source text with the CSS class of its kind ("" for
// plain text).
type Token struct {
	Class string
	Text  string
}

// Line is the tokens of one source line, without its line break.
type Line []Token

// Limits beyond which code is shown plain: lexers are regular-expression
// machines whose time grows with the input, and minified or generated code
// gains nothing from colour.
const (
	maxBytes    = 64 << 10
	maxLineSize = 2000
)

// lexerNames maps errdex language names (and "sh" for example fixes) to
// chroma lexer names.
var lexerNames = map[string]string{
	"python":     "python",
	"go":         "go",
	"javascript": "javascript",
	"typescript": "typescript",
	"java":       "java",
	"rust":       "rust",
	"cpp":        "cpp",
	"c":          "c",
	"sh":         "bash",
	"bash":       "bash",
	"json":       "json",
	"yaml":       "yaml",
	"toml":       "toml",
}

// Lines tokenises lines of code in language lang (an errdex language name,
// or "sh"). It returns exactly one Line per input line. An unknown
// language, a lexer failure or oversized input yields plain text: Lines
// never fails.
func Lines(lang string, lines []string) []Line {
	if out, ok := lex(lang, lines); ok {
		return out
	}
	return plain(lines)
}

// openers are the ways, per language, in which the text before a snippet
// may leave a multi-line construct open: a string or a block comment.
var openers = map[string][]string{
	"python":     {`"""`, `'''`},
	"go":         {"/*", "`"},
	"javascript": {"/*", "`"},
	"typescript": {"/*", "`"},
	"java":       {"/*", `"""`},
	"rust":       {"/*"},
	"cpp":        {"/*"},
	"c":          {"/*"},
}

// Snippet tokenises lines cut out of a larger file, which may begin inside
// a multi-line string or comment (a docstring above the raise). code is
// the index of a line known to be code, such as the raise statement: when
// it lexes as the inside of a string or comment, Snippet tries again as if
// each of the language's openers came before the first line, and keeps the
// first reading in which that line is code. It returns exactly one Line per
// input line and never fails.
func Snippet(lang string, lines []string, code int) []Line {
	out, ok := lex(lang, lines)
	if !ok {
		return plain(lines)
	}
	if code < 0 || code >= len(lines) || isCode(out[code]) {
		return out
	}
	for _, opener := range openers[lang] {
		alt, ok := lex(lang, append([]string{opener}, lines...))
		if ok && isCode(alt[code+1]) {
			return alt[1:]
		}
	}
	return out
}

// isCode reports whether a line's first token, past white space, is
// neither a string nor a comment.
func isCode(l Line) bool {
	for _, t := range l {
		if strings.TrimSpace(t.Text) == "" {
			continue
		}
		return t.Class == "" || (t.Class[0] != 's' && t.Class[0] != 'c')
	}
	return true
}

func lex(lang string, lines []string) ([]Line, bool) {
	name, ok := lexerNames[lang]
	if !ok || len(lines) == 0 {
		return nil, false
	}
	size := 0
	for _, l := range lines {
		if len(l) > maxLineSize || strings.ContainsAny(l, "\r\n") {
			return nil, false
		}
		size += len(l) + 1
	}
	if size > maxBytes {
		return nil, false
	}
	lexer := lexers.Get(name)
	if lexer == nil {
		return nil, false
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, strings.Join(lines, "\n")+"\n")
	if err != nil {
		return nil, false
	}
	split := chroma.SplitTokensIntoLines(it.Tokens())
	if len(split) < len(lines) {
		return nil, false
	}
	out := make([]Line, len(lines))
	for i := range lines {
		var line Line
		for _, t := range split[i] {
			text := strings.TrimSuffix(t.Value, "\n")
			if text == "" {
				continue
			}
			line = append(line, Token{Class: class(t.Type), Text: text})
		}
		if joined(line) != lines[i] {
			return nil, false // the lexer rewrote the text (tabs, encodings): show it as written
		}
		out[i] = line
	}
	return out, true
}

func joined(l Line) string {
	var b strings.Builder
	for _, t := range l {
		b.WriteString(t.Text)
	}
	return b.String()
}

func plain(lines []string) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		if l != "" {
			out[i] = Line{{Text: l}}
		}
	}
	return out
}

// class returns chroma's short class for a token type, falling back to the
// type's parents as chroma's HTML formatter does.
func class(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
	}
	return ""
}

// CSS returns the stylesheet for the token classes inside an element of
// class "chroma": GitHub's light colours, and GitHub's dark ones when the
// reader prefers a dark scheme.
func CSS() string {
	var b bytes.Buffer
	f := chtml.New(chtml.WithClasses(true))
	b.WriteString("/* Syntax colours (chroma: github, github-dark). */\n")
	_ = f.WriteCSS(&b, styles.Get("github"))
	b.WriteString("@media (prefers-color-scheme: dark) {\n")
	_ = f.WriteCSS(&b, styles.Get("github-dark"))
	b.WriteString("}\n")
	return b.String()
}
