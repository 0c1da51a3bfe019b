package javascript

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file follows messages through the helpers that throw them: a
// function whose site throws nothing but what its callers pass (function
// fail(msg) { throw new Error(msg) }, error(message, opts) { throw
// this.root.error(message, opts) }) has a site that says nothing
// literal. Each call of it in the same file, by name or as a method of
// this, that passes literal text for a parameter the message shows is a
// site of its own, with the helper's message filled with the call's
// arguments (return this.error(`Expected ${description}.`) reads
// "Expected {description}."). A call that passes a parameter of its own
// function only makes that function a helper in turn (warn(msg) {
// this.fail(msg) }), to maxHelperDepth. A helper whose message has text
// of its own (unclosed(what) { throw input.error("Unclosed " + what) })
// is the site its callers' messages match, where the stack trace points.

// Bounds: the levels of helpers followed, and the calls of one helper
// made sites.
const (
	maxHelperDepth = 3
	maxCallers     = 32
)

// builtSite is a site built from a candidate: the node, its scope and
// what it throws.
type builtSite struct {
	node syntax.Node
	sc   *scope
	t    thrown
}

// helperCalls adds the sites of the calls of the file's helpers.
func (x *fileCtx) helperCalls() {
	helpers := map[*scope][]thrown{}
	done := map[int]bool{}
	for _, b := range x.built {
		done[b.node.Index()] = true
		if isHelper(b.t.Msg, b.sc) {
			helpers[b.sc] = append(helpers[b.sc], b.t)
		}
	}
	if len(helpers) == 0 {
		return
	}
	methods := x.methods()
	for depth := 0; depth < maxHelperDepth && len(helpers) > 0; depth++ {
		next := map[*scope][]thrown{}
		made := map[*scope]int{}
		for _, c := range x.calls {
			f := x.calleeScope(c.node, c.sc, methods)
			ts := helpers[f]
			if ts == nil || done[c.node.Index()] || made[f] >= maxCallers || c.node.Parent().Kind() == "throw_statement" {
				continue
			}
			binds := x.bindArgs(f, argList(c.node.Child("arguments")), c.sc, 0)
			var nt thrown
			for _, t := range ts {
				for _, m := range t.Msg {
					filled := rules.Alternatives.Substitute([]errdex.Template{m}, binds)
					if !fills(m, binds) && !isHelper(filled, c.sc) {
						continue
					}
					if nt.Msg == nil {
						nt = thrown{Kind: errdex.KindThrow, Exception: t.Exception, Scope: c.sc}
					}
					// Any of the helper's messages, the first one's exception.
					nt.Msg = rules.Alternatives.Union(nt.Msg, filled)
				}
			}
			switch {
			case nt.Msg == nil:
			case isHelper(nt.Msg, c.sc):
				next[c.sc] = append(next[c.sc], nt)
			default:
				x.addSite(c.node, c.sc, nt)
				done[c.node.Index()] = true
				made[f]++
			}
		}
		helpers = next
	}
}

// isHelper reports whether messages say nothing literal and show a
// parameter of sc in a hole: what sc throws is what its callers pass.
func isHelper(ts []errdex.Template, sc *scope) bool {
	shows := false
	for _, t := range ts {
		if !t.IsOpaque() {
			return false
		}
		for _, p := range t.Parts {
			if _, ok := sc.Param(p.Expr); ok && p.Expr != "" {
				shows = true
			}
		}
	}
	return shows
}

// fills reports whether a call gives literal text to a parameter the
// message shows.
func fills(t errdex.Template, binds map[string][]errdex.Template) bool {
	for _, p := range t.Parts {
		if !p.IsHole() {
			continue
		}
		for _, a := range binds[p.Expr] {
			if !a.IsOpaque() {
				return true
			}
		}
	}
	return false
}

// calleeScope returns the scope of the function of the file a call
// calls: a function by name, or this.m(...) for a method m of the class
// (or the prototype) of the calling method; nil when it is not known.
func (x *fileCtx) calleeScope(call syntax.Node, sc *scope, methods map[string]*scope) *scope {
	fn := unwrap(call.Child("function"))
	if fn.Kind() == "identifier" {
		if f := x.localFunction(fn, sc); !f.IsNull() {
			return x.scopeOf[f.Index()]
		}
		return nil
	}
	owner := ""
	for s := sc; s != nil && owner == ""; s = s.parent {
		if s.name == "" {
			if s.node.Kind() == "arrow_function" {
				continue // shares this with the enclosing function
			}
			return nil
		}
		name := strings.TrimPrefix(s.name, "new ")
		if i := strings.LastIndexByte(name, '.'); i > 0 {
			owner = name[:i]
		} else if name != s.name {
			owner = name
		} else {
			return nil
		}
	}
	return methods[owner+"."+propertyName(fn.Child("property"))]
}

// methods maps the names of the file's functions that hold a dot
// ("Parser.error") to their scopes, when one function has the name.
func (x *fileCtx) methods() map[string]*scope {
	out := map[string]*scope{}
	seen := map[string]bool{}
	for _, s := range x.scopeOf {
		if !strings.Contains(s.name, ".") {
			continue
		}
		if seen[s.name] {
			delete(out, s.name)
			continue
		}
		seen[s.name] = true
		out[s.name] = s
	}
	return out
}

// paramHole is the message of a factory given a parameter: a hole named
// for it.
func paramHole(name string) []errdex.Template {
	return []errdex.Template{{Parts: []errdex.Part{msgeval.Var(name, errdex.HoleAny)}}}
}
