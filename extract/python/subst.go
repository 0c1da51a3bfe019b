package python

import (
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// bindings map the expressions of a class's message holes ("msg",
// "self.code", "self.args[0]") to the arguments that fill them in one
// raise.
type bindings map[string]argVal

// apply substitutes the bound arguments into t. A hole whose expression
// is bound takes the argument's text as the hole's conversion prints it
// (repr for a repr hole), or becomes a hole of the argument's expression;
// a hole whose expression merely mentions bound names ("len(items)") has
// them replaced in its expression. usedNone reports that a parameter's
// default None was substituted.
func (b bindings) apply(t errdex.Template) (out []errdex.Template, usedNone bool) {
	if len(b) == 0 {
		return []errdex.Template{t}, false
	}
	out = []errdex.Template{{}}
	for _, p := range t.Parts {
		var piece []errdex.Template
		switch a, ok := b.lookup(p.Expr); {
		case !p.IsHole():
			piece = []errdex.Template{{Parts: []errdex.Part{p}}}
		case ok:
			piece = a.render(p.Type)
			usedNone = usedNone || a.noneDefault || a.absent
		default:
			if ts, ok := b.percent(p.Expr); ok {
				piece = ts
				break
			}
			if ts, ok := b.classFormat(p.Expr); ok {
				piece = ts
				break
			}
			if ts, ok := b.starFormat(p.Expr); ok {
				piece = ts
				break
			}
			if ts, ok := b.boundFormat(p.Expr); ok {
				piece = ts
				break
			}
			piece = []errdex.Template{{Parts: []errdex.Part{b.rewrite(p)}}}
		}
		out = product(out, piece, errdex.Template.Concat)
	}
	return out, usedNone
}

// applyAll substitutes into each alternative. An alternative that reads
// an item past the end of a bound *args (args[1] when the raise passes
// one argument) comes from a path the raise does not take, and is left
// out while others remain.
func (b bindings) applyAll(ts []errdex.Template) []errdex.Template {
	if ts == nil {
		return nil
	}
	var feasible []errdex.Template
	for _, t := range ts {
		if !b.pastArgs(t) {
			feasible = append(feasible, t)
		}
	}
	if len(feasible) > 0 {
		ts = feasible
	}
	var out, fromNone []errdex.Template
	for _, t := range ts {
		r, usedNone := b.apply(t)
		if usedNone && len(ts) > 1 {
			fromNone = appendAlts(fromNone, r...)
			continue
		}
		out = appendAlts(out, r...)
	}
	if len(out) == 0 {
		return fromNone
	}
	return out
}

// applyArg substitutes into an argument that a class passes on (to its
// base's __init__, or into an attribute).
func (b bindings) applyArg(a argVal) argVal {
	if a.str == nil {
		if bound, ok := b.lookup(a.expr); ok {
			return bound
		}
		if star, ok := b["*"+a.expr]; ok {
			// A *args parameter kept whole (self.params = params).
			return argVal{expr: a.expr, typ: a.typ, items: star.items}
		}
		if ts, ok := b.classFormat(a.expr); ok {
			return argOf(strValue(a.expr, ts...))
		}
		if b.pastItem(a.expr) {
			return argVal{expr: a.expr, typ: a.typ, absent: true}
		}
	}
	return argVal{
		expr: template.PySubstitute(a.expr, b.exprs()),
		typ:  a.typ,
		str:  b.applyAll(a.str),
		repr: b.applyAll(a.repr),
	}
}

// exprs maps the bound plain names to their arguments' expressions.
func (b bindings) exprs() map[string]string {
	m := make(map[string]string, len(b))
	for k, a := range b {
		if a.expr != "" && isReference(k) && !strings.ContainsAny(k, ".[") {
			m[k] = a.expr
		}
	}
	return m
}

// percent applies a %-formatting that a class leaves to its instances'
// arguments, once they are bound: dateutil's ParserError.__str__ returns
// self.args[0] % self.args[1:] for raise ParserError("Unknown string
// format: %s", timestr), and logging-style classes return self.msg %
// self.args. ok is false unless expr is "FORMAT % OPERAND" with FORMAT
// bound to text and OPERAND a bound name, self.args or a slice of it
// (self.args[1:]).
func (b bindings) percent(expr string) ([]errdex.Template, bool) {
	left, right, ok := strings.Cut(expr, " % ")
	if !ok || strings.Contains(right, " % ") || !isReference(left) {
		return nil, false
	}
	format, ok := b.lookup(left)
	if !ok || len(format.str) == 0 {
		return nil, false
	}
	var op template.PyPercentOperand
	if base, from, ok := argsSlice(right); ok {
		op.IsTuple = true
		for i := from; ; i++ {
			a, ok := b.lookup(base + "[" + strconv.Itoa(i) + "]")
			if !ok {
				break
			}
			op.Tuple = append(op.Tuple, a.pyArg())
		}
		if len(op.Tuple) == 0 {
			return nil, false
		}
	} else if a, ok := b.lookup(right); ok && isReference(right) {
		op.Value = a.pyArg()
	} else if items, ok := b.tupleArgs(right); ok {
		op.IsTuple, op.Tuple = true, items
	} else {
		return nil, false
	}
	var out []errdex.Template
	for _, f := range format.str {
		t, err := template.PyPercent(f, op)
		if err != nil {
			return nil, false // Python raises: the class's fallback prints
		}
		out = appendAlts(out, t)
	}
	return out, true
}

// boundFormat applies a str.format of a bound plain name to arguments written
// as names ("msg.format(**args)", "msg.format(name, kind=k)"), a message
// parameter that the function formats: each argument bound, or a hole of
// its own. ok is false unless the format is bound to text and each
// argument is a reference, NAME=reference, *reference or **reference.
func (b bindings) boundFormat(expr string) ([]errdex.Template, bool) {
	left, right, ok := strings.Cut(expr, ".format(")
	if !ok || !isReference(left) || strings.ContainsAny(left, ".[") || !strings.HasSuffix(right, ")") {
		return nil, false
	}
	format, ok := b.lookup(left)
	if !ok || len(format.str) == 0 || format.isNone() {
		return nil, false
	}
	var args template.PyFormatArgs
	arg := func(name string) template.PyArg {
		if a, ok := b.lookup(name); ok {
			return a.pyArg()
		}
		return template.PyArg{Expr: name}
	}
	if inner := strings.TrimSuffix(right, ")"); inner != "" {
		for _, item := range strings.Split(inner, ", ") {
			key, val, kw := strings.Cut(item, "=")
			switch {
			case strings.HasPrefix(item, "**") && isReference(item[2:]):
				args.DoubleStar = item[2:]
			case strings.HasPrefix(item, "*") && isReference(item[1:]):
				args.Star = item[1:]
			case kw && isReference(key) && isReference(val):
				if args.Keyword == nil {
					args.Keyword = map[string]template.PyArg{}
				}
				args.Keyword[key] = arg(val)
			case !kw && isReference(item):
				args.Positional = append(args.Positional, arg(item))
			default:
				return nil, false
			}
		}
	}
	var out []errdex.Template
	for _, f := range format.str {
		if t, err := template.PyFormat(f, args); err == nil {
			out = appendAlts(out, t)
		}
	}
	return out, len(out) > 0
}

// tupleArgs reads a tuple display of names as written in a hole's
// expression ("(value, options)", the operand of a message parameter's
// msg % (value, options)): each item bound, or a hole of its own. ok is
// false for anything but a display of two or more references.
func (b bindings) tupleArgs(expr string) ([]template.PyArg, bool) {
	inner, ok := strings.CutPrefix(expr, "(")
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return nil, false
	}
	names := strings.Split(inner, ", ")
	if len(names) < 2 {
		return nil, false
	}
	out := make([]template.PyArg, 0, len(names))
	for _, n := range names {
		if !isReference(n) {
			return nil, false
		}
		if a, ok := b.lookup(n); ok {
			out = append(out, a.pyArg())
		} else {
			out = append(out, template.PyArg{Expr: n})
		}
	}
	return out, true
}

// classFormat applies a format deferred to Link (see
// evaluator.deferredFormat): "type(self).NAME.format(**kwargs)" with the
// class constant NAME bound under "type(self).NAME" and the keywords
// under "**kwargs". A format that needs a keyword the call does not pass
// makes Python raise: that alternative is left out.
func (b bindings) classFormat(expr string) ([]errdex.Template, bool) {
	left, spread, ok := strings.Cut(expr, ".format(")
	if !ok || !strings.HasPrefix(left, "type(self).") || !strings.HasSuffix(spread, ")") {
		return nil, false
	}
	format, ok := b[left]
	if !ok || len(format.str) == 0 {
		return nil, false
	}
	var args template.PyFormatArgs
	if spread = strings.TrimSuffix(spread, ")"); spread != "" {
		kw, ok := b[spread]
		if !ok {
			args.DoubleStar = strings.TrimPrefix(spread, "**")
		}
		args.Keyword = map[string]template.PyArg{}
		for k, a := range kw.kwItems {
			args.Keyword[k] = a.pyArg()
		}
	}
	var out []errdex.Template
	for _, f := range format.str {
		if t, err := template.PyFormat(f, args); err == nil {
			out = appendAlts(out, t)
		}
	}
	return out, len(out) > 0
}

// starFormat applies a str.format that a class leaves to its instances'
// arguments, once they are bound: "FORMAT.format(*ITEMS)" with FORMAT
// bound to text and ITEMS a bound sequence (a *args parameter, a slice of
// one, self.args or a slice of it). bitstring's Error keeps its first
// argument as msg and the rest as params, and __str__ returns
// self.msg.format(*self.params), so that raise ReadError("Cannot read {0}
// bits, only {1} available.", n, left) prints the format filled. A format
// that reads past the items makes Python raise: that alternative is left
// out.
func (b bindings) starFormat(expr string) ([]errdex.Template, bool) {
	left, right, ok := strings.Cut(expr, ".format(*")
	if !ok || !strings.HasSuffix(right, ")") || !isReference(left) {
		return nil, false
	}
	items, ok := b.sequence(strings.TrimSuffix(right, ")"))
	if !ok {
		return nil, false
	}
	format, ok := b.lookup(left)
	if !ok || len(format.str) == 0 {
		return nil, false
	}
	var args template.PyFormatArgs
	for _, a := range items {
		args.Positional = append(args.Positional, a.pyArg())
	}
	var out []errdex.Template
	for _, f := range format.str {
		if t, err := template.PyFormat(f, args); err == nil {
			out = appendAlts(out, t)
		}
	}
	return out, len(out) > 0
}

// sequence returns the items of expr when it is bound to a known
// sequence: a *args parameter ("args"), a slice of one ("args[1:]"), an
// attribute holding either, a tuple or list display, or self.args or a
// slice of it (see argsSlice).
func (b bindings) sequence(expr string) ([]argVal, bool) {
	if base, ok := strings.CutSuffix(expr, ":]"); !isReference(expr) && !(ok && isReference(strings.TrimRight(base, "0123456789")+"0]")) {
		return nil, false
	}
	if star, ok := b["*"+expr]; ok {
		return star.items, true
	}
	if a, ok := b.lookup(expr); ok {
		switch {
		case a.items != nil:
			return a.items, true
		case a.elems != nil:
			return a.elems, true
		}
	}
	base, from, ok := argsSlice(expr)
	if !ok {
		return nil, false
	}
	var items []argVal
	for i := from; ; i++ {
		a, ok := b.lookup(base + "[" + strconv.Itoa(i) + "]")
		if !ok {
			break
		}
		items = append(items, a)
	}
	return items, len(items) > 0
}

// argsSlice reads "self.args" or "self.args[k:]" (any name for self.args):
// the tuple's name and the first index taken.
func argsSlice(expr string) (base string, from int, ok bool) {
	if name, rest, cut := strings.Cut(expr, "["); cut {
		k, err := strconv.Atoi(strings.TrimSuffix(rest, ":]"))
		if err != nil || !strings.HasSuffix(rest, ":]") || !strings.HasSuffix(name, ".args") || k < 0 {
			return "", 0, false
		}
		return name, k, true
	}
	if strings.HasSuffix(expr, ".args") {
		return expr, 0, true
	}
	return "", 0, false
}

// rewrite renames the bound names inside a hole's expression.
func (b bindings) rewrite(p errdex.Part) errdex.Part {
	e := template.PySubstitute(p.Expr, b.exprs())
	if e == p.Expr {
		return p
	}
	return template.PyHole(e, p.Type)
}

// render is the argument in a hole of type typ.
func (a argVal) render(typ errdex.HoleType) []errdex.Template {
	switch typ {
	case errdex.HoleRepr:
		return a.reprForm()
	case errdex.HoleInt, errdex.HoleFloat:
		if len(a.str) == 1 {
			if s, ok := literalOnly(a.str[0]); ok && isNumber(s) {
				return a.str
			}
		}
		return []errdex.Template{{Parts: []errdex.Part{template.PyHole(a.expr, typ)}}}
	}
	return a.strForm(typ)
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !('0' <= r && r <= '9' || r == '.' || r == 'e' || r == '+' || r == '-' && i == 0) {
			return false
		}
	}
	return true
}

// bindParams binds a call's arguments to __init__'s parameters as Python
// does: positionals in order, keywords by name, defaults for the rest, the
// extra positionals to *args and the extra keywords to **kwargs (under the
// keys "*args" and "**kwargs"). A parameter left unbound keeps its hole.
func bindParams(params []paramFact, call callArgs) bindings {
	b := bindings{}
	named := map[string]bool{}
	for _, p := range params {
		named[p.name] = true
	}
	i := 0
	for _, p := range params {
		switch p.kind {
		case paramPlain:
			if call.spread == "" && i < len(call.pos) {
				b[p.name] = call.pos[i]
				i++
				continue
			}
		case paramKwOnly:
		case paramStar:
			if call.spread == "" {
				b["*"+p.name] = argVal{items: call.pos[min(i, len(call.pos)):]}
				i = len(call.pos)
			}
			continue
		case paramDoubleStar:
			if call.kwSpread == "" {
				rest := map[string]argVal{}
				for k, a := range call.kw {
					if !named[k] {
						rest[k] = a
					}
				}
				b["**"+p.name] = argVal{kwItems: rest}
			}
			continue
		}
		if a, ok := call.kw[p.name]; ok {
			b[p.name] = a
		} else if p.def != nil && call.spread == "" {
			d := *p.def
			d.noneDefault = d.isNone()
			b[p.name] = d
		}
	}
	return b
}

// passOn substitutes the bound arguments into the arguments an __init__
// passes to its base's __init__.
func (b bindings) passOn(super callArgs) callArgs {
	out := callArgs{spread: super.spread, kwSpread: super.kwSpread}
	for _, a := range super.pos {
		out.pos = append(out.pos, b.applyArg(a))
	}
	if star, ok := b["*"+super.spread]; ok && super.spread != "" {
		// super().__init__(msg, *args): the collected positionals follow.
		out.pos = append(out.pos, star.items...)
		out.spread = ""
	}
	for k, a := range super.kw {
		if out.kw == nil {
			out.kw = map[string]argVal{}
		}
		out.kw[k] = b.applyArg(a)
	}
	if kw, ok := b["**"+super.kwSpread]; ok && super.kwSpread != "" {
		for k, a := range kw.kwItems {
			if out.kw == nil {
				out.kw = map[string]argVal{}
			}
			out.kw[k] = a
		}
		out.kwSpread = ""
	}
	return out
}

// withText returns the bindings whose argument is text in each of its
// alternatives (a class constant, an argument a subclass passes):
// substituting the others would rename a hole after the expression
// computing it ("{lineno}" to "{count}") or print None where a guard
// keeps the value from being formatted.
//
// An attribute that holds text on some paths and a computed value on
// others (dnspython's DNSException: self.msg = str(self) when keywords
// are passed, else the class's docstring) keeps its texts, with the
// computed value a hole named after the attribute, as it was unbound.
func (b bindings) withText() bindings {
	out := bindings{}
	for k, a := range b {
		switch {
		case len(a.str) == 0:
		case !slices.ContainsFunc(a.str, isHole):
			out[k] = a
		case strings.HasPrefix(k, "self.") && slices.ContainsFunc(a.str, isText):
			out[k] = a.holesAs(k)
		}
	}
	return out
}

// isText reports whether t has literal text with a letter or a digit,
// other than the None a value left unset prints.
func isText(t errdex.Template) bool {
	return hasWordChar(t) && t.Canonical() != "None"
}

// holesAs returns a with each alternative that is holes only, in its
// str and repr forms, replaced by a hole of expr.
func (a argVal) holesAs(expr string) argVal {
	typ := a.typ
	if typ == "" {
		typ = errdex.HoleAny
	}
	swap := func(ts []errdex.Template, hole errdex.Template) []errdex.Template {
		var out []errdex.Template
		for _, t := range ts {
			if isHole(t) {
				t = hole
			}
			out = appendAlts(out, t)
		}
		return out
	}
	a.str = swap(a.str, errdex.Template{Parts: []errdex.Part{template.PyHole(expr, typ)}})
	a.repr = swap(a.repr, errdex.Template{Parts: []errdex.Part{template.PyHole(expr, reprType(a.typ))}})
	return a
}

// isHole reports whether t is holes only: a value the code computes.
func isHole(t errdex.Template) bool { return t.IsOpaque() && !t.IsEmpty() }

// pastArgs reports whether t has a hole reading an item of a bound
// *args past its last (see pastItem).
func (b bindings) pastArgs(t errdex.Template) bool {
	return slices.ContainsFunc(t.Parts, func(p errdex.Part) bool { return p.IsHole() && b.pastItem(p.Expr) })
}

// pastItem reports whether expr reads an item of a bound *args past its
// last ("args[2]" when two arguments were passed).
func (b bindings) pastItem(expr string) bool {
	name, rest, ok := strings.Cut(expr, "[")
	if !ok || !strings.HasSuffix(rest, "]") {
		return false
	}
	star, ok := b["*"+name]
	if !ok {
		return false
	}
	i, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
	return err == nil && i >= len(star.items)
}

// lookup finds the argument bound to an expression: the expression
// itself, an item of a bound *args ("args[0]") or a keyword of a bound
// **kwargs ("kwargs['error_msg']").
func (b bindings) lookup(expr string) (argVal, bool) {
	if a, ok := b[expr]; ok {
		return a, true
	}
	name, rest, ok := strings.Cut(expr, "[")
	if !ok || !strings.HasSuffix(rest, "]") {
		return argVal{}, false
	}
	if kw, ok := b["**"+name]; ok && isKeyReference(expr) {
		key := strings.TrimSuffix(rest, "]")
		a, ok := kw.kwItems[key[1:len(key)-1]]
		return a, ok
	}
	star, ok := b["*"+name]
	if !ok {
		// An item of a tuple or list display bound whole (raise
		// MultipleInvalid([e]) and __str__ printing self.errors[0]).
		a, ok := b[name]
		i, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
		if !ok || err != nil || i < 0 || i >= len(a.elems) {
			return argVal{}, false
		}
		return a.elems[i], true
	}
	if from, ok := strings.CutSuffix(rest, ":]"); ok {
		// A slice of *args ("params[1:]"): the items from there on,
		// none when the call passes fewer.
		k, err := strconv.Atoi(from)
		if err != nil || k < 0 {
			return argVal{}, false
		}
		return argVal{expr: expr, typ: errdex.HoleAny, items: append([]argVal{}, star.items[min(k, len(star.items)):]...)}, true
	}
	i, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
	if err != nil || i < 0 || i >= len(star.items) {
		return argVal{}, false
	}
	return star.items[i], true
}
