package cpp

import (
	"fmt"
	"github.com/errdex/errdex/extract/cguard"
	"slices"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// file is the state of extracting one file.
type file struct {
	// calls are the file's calls whose callee a name says (see
	// facts.NamedCalls).
	calls    extract.CallLog
	language string
	rules    *ruleSet
	tree     *syntax.Tree
	// Bindings by variable name, in source order.
	decls   map[string][]decl
	assigns map[string][]syntax.Node
	// defines are the file's #define'd strings and integers.
	defines map[string]string
	// whats are the expressions the what() methods of the file's classes
	// return, by class name (the last segment of a qualified one).
	whats map[string]syntax.Node
	// siteDefs are the function definitions the sites are in.
	siteDefs map[*errdex.Site]syntax.Node
	// floating are the sites outside function definitions, at their
	// nodes.
	floating map[*errdex.Site]syntax.Node
	// assertMacros are the file's assert macros by name, macros all its
	// function-like macros.
	assertMacros map[string]assertMacro
	macros       []macroDef
	// reporterArgs are the sites of reporters whose message is not one
	// argument: a printf format's, a parameter pack's (see reporter).
	reporterArgs map[*errdex.Site]messageArgs
	// pyStrs are the texts of the file's CPython static strings (see
	// pyStr).
	pyStrs map[string]string
	// formatHelpers are the sites of format helpers (see formatHelper).
	formatHelpers map[*errdex.Site]formatHelper
	// pending is the exception object last evaluated, not yet a site.
	pending *pendingConstruction
	src     []byte

	sites  []*errdex.Site
	facts  facts
	notes  msgeval.Notes
	budget msgeval.Budget
}

func newFile(f *extract.File, language string, rules *ruleSet) *file {
	return &file{
		calls:         extract.CallLog{Max: maxCallSites},
		language:      language,
		rules:         rules,
		tree:          f.Tree,
		src:           f.Src,
		decls:         map[string][]decl{},
		assigns:       map[string][]syntax.Node{},
		defines:       map[string]string{},
		whats:         map[string]syntax.Node{},
		siteDefs:      map[*errdex.Site]syntax.Node{},
		floating:      map[*errdex.Site]syntax.Node{},
		reporterArgs:  map[*errdex.Site]messageArgs{},
		formatHelpers: map[*errdex.Site]formatHelper{},
		pyStrs:        map[string]string{},

		assertMacros: map[string]assertMacro{},
		budget:       msgeval.Budget{MaxSteps: maxSteps, MaxDepth: maxDepth},
	}
}

// run indexes the file's declarations, assignments and defines, then
// builds the sites of throw statements and of calls a rule names.
func (x *file) run() {
	var cands, defs, fields, blocks, macroDefs []syntax.Node
	for n := range x.tree.Root().Descendants() {
		switch n.Kind() {
		case "declaration":
			x.recordDecl(n)
			x.recordConst(n)
		case "assignment_expression", "binary_expression":
			x.recordAssign(n)
			fields = append(fields, n)
		case "call_expression":
			x.recordAssign(n)
			x.recordCallSite(n)
			x.recordDeclaredStr(n)
			cands = append(cands, n)
		case "throw_statement":
			cands = append(cands, n)
		case "function_definition":
			x.recordWhat(n)
			x.recordCtor(n)
			defs = append(defs, n)
		case "preproc_def":
			if v, ok := defineValue(n.Child("value").Text()); ok {
				x.defines[n.Child("name").Text()] = v
			}
		case "preproc_function_def":
			x.recordAssertMacro(n)
			x.recordMacro(n)
			macroDefs = append(macroDefs, n)
		case "class_specifier", "struct_specifier":
			x.recordInheritedWhat(n)
		case "compound_statement":
			if n.Parent().Is("translation_unit", "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif") {
				blocks = append(blocks, n)
			}
		}
	}
	throwing := x.throwingMacros()
	if len(throwing) > 0 {
		x.facts.throwing = throwing
	}
	for _, n := range macroDefs {
		x.macroSites(n)
	}
	for _, n := range cands {
		x.pending = nil
		if n.Kind() == "throw_statement" {
			x.throw(n)
			continue
		}
		fn := n.Child("function")
		if fn.Kind() == "template_function" {
			fn = fn.Child("name")
		}
		callee := msgeval.Compact(fn.Text())
		if r := x.rules.match(callee); r != nil {
			x.rule(n, r)
		} else if isThrowMacro(callee) {
			x.throwMacro(n)
		} else if m, ok := x.assertMacros[callee]; ok {
			x.assertCall(n, m)
		} else if m, ok := throwing[callee]; ok {
			x.throwingCall(n, m)
		} else {
			x.maybeAssertCall(n, callee)
		}
	}
	x.pending = nil
	for _, n := range fields {
		x.fieldMessage(n)
	}
	x.addReporters(defs)
	for _, b := range blocks {
		x.addMacroHeadedReporter(b)
	}
	helpers := x.helperCalls(cands)
	x.recordCalls(cands, helpers)
}

// helper is a function of the file whose site's whole message is one of
// its parameters: void __throw_bad_access(const char* __what) {
// throw bad_access(__what); }.
type helper struct {
	def   syntax.Node // the function_definition (null when recovered from text, see recoverHeader)
	param int         // the parameter that is the message
	how   messageArgs // how the arguments from param on make the message
	site  *errdex.Site
	// wraps are, when the parameter is part of its sites' messages
	// rather than the whole (see embeddedHelper), those messages, and
	// extra the other text parameters they hold.
	wraps []errdex.Template
	extra []int
	// format is, for a format helper, how its calls' formats print;
	// nil for any other helper.
	format *formatHelper
}

// helperCalls adds a site for each call of a helper with a message that
// is text: the helper's own site says only that the message is its
// parameter, the call says what it is
// (__throw_bad_access("get: wrong index")).
// It returns the helpers by name, and records them, with all their
// sites, in the file's facts for Link.
func (x *file) helperCalls(cands []syntax.Node) map[string]helper {
	helpers := map[string]helper{}
	byDef := map[any]*helperFact{}
	// A helper's sites may be calls of another helper (luaL_argerror's
	// luaL_error(L, "bad %s #%d to '%s' (%s)", ..., extramsg)): the calls
	// of the helpers found in one round are sites, among which the next
	// round looks for more helpers.
	sites := x.sites
	for range maxHelperRounds {
		found := x.findHelpers(sites, helpers, byDef)
		if len(found) == 0 {
			break
		}
		mark := len(x.sites)
		x.callSites(cands, helpers, found)
		sites = x.sites[mark:]
	}
	return helpers
}

// maxHelperRounds bounds the rounds of helperCalls: helpers that wrap the
// message of helpers that wrap it in turn.
const maxHelperRounds = 3

// findHelpers adds to helpers the functions that sites make helpers, and
// returns their names.
func (x *file) findHelpers(sites []*errdex.Site, helpers map[string]helper, byDef map[any]*helperFact) map[string]bool {
	found := map[string]bool{}
	for _, s := range sites {
		if len(s.Alternatives) > 0 || len(s.Template.Parts) != 1 || !s.Template.Parts[0].IsHole() {
			if name, ok := x.embeddedHelper(s, helpers, byDef); ok {
				found[name] = true
			}
			continue
		}
		expr := unwrapPassThrough(s.Template.Parts[0].Expr)
		def, ok := x.siteDefs[s]
		if !ok {
			// Outside any function definition: the grammar lost the
			// function's header, which the text may still show.
			if h, ok := x.recoverHeader(x.floating[s], expr); ok {
				helpers[lastSegment(h.name)] = helper{param: h.index, site: s}
				found[lastSegment(h.name)] = true
				x.recordHelper(byDef, h.start, h.name, h.least, h.most, h.index, expr, s)
			}
			continue
		}
		name := lastSegment(declaratorName(def.Child("declarator")))
		if i := slices.Index(parameterNames(def), expr); i >= 0 && name != "" {
			if fh, ok := x.formatHelpers[s]; ok {
				helpers[name] = helper{def: def, param: i, site: s, format: &fh}
				found[name] = true
				continue // its calls are read in this file only (see formatHelper)
			}
			how := x.reporterArgs[s]
			helpers[name] = helper{def: def, param: i, how: how, site: s}
			found[name] = true
			if how == packArgs {
				continue // Link substitutes one argument for the parameter
			}
			least, most := arity(def)
			x.recordHelper(byDef, def, x.function(def.Child("declarator")), least, most, i, expr, s)
		}
	}
	return found
}

// callSites adds a site for each call among cands of a helper named in
// only (directly or through a forwarding macro) that passes text for its
// message.
func (x *file) callSites(cands []syntax.Node, helpers map[string]helper, only map[string]bool) {
	fwd := x.forwarders(helpers)
	for _, n := range cands {
		if n.Kind() != "call_expression" {
			continue
		}
		fn := n.Child("function")
		tmpl := fn
		if fn.Kind() == "template_function" {
			fn = fn.Child("name")
		}
		name := lastSegment(msgeval.Compact(fn.Text()))
		h, ok := helpers[name]
		if f, isFwd := fwd[name]; !ok && isFwd {
			if only[f.helper] {
				x.forwardedCall(n, f, helpers)
			}
			continue
		}
		if !ok || !only[name] || msgeval.Enclosing(n, "function_definition") == h.def || x.notes.Broken(n) {
			continue
		}
		args := arguments(n.Child("arguments"))
		if h.param >= len(args) {
			continue
		}
		if exc, ok := templateException(h, tmpl); ok {
			// throw_or_mimic<no_such_option>(name) throws
			// no_such_option{name}, whose constructor may build the
			// message (Link).
			x.pending = &pendingConstruction{class: exc, args: args[h.param : h.param+1]}
			x.add(h.site.Kind, exc, n, x.eval(args[h.param], 0))
			continue
		}
		if h.format != nil {
			exc, okExc := formatHelperException(h, args)
			if v, ok := x.formatHelperMessage(h, args); ok && okExc && !v.Opaque() {
				x.pending = nil
				x.add(h.site.Kind, exc, n, v)
			}
			continue
		}
		v := x.reporterMessage(h, args, n)
		if param, ok := x.textParam(n, v); ok && len(h.wraps) > 0 && isReasonName(param) {
			// A wrapper's call passing on a parameter of its own function
			// named as a message, not a format
			// (unicode_decode_call_errorhandler_writer(..., encoding,
			// reason, ...) calls make_decode_exception(..., encoding, ...,
			// reason)), is a site with the parameter as a hole, which
			// makes that function a helper in turn. A format passed on is
			// often another language's (PyArg_ParseTupleAndKeywords'
			// format, "|OOi").
			v.Text = true
		} else if !v.Text || v.Opaque() {
			continue
		}
		x.pending = nil // the call constructs nothing the site may take a message from
		vs := make([]msgeval.Value, len(args))
		for j := range args {
			if slices.Contains(h.extra, j) {
				vs[j] = x.eval(args[j], 0)
				if _, ok := x.textParam(n, vs[j]); ok {
					vs[j].Text = true
				}
			}
		}
		if v, ok := h.wrap(v, vs); ok {
			x.add(h.site.Kind, h.site.Exception, n, v)
		}
	}
}

// wrap is the message of a call of helper h that passes v for its
// message parameter and vs for all its parameters (those of h.extra
// evaluated): v itself, or when the parameter is part of h's messages
// (see embeddedHelper) those messages with the parameters replaced; ok is
// false when nothing literal is left.
func (h helper) wrap(v msgeval.Value, vs []msgeval.Value) (msgeval.Value, bool) {
	if len(h.wraps) == 0 {
		return v, true
	}
	sub := substitution(parameterNames(h.def), h.param, v.Alts, h.extra, func(j int) ([]errdex.Template, bool) {
		if j >= len(vs) {
			return nil, false
		}
		return vs[j].Alts, vs[j].Text
	})
	v = msgeval.Value{Alts: rules.Alternatives.Substitute(h.wraps, sub), Text: true}
	return v, len(v.Alts) > 0 && !v.Opaque()
}

// templateException returns the exception a call of helper h throws
// when h throws an object of one of its template parameters (template
// <typename T> void throw_or_mimic(const std::string& text) { throw
// T{text}; }): the call's template argument for it, as written.
func templateException(h helper, call syntax.Node) (string, bool) {
	if h.def.IsNull() || call.Kind() != "template_function" || h.def.Parent().Kind() != "template_declaration" {
		return "", false
	}
	i := 0
	for p := range h.def.Parent().Child("parameters").NamedChildren() {
		if !p.Is("type_parameter_declaration", "optional_type_parameter_declaration") {
			i++
			continue
		}
		var name string
		for c := range p.NamedChildren() {
			if c.Kind() == "type_identifier" {
				name = c.Text()
			}
		}
		if name == h.site.Exception {
			targs := arguments(call.Child("arguments"))
			if i < len(targs) {
				if exc := typeName(targs[i]); exc != "" {
					return exc, true
				}
			}
			return "", false
		}
		i++
	}
	return "", false
}

// unwrapPassThrough is the argument of the calls around expr whose result
// prints as their argument: msg of std::move(msg).
func unwrapPassThrough(expr string) string {
	for range 4 {
		open := strings.IndexByte(expr, '(')
		if open < 0 || !strings.HasSuffix(expr, ")") || !passThrough[msgeval.Compact(expr[:open])] {
			break
		}
		expr = strings.TrimSpace(expr[open+1 : len(expr)-1])
	}
	return expr
}

// functionDeclarator is the function_declarator of a function
// definition, or def itself when it is one; a null node if none.
func functionDeclarator(def syntax.Node) syntax.Node {
	if def.Kind() == "function_declarator" {
		return def
	}
	d := def.Child("declarator")
	for range 16 {
		if d.IsNull() || d.Kind() == "function_declarator" {
			break
		}
		next := d.Child("declarator")
		if next.IsNull() {
			next = d.NamedChild(0)
		}
		d = next
	}
	if d.Kind() != "function_declarator" {
		return syntax.Node{}
	}
	return d
}

// parameterNames are the names of the parameters of a function
// definition or declarator, "" for an unnamed one.
func parameterNames(def syntax.Node) []string {
	d := functionDeclarator(def)
	if d.Kind() != "function_declarator" {
		return nil
	}
	var names []string
	for p := range d.Child("parameters").NamedChildren() {
		if !p.Is(paramKinds...) {
			continue
		}
		name := ""
		for q, i := p.Child("declarator"), 0; !q.IsNull() && i < 8; i++ {
			if q.Kind() == "identifier" {
				name = q.Text()
				break
			}
			next := q.Child("declarator")
			if next.IsNull() {
				next = q.NamedChild(0)
			}
			q = next
		}
		names = append(names, name)
	}
	return names
}

// add records a site built from v.
func (x *file) add(kind errdex.SiteKind, exc string, n syntax.Node, v msgeval.Value) *errdex.Site {
	if len(v.Alts) == 0 {
		v = msgeval.Of(errdex.Template{})
	}
	s := msgeval.NewSite(kind, exc, x.function(n), n, v.Alts)
	s.Guards = cguard.Guards(n, cguard.C)
	x.sites = append(x.sites, s)
	x.recordConstruction(s)
	if def := msgeval.Enclosing(n, "function_definition"); !def.IsNull() {
		x.siteDefs[s] = def
	} else {
		x.floating[s] = n
	}
	return s
}

// pythonExceptions are the exceptions pybind11 and nanobind raise in
// Python for their C++ exception types.
var pythonExceptions = map[string]string{
	"value_error": "ValueError", "type_error": "TypeError", "index_error": "IndexError", "key_error": "KeyError",
	"attribute_error": "AttributeError", "stop_iteration": "StopIteration", "buffer_error": "BufferError",
	"import_error": "ImportError", "cast_error": "RuntimeError", "reference_cast_error": "RuntimeError",
	"next_overload": "", "builtin_exception": "RuntimeError",
}

// throw builds the site of a throw statement that constructs its
// exception.
func (x *file) throw(n syntax.Node) {
	var e syntax.Node
	for c := range n.NamedChildren() {
		if c.Kind() != "comment" {
			e = c
			break
		}
	}
	exc, msg, ok := x.exceptionObject(e, 0)
	if !ok || x.notes.Broken(n) {
		return
	}
	x.add(errdex.KindThrow, exc, n, msg)
}

// isThrowMacro reports whether a callee is named like a macro that throws
// its argument (JSON_THROW(e), FMT_THROW(e) and other "#define X(e) throw
// e"): upper case, with THROW as one of its words.
func isThrowMacro(callee string) bool {
	if callee != strings.ToUpper(callee) || !isIdent(callee) {
		return false
	}
	return hasWord(callee, "_", "THROW")
}

// throwMacro builds the site of a throw macro's call whose one argument
// constructs the exception.
func (x *file) throwMacro(n syntax.Node) {
	args := arguments(n.Child("arguments"))
	if len(args) != 1 {
		return
	}
	exc, msg, ok := x.exceptionObject(args[0], 0)
	if !ok || x.notes.Broken(n) {
		return
	}
	x.add(errdex.KindThrow, exc, n, msg)
}

// factories are the names of static functions that build an exception of
// their class: throw parse_error::create(101, pos, msg).
var factories = map[string]bool{"create": true, "make": true, "Create": true, "Make": true}

// exceptionObject evaluates an exception built in place: X(args),
// X{args}, new X(args). It reports false for anything else (an existing
// object).
func (x *file) exceptionObject(e syntax.Node, depth int) (string, msgeval.Value, bool) {
	var typ, list syntax.Node
	switch e.Kind() {
	case "parenthesized_expression":
		if depth < 4 {
			return x.exceptionObject(e.NamedChild(0), depth+1)
		}
		return "", msgeval.Value{}, false
	case "call_expression":
		typ, list = e.Child("function"), e.Child("arguments")
		if typ.Kind() == "field_expression" {
			return "", msgeval.Value{}, false // a factory method: err.with_context(..)
		}
	case "compound_literal_expression":
		typ, list = e.Child("type"), e.Child("value")
	case "new_expression":
		typ, list = e.Child("type"), e.Child("arguments")
	default:
		return "", msgeval.Value{}, false
	}
	exc := typeName(typ)
	if exc == "" || notConstructors[exc] {
		return "", msgeval.Value{}, false
	}
	if class, name, ok := cutLast(exc); ok && factories[name] {
		exc = class
	}
	last := exc
	if i := strings.LastIndex(exc, "::"); i >= 0 {
		last = exc[i+2:]
		if py, ok := pythonExceptions[last]; ok && py != "" && (strings.HasPrefix(exc, "py::") || strings.HasPrefix(exc, "pybind11::") || strings.HasPrefix(exc, "nb::") || strings.HasPrefix(exc, "nanobind::")) {
			exc = py
		}
	}
	args := arguments(list)
	if depth == 0 {
		x.pending = &pendingConstruction{class: exc, args: args}
	}
	var msg msgeval.Value
	found := false
	for _, a := range args {
		if isNumber(a) {
			continue // an error code before the message: create(302, msg)
		}
		if v := x.eval(a, depth+1); v.Text {
			msg, found = v, true
			break
		}
	}
	switch {
	case !found && len(args) == 0:
		msg = x.defaultWhat(exc, last, depth)
	case !found:
		// No argument is text: a constant another file may define, else
		// the first argument. Link gives the message of the class's
		// what() or constructor, of the class the name means there (a
		// standard exception's own what() is no message here:
		// bad_optional_access(__s) prints __s).
		msg = rules.Unknown(args[0].Text(), errdex.HoleAny)
		if c, ok := constantArg(args); ok {
			msg = rules.Unknown(c.Text(), errdex.HoleStr)
		}
	}
	switch {
	case last == "system_error" && found:
		msg = rules.Concat(msg, msgeval.Of(errdex.NewTemplate(errdex.Lit(": "), errdex.HolePart("strerror", "", errdex.HoleStr))))
	case last == "filesystem_error" && found:
		msg = filesystemWhat(msg, len(args)-2)
	}
	return exc, msg, true
}

// cutLast splits a qualified name at its last "::".
func cutLast(name string) (string, string, bool) {
	i := strings.LastIndex(name, "::")
	if i < 0 {
		return "", name, false
	}
	return name[:i], name[i+2:], true
}

// isNumber reports whether an expression is a number literal, an error
// code rather than a message.
func isNumber(n syntax.Node) bool {
	if n.Kind() == "unary_expression" {
		n = n.Child("argument")
	}
	return n.Kind() == "number_literal"
}

// filesystemWhat is the what() of a std::filesystem::filesystem_error
// built from the message msg, paths path arguments and an error code:
// "filesystem error: cannot copy: File exists [/a] [/b]".
func filesystemWhat(msg msgeval.Value, paths int) msgeval.Value {
	parts := []errdex.Part{errdex.Lit(": "), errdex.HolePart("strerror", "", errdex.HoleStr)}
	for i := range min(paths, 2) {
		parts = append(parts, errdex.Lit(" ["), errdex.HolePart(fmt.Sprintf("path%d", i+1), "", errdex.HolePath), errdex.Lit("]"))
	}
	return rules.Concat(rules.Concat(msgeval.Lit("filesystem error: "), msg), msgeval.Of(errdex.NewTemplate(parts...)))
}

// notConstructors are functions that return an exception object they do
// not build: throw std::forward<E>(e) rethrows e.
var notConstructors = map[string]bool{
	"std::forward": true, "std::move": true, "forward": true, "move": true, "std::make_exception_ptr": true,
	"std::current_exception": true, "std::get": true,
}

// typeName is a type's name as written, without template arguments or
// spaces: "std::runtime_error", "Exception".
func typeName(t syntax.Node) string {
	s := msgeval.Compact(t.Text())
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	if s == "" || strings.ContainsAny(s, "()[]{}*&\"'") {
		return ""
	}
	return strings.TrimPrefix(s, "::")
}

// rule builds the site of a call a rule names.
func (x *file) rule(n syntax.Node, r *config.Rule) {
	args := arguments(n.Child("arguments"))
	for i, w := range r.WithArgs {
		if i >= len(args) || msgeval.Compact(args[i].Text()) != w {
			return
		}
	}
	if x.notes.Broken(n) {
		return
	}
	exc := r.Exception
	variable := false // the exception is a variable, not a known type
	if r.ExceptionArg >= 0 {
		if r.ExceptionArg >= len(args) {
			return
		}
		exc = exceptionName(args[r.ExceptionArg])
		variable = !strings.Contains(args[r.ExceptionArg].Text(), "PyExc_") && (exc == "" || exc[0] < 'A' || exc[0] > 'Z')
	}
	from, to := r.MessageArgs.Args(len(args))
	margs := args[from:to]
	if len(margs) == 0 && r.Format != config.FormatConcat && from > 0 {
		return // err(result) is not BSD's err(eval, format, ...): the format's argument is missing
	}
	var msg *msgeval.Value
	switch r.Format {
	case config.FormatConcat:
		if len(margs) > 0 {
			v := x.concatAll(margs, 0)
			msg = &v
		}
	case config.FormatPrintf, config.FormatCPython:
		if len(margs) > 0 {
			d := template.PrintfC
			if r.Format == config.FormatCPython {
				d = template.PrintfCPython
			}
			v, ok := x.printf(d, margs, n, 0)
			if !ok {
				// The format is not text: not the function the rule
				// means, or a format helper's call (see formatHelper).
				rc := &ruleCall{kind: r.Kind, exc: exc, variable: variable, margs: margs}
				if r.ExceptionArg >= 0 {
					rc.excArg = args[r.ExceptionArg]
				}
				x.formatHelperSite(n, rc, d)
				return
			}
			msg = &v
		}
	case config.FormatBrace:
		if len(margs) > 0 {
			v, ok := x.braceFormat(margs, n, 0)
			if !ok {
				return
			}
			msg = &v
		}
	case config.FormatException:
		if len(margs) > 0 {
			e, v, ok := x.exceptionObject(margs[0], 0)
			if !ok {
				return
			}
			if exc == "" {
				exc = e
			}
			msg = &v
		}
	}
	at := n
	if r.Stream {
		top, ops := streamedInto(n)
		if len(ops) > 0 {
			v := x.streamValue(ops, 0)
			if msg != nil {
				v = rules.Concat(*msg, v)
			}
			msg = &v
		}
		at = top
	}
	tmpl := r.Template
	if msg == nil {
		tmpl = r.NoMessage
	}
	v := x.fill(tmpl, r, n, args, msg)
	if variable && v.Alts[0].IsOpaque() && !x.isMessageParam(n, v) {
		return // PyErr_SetObject(type, value): an exception passed on, not made here
	}
	x.add(r.Kind, exc, at, v)
}

// streamedInto returns the top of the << chain a call starts and the
// operands streamed into it.
func streamedInto(call syntax.Node) (syntax.Node, []syntax.Node) {
	top := call
	for p := top.Parent(); p.Kind() == "binary_expression" && p.Child("operator").Text() == "<<" && p.Child("left") == top; p = top.Parent() {
		top = p
	}
	if top == call {
		return call, nil
	}
	_, ops := streamOperands(top)
	return top, ops
}

// fill renders a template of rule r for a call.
func (x *file) fill(t config.Template, r *config.Rule, call syntax.Node, args []syntax.Node, msg *msgeval.Value) msgeval.Value {
	v := msgeval.Of(errdex.Template{})
	for _, p := range t {
		var part msgeval.Value
		switch p.Ref {
		case "":
			part = msgeval.Lit(p.Text)
		case "message":
			if msg == nil {
				continue
			}
			part = *msg
		case "cond", "arg":
			i := p.Arg
			if p.Ref == "cond" {
				i = r.ConditionArg
			}
			if i < 0 || i >= len(args) {
				part = rules.Unknown("", errdex.HoleAny)
				break
			}
			part = msgeval.Lit(template.Stringize(args[i].Text(), template.StringizeC))
		case "value":
			if p.Arg >= len(args) {
				part = rules.Unknown("", p.Type)
				break
			}
			// A literal prints as itself (CHECK_LT(n, 100) prints "100").
			if v := x.eval(args[p.Arg], 0); v.Text && len(v.Alts) == 1 && len(v.Alts[0].Holes()) == 0 && args[p.Arg].Kind() == "number_literal" {
				part = v
				break
			}
			part = rules.Unknown(args[p.Arg].Text(), p.Type)
		case "function":
			name := x.function(call)
			if i := strings.LastIndex(name, "::"); i >= 0 {
				name = name[i+2:]
			}
			part = msgeval.Lit(name)
		case "hole":
			part = msgeval.Of(errdex.NewTemplate(errdex.HolePart(p.Hole, "", p.Type)))
		}
		v = rules.Concat(v, part)
	}
	for i, t := range v.Alts {
		v.Alts[i] = template.DistinctHoles(t.Normalize())
	}
	v.Text = true
	return v
}

// exceptionName names the exception an argument holds: PyExc_ValueError is
// ValueError (with Python 3's aliases of OSError), anything else its last
// identifier.
func exceptionName(arg syntax.Node) string {
	return exceptionNameOf(msgeval.Compact(arg.Text()))
}

// exceptionNameOf is exceptionName of an argument's text without spaces.
func exceptionNameOf(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ')' {
		end--
	}
	start := end
	for start > 0 && isIdentByte(s[start-1]) {
		start--
	}
	name := s[start:end]
	if i := strings.LastIndex(name, "PyExc_"); i >= 0 { // PyExc_X, Cython's __Pyx_PyExc_X
		py := name[i+len("PyExc_"):]
		switch py {
		case "IOError", "EnvironmentError", "WindowsError":
			return "OSError"
		}
		return py
	}
	return name
}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// recordWhat records the returned expression of a what() method defined
// as a single return statement, in its class or out of it
// (const char* bad_thing::what() const noexcept { return "bad thing"; }).
func (x *file) recordWhat(fn syntax.Node) {
	name := declaratorName(fn.Child("declarator"))
	class, ok := strings.CutSuffix(name, "::what")
	if !ok {
		if name != "what" {
			return
		}
		c := msgeval.Enclosing(fn, "class_specifier", "struct_specifier")
		if c.IsNull() {
			return
		}
		class = stripTemplate(msgeval.Compact(c.Child("name").Text()))
	}
	class = lastSegment(stripTemplate(class))
	body := fn.Child("body")
	if class == "" || body.NamedChildCount() != 1 || body.NamedChild(0).Kind() != "return_statement" {
		return
	}
	if ret := body.NamedChild(0).NamedChild(0); !ret.IsNull() {
		x.whats[class] = ret
		if v := x.eval(ret, 0); ret.Is("string_literal", "concatenated_string", "raw_string_literal") && v.Text && len(v.Alts) == 1 && len(v.Alts[0].Holes()) == 0 {
			x.facts.whats = append(x.facts.whats, whatFact{class: class, qual: x.qualified(fn, class), msg: v.Alts})
		}
	}
}

// defaultWhat is the message of an exception built without arguments:
// what its class's what() in the file returns, for the standard library's
// exceptions the what() strings of libstdc++ and libc++, else nothing.
func (x *file) defaultWhat(exc, class string, depth int) msgeval.Value {
	if ret, ok := x.whats[class]; ok {
		if v := x.eval(ret, depth+1); v.Text {
			return v
		}
	}
	if texts := stdWhats[class]; len(texts) > 0 && (exc == class || exc == "std::"+class) {
		vs := make([]msgeval.Value, len(texts))
		for i, t := range texts {
			vs[i] = msgeval.Lit(t)
		}
		return rules.Union(vs...)
	}
	return msgeval.Of(errdex.Template{})
}

// stdWhats are the what() strings of the standard exceptions that take no
// message, as libstdc++ and libc++ define them in their compiled
// libraries or headers.
var stdWhats = map[string][]string{
	"exception":            {"std::exception"},
	"bad_exception":        {"std::bad_exception"},
	"bad_alloc":            {"std::bad_alloc"},
	"bad_array_new_length": {"std::bad_array_new_length", "bad_array_new_length"},
	"bad_cast":             {"std::bad_cast"},
	"bad_typeid":           {"std::bad_typeid"},
	"bad_function_call":    {"bad_function_call", "std::bad_function_call"},
	"bad_weak_ptr":         {"bad_weak_ptr"},
	"bad_optional_access":  {"bad optional access", "bad_optional_access"},
	"bad_any_cast":         {"bad any_cast", "bad any cast"},
	"bad_variant_access":   {"bad variant access", "bad_variant_access"},
}
