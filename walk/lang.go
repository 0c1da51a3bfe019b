package walk

import (
	"bytes"
	"path"
	"strings"
)

// Language names, as extractors and the syntax package spell them.
const (
	Python     = "python"
	Go         = "go"
	JavaScript = "javascript"
	TypeScript = "typescript"
	Java       = "java"
	Rust       = "rust"
	C          = "c"
	CPP        = "cpp"
)

// byExt maps a lower-case file extension to its language. ".h" is absent:
// C and C++ share it and the content decides (see headerLanguage).
var byExt = map[string]string{
	".py": Python, ".pyw": Python, ".pyi": Python,
	".go": Go,
	".js": JavaScript, ".mjs": JavaScript, ".cjs": JavaScript, ".jsx": JavaScript,
	".ts": TypeScript, ".mts": TypeScript, ".cts": TypeScript, ".tsx": TypeScript,
	".java": Java,
	".rs":   Rust,
	".c":    C,
	".cc":   CPP, ".cpp": CPP, ".cxx": CPP, ".c++": CPP, ".cppm": CPP, ".ixx": CPP,
	".hh": CPP, ".hpp": CPP, ".hxx": CPP, ".h++": CPP, ".ipp": CPP, ".tpp": CPP,
	// Template and inline implementations a header includes
	// (libstdc++'s bits/*.tcc, VTK's .txx).
	".tcc": CPP, ".txx": CPP, ".inl": CPP,
	// CUDA is C++ with kernel-launch syntax; its error checks
	// (TORCH_CHECK, CUDA_CHECK) are worth indexing.
	".cu": CPP, ".cuh": CPP,
}

// DetectLanguage names the language of a file from its name and, when the
// name is not enough, the head of its content (the first HeadSize bytes
// suffice): for files without an extension a "#!" line, or an Emacs mode
// line naming C++ ("// -*- C++ -*-", the first line of the C++ standard
// library's <vector> and <optional> in libstdc++ and libc++); C++
// constructs for ".h" headers. It returns "" for anything else.
//
// Upper-case ".C" and ".H" are C++ by convention; other extensions are
// compared case-insensitively. A ".in" suffix, the mark of a configure or
// Makefile template ("ssl.h.in", "setup.py.in"), is looked through: the
// template is the source that the generated file only copies.
func DetectLanguage(p string, head []byte) string {
	name := path.Base(p)
	if inner, ok := strings.CutSuffix(name, ".in"); ok && inner != "" {
		name = inner
	}
	ext := extension(name)
	switch ext {
	case "":
		if modeLine(head) == "c++" {
			return CPP
		}
		return shebangLanguage(head)
	case ".C", ".H":
		return CPP
	}
	ext = strings.ToLower(ext)
	if ext == ".h" {
		return headerLanguage(head)
	}
	return byExt[ext]
}

// extension is the file name's extension including the dot, or "" when it
// has none. A leading dot (".bashrc") does not start an extension.
func extension(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return ""
	}
	return name[i:]
}

// shebangLanguage reads the interpreter from a "#!" first line:
// "#!/usr/bin/python3", "#!/usr/bin/env python3.11",
// "#!/usr/bin/env -S node --no-warnings".
func shebangLanguage(head []byte) string {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return ""
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return ""
	}
	interp := path.Base(fields[0])
	if interp == "env" {
		interp = ""
		for i := 1; i < len(fields); i++ {
			f := fields[i]
			switch {
			case f == "-u" || f == "--unset" || f == "-C" || f == "--chdir":
				i++ // the option's argument
			case strings.HasPrefix(f, "-"), strings.Contains(f, "="):
				// -S, -i, --split-string and NAME=value assignments
			default:
				interp = path.Base(f)
			}
			if interp != "" {
				break
			}
		}
	}
	switch {
	case isVersioned(interp, "python"), isVersioned(interp, "pypy"):
		return Python
	case interp == "node" || interp == "nodejs":
		return JavaScript
	case interp == "ts-node" || interp == "tsx" || interp == "ts-node-esm":
		return TypeScript
	case interp == "rust-script":
		return Rust
	}
	return ""
}

// modeLine returns the major mode an Emacs mode line on the first line
// names, lower-cased ("// -*- C++ -*-", "/* -*- mode: c++; -*- */"), or
// "".
func modeLine(head []byte) string {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	_, rest, ok := bytes.Cut(line, []byte("-*-"))
	if !ok {
		return ""
	}
	vars, _, ok := bytes.Cut(rest, []byte("-*-"))
	if !ok {
		return ""
	}
	for v := range bytes.SplitSeq(vars, []byte(";")) {
		v = bytes.TrimSpace(v)
		name, value, isVar := bytes.Cut(v, []byte(":"))
		switch {
		case !isVar && len(v) > 0:
			return strings.ToLower(string(v)) // "-*- C++ -*-": the mode alone
		case isVar && strings.EqualFold(string(bytes.TrimSpace(name)), "mode"):
			return strings.ToLower(string(bytes.TrimSpace(value)))
		}
	}
	return ""
}

// isVersioned reports whether s is name followed by an optional version
// ("python", "python3", "python3.11").
func isVersioned(s, name string) bool {
	v, ok := strings.CutPrefix(s, name)
	if !ok {
		return false
	}
	for _, c := range v {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// headerLanguage decides whether a ".h" file is C or C++ from C++-only
// constructs outside comments and literals (see looksCPP). A header with
// none is C, which the C++ grammar would also accept.
func headerLanguage(head []byte) string {
	if looksCPP(head) {
		return CPP
	}
	return C
}

// looksCPP scans C-family source for constructs only C++ has: "::" between
// names, "namespace x {", "template <", "class X {" (or ":", "final",
// ";"), access labels ("public:"), "using namespace", C++-only keywords
// (nullptr, constexpr, the casts, decltype, noexcept), and an
// angle-bracket include without ".h" (<vector>, <cstdint>: every C
// standard header ends in ".h"). Comments and string and character
// literals are skipped, so prose does not count. It is a hand-written
// scanner because headers are many (tens of thousands in /usr/include).
func looksCPP(src []byte) bool {
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return false
			}
			i += end + 4
		case c == '"' || c == '\'':
			i++
			for i < n && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == ':' && i+1 < n && src[i+1] == ':':
			if i > 0 && isWord(src[i-1]) && i+2 < n && (isWordStart(src[i+2]) || src[i+2] == '~') {
				return true
			}
			i += 2
		case c == '#':
			if includesCPPHeader(src[i+1:]) {
				return true
			}
			i++
		case isWordStart(c):
			j := i + 1
			for j < n && isWord(src[j]) {
				j++
			}
			if l := j - i; l >= 5 && l <= 16 && cppKeyword(src, string(src[i:j]), j) {
				return true
			}
			i = j
		case '0' <= c && c <= '9':
			for i < n && (isWord(src[i]) || src[i] == '.') {
				i++
			}
		default:
			i++
		}
	}
	return false
}

// cppKeyword reports whether the word w, which ends at src[end], starts a
// C++-only construct.
func cppKeyword(src []byte, w string, end int) bool {
	switch w {
	case "nullptr", "constexpr", "static_cast", "reinterpret_cast", "dynamic_cast", "const_cast", "decltype", "noexcept":
		return true
	case "namespace":
		k := skipSpace(src, end)
		return k < len(src) && (isWordStart(src[k]) || src[k] == '{')
	case "template":
		k := skipSpace(src, end)
		return k < len(src) && src[k] == '<'
	case "public", "private", "protected":
		k := skipSpace(src, end)
		return k < len(src) && src[k] == ':' && (k+1 == len(src) || src[k+1] != ':')
	case "using":
		name, _ := wordAt(src, skipSpace(src, end))
		return name == "namespace"
	case "class":
		name, k := wordAt(src, skipSpace(src, end))
		if name == "" {
			return false
		}
		k = skipSpace(src, k)
		if k >= len(src) {
			return false
		}
		if next, _ := wordAt(src, k); next == "final" {
			return true
		}
		return src[k] == '{' || src[k] == ';' || src[k] == ':' && (k+1 == len(src) || src[k+1] != ':')
	}
	return false
}

// includesCPPHeader reports whether src, just after a "#", is an include
// of an angle-bracket header without an extension.
func includesCPPHeader(src []byte) bool {
	k := skipSpace(src, 0)
	w, k := wordAt(src, k)
	if w != "include" {
		return false
	}
	k = skipSpace(src, k)
	if k >= len(src) || src[k] != '<' {
		return false
	}
	name := 0
	for k++; k < len(src); k++ {
		switch c := src[k]; {
		case c == '>':
			return name > 0
		case 'a' <= c && c <= 'z' || c == '_':
			name++
		default:
			return false
		}
	}
	return false
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// wordAt returns the identifier starting at src[i] and the index after it.
func wordAt(src []byte, i int) (string, int) {
	if i >= len(src) || !isWordStart(src[i]) {
		return "", i
	}
	j := i + 1
	for j < len(src) && isWord(src[j]) {
		j++
	}
	return string(src[i:j]), j
}

func isWordStart(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isWord(c byte) bool      { return isWordStart(c) || '0' <= c && c <= '9' }
