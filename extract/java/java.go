// Package java finds the error sites of Java source.
//
// # Sites
//
//   - throw new X(...): kind throw, Exception the type as written
//     ("IllegalStateException", "Outer.Failure") and ExceptionQualified
//     its binary name, as Throwable.toString prints it
//     ("java.lang.IllegalStateException", "com.acme.Outer$Failure"):
//     through the file's imports and package, java.lang, the file's own
//     types, and in Link the classes of the repository (same package,
//     imports on demand) and common JDK throwables imported on demand. The
//     message follows Throwable's constructors: a String first argument is
//     the message, a lone Throwable gives cause.toString() (a hole of type
//     error), no argument gives none. For a class of the repository, Link
//     replaces it with what the chosen constructor (by arity and String,
//     Throwable and number parameters) passes up through this(...) and
//     super(...) to a JDK throwable, or what a getMessage() override
//     returns (fields set from parameters and super.getMessage() filled
//     in, also through a getter such as getReason(); a StringBuilder
//     appended to in branches gives an alternative with and without each
//     branch's run of appends). Returns of getMessage() under if
//     (super.getMessage() == null) (NullPointerException's computed
//     message) are the message of a throwable constructed without one
//     only. A base class the repository declares without constructors
//     Link follows (java.lang.Throwable in the JDK's sources) takes its
//     message as Throwable's constructors do, and so does a base class
//     Link cannot follow (a library's) to which the constructor passes a
//     String first, rather than the first String argument of new X(...).
//   - throw of an existing object: the parameter of the enclosing catch
//     clause is a reraise (Exception the caught type); a local variable
//     assigned new X(...) is followed (kind throw); a method of the file
//     that returns new X(...) is followed with its arguments, and in Link
//     a factory of any class of the repository (Errors.badValue(s), a
//     method inherited from a base class or statically imported, a
//     method of a variable's declared type: errno.translate(path)),
//     thrown directly or through a local variable assigned its result,
//     whose declared return type is a throwable: each of its returns and
//     each branch of a conditional one is an alternative, a return of
//     another call is followed, a class of the repository it constructs
//     gives the message its constructors build, and a message it formats
//     from its own parameters (new X(String.format(fmt, args))) is
//     formatted with each call's text. A factory returning several
//     exceptions makes one site of the throw per exception. Anything else
//     is raise-object, with the declared type when it is known. As a
//     Java stack trace gives the line where an exception was constructed,
//     the lines of a throw of a local variable start at the assignments
//     that made it (IOException x = translate(e); throw x;).
//   - a chain of calls on a new throwable, thrown or returned by a
//     factory (throw (IOException) new IOException(m).initCause(e);
//     return new JsonParseException(this, msg).withRequestPayload(p);),
//     is that construction: such calls return the exception they are
//     made on.
//   - new X(...) of a throwable handed on rather than thrown, an argument
//     of a call or of the construction of something other than a
//     throwable outside any throw (future.completeExceptionally(new
//     TimeoutException(...)), new AltResult(new CompletionException(x))):
//     kind reject, the message as for a throw. A cause (new X("m", new
//     Y())) is none. So is a call of a static method of a throwable
//     class handed on that way (maybeThrow(MissingParameterException.
//     create(cmd, missing, sep))), its message what the factory returns.
//   - assert cond : msg: kind assert, AssertionError.
//   - Guava's Preconditions.checkArgument/checkState/checkNotNull and
//     Verify.verify/verifyNotNull with a message (statically imported or
//     not): kind check-macro, with Guava's own %s-only template (missing
//     arguments leave "%s", extra ones are appended as " [a, b]"), and
//     Objects.requireNonNull(x, msg) (a Supplier lambda's value too):
//     kind check-macro, NullPointerException.
//
// # Messages
//
// String literals and text blocks (incidental indentation removed, as
// JLS 3.10.6 says) are decoded; + concatenates when one side is a String
// (so 'a' + 1 is a number, not text); String.format(...) and
// "...".formatted(...) follow java.util.Formatter (template.Printf, dialect
// Java); MessageFormat.format(...) follows java.text.MessageFormat
// (template.MessageFormat); Strings.lenientFormat, String.valueOf,
// Objects.toString, String.join, concat, new StringBuilder(..).append(..)
// chains and helper methods of the file that return a message are
// followed; a local builder passed to a method called as a statement of
// its own (lowerBound.describeAsLowerBound(sb);) gains a hole there. Local variables resolve to their assignments in the same
// method (branches give alternatives, += appends); final fields with an
// initializer are constants, also across files in Link (Messages.NOT_FOUND,
// static imports, also on demand). e.getMessage() and
// e.getLocalizedMessage() of a caught exception or a name of a throwable
// type (new IllegalArgumentException(x.getMessage(), x)) are a hole of
// type error named after it: the inner site's message.
//
// A null argument passes no text: super((String) null) leaves the
// message null, and an argument that may be null (file == null ? null :
// file.path()) passes its other values.
//
// A site whose message shows a parameter of its method (private void
// accept(int ch, String s) { ... throw error(s); }) also takes, in Link
// once its own message is final, one template per call of the method in
// the file that passes literal text (accept(')', "Unclosed group")).
// Calls in other files fill it too, found in Link as factories are (a
// subclass's unqualified _reportError("Can not write a field name"), a
// method of a variable's declared type: ctxt.reportInputMismatch(
// "Cannot deserialize value of type %s", t)): those that format it from
// the parameters (String.format(msg, arg1, arg2) as well as varargs),
// and those that pass prose, words on each side of a space, where the
// message is a parameter; also through a method of the site's file that
// calls the site's with a message showing its own parameters
// (_reportUnexpectedChar(ch, "expected a value") building "Unexpected
// character (" + ch + "): " + comment).
//
// # Functions
//
// Function is the enclosing method qualified by its class chain, as stack
// traces print it without the package: "Foo.bar", "Outer.Inner.run",
// "Foo.<init>" for constructors, instance initializers and instance field
// initializers, "Foo.<clinit>" for static initializers and static fields.
// Anonymous classes are "Outer$1" and local classes "Outer$1Local",
// numbered per enclosing class in source order as javac numbers them.
// Lambdas belong to their enclosing method: a frame "Foo.lambda$bar$0"
// (javac's synthetic method for a lambda in bar) is method "Foo.bar", and
// "lambda$new$0" and "lambda$static$0" are "<init>" and "<clinit>".
//
// # Files with syntax errors
//
// ERROR regions are skipped; the throw statements inside them are
// counted in the file's Problems with the lines of the regions.
package java

import (
	"fmt"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// Extractor extracts Java error sites.
var Extractor = &extract.Extractor{
	Language: "java",
	Doc:      "throw, assert, Guava Preconditions/Verify and Objects.requireNonNull in Java, with exception classes linked across files",
	Grammar:  func(string) *syntax.Language { return syntax.Java() },
	Extract:  extractFile,
	Link:     link,
}

func extractFile(f *extract.File) (*extract.FileResult, error) {
	if f.Tree == nil {
		return nil, fmt.Errorf("java: %s was not parsed", f.Path)
	}
	x := scan(f)
	x.facts = &Facts{Path: f.Path}
	x.run()
	x.facts.CallSites = x.callSites()
	x.facts.Arities = x.siteArities()
	return &extract.FileResult{Sites: x.sites, Facts: x.facts, Problems: x.Problems(regions)}, nil
}

// regions describes the ERROR regions of a file by their first lines.
func regions(lines []int) string {
	if len(lines) == 1 {
		return fmt.Sprintf("line %d", lines[0])
	}
	return fmt.Sprintf("%d regions from line %d", len(lines), lines[0])
}
