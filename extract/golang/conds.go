package golang

import (
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
