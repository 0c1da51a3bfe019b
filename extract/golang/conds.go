package golang

import (
	"go/ast"
	"go/token"
	"maps"
	"slices"
	"strconv"

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
// known is false when t is not a literal or the constant is not a string
// or an integer.
func condValue(c Cond, t errdex.Template) (holds, known bool) {
	text, ok := literalText(t)
	if !ok {
		return false, false
	}
	var eq bool
	if s, err := strconv.Unquote(c.Value); err == nil && c.Value[0] != '\'' {
		eq = text == s
	} else if n, err := strconv.ParseInt(c.Value, 0, 64); err == nil {
		eq = text == strconv.FormatInt(n, 10)
	} else {
		return false, false
	}
	return eq == (c.Op == "=="), true
}

// zeroHolds tells whether a Cond holds for a field left out of a keyed
// composite literal, which has its type's zero value.
func zeroHolds(c Cond) bool {
	eq := c.Value == `""` || c.Value == "``" || c.Value == "0" || c.Value == "nil" || c.Value == "false"
	return eq == (c.Op == "==")
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
		var cs []Cond
		for _, g := range x.guardsFrom(stack, true) {
			if (g.Op == "==" || g.Op == "!=") && g.Value != "" && slices.Contains(params, g.Subject) && g.Subject != "_" && !changed[g.Subject] {
				cs = append(cs, Cond{Field: g.Subject, Op: g.Op, Value: x.condConst(g.Value, shadowed)})
			}
		}
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
