package cpp

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// A reporter is a C-style error-reporting function: it records or prints
// the message it is given instead of throwing it (libpng's
// png_error(png_ptr, "Not a PNG file"), SQLite's sqlite3ErrorMsg(pParse,
// "no such table: %s", zName), a decoder's SetError(ds, -1, "Trailing
// data")). Its name says it reports an error or a warning, and one of its
// parameters is text named as a message or a format; a variadic one's
// last named parameter is a printf format. Each call that passes text for
// that parameter is a site, as a helper's call is (see helperCalls).

// reporterWords are the words of a function's name that say it reports
// an error.
var reporterWords = map[string]bool{
	"error": true, "err": true, "errmsg": true, "errormsg": true, "warning": true, "warn": true,
	"fatal": true, "fail": true, "die": true, "panic": true,
}

// messageWords are the words a message parameter's name holds.
var messageWords = []string{"msg", "message", "fmt", "format", "reason"}

// reporter returns the message parameter of a function definition that
// reports errors: its index among the parameters, and how the arguments
// from there make the message: a printf format when it is the last named
// parameter of a variadic function, the concatenation of a parameter
// pack's arguments (const T&... reason).
func reporter(def syntax.Node) (index int, how messageArgs, ok bool) {
	d := functionDeclarator(def)
	name := declaratorName(def.Child("declarator"))
	if d.IsNull() || !reportsErrors(lastSegment(name)) || isConstructor(def) {
		return 0, oneArg, false
	}
	names := parameterNames(def)
	i := 0
	for p := range d.Child("parameters").NamedChildren() {
		if !p.Is(paramKinds...) {
			continue
		}
		if p.Kind() == "variadic_parameter_declaration" {
			if isMessageName(names[i]) {
				return i, packArgs, true
			}
		} else if isTextType(p) && isMessageName(names[i]) {
			_, most := arity(def)
			if most < 0 && i == len(names)-1 {
				return i, printfArgs, true
			}
			return i, oneArg, true
		}
		i++
	}
	return 0, oneArg, false
}

// paramKinds are the kinds of the parameters parameterNames names.
var paramKinds = []string{"parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration"}

// messageArgs says how a reporter's arguments make its message.
type messageArgs int

const (
	oneArg     messageArgs = iota // the argument for the message parameter
	printfArgs                    // a printf format and the arguments after it
	packArgs                      // the arguments of a parameter pack, concatenated: set_error("expected '", c, "'")
)

// reportsErrors reports whether a function's name holds a word of
// reporterWords: png_chunk_error, sqlite3ErrorMsg, SetError, log_warn;
// or a word glued to "error" in lower case, as C names often are: Lua's
// luaG_runerror, luaL_argerror and luaX_syntaxerror.
func reportsErrors(name string) bool {
	for _, w := range nameWords(name) {
		if reporterWords[w] || strings.HasSuffix(w, "error") {
			return true
		}
	}
	return false
}

// nameWords splits an identifier into its lower-case words at
// underscores, digits and lower-to-upper case changes.
func nameWords(name string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, strings.ToLower(cur.String()))
			cur.Reset()
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case r == '_' || unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur.WriteRune(r)
		prevLower = unicode.IsLower(r)
	}
	flush()
	return words
}

// isTextType reports whether a parameter declaration's type is text: a
// char pointer or array (png_const_charp, const char *), or a string.
func isTextType(p syntax.Node) bool {
	t := strings.ToLower(p.Child("type").Text())
	if strings.Contains(t, "string") {
		return true
	}
	if !strings.Contains(t, "char") {
		return false
	}
	return strings.HasSuffix(t, "charp") || strings.ContainsAny(p.Child("declarator").Text(), "*[")
}

// isMessageName reports whether a parameter's name says it is a message
// or a format: message, error_message, zFormat, fmt.
func isMessageName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range messageWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// addReporters gives each reporter among defs a site whose message is its
// message parameter, unless a site of the function already is: the calls
// of a function with such a site are sites (helperCalls, Link).
func (x *file) addReporters(defs []syntax.Node) {
	reporters := map[string]bool{}
	for _, def := range defs {
		if _, _, ok := reporter(def); ok {
			reporters[lastSegment(declaratorName(def.Child("declarator")))] = true
		}
	}
	for _, def := range defs {
		i, how, ok := reporter(def)
		if !ok {
			continue
		}
		param := parameterNames(def)[i]
		if x.hasHelperSite(def, param) || passesOn(def, param, reporters) {
			continue
		}
		at := paramNode(def, i)
		s := x.add(errdex.KindSetError, "", at, rules.Unknown(param, errdex.HoleStr))
		if how != oneArg {
			x.reporterArgs[s] = how
		}
	}
}

// passesOn reports whether def passes its parameter param, with text of
// its own, to a call of one of the file's reporters: the message is then
// part of the callee's, whose calls helperCalls reads (luaL_argerror's
// luaL_error(L, "bad %s #%d to '%s' (%s)", ..., extramsg)). A parameter
// passed on alone (addError(message, token)) keeps the reporter's site.
func passesOn(def syntax.Node, param string, reporters map[string]bool) bool {
	self := lastSegment(declaratorName(def.Child("declarator")))
	for n := range def.Child("body").Descendants() {
		if n.Kind() != "call_expression" {
			continue
		}
		callee := lastSegment(msgeval.Compact(n.Child("function").Text()))
		if callee == self || !reporters[callee] {
			continue
		}
		passed, text := false, false
		for _, a := range arguments(n.Child("arguments")) {
			for a.Kind() == "parenthesized_expression" {
				a = a.NamedChild(0)
			}
			passed = passed || a.Kind() == "identifier" && a.Text() == param
			text = text || a.Is("string_literal", "concatenated_string")
		}
		if passed && text {
			return true
		}
	}
	return false
}

// hasHelperSite reports whether a site of def has parameter param as its
// whole message, or as part of it (see embeddedHelper).
func (x *file) hasHelperSite(def syntax.Node, param string) bool {
	for _, s := range x.sites {
		if x.siteDefs[s] != def {
			continue
		}
		for _, t := range append([]errdex.Template{s.Template}, s.Alternatives...) {
			for _, p := range t.Parts {
				if p.IsHole() && unwrapPassThrough(p.Expr) == param {
					return true
				}
			}
		}
	}
	return false
}

// embeddedHelper records the function of site s as a helper when a
// text parameter is part of the site's message rather than the whole:
// Lua's luaL_argerror(L, arg, extramsg) raises luaL_error(L, "bad %s #%d
// to '%s' (%s)", argword, arg, ar.name, extramsg), and its call
// luaL_argerror(L, 2, "position out of bounds") raises "bad argument #2
// to 'insert' (position out of bounds)". The call's sites take the
// helper's messages with the parameter replaced by the call's text, one
// for each of the function's sites that holds it. The parameter is the
// first one named as a message (see isMessageName), else the first text
// parameter of the message; the other text parameters of the message
// are replaced too where the call passes text for them (CPython's
// _PyArg_BadArgument(fname, displayname, expected, arg) raises
// "%.200s() %.200s must be %.50s, not %.50s", and its call
// _PyArg_BadArgument("heappush", "argument 1", "list", args[0]) raises
// "heappush() argument 1 must be list, not {tp_name}"). A helper whose
// parameter is a whole message keeps that site alone.
func (x *file) embeddedHelper(s *errdex.Site, helpers map[string]helper, byDef map[any]*helperFact) (string, bool) {
	def, ok := x.siteDefs[s]
	if !ok || isConstructor(def) {
		return "", false
	}
	name := lastSegment(declaratorName(def.Child("declarator")))
	names := parameterNames(def)
	msgs := append([]errdex.Template{s.Template}, s.Alternatives...)
	i, extra := embeddedParams(def, msgs, names)
	if name == "" || i < 0 {
		return "", false
	}
	h, seen := helpers[name]
	switch {
	case !seen:
		h = helper{def: def, param: i, how: oneArg, site: s}
	case h.def != def || h.param != i || len(h.wraps) == 0:
		return "", false // another function of the name, another parameter, or a whole message
	}
	for _, t := range msgs {
		if len(h.wraps) < rules.Alternatives.Max {
			h.wraps = append(h.wraps, t)
		}
	}
	for _, j := range extra {
		if !slices.Contains(h.extra, j) {
			h.extra = append(h.extra, j)
		}
	}
	helpers[name] = h
	least, most := arity(def)
	x.recordWrapper(byDef, def, x.function(def.Child("declarator")), least, most, i, names, extra, s, msgs)
	return name, true
}

// embeddedParams returns the index among names of the parameter that
// makes a function with messages msgs a helper (see embeddedHelper), or
// -1, and the indexes of its other text parameters that are holes of
// msgs.
func embeddedParams(def syntax.Node, msgs []errdex.Template, names []string) (int, []int) {
	var texts []int
	for _, t := range msgs {
		for _, p := range t.Parts {
			if !p.IsHole() {
				continue
			}
			if i := slices.Index(names, unwrapPassThrough(p.Expr)); i >= 0 && !slices.Contains(texts, i) && isTextType(paramNode(def, i)) {
				texts = append(texts, i)
			}
		}
	}
	if len(texts) == 0 {
		return -1, nil
	}
	primary := texts[0]
	for _, i := range texts {
		if isMessageName(names[i]) {
			primary = i
			break
		}
	}
	return primary, slices.DeleteFunc(texts, func(i int) bool { return i == primary })
}

// substitution is the map Substitute takes for a call of a helper with
// message parameter param (named names[param]) whose value is msg, and
// other text parameters extra whose values text gives where the call
// passes text.
func substitution(names []string, param int, msg []errdex.Template, extra []int, text func(int) ([]errdex.Template, bool)) map[string][]errdex.Template {
	m := map[string][]errdex.Template{names[param]: msg}
	for _, j := range extra {
		if j >= len(names) {
			continue
		}
		if v, ok := text(j); ok {
			m[names[j]] = v
		}
	}
	return m
}

// isReasonName reports whether a parameter's name says it is a message,
// not a format: msg, message, reason, errmsg.
func isReasonName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "msg") || strings.Contains(n, "message") || strings.Contains(n, "reason")
}

// paramNode is the i-th parameter declaration of a function definition.
func paramNode(def syntax.Node, i int) syntax.Node {
	k := 0
	for p := range functionDeclarator(def).Child("parameters").NamedChildren() {
		if !p.Is(paramKinds...) {
			continue
		}
		if k == i {
			return p
		}
		k++
	}
	return def
}

// isConstructor reports whether a function definition is a constructor,
// which builds an exception rather than reporting one (Link's
// constructors): cli_error(std::string msg) in class cli_error.
func isConstructor(def syntax.Node) bool {
	qualified := declaratorName(def.Child("declarator"))
	if scope, last, ok := cutLast(qualified); ok && lastSegment(scope) == last {
		return true
	}
	class := msgeval.Enclosing(def, "class_specifier", "struct_specifier")
	return !class.IsNull() && lastSegment(class.Child("name").Text()) == lastSegment(qualified)
}

// quietPrintf evaluates a printf call whose format is args[0] without
// noting the format's problems: a call's argument is tried as a format
// (recordCalls) before Link knows whether the callee takes one.
func (x *file) quietPrintf(args []syntax.Node, at syntax.Node) (msgeval.Value, bool) {
	saved := x.notes
	defer func() { x.notes = saved }()
	return x.printf(template.PrintfC, args, at, 0)
}

// errorFieldWords are the words of a struct field's name that say it
// holds an error message: zlib's strm->msg, a parser's p->zErrMsg.
var errorFieldWords = map[string]bool{
	"msg": true, "message": true, "err": true, "error": true, "errmsg": true, "errstr": true, "errormsg": true,
}

// fieldMessage builds the site of an assignment of text to a field that
// holds an error message (strm->msg = (char *)"incorrect header check"):
// C libraries without exceptions record their errors so, for their
// callers to print.
func (x *file) fieldMessage(n syntax.Node) {
	if n.Kind() != "assignment_expression" || n.Child("operator").Text() != "=" {
		return
	}
	left := n.Child("left")
	if left.Kind() != "field_expression" || !isErrorField(left.Child("field").Text()) {
		return
	}
	right := uncast(n.Child("right"))
	if !right.Is("string_literal", "concatenated_string") || x.notes.Broken(n) {
		return
	}
	if v := x.eval(right, 0); v.Text && !v.Opaque() {
		x.add(errdex.KindSetError, "", n, v)
	}
}

// isMessageParam reports whether message v of a call n is wholly a text
// parameter of the enclosing function named as a message (see
// isMessageName): the function is then a helper whose calls say the
// message, whatever exception it sets (textio.c's _unsupported(const
// char *message) sets PyErr_SetString(state->unsupported_operation,
// message), and _unsupported("not readable") is the site).
func (x *file) isMessageParam(n syntax.Node, v msgeval.Value) bool {
	param, ok := x.textParam(n, v)
	return ok && isMessageName(param)
}

// textParam returns the parameter of the function enclosing n that
// value v wholly is, when it is text (see isTextType).
func (x *file) textParam(n syntax.Node, v msgeval.Value) (string, bool) {
	def := msgeval.Enclosing(n, "function_definition")
	if def.IsNull() || len(v.Alts) != 1 || len(v.Alts[0].Parts) != 1 || !v.Alts[0].Parts[0].IsHole() {
		return "", false
	}
	param := unwrapPassThrough(v.Alts[0].Parts[0].Expr)
	i := slices.Index(parameterNames(def), param)
	return param, i >= 0 && isTextType(paramNode(def, i))
}

// uncast is the expression under n's casts and parentheses.
func uncast(n syntax.Node) syntax.Node {
	for n.Is("cast_expression", "parenthesized_expression") {
		if n.Kind() == "cast_expression" {
			n = n.Child("value")
		} else {
			n = n.NamedChild(0)
		}
	}
	return n
}

// isErrorField reports whether a field's name holds a word of
// errorFieldWords.
func isErrorField(name string) bool {
	for _, w := range nameWords(name) {
		if errorFieldWords[w] {
			return true
		}
	}
	return false
}

// reporterMessage is the message of a call of helper h with arguments
// args (see messageArgs).
func (x *file) reporterMessage(h helper, args []syntax.Node, at syntax.Node) msgeval.Value {
	switch h.how {
	case printfArgs:
		if v, ok := x.printf(template.PrintfC, args[h.param:], at, 0); ok {
			return v
		}
	case packArgs:
		return x.concatAll(args[h.param:], 0)
	}
	return x.eval(args[h.param], 0)
}

// isMacroHeaded reports whether n is a block outside any function that
// follows a call of an upper-case macro: a function whose header a macro
// writes (PNG_FUNCTION(void, png_error, (const png_struct *png_ptr,
// const char *error_message), PNG_NORETURN) { ... }), which the grammar
// reads as a call statement and a block.
func isMacroHeaded(n syntax.Node) bool {
	if n.Kind() != "compound_statement" || !msgeval.Enclosing(n, "function_definition").IsNull() {
		return false
	}
	prev := n.PrevNamedSibling()
	call := prev.NamedChild(0)
	return prev.Kind() == "expression_statement" && call.Kind() == "call_expression" && isMacroName([]byte(call.Child("function").Text()))
}

// addMacroHeadedReporter gives a reporter whose header a macro writes
// (see isMacroHeaded) a site at its block whose message is its message
// parameter; helperCalls reads the header from the text.
func (x *file) addMacroHeadedReporter(body syntax.Node) {
	if !isMacroHeaded(body) {
		return
	}
	args := arguments(body.PrevNamedSibling().NamedChild(0).Child("arguments"))
	for k := 1; k < len(args); k++ {
		if args[k].Kind() != "parenthesized_expression" || args[k-1].Kind() != "identifier" || !reportsErrors(args[k-1].Text()) {
			continue
		}
		list := args[k].Text()
		for _, p := range splitArgs(list[1 : len(list)-1]) {
			name := trailingIdent(p)
			t := strings.ToLower(strings.TrimSuffix(p, name))
			if isMessageName(name) && (strings.Contains(t, "string") || strings.Contains(t, "char") && (strings.Contains(t, "*") || strings.HasSuffix(strings.TrimSpace(t), "charp"))) {
				x.add(errdex.KindSetError, "", body, rules.Unknown(name, errdex.HoleStr))
				return
			}
		}
	}
}

// trailingIdent is the identifier that ends s: error_message of
// "const char *error_message".
func trailingIdent(s string) string {
	s = strings.TrimSpace(s)
	i := len(s)
	for i > 0 && isIdentByte(s[i-1]) {
		i--
	}
	return s[i:]
}
