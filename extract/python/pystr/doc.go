// Package pystr implements the parts of Python's str semantics that
// message extraction needs: decoding string literals (escapes, raw,
// bytes and f-string text, PEP 263 Latin-1 sources), the reprs Python
// prints for str, bytes, int and float values, and the text methods code
// applies to messages (textwrap.dedent, inspect.cleandoc, str.strip).
//
// Functions that transform text take errdex Templates: literal parts are
// transformed as Python would, holes are kept where they are. The package
// is pure and never fails: text Python would reject is kept as written.
package pystr
