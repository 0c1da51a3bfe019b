package rust

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// errorDerives are derive macros that make a type an error.
var errorDerives = map[string]bool{"Error": true, "Snafu": true, "Fail": true}

// errorType records an enum's or struct's error derives and builds the
// sites of its #[error("...")] (thiserror), #[snafu(display(..))] and
// #[fail(display = "..")] messages.
func (x *file) errorType(item syntax.Node) {
	name := item.Child("name").Text()
	if name == "" {
		return
	}
	for _, attr := range attributes(item) {
		if lastSegment(attrName(attr)) != "derive" {
			continue
		}
		for _, a := range macroArgs(attr.Child("arguments")) {
			if errorDerives[lastSegment(a.text())] {
				x.facts.errorTypes = append(x.facts.errorTypes, name)
				break
			}
		}
	}
	scope := x.function(item)
	if scope == "<crate>" {
		scope = ""
	} else {
		scope += "::"
	}
	if item.Kind() == "struct_item" {
		x.messageAttr(item, item, item.Child("body"), name, scope+name)
		return
	}
	for v := range item.Child("body").NamedChildren() {
		if v.Kind() == "enum_variant" {
			vname := v.Child("name").Text()
			x.messageAttr(item, v, v.Child("body"), name, scope+name+"::"+vname)
		}
	}
}

// messageAttr builds the site of the message attribute of an error struct
// or variant n, whose fields are body.
func (x *file) messageAttr(item, n, body syntax.Node, typ, fn string) {
	for _, attr := range attributes(n) {
		args := messageArgs(attr)
		if args == nil {
			continue
		}
		if x.notes.Broken(attr) || x.notes.Broken(n) {
			return
		}
		f, ok := x.formatString(args[0])
		if !ok {
			return // #[error(transparent)], #[error(fmt = path)]
		}
		fields := fieldTypes(body)
		var bargs []template.BraceArg
		for _, a := range args[1:] {
			e := a.text()
			arg := template.BraceArg{Name: a.name, Expr: rules.Expr(e)}
			// An argument that is a field ("source", ".0", "self.path")
			// prints as the field's type.
			f := strings.TrimPrefix(strings.TrimPrefix(e, "self"), ".")
			if ft, ok := fields[f]; ok {
				arg.Type = fieldHoleType(ft)
			}
			bargs = append(bargs, arg)
		}
		p := template.BraceFormat{Dialect: template.BraceRust, ImplicitFirst: true,
			Implicit: func(ref string) (string, string, errdex.HoleType, bool) {
				ft, ok := fields[ref]
				if !ok {
					return "", "", "", false
				}
				return ref, "self." + ref, fieldHoleType(ft), true
			}}
		res := p.Parse(f, bargs)
		x.formatProblems(attr, res.Problems)
		if res.Template.IsOpaque() {
			return
		}
		key := typ
		if n.Kind() == "enum_variant" {
			key += "::" + n.Child("name").Text()
		}
		x.facts.messages = append(x.facts.messages, messageType{key: key, template: res.Template})
		site := x.add(errdex.KindErrorMethod, typ, n, fn, msgeval.Of(res.Template))
		// The span starts at the attribute, which holds the message.
		site.Location.Line = attr.Line()
		site.Location.Column = attr.Parent().Start().Column + 1
		return
	}
}

// messageArgs returns the format arguments of a message attribute:
// error("..", args), snafu(display("..", args)), fail(display = "..",
// args); nil for other attributes.
func messageArgs(attr syntax.Node) []tokArg {
	args := macroArgs(attr.Child("arguments"))
	if len(args) == 0 {
		return nil
	}
	switch lastSegment(attrName(attr)) {
	case "error":
		return args
	case "snafu":
		for _, a := range args {
			if len(a.toks) == 2 && a.toks[0].Text() == "display" && a.toks[1].Kind() == "token_tree" {
				if inner := macroArgs(a.toks[1]); len(inner) > 0 {
					return inner
				}
			}
		}
	case "fail":
		if args[0].name == "display" {
			args[0].name = ""
			return args
		}
	}
	return nil
}

// fieldTypes maps a struct's or variant's fields to their types' source
// Text: by name for named fields, by index ("0") for tuple fields.
func fieldTypes(body syntax.Node) map[string]string {
	fields := map[string]string{}
	switch body.Kind() {
	case "field_declaration_list":
		for f := range body.NamedChildren() {
			if f.Kind() == "field_declaration" {
				fields[f.Child("name").Text()] = f.Child("type").Text()
			}
		}
	case "ordered_field_declaration_list":
		i := 0
		for t := range body.ChildrenByField("type") {
			fields[strconv.Itoa(i)] = t.Text()
			i++
		}
	}
	return fields
}

// fieldHoleType is the hole type a field of the given type prints as.
func fieldHoleType(typ string) errdex.HoleType {
	t := strings.TrimSpace(typ)
	t = strings.TrimPrefix(t, "&")
	if strings.HasPrefix(t, "'") {
		if i := strings.IndexByte(t, ' '); i > 0 {
			t = strings.TrimSpace(t[i:])
		}
	}
	base := lastSegment(t)
	if i := strings.IndexByte(base, '<'); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize":
		return errdex.HoleInt
	case "f32", "f64":
		return errdex.HoleFloat
	case "String", "str", "Cow":
		return errdex.HoleStr
	case "PathBuf", "Path":
		return errdex.HolePath
	case "bool":
		return errdex.HoleBool
	}
	if strings.HasPrefix(base, "NonZero") {
		return errdex.HoleInt
	}
	if strings.HasSuffix(base, "Error") || strings.Contains(t, "dyn Error") || strings.Contains(t, "error::Error") {
		return errdex.HoleError
	}
	return errdex.HoleAny
}

// display builds the sites of an impl Display block. Each run of write
// statements in one block (write!, writeln!, f.write_str(..), f.pad(..),
// Debug::fmt(x, f), x.fmt(f)) is one site whose message is the run's
// writes in order; a write that is not a statement of a block (a match
// arm's value) is a site of its own. A statement with writes nested in it
// (a loop, an if) ends a run; its writes make runs of their own.
func (x *file) display(impl syntax.Node) {
	x.displayIn(impl, impl.Child("body"))
}

// displayMethods builds the sites of the methods of an inherent impl of
// an error type that write to a formatter they are passed, as Display
// does (serde_yaml's impl ErrorImpl { fn display(&self, f: &mut
// fmt::Formatter) -> fmt::Result { match self { .. => f.write_str("EOF
// while parsing a value"), .. } } }, which Display::fmt calls): each is
// read as a Display block of its own. Methods whose name says they print
// the Debug form are left out.
func (x *file) displayMethods(impl syntax.Node) {
	if !errorNamed(typeName(impl.Child("type"))) {
		return
	}
	for m := range impl.Child("body").NamedChildren() {
		if m.Kind() != "function_item" || strings.Contains(strings.ToLower(m.Child("name").Text()), "debug") {
			continue
		}
		for p := range m.Child("parameters").NamedChildren() {
			if p.Kind() == "parameter" && lastSegment(typeName(p.Child("type"))) == "Formatter" {
				x.displayIn(impl, m)
				break
			}
		}
	}
}

// displayIn builds the sites of the writes in scope, an impl Display
// block's body or a method of impl (see display).
func (x *file) displayIn(impl, scope syntax.Node) {
	typ := typeName(impl.Child("type"))
	if typ == "" {
		return
	}
	named := errorNamed(typ)
	writes := map[syntax.Node]msgeval.Value{} // write statement → its output
	var order, nodes []syntax.Node
	for n := range scope.Descendants() {
		v, ok := x.writeValue(n)
		if !ok {
			continue
		}
		st := writeStatement(n)
		if _, dup := writes[st]; !dup {
			order = append(order, st)
		}
		writes[st] = v
		nodes = append(nodes, n)
	}
	site := func(at, end syntax.Node, v msgeval.Value) {
		pending := !meaningful(v) && constHole(v)
		if !meaningful(v) && !pending || x.notes.Broken(at) {
			// `Error::Custom(ref msg) => msg.fmt(f)`: no site, but the
			// message of a construction that passes the text
			if len(v.Alts) > 0 && !x.notes.Broken(at) {
				var debug []errdex.Template
				if t, ok := x.debugForm(at, typ); ok {
					debug = []errdex.Template{t}
				}
				x.displayMessage(at, typ, v.Alts[0], debug)
			}
			return
		}
		site := x.add(errdex.KindErrorMethod, typ, at, x.function(at), v)
		if pending {
			if x.facts.pendingConsts == nil {
				x.facts.pendingConsts = map[*errdex.Site]bool{}
			}
			x.facts.pendingConsts[site] = true
		}
		debug := x.handDebug(typ)
		if t, ok := x.debugForm(at, typ); ok {
			debug = []errdex.Template{t}
		}
		site.Alternatives = append(site.Alternatives, debug...)
		if x.facts.typed == nil {
			x.facts.typed = map[*errdex.Site]string{}
			x.facts.debugAlts = map[*errdex.Site][]errdex.Template{}
		}
		x.facts.typed[site] = typ
		if len(debug) > 0 {
			x.facts.debugAlts[site] = debug
		}
		x.compose(site, at, typ)
		x.displayMessage(at, typ, site.Template, debug)
		site.Location.EndLine = end.EndLine()
		site.Location.EndColumn = end.End().Column + 1
		if !named {
			if x.facts.displays == nil {
				x.facts.displays = map[*errdex.Site]string{}
			}
			x.facts.displays[site] = typ
		}
	}
	// The write of a message table's entry (f.write_str(self.description())),
	// the only write or one in an arm naming variants: each entry is a
	// site of its own, where its text is.
	done := map[syntax.Node]bool{}
	for _, n := range nodes {
		var arms []syntax.Node
		if len(nodes) == 1 {
			arms = x.tableArms(typ, n)
		} else if method, _ := x.writtenAlone(n); method != "" {
			if m, ok := x.tableMethod(typ, method, n); ok {
				arms = narrowArms(blockValue(m.Child("body")), n)
			}
		}
		if len(arms) > 0 {
			for _, arm := range arms {
				site(arm, arm, x.eval(arm, 0))
			}
			done[writeStatement(n)] = true
		}
	}
	if len(nodes) == 1 && len(done) > 0 {
		return
	}
	emit := func(run []syntax.Node) {
		if len(run) == 0 {
			return
		}
		v := msgeval.Of(errdex.Template{})
		for _, st := range run {
			v = rules.Concat(v, writes[st])
		}
		site(run[0], run[len(run)-1], withSuffixes(v, suffixes(run[0], writes)))
	}
	for _, st := range order {
		if done[st] {
			continue
		}
		block := st.Parent()
		if block.Kind() != "block" {
			done[st] = true
			emit([]syntax.Node{st})
			continue
		}
		var run []syntax.Node
		for c := range block.NamedChildren() {
			if _, ok := writes[c]; ok {
				done[c] = true
				run = append(run, c)
				continue
			}
			if hasWrite(c, writes) {
				emit(run)
				run = nil
			}
		}
		emit(run)
	}
}

// writeValue reports whether n writes to a formatter, and what.
func (x *file) writeValue(n syntax.Node) (msgeval.Value, bool) {
	switch n.Kind() {
	case "macro_invocation":
		name := macroName(n)
		if name != "write" && name != "writeln" {
			return msgeval.Value{}, false
		}
		args := macroArgs(macroTokens(n))
		if len(args) < 2 {
			return msgeval.Value{}, false
		}
		return x.format(args[1:], n, 0)
	case "call_expression":
		fn, args := n.Child("function"), n.Child("arguments")
		switch fn.Kind() {
		case "field_expression":
			switch fn.Child("field").Text() {
			case "write_str", "pad", "write_fmt":
				if args.NamedChildCount() == 1 {
					return x.eval(args.NamedChild(0), 0), true
				}
			case "fmt": // self.0.fmt(f): the value's own Display or Debug
				if args.NamedChildCount() == 1 {
					// "literal".fmt(f), self.description().fmt(f)
					if v := x.eval(fn.Child("value"), 0); v.Text {
						return v, true
					}
					return rules.Unknown(fn.Child("value").Text(), errdex.HoleAny), true
				}
			}
		case "scoped_identifier": // Debug::fmt(&x, f), fmt::Display::fmt(..)
			if fn.Child("name").Text() == "fmt" && args.NamedChildCount() == 2 {
				typ := errdex.HoleAny
				if lastSegment(fn.Child("path").Text()) == "Debug" {
					typ = errdex.HoleRepr
				}
				return rules.Unknown(args.NamedChild(0).Text(), typ), true
			}
		}
	}
	return msgeval.Value{}, false
}

// suffixes returns what the statements after a branch write conditionally
// append to the message the branch writes: in
//
//	match self.kind { Kind::Eof => f.write_str("unexpected end")?, .. }
//	if let Some(line) = self.line { write!(f, " at line {}", line)?; }
//
// the arm's message may go on with " at line {line}". Write st lies in an
// arm (not in a loop) of a match that is a statement of the function's
// body; each
// later if without else whose block writes once adds a suffix; a later
// write outside any if ends them.
func suffixes(st syntax.Node, writes map[syntax.Node]msgeval.Value) []msgeval.Value {
	var top syntax.Node
	for a := st; !a.Parent().IsNull(); a = a.Parent() {
		if p := a.Parent(); p.Kind() == "block" && p.Parent().Kind() == "function_item" {
			top = a
			break
		}
	}
	branch := top
	if branch.Kind() == "expression_statement" {
		branch = branch.NamedChild(0)
	}
	if top == st || branch.Kind() != "match_expression" {
		return nil
	}
	for a := range st.Ancestors() {
		if a == top {
			break
		}
		if a.Is("for_expression", "while_expression", "loop_expression") {
			return nil
		}
	}
	var out []msgeval.Value
	for s := top.NextNamedSibling(); !s.IsNull(); s = s.NextNamedSibling() {
		e := s
		if e.Kind() == "expression_statement" {
			e = e.NamedChild(0)
		}
		if e.Kind() != "if_expression" || !e.Child("alternative").IsNull() {
			if hasWrite(s, writes) {
				break
			}
			continue
		}
		var only []syntax.Node
		for c := range e.Child("consequence").NamedChildren() {
			if _, ok := writes[c]; ok {
				only = append(only, c)
			} else if hasWrite(c, writes) {
				only = nil
				break
			}
		}
		if len(only) == 1 {
			out = append(out, writes[only[0]])
		}
	}
	return out
}

// withSuffixes is message v followed by each combination of the optional
// suffixes, all of them first and v alone last; beyond two suffixes, only
// all of them or none.
func withSuffixes(v msgeval.Value, sfx []msgeval.Value) msgeval.Value {
	if len(sfx) == 0 {
		return v
	}
	var alts []msgeval.Value
	if len(sfx) <= 2 {
		for mask := 1<<len(sfx) - 1; mask > 0; mask-- {
			a := v
			for i, s := range sfx {
				if mask&(1<<i) != 0 {
					a = rules.Concat(a, s)
				}
			}
			alts = append(alts, a)
		}
	} else {
		a := v
		for _, s := range sfx {
			a = rules.Concat(a, s)
		}
		alts = append(alts, a)
	}
	return rules.Union(append(alts, v)...)
}

// tableArms returns the texts of a table that the write n prints alone:
// the match arms of a method of typ in f.write_str(self.description()),
// self.__description().fmt(f) or write!(f, "{}", self.description()),
// where description is `match self { A => "..", B => "..", _ =>
// unreachable!() }` (or the method's value itself when it is text but no
// match); the arms of the match a local variable is bound to in
// `let text = match self { .. }; f.write_str(text)`. Arms that produce
// no value are left out. It returns nil for any other write.
func (x *file) tableArms(typ string, n syntax.Node) []syntax.Node {
	method, variable := x.writtenAlone(n)
	var table syntax.Node
	switch {
	case method != "":
		m, ok := x.tableMethod(typ, method, n)
		if !ok {
			return nil
		}
		table = blockValue(m.Child("body"))
		if table.Kind() != "match_expression" {
			if x.eval(table, 0).Text {
				return []syntax.Node{table}
			}
			return nil
		}
	case variable != "":
		let := x.letInScope(variable, n)
		if let.IsNull() || len(x.assigns[variable]) > 0 {
			return nil
		}
		table = let.Child("value")
		if table.Kind() != "match_expression" {
			return nil
		}
	case writtenMatch(n).Kind() == "match_expression":
		// f.write_str(match *self { A => "..", .. })
		table = writtenMatch(n)
	default:
		return nil
	}
	var arms []syntax.Node
	for arm := range table.Child("body").NamedChildren() {
		v := arm.Child("value")
		if v.Kind() == "return_expression" && method != "" {
			v = v.NamedChild(0)
		}
		if arm.Kind() == "match_arm" && !v.IsNull() && !diverges(v) {
			arms = append(arms, v)
		}
	}
	return arms
}

// writtenMatch is the match expression the call n, f.write_str(..),
// f.pad(..) or (..).fmt(f), writes, or a null node.
func writtenMatch(n syntax.Node) syntax.Node {
	if w := writtenArg(n); w.Kind() == "match_expression" {
		return w
	}
	return syntax.Node{}
}

// writtenArg is the expression the call n, f.write_str(..), f.pad(..) or
// (..).fmt(f), writes, without references and parentheses; a null node
// for any other call.
func writtenArg(n syntax.Node) syntax.Node {
	fn, args := n.Child("function"), n.Child("arguments")
	if n.Kind() != "call_expression" || fn.Kind() != "field_expression" || args.NamedChildCount() != 1 {
		return syntax.Node{}
	}
	var written syntax.Node
	switch fn.Child("field").Text() {
	case "write_str", "pad":
		written = args.NamedChild(0)
	case "fmt":
		written = fn.Child("value")
	}
	for written.Is("reference_expression", "parenthesized_expression") {
		written = written.NamedChild(0)
	}
	return written
}

// writtenAlone returns what the write n prints and nothing else: the name
// of a method called on self with no arguments (self.description()), or
// on a field of self ("kind.description" for self.kind.description()),
// or of a variable.
func (x *file) writtenAlone(n syntax.Node) (method, variable string) {
	if n.Kind() == "macro_invocation" {
		// write!(f, "{}", expr)
		args := macroArgs(macroTokens(n))
		if macroName(n) != "write" || len(args) != 3 {
			return "", ""
		}
		if f, ok := x.formatString(args[1]); !ok || f != "{}" {
			return "", ""
		}
		toks := args[2].toks
		switch {
		case len(toks) == 1 && toks[0].Kind() == "identifier":
			return "", toks[0].Text()
		case len(toks) == 4 && toks[0].Kind() == "self" && toks[1].Kind() == "." &&
			toks[3].Kind() == "token_tree" && toks[3].NamedChildCount() == 0:
			return toks[2].Text(), ""
		case len(toks) == 6 && toks[0].Kind() == "self" && toks[1].Kind() == "." && toks[3].Kind() == "." &&
			toks[5].Kind() == "token_tree" && toks[5].NamedChildCount() == 0:
			return toks[2].Text() + "." + toks[4].Text(), "" // self.kind.description()
		}
		return "", ""
	}
	written := writtenArg(n)
	if written.Kind() == "identifier" {
		return "", written.Text()
	}
	callee := written.Child("function")
	if written.Kind() != "call_expression" || callee.Kind() != "field_expression" || written.Child("arguments").NamedChildCount() != 0 {
		return "", ""
	}
	switch recv := callee.Child("value"); {
	case recv.Kind() == "self":
		return callee.Child("field").Text(), ""
	case recv.Kind() == "field_expression" && recv.Child("value").Kind() == "self":
		// self.kind.description(): a method of the field's type
		return recv.Child("field").Text() + "." + callee.Child("field").Text(), ""
	}
	return "", ""
}

// tableMethod returns the method a write at n in a Display of typ prints
// the value of (see writtenAlone): a method of typ, or, for
// "field.method", of the type of that field of typ (num-rational's
// self.kind.description().fmt(f), description a method of RatioErrorKind).
func (x *file) tableMethod(typ, method string, n syntax.Node) (syntax.Node, bool) {
	if field, name, ok := strings.Cut(method, "."); ok {
		if typ = x.valueType("self."+field, n, typ); typ == "" {
			return syntax.Node{}, false
		}
		method = name
	}
	m, ok := x.methods[typ+"::"+method]
	return m, ok
}

// writeStatement is the statement of a block that a write is, through
// "?" and return: the expression statement, or the block's tail
// expression. A write that is no statement of its own is returned as is.
func writeStatement(n syntax.Node) syntax.Node {
	for {
		p := n.Parent()
		switch p.Kind() {
		case "try_expression", "return_expression":
			n = p
			continue
		case "expression_statement":
			return p
		}
		return n
	}
}

// hasWrite reports whether a statement holds one of the writes.
func hasWrite(st syntax.Node, writes map[syntax.Node]msgeval.Value) bool {
	for d := range st.Descendants() {
		if _, ok := writes[d]; ok {
			return true
		}
	}
	return false
}

// meaningful reports whether a value is text with a letter in its literal
// parts: punctuation or a number alone (", ", "0") identifies nothing.
func meaningful(v msgeval.Value) bool {
	if !v.Text || len(v.Alts) == 0 {
		return false
	}
	for _, p := range v.Alts[0].Parts {
		if !p.IsHole() && strings.IndexFunc(p.Text, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}
