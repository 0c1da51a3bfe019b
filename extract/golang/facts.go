package golang

import "github.com/errdex/errdex"

// Facts is what the Go extractor records about one file (the Facts of its
// extract.FileResult): what Link needs to resolve names across files, and
// what repository-wide analyses can cite. Site pointers refer to sites of
// the same FileResult.
type Facts struct {
	Package string // the package name
	Dir     string // the file's directory, relative to the repository root
	Path    string // the file's path, relative to the repository root
	// Build is the guard of the file's build constraint (see buildGuard),
	// nil when every build compiles the file.
	Build   *errdex.Guard
	Imports map[string]string // local name → import path
	// Sentinels are package-level error variables built by an error
	// constructor (var ErrSyntax = errors.New("invalid syntax")).
	Sentinels []Sentinel
	// Aliases are package-level error variables that name another one
	// (var ErrNotExist = fs.ErrNotExist).
	Aliases []Alias
	// TypeAliases are type aliases (type PathError = fs.PathError).
	TypeAliases []Alias
	// Ctors are package-level variables holding an error constructor
	// (var New = errors.New in a package of the repository's own, whose
	// callers call errors.New of it): Link gives their calls with text
	// the constructor's site.
	Ctors []CtorVar
	// Getters are functions without parameters whose body returns a
	// package-level name (func errInvalid() error { return
	// oserror.ErrInvalid }): an Alias with Call set names one as its
	// target.
	Getters []Alias
	// Refs are references to sentinel-like names (ErrX, errX, EOF) in
	// return statements: the places that return a sentinel.
	Refs []Ref
	// Tables are package-level arrays, slices and maps of string literals
	// (syscall's table of errno messages).
	Tables []Table
	// Consts are the package-level constants of a named type whose value
	// is an integer constant (EEXIST = Errno(0x11), EPERM Errno = 1):
	// a hole that names one may read an entry of a table (see
	// linker.errnoEntry).
	Consts []Const
	// Values are the package-level constants, and the variables no
	// function of the file assigns, whose value is known text (const
	// Duration = "google.protobuf.Duration", var sep = ": "): a hole
	// naming one in another file (Duration, names.Duration) reads it in
	// Link (see linker.inlineValues).
	Values []Value
	// Assigned are the package-level names the file's functions may
	// change (x = ..., x++, &x, pkg.X = ...): a variable of them has no
	// known value.
	Assigned []NameRef
	// Free are the names the file's messages leave as holes though no
	// local declares them there: package-level names of other files.
	Free []string
	// Truncated names the tables with more than maxTableEntries entries,
	// of which only the first are kept.
	Truncated []string
	// Structs lists the fields of the struct types declared in the file.
	Structs []Struct
	// Lists are the slice and array types declared in the file (type
	// Diagnostics []*Diagnostic), with their element types.
	Lists []ListType
	// ErrorTypes are the types with an Error() string method in the file.
	ErrorTypes []ErrorType
	// Stringers are the types with a String() string method in the file.
	Stringers []Stringer
	// Helpers are the small functions and methods of the file whose
	// errors may be built from their parameters; Calls are the calls
	// whose arguments give text, which Link resolves to helpers.
	Helpers []Helper
	Calls   []Call
	// Setters are the small functions of the file that store a string
	// parameter in a field, and FieldReads the local variables its
	// functions assign a field's value to (see fields.go).
	Setters    []Setter
	FieldReads []FieldRead
	// Collects are the file's statements appending text to a field that
	// collects messages (see fields.go).
	Collects []Collect
	// Externs are the functions of the file declared without a body that
	// take one string (func fatal(string)), and FatalLinks the symbols
	// ("internal/sync.fatal") that functions of the file supply by
	// forwarding their parameter to the runtime's throw or fatal (see
	// fatal.go).
	Externs    []Extern
	FatalLinks []string
	// CallSites are the file's calls whose callee is known without type
	// checking, one per calling function and callee (see CallSite).
	CallSites []CallSite
	// Literals are composite literals of named types where an error is
	// returned, assigned or panicked; Link keeps those of error types.
	Literals []Literal
}

// Sentinel is a package-level error variable and the site that builds it.
type Sentinel struct {
	Name string
	Site *errdex.Site
}

// Alias is a package-level error variable defined as another one, or a
// type alias.
type Alias struct {
	Name   string
	Import string // "" for the same package
	Target string
	// Call is set when the variable is the result of calling Target, a
	// function without arguments (var ErrInvalid = errInvalid()).
	Call bool
}

// CtorVar is a package-level variable holding an error constructor.
type CtorVar struct {
	Name string
	ctor
}

// Ref is a reference to a package-level error name in a return statement.
type Ref struct {
	Name     string
	Import   string // "" for the same package
	Function string
	Span     errdex.Span
	Text     string // the return statement, on one line
}

// Table is a package-level array, slice or map of string literals. Each
// entry has a provisional site at its line; Link keeps the sites of the
// tables an Error method returns an element of and drops the others.
type Table struct {
	Name    string
	Entries []TableEntry
	// Keys maps each key of the table's elements to the index in Entries
	// of its text: an element's index in decimal ("17", of 17: "..." or
	// the 18th element without key), and a key that is a name also by the
	// name ("EPERM", of EPERM: "..."). Elements whose text is no entry
	// (empty, not a literal, past maxTableEntries) have none.
	Keys map[string]int
}

// Const is a package-level constant of a named type whose value is an
// integer constant: Value is the exact decimal value ("17").
type Const struct {
	Name  string
	Type  TypeRef
	Value string
}

// TableEntry is one distinct, non-empty string literal of a table.
type TableEntry struct {
	Text string
	Site *errdex.Site
}

// Stringer is a type's String() string method: its receiver's name and
// the messages it returns, for Error methods that return e.String().
type Stringer struct {
	Name      string
	Recv      string
	Templates []errdex.Template
	file      *Facts // set by Link
}

// Struct is a struct type's field names in declaration order, and their
// types (parallel to Fields).
type Struct struct {
	Name   string
	Fields []string
	Types  []TypeRef
}

// ListType is a slice or array type declared with a named element type:
// type Diagnostics []*Diagnostic is Name "Diagnostics", Elem "Diagnostic".
type ListType struct {
	Name string
	Elem TypeRef
}

// TypeRef is a field's named type (*os.ProcessState is Import "os", Name
// "ProcessState"), the zero TypeRef for another type.
type TypeRef struct {
	Import   string // "" for a type of the same package
	Name     string
	Embedded bool // the field is embedded: its methods are promoted
}

// ErrorType is a type with an Error() string method, and the method's
// site (whose templates use Recv, the receiver's name).
type ErrorType struct {
	Name string
	Recv string
	Site *errdex.Site
	// Conds are the conditions on the receiver's fields under which the
	// method returns each of its messages, by templateKey of the message
	// (if e.Message == "" { return A }; return B: A when Message == "",
	// B when Message != ""). Messages without conditions are absent.
	Conds map[string][]Cond
}

// Cond is a comparison of a field with a constant: Field Op Value, Op "=="
// or "!=", Value the constant as written ("\"\"", "0", "nil"); "<",
// "<=", ">" or ">=" with an integer constant; or "in", Value the case
// clause's constants joined by NUL (see condValues).
type Cond struct {
	Field string
	Op    string
	Value string
}

// Literal is a value of a named type that may be an error, and its
// provisional site: a composite literal, or a conversion T(x) whose only
// field is x.
type Literal struct {
	Type       string
	Import     string // "" for a type of the same package
	Conversion bool
	Fields     []LiteralField
	// Fallback is the site's message when the type has no Error method;
	// without one such a site is dropped.
	Fallback []errdex.Template
	Site     *errdex.Site
}

// LiteralField is one element of a composite literal: Name for keyed
// elements, Index for positional ones.
type LiteralField struct {
	Name     string
	Index    int
	Expr     string
	Template errdex.Template
	// Alternatives are the element's other messages, each with words: a
	// local variable set to text that grows on some paths (msg :=
	// "expected " + what; if found != "" { msg += ", found " + found };
	// &Error{pos, msg}).
	// A value of several is no one value the conditions of an Error
	// method can be decided on.
	Alternatives []errdex.Template
	// Elem is the element's own literal when the element is a composite
	// literal of an elided type (hcl.Diagnostics{{Summary: "..."}}): Link
	// reads it as a value of the list type's element type.
	Elem *Literal
}

// Value is a package-level constant or variable whose value is known
// text: one template without holes, or a few of them for a variable set
// by a function literal called in place that returns one of several
// constants.
type Value struct {
	Name      string
	Templates []errdex.Template
	Var       bool // a variable, which an assignment elsewhere makes unknown
}

// NameRef is a package-level name: Import is "" for the file's own
// package.
type NameRef struct {
	Import string
	Name   string
}
