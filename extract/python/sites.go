package python

import (
	"iter"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// nameRef is a class named in the source ("errors.NotFound") and what the
// file's imports and definitions say it is.
type nameRef struct {
	written string
	// target is the name through the file's imports: absolute
	// ("pkg.errors.NotFound") or relative ("..errors.NotFound"); "" when
	// the first segment is not imported.
	target string
	// local: the first segment is a class defined at the file's top level.
	local bool
	// builtin: a builtin exception the file does not shadow.
	builtin bool
}

// raiseFact is a raise of a class call whose message Link may refine once
// every file's classes are known.
type raiseFact struct {
	site *errdex.Site
	ref  nameRef
	args callArgs
	// bare marks "raise E" without a call: raise E() when E's __init__
	// takes no required argument (see linker.raise).
	bare bool
	// factory is set when the raised call is not a class but a function
	// that may return the exception ("raise self._error(msg)"): the
	// function's name within this file ("Parser._error"), or its import
	// target.
	factory string
	// tables are the message tables of the raising method's class, which
	// a factory reading self.NAME[key] takes its text from (see
	// tables.go).
	tables []messageTable
}

// extraction builds the sites and facts of one file from its scan.
type extraction struct {
	fs    *fileScan
	ev    *evaluator
	facts *facts
	// built pairs each site with the statement it was built from.
	built []builtSite
}

type builtSite struct {
	c    candidate
	site *errdex.Site
}

// compactName removes the spaces and line breaks a dotted name may hold.
func compactName(s string) string {
	if !strings.ContainsAny(s, " \t\r\n\\") {
		return s
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\\", " ")), "")
}

// ref resolves a class name as written through the file's imports and
// top-level definitions, following simple module-level aliases
// (error = socket.error).
func (x *extraction) ref(written string) nameRef {
	r := nameRef{written: written}
	name := written
	for hop := 0; hop < 4; hop++ {
		first, rest, dotted := strings.Cut(name, ".")
		if t, ok := x.fs.imports[first]; ok {
			r.target = t.qualified()
			if dotted {
				r.target += "." + rest
			}
			return r
		}
		var only *binding
		idx := x.fs.module.bindingsOf(first)
		count := len(idx)
		if count == 1 {
			only = &x.fs.module.binds[idx[0]]
		}
		switch {
		case count == 0:
			r.builtin = !dotted && builtinExceptions[name]
			return r
		case count == 1 && only.kind == bindClass:
			r.local = name == written
			if !r.local {
				r.target = "." + name // an alias of a local class: resolved in Link
			}
			return r
		case count == 1 && only.kind == bindAssign && (only.value.Kind() == "identifier" || only.value.Kind() == "attribute"):
			alias := compactName(only.value.Text())
			if dotted {
				alias += "." + rest
			}
			name = alias
			continue
		}
		return r
	}
	return r
}

// classLike reports whether a raised name looks like a class rather than
// an exception object or a factory: a builtin exception, a name defined as
// a class, a CapWords name, or one ending in "error", "exception" or
// "warning" (socket.error, self.failureException).
func (x *extraction) classLike(written string) bool {
	last := written[strings.LastIndexByte(written, '.')+1:]
	if last == "" {
		return false
	}
	if builtinExceptions[last] || x.ref(written).local {
		return true
	}
	r, _ := utf8.DecodeRuneInString(last)
	if unicode.IsUpper(r) {
		return true
	}
	l := strings.ToLower(last)
	return strings.HasSuffix(l, "error") || strings.HasSuffix(l, "exception") || strings.HasSuffix(l, "warning")
}

// site builds the site of a raise or assert statement.
func (x *extraction) site(c candidate) *errdex.Site {
	x.ev.helperCalls = nil
	s := x.buildSite(c)
	if s != nil {
		x.built = append(x.built, builtSite{c, s})
		if x.ev.helperCalls != nil {
			if x.facts.helperCalls == nil {
				x.facts.helperCalls = map[*errdex.Site]map[string]helperCall{}
			}
			x.facts.helperCalls[s] = x.ev.helperCalls
		}
	}
	x.ev.helperCalls = nil
	return s
}

func (x *extraction) buildSite(c candidate) *errdex.Site {
	n := c.node
	s := &errdex.Site{
		Language: "python",
		Function: c.scope.function(),
		Location: errdex.Location{Span: errdex.Span{
			Line:      n.Line(),
			Column:    n.Start().Column + 1,
			EndLine:   n.EndLine(),
			EndColumn: n.End().Column + 1,
		}},
	}
	if n.Kind() == "assert_statement" {
		var msg syntax.Node
		k := 0
		for ch := range n.NamedChildren() {
			if ch.Kind() == "comment" {
				continue
			}
			if k == 1 {
				msg = ch
			}
			k++
		}
		s.Kind, s.Exception = errdex.KindAssert, "AssertionError"
		if msg.IsNull() {
			// A bare assert raises AssertionError without a message: a
			// traceback ending in one points at this line, and the
			// condition, a guard of the site, says what failed.
			return s
		}
		if cls := compactName(x.ev.text(msg.Child("function"))); msg.Kind() == "call" && builtinExceptions[cls] {
			// assert ok, AssertionError(f"..."): the message is what the
			// exception prints.
			setMessage(s, builtinMessage(cls, x.callArgs(msg, c.scope)))
			return s
		}
		setMessage(s, argOf(x.ev.eval(msg, c.scope)).strForm(""))
		return s
	}
	switch n.Kind() {
	case "subscript":
		return x.envLookup(s, n)
	case "yield":
		x.raiseExpr(s, n.NamedChild(0), c)
		return s
	case "call": // raise_from(exc, cause)
		x.raiseExpr(s, unparen(raisedArg(n)), c)
		return s
	}
	var raised syntax.Node
	for ch := range n.NamedChildren() {
		if ch.Kind() != "comment" && ch.FieldName() != "cause" {
			raised = ch
			break
		}
	}
	if e := unparen(raised); e.Kind() == "conditional_expression" || isOr(e) {
		x.raiseConditional(s, e, c)
		return s
	}
	x.raiseExpr(s, raised, c)
	return s
}

// raiseExpr sets the kind, exception and message of a raise of raised
// (the zero Node for a bare raise).
func (x *extraction) raiseExpr(s *errdex.Site, raised syntax.Node, c candidate) {
	n := c.node
	switch {
	case raised.IsNull():
		s.Kind = errdex.KindReraise
		s.Exception = x.caughtType(n)
		x.qualify(s)
	case raised.Kind() == "call" && raised.Child("function").Kind() == "attribute" &&
		raised.Child("function").Child("attribute").Text() == "with_traceback":
		// raise e.with_traceback(tb) raises e, with another traceback.
		x.raiseExpr(s, unparen(raised.Child("function").Child("object")), c)
	case raised.Kind() == "call":
		s.Kind = errdex.KindRaise
		x.raiseCall(s, raised, c.scope)
	case raised.Kind() == "expression_list":
		// Python 2: raise E, args[, traceback].
		x.fs.py2Raises = append(x.fs.py2Raises, n.Line())
		s.Kind = errdex.KindRaise
		x.raisePy2(s, raised, c.scope)
	default:
		x.raiseObject(s, raised, c.scope)
	}
}

// maxBranches bounds the branches of a conditional raise that are read.
const maxBranches = 4

// condRaise is a raise of a conditional expression (raise A("x") if cond
// else B("y")): one site whose messages are those of its branches. Each
// branch is built as a site of its own, which Link may refine like any
// other, and merge composes the site from them.
type condRaise struct {
	site     *errdex.Site
	branches []*errdex.Site
}

// isOr reports whether n is an "or" expression (raise too_short or
// ValueError("too few items"): the exception the caller passed, else
// one built here).
func isOr(n syntax.Node) bool {
	return n.Kind() == "boolean_operator" && n.Child("operator").Kind() == "or"
}

// raiseConditional builds the site of a raise of a conditional expression
// or of an "or" of exceptions.
func (x *extraction) raiseConditional(s *errdex.Site, cond syntax.Node, c candidate) {
	var branches []syntax.Node
	for len(branches) < maxBranches-1 {
		if isOr(cond) {
			branches = append(branches, unparen(cond.Child("left")))
			cond = unparen(cond.Child("right"))
			continue
		}
		if cond.Kind() != "conditional_expression" {
			break
		}
		var parts []syntax.Node
		for ch := range cond.NamedChildren() {
			if ch.Kind() != "comment" {
				parts = append(parts, ch)
			}
		}
		if len(parts) != 3 {
			break
		}
		branches = append(branches, parts[0])
		cond = unparen(parts[2])
	}
	branches = append(branches, cond)
	cr := &condRaise{site: s}
	for _, b := range branches {
		t := &errdex.Site{Language: s.Language, Function: s.Function, Location: s.Location}
		x.raiseExpr(t, unparen(b), c)
		x.built = append(x.built, builtSite{c, t})
		cr.branches = append(cr.branches, t)
	}
	cr.merge()
	x.facts.condRaises = append(x.facts.condRaises, cr)
}

// merge sets the site from its branches: a raise when a branch builds an
// exception, the exception of the first branch that names one, and the
// messages of every branch in order, the first branch's first.
func (cr *condRaise) merge() {
	s := cr.site
	s.Kind, s.Exception, s.ExceptionQualified = errdex.KindRaiseObject, "", ""
	var alts []errdex.Template
	seen := map[string]bool{}
	for _, b := range cr.branches {
		if b.Kind == errdex.KindRaise {
			s.Kind = errdex.KindRaise
		}
		if s.Exception == "" && b.Exception != "" {
			s.Exception, s.ExceptionQualified = b.Exception, b.ExceptionQualified
		}
		for _, t := range append([]errdex.Template{b.Template}, b.Alternatives...) {
			if k := t.String(); !seen[k] {
				seen[k] = true
				alts = append(alts, t)
			}
		}
	}
	setMessage(s, alts)
}

// setMessage stores alternatives as the site's template and alternatives.
func setMessage(s *errdex.Site, alts []errdex.Template) {
	if len(alts) == 0 {
		s.Template, s.Alternatives = errdex.Template{}, nil
		return
	}
	for i := range alts {
		alts[i] = template.DistinctHoles(alts[i].Normalize())
	}
	// An empty alternative says nothing beside others.
	kept := alts[:0]
	for _, a := range alts {
		if !a.IsEmpty() || len(alts) == 1 {
			kept = append(kept, a)
		}
	}
	if len(kept) > 0 {
		alts = kept
	}
	// The template shown first should say something: alternatives whose
	// literal text has no word, only the spaces and punctuation between
	// holes ("{text} {code_str}", "{e}: {detail}"), go last.
	sort.SliceStable(alts, func(i, j int) bool { return silence(alts[i]) < silence(alts[j]) })
	s.Template = alts[0]
	s.Alternatives = nil
	if len(alts) > 1 {
		s.Alternatives = alts[1:]
	}
}

// silence ranks how little t says: 0 when its literal text holds a
// letter or a digit, 1 when it holds only spaces and punctuation, 2 when
// it has none.
func silence(t errdex.Template) int {
	if t.IsOpaque() {
		return 2
	}
	for _, p := range t.Parts {
		if !p.IsHole() && strings.IndexFunc(p.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			return 0
		}
	}
	return 1
}

// paramDefault returns the default of the parameter of f that f binds
// name to, when f binds name once, to a parameter as it is; the zero Node
// otherwise.
func paramDefault(f *scope, name string) syntax.Node {
	idx := f.bindingsOf(name)
	if len(idx) != 1 || f.binds[idx[0]].kind != bindAssign || f.binds[idx[0]].value.Kind() != "identifier" {
		return syntax.Node{}
	}
	param := f.binds[idx[0]].value.Text()
	if len(f.bindingsOf(param)) > 0 {
		return syntax.Node{} // the parameter is bound again
	}
	for _, p := range f.params {
		if p.name == param {
			return p.def
		}
	}
	return syntax.Node{}
}

// raiseCall handles raise E(args...).
func (x *extraction) raiseCall(s *errdex.Site, call syntax.Node, sc *scope) {
	// raise E(...).with_traceback(tb)
	if fn := call.Child("function"); fn.Kind() == "attribute" && fn.Child("attribute").Text() == "with_traceback" && fn.Child("object").Kind() == "call" {
		call = fn.Child("object")
	}
	written := x.raisedClass(compactName(x.ev.text(call.Child("function"))), sc)
	args := x.callArgs(call, sc)
	s.Exception = written
	x.qualify(s)
	if base := subclassGuard(call, written); osErrors[base] {
		// if issubclass(cls, OSError): raise cls(errno, msg, filename)
		// prints as OSError does, whichever subclass cls is; the base
		// is the best static answer to which class it is.
		s.ExceptionQualified = base
		setMessage(s, builtinMessage(base, args))
		return
	}
	key := x.factoryKey(written, sc)
	local := key != "" && !strings.HasPrefix(key, "@")
	if local || !x.classLike(written) {
		// A factory (raise self._error(msg, pos)): Link looks for the
		// function; until then the first argument with literal text is
		// the best guess at the message, one of words (a space between
		// them) before a code (raise self.error('XPST0017', 'unknown
		// function {!r}'.format(name))).
		for _, prose := range [...]bool{true, false} {
			for _, a := range args.pos {
				if a.str != nil && !a.str[0].IsOpaque() && (!prose || hasWords(a.str[0])) {
					setMessage(s, a.str)
					break
				}
			}
			if !s.Template.IsEmpty() {
				break
			}
		}
		if s.Template.IsEmpty() && len(args.pos) > 0 {
			setMessage(s, args.pos[0].strForm(""))
		}
		if key != "" {
			rf := &raiseFact{site: s, args: args, factory: key}
			if c := sc.method(); c != nil {
				rf.tables = x.ev.classTables(c)
			}
			x.facts.raises = append(x.facts.raises, rf)
		}
		return
	}
	msgs := builtinMessage(written, args)
	if len(args.pos) > 1 && isParam(written, sc) {
		// A class the callers pass (def _handle_error(self, text,
		// ErrorClass, infile, cur_index): raise ErrorClass(message,
		// cur_index, line)) is most likely one that prints its
		// message, the first argument, rather than the builtin str()
		// of all of them.
		msgs = append(args.pos[0].strForm(""), msgs...)
	}
	setMessage(s, msgs)
	r := x.ref(written)
	if sub := errnoClass(written, args); r.builtin && sub != "" {
		s.ExceptionQualified = sub
	} else if !r.builtin {
		rf := &raiseFact{site: s, ref: r, args: args}
		if last := written[strings.LastIndexByte(written, '.')+1:]; last != "" && unicode.IsLower(rune(last[0])) {
			rf.factory = key // an imported lower-case name may be a function
		}
		x.facts.raises = append(x.facts.raises, rf)
	}
}

// subclassGuard returns the builtin class an enclosing if statement of
// the call checks the raised name to be a subclass of (if
// issubclass(cls, OSError) and num: raise cls(num, msg, path)); "" when
// there is none.
func subclassGuard(call syntax.Node, written string) string {
	for a := range ifBodiesAround(call) {
		for c := range conjuncts(a.Child("condition")) {
			if base := issubclassOf(c, written); base != "" {
				return base
			}
		}
	}
	return ""
}

// issubclassOf returns the builtin exception class that cond proves
// written a subclass of, issubclass(written, Class); "" when it proves
// none.
func issubclassOf(cond syntax.Node, written string) string {
	if cond.Kind() != "call" || cond.Child("function").Text() != "issubclass" {
		return ""
	}
	var args []syntax.Node
	for a := range cond.Child("arguments").NamedChildren() {
		if a.Kind() != "comment" {
			args = append(args, a)
		}
	}
	if len(args) != 2 || compactName(args[0].Text()) != written || args[1].Kind() != "identifier" || !builtinExceptions[args[1].Text()] {
		return ""
	}
	return args[1].Text()
}

// ifBodiesAround iterates over the if statements and elif clauses whose
// body holds n, innermost first, within n's function.
func ifBodiesAround(n syntax.Node) iter.Seq[syntax.Node] {
	return func(yield func(syntax.Node) bool) {
		child := n
		for a := n.Parent(); !a.IsNull(); child, a = a, a.Parent() {
			switch a.Kind() {
			case "function_definition", "class_definition", "lambda", "decorated_definition":
				return
			case "if_statement", "elif_clause":
				if child.FieldName() == "consequence" && !yield(a) {
					return
				}
			}
		}
	}
}

// conjuncts iterates over what cond, when true, proves true: the
// operands of its "and" chain, left to right, or cond itself, each
// without its parentheses.
func conjuncts(cond syntax.Node) iter.Seq[syntax.Node] {
	return func(yield func(syntax.Node) bool) {
		var walk func(c syntax.Node) bool
		walk = func(c syntax.Node) bool {
			c = unparen(c)
			if c.Kind() == "boolean_operator" && c.Child("operator").Kind() == "and" {
				return walk(c.Child("left")) && walk(c.Child("right"))
			}
			return yield(c)
		}
		walk(cond)
	}
}

// raisedClass resolves a raised callable that stands for a class: a
// class attribute bound in the class body to a class
// (failureException = AssertionError; raise self.failureException(msg)),
// or a parameter whose default is a class (def f(name, error=ImportError):
// raise error(...)). Subclasses and callers may put another class there;
// the one the code names is the best static answer. Anything else is
// returned as written.
func (x *extraction) raisedClass(written string, sc *scope) string {
	var def syntax.Node
	if attr, ok := strings.CutPrefix(written, sc.selfName()+"."); ok && sc.selfName() != "" && !strings.Contains(attr, ".") {
		c := sc.method().scope
		if idx := c.bindingsOf(attr); len(idx) == 1 && c.binds[idx[0]].kind == bindAssign {
			def = c.binds[idx[0]].value
		} else if init := sc.method().methods["__init__"]; init != nil && len(idx) == 0 {
			// self.exc = exc in __init__, a parameter whose default is
			// the class (exc=UndefinedError).
			def = paramDefault(init, init.selfName()+"."+attr)
		}
	} else if !strings.Contains(written, ".") && sc.kind == funcScope && len(sc.bindingsOf(written)) == 0 {
		for _, p := range sc.params {
			if p.name == written {
				def = p.def
			}
		}
	}
	if def.IsNull() || def.Kind() != "identifier" && def.Kind() != "attribute" {
		return written
	}
	if name := compactName(x.ev.text(def)); x.classLike(name) {
		return name
	}
	return written
}

// hasWords reports whether a literal part of t has two words: a letter
// or a digit on each side of a space.
func hasWords(t errdex.Template) bool {
	for _, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		for i := 1; i+1 < len(p.Text); i++ {
			if p.Text[i] == ' ' && isWordByte(p.Text[i-1]) && isWordByte(p.Text[i+1]) {
				return true
			}
		}
	}
	return false
}

// isWordByte reports whether b is an ASCII letter or digit, or part of a
// non-ASCII character.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// isParam reports whether name is a parameter of sc that the function
// does not rebind.
func isParam(name string, sc *scope) bool {
	if strings.Contains(name, ".") || sc.kind != funcScope || len(sc.bindingsOf(name)) > 0 {
		return false
	}
	return slices.ContainsFunc(sc.params, func(p param) bool { return p.name == name })
}

// raisePy2 handles Python 2's raise E, args.
func (x *extraction) raisePy2(s *errdex.Site, list syntax.Node, sc *scope) {
	var items []syntax.Node
	for ch := range list.NamedChildren() {
		if ch.Kind() != "comment" {
			items = append(items, ch)
		}
	}
	written := compactName(x.ev.text(items[0]))
	s.Exception = written
	x.qualify(s)
	var args callArgs
	if len(items) > 1 {
		arg := items[1]
		if arg.Kind() == "tuple" {
			for it := range arg.NamedChildren() {
				if it.Kind() != "comment" {
					args.pos = append(args.pos, argOf(x.ev.eval(it, sc)))
				}
			}
		} else {
			args.pos = append(args.pos, argOf(x.ev.eval(arg, sc)))
		}
	}
	setMessage(s, builtinMessage(written, args))
	if r := x.ref(written); !r.builtin {
		x.facts.raises = append(x.facts.raises, &raiseFact{site: s, ref: r, args: args})
	}
}

// raiseObject handles raise NAME without a call: a class (raise
// StopIteration) or an exception object built elsewhere.
func (x *extraction) raiseObject(s *errdex.Site, raised syntax.Node, sc *scope) {
	text := compactName(x.ev.text(raised))
	if (raised.Kind() == "identifier" || raised.Kind() == "attribute") && x.classLike(text) && !x.isVariable(text, sc) &&
		!strings.HasPrefix(text, "self.") {
		s.Kind, s.Exception = errdex.KindRaise, text
		x.qualify(s)
		if r := x.ref(text); !r.builtin {
			// raise E is raise E(): the class's message built without
			// arguments (attrs' FrozenInstanceError, botocore's
			// NoCredentialsError).
			x.facts.raises = append(x.facts.raises, &raiseFact{site: s, ref: r, bare: true})
		}
		return
	}
	s.Kind = errdex.KindRaiseObject
	if raised.Kind() == "identifier" {
		// exc = ValueError("..."); raise exc
		call := x.callBinding(text, raised.Index(), sc)
		if !call.IsNull() && x.classLike(compactName(x.ev.text(call.Child("function")))) {
			x.raiseCall(s, call, sc)
			return
		}
		if !call.IsNull() {
			// exc = self._handle_error(exc, line); raise exc: when Link
			// finds the function builds the exception it returns, the
			// site raises that; otherwise it stays an object built
			// elsewhere.
			written := compactName(x.ev.text(call.Child("function")))
			if key := x.factoryKey(written, sc); key != "" {
				x.facts.raises = append(x.facts.raises, &raiseFact{site: s, args: x.callArgs(call, sc), factory: key})
			}
		}
		if t := x.exceptType(text, raised, sc); t != "" {
			s.Exception = t
			x.qualify(s)
		}
	}
	setMessage(s, []errdex.Template{{Parts: []errdex.Part{template.PyHole(text, errdex.HoleError)}}})
}

// isModuleName reports whether name is a module the file imports.
func (x *extraction) isModuleName(name string) bool {
	_, ok := x.fs.imports[name]
	return ok
}

// isVariable reports whether a plain name is bound in the function as a
// variable (assigned, a parameter, an except target) rather than a class.
func (x *extraction) isVariable(name string, sc *scope) bool {
	if strings.Contains(name, ".") || sc.kind != funcScope {
		return false
	}
	for _, p := range sc.params {
		if p.name == name {
			return true
		}
	}
	for _, i := range sc.bindingsOf(name) {
		if k := sc.binds[i].kind; k != bindClass && k != bindDef {
			return true
		}
	}
	return false
}

// callBinding returns the call a name is bound to when every binding of
// it in the scope before the point of use at, other than to None, is a
// call of the same function, and there is one: "exc = ValueError(msg)",
// or "e = self._handle_error(e, line)" in each branch that finds an
// error. The first such call stands for them all. Bindings after the
// raise (a cleanup "exc = None" in a finally clause) and to None ("exc =
// None" before a try) do not reach the raise with an exception in them.
func (x *extraction) callBinding(name string, at int, sc *scope) syntax.Node {
	var found syntax.Node
	for _, i := range sc.bindingsOf(name) {
		b := sc.binds[i]
		if b.at >= at || b.kind == bindListOp || b.kind == bindAssign && b.value.Kind() == "none" {
			continue // exc.append(line) calls a method of the bound object
		}
		if b.kind != bindAssign || b.value.Kind() != "call" {
			return syntax.Node{}
		}
		if found.IsNull() {
			found = b.value
		} else if x.ev.text(found.Child("function")) != x.ev.text(b.value.Child("function")) {
			return syntax.Node{}
		}
	}
	return found
}

// exceptType returns the type caught by the except clause that binds
// name around the raise, as written.
func (x *extraction) exceptType(name string, at syntax.Node, sc *scope) string {
	for a := range at.Ancestors() {
		switch a.Kind() {
		case "function_definition", "class_definition":
			return ""
		case "except_clause":
			v := a.NamedChild(0)
			if v.Kind() == "as_pattern" && v.Child("alias").NamedChild(0).Text() == name {
				return typeText(x.ev.text(v.NamedChild(0)))
			}
		}
	}
	return ""
}

// caughtType returns the type caught by the except clause around a bare
// raise, as written; "" outside one, for a bare except and for tuples.
func (x *extraction) caughtType(n syntax.Node) string {
	for a := range n.Ancestors() {
		switch a.Kind() {
		case "function_definition", "class_definition", "lambda":
			return ""
		case "except_clause", "except_group_clause":
			v := a.NamedChild(0)
			if v.Kind() == "block" {
				return ""
			}
			if v.Kind() == "as_pattern" {
				v = v.NamedChild(0)
			}
			return typeText(x.ev.text(v))
		}
	}
	return ""
}

// typeText keeps a caught type that names one class.
func typeText(s string) string {
	s = compactName(s)
	for _, r := range s {
		if r != '.' && r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return ""
		}
	}
	return s
}

// qualify sets ExceptionQualified when the file's imports make the
// exception's module known. Relative imports and local classes are
// qualified in Link, which knows the file's module.
func (x *extraction) qualify(s *errdex.Site) {
	if s.Exception == "" {
		return
	}
	if r := x.ref(s.Exception); r.target != "" && !strings.HasPrefix(r.target, ".") {
		s.ExceptionQualified = r.target
	}
}

// callArgs evaluates the arguments of a call.
func (x *extraction) callArgs(call syntax.Node, sc *scope) callArgs {
	var a callArgs
	args := call.Child("arguments")
	if args.Kind() == "generator_expression" {
		a.pos = append(a.pos, argOf(unknown(x.ev.text(args), "")))
		return a
	}
	for c := range args.NamedChildren() {
		switch c.Kind() {
		case "comment":
		case "keyword_argument":
			if a.kw == nil {
				a.kw = map[string]argVal{}
			}
			a.kw[c.Child("name").Text()] = argOf(x.ev.eval(c.Child("value"), sc))
		case "list_splat", "parenthesized_list_splat":
			if a.spread == "" {
				a.spread = x.ev.text(c.NamedChild(0))
			}
		case "dictionary_splat":
			// **kwargs never reaches a builtin exception's args, but
			// may reach a parameter of a repository class.
			if a.kwSpread == "" {
				a.kwSpread = x.ev.text(c.NamedChild(0))
			}
		default:
			a.pos = append(a.pos, x.classArgOf(c, argOf(x.ev.eval(c, sc))))
		}
	}
	return a
}

// classArgOf records the class n names in a, when n is a class name.
func (x *extraction) classArgOf(n syntax.Node, a argVal) argVal {
	if n.Kind() != "identifier" && n.Kind() != "attribute" {
		return a
	}
	if written := compactName(x.ev.text(n)); x.classLike(written) {
		a.class = &classArg{ref: x.ref(written), file: x.facts}
	}
	return a
}

// factoryKey names the function a raise calls for Link: "func" or
// "Class.method" for this file's functions (self.method in a method), the
// import target ("pkg.errors.make_error") for an imported one,
// "?method" for a lower-case method called on another object; "" when
// the callee is none of these.
func (x *extraction) factoryKey(written string, sc *scope) string {
	first, rest, dotted := strings.Cut(written, ".")
	if m := sc.method(); m != nil && dotted && first == sc.selfName() && !strings.Contains(rest, ".") {
		return m.qual + "." + rest
	}
	if dotted {
		if r := x.ref(written); r.target != "" {
			return "@" + r.target
		}
		// obj.method(...) on an object whose class the file does not say
		// (raise source.error(msg, pos)): Link takes the module's one
		// factory method of that name, when there is exactly one.
		if method := written[strings.LastIndexByte(written, '.')+1:]; method != "" && unicode.IsLower(rune(method[0])) &&
			first != "" && !x.isModuleName(first) {
			return "?" + method
		}
		return ""
	}
	for _, i := range x.fs.module.bindingsOf(written) {
		if x.fs.module.binds[i].kind == bindDef {
			return written
		}
	}
	if t, ok := x.fs.imports[written]; ok {
		return "@" + t.qualified()
	}
	return ""
}
