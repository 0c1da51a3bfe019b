// Package template turns the format strings of each language into errdex
// Templates: literal parts, exactly as the program prints them, and typed
// holes where run-time values go. The matcher aligns pasted messages against
// these templates, so literal text must be byte-for-byte what the language
// prints and every hole must sit where a value is substituted.
//
// The package is pure: it sees decoded string values and the source text of
// argument expressions, never syntax trees. The extractors decode literals,
// evaluate what they can statically (a constant passed as an argument) and
// hand the rest over as expressions.
//
// Dialects:
//   - Python (py*.go): %-formatting (PyPercent), str.format and f-string
//     replacement fields (PyFormat, PyField), and hole naming from Python
//     expressions (PyHoleName, PyExprType, PySubstitute).
//   - printf (printf.go): Go's fmt, C printf, CPython's PyUnicode_FromFormat
//     and java.util.Formatter.
//
// Parsers never fail and never panic: a malformed format degrades to literal
// text or a hole, and the problem is reported beside the template.
package template
