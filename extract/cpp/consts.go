package cpp

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// maxConsts bounds the string constants a file records for Link.
const maxConsts = 4096

// constFact is a string constant declared outside functions, for the
// holes of other files that read it: const char* const MAP_VALUE =
// "illegal map value" in namespace ErrorMsg, read as ErrorMsg::MAP_VALUE.
type constFact struct {
	name string // qualified by the namespaces and classes around it
	text string
}

// recordConst records the string constants a declaration outside any
// function gives a literal value.
func (x *file) recordConst(n syntax.Node) {
	if len(x.facts.consts) >= maxConsts || !msgeval.Enclosing(n, "function_definition").IsNull() ||
		!strings.Contains(n.Text(), `"`) {
		return
	}
	for d := range n.ChildrenByField("declarator") {
		if d.Kind() != "init_declarator" {
			continue
		}
		value := d.Child("value")
		if !value.Is("string_literal", "concatenated_string", "raw_string_literal") {
			continue
		}
		name := declName(d.Child("declarator"))
		if name == "" {
			continue
		}
		if v := x.eval(value, 0); v.Text && len(v.Alts) == 1 && len(v.Alts[0].Holes()) == 0 {
			x.facts.consts = append(x.facts.consts, constFact{name: x.scopeOf(n) + name, text: v.Alts[0].String()})
		}
	}
}

// declName is the name a declarator declares, under pointers and
// references: "MAP_VALUE" of "* const MAP_VALUE".
func declName(d syntax.Node) string {
	for range 8 {
		switch d.Kind() {
		case "identifier":
			return d.Text()
		case "pointer_declarator", "array_declarator", "reference_declarator", "type_qualifier":
			next := d.Child("declarator")
			if next.IsNull() {
				next = d.NamedChild(d.NamedChildCount() - 1)
			}
			d = next
		default:
			return ""
		}
	}
	return ""
}

// constTable finds the text of the constants of all files by the
// expression that reads them: a qualified name ends with the
// expression's qualification (ErrorMsg::MAP_VALUE), and of the constants
// it may name all have one text.
type constTable map[string][]constFact // by last segment

func newConstTable(all []*facts) constTable {
	t := constTable{}
	for _, ff := range all {
		for _, c := range ff.consts {
			last := lastSegment(c.name)
			t[last] = append(t[last], c)
		}
	}
	return t
}

// text returns the text of the constant expr names, or false.
func (t constTable) text(expr string) (string, bool) {
	expr = strings.TrimPrefix(msgeval.Compact(expr), "::")
	cands := t[lastSegment(expr)]
	text, found := "", false
	for _, c := range cands {
		if c.name != expr && !strings.HasSuffix(c.name, "::"+expr) {
			continue
		}
		if found && c.text != text {
			return "", false
		}
		text, found = c.text, true
	}
	return text, found
}

// fillConsts replaces in all files' sites, constructions and
// constructors' messages the holes that read a constant of the
// repository with its text.
func fillConsts(files []*errdex.Site, all []*facts) {
	t := newConstTable(all)
	if len(t) == 0 {
		return
	}
	var cs []*msgeval.Construction
	for _, ff := range all {
		cs = append(cs, ff.constructions...)
		for _, c := range ff.ctors {
			// A constructor's message, filled as a construction's
			// argument is.
			cs = append(cs, &msgeval.Construction{Args: []msgeval.Arg{{Alts: c.msg}}})
		}
	}
	rules.FillConstants(files, cs, t.text)
	i := 0
	for _, ff := range all {
		i += len(ff.constructions)
		for _, c := range ff.ctors {
			c.msg = cs[i].Args[0].Alts
			i++
		}
	}
}

// constantArg returns the first argument that names a constant as
// constants are written, in upper case (ErrorMsg::MAP_VALUE), whose text
// another file may hold.
func constantArg(args []syntax.Node) (syntax.Node, bool) {
	for _, a := range args {
		if a.Is("identifier", "qualified_identifier") && isMacroName([]byte(lastSegment(msgeval.Compact(a.Text())))) {
			return a, true
		}
	}
	return syntax.Node{}, false
}
