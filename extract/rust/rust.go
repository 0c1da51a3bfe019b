// Package rust finds the error sites of Rust source code: panics, failed
// assertions, expect calls, anyhow/eyre errors, String errors, error
// constructors, thiserror/snafu messages and the Display implementations of
// error types, each with the message template Rust prints.
//
// # Sites
//
//   - panic!, unreachable!, todo!, unimplemented! (kind panic), with the
//     prefixes the standard library prints ("internal error: entered
//     unreachable code: ", "not yet implemented: ", "not implemented: ").
//     A panic without arguments prints "explicit panic"; a Rust 2018
//     panic!(msg) with a non-literal argument prints the value.
//   - assert!, debug_assert! (kind assert): the custom message when there
//     is one, else "assertion failed: " and the condition as written (with
//     whitespace collapsed, as stringify! prints it). assert_eq!, assert_ne!
//     and the debug_ forms: "assertion `left == right` failed[: msg]\n
//     left: {left}\n right: {right}" with repr holes (Rust 1.73 and later),
//     the pre-1.73 form ("assertion failed: `(left == right)`...") as an
//     alternative.
//   - .expect(msg) (kind expect): Result::expect prints "msg: {err:?}",
//     Option::expect prints "msg". The receiver's type is not known, so a
//     receiver that is clearly an Option (.get(), .next(), .first(), ...)
//     gives "msg", anything else "msg: {err}" with "msg" as an
//     alternative. .expect_err(msg) prints "msg: {value:?}".
//   - anyhow!/bail!/format_err! and eyre!/bail! (kind errorf): the format
//     message; a single non-text argument (anyhow!(err)) is an existing
//     error, not a site. ensure!(cond, msg...) (kind check-macro): the
//     message, or "Condition failed: `cond`" (with " ({lhs} vs {rhs})" for
//     a comparison, as anyhow 1.0.58 and later print it).
//   - String errors (kind errors-new for plain text, errorf when
//     formatted): Err(format!(...)), Err("...".into()), Err("...".to_string()),
//     Err(String::from("...")), .ok_or("..."), .ok_or_else(|| format!(..)),
//     .map_err(|e| format!("...: {}", e)) (the closure's parameter is a hole
//     of type error), and anyhow's/eyre's .context(..), .with_context(||
//     ..), .wrap_err(..), .wrap_err_with(|| ..) (kind errorf).
//   - Error constructors (kind errors-new or errorf, Exception the type as
//     written without "std::"): T::new(.., msg), T::msg(msg),
//     T::custom(msg), T::other(msg), T::from(msg) where T's last segment ends
//     in "Error" (io::Error::new(ErrorKind::Other, "..."),
//     serde's de::Error::custom(format!(..))) and msg is text.
//   - #[error("...")] (thiserror) and #[snafu(display("..."))] on enum
//     variants and structs (kind error-method, Exception the type, Function
//     the variant "Type::Variant" or the struct): fields referenced by name
//     ("{line}") or position ("{0}") become holes named for the field, typed
//     from the field's type (integers, floats, strings, paths, errors);
//     "{0:?}" is a repr hole; extra arguments (".0.len()") become holes.
//     #[error(transparent)] is not a site. A construction of such a type
//     or variant in Err(..), .ok_or(..) or .map_err(..) is a site (kind
//     raise) with that message, the fields it passes filled in; so is one
//     of a type whose Display prints a field the construction passes text
//     for (Err(PatternError { pos: i, msg: ERR_RANGE }) with "Pattern
//     syntax error near position {pos}: {msg}", Err(Error::UnexpectedEof(
//     "Element".to_string())) with the arm `Error::UnexpectedEof(e) =>
//     write!(f, "Unexpected EOF during reading {}", e)`), with the Debug
//     text filled in too; a Display arm that prints the field alone
//     (`Error::Custom(ref msg) => msg.fmt(f)`) counts. So is the value a
//     function returning an error type returns (fn unsupported() -> Self
//     { Error::Custom("unsupported pair".into()) }) when it passes text.
//     A variable that comes out as digits alone (a counter, pos: i) stays
//     a hole.
//   - Error helpers: a call, f(..), self.f(..), Self::f(..) or T::f(..)
//     of an error type T (other than its constructors), passing text to a
//     function whose value is Err(..) built from that parameter, or, for
//     a function returning an error type, such an error (fn
//     tail_error(from: &str) -> Result<T, Error> { Err(from.into()) };
//     fn error(&self, msg: M) -> Result<U, ParseError> { Err(ParseError {
//     line: self.line, msg: msg.into() }) }; fn other(msg: &str) -> Error
//     { Error::new(ErrorKind::Other, msg) }; fn format(err: E) -> Self {
//     Error::Format(FormatError::new(err)) }) is a site (kind errors-new
//     or errorf) with the text, or the message of the construction with
//     the text in its field. The helper of the calling file is taken
//     first, else the only one of that name in the repository (of T's
//     impls for T::f(..)).
//   - The bodies of impl Display for error types (kind error-method),
//     and the methods of an error type's inherent impl that write to a
//     formatter they are passed (fn display(&self, f: &mut
//     fmt::Formatter), which Display::fmt calls; not those named for
//     Debug): write!/writeln! with a literal format, f.write_str(..),
//     f.pad(..), each a site of the implementing type; a message
//     variable resolves to its alternatives (let s = match self { .. =>
//     "..", .. }), and so does the receiver of .fmt(f) ("...".fmt(f)). A
//     Display that only prints what a method of the type, or of a
//     field's type (self.kind.description().fmt(f)), returns
//     (f.write_str(self.description()), self.__description().fmt(f),
//     write!(f, "{}", self.description())),
//     or a local bound to a match (let text = match self { .. };
//     write!(f, "{}", text)), has a site at each text: each arm of the
//     match (arms that panic or are unreachable left out), or the
//     method's one value. The message a match arm writes goes
//     on with what later ifs of the function's body append (if let
//     Some(line) = self.line { write!(f, " at line {}", line)?; }): the
//     arm's site has the message with them all first, then with each, and
//     alone as alternatives. A site in a match arm whose pattern names a
//     variant of an enum of the file that derives Debug has that
//     variant's Debug text as an alternative ("InvalidByte({index},
//     {byte})", "Length { len: {len} }"), which unwrap and expect print,
//     inside that of the struct of the file whose field the match looks
//     into, other fields holes ("ParseError(OutOfRange)" for match
//     self.0), or, for match *self, of the one struct of the file with a
//     field of the kind's type ("Error { code: Eof, position: {position}
//     }"); in a macro's expansion, variants named by metavariables
//     count with the names the invocation gives. Other sites of the
//     Display of a struct of the file that derives Debug have the
//     struct's Debug text ("ParseBoolError", "Utf8Error { valid_up_to:
//     {valid_up_to}, error_len: {error_len} }"), or what a hand-written
//     impl Debug of the file prints (f.debug_struct("InvalidMethod")
//     .finish() prints "InvalidMethod"; a write! with text its message).
//     In an arm naming variants, self.description() is what the method's
//     arms for those variants return: `Kind::A | Kind::B => write!(f,
//     "{}", self.description())` has a site at each of description's arms
//     for A and B, `Kind::C(e) => write!(f, "{}: {}", self.description(),
//     e)` the text of C's arm in its message; an if let on self narrows
//     the same way, its else branch to the variants its pattern does not
//     name (`if let Kind::C { .. } = *self { .. } else {
//     f.write_str(self.text()) }`: a site at each of text's arms but C's).
//     A type is an
//     error type when its name holds "Error", ends in "Err" or starts with
//     the word Invalid (InvalidChunkSize), or when any file of
//     the repository implements std::error::Error for it or derives Error
//     (thiserror), Snafu or Fail for it; Link drops the Display sites of
//     other types, except a kind (a name ending in "Kind") that an error's
//     Display prints.
//   - Composed messages: when the Display of an error prints a value of
//     another error type or kind (globset's Error writes "error parsing
//     glob '{glob}': {kind}", self.kind an ErrorKind; quick-xml's
//     `Error::InvalidAttr(e) => write!(f, "error while parsing
//     attribute: {}", e)`), Link gives each site of the inner type, which
//     says what failed, the outer message around its own as an
//     alternative ("error parsing glob '{glob}': unclosed character
//     class; missing ']'"), and the Debug text of each type that derives
//     Debug and holds it in a one-field variant or a field
//     ("InvalidAttr(Duplicated({0}, {1}))", "Error { glob: {glob}, kind:
//     UnclosedClass }"), unless the holder keeps its message or source
//     error in another field (io::Error's Custom { kind, error }). A value
//     of a type that is no error (semver's Position in "unexpected end of
//     input while parsing {pos}") is a detail, and gets nothing.
//
// Templates with no literal text are kept for panics, asserts and expects
// (the site is real, its message wholly a value) and dropped for the other
// forms, where they only forward another error's message.
//
// # Conventions
//
// Exception: Rust panics and anyhow errors print no type, so those sites
// leave Exception empty; constructor, thiserror and Display sites name the
// error type.
//
// Function: the path of a Rust backtrace frame, "crate::module::Type::method",
// as far as the file tells it. The module path comes from the file's path
// (src/a/b.rs → a::b, src/a/mod.rs → a, src/lib.rs and src/main.rs → the
// crate root, src/bin/x.rs → crate x) and inline mod blocks; the crate is
// the directory holding src/, with a version suffix removed and '-' written
// '_' ("anyhow-1.0.69/src/error.rs" → "anyhow::error"). A file outside any
// src/ directory is its own crate, named for its stem. Methods are named by
// their impl's type without generics ("Pool::new"; trait impls too:
// "Error::fmt"), trait default methods by the trait, nested functions by
// their chain; closures belong to the enclosing function; sites outside
// functions (statics, consts) are named for the item. A frame
// "panic_msg::Pool::new" matches the site exactly, and a frame with another
// crate prefix by its last component.
//
// Variables: a message held in a variable (let msg = format!(..);
// panic!("{}", msg)) resolves to the let that is in scope at the use, with
// later assignments: one in a block enclosing the use replaces the value,
// one in another branch adds an alternative; `+=` and push_str append. A
// `let mut` of a number is a counter, whose value is the run's: a hole.
// Constants and statics of the file resolve too; a hole that names a
// constant of another file (f.write_str(NO_EXECUTOR),
// panic!("{}", crate::util::CONTEXT_MISSING)) is filled by Link when one
// constant of the repository has that name and text as its value, and a
// Display site whose message is only such a hole is kept until then.
//
// Test code: functions marked #[test] (or any attribute whose last segment
// is test, bench, rstest or test_case) and items under #[cfg(test)] are
// skipped unless Options.Tests is set; test files and directories are the
// walker's business.
//
// Macro arguments are token trees, not expressions: arguments are split at
// top-level commas (turbofish generics kept together), and an argument is
// understood when it is a string literal, a nested format!, a variable, or
// a literal followed by conversion methods; anything else is a hole with
// its source text.
//
// Macro definitions: the transcribers of macro_rules! definitions (serde's
// trait of default error methods is declared in one) are read as code: a
// copy of the file keeps only them, metavariables without their "$" and
// repetitions as their contents once, each body a block, and is parsed
// again; its sites have the lines and columns of the definition. Names
// bound only by the macro's invocation stay holes there. An invocation of
// one of the file's macros that passes string literals (url's
// simple_enum_error! { EmptyHost => "empty host", .. }, a bail!-like
// macro given its format string) is matched against the rules' patterns
// (fragments ident, literal, tt one token; others up to the token that
// follows, an expr never past a top-level comma), and the matched rule's
// body read again with its metavariables bound, once per repetition: each
// site whose message holds a passed literal is placed at that literal,
// named for the function the invocation is in when the body puts it in
// none. A call of an error helper in the body counts with the text it
// passes (xml-rs's self_error!(self; "Unexpected closing tag: {}, expected
// {}", name, op_name), whose rule makes $this.error(format!($fmt,
// $($arg),+)), $this bound to self).
//
// Item-level invocations of macros the file does not define, with braces
// (cfg_if! { .. }, tokio's cfg_rt! { .. }), wrap items: their arguments
// are read as code the same way, each site named for the items around the
// invocation too (impl Runtime { cfg_rt! { fn block_on .. } } gives
// Runtime::block_on).
//
// Only macro bodies and wrapped items whose text holds a word of failing
// code (panic, Err, expect, assert, fmt, ...) are read again.
//
// Files with syntax errors yield the sites whose own subtree parsed, with
// the skipped lines as Problems.
package rust

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// Options configure a Rust extractor.
type Options struct {
	// Tests keeps sites in test code (#[test] functions, #[cfg(test)]
	// items), which are skipped by default.
	Tests bool
}

// Extractor extracts Rust error sites with the default options.
var Extractor = New(Options{})

// New returns a Rust extractor with the given options.
func New(opts Options) *extract.Extractor {
	return &extract.Extractor{
		Language: "rust",
		Doc:      "panic!/unreachable!/todo!, assert! family, .expect, anyhow/eyre errors, String errors, error constructors, thiserror/snafu messages and Display impls of error types in Rust",
		Grammar:  func(string) *syntax.Language { return syntax.Rust() },
		Extract:  func(f *extract.File) (*extract.FileResult, error) { return extractFile(f, opts) },
		Link:     link,
	}
}

// facts is what Link needs from one file (FileResult.Facts).
type facts struct {
	// calls are the file's calls whose callee a path says (see
	// NamedCalls).
	calls extract.CallLog
	// errorTypes are the types this file declares to be errors: impl
	// Error for T, #[derive(Error)] and the like.
	errorTypes []string
	// displays are the Display sites of types whose names do not say they
	// are errors, by type name; Link keeps those of error types.
	displays map[*errdex.Site]string
	// messages are the file's types and variants with a message attribute;
	// constructions the sites that build values of such types, whose
	// templates Link fills in.
	messages      []messageType
	constructions map[*errdex.Site]construction
	// consts are the file's constants whose value is text; pendingConsts
	// the sites whose message is only a hole naming a constant, which
	// Link fills or drops.
	consts        map[string]string
	pendingConsts map[*errdex.Site]bool
	// typed are the Display sites by their type, debugAlts the Debug
	// texts among their alternatives; composers and wrappers are what
	// Link composes them with (linkComposed).
	typed     map[*errdex.Site]string
	debugAlts map[*errdex.Site][]errdex.Template
	composers []composer
	wrappers  []wrapper
	// helpers are the file's functions that build an error from a
	// parameter; helperCalls the sites of calls that may be theirs.
	helpers     []helper
	helperCalls map[*errdex.Site]helperCall
}

func extractFile(f *extract.File, opts Options) (*extract.FileResult, error) {
	if f.Tree == nil {
		return nil, fmt.Errorf("rust: %s was not parsed", f.Path)
	}
	x := newFile(f, opts)
	x.run()
	res := &extract.FileResult{Sites: x.sites, Facts: x.facts, Problems: x.notes.Problems(f.Tree)}
	res.Analysis = x.analysisFacts(x.siteNodes)
	x.siteNodes = nil
	if src, rules, wrappers := macroSource(f.Tree.Root(), f.Tree.Source(), opts.Tests); src != nil {
		if tree := parseMacros(src); tree != nil {
			m := newFile(&extract.File{Path: f.Path, Language: f.Language, Src: src, Tree: tree}, opts)
			m.run()
			x.placeWrapped(m.sites, wrappers)
			res.Sites = append(res.Sites, m.sites...)
			x.facts.merge(m.facts)
			res.Sites = append(res.Sites, expandTables(x, f, tree, rules)...)
		}
	}
	return res, nil
}

// merge adds the facts of other, read from the same file, to fx.
func (fx *facts) merge(other *facts) {
	fx.errorTypes = append(fx.errorTypes, other.errorTypes...)
	fx.messages = append(fx.messages, other.messages...)
	fx.composers = append(fx.composers, other.composers...)
	fx.wrappers = append(fx.wrappers, other.wrappers...)
	fx.helpers = append(fx.helpers, other.helpers...)
	mergeMap(&fx.helperCalls, other.helperCalls)
	mergeMap(&fx.typed, other.typed)
	mergeMap(&fx.debugAlts, other.debugAlts)
	mergeMap(&fx.displays, other.displays)
	mergeMap(&fx.pendingConsts, other.pendingConsts)
	mergeMap(&fx.constructions, other.constructions)
}

// mergeMap copies src's entries into *dst, making *dst when it is nil.
func mergeMap[K comparable, V any](dst *map[K]V, src map[K]V) {
	if len(src) == 0 {
		return
	}
	if *dst == nil {
		*dst = make(map[K]V, len(src))
	}
	maps.Copy(*dst, src)
}

// link completes what needs the whole repository: the templates of sites
// that construct error types (linkConstructions), the Display sites, kept
// for the types that some file declares to be errors, and the texts other
// types print around them (linkComposed).
func link(files []*extract.FileResult) {
	linkHelpers(files)
	linkConstructions(files)
	linkConsts(files)
	errorTypes := map[string]bool{}
	for _, f := range files {
		if fx, ok := f.Facts.(*facts); ok {
			for _, t := range fx.errorTypes {
				errorTypes[t] = true
			}
		}
	}
	// The kind an error's message prints (DecodeError's "{kind} at
	// {position}" prints a DecodeKind) is part of that error.
	for _, f := range files {
		if fx, ok := f.Facts.(*facts); ok {
			for _, c := range fx.composers {
				if typ, pending := fx.displays[c.site]; (!pending || errorTypes[typ]) && strings.HasSuffix(c.inner, "Kind") {
					errorTypes[c.inner] = true
				}
			}
		}
	}
	for _, f := range files {
		fx, ok := f.Facts.(*facts)
		if !ok || len(fx.displays) == 0 {
			continue
		}
		f.Sites = slices.DeleteFunc(f.Sites, func(s *errdex.Site) bool {
			typ, pending := fx.displays[s]
			return pending && !errorTypes[typ]
		})
	}
	linkComposed(files, errorTypes)
}
