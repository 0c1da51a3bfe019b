package rust

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Bounds on the work spent on one file's messages.
const (
	maxDepth = 12      // nested evaluations (variables of variables, ...)
	maxSteps = 200_000 // evaluations in one file
)

// rules keep the messages of Rust expressions, with holes named as Rust
// expressions are (msgeval.PrintRules).
var rules = msgeval.PrintRules(template.RustHoleName)

// eval evaluates an expression node.
func (x *file) eval(n syntax.Node, depth int) msgeval.Value {
	if n.IsNull() || !x.budget.Step(depth) {
		return rules.Unknown(n.Text(), errdex.HoleAny)
	}
	switch n.Kind() {
	case "string_literal", "raw_string_literal":
		if s, ok := stringValue(n); ok {
			return msgeval.Lit(s)
		}
	case "integer_literal", "boolean_literal", "char_literal":
		if s, ok := literalDisplay(n); ok {
			return msgeval.Lit(s)
		}
	case "macro_invocation":
		switch macroName(n) {
		case "format", "format_args":
			if v, ok := x.format(macroArgs(macroTokens(n)), n, depth); ok {
				return v
			}
		case "concat":
			if v, ok := x.concatMacro(macroArgs(macroTokens(n))); ok {
				return v
			}
		}
	case "call_expression":
		if v, ok := x.evalCall(n, depth); ok {
			return v
		}
	case "reference_expression", "parenthesized_expression", "type_cast_expression":
		inner := n.Child("value")
		if inner.IsNull() {
			inner = n.NamedChild(0)
		}
		return x.eval(inner, depth+1)
	case "identifier":
		if v, ok := x.expansion.value(n); ok {
			return v
		}
		if v, ok := x.resolve(n.Text(), n, depth); ok {
			return v
		}
	case "if_expression":
		if v, ok := x.evalIf(n, depth); ok {
			return v
		}
	case "match_expression":
		var vs []msgeval.Value
		for arm := range n.Child("body").NamedChildren() {
			if arm.Kind() == "match_arm" && !diverges(arm.Child("value")) {
				vs = append(vs, x.eval(arm.Child("value"), depth+1))
			}
		}
		if len(vs) > 0 {
			return rules.Union(vs...)
		}
	case "block":
		if e := blockValue(n); !e.IsNull() {
			return x.eval(e, depth+1)
		}
	case "binary_expression":
		// String + &str appends; a number on either side is arithmetic
		// (let line_num = line + 1), whose value is the run's.
		if n.Child("operator").Text() == "+" && !n.Child("left").Is("integer_literal", "float_literal") &&
			!n.Child("right").Is("integer_literal", "float_literal") {
			if v, ok := rules.Add(x.eval(n.Child("left"), depth+1), x.eval(n.Child("right"), depth+1)); ok {
				return v
			}
		}
	case "closure_expression":
		return x.eval(n.Child("body"), depth+1)
	}
	return rules.Unknown(n.Text(), errdex.HoleAny)
}

// divergingMacros never produce a value.
var divergingMacros = map[string]bool{"panic": true, "unreachable": true, "todo": true, "unimplemented": true}

// diverges reports whether an expression produces no value: a panic!,
// unreachable!, break or continue (a match arm `_ => unreachable!()` adds
// nothing to the values a match has).
func diverges(n syntax.Node) bool {
	switch n.Kind() {
	case "macro_invocation":
		return divergingMacros[macroName(n)]
	case "break_expression", "continue_expression":
		return true
	case "block":
		var last syntax.Node
		for c := range n.NamedChildren() {
			if !isComment(c) {
				last = c
			}
		}
		if last.Kind() == "expression_statement" {
			last = last.NamedChild(0)
		}
		return !last.IsNull() && diverges(last)
	}
	return false
}

// textMethods return their receiver's text unchanged (as far as the
// message goes).
var textMethods = map[string]bool{
	"to_string": true, "to_owned": true, "into": true, "as_str": true, "as_ref": true,
	"clone": true, "borrow": true, "to_str": true, "into_owned": true, "as_string": true,
}

// textFuncs convert their one argument to a string or a boxed error
// holding it.
var textFuncs = map[string]bool{
	"String::from": true, "Box::from": true, "Cow::from": true, "From::from": true, "Into::into": true,
	"str::to_string": true, "ToString::to_string": true, "Cow::Borrowed": true, "Cow::Owned": true,
	"String::from_str": true, "std::string::String::from": true, "std::borrow::Cow::from": true,
}

// evalCall evaluates conversions of Text: "..".to_string(),
// String::from(".."), String::new().
func (x *file) evalCall(n syntax.Node, depth int) (msgeval.Value, bool) {
	fn, args := n.Child("function"), n.Child("arguments")
	switch fn.Kind() {
	case "field_expression":
		if fn.Child("value").Kind() == "self" && args.NamedChildCount() == 0 {
			if v, ok := x.selfMethod(fn.Child("field").Text(), n, depth); ok {
				return v, true
			}
		}
		if textMethods[fn.Child("field").Text()] && args.NamedChildCount() == 0 {
			v := x.eval(fn.Child("value"), depth+1)
			return v, v.Text
		}
	case "scoped_identifier", "identifier":
		callee := fn.Text()
		switch {
		case callee == "String::new" && args.NamedChildCount() == 0:
			return msgeval.Of(errdex.Template{}), true
		case textFuncs[callee] && args.NamedChildCount() == 1:
			v := x.eval(args.NamedChild(0), depth+1)
			return v, v.Text
		}
	}
	return msgeval.Value{}, false
}

// selfMethod evaluates self.name() called at node at: the value of the
// method of that name in the impl blocks of the enclosing impl's type
// (fn description(&self) -> &str { match self { .. => "..", .. } }).
func (x *file) selfMethod(name string, at syntax.Node, depth int) (msgeval.Value, bool) {
	for a := range at.Ancestors() {
		if a.Kind() != "impl_item" {
			continue
		}
		m, ok := x.methods[typeName(a.Child("type"))+"::"+name]
		if !ok || m.Contains(at) {
			return msgeval.Value{}, false
		}
		body := blockValue(m.Child("body"))
		if body.IsNull() {
			return msgeval.Value{}, false
		}
		if arms := narrowArms(body, at); len(arms) > 0 {
			var vs []msgeval.Value
			for _, arm := range arms {
				if v := x.eval(arm, depth+1); v.Text {
					vs = append(vs, v)
				}
			}
			if len(vs) > 0 {
				return rules.Union(vs...), true
			}
		}
		v := x.eval(body, depth+1)
		return v, v.Text
	}
	return msgeval.Value{}, false
}

// narrowArms returns the values of the arms of table, a match on self,
// for the variants that the match arm around at names: in a Display's
// arm `Kind::A | Kind::B => write!(f, "{}", self.description())`,
// description's arms for A and B. Outside a match arm, an if let around
// at narrows the same way, its else branch to the variants its pattern
// does not name (mime's `if let ParseError::InvalidToken { pos, byte } =
// *self { write!(..) } else { f.write_str(self.s()) }`: the arms of s but
// InvalidToken's). It returns nil when at lies in no arm or if let naming
// variants, or table is no match.
func narrowArms(table, at syntax.Node) []syntax.Node {
	if table.Kind() != "match_expression" {
		return nil
	}
	want, except := armVariants(enclosingArm(at)), false
	if len(want) == 0 {
		var cond syntax.Node
		cond, except = enclosingIfLet(at)
		want = armVariants(cond)
	}
	if len(want) == 0 {
		return nil
	}
	var vals []syntax.Node
	for arm := range table.Child("body").NamedChildren() {
		v := arm.Child("value")
		if v.Kind() == "return_expression" {
			v = v.NamedChild(0)
		}
		if arm.Kind() != "match_arm" || v.IsNull() || diverges(v) {
			continue
		}
		named := false
		for name := range armVariants(arm) {
			if want[name] {
				named = true
				break
			}
		}
		if named != except {
			vals = append(vals, v)
		}
	}
	return vals
}

// enclosingIfLet returns the let condition of the if let of the function
// around n whose branches hold n, and whether n is in its else branch; a
// null node when a match arm or no such if is nearer.
func enclosingIfLet(n syntax.Node) (syntax.Node, bool) {
	for a := range n.Ancestors() {
		switch a.Kind() {
		case "if_expression":
			cond := a.Child("condition")
			if cond.Kind() != "let_condition" {
				continue
			}
			alt := a.Child("alternative")
			return cond, !alt.IsNull() && alt.Contains(n)
		case "match_arm", "function_item", "closure_expression":
			return syntax.Node{}, false
		}
	}
	return syntax.Node{}, false
}

// enclosingArm is the match arm of the function around n that holds it,
// or a null node.
func enclosingArm(n syntax.Node) syntax.Node {
	for a := range n.Ancestors() {
		switch a.Kind() {
		case "match_arm":
			return a
		case "function_item", "closure_expression":
			return syntax.Node{}
		}
	}
	return syntax.Node{}
}

// armVariants returns the variants a match arm's pattern names
// (Kind::A | Kind::B(..) | Kind::C { .. }), by name; nil for a null arm
// or one naming none.
func armVariants(arm syntax.Node) map[string]bool {
	if arm.IsNull() {
		return nil
	}
	names := map[string]bool{}
	var walk func(p syntax.Node)
	walk = func(p syntax.Node) {
		switch p.Kind() {
		case "or_pattern", "match_pattern":
			for c := range p.NamedChildren() {
				walk(c)
			}
		case "tuple_struct_pattern", "struct_pattern":
			walk(p.Child("type"))
		case "scoped_identifier", "scoped_type_identifier":
			names[p.Child("name").Text()] = true
		case "identifier", "type_identifier": // A, or A { .. } after use Kind::*
			if t := p.Text(); t != "" && unicode.IsUpper(rune(t[0])) {
				names[t] = true
			}
		}
	}
	walk(arm.Child("pattern"))
	return names
}

// evalIf evaluates an if expression with an else branch.
func (x *file) evalIf(n syntax.Node, depth int) (msgeval.Value, bool) {
	alt := n.Child("alternative")
	if alt.IsNull() {
		return msgeval.Value{}, false
	}
	then := x.eval(n.Child("consequence"), depth+1)
	var other syntax.Node
	for c := range alt.NamedChildren() {
		if !isComment(c) {
			other = c
		}
	}
	return rules.Union(then, x.eval(other, depth+1)), true
}

// blockValue returns the expression a block evaluates to: its last
// expression when no semicolon follows it.
func blockValue(b syntax.Node) syntax.Node {
	var last syntax.Node
	for c := range b.NamedChildren() {
		if !isComment(c) {
			last = c
		}
	}
	switch {
	case last.IsNull(), strings.HasSuffix(last.Kind(), "_item"), last.Is("let_declaration", "attribute_item", "empty_statement"):
		return syntax.Node{}
	case last.Kind() == "expression_statement":
		if l := lastChild(last); l.Kind() == ";" {
			return syntax.Node{}
		}
		return last.NamedChild(0)
	}
	return last
}

func lastChild(n syntax.Node) syntax.Node {
	var l syntax.Node
	for c := range n.Children() {
		l = c
	}
	return l
}

// macroName is the last segment of a macro invocation's path
// ("anyhow::bail" → "bail").
func macroName(n syntax.Node) string {
	m := n.Child("macro")
	if m.Kind() == "scoped_identifier" {
		return m.Child("name").Text()
	}
	return m.Text()
}

// macroTokens returns a macro invocation's token tree.
func macroTokens(n syntax.Node) syntax.Node {
	for c := range n.NamedChildren() {
		if c.Kind() == "token_tree" {
			return c
		}
	}
	return syntax.Node{}
}

// evalTokens evaluates a macro argument given as tokens. at is the macro
// invocation, the position for variable lookups.
func (x *file) evalTokens(a tokArg, at syntax.Node, depth int) msgeval.Value {
	toks := a.toks
	if !x.budget.Step(depth) {
		return rules.Unknown(a.text(), errdex.HoleAny)
	}
	// Leading borrows and trailing conversions do not change the text.
	for len(toks) > 1 && toks[0].Is("&", "*") {
		toks = toks[1:]
	}
	if len(toks) > 1 && toks[0].Kind() == "mutable_specifier" {
		toks = toks[1:]
	}
	for len(toks) >= 4 && toks[len(toks)-3].Kind() == "." && textMethods[toks[len(toks)-2].Text()] &&
		toks[len(toks)-1].Kind() == "token_tree" && toks[len(toks)-1].NamedChildCount() == 0 {
		toks = toks[:len(toks)-3]
	}
	if len(toks) == 4 && toks[0].Kind() == "self" && toks[1].Kind() == "." && toks[3].Kind() == "token_tree" && toks[3].NamedChildCount() == 0 {
		if v, ok := x.selfMethod(toks[2].Text(), at, depth); ok {
			return v
		}
	}
	switch {
	case len(toks) == 1 && isStringLit(toks[0]):
		if s, ok := stringValue(toks[0]); ok {
			return msgeval.Lit(s)
		}
	case len(toks) == 1 && toks[0].Is("integer_literal", "boolean_literal", "char_literal"):
		if s, ok := literalDisplay(toks[0]); ok {
			return msgeval.Lit(s)
		}
	case len(toks) == 1 && toks[0].Kind() == "identifier":
		if v, ok := x.expansion.value(toks[0]); ok {
			return v
		}
		if v, ok := x.resolve(toks[0].Text(), at, depth); ok {
			return v
		}
	case len(toks) == 3 && toks[1].Kind() == "!" && toks[2].Kind() == "token_tree":
		switch name := lastSegment(toks[0].Text()); name {
		case "format", "format_args":
			if v, ok := x.format(macroArgs(toks[2]), at, depth); ok {
				return v
			}
		case "concat":
			if v, ok := x.concatMacro(macroArgs(toks[2])); ok {
				return v
			}
		}
	case len(toks) == 4 && toks[0].Kind() == "identifier" && toks[1].Kind() == "::" && toks[3].Kind() == "token_tree":
		// String::from("..") and the like, as tokens.
		if textFuncs[toks[0].Text()+"::"+toks[2].Text()] {
			if inner := macroArgs(toks[3]); len(inner) == 1 {
				v := x.evalTokens(inner[0], at, depth+1)
				if v.Text {
					return v
				}
			}
		}
	}
	return rules.Unknown(a.text(), errdex.HoleAny)
}

func lastSegment(path string) string {
	if i := strings.LastIndex(path, "::"); i >= 0 {
		return path[i+2:]
	}
	return path
}

// concatMacro evaluates concat!("a", "b", 1).
func (x *file) concatMacro(args []tokArg) (msgeval.Value, bool) {
	var b strings.Builder
	for _, a := range args {
		if len(a.toks) != 1 {
			return msgeval.Value{}, false
		}
		t := a.toks[0]
		if b, ok := x.expansion.token(t); ok {
			t = b
		}
		switch {
		case isStringLit(t):
			s, ok := stringValue(t)
			if !ok {
				return msgeval.Value{}, false
			}
			b.WriteString(s)
		case t.Is("integer_literal", "float_literal", "boolean_literal"):
			b.WriteString(t.Text())
		default:
			return msgeval.Value{}, false
		}
	}
	return msgeval.Lit(b.String()), true
}

// formatString evaluates the format argument of a formatting macro: a
// string literal or concat!(...).
func (x *file) formatString(a tokArg) (string, bool) {
	if len(a.toks) == 1 {
		if b, ok := x.expansion.token(a.toks[0]); ok {
			a.toks = []syntax.Node{b}
		}
	}
	switch {
	case len(a.toks) == 1 && isStringLit(a.toks[0]):
		return stringValue(a.toks[0])
	case len(a.toks) == 3 && lastSegment(a.toks[0].Text()) == "concat" && a.toks[1].Kind() == "!":
		v, ok := x.concatMacro(macroArgs(a.toks[2]))
		if ok && len(v.Alts) == 1 {
			return v.Alts[0].String(), true
		}
	}
	return "", false
}

// format evaluates format-style arguments: a format string followed by its
// arguments. It reports false when the first argument is not a format
// string. An argument with several alternatives gives the message's
// alternatives, one argument varying at a time.
func (x *file) format(args []tokArg, at syntax.Node, depth int) (msgeval.Value, bool) {
	if len(args) == 0 {
		return msgeval.Value{}, false
	}
	f, ok := x.formatString(args[0])
	if !ok {
		return msgeval.Value{}, false
	}
	rest := args[1:]
	bargs := make([]template.BraceArg, len(rest))
	for i, a := range rest {
		bargs[i] = template.BraceArg{Name: a.name, Expr: rules.Expr(a.text())}
	}
	// Identifiers captured from the scope ("{path}") are named arguments
	// too, so that a variable holding text is inlined like one passed.
	captured := capturedNames(f, bargs)
	for _, name := range captured {
		bargs = append(bargs, template.BraceArg{Name: name, Expr: name})
	}
	v, problems := rules.Vary(len(bargs), func(i int) msgeval.Value {
		if i < len(rest) {
			return x.evalTokens(rest[i], at, depth+1)
		}
		if r, ok := x.resolve(bargs[i].Name, at, depth+1); ok {
			return r
		}
		return rules.Unknown(bargs[i].Name, errdex.HoleAny)
	}, func(arg func(int) (errdex.Template, bool)) (errdex.Template, []string) {
		res := template.BraceFormat{Dialect: template.BraceRust, Value: arg}.Parse(f, bargs)
		return res.Template, res.Problems
	})
	if x.expansion == nil || len(rest) > 0 && !x.repeated(rest[len(rest)-1]) {
		// A macro's repetition, $($arg),+, is read as its contents once:
		// its format's further placeholders have no argument here.
		x.formatProblems(at, problems)
	}
	return v, true
}

// capturedNames returns the identifiers a Rust format string refers to
// ("{path}", "{n:>4}") that no named argument provides, in order, once each.
func capturedNames(f string, args []template.BraceArg) []string {
	if !strings.Contains(f, "{") {
		return nil
	}
	f = strings.NewReplacer("{{", "  ", "}}", "  ").Replace(f)
	var names []string
	for _, m := range capturedRef.FindAllStringSubmatch(f, -1) {
		name := m[1]
		if slices.Contains(names, name) || slices.ContainsFunc(args, func(a template.BraceArg) bool { return a.Name == name }) {
			continue
		}
		names = append(names, name)
	}
	return names
}

// capturedRef matches a replacement field naming an identifier.
var capturedRef = regexp.MustCompile(`\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^{}]*)?\}`)

// formatProblems records the problems of a format string.
func (x *file) formatProblems(at syntax.Node, problems []string) {
	for _, p := range problems {
		x.notes.Addf("line %d: format string: %s", at.Line(), p)
	}
}

// integerSuffix matches the type suffix of an integer literal.
var integerSuffix = regexp.MustCompile(`_*(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize)$`)

// literalDisplay is how Display prints a literal token: an integer in
// decimal, a bool, a char as itself.
func literalDisplay(t syntax.Node) (string, bool) {
	text := t.Text()
	switch t.Kind() {
	case "integer_literal":
		digits := strings.ReplaceAll(integerSuffix.ReplaceAllString(text, ""), "_", "")
		if strings.HasPrefix(digits, "0") && len(digits) > 1 && strings.IndexByte("xob", digits[1]) < 0 {
			digits = strings.TrimLeft(digits, "0") // decimal with leading zeros
			if digits == "" {
				digits = "0"
			}
		}
		v, err := strconv.ParseUint(digits, 0, 64)
		if err != nil {
			return "", false
		}
		return strconv.FormatUint(v, 10), true
	case "boolean_literal":
		return text, true
	case "char_literal":
		if s, ok := decodeString(`"` + strings.TrimSuffix(strings.TrimPrefix(text, "'"), "'") + `"`); ok && utf8.RuneCountInString(s) == 1 {
			return s, true
		}
	}
	return "", false
}

// literalDebug is how Debug prints a simple literal (an integer, a bool,
// a string or char without escapes), for the values assert_eq! and
// ensure! print; false for anything else.
func literalDebug(toks []syntax.Node) (string, bool) {
	if len(toks) != 1 {
		return "", false
	}
	t := toks[0]
	switch {
	case t.Is("integer_literal", "boolean_literal"):
		return literalDisplay(t)
	case isStringLit(t):
		s, ok := stringValue(t)
		if ok && plainText(s) {
			return `"` + s + `"`, true
		}
	case t.Kind() == "char_literal":
		s, ok := literalDisplay(t)
		if ok && plainText(s) && s != "'" {
			return "'" + s + "'", true
		}
	}
	return "", false
}

// plainText reports whether Debug prints s without escapes.
func plainText(s string) bool {
	for _, r := range s {
		if r == '"' || r == '\\' || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
