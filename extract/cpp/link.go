package cpp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// Bounds of the Link step: the calls a file records, the arguments of a
// call it evaluates, the helpers of one name a call chooses among.
const (
	maxLinkCalls      = 4096
	maxLinkArgs       = 16
	maxLinkCandidates = 32
)

// facts is what Link needs from a file: its helpers (see helperCalls) and
// its calls that pass text, which may call a helper of another file
// (std::stoi in bits/basic_string.h calls __gnu_cxx::__stoa(.., "stoi",
// ..), which throws std::invalid_argument(__name) in
// ext/string_conversions.h).
type facts struct {
	helpers []*helperFact
	calls   []*callFact
	// ctors are the constructors that build a message, constructions the
	// sites that construct an exception (see linkCtors).
	ctors         []*ctorFact
	whats         []whatFact
	constructions []*msgeval.Construction
	// consts are the string constants outside functions.
	consts []constFact
	// assertMacros are the file's assert macros, assertCalls its calls
	// of macros that may be another file's (see linkAssertMacros).
	assertMacros map[string]assertMacro
	assertCalls  []assertCallFact
	// throwing are the file's throwing macros (see throwingMacro).
	throwing map[string]throwingMacro
	// passing are the file's macros that pass their arguments on to
	// calls (see passingMacros).
	passing map[string][]macroCall
	// callSites are the file's calls whose callee a name says (see
	// NamedCalls).
	callSites []extract.NamedCall
}

// helperFact is a helper: a function one of whose parameters is the whole
// message of one or more of its sites.
type helperFact struct {
	name string // qualified as Function is: "__gnu_cxx::__stoa"
	// minArgs and maxArgs bound the arguments a call passes (maxArgs < 0:
	// any number, the function is variadic).
	minArgs, maxArgs int
	index            int    // the message parameter's position
	param            string // and name
	format           bool   // the parameter is a printf format
	// names are the parameters' names, and extra the positions of the
	// other text parameters its messages hold (see embeddedHelper).
	names  []string
	extra  []int
	throws []helperThrow
	key    string // tells apart helpers that make different sites
}

// helperThrow is a site of a helper whose message is the parameter.
type helperThrow struct {
	kind      errdex.SiteKind
	exception string
	msg       []errdex.Template
}

// callFact is a call of a function that is not a helper of its own file,
// with the arguments that are text.
type callFact struct {
	callee string // as written, without spaces or template arguments: "__gnu_cxx::__stoa", "this->_M_check"
	caller string // the Function of a site at the call
	span   errdex.Span
	nargs  int
	args   map[int][]errdex.Template
	// formats are the arguments that are printf formats with a percent
	// sign, parsed with the arguments after them.
	formats map[int][]errdex.Template
}

// recordHelper adds site s, whose message is parameter i (param) of the
// function def (a definition, or where its header starts), to the helper
// facts of the file.
func (x *file) recordHelper(byDef map[any]*helperFact, def any, name string, least, most, i int, param string, s *errdex.Site) {
	h := byDef[def]
	if h == nil {
		h = &helperFact{name: name, minArgs: least, maxArgs: most, index: i, param: param, format: x.reporterArgs[s] == printfArgs}
		byDef[def] = h
		x.facts.helpers = append(x.facts.helpers, h)
	}
	if h.index != i {
		return // two parameters are messages: keep the first one's sites
	}
	msg := s.Template
	if hole := msg.Parts[0]; hole.Expr != param {
		// The parameter under a pass-through call: std::move(msg).
		hole.Expr = param
		msg = errdex.NewTemplate(hole)
	}
	h.throws = append(h.throws, helperThrow{kind: s.Kind, exception: s.Exception, msg: []errdex.Template{msg}})
	h.key += strconv.Itoa(h.index) + "\x00" + strconv.FormatBool(h.format) + "\x00" + string(s.Kind) + "\x00" + s.Exception + "\x00" + s.Template.Canonical() + "\x01"
}

// recordWrapper adds site s of the function def, whose messages msgs hold
// parameter i of names among other text, and the text parameters extra
// (see embeddedHelper), to the helper facts of the file.
func (x *file) recordWrapper(byDef map[any]*helperFact, def any, name string, least, most, i int, names []string, extra []int, s *errdex.Site, msgs []errdex.Template) {
	h := byDef[def]
	if h == nil {
		h = &helperFact{name: name, minArgs: least, maxArgs: most, index: i, param: names[i], names: names}
		byDef[def] = h
		x.facts.helpers = append(x.facts.helpers, h)
	}
	if h.index != i {
		return
	}
	for _, j := range extra {
		if !slices.Contains(h.extra, j) {
			h.extra = append(h.extra, j)
		}
	}
	h.throws = append(h.throws, helperThrow{kind: s.Kind, exception: s.Exception, msg: msgs})
	h.key += strconv.Itoa(h.index) + "\x00" + string(s.Kind) + "\x00" + s.Exception
	for _, j := range extra {
		h.key += "\x00" + strconv.Itoa(j)
	}
	for _, t := range msgs {
		h.key += "\x00" + t.Canonical()
	}
	h.key += "\x01"
}

// arity returns the least and the most arguments a call of a function
// definition passes; most is -1 for a variadic function.
func arity(def syntax.Node) (least, most int) {
	d := functionDeclarator(def)
	if d.IsNull() {
		return 0, -1
	}
	params := d.Child("parameters")
	for p := range params.NamedChildren() {
		switch p.Kind() {
		case "parameter_declaration":
			if p.Child("declarator").IsNull() && p.Child("type").Text() == "void" {
				continue // f(void)
			}
			least++
			most++
		case "optional_parameter_declaration":
			most++
		case "variadic_parameter_declaration", "variadic_parameter", "optional_type_parameter_declaration":
			most = -1
		}
	}
	for c := range params.Children() {
		if c.Text() == "..." {
			most = -1
		}
	}
	if most < 0 {
		return least, -1
	}
	return least, most
}

// recordCalls records the file's calls that pass text and name no rule
// and no helper of the file, for Link to find among the helpers of other
// files.
func (x *file) recordCalls(cands []syntax.Node, helpers map[string]helper) {
	for _, n := range cands {
		if len(x.facts.calls) >= maxLinkCalls {
			return
		}
		if n.Kind() != "call_expression" {
			continue
		}
		fn := n.Child("function")
		if fn.Kind() == "template_function" {
			fn = fn.Child("name")
		}
		callee := stripTemplate(msgeval.Compact(fn.Text()))
		last := lastSegment(callee)
		if !isIdent(last) || x.rules.match(callee) != nil {
			continue
		}
		if _, ok := helpers[last]; ok {
			continue
		}
		// A reporter's message may be a variable: report(p, errmsg).
		reports := reportsErrors(last)
		list := n.Child("arguments")
		if !strings.Contains(list.Text(), `"`) && !reports {
			continue
		}
		args := arguments(list)
		var texts, formats map[int][]errdex.Template
		for i, a := range args[:min(len(args), maxLinkArgs)] {
			if !strings.Contains(a.Text(), `"`) && (!reports || a.Kind() != "identifier") {
				continue
			}
			if v := x.eval(a, 0); v.Text && !v.Opaque() {
				if texts == nil {
					texts = map[int][]errdex.Template{}
				}
				texts[i] = v.Alts
			}
			if !strings.Contains(a.Text(), "%") || !reports {
				continue
			}
			if v, ok := x.quietPrintf(args[i:], n); ok && v.Text && !v.Opaque() {
				if formats == nil {
					formats = map[int][]errdex.Template{}
				}
				formats[i] = v.Alts
			}
		}
		if texts == nil || x.notes.Broken(n) {
			continue
		}
		x.facts.calls = append(x.facts.calls, &callFact{callee: callee, caller: x.function(n), span: n.Span(), nargs: len(args), args: texts, formats: formats})
	}
}

// isIdent reports whether s is a C or C++ identifier: letters, digits and
// underscores, not starting with a digit.
func isIdent(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// helperEntry is a helper with the file that defines it.
type helperEntry struct {
	helper *helperFact
	file   *facts
}

// link runs after every file of the language is extracted. It gives each
// call of a helper of another file that passes text for the helper's
// message a site at the call, one for each of the helper's sites, with
// the kind, the exception and the message of that site, the parameter
// replaced by the call's argument: std::stoi's __stoa(&std::strtol,
// "stoi", ...) in bits/basic_string.h throws std::invalid_argument("stoi")
// and std::out_of_range("stoi").
func link(files []*extract.FileResult) {
	var all []*facts
	var sites []*errdex.Site
	for f, ff := range msgeval.FactsOf[*facts](files) {
		all = append(all, ff)
		sites = append(sites, f.Sites...)
	}
	fillConsts(sites, all)
	linkCtors(all)
	linkAssertMacros(files)
	linkThrowingMacros(files)
	byName := map[string][]helperEntry{}
	for _, ff := range msgeval.FactsOf[*facts](files) {
		for _, h := range ff.helpers {
			last := lastSegment(h.name)
			byName[last] = append(byName[last], helperEntry{h, ff})
		}
	}
	if len(byName) == 0 {
		return
	}
	macros := firstByName(files, func(ff *facts) map[string][]macroCall { return ff.passing })
	for f, ff := range msgeval.FactsOf[*facts](files) {
		for _, c := range ff.calls {
			h := pickHelper(byName[lastSegment(c.callee)], c, ff)
			if h == nil {
				if _, own := ff.passing[c.callee]; !own {
					// A macro of another file that passes the call's
					// text on to a helper (Lua's luaL_argcheck in
					// lauxlib.h calls luaL_argerror of lauxlib.c).
					c, h = throughMacros(c, macros, byName, 0)
				}
			}
			if h == nil {
				continue
			}
			arg, ok := c.args[h.index]
			if f, isFormat := c.formats[h.index]; isFormat && h.format {
				arg, ok = f, true
			}
			if !ok {
				continue
			}
			for _, t := range h.throws {
				sub := map[string][]errdex.Template{h.param: arg}
				if len(h.extra) > 0 {
					sub = substitution(h.names, h.index, arg, h.extra, func(j int) ([]errdex.Template, bool) {
						v, ok := c.args[j]
						return v, ok
					})
				}
				msg := rules.Alternatives.Substitute(t.msg, sub)
				if len(msg) == 0 || (msgeval.Value{Alts: msg}).Opaque() {
					continue
				}
				f.Sites = append(f.Sites, linkedSite(f, t.kind, t.exception, c, msg))
			}
		}
	}
}

// maxMacroDepth bounds the macros a call goes through to its helper
// (jsoncpp's JSON_ASSERT_MESSAGE calls JSON_FAIL_MESSAGE, which calls
// throwLogicError).
const maxMacroDepth = 3

// throughMacros follows call c of a passing macro of macros (see
// passingMacros) to the first call in its body of a helper of byName,
// through other such macros: it returns that call, with the arguments
// c's text makes, and the helper; or nil.
func throughMacros(c *callFact, macros map[string][]macroCall, byName map[string][]helperEntry, depth int) (*callFact, *helperFact) {
	if depth >= maxMacroDepth {
		return nil, nil
	}
	for _, mc := range macros[c.callee] {
		inner := &callFact{callee: mc.callee, caller: c.caller, span: c.span, nargs: len(mc.slots)}
		for j, sl := range mc.slots {
			switch {
			case sl.param >= 0:
				if v, ok := c.args[sl.param]; ok {
					inner.args = setArg(inner.args, j, v)
				}
				if v, ok := c.formats[sl.param]; ok {
					inner.formats = setArg(inner.formats, j, v)
				}
			case sl.rest < 0 && sl.value.Text && !sl.value.Opaque():
				inner.args = setArg(inner.args, j, sl.value.Alts)
			}
		}
		if len(inner.args) == 0 {
			continue
		}
		if h := pickHelper(byName[lastSegment(mc.callee)], inner, nil); h != nil {
			return inner, h
		}
		if next, h := throughMacros(inner, macros, byName, depth+1); h != nil {
			return next, h
		}
	}
	return nil, nil
}

// setArg sets m[i] to v, making m when it is nil.
func setArg(m map[int][]errdex.Template, i int, v []errdex.Template) map[int][]errdex.Template {
	if m == nil {
		m = map[int][]errdex.Template{}
	}
	m[i] = v
	return m
}

// pickHelper chooses the helper call c of file in calls among the helpers
// of its name, or returns nil: the helpers of other files whose name
// agrees with c's qualification (__gnu_cxx::__stoa) and whose parameters
// fit c's arguments, when they would all make the same sites, else the
// one of the class or namespace of c's function. Helpers of in's own file
// were matched when it was extracted.
func pickHelper(entries []helperEntry, c *callFact, in *facts) *helperFact {
	if len(entries) == 0 || len(entries) > maxLinkCandidates {
		return nil
	}
	qualified := strings.Contains(c.callee, "::") && !strings.ContainsAny(c.callee, ".>")
	var hs []*helperFact
	for _, e := range entries {
		h := e.helper
		if e.file != in && (!qualified || sameName(h.name, c.callee)) &&
			c.nargs >= h.minArgs && (h.maxArgs < 0 || c.nargs <= h.maxArgs) {
			hs = append(hs, h)
		}
	}
	if h, ok := single(hs); ok {
		return h
	}
	scope := scopeOf(c.caller)
	var near []*helperFact
	for _, h := range hs {
		if scope != "" && scopeOf(h.name) == scope {
			near = append(near, h)
		}
	}
	h, _ := single(near)
	return h
}

// single returns the helper of hs when they would all make the same
// sites, and reports whether there was one.
func single(hs []*helperFact) (*helperFact, bool) {
	if len(hs) == 0 {
		return nil, false
	}
	for _, h := range hs[1:] {
		if h.key != hs[0].key {
			return nil, false
		}
	}
	return hs[0], true
}

// sameName reports whether a helper's qualified name and a qualified
// callee name the same function, one ending with the other on a "::"
// boundary: "ns::f" and "a::ns::f" do, "std::f" and "__gnu_cxx::f" do not.
func sameName(helper, callee string) bool {
	helper, callee = strings.TrimPrefix(helper, "::"), strings.TrimPrefix(callee, "::")
	if len(helper) < len(callee) {
		helper, callee = callee, helper
	}
	return helper == callee || strings.HasSuffix(helper, "::"+callee)
}

// scopeOf is a qualified name without its last segment: "std::string" of
// "std::string::at".
func scopeOf(name string) string {
	if i := strings.LastIndex(name, "::"); i >= 0 {
		return name[:i]
	}
	return ""
}

// linkedSite is the site Link gives call c of file f, with its message's
// alternatives msg (at least one).
func linkedSite(f *extract.FileResult, kind errdex.SiteKind, exception string, c *callFact, msg []errdex.Template) *errdex.Site {
	s := &errdex.Site{
		Language:  f.Language,
		Kind:      kind,
		Exception: exception,
		Function:  c.caller,
		Location:  errdex.Location{Span: c.span},
	}
	s.Location.Path = f.Path
	msg = msg[:min(len(msg), rules.Alternatives.Max)]
	s.Template = template.DistinctHoles(msg[0].Normalize())
	for _, a := range msg[1:] {
		s.Alternatives = append(s.Alternatives, template.DistinctHoles(a.Normalize()))
	}
	return s
}
