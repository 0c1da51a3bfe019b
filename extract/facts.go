package extract

import "github.com/errdex/errdex"

// This file defines the language-neutral facts an extractor records about a
// file for the repository-wide analyses (package analyze): the functions
// with their parameters, assignments and calls, the classes, the imports,
// the configuration the code declares or reads, and what each site's
// statement reads. The analyses build the call graph, trace values back to
// their sources and find settings from these facts alone, so a new
// language joins them by filling a FileFacts; it never needs an analysis
// of its own.
//
// Names are as written in the source, with white space removed from dotted
// names ("self.buffers.set_buf", "envs.SGLANG_MAX.get"). Lines are 1-based
// lines of the file. Texts are source text on one line (runs of white
// space collapsed), cut at MaxFactText bytes.

// MaxFactText caps the source texts kept in facts.
const MaxFactText = 200

// FileFacts are the language-neutral facts of one file.
type FileFacts struct {
	// Imports binds each local name imported to its module, one per name.
	Imports []Import
	// AllImports are all the file's imports in source order, one per
	// imported name, duplicates kept, with the module written in full
	// ("import pkg.core" binds pkg but imports pkg.core; a star import has
	// Name "*" and no Local). Analyses that ask which modules a file uses
	// read these.
	AllImports []Import
	// Functions holds every function and method, and one function named
	// "<module>" for the code at the top level of the file (its
	// assignments are the module's globals).
	Functions []Function
	Classes   []Class
	// Config lists the configuration the file declares or reads.
	Config []ConfigUse
	// Sites pairs the file's sites with what their statements read.
	Sites []SiteFacts
}

// Import binds a local name to a module or to a name in a module. Module
// is in the language's syntax; Python keeps the leading dots of relative
// imports ("..errors").
type Import struct {
	Local  string // the name bound in the file
	Module string
	Name   string // "" when Local is the module itself
}

// Function is a function, a method, or the top level of a file.
type Function struct {
	// Name is qualified as the sites of the function report it
	// (errdex.Site.Function): "MetadataBuffers.set_buf", "<module>".
	Name string
	// Class is the qualified name of the class a method belongs to.
	Class string
	// Receiver is the name of a method's first parameter ("self", "cls").
	Receiver      string
	Line, EndLine int
	Params        []Param
	// Assigns are the function's bindings in source order: local
	// variables, and attributes of the receiver ("self.x").
	Assigns []Assign
	Calls   []Call
}

// Param is a parameter and its default value.
type Param struct {
	Name string
	// Type is the name of the parameter's declared type, without pointer,
	// package or type arguments (StreamConfig for cfg *server.StreamConfig),
	// where the language declares one; "" otherwise.
	Type       string `json:",omitempty"`
	Default    string
	HasDefault bool
	Line       int
	Column     int // 1-based byte column of the default, or of the function
}

// Assign is one binding of a name: "x = value", "self.x = value",
// "x += value", or a class field "x: int = value" (Value "" when the field
// has none).
type Assign struct {
	Target string
	Op     string // "=", "+=", ":" for an annotation without a value
	Value  string
	Text   string // the whole statement
	Line   int
	Column int // 1-based byte column
	// EndLine is the last line of the statement.
	EndLine int
	// Reads are the variables and attribute chains the value reads, in
	// order, without duplicates.
	Reads []string
	// Callee is the called name when the value is a call
	// ("MetadataBuffers", "utils.make_buffers"): the type of the target
	// when it names a class.
	Callee string
	// Guards are the conditions under which the statement runs, relative
	// to the body of its function, written as site guards are: those of
	// the enclosing if, elif and else clauses, loops, loop else clauses,
	// except handlers and match cases. The early exits before the
	// statement are left out: a statement after it in the same block
	// runs under them too. Nil when the statement runs whenever the
	// function's body does.
	Guards []errdex.Guard `json:",omitempty"`
	// Exit is the line of the return or raise that ends the innermost
	// block holding the statement, when one does: the value reaches no
	// statement after that line. 0 otherwise.
	Exit int `json:",omitempty"`
	// Cover is the line of the if statement whose clauses, else included,
	// each assign the target at their top level, this statement among
	// them: together they always assign it. 0 otherwise.
	Cover int `json:",omitempty"`
	// Type is set when the binding is a field of a value built by a
	// literal of a named type (port: p in &Server{port: p} in Go): the
	// type's name, with Target the field's. Code reads the field through
	// any value of the type, so the analyses look such bindings up by
	// type and field, as they do a constructor's self.port = p.
	Type string `json:",omitempty"`
}

// Call is a call of a named function or method.
type Call struct {
	Callee string // as written: "helper", "self.set_buf", "mod.f", "super().close"
	Line   int
}

// Class is a class definition.
type Class struct {
	Name          string // qualified within the file: "Outer.Inner"
	Bases         []string
	Decorators    []string
	Line, EndLine int
	// Fields are the bindings of the class body, with annotations
	// without a value.
	Fields []Assign
}

// Configuration kinds.
const (
	ConfigEnv     = "env"     // an environment variable
	ConfigFlag    = "flag"    // a command-line flag
	ConfigSetting = "setting" // a field of a settings or arguments class
)

// ConfigUse is a declaration or a read of configuration: a read of an
// environment variable (os.environ.get("X", "0")), a declaration of one
// through a wrapper (X = EnvInt(0)), a command-line flag
// (add_argument("--max-tokens", default=8)), or a field of a settings
// class (max_tokens: int = 8 in a dataclass).
type ConfigUse struct {
	Kind string // ConfigEnv, ConfigFlag or ConfigSetting
	// Name is the variable ("SGLANG_MAX_TOKENS"), the flag
	// ("--max-tokens") or the class-qualified field
	// ("ServerArgs.max_tokens").
	Name string
	// Dest is the attribute through which code reads a declared value:
	// the wrapper's attribute name for an environment variable (X in
	// envs.X.get()), the parsed attribute of a flag (max_tokens in
	// args.max_tokens), the field name of a setting.
	Dest       string
	Default    string
	HasDefault bool
	// Owner is the class or struct type whose field a declaration binds
	// (ServerArgs for a settings field, Config for a Go field tagged
	// env:"PORT"), "" for declarations read otherwise: code reads a
	// field through a value of its owner.
	Owner string `json:",omitempty"`
	// Decl marks a declaration; reads have Decl false.
	Decl     bool
	Function string // the enclosing function, "<module>" at top level
	Line     int
	Column   int // 1-based byte column
	Text     string
}

// SiteFacts is what a site's statement reads besides its guards: the
// variables and attribute chains of its message and arguments.
type SiteFacts struct {
	Site  *errdex.Site
	Reads []string
}

// NamedCall is a call whose callee a name says, recorded by the
// extractors of languages whose functions are named by qualified paths
// (C and C++: "mylib::Table::open"; Rust: "config::Parser::next"), for
// the repository's analyses to list a function's callers by name.
type NamedCall struct {
	// Callee is the name as written, qualified or not ("check_size",
	// "mylib::convert"), with a method of the calling code's own type
	// qualified by it (self.next() in an impl of Parser: "Parser::next").
	Callee string
	// Caller is the calling function as sites name theirs; Line the
	// call's line.
	Caller string
	Line   int
}

// NamedCalls is implemented by the Facts of files that record their
// NamedCalls: one per calling function and callee, at the first call.
type NamedCalls interface{ NamedCalls() []NamedCall }

// CallLog collects the NamedCalls of a file: one per calling function and
// callee, the first, and at most Max (0: no limit).
type CallLog struct {
	Max   int
	calls []NamedCall
	seen  map[[2]string]bool
}

// Add records call c unless its caller's call of the same callee is
// already recorded or the log is full.
func (l *CallLog) Add(c NamedCall) {
	k := [2]string{c.Caller, c.Callee}
	if l.Max > 0 && len(l.calls) >= l.Max || l.seen[k] {
		return
	}
	if l.seen == nil {
		l.seen = map[[2]string]bool{}
	}
	l.seen[k] = true
	l.calls = append(l.calls, c)
}

// Full reports whether the log holds Max calls.
func (l *CallLog) Full() bool { return l.Max > 0 && len(l.calls) >= l.Max }

// Calls returns the calls recorded, in order.
func (l *CallLog) Calls() []NamedCall { return l.calls }
