package walk

import (
	"bytes"
	"path"
	"regexp"
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
	// CUDA is C++ with kernel-launch syntax; its error checks
	// (TORCH_CHECK, CUDA_CHECK) are worth indexing.
	".cu": CPP, ".cuh": CPP,
}

// DetectLanguage names the language of a file from its name and, when the
// name is not enough, the head of its content (the first HeadSize bytes
// suffice): a "#!" line for files without an extension, and C++ constructs
// for ".h" headers. It returns "" for anything else.
//
// Upper-case ".C" and ".H" are C++ by convention; other extensions are
// compared case-insensitively.
func DetectLanguage(p string, head []byte) string {
	name := path.Base(p)
	ext := extension(name)
	switch ext {
	case "":
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

// cppMarker finds constructs that only C++ has. C never writes "::", and
// its standard headers all end in ".h", so an angle-bracket include
// without ".h" (<vector>, <cstdint>) is C++ too.
var cppMarker = regexp.MustCompile(`\b(?:namespace\s+[\w:]*\s*\{|template\s*<|class\s+\w+\s*(?:final\s*)?[:{]|(?:public|private|protected)\s*:|constexpr|nullptr|static_cast|reinterpret_cast|dynamic_cast|typename\s|using\s+namespace|decltype|noexcept)|\w::~?\w|#\s*include\s*<[a-z_]+>`)

// headerLanguage decides whether a ".h" file is C or C++ from C++-only
// constructs outside comments and string literals. A header with none is
// C, which the C++ grammar would also accept.
func headerLanguage(head []byte) string {
	if cppMarker.Match(stripComments(head)) {
		return CPP
	}
	return C
}

// stripComments blanks out C-style comments and string and character
// literals, so that markers in prose do not count.
func stripComments(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
			out = append(out, ' ')
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
			out = append(out, c, c)
		default:
			out = append(out, c)
		}
	}
	return out
}
