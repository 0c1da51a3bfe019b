package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// An assert macro is a function-like macro whose body is assert's call,
// or another assert macro's: #define RAPIDJSON_ASSERT(x) assert(x),
// #define eigen_assert(x) eigen_plain_assert(x), #define
// TINYFORMAT_ERROR(reason) assert(0 && reason). Its calls fail as assert
// does, printing the condition as the preprocessor expands it
// ("Assertion `0 && "tinyformat: ..."' failed."). Calls in the file that
// defines the macro are sites as it is extracted; calls in other files,
// by Link, when their macro's name holds "assert".

// assertMacro is an assert macro: its parameters, and the condition its
// body passes to assert, written with them.
type assertMacro struct {
	params []string
	cond   string
}

// recordAssertMacro records a #define that is an assert macro.
func (x *file) recordAssertMacro(n syntax.Node) {
	name := n.Child("name").Text()
	if _, ok := x.assertMacros[name]; ok {
		return // the first definition an #if branch gives
	}
	var params []string
	for p := range n.Child("parameters").NamedChildren() {
		if p.Kind() != "identifier" {
			return // variadic
		}
		params = append(params, p.Text())
	}
	callee, arg, ok := singleCall(n.Child("value").Text())
	if !ok {
		return
	}
	if inner, known := x.assertMacros[callee]; known {
		arg = inner.expand([]string{arg})
	} else if callee != "assert" {
		return
	}
	x.assertMacros[name] = assertMacro{params: params, cond: arg}
}

// singleCall reads a macro body that is one call with one argument:
// "assert(x)" is assert and x, "(foo((a), b));" is foo and "(a), b".
func singleCall(body string) (callee, arg string, ok bool) {
	body = strings.TrimSuffix(strings.TrimSpace(strings.ReplaceAll(body, "\\\n", " ")), ";")
	for strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") && closingAny(body, 0) == len(body)-1 {
		body = strings.TrimSpace(body[1 : len(body)-1])
	}
	open := strings.IndexByte(body, '(')
	if open <= 0 || !isIdent(strings.TrimSpace(body[:open])) || closingAny(body, open) != len(body)-1 {
		return "", "", false
	}
	return strings.TrimSpace(body[:open]), strings.TrimSpace(body[open+1 : len(body)-1]), true
}

// expand is the condition of a call of the macro with the arguments'
// texts args: the body's condition with each parameter, as a whole word,
// replaced by its argument.
func (m assertMacro) expand(args []string) string {
	if len(args) != len(m.params) {
		return m.cond
	}
	var b strings.Builder
	for i := 0; i < len(m.cond); {
		c := m.cond[i]
		if c == '"' || c == '\'' {
			j := skipQuoted(m.cond, i) + 1
			b.WriteString(m.cond[i:j])
			i = j
			continue
		}
		if !isIdentByte(c) {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(m.cond) && isIdentByte(m.cond[j]) {
			j++
		}
		word := m.cond[i:j]
		for k, p := range m.params {
			if p == word {
				word = args[k]
				break
			}
		}
		b.WriteString(word)
		i = j
	}
	return b.String()
}

// assertRule is the built-in rule of assert, whose template an assert
// macro's sites print.
var assertRule = newRuleSet(builtinRules).match("assert")

// assertTemplate renders assert's template for a condition as written.
func assertTemplate(cond string) errdex.Template {
	var parts []errdex.Part
	for _, p := range assertRule.Template {
		switch p.Ref {
		case "":
			parts = append(parts, errdex.Lit(p.Text))
		case "cond":
			parts = append(parts, errdex.Lit(template.Stringize(cond, template.StringizeC)))
		case "hole":
			parts = append(parts, errdex.HolePart(p.Hole, "", p.Type))
		}
	}
	return template.DistinctHoles(errdex.NewTemplate(parts...).Normalize())
}

// assertCall builds the site of a call of an assert macro of the file.
func (x *file) assertCall(n syntax.Node, m assertMacro) {
	if x.notes.Broken(n) {
		return
	}
	x.add(errdex.KindAssert, "", n, msgeval.Of(assertTemplate(m.expand(argTexts(n)))))
}

// argTexts are the texts of a call's arguments.
func argTexts(call syntax.Node) []string {
	var texts []string
	for _, a := range arguments(call.Child("arguments")) {
		texts = append(texts, a.Text())
	}
	return texts
}

// assertCallFact is a call, in a file that does not define it, of a macro
// whose name holds "assert": a site when another file defines it as an
// assert macro.
type assertCallFact struct {
	callee string
	caller string
	span   errdex.Span
	args   []string
}

// maybeAssertCall records a call of a macro of another file that may be
// an assert macro (see assertCallFact).
func (x *file) maybeAssertCall(n syntax.Node, callee string) {
	if !isIdent(callee) || !strings.Contains(strings.ToLower(callee), "assert") || callee == "static_assert" || x.notes.Broken(n) {
		return
	}
	if len(x.facts.assertCalls) >= maxLinkCalls {
		return
	}
	x.facts.assertCalls = append(x.facts.assertCalls, assertCallFact{callee: callee, caller: x.function(n), span: n.Span(), args: argTexts(n)})
}

// linkAssertMacros gives each call of an assert macro that another file
// defines a site, as assertCall does in the defining file.
func linkAssertMacros(files []*extract.FileResult) {
	macros := firstByName(files, func(ff *facts) map[string]assertMacro { return ff.assertMacros })
	if len(macros) == 0 {
		return
	}
	for f, ff := range msgeval.FactsOf[*facts](files) {
		for _, c := range ff.assertCalls {
			m, ok := macros[c.callee]
			if !ok {
				continue
			}
			s := &errdex.Site{
				Language: f.Language,
				Kind:     errdex.KindAssert,
				Function: c.caller,
				Template: assertTemplate(m.expand(c.args)),
				Location: errdex.Location{Span: c.span},
			}
			s.Location.Path = f.Path
			f.Sites = append(f.Sites, s)
		}
	}
}

// firstByName merges the macros of a kind that each file defines, by
// name, the first file's winning.
func firstByName[M any](files []*extract.FileResult, of func(*facts) map[string]M) map[string]M {
	out := map[string]M{}
	for _, ff := range msgeval.FactsOf[*facts](files) {
		for name, m := range of(ff) {
			if _, ok := out[name]; !ok {
				out[name] = m
			}
		}
	}
	return out
}
