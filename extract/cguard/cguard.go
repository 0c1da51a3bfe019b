// Package cguard derives the guards of a site, the conditions that hold
// whenever control reaches it, from the syntax tree of a language with
// C-like statements: JavaScript and TypeScript, Java, C and C++, Rust
// (one Grammar each). It is purely syntactic, as the Python and Go
// extractors' guards are: an enclosing if gives its condition (negated in
// its else branch, and the conditions of the earlier branches negated in
// an else-if), and an earlier statement of an enclosing block that leaves
// when its condition holds (if (!ok) return x; if (n < 0) throw e;) gives
// that condition negated.
package cguard

import (
	"github.com/errdex/errdex/codetext"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// Grammar names the node kinds of one language that the walk reads.
type Grammar struct {
	// If is the kind of an if statement, whose fields are condition,
	// consequence and alternative; Else is the kind of the alternative's
	// wrapper ("else_clause"), "" when the alternative is the statement
	// itself.
	If, Else string
	// Functions are the kinds that end the walk: a guard outside the
	// function holds when it is defined, not when it runs.
	Functions map[string]bool
	// Exits are the statements that leave the block: return, throw,
	// break, continue.
	Exits map[string]bool
	// Parens are the kinds that wrap a condition in parentheses.
	Parens map[string]bool
}

// JavaScript is the grammar of JavaScript, TypeScript and TSX.
var JavaScript = &Grammar{
	If: "if_statement", Else: "else_clause",
	Functions: map[string]bool{"function_declaration": true, "function_expression": true, "function": true, "arrow_function": true,
		"method_definition": true, "generator_function_declaration": true, "generator_function": true, "class_body": true, "program": true},
	Exits:  map[string]bool{"return_statement": true, "throw_statement": true, "break_statement": true, "continue_statement": true},
	Parens: map[string]bool{"parenthesized_expression": true},
}

// Java is the grammar of Java, whose if statement holds its alternative
// without a wrapper.
var Java = &Grammar{
	If: "if_statement",
	Functions: map[string]bool{"method_declaration": true, "constructor_declaration": true, "compact_constructor_declaration": true,
		"lambda_expression": true, "class_body": true, "static_initializer": true, "program": true},
	Exits:  map[string]bool{"return_statement": true, "throw_statement": true, "break_statement": true, "continue_statement": true},
	Parens: map[string]bool{"parenthesized_expression": true},
}

// C is the grammar of C and C++ (whose conditions are condition_clause
// nodes).
var C = &Grammar{
	If: "if_statement", Else: "else_clause",
	Functions: map[string]bool{"function_definition": true, "lambda_expression": true, "translation_unit": true},
	Exits: map[string]bool{"return_statement": true, "throw_statement": true, "break_statement": true, "continue_statement": true,
		"goto_statement": true},
	Parens: map[string]bool{"parenthesized_expression": true, "condition_clause": true},
}

// Rust is the grammar of Rust, whose if is an expression and whose exits
// are expressions of expression statements.
var Rust = &Grammar{
	If: "if_expression", Else: "else_clause",
	Functions: map[string]bool{"function_item": true, "closure_expression": true, "source_file": true},
	Exits:     map[string]bool{"return_expression": true, "break_expression": true, "continue_expression": true, "macro_invocation": true},
	Parens:    map[string]bool{"parenthesized_expression": true},
}

// MaxGuards bounds the guards of one site, the innermost kept.
const MaxGuards = 8

// maxCondition bounds a condition's text, in bytes.
const maxCondition = 200

// Guards returns the guards of the site at n, outermost first, at most
// MaxGuards.
func Guards(n syntax.Node, g *Grammar) []errdex.Guard { return guards(n, g, true) }

// Clauses returns the conditions under which the statement at n runs,
// relative to the body of its function: the guards of its enclosing if
// clauses, without the early exits before it (a statement after it in
// the same block runs under them too), as extract.Assign.Guards wants
// them. Nil when there are none.
func Clauses(n syntax.Node, g *Grammar) []errdex.Guard { return guards(n, g, false) }

// guards returns the guards of the node at n, with the early exits
// before it when exits is set.
func guards(n syntax.Node, g *Grammar, exits bool) []errdex.Guard {
	var out []errdex.Guard // innermost first while walking
	child := n
	for p := n.Parent(); !p.IsNull() && !g.Functions[p.Kind()]; child, p = p, p.Parent() {
		switch {
		case p.Kind() == g.If:
			out = append(out, g.IfGuards(p, child)...)
		case exits && isBlock(p):
			out = append(out, g.exitGuards(p, child)...)
		}
		if len(out) >= MaxGuards {
			break
		}
	}
	if len(out) > MaxGuards {
		out = out[:MaxGuards]
	}
	slices.Reverse(out)
	return out
}

// IfGuards returns the guards an if statement gives a node in its child
// child: its condition in the consequence, negated in the alternative
// (kind elif when the alternative is another if: an else-if chain), none
// in the condition itself. Extractors that say under which conditions
// an assignment runs (extract.Assign.Guards) read the enclosing ifs with
// it, as Guards does for a site.
func (g *Grammar) IfGuards(stmt, child syntax.Node) []errdex.Guard {
	cond := stmt.Child("condition")
	if cond.IsNull() || child.Index() == cond.Index() {
		return nil
	}
	if cons := stmt.Child("consequence"); !cons.IsNull() && child.Index() == cons.Index() {
		kind := "if"
		if g.isElseIf(stmt) {
			kind = "elif"
		}
		return []errdex.Guard{g.guard(cond, false, kind)}
	}
	// The alternative: the condition failed. Up the walk, an else-if's
	// owner gives its own condition failed too.
	kind := "else"
	if alt := child; alt.Kind() == g.Else && alt.NamedChildCount() == 1 && alt.NamedChild(0).Kind() == g.If || alt.Kind() == g.If {
		kind = "elif"
	}
	return []errdex.Guard{g.guard(cond, true, kind)}
}

// isElseIf reports whether stmt, an if statement, is the alternative of
// another.
func (g *Grammar) isElseIf(stmt syntax.Node) bool {
	return !g.elseOwner(stmt).IsNull()
}

// elseOwner returns the if statement whose alternative stmt is, or the
// null node.
func (g *Grammar) elseOwner(stmt syntax.Node) syntax.Node {
	p := stmt.Parent()
	if g.Else != "" {
		if p.Kind() != g.Else {
			return syntax.Node{}
		}
		p = p.Parent()
	}
	if p.Kind() != g.If || p.Child("alternative").IsNull() {
		return syntax.Node{}
	}
	return p
}

// exitGuards returns the guards the statements of block before child give
// it, innermost (last) first: an if without an alternative whose
// consequence always leaves the block holds its condition negated after
// it.
func (g *Grammar) exitGuards(block, child syntax.Node) []errdex.Guard {
	var out []errdex.Guard
	for prev := child.PrevNamedSibling(); !prev.IsNull() && len(out) < MaxGuards; prev = prev.PrevNamedSibling() {
		s := prev
		if s.Kind() == "expression_statement" && s.NamedChildCount() == 1 {
			s = s.NamedChild(0) // Rust's if is an expression
		}
		if s.Kind() != g.If || !s.Child("alternative").IsNull() || !g.Leaves(s.Child("consequence")) {
			continue
		}
		gd := g.guard(s.Child("condition"), true, "early-return")
		out = append(out, gd)
	}
	return out
}

// Leaves reports whether st, a statement or a block, always leaves its
// block: an exit, or a block whose last statement does.
func (g *Grammar) Leaves(st syntax.Node) bool {
	for isBlock(st) {
		last := syntax.Node{}
		for c := range st.NamedChildren() {
			if c.Kind() != "comment" {
				last = c
			}
		}
		st = last
	}
	if st.Kind() == "expression_statement" && st.NamedChildCount() == 1 {
		st = st.NamedChild(0) // Rust's return Err(e); and C's goto
	}
	return !st.IsNull() && g.Exits[st.Kind()] && (st.Kind() != "macro_invocation" || panics(st))
}

// panics reports whether a Rust macro invocation never returns: panic!,
// unreachable!, todo!, unimplemented!, bail!.
func panics(m syntax.Node) bool {
	switch m.Child("macro").Text() {
	case "panic", "unreachable", "todo", "unimplemented", "bail":
		return true
	}
	return false
}

// isBlock reports whether n is a block of statements.
func isBlock(n syntax.Node) bool {
	switch n.Kind() {
	case "statement_block", "block", "compound_statement":
		return true
	}
	return false
}

// guard builds the guard of condition node cond, negated when the site
// is where it failed.
func (g *Grammar) guard(cond syntax.Node, negated bool, kind string) errdex.Guard {
	for g.Parens[cond.Kind()] && cond.NamedChildCount() == 1 {
		cond = cond.NamedChild(0)
	}
	if cond.Kind() == "let_condition" || cond.Kind() == "let_chain" {
		// if let Some(x) = y: a pattern, not a condition to negate.
		src := oneLine(cond.Text())
		return errdex.Guard{Condition: src, Source: src, Negated: negated, Kind: kind, Line: cond.Line(), Names: names(cond)}
	}
	src := oneLine(cond.Text())
	gd := errdex.Guard{Condition: src, Source: src, Negated: negated, Kind: kind, Line: cond.Line(), Names: names(cond)}
	if negated {
		gd.Condition = Negate(src)
	}
	return gd
}

// Negate returns the negation of a C-like condition's text: x for !x
// when x is one operand, !x for an operand x, a comparison with its
// operator negated (typeof x !== 'string' gives typeof x === 'string'),
// else !(cond).
func Negate(cond string) string {
	if rest, ok := strings.CutPrefix(cond, "!"); ok && !strings.HasPrefix(rest, "=") && codetext.Operand(rest) {
		if strings.HasPrefix(rest, "(") && codetext.Closing(rest, 0) == len(rest)-1 {
			rest = strings.TrimSpace(rest[1 : len(rest)-1])
		}
		return rest
	}
	if codetext.Operand(cond) {
		return "!" + cond
	}
	if i, op := codetext.Comparison(cond); i >= 0 && negatedOps[op] != "" {
		return cond[:i] + negatedOps[op] + cond[i+len(op):]
	}
	return "!(" + cond + ")"
}

// negatedOps maps a comparison operator to the one that holds when it
// fails.
var negatedOps = map[string]string{"===": "!==", "!==": "===", "==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

// names returns the identifiers and member chains a condition reads, at
// most eight, in order.
func names(cond syntax.Node) []string {
	var out []string
	var walk func(n syntax.Node)
	walk = func(n syntax.Node) {
		if len(out) >= 8 {
			return
		}
		switch n.Kind() {
		case "identifier", "member_expression", "field_expression", "field_access", "this":
			if t := oneLine(n.Text()); !slices.Contains(out, t) && len(t) <= 80 {
				out = append(out, t)
			}
			return
		case "call_expression":
			walk(n.Child("arguments")) // not the function's name
			return
		case "string", "template_string", "number":
			return
		}
		for c := range n.NamedChildren() {
			walk(c)
		}
	}
	walk(cond)
	return out
}

// oneLine collapses a condition's white space and clips it.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxCondition {
		cut := maxCondition
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
