package match

import (
	"path"
	"strings"
)

// Stacks show the frames of one language. A Python traceback lists Python
// frames only, even when a C extension raised the error; a Java stack
// prints "(Native Method)" without a file; a Node stack shows JavaScript.
// So a stack's silence about a site of another language (a C function
// under Python frames) is no evidence against it: the frame evidence and
// the off-stack rule apply only to sites of a language the stack shows.
// Languages are compared by family (C and C++ print the same frames, and
// so do JavaScript and TypeScript), a stack's languages are read from its
// frames' file extensions, and a site of unknown language is treated as
// one every stack shows, as before this distinction.

// family is a bit set of language families.
type family uint8

const (
	famPython family = 1 << iota
	famGo
	famJS
	famJava
	famRust
	famC
)

// printsTypeName are the families whose runtimes print an uncaught
// error's type name before its message (Python's "ValueError: ...",
// Java's "java.lang.IllegalStateException: ...", Node's "TypeError:
// ..."); Go, Rust and C print the message alone.
const printsTypeName = famPython | famJava | famJS

// managed are the families whose code runs on a runtime that prints its
// own stacks; native code (C, C++, Rust) runs under any of them.
const managed = famPython | famGo | famJS | famJava

// siteFamily returns the family of a site's language ("python",
// "typescript", "cpp"), or 0 when unknown.
func siteFamily(lang string) family {
	switch strings.ToLower(lang) {
	case "python":
		return famPython
	case "go":
		return famGo
	case "javascript", "typescript":
		return famJS
	case "java", "kotlin", "scala":
		return famJava
	case "rust":
		return famRust
	case "c", "cpp", "c++", "objc", "cuda":
		return famC
	}
	return 0
}

// familyNames name the families in the order of their bits.
var familyNames = [...]string{"Python", "Go", "JavaScript", "Java", "Rust", "C"}

// familyName names the families of f, joined with " and ".
func familyName(f family) string {
	var names []string
	for i, n := range familyNames {
		if f&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, " and ")
}

// extFamilies maps file extensions printed in stack frames to families.
var extFamilies = map[string]family{
	".py": famPython, ".pyw": famPython, ".pyx": famPython, ".pxd": famPython,
	".go": famGo,
	".js": famJS, ".mjs": famJS, ".cjs": famJS, ".jsx": famJS, ".ts": famJS, ".tsx": famJS, ".mts": famJS, ".cts": famJS,
	".java": famJava, ".kt": famJava, ".scala": famJava,
	".rs": famRust,
	".c":  famC, ".h": famC, ".cc": famC, ".cpp": famC, ".cxx": famC, ".c++": famC, ".hpp": famC, ".hh": famC, ".hxx": famC, ".cu": famC, ".m": famC, ".mm": famC,
}

// frameFamily returns the family of a cleaned frame path (see cleanPath),
// or 0 when its extension says nothing.
func frameFamily(p string) family {
	return extFamilies[strings.ToLower(path.Ext(p))]
}

// stackFamilies returns the families of the first maxFrames frames' files.
func stackFamilies(frames []Frame) family {
	var f family
	for _, fr := range frames[:min(len(frames), maxFrames)] {
		f |= frameFamily(cleanPath(fr.Path))
	}
	return f
}

// frameFunction turns a frame's function name as a runtime prints it into
// the name extractors give the enclosing function:
//
//   - Java's synthetic lambda methods name the method that holds the lambda:
//     "com.acme.Foo.lambda$bar$0" is "com.acme.Foo.bar"; lambdas in
//     constructors and field initialisers ("lambda$new$0") are "<init>",
//     in static initialisers ("lambda$static$0") "<clinit>";
//   - V8 prints CommonJS top-level code as "Object.<anonymous>": it is the
//     module level, "<module>".
func frameFunction(fn string) string {
	if fn == "Object.<anonymous>" {
		return "<module>"
	}
	i := strings.Index(fn, "lambda$")
	if i < 0 || i > 0 && fn[i-1] != '.' {
		return fn
	}
	rest := fn[i+len("lambda$"):]
	name, _, ok := strings.Cut(rest, "$")
	if !ok || name == "" || name == "null" { // "lambda$null$1": older javac, nested lambda
		return fn
	}
	switch name {
	case "new":
		name = "<init>"
	case "static":
		name = "<clinit>"
	}
	return fn[:i] + name
}
