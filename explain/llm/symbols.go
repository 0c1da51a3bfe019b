package llm

import (
	"path"
	"strings"

	"github.com/errdex/errdex"
)

// Symbols is a repository's symbol table: the names an explanation may
// use because they exist in the repository's code as errdex stored it.
// It is built from the stored sites of one repository (AddSite), from
// every field that holds code or names: functions and their callers,
// exception types, the message templates' holes and their expressions,
// guard conditions, configuration names and the chains that link them,
// provenance facts, the paths of files, and every line of the stored
// source snippets. A Symbols is not safe for concurrent writes; once built
// it may be read concurrently.
type Symbols struct {
	names map[string]struct{} // identifiers and qualified chains ("a.b.c", "a::b")
	flags map[string]struct{} // flag and setting keys, normalised by flagKey
	paths map[string]struct{} // file paths and each of their "/"-suffixes
}

// NewSymbols returns an empty table.
func NewSymbols() *Symbols {
	return &Symbols{names: map[string]struct{}{}, flags: map[string]struct{}{}, paths: map[string]struct{}{}}
}

// Len is the number of distinct names, flags and paths in the table.
func (s *Symbols) Len() int { return len(s.names) + len(s.flags) + len(s.paths) }

// AddSite adds the names of a site's code and facts.
func (s *Symbols) AddSite(site *errdex.Site) {
	s.addCode(site.Function)
	s.addCode(site.Exception)
	s.addCode(site.ExceptionQualified)
	s.addPath(site.Location.Path)
	for _, t := range append([]errdex.Template{site.Template}, site.Alternatives...) {
		for _, h := range t.Holes() {
			s.addCode(h.Hole)
			s.addCode(h.Expr)
		}
	}
	for _, g := range site.Guards {
		s.addCode(g.Condition)
		s.addCode(g.Source)
		s.addCode(g.Caught)
		s.addCode(g.Subject)
		s.addCode(g.Value)
		for _, n := range g.Names {
			s.addCode(n)
		}
	}
	for _, c := range site.Config {
		s.addCode(c.Name)
		s.flags[flagKey(c.Name)] = struct{}{}
		s.addCode(c.Via)
		s.addCode(c.Default)
		s.addPath(c.Location.Path)
	}
	for _, f := range site.Provenance {
		s.addCode(f.Name)
		s.addCode(f.Text)
		s.addPath(f.Location.Path)
	}
	for _, c := range append(site.Callers[:len(site.Callers):len(site.Callers)], site.CallPath...) {
		s.addCode(c.Function)
		s.addPath(c.Path)
	}
	if sn := site.Snippet; sn != nil {
		skip := hostileLines(sn.Lines)
		for i, l := range sn.Lines {
			// Names in comments are prose, not code; and a comment is
			// where text aimed at a model would hide. Lines that hold
			// such text lend it no names.
			if !skip[i] {
				s.addCode(stripComments(l))
			}
		}
	}
}

// addCode adds every token of a piece of code.
func (s *Symbols) addCode(code string) {
	for _, t := range codeTokens(code) {
		s.add(t)
	}
}

func (s *Symbols) add(t token) {
	switch t.kind {
	case tokFlag:
		s.flags[flagKey(t.text)] = struct{}{}
	case tokPath:
		s.addPath(t.text)
		if !strings.Contains(t.text, "/") {
			// "config.json" may as well be an attribute chain.
			s.add(token{text: t.text, kind: tokName})
		}
	case tokName:
		s.names[t.text] = struct{}{}
		parts := splitChain(t.text)
		for i, p := range parts {
			s.names[p] = struct{}{}
			if i > 0 {
				// Qualified prefixes: "a.b" of "a.b.c".
				s.names[strings.Join(parts[:i+1], ".")] = struct{}{}
			}
		}
		// A flag's destination ("chunked_prefill_size") and its spelling
		// ("--chunked-prefill-size") name the same setting.
		if len(parts) == 1 {
			s.flags[flagKey(t.text)] = struct{}{}
		}
	}
}

func (s *Symbols) addPath(p string) {
	p = strings.TrimPrefix(strings.TrimSpace(p), "./")
	if p == "" {
		return
	}
	// Directories and file stems are module and package names
	// ("sglang.srt.server_args" for sglang/srt/server_args.py).
	for _, part := range strings.Split(strings.TrimSuffix(p, path.Ext(p)), "/") {
		if part != "" && isIdentStart(part[0]) {
			s.names[part] = struct{}{}
		}
	}
	for {
		s.paths[p] = struct{}{}
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return
		}
		p = p[i+1:]
	}
}

// hasName reports whether a name (a bare identifier or a chain) is known.
func (s *Symbols) hasName(n string) bool {
	_, ok := s.names[n]
	return ok
}

func (s *Symbols) hasFlag(n string) bool {
	_, ok := s.flags[flagKey(n)]
	return ok
}

func (s *Symbols) hasPath(p string) bool {
	p = strings.TrimPrefix(p, "./")
	if _, ok := s.paths[p]; ok {
		return true
	}
	_, ok := s.paths[path.Base(p)]
	return ok && !strings.Contains(p, "/")
}

// flagKey normalises a flag or setting name: "--chunked-prefill-size",
// "chunked_prefill_size" and "CHUNKED_PREFILL_SIZE" share one key.
func flagKey(n string) string {
	n = strings.TrimLeft(n, "-")
	return strings.ToLower(strings.ReplaceAll(n, "-", "_"))
}

// splitChain splits a qualified name at ".", "::" and "->", leaving out
// empty parts.
func splitChain(n string) []string {
	var out []string
	start := 0
	for i := 0; i < len(n); i++ {
		sep := 0
		switch {
		case n[i] == '.':
			sep = 1
		case i+1 < len(n) && (n[i] == ':' && n[i+1] == ':' || n[i] == '-' && n[i+1] == '>'):
			sep = 2
		}
		if sep == 0 {
			continue
		}
		if i > start {
			out = append(out, n[start:i])
		}
		i += sep - 1
		start = i + 1
	}
	if start < len(n) {
		out = append(out, n[start:])
	}
	return out
}

// Token kinds.
const (
	tokName   = iota // an identifier or a chain of them
	tokFlag          // --long-flag
	tokShort         // -m, a one-letter option: not checked
	tokPath          // a/b/c.py, ./x, /etc/x, name.ext
	tokURL           // http://...
	tokEnvRef        // $NAME, ${NAME}
)

// token is a token of code. value is set for the value of a flag
// ("--dtype float32", "--dtype=float32") or of a shell assignment
// ("SGLANG_X=1024"): what a user chooses, not a name of the code.
type token struct {
	text       string
	kind       int
	start, end int
	value      bool
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// codeTokens splits code (any language, or a shell command) into tokens:
// identifiers and the chains they form with ".", "::" or "->", flags,
// paths and URLs. Numbers, operators and punctuation are skipped; string
// literals are not treated specially, so names inside them ("SGLANG_X" in
// os.environ["SGLANG_X"]) are tokens too.
func codeTokens(code string) []token {
	var out []token
	emit := func(text string, kind, start, end int) {
		t := token{text: text, kind: kind, start: start, end: end}
		if n := len(out); n > 0 {
			prev := out[n-1]
			gap := code[prev.end:start]
			t.value = prev.kind == tokFlag && (gap == " " || gap == "=") ||
				prev.kind == tokName && gap == "=" && isEnvName(prev.text)
		}
		out = append(out, t)
	}
	for i := 0; i < len(code); {
		c := code[i]
		atWord := i == 0 || !isIdentChar(code[i-1]) && code[i-1] != '-' && code[i-1] != '.'
		switch {
		case c == 'h' && (strings.HasPrefix(code[i:], "http://") || strings.HasPrefix(code[i:], "https://")):
			j := i
			for j < len(code) && !isSpace(code[j]) && !strings.ContainsRune("\"'`)]}>,", rune(code[j])) {
				j++
			}
			k := j
			for k > i && strings.IndexByte(".,;:!?", code[k-1]) >= 0 {
				k-- // sentence punctuation after a link
			}
			emit(code[i:k], tokURL, i, k)
			i = j
		case c == '-' && atWord && i+2 < len(code) && code[i+1] == '-' && isIdentStart(code[i+2]):
			j := i + 2
			for j < len(code) && (isIdentChar(code[j]) || code[j] == '-') {
				j++
			}
			emit(strings.TrimRight(code[i:j], "-"), tokFlag, i, j)
			i = j
		case c == '-' && atWord && i+1 < len(code) && isIdentStart(code[i+1]) && code[i+1] != '$' &&
			(i+2 == len(code) || !isIdentChar(code[i+2]) && code[i+2] != '-'):
			emit(code[i:i+2], tokShort, i, i+2)
			i += 2
		case isPathStart(code, i):
			j := i + 1 // past "/", "." or "~"
			for j < len(code) && isPathChar(code[j]) {
				j++
			}
			emit(strings.TrimRight(code[i:j], "."), tokPath, i, j)
			i = j
		case c == '$' && i+1 < len(code) && code[i+1] == '{':
			// ${NAME} or ${NAME:-default}
			j := i + 2
			for j < len(code) && isIdentChar(code[j]) && code[j] != '$' {
				j++
			}
			if j > i+2 {
				emit(code[i+2:j], tokEnvRef, i, j)
			}
			i = j
		case isDigit(c):
			for i < len(code) && (isIdentChar(code[i]) || code[i] == '.') {
				i++
			}
		case isIdentStart(c):
			j := i
			for {
				for j < len(code) && isIdentChar(code[j]) {
					j++
				}
				// Continue the chain over ".", "::" or "->" followed by
				// an identifier.
				sep := 0
				switch {
				case j+1 < len(code) && code[j] == '.' && isIdentStart(code[j+1]):
					sep = 1
				case j+2 < len(code) && code[j] == ':' && code[j+1] == ':' && isIdentStart(code[j+2]):
					sep = 2
				case j+2 < len(code) && code[j] == '-' && code[j+1] == '>' && isIdentStart(code[j+2]):
					sep = 2
				}
				if sep == 0 {
					break
				}
				j += sep
			}
			text := code[i:j]
			switch {
			case j+1 < len(code) && code[j] == '/' && isPathChar(code[j+1]):
				// "a/b.py": a path after all.
				k := j
				for k < len(code) && isPathChar(code[k]) {
					k++
				}
				emit(strings.TrimRight(code[i:k], "."), tokPath, i, k)
				j = k
			case hasFileExt(text) && (j >= len(code) || code[j] != '('):
				emit(text, tokPath, i, j)
			case strings.HasPrefix(text, "$"):
				// $NAME; "$5" is a price, not a variable.
				if name := strings.TrimLeft(text, "$"); name != "" && !isDigit(name[0]) {
					emit(name, tokEnvRef, i, j)
				}
			default:
				emit(text, tokName, i, j)
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// isEnvName reports names in the style of environment variables:
// upper-case letters, digits and underscores.
func isEnvName(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || isDigit(c) || c == '_') {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isPathChar(c byte) bool {
	return isIdentChar(c) && c != '$' || c == '/' || c == '.' || c == '-'
}

// isPathStart reports whether a path begins at code[i]: "/x", "./x",
// "../x" or "~/x", not in the middle of a word or an operator.
func isPathStart(code string, i int) bool {
	if i > 0 && (isIdentChar(code[i-1]) || code[i-1] == '/' || code[i-1] == '.' || code[i-1] == ')' || code[i-1] == ']') {
		return false
	}
	rest := code[i:]
	for _, p := range []string{"./", "../", "~/"} {
		if strings.HasPrefix(rest, p) && len(rest) > len(p) && isPathChar(rest[len(p)]) {
			return true
		}
	}
	return len(rest) > 1 && rest[0] == '/' && isIdentStart(rest[1]) && rest[1] != '$'
}

// fileExts are extensions that make a dotted word a file name rather than
// an attribute chain.
var fileExts = map[string]bool{
	"py": true, "pyi": true, "pyx": true, "go": true, "js": true, "mjs": true, "cjs": true, "ts": true, "tsx": true,
	"jsx": true, "java": true, "kt": true, "rs": true, "c": true, "h": true, "cc": true, "cpp": true, "hpp": true,
	"cu": true, "rb": true, "php": true, "sh": true, "toml": true, "yaml": true, "yml": true, "json": true,
	"cfg": true, "ini": true, "txt": true, "md": true, "xml": true, "csv": true,
}

func hasFileExt(s string) bool {
	i := strings.LastIndexByte(s, '.')
	return i > 0 && fileExts[s[i+1:]] && !strings.Contains(s, "::")
}

// hostileLines returns the indexes of the lines that hold text aimed at a
// model (see injection), with the two lines after each, where an
// instruction that starts on one line would go on.
func hostileLines(lines []string) map[int]bool {
	var skip map[int]bool
	for i, l := range lines {
		if injection.MatchString(l) {
			if skip == nil {
				skip = map[int]bool{}
			}
			for j := i; j < len(lines) && j <= i+2; j++ {
				skip[j] = true
			}
		}
	}
	return skip
}
