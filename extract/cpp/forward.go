package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// A forwarding macro passes its arguments on to a helper or a reporter of
// its file, or to another forwarding macro (toml++'s
// #define set_error_and_return_default(...) set_error_and_return({}, __VA_ARGS__)
// and #define set_error_and_return(ret, ...) do { ... set_error(__VA_ARGS__); ... } while (false)):
// its calls are calls of the helper with the arguments it passes.

// macroDef is a function-like macro: its parameters, whether it takes
// more (__VA_ARGS__), and its body.
type macroDef struct {
	name     string
	params   []string
	variadic bool
	body     string
}

// slot is one argument a forwarding macro passes: its own parameter
// param, all its arguments from rest on (__VA_ARGS__), or a value written
// in its body.
type slot struct {
	param, rest int // -1 when not
	value       msgeval.Value
}

// forwarder is a forwarding macro: the helper it calls in the end and
// the arguments it passes it.
type forwarder struct {
	helper string
	slots  []slot
}

// recordMacro records a function-like #define.
func (x *file) recordMacro(n syntax.Node) {
	m := macroDef{name: n.Child("name").Text(), body: n.Child("value").Text()}
	for p := range n.Child("parameters").Children() {
		switch {
		case p.Kind() == "identifier":
			m.params = append(m.params, p.Text())
		case p.Text() == "...":
			m.variadic = true
		}
	}
	x.macros = append(x.macros, m)
}

// forwarders finds the file's forwarding macros of its helpers.
func (x *file) forwarders(helpers map[string]helper) map[string]forwarder {
	fwd := map[string]forwarder{}
	for changed := true; changed; {
		changed = false
		for _, m := range x.macros {
			if _, done := fwd[m.name]; done {
				continue
			}
			if f, ok := m.forwarding(helpers, fwd); ok {
				fwd[m.name] = f
				changed = true
			}
		}
	}
	return fwd
}

// forwarding reads the call in m's body of a helper or of a forwarder
// of fwd.
func (m macroDef) forwarding(helpers map[string]helper, fwd map[string]forwarder) (forwarder, bool) {
	body := strings.ReplaceAll(m.body, "\\\n", " ")
	for i := 0; i < len(body); i++ {
		if !isIdentByte(body[i]) || i > 0 && isIdentByte(body[i-1]) {
			continue
		}
		j := i
		for j < len(body) && isIdentByte(body[j]) {
			j++
		}
		name := body[i:j]
		open := skipSpace([]byte(body), j, 1)
		if open >= len(body) || body[open] != '(' || name == m.name {
			i = j - 1
			continue
		}
		end := closingAny(body, open)
		if end < 0 {
			return forwarder{}, false
		}
		_, isHelper := helpers[name]
		next, isFwd := fwd[name]
		if !isHelper && !isFwd {
			i = j - 1
			continue
		}
		slots := m.slots(splitArgs(body[open+1 : end]))
		if isHelper {
			return forwarder{helper: name, slots: slots}, true
		}
		return forwarder{helper: next.helper, slots: expandSlots(next.slots, slots)}, true
	}
	return forwarder{}, false
}

// slots reads the arguments of a call in m's body.
func (m macroDef) slots(args []string) []slot {
	var out []slot
	for _, a := range args {
		s := slot{param: -1, rest: -1}
		switch {
		case a == "__VA_ARGS__" && m.variadic:
			s.rest = len(m.params)
		default:
			s.param = indexOf(m.params, a)
			if s.param < 0 {
				s.value = literalValue(a)
			}
		}
		out = append(out, s)
	}
	return out
}

// literalValue is the value of an argument written in a macro's body: a
// string literal's text (with the standard suffixes), else a hole.
func literalValue(a string) msgeval.Value {
	lit := strings.TrimSuffix(strings.TrimSuffix(a, "sv"), "s")
	if strings.HasSuffix(lit, `"`) {
		if s, ok := decodeString(lit); ok {
			return msgeval.Lit(s)
		}
	}
	return rules.Unknown(a, errdex.HoleAny)
}

// expandSlots is the arguments a forwarder's slots pass when its own
// arguments are args.
func expandSlots(slots, args []slot) []slot {
	var out []slot
	for _, s := range slots {
		switch {
		case s.param >= 0 && s.param < len(args):
			out = append(out, args[s.param])
		case s.rest >= 0 && s.rest <= len(args):
			out = append(out, args[s.rest:]...)
		case s.param < 0 && s.rest < 0:
			out = append(out, s)
		}
	}
	return out
}

// forwardedArgs are the values a call of forwarder f passes its helper,
// with the call's arguments args.
func (x *file) forwardedArgs(f forwarder, args []syntax.Node) []msgeval.Value {
	var out []msgeval.Value
	for _, s := range f.slots {
		switch {
		case s.param >= 0 && s.param < len(args):
			out = append(out, x.eval(args[s.param], 0))
		case s.rest >= 0:
			for _, a := range args[min(s.rest, len(args)):] {
				out = append(out, x.eval(a, 0))
			}
		case s.param < 0:
			out = append(out, s.value)
		}
	}
	return out
}

// forwardedMessage is the message of a call of a forwarder of helper h
// whose arguments are vs: the one argument, or a pack's concatenated; a
// printf format through a macro is not read.
func forwardedMessage(h helper, vs []msgeval.Value) (msgeval.Value, bool) {
	if h.param >= len(vs) {
		return msgeval.Value{}, false
	}
	switch h.how {
	case packArgs:
		v := msgeval.Of(errdex.Template{})
		for _, p := range vs[h.param:] {
			v = rules.Concat(v, p)
		}
		v.Text = true
		return v, true
	case oneArg:
		return vs[h.param], true
	}
	return msgeval.Value{}, false
}

// splitArgs splits a macro call's argument text at its top-level commas.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			i = skipQuoted(s, i)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" || len(out) > 0 {
		out = append(out, t)
	}
	return out
}

// indexOf is the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, e := range list {
		if e == s {
			return i
		}
	}
	return -1
}

// forwardedCall builds the site of a call of a forwarder of a helper.
func (x *file) forwardedCall(n syntax.Node, f forwarder, helpers map[string]helper) {
	h := helpers[f.helper]
	if msgeval.Enclosing(n, "function_definition") == h.def || x.notes.Broken(n) {
		return
	}
	vs := x.forwardedArgs(f, arguments(n.Child("arguments")))
	v, ok := forwardedMessage(h, vs)
	if !ok || !v.Text || v.Opaque() {
		return
	}
	// A wrapper's messages hold the argument among other text.
	if v, ok = h.wrap(v, vs); ok {
		x.pending = nil
		x.add(h.site.Kind, h.site.Exception, n, v)
	}
}

// throwingMacro is a macro that throws an exception built from one of its
// parameters: #define TOML_PARSE_FILE_ERROR(msg, path) throw
// parse_error{ msg, source_position{}, ... }. Its calls in the file are
// throw sites of that exception, with that argument as the message.
type throwingMacro struct {
	exception string
	param     int
}

// throwingMacros finds the file's throwing macros.
func (x *file) throwingMacros() map[string]throwingMacro {
	out := map[string]throwingMacro{}
	for _, m := range x.macros {
		if _, ok := out[m.name]; ok {
			continue // the first definition an #if branch gives
		}
		body := strings.TrimSpace(strings.ReplaceAll(m.body, "\\\n", " "))
		rest, ok := strings.CutPrefix(body, "throw ")
		if !ok {
			continue
		}
		rest = strings.TrimSuffix(strings.TrimSpace(rest), ";")
		open := strings.IndexAny(rest, "({")
		if open <= 0 || closingAny(rest, open) != len(rest)-1 {
			continue
		}
		exc := strings.TrimSpace(rest[:open])
		if !isQualifiedName(exc) {
			continue
		}
		args := splitArgs(rest[open+1 : len(rest)-1])
		if len(args) == 0 {
			continue
		}
		if i := indexOf(m.params, args[0]); i >= 0 {
			out[m.name] = throwingMacro{exception: exc, param: i}
		}
	}
	return out
}

// closingAny returns the index of the bracket closing the "(" or "{" at
// s[open], or -1.
func closingAny(s string, open int) int {
	want := byte(')')
	if s[open] == '{' {
		want = '}'
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			i = skipQuoted(s, i)
		case s[open]:
			depth++
		case want:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// isQualifiedName reports whether s is a name, qualified or not:
// parse_error, std::runtime_error, ::toml::parse_error.
func isQualifiedName(s string) bool {
	for _, part := range strings.Split(strings.TrimPrefix(s, "::"), "::") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

// throwingCall builds the site of a call of a throwing macro.
func (x *file) throwingCall(n syntax.Node, m throwingMacro) {
	args := arguments(n.Child("arguments"))
	if m.param >= len(args) || x.notes.Broken(n) {
		return
	}
	if v := x.eval(args[m.param], 0); v.Text && !v.Opaque() {
		x.add(errdex.KindThrow, m.exception, n, v)
	}
}

// linkThrowingMacros gives each call, in a file that does not define it,
// of a throwing macro of another file a throw site, as throwingCall does
// in the defining file: the call's text argument is the message.
func linkThrowingMacros(files []*extract.FileResult) {
	macros := firstByName(files, func(ff *facts) map[string]throwingMacro { return ff.throwing })
	if len(macros) == 0 {
		return
	}
	for f, ff := range msgeval.FactsOf[*facts](files) {
		for _, c := range ff.calls {
			m, ok := macros[c.callee]
			if !ok || ff.throwing[c.callee] != (throwingMacro{}) {
				continue // not a macro of another file, or one its own file read
			}
			msg, ok := c.args[m.param]
			if !ok {
				continue
			}
			f.Sites = append(f.Sites, linkedSite(f, errdex.KindThrow, m.exception, c, msg))
		}
	}
}

// macroCall is a call in a function-like macro's body that passes on
// some of the macro's parameters: the callee as written and its
// arguments.
type macroCall struct {
	callee string
	slots  []slot
}

// maxMacroCalls bounds the calls of one macro's body that passingMacros
// records.
const maxMacroCalls = 4

// passingMacros finds the file's function-like macros whose bodies pass
// a parameter on to a call, for Link to follow to another file's helper
// (Lua's #define luaL_argcheck(L, cond,arg,extramsg) ((void)(luai_likely(cond) ||
// luaL_argerror(L, (arg), (extramsg)))) in lauxlib.h, whose
// luaL_argerror is in lauxlib.c): the first definition of each name, and
// in its body the calls, in order, that pass a parameter, as it is, in
// parentheses, or streamed into a local stream whose str() is passed
// (jsoncpp's OStringStream oss; oss << message; throwLogicError(oss.str())).
func (x *file) passingMacros() map[string][]macroCall {
	out := map[string][]macroCall{}
	for _, m := range x.macros {
		if _, ok := out[m.name]; ok || len(m.params) == 0 {
			continue
		}
		if calls := m.calls(); len(calls) > 0 {
			out[m.name] = calls
		}
	}
	return out
}

// calls reads the calls in m's body that pass one of its parameters.
func (m macroDef) calls() []macroCall {
	body := strings.ReplaceAll(m.body, "\\\n", " ")
	var out []macroCall
	for i := 0; i < len(body) && len(out) < maxMacroCalls; i++ {
		if !isIdentByte(body[i]) || i > 0 && isIdentByte(body[i-1]) {
			continue
		}
		j := i
		for j < len(body) && isIdentByte(body[j]) {
			j++
		}
		open := skipSpace([]byte(body), j, 1)
		if open >= len(body) || body[open] != '(' || body[i:j] == m.name {
			i = j - 1
			continue
		}
		end := closingAny(body, open)
		if end < 0 {
			break
		}
		var args []string
		for _, a := range splitArgs(body[open+1 : end]) {
			args = append(args, m.streamed(body, unparen(a)))
		}
		slots := m.slots(args)
		for _, sl := range slots {
			if sl.param >= 0 || sl.rest >= 0 {
				out = append(out, macroCall{callee: qualifiedBefore(body, i, j), slots: slots})
				break
			}
		}
		i = j - 1
	}
	return out
}

// streamed is the parameter whose text a macro's body streams into the
// local stream whose str() the argument a is (oss.str() after oss <<
// message), or a.
func (m macroDef) streamed(body, a string) string {
	stream, ok := strings.CutSuffix(a, ".str()")
	if !ok || !isIdent(stream) {
		return a
	}
	for _, p := range m.params {
		if strings.Contains(body, stream+" << "+p+";") {
			return p
		}
	}
	return a
}

// unparen is a without the parentheses around it: extramsg of (extramsg).
func unparen(a string) string {
	for len(a) > 1 && a[0] == '(' && closingAny(a, 0) == len(a)-1 {
		a = strings.TrimSpace(a[1 : len(a)-1])
	}
	return a
}

// qualifiedBefore is the name at body[i:j] with the qualification written
// before it: Json::throwLogicError.
func qualifiedBefore(body string, i, j int) string {
	k := i
	for k >= 2 && body[k-2:k] == "::" {
		l := k - 2
		for l > 0 && isIdentByte(body[l-1]) {
			l--
		}
		if l == k-2 {
			break
		}
		k = l
	}
	return body[k:j]
}
