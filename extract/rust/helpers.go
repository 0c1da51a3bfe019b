package rust

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Crates often build their errors in one helper that the parsing code
// calls with the message: rust_decimal's
//
//	fn tail_error(from: &'static str) -> Result<Decimal, Error> { Err(from.into()) }
//
// called as tail_error("Invalid decimal: unknown character"), rust-ini's
// self.error(format!("expecting {:?} but found EOF.", endpoint)) whose
// body is Err(ParseError { line, col, msg: msg.into() }). The call is
// where the error is raised; Link gives it the message the helper makes
// of the text it passes.

// A helper may also return the error itself, to be wrapped in Err by the
// caller: tar's fn other(msg: &str) -> Error { Error::new(ErrorKind::Other,
// msg) }, called as Err(other("failed to read entire block")).

// helper is a function whose value is Err(..) built from one of its
// parameters, or, for a function returning an error type, such an error:
// the parameter itself (the error converted from text), the message of
// an error constructor (io::Error::new(kind, msg)), or a construction
// whose field it fills.
type helper struct {
	name string
	// owner is the type whose impl holds the helper, "" for a function
	// outside impls.
	owner string
	// param is the parameter's position among those that are not self.
	param int
	// build is the construction the helper returns with the parameter's
	// field, field; nil when the error is the parameter converted.
	build *construction
	field string
}

// helperCall is a call of a function by name with text for one argument,
// at a site Link fills when a helper has that name.
type helperCall struct {
	name string
	// owner is the error type a call T::f(..) names, "" for f(..),
	// self.f(..) and Self::f(..).
	owner string
	args  []fieldValue
}

// text is the template of the call's arguments one after the other, for
// telling what text it passes.
func (c helperCall) text() errdex.Template {
	var t errdex.Template
	for _, a := range c.args {
		t.Parts = append(t.Parts, a.template.Parts...)
	}
	return t
}

// errHelper records function fn as a helper when its value is Err(..)
// built from a parameter, or is such an error and fn returns an error
// type.
func (x *file) errHelper(fn syntax.Node) {
	var params []string
	numeric := map[int]bool{} // parameters of a number type, which hold no message
	for p := range fn.Child("parameters").NamedChildren() {
		if p.Kind() == "parameter" {
			numeric[len(params)] = fieldHoleType(p.Child("type").Text()) == errdex.HoleInt
			params = append(params, strings.TrimPrefix(p.Child("pattern").Text(), "mut "))
		}
	}
	if len(params) == 0 {
		return
	}
	tail := blockValue(fn.Child("body"))
	var arg syntax.Node
	switch {
	case tail.Kind() == "call_expression" && tail.Child("function").Text() == "Err" && tail.Child("arguments").NamedChildCount() == 1:
		arg = tail.Child("arguments").NamedChild(0)
	case returnsError(fn):
		arg = tail
	default:
		return
	}
	name := fn.Child("name").Text()
	owner := ""
	for a := range fn.Ancestors() {
		if a.Kind() == "impl_item" {
			owner = typeName(a.Child("type"))
			break
		}
	}
	if i := slices.Index(params, converted(arg)); i >= 0 {
		x.facts.helpers = append(x.facts.helpers, helper{name: name, owner: owner, param: i})
		return
	}
	if i := slices.Index(params, constructorMessage(arg)); i >= 0 {
		x.facts.helpers = append(x.facts.helpers, helper{name: name, owner: owner, param: i})
		return
	}
	defer func() {
		// gif's fn format(err: impl Into<..>) -> Self {
		// DecodingError::Format(DecodingFormatError::new(err)) }: the
		// parameter wrapped in one-argument constructors is the message.
		if n := len(x.facts.helpers); n > 0 && x.facts.helpers[n-1].name == name && x.facts.helpers[n-1].owner == owner {
			return
		}
		if i := slices.Index(params, wrappedParam(arg)); i >= 0 {
			x.facts.helpers = append(x.facts.helpers, helper{name: name, owner: owner, param: i})
		}
	}()
	if arg.Kind() != "struct_expression" && arg.Kind() != "call_expression" {
		return
	}
	key := x.constructorKey(arg.Child("name"), arg)
	if arg.Kind() == "call_expression" {
		key = x.constructorKey(arg.Child("function"), arg)
	}
	if key == "" {
		return
	}
	c := construction{key: key, fields: map[string]fieldValue{}}
	field, param := "", -1
	add := func(f string, v syntax.Node) {
		if i := slices.Index(params, converted(v)); i >= 0 {
			if param < 0 || numeric[param] {
				field, param = f, i
			} else {
				c.fields[f] = x.fieldValue(v)
			}
			return
		}
		c.fields[f] = x.fieldValue(v)
	}
	if arg.Kind() == "call_expression" {
		i := 0
		for a := range arg.Child("arguments").NamedChildren() {
			if !isComment(a) {
				add(strconv.Itoa(i), a)
				i++
			}
		}
	} else {
		for f := range arg.Child("body").NamedChildren() {
			switch f.Kind() {
			case "shorthand_field_initializer":
				add(f.NamedChild(0).Text(), f.NamedChild(0))
			case "field_initializer":
				add(f.Child("field").Text(), f.Child("value"))
			}
		}
	}
	if param >= 0 {
		x.facts.helpers = append(x.facts.helpers, helper{name: name, owner: owner, param: param, build: &c, field: field})
	}
}

// wrappedParam is the variable n passes through constructors of one
// argument each (Error::Format(FormatError::new(err))), converted or
// an error constructor's message at the innermost, or "".
func wrappedParam(n syntax.Node) string {
	for range 4 {
		if v := cmp.Or(converted(n), constructorMessage(n)); v != "" {
			return v
		}
		fn := n.Child("function")
		if n.Kind() != "call_expression" || !fn.Is("scoped_identifier", "identifier") || n.Child("arguments").NamedChildCount() != 1 {
			return ""
		}
		if name := lastSegment(fn.Text()); name == "" || !unicode.IsUpper(rune(name[0])) && !constructorMethods[name] {
			return ""
		}
		n = n.Child("arguments").NamedChild(0)
	}
	return ""
}

// constructorMessage is the name of the variable n, an error
// constructor's call (io::Error::new(ErrorKind::Other, msg),
// Error::custom(msg.to_string()); see constructor), passes as the message,
// or "".
func constructorMessage(n syntax.Node) string {
	fn := n.Child("function")
	if n.Kind() != "call_expression" || fn.Kind() != "scoped_identifier" || !constructorMethods[fn.Child("name").Text()] ||
		!strings.HasSuffix(lastSegment(fn.Child("path").Text()), "Error") {
		return ""
	}
	var last syntax.Node
	for a := range n.Child("arguments").NamedChildren() {
		if !isComment(a) {
			last = a
		}
	}
	if last.IsNull() {
		return ""
	}
	return converted(last)
}

// converted is the name of the variable n converts to text or an error
// (msg, msg.into(), msg.to_string(), String::from(msg)), or "". A tuple
// converted into an error takes the message from its last element
// (xml-rs's Err((&self.lexer, msg).into()), with From<(&P, M)> building
// the error at the position P gives).
func converted(n syntax.Node) string {
	for range 3 {
		switch n.Kind() {
		case "identifier":
			return n.Text()
		case "tuple_expression":
			k := n.NamedChildCount()
			if k < 2 {
				return ""
			}
			n = n.NamedChild(k - 1)
		case "call_expression":
			fn, args := n.Child("function"), n.Child("arguments")
			switch {
			case fn.Kind() == "field_expression" && args.NamedChildCount() == 0 &&
				(fn.Child("field").Text() == "into" || fn.Child("field").Text() == "to_string" || fn.Child("field").Text() == "to_owned"):
				n = fn.Child("value")
			case args.NamedChildCount() == 1 && (fn.Text() == "String::from" || fn.Text() == "Box::new"):
				n = args.NamedChild(0)
			default:
				return ""
			}
		default:
			return ""
		}
	}
	return ""
}

// helperCallSite records call n, f(..) or self.f(..) with text for an
// argument, as a site for Link to fill.
func (x *file) helperCallSite(n syntax.Node) {
	fn := n.Child("function")
	var name, owner string
	switch fn.Kind() {
	case "identifier":
		name = fn.Text()
	case "field_expression":
		// self.f(..), or $this.f(..) in a macro invoked with self
		if v := fn.Child("value"); v.Kind() != "self" {
			if tok, ok := x.expansion.token(v); !ok || tok.Text() != "self" {
				return
			}
		}
		name = fn.Child("field").Text()
	case "scoped_identifier":
		// Self::f(..), or T::f(..) of an error type T other than its
		// constructors (T::new, T::from, ..: see constructor)
		switch path := lastSegment(fn.Child("path").Text()); {
		case path == "Self":
		case errorNamed(path) && !constructorMethods[fn.Child("name").Text()]:
			owner = path
		default:
			return
		}
		name = fn.Child("name").Text()
	default:
		return
	}
	if notErrorCalls[name] {
		return
	}
	var args []fieldValue
	text := false
	for a := range n.Child("arguments").NamedChildren() {
		if isComment(a) {
			continue
		}
		v := x.fieldValue(a)
		text = text || meaningful(msgeval.Value{Alts: []errdex.Template{v.template}, Text: true})
		args = append(args, v)
	}
	if !text || x.notes.Broken(n) {
		return
	}
	s := x.add(errdex.KindRaise, "", n, x.function(n), msgeval.Of(errdex.Template{}))
	if x.facts.helperCalls == nil {
		x.facts.helperCalls = map[*errdex.Site]helperCall{}
	}
	x.facts.helperCalls[s] = helperCall{name: name, owner: owner, args: args}
}

// linkHelpers fills the sites of calls of helpers (a helper of the
// calling file first, else the only one of that name) with the message
// the helper makes of the text passed, and drops the other call sites.
// A helper that builds a construction takes the message of its type (see
// linkConstructions).
func linkHelpers(files []*extract.FileResult) {
	byName := map[string][]helper{}
	for _, f := range files {
		if fx, ok := f.Facts.(*facts); ok {
			for _, h := range fx.helpers {
				byName[h.name] = append(byName[h.name], h)
			}
		}
	}
	types := messageTypes(files)
	for _, f := range files {
		fx, ok := f.Facts.(*facts)
		if !ok || len(fx.helperCalls) == 0 {
			continue
		}
		f.Sites = slices.DeleteFunc(f.Sites, func(s *errdex.Site) bool {
			call, ok := fx.helperCalls[s]
			if !ok {
				return false
			}
			cands, local := byName[call.name], fx.helpers
			if call.owner != "" {
				// T::f(..): a method of T's impls
				owned := func(h helper) bool { return h.owner != call.owner }
				cands = slices.DeleteFunc(slices.Clone(cands), owned)
				local = slices.DeleteFunc(slices.Clone(local), owned)
			}
			h, ok := pickHelper(cands, local)
			if !ok || h.param >= len(call.args) {
				return true
			}
			arg := call.args[h.param]
			if h.build == nil {
				s.Template = arg.template
			} else {
				m, ok := pick(types[h.build.key], fx.messages)
				fields := map[string]fieldValue{h.field: arg}
				for k, v := range h.build.fields {
					fields[k] = v
				}
				if !ok || !passesText(m.template, fields) {
					return true
				}
				s.Template = substitute(m.template, fields)
				s.Exception = strings.SplitN(h.build.key, "::", 2)[0]
				for _, d := range m.debug {
					s.Alternatives = append(s.Alternatives, template.DistinctHoles(substitute(d, fields)))
				}
			}
			s.Template = template.DistinctHoles(s.Template)
			s.Kind = stringKind(msgeval.Value{Alts: []errdex.Template{s.Template}})
			return !meaningful(msgeval.Value{Alts: []errdex.Template{s.Template}, Text: true})
		})
	}
}

// pickHelper chooses the helper a call names: the calling file's, or the
// only one in the repository.
func pickHelper(cands, local []helper) (helper, bool) {
	for _, l := range local {
		if len(cands) > 0 && l.name == cands[0].name {
			return l, true
		}
	}
	if len(cands) == 1 {
		return cands[0], true
	}
	return helper{}, false
}
