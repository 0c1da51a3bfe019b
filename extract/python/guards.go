package python

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// This file derives a site's guards: the conditions that hold whenever
// control reaches its raise or assert, read from the syntax around the
// statement up to the enclosing function. It is purely syntactic: a
// condition is reported as the code checks it, at the line that checks it.
//
//   - if/elif/else: the branch's own condition, and the negation of every
//     earlier condition of the chain. A condition "a and b" that holds
//     gives two guards, as does a negated "a or b".
//   - while: the loop condition; for: "target in iterable".
//   - early exits: an if statement before the raise, in the same block or
//     an enclosing one, whose body ends in return, continue or break (and
//     that has no elif or else) gives its negated condition; kind
//     early-return, or continue for continue and break. An earlier if that
//     raises another error is not a guard: the two errors are alternatives,
//     and avoiding one by triggering the other is no fix.
//   - except: the raise sits in a handler; Caught names the type.
//   - match: a case with a literal pattern gives "subject == literal".
//   - assert: the negated assertion.
//
// Guards are in source order (outermost first), at most maxGuards, the
// ones nearest the raise kept.

const (
	maxGuards     = 10
	maxEarlyExits = 3 // per block
	maxGuardNames = 8
)

// guardsOf returns the guards of the raise or assert statement stmt.
func guardsOf(stmt syntax.Node) []errdex.Guard {
	g := &guardSet{}
	if stmt.Kind() == "assert_statement" {
		// assert False, "..." marks a branch that should not run: its
		// condition says nothing.
		if c := stmt.NamedChild(0); !c.IsNull() && c.Kind() != "comment" && !isConstantFalse(c) {
			g.cond(c, true, syntax.Node{}, "assert", true)
		}
	}
	child := stmt
	for a := stmt.Parent(); !a.IsNull(); child, a = a, a.Parent() {
		switch a.Kind() {
		case "function_definition", "class_definition", "lambda", "decorated_definition":
			return g.done()
		case "block", "module":
			g.earlyExits(child)
		case "if_statement":
			if child.FieldName() == "consequence" {
				g.cond(a.Child("condition"), false, syntax.Node{}, "if", false)
			}
		case "elif_clause":
			if child.FieldName() == "consequence" {
				g.earlier(a.Parent(), a, "elif")
				g.cond(a.Child("condition"), false, syntax.Node{}, "elif", false)
			}
		case "else_clause":
			if p := a.Parent(); p.Kind() == "if_statement" {
				g.earlier(p, a, "else")
			}
		case "while_statement":
			if child.FieldName() == "body" {
				if c := a.Child("condition"); !isConstantTrue(c) {
					g.cond(c, false, syntax.Node{}, "while", false)
				}
			}
		case "for_statement":
			if child.FieldName() == "body" {
				g.forLoop(a)
			}
		case "except_clause", "except_group_clause":
			g.except(a)
		case "case_clause":
			g.caseClause(a)
		}
	}
	return g.done()
}

type guardSet struct {
	guards []errdex.Guard
}

func (g *guardSet) done() []errdex.Guard {
	slices.SortStableFunc(g.guards, func(a, b errdex.Guard) int { return a.Line - b.Line })
	if len(g.guards) > maxGuards {
		g.guards = g.guards[len(g.guards)-maxGuards:]
	}
	return g.guards
}

// earlier adds the negated conditions of the clauses of an if statement
// that come before clause (an elif or else clause).
func (g *guardSet) earlier(ifStmt, clause syntax.Node, kind string) {
	g.cond(ifStmt.Child("condition"), true, syntax.Node{}, kind, true)
	for alt := range ifStmt.ChildrenByField("alternative") {
		if alt.Index() == clause.Index() {
			break
		}
		if alt.Kind() == "elif_clause" {
			g.cond(alt.Child("condition"), true, syntax.Node{}, kind, true)
		}
	}
}

// earlyExits adds the negated conditions of the if statements before
// child in its block whose body always leaves the block.
func (g *guardSet) earlyExits(child syntax.Node) {
	n := 0
	for s := child.PrevNamedSibling(); !s.IsNull() && n < maxEarlyExits; s = s.PrevNamedSibling() {
		if s.Kind() != "if_statement" || s.HasError() {
			continue
		}
		if !s.Child("alternative").IsNull() {
			continue
		}
		exit := lastStatement(s.Child("consequence"))
		kind := ""
		switch exit.Kind() {
		case "return_statement":
			kind = "early-return"
		case "continue_statement", "break_statement":
			kind = "continue"
		default:
			continue
		}
		g.cond(s.Child("condition"), true, syntax.Node{}, kind, true)
		n++
	}
}

// lastStatement is the last statement of a block, comments aside.
func lastStatement(block syntax.Node) syntax.Node {
	var last syntax.Node
	for c := range block.NamedChildren() {
		if c.Kind() != "comment" {
			last = c
		}
	}
	return last
}

func (g *guardSet) forLoop(loop syntax.Node) {
	left, right := loop.Child("left"), loop.Child("right")
	if left.IsNull() || right.IsNull() {
		return
	}
	text := oneLine(left.Text()) + " in " + oneLine(right.Text())
	g.add(errdex.Guard{Condition: text, Source: text, Kind: "for", Line: loop.Line(), Names: chainNames(right, maxGuardNames)})
}

func (g *guardSet) except(clause syntax.Node) {
	v := clause.NamedChild(0)
	if v.Kind() == "block" || v.Kind() == "comment" {
		v = syntax.Node{}
	}
	if v.Kind() == "as_pattern" {
		v = v.NamedChild(0)
	}
	caught := ""
	if !v.IsNull() {
		if v.Kind() == "tuple" || v.Kind() == "parenthesized_expression" {
			var names []string
			for t := range v.NamedChildren() {
				if t.Kind() != "comment" {
					names = append(names, compactName(t.Text()))
				}
			}
			caught = strings.Join(names, ", ")
		} else {
			caught = compactName(v.Text())
		}
	}
	keyword := "except"
	if clause.Kind() == "except_group_clause" {
		keyword = "except*"
	}
	cond := keyword
	if !v.IsNull() {
		cond += " " + oneLine(v.Text())
	}
	g.add(errdex.Guard{Condition: cond, Source: cond, Kind: "except", Line: clause.Line(), Caught: caught})
}

func (g *guardSet) caseClause(c syntax.Node) {
	match := c.Parent().Parent()
	if match.Kind() != "match_statement" {
		return
	}
	subject := match.Child("subject")
	pat := c.NamedChild(0)
	if pat.Kind() != "case_pattern" || subject.IsNull() {
		return
	}
	lit := pat.NamedChild(0)
	if pat.NamedChildCount() == 1 && isConstant(lit) {
		s, v := oneLine(subject.Text()), oneLine(lit.Text())
		cond := s + " == " + v
		gd := errdex.Guard{Condition: cond, Source: "case " + oneLine(pat.Text()), Kind: "match", Line: c.Line(),
			Names: chainNames(subject, maxGuardNames)}
		if isChain(subject) {
			gd.Subject, gd.Op, gd.Value = s, "==", v
		}
		g.add(gd)
	} else if t := oneLine(pat.Text()); t != "_" {
		g.add(errdex.Guard{Condition: "match " + oneLine(subject.Text()) + ": case " + t, Source: "case " + t,
			Kind: "match", Line: c.Line(), Names: chainNames(subject, maxGuardNames)})
	}
	if gc := c.Child("guard"); !gc.IsNull() {
		if e := gc.NamedChild(0); !e.IsNull() {
			g.cond(e, false, syntax.Node{}, "if", false)
		}
	}
}

func (g *guardSet) add(gd errdex.Guard) { g.guards = append(g.guards, gd) }

// cond adds the guards for condition n holding (neg false) or failing
// (neg true). It splits conjunctions that hold and disjunctions that fail
// into their parts, and goes through "not" and parentheses. written is
// the outermost node the current part was reached through, for Source;
// negated says whether the construct negates what the code wrote.
func (g *guardSet) cond(n syntax.Node, neg bool, written syntax.Node, kind string, negated bool) {
	if n.IsNull() || n.HasError() {
		return
	}
	if written.IsNull() {
		written = n
	}
	m := unparen(n)
	switch m.Kind() {
	case "not_operator":
		g.cond(m.Child("argument"), !neg, written, kind, negated)
		return
	case "boolean_operator":
		op := m.Child("operator").Kind()
		if op == "and" && !neg || op == "or" && neg {
			g.cond(m.Child("left"), neg, syntax.Node{}, kind, negated)
			g.cond(m.Child("right"), neg, syntax.Node{}, kind, negated)
			return
		}
	}
	gd := errdex.Guard{Source: oneLine(written.Text()), Negated: negated, Kind: kind, Line: m.Line()}
	gd.Condition = render(m, neg)
	gd.Subject, gd.Op, gd.Value = structure(m, neg)
	gd.Names = chainNames(m, maxGuardNames)
	g.add(gd)
}

// unparen strips parentheses.
func unparen(n syntax.Node) syntax.Node {
	for n.Kind() == "parenthesized_expression" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	return n
}

// negatedOps maps a comparison operator to its negation.
var negatedOps = map[string]string{
	"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">",
	"is": "is not", "is not": "is", "in": "not in", "not in": "in",
}

// mirroredOps maps an operator to the one that holds with its operands
// swapped (0 < x is x > 0).
var mirroredOps = map[string]string{
	"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<=", "is": "is", "is not": "is not",
}

// comparison splits a comparison of two operands; ok is false for chained
// comparisons and other expressions.
func comparison(m syntax.Node) (left syntax.Node, op string, right syntax.Node, ok bool) {
	if m.Kind() != "comparison_operator" {
		return
	}
	var operands []syntax.Node
	for c := m.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		switch {
		case c.FieldName() == "operators":
			if op != "" {
				return syntax.Node{}, "", syntax.Node{}, false
			}
			op = strings.Join(strings.Fields(c.Text()), " ")
		case c.IsNamed() && c.Kind() != "comment":
			operands = append(operands, c)
		}
	}
	if len(operands) != 2 || op == "" {
		return syntax.Node{}, "", syntax.Node{}, false
	}
	return operands[0], op, operands[1], true
}

// render writes the condition m (negated when neg) as source text.
func render(m syntax.Node, neg bool) string {
	text := oneLine(m.Text())
	if !neg {
		return text
	}
	if l, op, r, ok := comparison(m); ok {
		if nop, ok := negatedOps[op]; ok {
			return oneLine(l.Text()) + " " + nop + " " + oneLine(r.Text())
		}
	}
	switch m.Kind() {
	case "identifier", "attribute", "call", "subscript", "true", "false", "none", "integer", "string":
		return "not " + text
	}
	return "not (" + text + ")"
}

// structure gives the condition's structured form when it compares one
// variable (a name, an attribute chain, or len of one) with a constant, is
// the truth of a variable or of a call of one without arguments, or an
// isinstance test of one.
func structure(m syntax.Node, neg bool) (subject, op, value string) {
	if l, o, r, ok := comparison(m); ok {
		if isConstant(l) && isSubject(r) {
			l, r = r, l
			if o = mirroredOps[o]; o == "" {
				return "", "", ""
			}
		}
		if !isSubject(l) || !isConstant(r) {
			return "", "", ""
		}
		if neg {
			o = negatedOps[o]
		}
		return oneLine(l.Text()), o, oneLine(r.Text())
	}
	switch {
	case isChain(m) || isNullaryCall(m):
		if neg {
			return oneLine(m.Text()), "falsy", ""
		}
		return oneLine(m.Text()), "truthy", ""
	case m.Kind() == "call" && m.Child("function").Text() == "isinstance":
		args := m.Child("arguments")
		if args.NamedChildCount() == 2 && isChain(args.NamedChild(0)) {
			op = "isinstance"
			if neg {
				op = "not isinstance"
			}
			return oneLine(args.NamedChild(0).Text()), op, oneLine(args.NamedChild(1).Text())
		}
	}
	return "", "", ""
}

// isChain reports whether n is a name or an attribute chain of names.
func isChain(n syntax.Node) bool {
	for n.Kind() == "attribute" {
		n = n.Child("object")
	}
	return n.Kind() == "identifier"
}

// isNullaryCall reports whether n calls a chain without arguments or
// with constant positional arguments only (envs.FLAG.get(),
// self.is_ready(), os.getenv("HOME")): a value the reader can name.
func isNullaryCall(n syntax.Node) bool {
	if n.Kind() != "call" || !isChain(n.Child("function")) || n.Child("arguments").Kind() != "argument_list" {
		return false
	}
	for a := range n.Child("arguments").NamedChildren() {
		if a.Kind() != "comment" && !isConstant(a) {
			return false
		}
	}
	return true
}

// isSubject reports whether n can be the subject of a structured
// condition: a chain, a call of one without arguments, or len(chain).
func isSubject(n syntax.Node) bool {
	if isChain(n) || isNullaryCall(n) {
		return true
	}
	if n.Kind() == "call" && n.Child("function").Text() == "len" {
		args := n.Child("arguments")
		return args.NamedChildCount() == 1 && isChain(args.NamedChild(0))
	}
	return false
}

// isConstant reports whether n is a literal: a number (signed), a string
// without interpolation, None, True, False, or a tuple, list or set of
// those.
func isConstant(n syntax.Node) bool {
	switch n.Kind() {
	case "integer", "float", "none", "true", "false":
		return true
	case "unary_operator":
		return isConstant(n.Child("argument"))
	case "string":
		for c := range n.NamedChildren() {
			if c.Kind() == "interpolation" {
				return false
			}
		}
		return true
	case "concatenated_string":
		for c := range n.NamedChildren() {
			if !isConstant(c) {
				return false
			}
		}
		return true
	case "tuple", "list", "set", "parenthesized_expression":
		for c := range n.NamedChildren() {
			if c.Kind() != "comment" && !isConstant(c) {
				return false
			}
		}
		return true
	}
	return false
}

func isConstantFalse(n syntax.Node) bool {
	n = unparen(n)
	return n.Kind() == "false" || n.Kind() == "none" || n.Kind() == "integer" && n.Text() == "0"
}

func isConstantTrue(n syntax.Node) bool {
	n = unparen(n)
	return n.Kind() == "true" || n.Kind() == "integer" && n.Text() != "0"
}

// oneLine collapses the runs of white space of a source text and cuts it
// at extract.MaxFactText bytes.
func oneLine(s string) string {
	truncated := false
	if len(s) > 4*extract.MaxFactText {
		// Collapse no more than can be kept.
		cut := 4 * extract.MaxFactText
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s, truncated = s[:cut], true
	}
	if strings.ContainsAny(s, "\n\r\t") || strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\\\n", " ")), " ")
	}
	s = cutText(s)
	if truncated && !strings.HasSuffix(s, "…") {
		s += "…"
	}
	return s
}

// builtinNames are builtins that conditions and values read but that are
// never the variables a reader wants traced.
var builtinNames = map[string]bool{
	"int": true, "float": true, "str": true, "bytes": true, "bool": true, "list": true, "dict": true,
	"tuple": true, "set": true, "frozenset": true, "type": true, "object": true, "len": true,
	"isinstance": true, "issubclass": true, "callable": true, "hasattr": true, "getattr": true,
	"print": true, "range": true, "super": true, "NotImplemented": true, "Ellipsis": true,
	"self": true, "cls": true,
}

// chainNames returns the names and attribute chains n reads, at most max,
// in order and without duplicates: maximal chains, the receiver of a
// method call but not the function of a plain call, and not the names a
// comprehension or lambda binds.
func chainNames(n syntax.Node, max int) []string {
	var names []string
	var bound map[string]bool
	add := func(s string) {
		if len(names) < 2*max && !builtinNames[s] && !slices.Contains(names, s) {
			names = append(names, s)
		}
	}
	visit := func(d syntax.Node) (skip bool) {
		switch d.Kind() {
		case "for_in_clause":
			if bound == nil {
				bound = map[string]bool{}
			}
			for id := range d.Child("left").Descendants() {
				if id.Kind() == "identifier" {
					bound[id.Text()] = true
				}
			}
			if l := d.Child("left"); l.Kind() == "identifier" {
				bound[l.Text()] = true
			}
		case "lambda":
			if bound == nil {
				bound = map[string]bool{}
			}
			for id := range d.Child("parameters").Descendants() {
				if id.Kind() == "identifier" {
					bound[id.Text()] = true
				}
			}
		case "keyword_argument":
			return false // its name is not read; its value is visited
		case "identifier", "attribute":
			if !isChain(d) {
				return false
			}
			p := d.Parent()
			if p.Kind() == "keyword_argument" && d.FieldName() == "name" {
				return true
			}
			if d.FieldName() == "function" && p.Kind() == "call" {
				if d.Kind() == "attribute" && isChain(d.Child("object")) {
					add(compactName(d.Child("object").Text()))
				}
				return true
			}
			add(compactName(d.Text()))
			return true
		}
		return false
	}
	if !visit(n) {
		t := n.Tree()
		for i, end := n.Index()+1, n.SkipSubtree(); i < end; {
			d := t.At(i)
			if visit(d) {
				i = d.SkipSubtree()
				continue
			}
			i++
		}
	}
	// Names a comprehension or lambda binds are seen before their
	// binding in pre-order: drop them at the end.
	kept := names[:0]
	for _, s := range names {
		if first, _, _ := strings.Cut(s, "."); !bound[first] && len(kept) < max {
			kept = append(kept, s)
		}
	}
	return kept
}
