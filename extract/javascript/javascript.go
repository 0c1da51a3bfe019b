// Package javascript finds the error sites of JavaScript and TypeScript
// source (ESM and CommonJS, JSX and TSX, decorators and type annotations).
// One implementation serves two extractors: Extractor for the files the
// walker names "javascript" (.js .mjs .cjs .jsx and scripts with a node
// "#!" line) and TypeScript for "typescript" files (.ts .mts .cts with the
// TypeScript grammar, .tsx with the TSX grammar).
//
// # Sites
//
//   - throw new X(...) and throw X(...) (Error(...) without new builds
//     the same error): kind throw, Exception the constructor as written
//     ("TypeError", "errors.NotFoundError"). The message is the first
//     argument for the built-in errors (the second for AggregateError);
//     for other classes it is what the class's constructor builds when the
//     class is in the repository (Link; an array literal the constructor
//     joins, if (Array.isArray(message)) message = message.join(" "),
//     gives its joined elements), else the first argument with
//     literal text, or the "message" property of an object argument.
//   - throw of a string, a template literal or a concatenation: kind
//     throw, no Exception. Throw of an object literal: its message
//     property, or the message the file's table of messages by code
//     gives its code (throw {code: "T1006", stack: ...} with var
//     errorCodes = {"T1006": "Attempted to invoke a non-function", ...},
//     {{name}} placeholders as holes; see codetable.go).
//   - throw of an existing object: a variable assigned a new error in the
//     same function is followed to it (kind throw); the parameter of the
//     enclosing catch clause gives kind reraise; anything else is kind
//     raise-object with the thrown expression as a hole. A message the
//     function assigns to the error before throwing it (err.message =
//     `Could not read package.json: ${err}`) is the message thrown (one
//     assigned in a branch adds it to the error's own); text it appends
//     (e.message += ' while compiling ejs') follows the message, with
//     and without the appends of a branch. A call that wraps
//     a new error (throw Object.assign(new Error("x"), {code})) is the
//     wrapped error.
//   - Promise.reject(E), and reject(E) inside a Promise executor
//     (new Promise((resolve, reject) => ...), in nested callbacks too):
//     kind reject, E handled as a thrown value (opaque values are skipped:
//     passing an error through is not a new message).
//   - An error delivered without throw: to an error-first callback
//     (cb(new Error(...)), return callback(err), a method named as a
//     callback: this._exitCallback(new CommanderError(...))), as an
//     'error' event
//     (this.emit('error', err)), or to destroy or abort a stream or a
//     request (stream.destroy(err), controller.abort(err)): kind reject,
//     when E is a new error (built at the call, in a variable assigned
//     it, or by a factory of the file); errors passed on and other
//     values are not sites. So is a new error handed to any call whose
//     result is dropped (subscriber.error(new EmptyError()),
//     request._beforeError(new HTTPError(res)), deferred.reject(err),
//     this._reject(this._getRangeError(n)) of a factory of the file),
//     or an error the function builds and hands over without throwing
//     or returning it (er = new Error(er); emit(parser, 'onerror', er)),
//     but not to a logger (console.error, logger.warn). A new error given
//     to a method of the object itself whose result the function hands
//     back (return this.__error(new CsvError(...))) is a site too.
//   - A thrown or delivered value that chooses between new errors (c ?
//     new RangeError(..) : new TypeError(..), a variable given such a
//     choice, or given new errors in branches, or a new error in one and
//     the error a parameter brought in another): a site for each error,
//     at its construction.
//   - The construction a factory of the file returns, when a throw
//     of a call of it (throw invalidChar(c)) throws it: the line a Node
//     stack names first; the throws cite it as their helper
//     (errdex.FactHelper; see factorysites.go).
//   - A reporter given the message (session.error(`Rule "${name}" is
//     not defined`), handler.fatalError('...'), usage.fail(msg)), when
//     the result is dropped and the object is no logger nor node's
//     assert: kind set-error. A reporter handed in as a parameter
//     (onError(offset, 'BAD_INDENT', 'Map keys must be unique')) is one
//     too, given the first argument holding prose.
//   - A call passing first an entry of a module's table of messages
//     (this.raise(Errors.UnterminatedString, pos), where Errors gathers
//     objects of messages and message functions through calls that keep
//     their keys; see msgtable.go): the entry's message, thrown when the
//     call is, else of kind set-error.

//   - assert(cond, msg), assert.ok/equal/strictEqual/deepEqual/... (the
//     message is the argument after the compared values) and
//     assert.fail(msg), when assert is bound to node's assert module
//     (assert, node:assert, assert/strict, by import or require): kind
//     assert, Exception "AssertionError", or the error's type when msg is
//     an error object. An assert function imported from another module
//     (assert, invariant, devAssert: Hoek's assert, tiny-invariant,
//     (0, _devAssert.devAssert)(cond, msg) in compiled code) gives kind
//     assert without an Exception, its message the arguments after the
//     condition joined by spaces, when they hold literal text.
//
// A thrown variable holding an error built above the throw (const err =
// new SyntaxError(msg); ...; throw err) spans from the construction,
// the line a Node stack names, to the throw.
//
// A function whose site shows a parameter in its message (function
// fail(msg) { throw new Error(msg) }, raise(pos, message) { throw new
// SyntaxError(message + " (" + pos + ")") }) gives each call of it in the
// same file that passes literal text a site with the message filled in
// (return this.error(`Expected ${what}.`) reads "Expected {what}."), or
// a key of a constant table of the module the message reads (throw new
// Error(msg || ec[ind]) after var ec = ['unexpected EOF', 'invalid block
// type', ...]: err(1) reads "invalid block type"); see helpers.go. Link does the same for the calls of another module's
// helper, a function or a static method of a class the module exports
// (TomlError.x('invalid value', ctx) of import { TomlError } from
// './error.js'), and gives a throw of what another module's factory
// returns (throw is.invalidParameterError('width', ...)) that factory's
// message. Functions that set this.message outside a class, ES5
// constructors and the implementations class factories are given
// (createErrorClass(_super => function EmptyErrorImpl() {...})), are
// classes for Link.
//
// Node's internal error factories (new ERR_INVALID_ARG_TYPE(...), whose
// messages live in a table in lib/internal/errors.js) are not resolved:
// they are code private to the Node runtime, which is indexed from its
// own repository, and their table is built by calls (E('ERR_X', msg,
// ...)) that a static pass does not follow reliably. Such throws are
// sites with the constructor's arguments as holes.
//
// # Messages
//
// String literals are decoded as the runtime does (escapes, \u{...},
// surrogate pairs, line continuations); template literals give a hole per
// substitution; + concatenates when one side is text; c ? a : b and
// a || b give alternatives; util.format and format (imported from util,
// or aliased at module level: var f = util.format) follow util.format's
// %s %d %i %f %j %o %O %c %%, and so do y18n's and i18n-node's __(fmt,
// ...) and __n(singular, plural, n, ...); String(x), x.toString(),
// [..].join(sep) and "..".concat(..) are followed when their operands
// are known; a property of the object a function of the file
// returns (const metadata = parseError(er, txt); super(metadata.message),
// where parseError returns makeParsedError(msg, ...), which returns
// {message: `${msg} while parsing ${parsing}`}) is the property's value in
// any of its returns, with the parameters filled by the call's arguments.
// A factory of the file with several returns gives the messages of all
// of them; compiled TypeScript's exports.NAME reads what the top level
// assigns it. Variables resolve to their assignments in the same
// function (and then the enclosing functions and the module): an
// assignment in a block that encloses the use replaces earlier ones, one
// in a sibling branch adds an alternative, += appends, and a branch that
// ends with return or throw does not reach code after it; one in an if's
// condition holds in its body and after, and the right side of msg =
// prefix + msg reads the value before. A variable a
// nested function assigns (function next() { index += 1 }), or that its
// function assigns after the use in a loop around both or after a closure
// reading it, may hold another value: a number is then a hole named
// after it, text gets the hole as an alternative.
//
// # Functions
//
// Function is the name a V8 stack frame prints for the code: "Foo.bar"
// for a class method (static too), "new Foo" for a constructor, "fetchUser"
// for a function declaration or a function assigned to a variable (V8
// infers the name; frames print "async fetchUser", which the trace parser
// reduces to "fetchUser"), "exports.f" and "module.exports" for functions
// assigned to those, "Foo.bar" for Foo.prototype.bar = function, "api.get"
// for a method or function in an object literal bound to api, "default"
// for an anonymous default export. Anonymous functions (callbacks, IIFEs)
// belong to the named function that encloses them. Top-level code is
// "<module>" (V8 prints "Object.<anonymous>" for CommonJS top-level code
// and no function name for ES modules).
//
// # Files with syntax errors
//
// ERROR regions of the tree are skipped; the throw statements inside them
// are counted in the file's Problems with the lines of the regions.
package javascript

import (
	"fmt"
	"strings"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// Extractor extracts the error sites of JavaScript files.
var Extractor = &extract.Extractor{
	Language: "javascript",
	Doc:      "throw, Promise.reject, reject in executors, errors passed to callbacks, error events and destroy, and node:assert asserts in JavaScript, with custom Error classes linked across files",
	Grammar:  func(string) *syntax.Language { return syntax.JavaScript() },
	Extract:  extractFile,
	Link:     link,
}

// TypeScript extracts the error sites of TypeScript files; it is
// Extractor's implementation with the TypeScript grammars.
var TypeScript = &extract.Extractor{
	Language: "typescript",
	Doc:      "throw, Promise.reject, reject in executors, errors passed to callbacks, error events and destroy, and node:assert asserts in TypeScript and TSX, with custom Error classes linked across files",
	Grammar:  typescriptGrammar,
	Extract:  extractFile,
	Link:     link,
}

// typescriptGrammar picks TSX for .tsx files: the plain TypeScript
// grammar reads <T>x as a type assertion, which JSX forbids.
func typescriptGrammar(path string) *syntax.Language {
	if strings.HasSuffix(strings.ToLower(path), ".tsx") {
		return syntax.TSX()
	}
	return syntax.TypeScript()
}

func extractFile(f *extract.File) (*extract.FileResult, error) {
	if f.Tree == nil {
		return nil, fmt.Errorf("javascript: %s was not parsed", f.Path)
	}
	x := scan(f)
	x.run()
	res := &extract.FileResult{Sites: x.sites, Facts: x.facts, Problems: x.Problems(lineList), Analysis: analysisFacts(x, f.Minified)}
	return res, nil
}

// lineList renders the first lines of the ERROR regions: "line 3",
// "lines 3, 9 (12 regions)".
func lineList(lines []int) string {
	const shown = 5
	if len(lines) == 1 {
		return fmt.Sprintf("line %d", lines[0])
	}
	parts := make([]string, 0, shown)
	for _, l := range lines[:min(len(lines), shown)] {
		parts = append(parts, fmt.Sprint(l))
	}
	s := "lines " + strings.Join(parts, ", ")
	if len(lines) > shown {
		s += fmt.Sprintf(" (%d regions)", len(lines))
	}
	return s
}
