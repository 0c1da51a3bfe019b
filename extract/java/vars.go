package java

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// reach is what reaches a use of a local name: the assignments whose
// values it may hold there, and the parameter it is when no assignment
// replaced it.
type reach struct {
	sc      *scope
	assigns []assign
	param   *param
	found   bool
}

// reaching finds the assignments of id's name that reach id: one in a
// block that encloses the use replaces those before it, one in another
// block adds to them, one in a block that ends with return or throw does
// not reach code after the block. The innermost scope that binds the name
// decides; lambdas and local classes see their enclosing scopes.
func reaching(id syntax.Node, sc *scope) reach {
	name, use := id.Text(), id.Index()
	for s := sc; s != nil; s = s.parent {
		var p *param
		for i := range s.params {
			if s.params[i].name == name {
				p = &s.params[i]
			}
		}
		as := s.assigns[name]
		if len(as) == 0 && p == nil {
			continue
		}
		r := reach{sc: s, param: p, found: true}
		for _, a := range as {
			if a.at >= use {
				break
			}
			encloses := a.block.Contains(id)
			if !encloses && a.terminates {
				continue
			}
			switch a.kind {
			case assignDecl:
				continue
			case assignAdd:
				r.assigns = append(r.assigns, a)
				continue
			}
			if encloses {
				r.assigns, r.param = r.assigns[:0:0], nil
			}
			r.assigns = append(r.assigns, a)
		}
		if len(r.assigns) == 0 && r.param == nil && len(as) > 0 && as[0].at >= use {
			continue
		}
		return r
	}
	return reach{}
}

// declaredType returns the declared type of a local name, parameter or
// field where id uses it, or "".
func (x *fileCtx) declaredType(id syntax.Node, sc *scope) string {
	name := id.Text()
	for s := sc; s != nil; s = s.parent {
		for _, p := range s.params {
			if p.name == name {
				return p.typ
			}
		}
		for _, a := range s.assigns[name] {
			if a.typ != "" && a.at < id.Index() {
				return a.typ
			}
		}
	}
	for t := sc.typ; t != nil; t = t.parent {
		if f, ok := t.fields[name]; ok {
			return f.typ
		}
	}
	return ""
}

// resolve evaluates a local variable where id uses it; it reports false
// for names no scope binds (fields, constants).
func (x *fileCtx) resolve(id syntax.Node, sc *scope, depth int) (val, bool) {
	k := memoKey{id.Text(), id.Index()}
	if ts, ok := x.memo[k]; ok {
		return val{alts: ts, str: isText(ts)}, true
	}
	r := reaching(id, sc)
	if !r.found {
		return val{}, false
	}
	name := id.Text()
	var v val
	have := false
	if r.param != nil {
		v, have = holeVal(namedHole(name, typeHole(r.param.typ))), true
	}
	for _, a := range r.assigns {
		var w val
		switch a.kind {
		case assignSet:
			w = x.eval(a.value, a.sc, depth+1)
		case assignAdd:
			base := v
			if !have {
				base = holeVal(namedHole(name, errdex.HoleAny))
			}
			add := x.eval(a.value, a.sc, depth+1)
			grown := val{alts: product(base.alts, add.alts), str: base.str || add.str}
			if have && !a.block.Contains(id) {
				grown = union(v, grown) // msg += "..." in a branch or loop
			}
			v, have = grown, true
			continue
		case assignAppend:
			// sb.append(a).append(b);
			base := v
			if !have {
				base = lit("")
			}
			add := x.appended(a.value, a.sc, depth)
			grown := val{alts: product(base.alts, add.alts), str: true}
			if have && !a.block.Contains(id) {
				grown = union(v, grown)
			}
			v, have = grown, true
			continue
		case assignCaught:
			w = holeVal(namedHole(name, errdex.HoleError))
		default:
			w = holeVal(namedHole(name, typeHole(a.typ)))
		}
		if !have {
			v, have = w, true
		} else {
			v = union(v, w)
		}
	}
	if !have {
		v = holeVal(namedHole(name, errdex.HoleAny))
	}
	v = named(v, name)
	x.memo[k] = v.alts
	return v, true
}

// typeHole is the hole type of a value of a declared Java type.
func typeHole(t string) errdex.HoleType {
	switch t {
	case "int", "long", "short", "byte", "Integer", "Long", "Short", "Byte", "BigInteger":
		return errdex.HoleInt
	case "double", "float", "Double", "Float", "BigDecimal":
		return errdex.HoleFloat
	case "boolean", "Boolean":
		return errdex.HoleBool
	case "String", "CharSequence":
		return errdex.HoleStr
	}
	return errdex.HoleAny
}

func isText(ts []errdex.Template) bool {
	for _, t := range ts {
		if t.IsOpaque() {
			return false
		}
	}
	return len(ts) > 0
}

// named makes an alternative that is one hole into a hole named after the
// variable.
func named(v val, name string) val {
	out := v
	out.alts = make([]errdex.Template, len(v.alts))
	for i, a := range v.alts {
		if len(a.Parts) == 1 && a.Parts[0].IsHole() && !keepsExpr(a.Parts[0].Expr) {
			p := a.Parts[0]
			p.Hole, p.Expr = name, name
			a = errdex.Template{Parts: []errdex.Part{p}}
		}
		out.alts[i] = a
	}
	return union(out, val{str: out.str})
}

// keepsExpr reports whether a hole keeps its expression when a variable
// holds it: a plain name (a parameter Link may fill) or the superclass's
// message in a getMessage() override.
func keepsExpr(expr string) bool {
	if expr == "super.getMessage()" {
		return true
	}
	for _, r := range expr {
		if r != '_' && r != '$' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return expr != ""
}
