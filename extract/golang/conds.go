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
// ""), and "in" for a case clause of several values.
func (x *fileCtx) guardConds(g *guardSet, field func(subject string) string, shadowed map[string]bool) []Cond {
	var out []Cond
	for _, gd := range g.guards {
		subject, op, value := gd.Subject, gd.Op, gd.Value
		if inner, ok := strings.CutPrefix(subject, "len("); ok && strings.HasSuffix(inner, ")") {
			subject, op, value = lenCond(strings.TrimSuffix(inner, ")"), op, value)
		}
		if op != "==" && op != "!=" || value == "" {
			continue
		}
		if f := field(subject); f != "" {
			out = append(out, Cond{Field: f, Op: op, Value: x.condConst(value, shadowed)})
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
		case isSingleHole(f.Template) && isIdent(f.Expr):
			carried = append(carried, Cond{Field: f.Expr, Op: c.Op, Value: c.Value})
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
