package cpp

import (
	"strings"

	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// A function-like macro may set an error with a message of its own:
// CPython's
//
//	#define CHECK_CLOSED(self) if (...) { PyErr_SetString(PyExc_ValueError, "I/O operation on closed file."); return NULL; }
//	#define GET_BUFFER_VIEW_OR_ERROUT(obj, view) do { if (PyUnicode_Check((obj))) { PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing"); return NULL; } ... } while (0)
//
// The grammar keeps a macro's body as text, so the calls of rules in it
// are read from the text: a call whose exception is named (a PyExc_ name
// or the rule's) and whose message, or format, is string literals is a
// site at its line in the macro's definition, in the macro as its
// function. Its arguments are the macro's text, not evaluated: a format's
// conversions are holes named for them.

// macroSites adds the sites of the rule calls in the body of the
// function-like macro definition n.
func (x *file) macroSites(n syntax.Node) {
	value := n.Child("value")
	body := value.Text()
	if !strings.Contains(body, `"`) {
		return
	}
	name := n.Child("name").Text()
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"' || c == '\'':
			i = skipQuoted(body, i)
			continue
		case !isIdentByte(c) || i > 0 && isIdentByte(body[i-1]):
			continue
		}
		j := i
		for j < len(body) && isIdentByte(body[j]) {
			j++
		}
		callee := body[i:j]
		open := j
		for open < len(body) && (body[open] == ' ' || body[open] == '\t') {
			open++
		}
		r := x.rules.match(callee)
		if r == nil || open >= len(body) || body[open] != '(' {
			i = j - 1
			continue
		}
		end := closingAny(body, open)
		if end < 0 {
			return
		}
		args := splitArgs(strings.ReplaceAll(body[open+1:end], "\\\n", " "))
		if exc, msg, ok := macroRuleMessage(r, args); ok {
			v := x.fill(r.Template, r, n, nil, &msg)
			s := x.add(r.Kind, exc, n, v)
			s.Function = name
			s.Location.Span.Line = value.Line() + strings.Count(body[:i], "\n")
			s.Location.Span.EndLine = s.Location.Span.Line + strings.Count(body[i:end], "\n")
		}
		i = end
	}
}

// macroRuleMessage reads the exception and the message of a call of rule
// r in a macro's body from its arguments' text (see macroSites).
func macroRuleMessage(r *config.Rule, args []string) (string, msgeval.Value, bool) {
	exc := r.Exception
	if r.ExceptionArg >= 0 {
		if r.ExceptionArg >= len(args) || !strings.HasPrefix(args[r.ExceptionArg], "PyExc_") || !isIdent(args[r.ExceptionArg]) {
			return "", msgeval.Value{}, false
		}
		exc = exceptionNameOf(args[r.ExceptionArg])
	}
	if exc == "" {
		return "", msgeval.Value{}, false
	}
	from, to := r.MessageArgs.Args(len(args))
	if from >= to {
		return "", msgeval.Value{}, false
	}
	text, ok := literalsText(args[from])
	if !ok {
		return "", msgeval.Value{}, false
	}
	switch r.Format {
	case config.FormatConcat:
		if to-from != 1 {
			return "", msgeval.Value{}, false
		}
		return exc, msgeval.Lit(text), true
	case config.FormatPrintf, config.FormatCPython:
		d := template.PrintfC
		if r.Format == config.FormatCPython {
			d = template.PrintfCPython
		}
		exprs := make([]string, 0, to-from-1)
		for _, a := range args[from+1 : to] {
			exprs = append(exprs, rules.Expr(a))
		}
		res := template.Printf{Dialect: d}.Parse(text, exprs)
		return exc, msgeval.Of(res.Template), true
	}
	return "", msgeval.Value{}, false
}

// literalsText decodes s when it is string literals side by side ("a"
// "b"), and reports false otherwise.
func literalsText(s string) (string, bool) {
	var b strings.Builder
	s = strings.TrimSpace(s)
	if s == "" {
		return "", false
	}
	for s != "" {
		if s[0] != '"' {
			return "", false
		}
		end := skipQuoted(s, 0)
		if end <= 0 || s[end] != '"' {
			return "", false
		}
		t, ok := decodeString(s[:end+1])
		if !ok {
			return "", false
		}
		b.WriteString(t)
		s = strings.TrimSpace(s[end+1:])
	}
	return b.String(), true
}
