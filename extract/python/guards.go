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
//   - early exits, from the statements before the raise in the same block
//     or an enclosing one; kind early-return, or continue for continue and
//     break:
//       - an if statement whose body ends in return, continue or break
//         (and that has no elif or else) gives its negated condition; one
//         whose only exit sits in nested if bodies (if a: if b: return)
//         gives the negation of all their conditions ("not a or not b").
//         An earlier if that raises another error is not a guard: the two
//         errors are alternatives, and avoiding one by triggering the
//         other is no fix.
//       - a loop whose body returns gives "for x in xs: no return".
//       - a try statement whose body (or else clause) always leaves the
//         block gives kind except: control gets past it only through the
//         handlers that fall through, whose types Caught joins.
//   - loop-else: the raise sits in the else clause of a loop. For a while
//     loop, its negated condition; for a for loop, "for x in xs: no
//     break" (or "no return" when the loop only returns).
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
	// maxEarlyScan bounds the statements before a raise that earlyExits
	// reads in each block: a block of thousands of "if ...: raise"
	// statements would otherwise cost the square of its length.
	maxEarlyScan = 256
)

// guardsOf returns the guards of the raise or assert statement stmt, with
// the early exits before it when exits is set.
func guardsOf(stmt syntax.Node, exits bool) []errdex.Guard {
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
			if exits {
				g.earlyExits(child)
			}
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
			switch p := a.Parent(); p.Kind() {
			case "if_statement":
				g.earlier(p, a, "else")
			case "for_statement", "while_statement":
				g.loopElse(p)
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

// earlyExits adds the guards that the statements before child in its
// block give by leaving the block early (see the file comment), from the
// nearest maxEarlyExits of them within maxEarlyScan statements.
func (g *guardSet) earlyExits(child syntax.Node) {
	n, read := 0, 0
	for s := child.PrevNamedSibling(); !s.IsNull() && n < maxEarlyExits && read < maxEarlyScan; s, read = s.PrevNamedSibling(), read+1 {
		if s.HasError() {
			continue
		}
		added := false
		switch s.Kind() {
		case "if_statement":
			added = g.ifExit(s)
		case "try_statement":
			added = g.tryExit(s)
		case "for_statement", "while_statement":
			added = g.loopReturn(s)
		}
		if added {
			n++
		}
	}
}

// exitKinds maps the statements that leave a block early to the guard
// kind they give; a raise gives none.
var exitKinds = map[string]string{
	"return_statement":   "early-return",
	"continue_statement": "continue",
	"break_statement":    "continue",
	"raise_statement":    "",
}

// isExit reports whether n is a statement that leaves its block.
func isExit(n syntax.Node) bool {
	_, ok := exitKinds[n.Kind()]
	return ok
}

// ifExit adds the guard of an if statement before the raise that leaves
// the block: the negated condition when its body always leaves it (and it
// has no elif or else), or when its one exit sits in nested if bodies
// (if a: if b: return), the negation of all their conditions.
func (g *guardSet) ifExit(s syntax.Node) bool {
	if s.Child("alternative").IsNull() {
		if kind, ok := exitKinds[lastStatement(s.Child("consequence")).Kind()]; ok {
			if kind == "" {
				return false
			}
			g.cond(s.Child("condition"), true, syntax.Node{}, kind, true)
			return true
		}
	}
	ex := exits(s, 2)
	if len(ex) != 1 {
		return false
	}
	kind := exitKinds[ex[0].Kind()]
	if kind == "" {
		return false
	}
	// The path from the exit up to s must cross if bodies only (and with
	// bodies, which always run): then the exit runs exactly when all
	// their conditions hold.
	var conds []syntax.Node
	for c, p := ex[0], ex[0].Parent(); ; c, p = p, p.Parent() {
		switch p.Kind() {
		case "block", "with_statement":
			continue
		case "if_statement":
			if c.FieldName() != "consequence" {
				return false
			}
			conds = append(conds, p.Child("condition"))
		default:
			return false
		}
		if p.Index() == s.Index() {
			break
		}
	}
	if len(conds) == 1 {
		g.cond(conds[0], true, syntax.Node{}, kind, true)
		return true
	}
	slices.Reverse(conds)
	var negs, srcs, names []string
	for _, c := range conds {
		if c.IsNull() || c.HasError() {
			return false
		}
		negs = append(negs, negatedText(c))
		srcs = append(srcs, operandText(c))
		for _, n := range chainNames(c, maxGuardNames) {
			if !slices.Contains(names, n) && len(names) < maxGuardNames {
				names = append(names, n)
			}
		}
	}
	g.add(errdex.Guard{Condition: cutText(strings.Join(negs, " or ")), Source: cutText(strings.Join(srcs, " and ")),
		Negated: true, Kind: kind, Line: s.Line(), Names: names})
	return true
}

// negatedText writes the negation of condition c, carried through not,
// and and or (De Morgan), as an operand of or.
func negatedText(c syntax.Node) string {
	m := unparen(c)
	switch m.Kind() {
	case "not_operator":
		return operandText(m.Child("argument"))
	case "boolean_operator":
		l, r := m.Child("left"), m.Child("right")
		if l.IsNull() || r.IsNull() {
			break
		}
		switch m.Child("operator").Kind() {
		case "and":
			return negatedText(l) + " or " + negatedText(r)
		case "or":
			return "(" + negatedText(l) + ") and (" + negatedText(r) + ")"
		}
	}
	return render(m, true)
}

// operandText writes condition c as an operand of and/or, in parentheses
// when it is itself one.
func operandText(c syntax.Node) string {
	m := unparen(c)
	if m.Kind() == "boolean_operator" || m.Kind() == "conditional_expression" || m.Kind() == "lambda" {
		return "(" + oneLine(m.Text()) + ")"
	}
	return oneLine(m.Text())
}

// tryExit adds the guard of a try statement before the raise whose body
// (or else clause) always leaves the block: control goes on past it only
// through a handler that does not, so one of their exceptions was caught.
func (g *guardSet) tryExit(s syntax.Node) bool {
	exitsNormally := isExit(lastStatement(s.Child("body")))
	var handlers []syntax.Node
	for c := range s.NamedChildren() {
		switch c.Kind() {
		case "else_clause":
			if isExit(lastStatement(c.Child("body"))) {
				exitsNormally = true
			}
		case "except_clause", "except_group_clause":
			if !isExit(lastStatement(handlerBody(c))) {
				handlers = append(handlers, c)
			}
		}
	}
	if !exitsNormally || len(handlers) == 0 {
		return false
	}
	gd := exceptGuard(handlers[0])
	for _, h := range handlers[1:] {
		more := exceptGuard(h)
		if gd.Caught == "" || more.Caught == "" {
			// A bare except catches anything.
			gd.Condition, gd.Caught = "except", ""
			break
		}
		gd.Condition += " or " + more.Condition
		gd.Caught += ", " + more.Caught
	}
	gd.Condition = cutText(gd.Condition)
	gd.Source = gd.Condition
	g.add(gd)
	return true
}

// handlerBody is the block of an except clause.
func handlerBody(clause syntax.Node) syntax.Node {
	for c := range clause.NamedChildren() {
		if c.Kind() == "block" {
			return c
		}
	}
	return syntax.Node{}
}

// loopReturn adds the guard of a loop before the raise whose body
// returns: control goes on past it only when no iteration returned.
func (g *guardSet) loopReturn(loop syntax.Node) bool {
	for _, e := range exits(loop.Child("body"), 0) {
		if e.Kind() == "return_statement" {
			return g.loopGuard(loop, "no return", "early-return")
		}
	}
	return false
}

// loopElse adds the guard of the else clause of a loop: for a while loop,
// its negated condition; for a for loop, that it ended without break (or
// without return when it has no break but returns).
func (g *guardSet) loopElse(loop syntax.Node) {
	if loop.Kind() == "while_statement" {
		if c := loop.Child("condition"); !isConstantTrue(c) {
			g.cond(c, true, syntax.Node{}, "loop-else", true)
		}
		return
	}
	what := ""
	for _, e := range exits(loop.Child("body"), 0) {
		switch e.Kind() {
		case "break_statement":
			what = "no break"
		case "return_statement":
			if what == "" {
				what = "no return"
			}
		}
	}
	if what != "" {
		g.loopGuard(loop, what, "loop-else")
	}
}

// loopGuard adds a guard on how a loop ended: "for x in xs: no break".
func (g *guardSet) loopGuard(loop syntax.Node, what, kind string) bool {
	var header string
	var names []string
	if loop.Kind() == "for_statement" {
		left, right := loop.Child("left"), loop.Child("right")
		if left.IsNull() || right.IsNull() {
			return false
		}
		header = "for " + oneLine(left.Text()) + " in " + oneLine(right.Text())
		names = chainNames(right, maxGuardNames)
	} else {
		c := loop.Child("condition")
		if c.IsNull() {
			return false
		}
		header = "while " + oneLine(c.Text())
		names = chainNames(c, maxGuardNames)
	}
	g.add(errdex.Guard{Condition: cutText(header + ": " + what), Source: header, Kind: kind, Line: loop.Line(), Names: names})
	return true
}

// exits returns the statements in n that leave the block holding n:
// returns and raises, and breaks and continues outside nested loops; not
// those of nested functions and classes. It stops after max (0: no
// limit).
func exits(n syntax.Node, max int) []syntax.Node {
	var out []syntax.Node
	var visit func(c syntax.Node, inLoop bool)
	visit = func(c syntax.Node, inLoop bool) {
		if max > 0 && len(out) >= max {
			return
		}
		switch c.Kind() {
		case "function_definition", "class_definition", "lambda", "decorated_definition":
			return
		case "return_statement", "raise_statement":
			out = append(out, c)
			return
		case "break_statement", "continue_statement":
			if !inLoop {
				out = append(out, c)
			}
			return
		case "for_statement", "while_statement":
			for ch := range c.NamedChildren() {
				// The else clause of a nested loop is outside it.
				visit(ch, inLoop || ch.FieldName() == "body")
			}
			return
		}
		if strings.HasSuffix(c.Kind(), "_statement") || c.Kind() == "block" || strings.HasSuffix(c.Kind(), "_clause") || c.Kind() == "module" {
			for ch := range c.NamedChildren() {
				visit(ch, inLoop)
			}
		}
	}
	if !n.IsNull() {
		visit(n, false)
	}
	return out
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

func (g *guardSet) except(clause syntax.Node) { g.add(exceptGuard(clause)) }

// exceptGuard is the guard of the except clause whose handler runs.
func exceptGuard(clause syntax.Node) errdex.Guard {
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
	return errdex.Guard{Condition: cond, Source: cond, Kind: "except", Line: clause.Line(), Caught: caught}
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
// variable (a name, an attribute chain, or len of one) with a constant or
// another variable (x > LIMIT, self.count >= self.limit: the subject is
// the left one, unless only it is named like a constant), is
// the truth of a variable or of a call of one without arguments, or an
// isinstance test of one.
func structure(m syntax.Node, neg bool) (subject, op, value string) {
	if l, o, r, ok := comparison(m); ok {
		if (isConstant(l) || isConstantName(l)) && isSubject(r) && !isConstantName(r) {
			l, r = r, l
			if o = mirroredOps[o]; o == "" {
				return "", "", ""
			}
		}
		if !isSubject(l) || !isConstant(r) && !isChain(r) {
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

// isConstantName reports whether n is a chain whose last name is written
// in capitals (LIMIT, os.SEEK_END), as Python names constants.
func isConstantName(n syntax.Node) bool {
	if !isChain(n) {
		return false
	}
	last := n
	if n.Kind() == "attribute" {
		last = n.Child("attribute")
	}
	t := last.Text()
	return strings.ToUpper(t) == t && strings.ToLower(t) != t
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
