package match

import "strings"

// Python's built-in exceptions. A Python raise of a built-in class prints
// exactly that class's name: `raise ValueError(...)` is never printed as
// OverflowError. The one exception is OSError (and its aliases IOError,
// EnvironmentError), whose constructor returns the subclass its errno
// selects: OSError(errno.ENOENT, ...) prints FileNotFoundError. So a query
// naming one built-in contradicts a site raising another, unless the site
// raises OSError and the query names one of its subclasses.

// pyBuiltinParents maps each built-in exception class of Python 3 to its
// base class (builtins, Python 3.11).
var pyBuiltinParents = map[string]string{
	"BaseException": "", "BaseExceptionGroup": "BaseException", "Exception": "BaseException",
	"GeneratorExit": "BaseException", "KeyboardInterrupt": "BaseException", "SystemExit": "BaseException",
	"ArithmeticError": "Exception", "AssertionError": "Exception", "AttributeError": "Exception",
	"BufferError": "Exception", "EOFError": "Exception", "ExceptionGroup": "BaseExceptionGroup",
	"ImportError": "Exception", "LookupError": "Exception", "MemoryError": "Exception", "NameError": "Exception",
	"OSError": "Exception", "ReferenceError": "Exception", "RuntimeError": "Exception",
	"StopAsyncIteration": "Exception", "StopIteration": "Exception", "SyntaxError": "Exception",
	"SystemError": "Exception", "TypeError": "Exception", "ValueError": "Exception", "Warning": "Exception",
	"FloatingPointError": "ArithmeticError", "OverflowError": "ArithmeticError", "ZeroDivisionError": "ArithmeticError",
	"ModuleNotFoundError": "ImportError", "IndexError": "LookupError", "KeyError": "LookupError",
	"UnboundLocalError": "NameError", "NotImplementedError": "RuntimeError", "RecursionError": "RuntimeError",
	"IndentationError": "SyntaxError", "TabError": "IndentationError",
	"UnicodeError": "ValueError", "UnicodeDecodeError": "UnicodeError", "UnicodeEncodeError": "UnicodeError",
	"UnicodeTranslateError": "UnicodeError",
	"BlockingIOError":       "OSError", "ChildProcessError": "OSError", "ConnectionError": "OSError",
	"FileExistsError": "OSError", "FileNotFoundError": "OSError", "InterruptedError": "OSError",
	"IsADirectoryError": "OSError", "NotADirectoryError": "OSError", "PermissionError": "OSError",
	"ProcessLookupError": "OSError", "TimeoutError": "OSError", "BrokenPipeError": "ConnectionError",
	"ConnectionAbortedError": "ConnectionError", "ConnectionRefusedError": "ConnectionError",
	"ConnectionResetError": "ConnectionError",
	"BytesWarning":         "Warning", "DeprecationWarning": "Warning", "EncodingWarning": "Warning",
	"FutureWarning": "Warning", "ImportWarning": "Warning", "PendingDeprecationWarning": "Warning",
	"ResourceWarning": "Warning", "RuntimeWarning": "Warning", "SyntaxWarning": "Warning",
	"UnicodeWarning": "Warning", "UserWarning": "Warning",
}

// pyBuiltinAliases are other names of built-in classes.
var pyBuiltinAliases = map[string]string{"IOError": "OSError", "EnvironmentError": "OSError", "WindowsError": "OSError"}

// pyBuiltin returns the canonical name of a built-in exception class, or
// "" when name is not one.
func pyBuiltin(name string) string {
	if a, ok := pyBuiltinAliases[name]; ok {
		return a
	}
	if _, ok := pyBuiltinParents[name]; ok {
		return name
	}
	return ""
}

// pyTypeContradicts reports whether a Python site raising the built-in
// class site cannot have printed the exception type query (see above).
// Names are compared by their last component; either name not being a
// built-in says nothing.
func pyTypeContradicts(query, site string) bool {
	q, s := pyBuiltin(shortName(query)), pyBuiltin(shortName(site))
	if q == "" || s == "" || q == s {
		return false
	}
	if s == "OSError" {
		for c := q; c != ""; c = pyBuiltinParents[c] {
			if c == "OSError" {
				return false
			}
		}
	}
	return true
}

// pyBuiltinName reports whether exception is the name of a Python built-in
// class as a traceback prints it: unqualified ("ValueError"), not a Go
// type that shares its name ("*json.SyntaxError").
func pyBuiltinName(exception string) bool {
	return exception != "" && !strings.ContainsAny(exception, ".*") && pyBuiltin(exception) != ""
}
