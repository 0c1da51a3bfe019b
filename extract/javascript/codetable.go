package javascript

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// An error thrown as an object literal that carries a code and no message
// (jsonata's throw {code: "T1006", stack: (new Error()).stack}) is given
// its message later, from a table of messages by code that the file
// holds (var errorCodes = {"T1006": "Attempted to invoke a non-function",
// "T2001": "The left side of the {{token}} operator must evaluate to a
// number", ...}), its {{name}} and {{{name}}} placeholders filled from the
// object's properties. Such a throw is a site of the table's entry, the
// placeholders holes.

// minCodeTable is the least number of entries, all strings, that makes an
// object literal a table of messages by code.
const minCodeTable = 5

// codeMessage returns the message the file's table of messages gives
// code, as a template, when there is one.
func (x *fileCtx) codeMessage(code string) (errdex.Template, bool) {
	if x.codeTables == nil {
		x.codeTables = map[string]string{}
		for _, sc := range x.scopeOf {
			x.addCodeTables(sc)
		}
		x.addCodeTables(x.module)
	}
	msg, ok := x.codeTables[code]
	if !ok || !strings.Contains(msg, " ") {
		return errdex.Template{}, false
	}
	return placeholderTemplate(msg), true
}

// addCodeTables records the entries of the tables of messages that scope
// sc binds to a name (a constant object literal of minCodeTable string
// entries or more), the first table holding a code winning.
func (x *fileCtx) addCodeTables(sc *scope) {
	for _, as := range sc.assigns {
		if len(as) != 1 || as[0].Kind != msgeval.BindSet {
			continue
		}
		obj := unwrap(as[0].Value)
		if obj.Kind() != "object" {
			continue
		}
		entries := map[string]string{}
		for p := range obj.NamedChildren() {
			if p.Kind() == "comment" {
				continue
			}
			v := unwrap(p.Child("value"))
			if p.Kind() != "pair" || v.Kind() != "string" {
				entries = nil
				break
			}
			entries[propertyName(p.Child("key"))] = decodeString(v)
		}
		if len(entries) < minCodeTable {
			continue
		}
		for k, v := range entries {
			if _, dup := x.codeTables[k]; !dup {
				x.codeTables[k] = v
			}
		}
	}
}

// objectCode returns the string an object literal gives its code
// property, or "".
func objectCode(obj syntax.Node) string {
	for p := range obj.NamedChildren() {
		if p.Kind() == "pair" && propertyName(p.Child("key")) == "code" {
			if v := unwrap(p.Child("value")); v.Kind() == "string" {
				return decodeString(v)
			}
		}
	}
	return ""
}

// placeholderTemplate reads a message whose {{name}} and {{{name}}}
// placeholders are filled later as a template with holes there.
func placeholderTemplate(msg string) errdex.Template {
	var t errdex.Template
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			break
		}
		open := 2
		if strings.HasPrefix(msg[i:], "{{{") {
			open = 3
		}
		j := strings.Index(msg[i+open:], strings.Repeat("}", open))
		name := ""
		if j >= 0 {
			name = strings.TrimSpace(msg[i+open : i+open+j])
		}
		if name == "" || strings.ContainsAny(name, "{} ") {
			t.Parts = append(t.Parts, errdex.Part{Text: msg[:i+open]})
			msg = msg[i+open:]
			continue
		}
		if i > 0 {
			t.Parts = append(t.Parts, errdex.Part{Text: msg[:i]})
		}
		t.Parts = append(t.Parts, msgeval.Var(name, errdex.HoleAny))
		msg = msg[i+open+j+open:]
	}
	if msg != "" {
		t.Parts = append(t.Parts, errdex.Part{Text: msg})
	}
	// Text parts next to each other are one.
	out := t.Parts[:0]
	for _, p := range t.Parts {
		if n := len(out); n > 0 && !p.IsHole() && !out[n-1].IsHole() {
			out[n-1].Text += p.Text
			continue
		}
		out = append(out, p)
	}
	t.Parts = out
	return t
}
