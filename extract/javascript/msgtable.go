package javascript

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// This file reads messages named by an entry of a module's table of
// messages: a constant object whose properties are the messages, as
// strings or as functions that build them from details
// ({UnterminatedString: "Unterminated string constant.",
// AccessorIsGenerator: ({kind}) => `A ${kind}ter cannot be a
// generator.`}), possibly gathered from several such objects through
// calls that keep their keys (Object.assign({}, ParseErrorEnum(ModuleErrors),
// ParseErrorEnum(StandardErrors)), ParseErrorEnum`typescript`({...})).
// A call that passes an entry first (Babel's this.raise(Errors.Unterminated
// String, pos), throw this.raise(...)) reports that message: a throw of
// it throws the message, and a call of it whose result is dropped is a
// site of kind set-error.

// maxTableDepth bounds the bindings and the wrapping calls followed to a
// table's entry.
const maxTableDepth = 4

// tableMessage returns the message of the table entry that call passes
// as its first argument (Errors.UnterminatedString), when the entry is
// one of a table of the module and holds prose.
func (x *fileCtx) tableMessage(call syntax.Node) (msgeval.Value, bool) {
	a := unwrap(firstArg(call.Child("arguments")))
	if a.Kind() != "member_expression" {
		return msgeval.Value{}, false
	}
	obj := unwrap(a.Child("object"))
	if obj.Kind() != "identifier" {
		return msgeval.Value{}, false
	}
	e := x.tableEntry(obj.Text(), propertyName(a.Child("property")), 0)
	if e.IsNull() {
		return msgeval.Value{}, false
	}
	return x.entryMessage(e)
}

// tableEntry returns the value of entry key of the module's table name,
// or a null node.
func (x *fileCtx) tableEntry(name, key string, depth int) syntax.Node {
	as := x.module.assigns[name]
	if depth > maxTableDepth || len(as) != 1 || as[0].Kind != msgeval.BindSet {
		return syntax.Node{}
	}
	return x.entryIn(unwrap(as[0].Value), key, depth)
}

// entryIn returns the value of entry key of table value v: an object
// literal's property, the entry of the table an identifier names, or of
// the tables a call is given (Object.assign(...), a wrapper that keeps
// the keys), the last one holding it first, as Object.assign overrides.
func (x *fileCtx) entryIn(v syntax.Node, key string, depth int) syntax.Node {
	switch v.Kind() {
	case "identifier":
		return x.tableEntry(v.Text(), key, depth+1)
	case "object":
		for p := range v.NamedChildren() {
			if p.Kind() == "pair" && propertyName(p.Child("key")) == key {
				return unwrap(p.Child("value"))
			}
		}
	case "call_expression":
		if depth >= maxTableDepth {
			break
		}
		args := argList(v.Child("arguments"))
		for i := len(args) - 1; i >= 0; i-- {
			if e := x.entryIn(unwrap(args[i]), key, depth+1); !e.IsNull() {
				return e
			}
		}
	}
	return syntax.Node{}
}

// entryMessage returns the message table entry e gives: its text, what a
// function of it returns (its parameters left as holes), or the message
// property of an object ({message: ..., code: ...}), when it holds
// prose.
func (x *fileCtx) entryMessage(e syntax.Node) (msgeval.Value, bool) {
	var v msgeval.Value
	switch e.Kind() {
	case "string", "template_string", "binary_expression":
		v = x.eval(e, x.module, 1)
	case "arrow_function", "function_expression", "function":
		fs := x.scopeOf[e.Index()]
		if fs == nil {
			return msgeval.Value{}, false
		}
		v = rules.Either(returns(e), func(r syntax.Node) msgeval.Value { return x.eval(r, fs, 1) })
	case "object":
		if m := unwrap(objectMessage(e)); !m.IsNull() && m.Kind() != "object" {
			return x.entryMessage(m)
		}
		return msgeval.Value{}, false
	default:
		return msgeval.Value{}, false
	}
	if len(v.Alts) == 0 || v.Opaque() || !hasProse(v) {
		return msgeval.Value{}, false
	}
	return v, true
}

// tableReports adds a site of kind set-error for each call whose result
// is dropped that passes a message table's entry first
// (this.raise(Errors.MissingSemicolon, loc)): the callee reports it.
func (x *fileCtx) tableReports() {
	for _, c := range x.calls {
		if !resultDropped(c.node) || logCall(calleeOf(c.node)) {
			continue
		}
		if v, ok := x.tableMessage(c.node); ok {
			x.addSite(c.node, c.sc, thrown{Kind: errdex.KindSetError, Msg: v.Alts, Scope: c.sc})
		}
	}
}
