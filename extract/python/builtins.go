package python

import (
	"path"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// builtinExceptions are the exception classes of Python's builtins
// module, with the aliases and the Python 2 names older code raises.
var builtinExceptions = map[string]bool{
	"BaseException": true, "BaseExceptionGroup": true, "GeneratorExit": true, "KeyboardInterrupt": true,
	"SystemExit": true, "Exception": true, "ArithmeticError": true, "FloatingPointError": true,
	"OverflowError": true, "ZeroDivisionError": true, "AssertionError": true, "AttributeError": true,
	"BufferError": true, "EOFError": true, "ExceptionGroup": true, "ImportError": true,
	"ModuleNotFoundError": true, "LookupError": true, "IndexError": true, "KeyError": true,
	"MemoryError": true, "NameError": true, "UnboundLocalError": true, "OSError": true,
	"BlockingIOError": true, "ChildProcessError": true, "ConnectionError": true, "BrokenPipeError": true,
	"ConnectionAbortedError": true, "ConnectionRefusedError": true, "ConnectionResetError": true,
	"FileExistsError": true, "FileNotFoundError": true, "InterruptedError": true, "IsADirectoryError": true,
	"NotADirectoryError": true, "PermissionError": true, "ProcessLookupError": true, "TimeoutError": true,
	"ReferenceError": true, "RuntimeError": true, "NotImplementedError": true, "RecursionError": true,
	"StopAsyncIteration": true, "StopIteration": true, "SyntaxError": true, "IndentationError": true,
	"TabError": true, "SystemError": true, "TypeError": true, "ValueError": true, "UnicodeError": true,
	"UnicodeDecodeError": true, "UnicodeEncodeError": true, "UnicodeTranslateError": true,
	"Warning": true, "BytesWarning": true, "DeprecationWarning": true, "EncodingWarning": true,
	"FutureWarning": true, "ImportWarning": true, "PendingDeprecationWarning": true,
	"ResourceWarning": true, "RuntimeWarning": true, "SyntaxWarning": true, "UnicodeWarning": true,
	"UserWarning": true, "EnvironmentError": true, "IOError": true, "WindowsError": true,
	"StandardError": true,
}

// osErrors are OSError and its subclasses, whose str() reads the errno,
// strerror and file name arguments.
var osErrors = map[string]bool{
	"OSError": true, "IOError": true, "EnvironmentError": true, "WindowsError": true,
	"BlockingIOError": true, "ChildProcessError": true, "ConnectionError": true, "BrokenPipeError": true,
	"ConnectionAbortedError": true, "ConnectionRefusedError": true, "ConnectionResetError": true,
	"FileExistsError": true, "FileNotFoundError": true, "InterruptedError": true, "IsADirectoryError": true,
	"NotADirectoryError": true, "PermissionError": true, "ProcessLookupError": true, "TimeoutError": true,
}

// syntaxErrors are SyntaxError and its subclasses, whose str() reads the
// message and the (filename, lineno, offset, text) details argument.
var syntaxErrors = map[string]bool{"SyntaxError": true, "IndentationError": true, "TabError": true}

// argVal is an argument of an exception constructor: its source, a type
// hint, and what str() and repr() of it print when known (several texts
// when the argument is a variable assigned in branches).
type argVal struct {
	expr string
	typ  errdex.HoleType
	str  []errdex.Template
	repr []errdex.Template
	// noneDefault marks a parameter's default None standing in for an
	// argument the call left out: code like "reason or 'unknown'" then
	// takes its other branch, so Link drops alternatives built from it.
	noneDefault bool
	// absent marks an item of a *args parameter past those the call
	// passes (args[1] of a one-argument raise): the code reading it runs
	// on a path the call does not take. Link treats it as noneDefault.
	absent bool
	// items and kwItems hold what a *args or **kwargs parameter collects,
	// when Link binds one (under the key "*args" or "**kwargs").
	items   []argVal
	kwItems map[string]argVal
	// elems are the items of a tuple or list display passed as the
	// argument, when they are known one by one.
	elems []argVal
	// class is the class the argument names, when it is a class name
	// (raise self.error(UnexpectedChar, c) for a factory that builds the
	// class it is passed).
	class *classArg
}

// classArg is a class named as an argument, with the file that names it,
// whose imports say which class it is.
type classArg struct {
	ref  nameRef
	file *facts
}

func argOf(v value) argVal {
	a := argVal{expr: v.expr, typ: v.typ}
	if v.kind != vUnknown {
		a.str, a.repr = v.strAlts(), v.reprAlts()
	}
	if v.container && len(v.seqs) == 1 {
		for _, item := range v.seqs[0] {
			a.elems = append(a.elems, argOf(item))
		}
	}
	return a
}

// strForm is what str() of the argument prints: its texts or a hole.
func (a argVal) strForm(typ errdex.HoleType) []errdex.Template {
	if a.str != nil {
		return a.str
	}
	if typ == "" || typ == errdex.HoleAny || typ == errdex.HoleStr {
		if a.typ != "" && a.typ != errdex.HoleAny {
			typ = a.typ
		}
	}
	if typ == "" {
		typ = errdex.HoleAny
	}
	return []errdex.Template{{Parts: []errdex.Part{template.PyHole(a.expr, typ)}}}
}

// reprForm is what repr() of the argument prints.
func (a argVal) reprForm() []errdex.Template {
	if a.repr != nil {
		return a.repr
	}
	return []errdex.Template{{Parts: []errdex.Part{template.PyHole(a.expr, reprType(a.typ))}}}
}

// reprType is the type of a hole showing repr() of a value of type t: a
// number's repr is the number, anything else is a repr.
func reprType(t errdex.HoleType) errdex.HoleType {
	switch t {
	case errdex.HoleInt, errdex.HoleFloat, errdex.HoleBool:
		return t
	}
	return errdex.HoleRepr
}

// pyArg renders the argument for a format operation.
func (a argVal) pyArg() template.PyArg {
	p := template.PyArg{Expr: a.expr, Type: a.typ}
	if len(a.str) == 1 && len(a.repr) == 1 {
		p.Str, p.Repr = &a.str[0], &a.repr[0]
	}
	return p
}

// isText reports whether the argument is known to be a text: a str
// hole, or a literal that is not a number.
func (a argVal) isText() bool {
	if a.typ == errdex.HoleStr || a.typ == errdex.HoleRepr {
		return true
	}
	for _, t := range a.str {
		s, ok := literalOnly(t)
		if _, err := strconv.ParseFloat(s, 64); !ok || err == nil {
			return false
		}
	}
	return len(a.str) > 0
}

// isNone reports whether the argument is the literal None.
func (a argVal) isNone() bool {
	if len(a.str) != 1 {
		return false
	}
	s, ok := literalOnly(a.str[0])
	return ok && s == "None" && a.expr == "None"
}

// callArgs are the arguments of a constructor call.
type callArgs struct {
	pos []argVal
	kw  map[string]argVal
	// spread is the source of a *args argument that hides which
	// positions are passed; "" when there is none. kwSpread is the same
	// for a **kwargs argument.
	spread, kwSpread string
}

// lits builds a one-part literal template.
func lits(s string) []errdex.Template {
	return []errdex.Template{errdex.NewTemplate(errdex.Lit(s))}
}

// seq concatenates pieces, each with alternatives.
func seq(pieces ...[]errdex.Template) []errdex.Template {
	out := []errdex.Template{{}}
	for _, p := range pieces {
		out = product(out, p, errdex.Template.Concat)
	}
	return out
}

// builtinMessage models what str() prints for an exception of a builtin
// class (named by its last dotted segment) built with args: nothing for no
// arguments, str(arg) for one, the tuple's repr for several, repr(key)
// for KeyError, and the special forms of OSError and the Unicode errors.
func builtinMessage(class string, args callArgs) []errdex.Template {
	if i := strings.LastIndexByte(class, '.'); i >= 0 {
		class = class[i+1:]
	}
	pos := args.pos
	if args.spread != "" {
		a := argVal{expr: args.spread, typ: errdex.HoleAny}
		return a.strForm("")
	}
	n := len(pos)
	switch {
	case n == 0:
		// Third-party classes often take the message by keyword.
		for _, k := range [...]string{"message", "msg"} {
			if a, ok := args.kw[k]; ok {
				return a.strForm("")
			}
		}
		return []errdex.Template{{}}
	case class == "KeyError" && n == 1:
		return pos[0].reprForm()
	case osErrors[class] && n >= 2 && n <= 5:
		// OSError_str in CPython's Objects/exceptions.c. A third
		// argument of BlockingIOError itself that is not known text is
		// the number of characters written, which it does not print.
		out := seq(lits("[Errno "), pos[0].strForm(errdex.HoleInt), lits("] "), pos[1].strForm(""))
		if n >= 3 && !pos[2].isNone() && (class != "BlockingIOError" || pos[2].isText()) {
			out = seq(out, lits(": "), pos[2].reprForm())
			if n == 5 && !pos[4].isNone() {
				out = seq(out, lits(" -> "), pos[4].reprForm())
			}
		}
		return out
	case syntaxErrors[class] && n == 2:
		// SyntaxError_str in CPython's Objects/exceptions.c: the message,
		// then the file's base name and the line number when known. A
		// details argument known only by name is most often a full tuple.
		details := pos[1].elems
		if len(details) < 2 {
			details = []argVal{{expr: pos[1].expr + "[0]", typ: errdex.HoleStr}, {expr: pos[1].expr + "[1]", typ: errdex.HoleInt}}
		}
		file, line := details[0], details[1]
		switch {
		case file.isNone() && line.isNone():
			return pos[0].strForm("")
		case file.isNone():
			return seq(pos[0].strForm(""), lits(" (line "), line.strForm(errdex.HoleInt), lits(")"))
		case line.isNone():
			return seq(pos[0].strForm(""), lits(" ("), file.baseName(), lits(")"))
		}
		return seq(pos[0].strForm(""), lits(" ("), file.baseName(), lits(", line "), line.strForm(errdex.HoleInt), lits(")"))
	case class == "UnicodeDecodeError" && n == 5:
		enc, start, end, reason := pos[0].strForm(""), pos[2].strForm(errdex.HoleInt), pos[3], pos[4].strForm("")
		byteHole := []errdex.Template{{Parts: []errdex.Part{template.PyHole(pos[1].expr+"["+pos[2].expr+"]", errdex.HoleStr)}}}
		one := seq(lits("'"), enc, lits("' codec can't decode byte 0x"), byteHole, lits(" in position "), start, lits(": "), reason)
		many := seq(lits("'"), enc, lits("' codec can't decode bytes in position "), start, lits("-"), lastIndex(end), lits(": "), reason)
		return append(one, many...)
	case class == "UnicodeEncodeError" && n == 5:
		enc, start, end, reason := pos[0].strForm(""), pos[2].strForm(errdex.HoleInt), pos[3], pos[4].strForm("")
		charHole := []errdex.Template{{Parts: []errdex.Part{template.PyHole(pos[1].expr+"["+pos[2].expr+"]", errdex.HoleStr)}}}
		one := seq(lits("'"), enc, lits("' codec can't encode character '\\"), charHole, lits("' in position "), start, lits(": "), reason)
		many := seq(lits("'"), enc, lits("' codec can't encode characters in position "), start, lits("-"), lastIndex(end), lits(": "), reason)
		return append(one, many...)
	case n == 1:
		return pos[0].strForm("")
	}
	// str(E(a, b)) is str of the args tuple: each item's repr.
	out := lits("(")
	for i, a := range pos {
		if i > 0 {
			out = seq(out, lits(", "))
		}
		out = seq(out, a.reprForm())
	}
	return seq(out, lits(")"))
}

// errnoClass returns the subclass OSError builds instead of itself for
// the errno of its first argument when that is a known number
// (OSError(errno.ENOENT, ...) is a FileNotFoundError); "" when the class
// is not OSError itself or the errno is not one mapped to a subclass.
func errnoClass(class string, args callArgs) string {
	switch class {
	case "OSError", "IOError", "EnvironmentError":
	default:
		return ""
	}
	if n := len(args.pos); n < 2 || n > 5 || len(args.pos[0].str) != 1 {
		return ""
	}
	s, ok := literalOnly(args.pos[0].str[0])
	if !ok {
		return ""
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return ""
	}
	return errnoClasses[n]
}

// baseName is what SyntaxError prints of a file name argument: its last
// path element.
func (a argVal) baseName() []errdex.Template {
	if a.str == nil {
		return []errdex.Template{{Parts: []errdex.Part{template.PyHole("os.path.basename("+a.expr+")", errdex.HoleStr)}}}
	}
	out := make([]errdex.Template, 0, len(a.str))
	for _, t := range a.str {
		if len(t.Holes()) == 0 {
			var lit strings.Builder
			for _, p := range t.Parts {
				lit.WriteString(p.Text)
			}
			if s := lit.String(); strings.Contains(s, "/") {
				t = errdex.NewTemplate(errdex.Lit(path.Base(s)))
			}
		}
		out = append(out, t)
	}
	return out
}

// lastIndex renders end-1 for the "position start-end" of Unicode errors.
func lastIndex(end argVal) []errdex.Template {
	expr := end.expr + " - 1"
	if !isSimpleExpr(end.expr) {
		expr = "(" + end.expr + ") - 1"
	}
	return []errdex.Template{{Parts: []errdex.Part{template.PyHole(expr, errdex.HoleInt)}}}
}

// isSimpleExpr reports whether an expression is a name or attribute chain.
func isSimpleExpr(s string) bool {
	for _, r := range s {
		if r != '.' && r != '_' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return s != ""
}
