package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// decl is a variable's declaration: the declaration statement, and the
// declarator's initial value (null when there is none).
type decl struct {
	stmt  syntax.Node
	value syntax.Node
	// stringy is set for a declaration without a value whose type holds
	// text that starts empty: a std::string, a stream, a char array.
	stringy bool
}

// record indexes a declaration statement's variables.
func (x *file) recordDecl(n syntax.Node) {
	stringy := strings.Contains(strings.ToLower(n.Child("type").Text()), "str")
	for d := range n.ChildrenByField("declarator") {
		var value syntax.Node
		if d.Kind() == "init_declarator" {
			value = d.Child("value")
			d = d.Child("declarator")
		}
		array := false
		for d.Is("pointer_declarator", "array_declarator", "reference_declarator") {
			array = array || d.Kind() == "array_declarator"
			if d.Kind() == "reference_declarator" {
				d = d.NamedChild(0)
				continue
			}
			d = d.Child("declarator")
		}
		if d.Kind() != "identifier" {
			continue
		}
		isChar := strings.Contains(n.Child("type").Text(), "char")
		x.decls[d.Text()] = append(x.decls[d.Text()], decl{stmt: n, value: value, stringy: stringy || array && isChar})
	}
}

// appendFuncs append their second argument to the buffer in their first;
// printfInto format into it (the format's index after the buffer).
var (
	appendFuncs = map[string]bool{"strcat": true, "strncat": true, "strlcat": true, "g_strlcat": true}
	copyFuncs   = map[string]bool{"strcpy": true, "strncpy": true, "strlcpy": true, "g_strlcpy": true}
	printfInto  = map[string]int{"sprintf": 1, "snprintf": 2, "PyOS_snprintf": 2, "g_snprintf": 2, "_snprintf": 2, "sprintf_s": 2,
		"snprintf_s": 3, "absl::StrAppendFormat": 1}
)

// recordAssign indexes the expressions that may change a variable:
// assignments, x.append(..), snprintf(x, ..), strcat(x, ..) and x << ...
// statements.
func (x *file) recordAssign(n syntax.Node) {
	switch n.Kind() {
	case "assignment_expression":
		if l := n.Child("left"); l.Kind() == "identifier" {
			x.assigns[l.Text()] = append(x.assigns[l.Text()], n)
		}
	case "call_expression":
		fn := n.Child("function")
		if fn.Kind() == "field_expression" {
			if recv := fn.Child("argument"); recv.Kind() == "identifier" && fn.Child("field").Text() == "append" {
				x.assigns[recv.Text()] = append(x.assigns[recv.Text()], n)
			}
			return
		}
		name := msgeval.Compact(fn.Text())
		if _, ok := printfInto[name]; ok || appendFuncs[name] || copyFuncs[name] || name == "absl::StrAppend" {
			if args := arguments(n.Child("arguments")); len(args) > 0 && args[0].Kind() == "identifier" {
				x.assigns[args[0].Text()] = append(x.assigns[args[0].Text()], n)
			}
		}
	case "binary_expression":
		if n.Parent().Kind() != "expression_statement" || n.Child("operator").Text() != "<<" {
			return
		}
		if base, _ := streamOperands(n); base.Kind() == "identifier" {
			x.assigns[base.Text()] = append(x.assigns[base.Text()], n)
		}
	}
}

// streamOperands splits a << chain into its base and the operands
// streamed into it, in order.
func streamOperands(top syntax.Node) (syntax.Node, []syntax.Node) {
	var rev []syntax.Node
	n := top
	for n.Kind() == "binary_expression" && n.Child("operator").Text() == "<<" {
		rev = append(rev, n.Child("right"))
		n = n.Child("left")
	}
	ops := make([]syntax.Node, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return n, ops
}

// streamValue concatenates values streamed with <<; std::endl is a
// newline.
func (x *file) streamValue(ops []syntax.Node, depth int) msgeval.Value {
	v := msgeval.Of(errdex.Template{})
	for _, o := range ops {
		switch msgeval.Compact(o.Text()) {
		case "std::endl", "endl":
			v = rules.Concat(v, msgeval.Lit("\n"))
		case "std::flush", "flush", "std::ends":
		default:
			v = rules.Concat(v, x.eval(o, depth+1))
		}
	}
	v.Text = true
	return v
}

// resolve evaluates the variable name as seen at node at: the declaration
// in scope there with the assignments that follow it, or a string #define
// of the file. It reports false when the variable is not found or its
// value is not text.
func (x *file) resolve(name string, at syntax.Node, depth int) (msgeval.Value, bool) {
	d, ok := x.declInScope(name, at)
	if !ok {
		if s, ok := x.defines[name]; ok {
			return msgeval.Lit(s), true
		}
		return msgeval.Value{}, false
	}
	v := msgeval.Value{Text: true} // no value yet
	switch {
	case !d.value.IsNull() && !isNull(d.value):
		v = x.eval(d.value, depth+1)
	case d.value.IsNull() && d.stringy:
		v = msgeval.Of(errdex.Template{})
	}
	return rules.Fold(v, d.stmt, at, x.assigns[name], func(a syntax.Node) (msgeval.Value, bool) { return x.assigned(a, depth) }, enclosingBlock)
}

// isNull reports whether an initial value is a null pointer.
func isNull(n syntax.Node) bool {
	switch msgeval.Compact(n.Text()) {
	case "NULL", "nullptr", "0", "{}", "{0}":
		return true
	}
	return false
}

// assigned evaluates an indexed assignment, reporting whether it appends
// rather than replaces.
func (x *file) assigned(a syntax.Node, depth int) (msgeval.Value, bool) {
	switch a.Kind() {
	case "assignment_expression":
		return x.eval(a.Child("right"), depth+1), a.Child("operator").Text() == "+="
	case "binary_expression":
		_, ops := streamOperands(a)
		return x.streamValue(ops, depth), true
	case "call_expression":
		args := arguments(a.Child("arguments"))
		fn := a.Child("function")
		if fn.Kind() == "field_expression" { // s.append(x)
			if len(args) == 1 {
				return x.eval(args[0], depth+1), true
			}
			return rules.Unknown(a.Text(), errdex.HoleAny), true
		}
		name := msgeval.Compact(fn.Text())
		switch {
		case appendFuncs[name] && len(args) >= 2:
			return x.eval(args[1], depth+1), true
		case copyFuncs[name] && len(args) >= 2:
			return x.eval(args[1], depth+1), false
		case name == "absl::StrAppend":
			return x.concatAll(args[1:], depth), true
		}
		if i, ok := printfInto[name]; ok && len(args) > i {
			if v, ok := x.printf(template.PrintfC, args[i:], a, depth); ok {
				return v, name == "absl::StrAppendFormat"
			}
		}
	}
	return rules.Unknown(a.Text(), errdex.HoleAny), false
}

// declInScope returns the innermost declaration of name whose scope holds
// at and which ends before it.
func (x *file) declInScope(name string, at syntax.Node) (decl, bool) {
	var best decl
	found := false
	for _, d := range x.decls[name] {
		if d.stmt.EndByte() <= at.StartByte() && d.stmt.Parent().Contains(at) && (!found || d.stmt.StartByte() > best.stmt.StartByte()) {
			best, found = d, true
		}
	}
	if found && x.shadowed(name, at, best.stmt.Parent()) {
		return decl{}, false
	}
	return best, found
}

// shadowed reports whether a binding between scope and at hides the
// declaration: a parameter of a function, a lambda or a catch clause, or
// a loop variable.
func (x *file) shadowed(name string, at, scope syntax.Node) bool {
	for a := range at.Ancestors() {
		if a == scope {
			return false
		}
		var binding syntax.Node
		switch a.Kind() {
		case "function_definition", "lambda_expression", "for_range_loop":
			binding = a.Child("declarator")
		case "for_statement":
			binding = a.Child("initializer")
		case "catch_clause":
			binding = a.Child("parameters")
		}
		if binding.IsNull() {
			continue
		}
		for d := range binding.Descendants() {
			if d.Kind() == "identifier" && d.Text() == name {
				return true
			}
		}
	}
	return false
}

// enclosingBlock is the nearest block around n: a compound statement, or
// the statement a branch or loop runs without braces (if (a) msg = "x";
// else msg = "y";), whose assignment is on one path only.
func enclosingBlock(n syntax.Node) syntax.Node {
	for a := range n.Ancestors() {
		if a.Is("compound_statement", "translation_unit", "declaration_list") {
			return a
		}
		if strings.HasSuffix(a.Kind(), "_statement") && a.Parent().Is(branchKinds...) {
			return a
		}
	}
	return syntax.Node{}
}

// branchKinds are the statements whose body or branches run on some
// paths only.
var branchKinds = []string{"if_statement", "else_clause", "while_statement", "for_statement", "for_range_loop", "do_statement", "case_statement"}

// defineValue decodes the value of a #define that is a string (adjacent
// literals, parentheses allowed) or a decimal integer.
func defineValue(text string) (string, bool) {
	s := strings.TrimSpace(text)
	for strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if isInteger(s) {
		return strings.TrimRight(s, "uUlL"), true
	}
	var b strings.Builder
	for s != "" {
		if s[0] != '"' {
			return "", false
		}
		end := skipQuoted(s, 0)
		lit, ok := decodeString(s[:end+1])
		if !ok {
			return "", false
		}
		b.WriteString(lit)
		s = strings.TrimSpace(s[end+1:])
	}
	return b.String(), b.Len() > 0
}
