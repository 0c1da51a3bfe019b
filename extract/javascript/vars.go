package javascript

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// reach is what reaches a use of a name: the assignments whose values the
// name may hold there (in source order), and whether the name is a
// parameter whose value no assignment replaced.
type reach struct {
	sc      *scope
	assigns []assign
	param   *param
	found   bool
}

// reaching finds the assignments of id's name that reach id: an
// assignment in a block that encloses the use replaces the ones before
// it, one in another block adds to them, and one in a block that ends
// with return or throw does not reach code after the block. The
// innermost scope that binds the name (a parameter or an assignment)
// decides; enclosing scopes are searched for closures.
func reaching(id syntax.Node, sc *scope) reach {
	name, use := id.Text(), id.Index()
	for s := sc; s != nil; s = s.parent {
		var p *param
		for i := range s.params {
			if s.params[i].binds(name) {
				p = &s.params[i]
			}
		}
		as := s.assigns[name]
		if len(as) == 0 && p == nil {
			continue
		}
		r := reach{sc: s, param: p, found: true}
		for _, a := range as {
			if a.kind == assignFunc && a.at >= use {
				// A function declaration is hoisted: it is bound before
				// any code of its scope runs.
				r.assigns, r.param = append(r.assigns[:0:0], a), nil
				break
			}
			if a.at >= use {
				break
			}
			encloses := a.block.Contains(id)
			if !encloses && a.terminates {
				continue
			}
			switch a.kind {
			case assignDecl:
				continue // let x; sets nothing yet
			case assignAdd:
				r.assigns = append(r.assigns, a)
				continue
			}
			if encloses {
				r.assigns, r.param = r.assigns[:0:0], nil
			}
			r.assigns = append(r.assigns, a)
		}
		if len(r.assigns) == 0 && r.param == nil {
			if len(as) > 0 && as[0].at >= use {
				continue // only assigned after the use (in a loop, or hoisted var): unknown here
			}
		}
		return r
	}
	return reach{}
}

// resolve evaluates a variable where id uses it. It reports false for
// names no scope binds (globals, imports).
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
		v, have = holeVal(namedHole(name, errdex.HoleAny)), true
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
				// msg += "..." in a branch or loop: with and without.
				grown = union(v, grown)
			}
			v, have = grown, true
			continue
		case assignCaught:
			w = holeVal(namedHole(name, errdex.HoleError))
		default:
			w = holeVal(namedHole(name, errdex.HoleAny))
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

// isText reports whether every alternative has literal text, the mark of
// a string value in memoised results.
func isText(ts []errdex.Template) bool {
	for _, t := range ts {
		if t.IsOpaque() {
			return false
		}
	}
	return len(ts) > 0
}

// named makes an alternative that is one hole into a hole named after the
// variable: "{msg}" says more than "{computeMessage}".
func named(v val, name string) val {
	out := v
	out.alts = make([]errdex.Template, len(v.alts))
	for i, a := range v.alts {
		if len(a.Parts) == 1 && a.Parts[0].IsHole() {
			p := a.Parts[0]
			p.Hole, p.Expr = name, name
			a = errdex.Template{Parts: []errdex.Part{p}}
		}
		out.alts[i] = a
	}
	return union(out, val{str: out.str})
}

// binds reports whether the parameter binds name, itself or by
// destructuring.
func (p *param) binds(name string) bool {
	if p.name == name {
		return true
	}
	for _, local := range p.props {
		if local == name {
			return true
		}
	}
	return false
}
