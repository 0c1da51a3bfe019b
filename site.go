package errdex

import (
	"encoding/json"
	"strings"
	"time"
)

// SiteKind says how a site produces its error.
type SiteKind string

// Site kinds across languages.
const (
	KindRaise       SiteKind = "raise"        // raise X(...), a new exception object
	KindReraise     SiteKind = "reraise"      // bare raise inside an except block
	KindRaiseObject SiteKind = "raise-object" // raise err: an object built elsewhere
	KindAssert      SiteKind = "assert"       // assert with a message
	KindThrow       SiteKind = "throw"        // throw new X(...)
	KindReject      SiteKind = "reject"       // Promise.reject(new X(...))
	KindPanic       SiteKind = "panic"        // panic(...), panic!(...), unreachable!, todo!
	KindErrorf      SiteKind = "errorf"       // fmt.Errorf, format!-built errors
	KindErrorsNew   SiteKind = "errors-new"   // errors.New, sentinel errors
	KindErrorMethod SiteKind = "error-method" // an Error() string / Display implementation
	KindLogFatal    SiteKind = "log-fatal"    // log.Fatal*, log.Panic*
	KindCheckMacro  SiteKind = "check-macro"  // TORCH_CHECK, CHECK(...) << "...", ensure!, a validator's cond || "..."
	KindExpect      SiteKind = "expect"       // Rust .expect("...")
	KindSetError    SiteKind = "set-error"    // CPython C API PyErr_SetString / PyErr_Format
	KindEnvLookup   SiteKind = "env-lookup"   // os.environ["NAME"]: KeyError when NAME is not set
)

// Site is one place in source code that raises, throws, returns or panics
// with an error. It is the unit of the knowledge base: one site, one page.
//
// Its JSON form is the contract of `errdex show --json` and /api/errors/ID.
// Fields are added over time; none is ever renamed.
type Site struct {
	ID       ID        `json:"id"`
	Repo     string    `json:"repo"`
	Rev      string    `json:"rev"`
	RevDate  time.Time `json:"rev_date"`
	Language string    `json:"language"`
	Kind     SiteKind  `json:"kind"`

	// Exception is the exception or error type as written at the site
	// ("ValueError", "json.JSONDecodeError"). ExceptionQualified is the
	// fully qualified name where imports make it resolvable
	// ("json.decoder.JSONDecodeError").
	Exception          string `json:"exception"`
	ExceptionQualified string `json:"exception_qualified,omitempty"`

	// Template is the message the site builds. Alternatives are other
	// messages the same site can produce (a message variable assigned in
	// several branches).
	Template     Template   `json:"template"`
	Alternatives []Template `json:"alternatives,omitempty"`

	Location Location `json:"location"`
	// Function is the enclosing function qualified by its class
	// ("MetadataBuffers.set_buf"), or "<module>" at top level.
	Function string   `json:"function"`
	Snippet  *Snippet `json:"snippet,omitempty"`

	// Facts derived by analysis.
	Guards      []Guard      `json:"guards,omitempty"`
	Config      []ConfigRef  `json:"config,omitempty"`
	Provenance  []Fact       `json:"provenance,omitempty"`
	Callers     []Caller     `json:"callers,omitempty"`
	CallPath    []Caller     `json:"call_path,omitempty"`
	Related     []Related    `json:"related,omitempty"`
	Family      *FamilyRef   `json:"family,omitempty"`
	Explanation *Explanation `json:"explanation,omitempty"`
	// StaticExplanation keeps the deterministic explanation when
	// Explanation holds fields written by an LLM, so that both stay
	// available. It is nil when Explanation is entirely static.
	StaticExplanation *Explanation `json:"static_explanation,omitempty"`

	// Build is the build constraint under which the site's file is
	// compiled, as a Go build-constraint expression ("plan9", "unix &&
	// !ios", "goexperiment.jsonv2"), or "" when every build compiles it.
	// Among matches of equal text, the matcher puts first the site that
	// default builds on mainstream platforms compile. Stores keep it with
	// the record.
	Build string `json:"build,omitempty"`

	// Minified is true when the site's file is minified code (a package
	// that ships only a minified build: its lines hold many statements, so
	// its snippet shows a window of the site's line and the site's columns
	// tell it apart from its neighbours). Among matches of equal text, the
	// matcher puts a readable copy of the same code first. Stores keep it
	// with the record.
	Minified bool `json:"minified,omitempty"`

	// Reach says how much of its repository leads to the site. Among
	// matches the message alone cannot tell apart, the matcher puts first
	// the site more code reaches. Stores keep it with the site's record,
	// so that it is there even when facts are skipped.
	Reach Reach `json:"reach"`
}

// Reach counts the code of a repository that leads to a site.
type Reach struct {
	// Importers counts the other files of the repository that import the
	// module holding the site (for the languages whose extractor records
	// imports).
	Importers int `json:"importers"`
	// Callers counts the call sites found of the enclosing function; the
	// site's Callers list holds at most the first few of them.
	Callers int `json:"callers"`
}

// Message renders the site's template with {name} holes.
func (s *Site) Message() string { return s.Template.String() }

// EnvVariable returns the environment variable an env-lookup site reads
// (its message is the quoted name KeyError prints), "" for other sites.
func (s *Site) EnvVariable() string {
	if s.Kind != KindEnvLookup {
		return ""
	}
	return strings.Trim(s.Template.String(), `'"`)
}

// MarshalJSON adds the derived "message" field to the site's JSON, writes
// the analysis lists (guards, config, provenance, callers, related) as []
// when they are empty and an unknown revision date as null, so that a
// consumer finds every field of the contract on every site.
func (s *Site) MarshalJSON() ([]byte, error) {
	type plain Site
	return json.Marshal(struct {
		*plain
		Message    string      `json:"message"`
		RevDate    *time.Time  `json:"rev_date"`
		Guards     []Guard     `json:"guards"`
		Config     []ConfigRef `json:"config"`
		Provenance []Fact      `json:"provenance"`
		Callers    []Caller    `json:"callers"`
		Related    []Related   `json:"related"`
	}{(*plain)(s), s.Message(), revDate(s.RevDate), nonNil(s.Guards), nonNil(s.Config), nonNil(s.Provenance), nonNil(s.Callers), nonNil(s.Related)})
}

// revDate is the JSON of a revision date: null when it is unknown (a tree
// that is not a git checkout), rather than year 1.
func revDate(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// nonNil returns s, or an empty slice when s is nil.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Location is where a site is: its span and, when the repository's remote
// is known, a link to the exact lines pinned to the indexed commit.
type Location struct {
	Span
	URL string `json:"url"` // "" when the remote is unknown
}

// Snippet is the source around a site. MarkLines are the line numbers of the
// statement that raises.
type Snippet struct {
	StartLine int      `json:"start_line"`
	Lines     []string `json:"lines"`
	MarkLines []int    `json:"mark_lines"`
}

// Guard is a condition that holds whenever control reaches the site.
type Guard struct {
	// Condition is the condition that holds at the raise, as source text
	// ("not self.enable_sampling_mask"). Source is the condition as written
	// in the code; Negated is true when Condition negates it (an else
	// branch, an earlier elif, an early return, an assert).
	Condition string `json:"condition"`
	Source    string `json:"source"`
	Negated   bool   `json:"negated,omitempty"`
	// Kind is the construct: if, elif, else, while, for, early-return
	// (a return before the site), continue (a continue or break before
	// it), except, assert, match.
	Kind string `json:"kind"`
	Line int    `json:"line"`
	// Caught is the exception type an enclosing except clause caught.
	Caught string `json:"caught,omitempty"`
	// Subject, Op and Value give the condition's structure when it is a
	// simple comparison of one variable with a constant.
	Subject string `json:"subject,omitempty"`
	Op      string `json:"op,omitempty"`
	Value   string `json:"value,omitempty"`
	// Names are the variables and attributes the condition reads.
	Names []string `json:"names,omitempty"`
}

// ConfigRef is a configuration input behind a site: an environment variable,
// a command-line flag or a settings field, with its default and the place
// it is declared.
type ConfigRef struct {
	Name       string `json:"name"`
	Kind       string `json:"kind"` // env, flag, setting
	Default    string `json:"default,omitempty"`
	HasDefault bool   `json:"has_default,omitempty"`
	Location   Span   `json:"location"`
	// Via is the chain linking the setting to the site, in source text.
	Via string `json:"via,omitempty"`
}

// Fact is one cited statement about where a value comes from: an assignment,
// a parameter default, an attribute set in a constructor.
type Fact struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // assign, param, attribute, constant, env, flag, field, wraps, return, helper (FactHelper)
	Text string `json:"text"`
	// Function is the function the statement is in, qualified like
	// Site.Function ("MetadataBuffers.__init__"), or the class whose body
	// holds it; empty at module level.
	Function string `json:"function,omitempty"`
	Location Span   `json:"location"`
	// Condition is the condition under which an assignment that may
	// reach the site runs, as source text ("x is None", "for x in xs",
	// "except IndexError"); empty when it runs whenever the site does.
	Condition string `json:"condition,omitempty"`
}

// FactHelper is the Kind of a Fact naming the helper function a site calls
// to build its error (`f.wrapErr("write", e)` cites os.(*File).wrapErr);
// its Location is the helper's own construction, itself a site.
const FactHelper = "helper"

// FactWraps is the Kind of a Fact naming a sentinel error whose message a
// site's template took in place of a hole (`panic(io.EOF)` cites io.EOF);
// its Location is the sentinel's definition, itself a site.
const FactWraps = "wraps"

// Caller is a function that calls the site's enclosing function.
type Caller struct {
	Function string `json:"function"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
}

// Related is another site worth reading beside this one, with the reason.
type Related struct {
	ID     ID     `json:"id"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

// FamilyRef names the failure family a site belongs to, with the family's
// size across the knowledge base.
type FamilyRef struct {
	Slug       string  `json:"slug"`
	Name       string  `json:"name"`
	Confidence float64 `json:"confidence,omitempty"`
	Sites      int     `json:"sites"`
	Libraries  int     `json:"libraries"`
}

// Explanation is prose about a site: what it means, when it happens, how to
// fix it. Source says where the prose came from: "static" for deterministic
// rules, "llm:<model>" for a validated LLM answer; when fields come from
// different sources, Sources names the source of each field ("meaning",
// "trigger", "solutions", "example_fix", "situations") and Source is the
// one that wrote most of them.
type Explanation struct {
	Meaning    string      `json:"meaning"`
	Trigger    string      `json:"trigger,omitempty"`
	Solutions  []string    `json:"solutions,omitempty"`
	ExampleFix *ExampleFix `json:"example_fix,omitempty"`
	Situations []string    `json:"situations,omitempty"`
	Source     string      `json:"source"`
	// Sources maps field names to their source when they differ.
	Sources map[string]string `json:"sources,omitempty"`
	// PromptVersion identifies the prompt an LLM answered, when one did.
	PromptVersion string `json:"prompt_version,omitempty"`
}

// ExampleFix shows a change that avoids the error.
type ExampleFix struct {
	Before string `json:"before"`
	After  string `json:"after"`
	// Lang is the syntax of Before and After for highlighting: "sh" for
	// environment variables and flags, or the source language.
	Lang string `json:"lang,omitempty"`
}
