package python

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// This file says under which conditions an assignment runs
// (extract.Assign.Guards, Exit, Cover), for the analyses that ask which
// assignments of a variable reach a site.

// conditionOf sets the guards, the exit and the cover of the assignment a
// made by statement stmt (an assignment, augmented assignment or named
// expression).
func conditionOf(a *extract.Assign, stmt syntax.Node) {
	a.Guards = assignGuards(stmt)
	a.Exit = blockExit(stmt)
	a.Cover = cover(a.Target, stmt)
}

// assignGuards returns the guards of the compound statements enclosing
// stmt up to its function: those guardsOf finds without the early exits,
// which say why a raise is reached, not whether an assignment runs (an
// except guard is then one of a handler that holds stmt).
func assignGuards(stmt syntax.Node) []errdex.Guard {
	return guardsOf(stmt, false)
}

// statementOf is the statement holding node n: n itself, or the
// expression statement around an assignment. It is null when n is not
// directly a statement of a block (a named expression in a condition).
func statementOf(n syntax.Node) syntax.Node {
	for p := n.Parent(); !p.IsNull(); n, p = p, p.Parent() {
		switch p.Kind() {
		case "block", "module":
			return n
		case "expression_statement", "assignment":
			continue
		}
		return syntax.Node{}
	}
	return syntax.Node{}
}

// blockExit returns the line of the return or raise that ends the
// innermost block holding stmt, or 0 (also when that block is the body
// of the function).
func blockExit(stmt syntax.Node) int {
	for n := stmt; !n.IsNull(); n = n.Parent() {
		switch n.Kind() {
		case "function_definition", "class_definition", "lambda", "decorated_definition", "module":
			return 0
		case "block":
			if n.Parent().Kind() == "function_definition" {
				return 0 // the function's own return bounds nothing
			}
			last := lastStatement(n)
			if k := last.Kind(); k == "return_statement" || k == "raise_statement" {
				return last.Line()
			}
			return 0
		}
	}
	return 0
}

// cover returns the line of the if statement whose clause stmt is a
// top-level statement of, when the statement has an else clause and each
// of its clauses assigns target at its top level; else 0.
func cover(target string, stmt syntax.Node) int {
	st := statementOf(stmt)
	if st.IsNull() {
		return 0
	}
	block := st.Parent()
	if block.Kind() != "block" {
		return 0
	}
	clause := block.Parent()
	ifStmt := clause
	switch clause.Kind() {
	case "if_statement":
		if block.FieldName() != "consequence" {
			return 0
		}
	case "elif_clause", "else_clause":
		ifStmt = clause.Parent()
		if ifStmt.Kind() != "if_statement" {
			return 0
		}
	default:
		return 0
	}
	hasElse := false
	if !assignsAtTop(ifStmt.Child("consequence"), target) {
		return 0
	}
	for alt := range ifStmt.ChildrenByField("alternative") {
		var body syntax.Node
		switch alt.Kind() {
		case "elif_clause":
			body = alt.Child("consequence")
		case "else_clause":
			body, hasElse = alt.Child("body"), true
		default:
			return 0
		}
		if !assignsAtTop(body, target) {
			return 0
		}
	}
	if !hasElse {
		return 0
	}
	return ifStmt.Line()
}

// assignsAtTop reports whether a statement of block (not nested in
// another) assigns target with "=".
func assignsAtTop(block syntax.Node, target string) bool {
	if block.IsNull() {
		return false
	}
	for s := range block.NamedChildren() {
		if s.Kind() != "expression_statement" {
			continue
		}
		for e := range s.NamedChildren() {
			for e.Kind() == "assignment" {
				if l := e.Child("left"); (l.Kind() == "identifier" || l.Kind() == "attribute") && compactName(l.Text()) == target {
					return true
				}
				e = e.Child("right")
			}
		}
	}
	return false
}
