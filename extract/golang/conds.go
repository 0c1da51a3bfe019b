package golang

import (
	"go/ast"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// This file makes messages path-sensitive across an Error method's
// branches. ParseError.Error returns one message when e.Message == "" and
// another otherwise: a value built with Message "" gives only the first,
// one with Message ": extra text" only the second. A value whose field
// reads a helper's parameter (&ParseError{..., Message: message} in
// newParseError) keeps both, each with its condition on the parameter, so
// that a call of the helper with "" takes the first (and is a site for
// it, as the argument chose the message) and one with text the second.

// The same holds for a helper's own branches: func bad(kind string) error
// { if kind == "x" { return errors.New("kind x is not supported") };
// return fmt.Errorf("%s is not a kind", kind) } makes its first site
// under kind == "x" and its second under kind != "x" (see paramConds).
// A call bad("x") takes the first message only, and is a site for it; a
// call bad("y") the second only; a caller's constant for kind reaches
// only the site its value can reach (see callerIndex.specialise). A call
// passing kind on from another helper carries the condition to that
// helper's parameter (see helperIndex.forwarded).

// condValue tells whether a Cond holds for a field whose message is t:
// known is false when t is not a literal or a constant is not a string
// or an integer.
func condValue(c Cond, t errdex.Template) (holds, known bool) {
	text, ok := literalText(t)
	if !ok {
		return false, false
	}
	if ordered(c.Op) {
		n, err1 := strconv.ParseInt(text, 10, 64)
		v, err2 := strconv.ParseInt(c.Value, 0, 64)
		if err1 != nil || err2 != nil {
			return false, false
		}
		return compareInts(n, c.Op, v), true
	}
	eq := false
	for _, v := range condValues(c) {
		if s, err := strconv.Unquote(v); err == nil && v[0] != '\'' {
			eq = eq || text == s
		} else if n, err := strconv.ParseInt(v, 0, 64); err == nil {
			eq = eq || text == strconv.FormatInt(n, 10)
		} else {
			return false, false
		}
	}
	return eq == (c.Op != "!="), true
}

// condValues returns the constants a Cond compares with: one for == and
// !=, those of a case clause for "in" (see orGuard).
func condValues(c Cond) []string {
	if c.Op == "in" {
		return strings.Split(c.Value, "\x00")
	}
	return []string{c.Value}
}

// zeroHolds tells whether a Cond holds for a field left out of a keyed
// composite literal, which has its type's zero value.
func zeroHolds(c Cond) bool {
	if ordered(c.Op) {
		v, err := strconv.ParseInt(c.Value, 0, 64)
		return err != nil || compareInts(0, c.Op, v)
	}
	eq := false
	for _, v := range condValues(c) {
		eq = eq || v == `""` || v == "``" || v == "0" || v == "nil" || v == "false"
	}
	return eq == (c.Op != "!=")
}

// guardConds returns the conditions of a guard set (see guardSetFrom)
// that compare a subject with a constant, read as a constant of the file
// unless shadowed hides it (see condConst), on the names field gives the
// subjects ("" for a subject of no interest): == and != (a length
// compared with 0 reads as a comparison with "", len(e.s) > 0 as e.s !=
// ""), an order with an integer constant (e.Line > 0), and "in" for a
// case clause of several values.
func (x *fileCtx) guardConds(g *guardSet, field func(subject string) string, shadowed map[string]bool) []Cond {
	var out []Cond
	for _, gd := range g.guards {
		subject, op, value := gd.Subject, gd.Op, gd.Value
		if inner, ok := strings.CutPrefix(subject, "len("); ok && strings.HasSuffix(inner, ")") {
			subject, op, value = lenCond(strings.TrimSuffix(inner, ")"), op, value)
		}
		if op != "==" && op != "!=" && !ordered(op) || value == "" {
			continue
		}
		value = x.condConst(value, shadowed)
		if _, err := strconv.ParseInt(value, 0, 64); ordered(op) && err != nil {
			continue // an order only integer constants are read in
		}
		if f := field(subject); f != "" {
			out = append(out, Cond{Field: f, Op: op, Value: value})
		}
	}
	for _, or := range g.ors {
		f := field(or.Subject)
		if f == "" {
			continue
		}
		values := make([]string, len(or.Values))
		for i, v := range or.Values {
			values[i] = x.condConst(v, shadowed)
		}
		out = append(out, Cond{Field: f, Op: "in", Value: strings.Join(values, "\x00")})
	}
	return out
}

// ordered reports whether op is an ordering of integers (e.Line > 0),
// which a Cond may hold with an integer constant.
func ordered(op string) bool {
	return op == "<" || op == "<=" || op == ">" || op == ">="
}

// compareInts tells whether n op v holds, op an ordering.
func compareInts(n int64, op string, v int64) bool {
	switch op {
	case "<":
		return n < v
	case "<=":
		return n <= v
	case ">":
		return n > v
	}
	return n >= v
}

// lenCond reads a comparison of len(s) with 0 or 1 as one of s with "":
// len(s) > 0 is s != "", len(s) == 0 is s == "". Other comparisons give
// no subject.
func lenCond(s, op, value string) (subject, cop, cvalue string) {
	switch op + " " + value {
	case "> 0", "!= 0", ">= 1":
		return s, "!=", `""`
	case "== 0", "<= 0", "< 1":
		return s, "==", `""`
	}
	return "", "", ""
}

// literalConds decides the conditions of one of an Error method's
// messages for a literal with the given fields: keep is false when one
// fails; carried are the conditions left on fields that read a name (a
// helper's parameter), renamed to it.
func literalConds(conds []Cond, lit Literal, fields map[string]LiteralField) (keep bool, carried []Cond) {
	keyed := !lit.Conversion
	for _, f := range lit.Fields {
		keyed = keyed && f.Name != ""
	}
	for _, c := range conds {
		f, ok := fields[c.Field]
		switch {
		case !ok && keyed:
			if !zeroHolds(c) {
				return false, nil
			}
		case !ok:
		case f.Expr == "nil":
			// Set to nil, the zero value, as a field left out is.
			if !zeroHolds(c) {
				return false, nil
			}
		case len(f.Alternatives) > 0:
			// Several values: the condition may hold for some.
		case isSingleHole(f.Template) && isIdent(f.Expr):
			carried = append(carried, Cond{Field: f.Expr, Op: c.Op, Value: c.Value})
		case c.Value == "nil" && c.Op != "in" && strings.HasPrefix(f.Expr, "&"):
			// An address (variable: &name, &T{...}) is not nil.
			if c.Op == "==" {
				return false, nil
			}
		default:
			if holds, known := condValue(c, f.Template); known && !holds {
				return false, nil
			}
		}
	}
	return true, carried
}

// callConds decides the conditions a literal site of helper h carries on
// h's parameters for call c: keep is false when one fails, chosen is set
// when an argument with literal text makes one hold.
func callConds(conds []Cond, h *Helper, c Call) (keep, chosen bool) {
	for _, cd := range conds {
		i, _ := paramRef(cd.Field, h.Params)
		if held, known := variadicCond(cd, i, h, c); known {
			if !held {
				return false, false
			}
			continue
		}
		if i < 0 || i >= len(c.Args) || len(c.Args[i].Templates) != 1 {
			continue
		}
		holds, known := condValue(cd, c.Args[i].Templates[0])
		if known && !holds {
			return false, false
		}
		chosen = chosen || known
	}
	return true, chosen
}

// variadicCond tells whether cd, a condition on h's i-th parameter,
// holds for call c when it compares h's variadic parameter with nil or
// "" (len(e.Args) == 0 of the field it is set to): the call passes no
// values for it, or some. known is false for another condition, or a
// call spreading a slice.
func variadicCond(cd Cond, i int, h *Helper, c Call) (held, known bool) {
	if !h.Variadic || i != len(h.Params)-1 || c.Spread || cd.Value != "nil" && cd.Value != `""` ||
		cd.Op != "==" && cd.Op != "!=" || cd.Field != h.Params[i] {
		return false, false
	}
	return (len(c.Args) <= i) == (cd.Op == "=="), true
}

// paramConds returns, for each of sites (those a helper's body made), the
// conditions on the helper's parameters under which it is reached: the
// guards on the path to it (if, else, case, and early returns, those
// raising another error included) that compare a parameter with a
// constant (a literal, or a constant of the file the body does not
// shadow, read as its literal: see condConst). A parameter the body assigns, or whose address it takes, is
// left out: the comparison may not be of the argument. Sites inside a
// function literal get none. nil when no site has a condition.
func (x *fileCtx) paramConds(body *ast.BlockStmt, params []string, sites []*errdex.Site) [][]Cond {
	if body == nil || len(sites) == 0 {
		return nil
	}
	changed := changedNames(body)
	shadowed := maps.Clone(changed)
	for _, p := range params {
		shadowed[p] = true
	}
	var out [][]Cond
	inspectStack(body, func(stack []ast.Node) {
		var at []int
		for _, s := range x.siteNodes[stack[len(stack)-1]] {
			if i := slices.Index(sites, s); i >= 0 {
				at = append(at, i)
			}
		}
		if len(at) == 0 {
			return
		}
		cs := x.guardConds(x.guardSetFrom(stack, true), func(subject string) string {
			if slices.Contains(params, subject) && subject != "_" && !changed[subject] {
				return subject
			}
			return ""
		}, shadowed)
		for _, i := range at {
			if len(cs) > 0 {
				if out == nil {
					out = make([][]Cond, len(sites))
				}
				out[i] = cs
			}
		}
	})
	return out
}

// changedNames returns the names that body assigns, declares, ranges
// over, increments or takes the address of, function literals included.
func changedNames(body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	note := func(es ...ast.Expr) {
		for _, e := range es {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				out[id.Name] = true
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			note(n.Lhs...)
		case *ast.IncDecStmt:
			note(n.X)
		case *ast.RangeStmt:
			note(n.Key, n.Value)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				note(n.X)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				out[id.Name] = true
			}
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				for _, id := range f.Names {
					out[id.Name] = true
				}
			}
		}
		return true
	})
	return out
}

// holdsFor tells whether conds, those of a site of h (see paramConds),
// may hold for the constants b gives h's parameters ("" for none).
func holdsFor(conds []Cond, h *Helper, b constBinding) bool {
	for _, cd := range conds {
		i := slices.Index(h.Params, cd.Field)
		if i < 0 || i >= len(b) || b[i] == "" {
			continue
		}
		if holds, known := condValue(cd, errdex.NewTemplate(errdex.Lit(b[i]))); known && !holds {
			return false
		}
	}
	return true
}

// carryConds returns the conditions of a site of h (see paramConds) that
// c, a call of h in the body of in, leaves open, on in's parameters: those
// on a parameter c passes one of in's on for, unchanged (see passedParam).
func carryConds(conds []Cond, h *Helper, c Call, in *Helper) []Cond {
	var out []Cond
	for _, cd := range conds {
		i := slices.Index(h.Params, cd.Field)
		if i < 0 || i >= len(c.Args) {
			continue
		}
		if j := passedParam(c.Args[i], in); j >= 0 {
			out = append(out, Cond{Field: in.Params[j], Op: cd.Op, Value: cd.Value})
		}
	}
	return out
}

// An Error method may build its message in a local variable under
// conditions on the receiver's fields, returning it once: s := "can't
// store data at section " + e.section; if e.variable != nil { s += ",
// variable " + *e.variable }; return s. The walk of the variable's values
// (see vars.go) knows the conditions of each value's path; varBranches
// evaluates the return once for each combination of the values of the
// variables it reads, so that each message carries the conditions under
// which its values were assigned, and a literal that sets (or leaves
// out) e.variable selects it.

// maxVarCombos bounds the combinations of values varBranches evaluates a
// return for.
const maxVarCombos = maxAlternatives

// varBranches evaluates e, the result of a return of an Error method
// whose receiver is recv, once for each combination of the values of the
// local variables it reads, when some value was assigned under a
// condition on the receiver's fields: the messages, and for each the
// conditions on the fields its values' paths took (see receiverConds). A
// combination whose paths contradict each other is left out; a message
// several combinations give carries the conditions they share. ok is
// false when no value has such a condition, or there are more than
// maxVarCombos combinations: the return's messages carry none.
func (x *fileCtx) varBranches(s scope, e ast.Expr, recv string, shadowed map[string]bool) (ts []errdex.Template, conds [][]Cond, ok bool) {
	if recv == "" || s.fn == nil || s.fn.body == nil {
		return nil, nil, false
	}
	info := s.fn.infoOf()
	type value struct {
		t     errdex.Template
		facts []fact
	}
	type variable struct {
		ids    []*ast.Ident
		full   []errdex.Template // its messages, as the return read them
		values []value
	}
	byName := map[string]*variable{}
	var vars []*variable
	nameUses(e, func(n *ast.Ident) {
		if n.Name == recv || !info.locals[n.Name] {
			return
		}
		if _, read := s.x.memo[n]; !read {
			return
		}
		v := byName[n.Name]
		if v == nil {
			v = &variable{full: s.x.memo[n]}
			byName[n.Name] = v
			vars = append(vars, v)
		}
		v.ids = append(v.ids, n)
	})
	conditioned, combos := false, 1
	var varying []*variable
	for _, v := range vars {
		if len(v.full) < 2 {
			continue
		}
		keys := map[string]bool{}
		for _, t := range v.full {
			keys[templateKey(t)] = true
		}
		for _, a := range s.varAlts(v.ids[0], 0) {
			if !keys[templateKey(a.t)] {
				continue // a value the message leaves out (see merge, dedupeEmpty)
			}
			v.values = append(v.values, value{a.t, a.facts})
			conditioned = conditioned || len(x.receiverConds(a.facts, recv, shadowed)) > 0
		}
		if len(v.values) < 2 {
			continue
		}
		varying = append(varying, v)
		if combos *= len(v.values); combos > maxVarCombos {
			return nil, nil, false
		}
	}
	if !conditioned {
		return nil, nil, false
	}
	defer func() {
		for _, v := range varying {
			for _, id := range v.ids {
				s.x.memo[id] = v.full
			}
		}
	}()
	index := map[string]int{}
	var facts []fact
	var walk func(i int)
	walk = func(i int) {
		if i < len(varying) {
			for _, val := range varying[i].values {
				n := len(facts)
				if contradicts(facts, val.facts) {
					continue
				}
				facts = append(facts, val.facts...)
				for _, id := range varying[i].ids {
					s.x.memo[id] = []errdex.Template{val.t}
				}
				walk(i + 1)
				facts = facts[:n]
			}
			return
		}
		cs := x.receiverConds(facts, recv, shadowed)
		for _, t := range s.tmpl(e, 0) {
			k := templateKey(t)
			j, seen := index[k]
			if !seen {
				index[k] = len(ts)
				ts, conds = append(ts, t), append(conds, cs)
				continue
			}
			conds[j] = slices.DeleteFunc(slices.Clone(conds[j]), func(c Cond) bool { return !slices.Contains(cs, c) })
		}
	}
	walk(0)
	if len(ts) == 0 {
		return nil, nil, false
	}
	return ts, conds, true
}

// contradicts reports whether facts b decide a condition the other way
// from facts a.
func contradicts(a, b []fact) bool {
	for _, f := range b {
		for _, g := range a {
			if f.cond == g.cond && f.val != g.val {
				return true
			}
		}
	}
	return false
}

// receiverConds returns the conditions on the fields of receiver recv
// that facts, those of a variable's value's path, hold (see guardConds).
func (x *fileCtx) receiverConds(facts []fact, recv string, shadowed map[string]bool) []Cond {
	g := &guardSet{x: x}
	for _, f := range facts {
		if f.e != nil {
			g.cond(f.e, !f.held, nil, "if", false)
		}
	}
	var out []Cond
	for _, c := range x.guardConds(g, recvField(recv), shadowed) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
