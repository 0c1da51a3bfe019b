package python

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// This file reads messages kept in tables: a class body binds a dict of
// texts by key (default_error_messages = {"invalid": "Not a valid
// integer."}), and methods raise self.error_messages["invalid"], or pass
// the key to a factory method (raise self.make_error("invalid")) that
// reads self.error_messages[key]. Validation libraries merge each class's
// defaults into the instance's table, a subclass's entries replacing its
// bases': the nearest class that binds the key says the text.

// messageTable is a dict of texts a class body binds to name. sub marks
// the table of a subclass, whose texts replace the class's own for its
// instances.
type messageTable struct {
	name  string
	texts map[string]argVal
	sub   bool
}

// classTables returns the message tables of class c and of its bases in
// the file, nearest class first, then those of its subclasses in the
// file (a base's method raising self.error_messages["invalid"] prints
// the subclass's text for its instances). Results are kept per class.
func (ev *evaluator) classTables(c *classInfo) []messageTable {
	if ts, ok := ev.tables[c]; ok {
		return ts
	}
	var out []messageTable
	for _, k := range append([]*classInfo{c}, ev.fileBases(c)...) {
		out = append(out, ev.ownTables(k)...)
	}
	if ev.subclasses == nil {
		ev.subclasses = map[*classInfo][]*classInfo{}
		for _, k := range ev.fs.classes {
			for _, b := range ev.fileBases(k) {
				ev.subclasses[b] = append(ev.subclasses[b], k)
			}
		}
	}
	for _, k := range ev.subclasses[c] {
		for _, t := range ev.ownTables(k) {
			t.sub = true
			out = append(out, t)
		}
	}
	if ev.tables == nil {
		ev.tables = map[*classInfo][]messageTable{}
	}
	ev.tables[c] = out
	return out
}

// ownTables returns the dicts of texts by literal keys that c's body binds
// once each.
func (ev *evaluator) ownTables(c *classInfo) []messageTable {
	var out []messageTable
	for _, b := range c.scope.binds {
		if b.kind != bindAssign || b.value.Kind() != "dictionary" || len(c.scope.bindingsOf(b.name)) != 1 {
			continue
		}
		t := messageTable{name: b.name, texts: map[string]argVal{}}
		for pair := range b.value.NamedChildren() {
			if pair.Kind() != "pair" {
				continue
			}
			key, ok := literalText(ev.eval(pair.Child("key"), c.scope))
			if !ok {
				continue
			}
			if v := ev.eval(pair.Child("value"), c.scope); v.kind == vStr && !v.container {
				t.texts[key] = argOf(v)
			}
		}
		if len(t.texts) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// literalText returns the text v holds when it is one literal text.
func literalText(v value) (string, bool) {
	if v.kind != vStr || len(v.alts) != 1 {
		return "", false
	}
	return literalOnly(v.alts[0])
}

// lookupTable returns the texts tables bind under key, in a table bound
// to name or to a name ending in "_" + name (the defaults an instance's
// error_messages merges: default_error_messages): the nearest class's,
// then each subclass's. ok is false when none binds the key.
func lookupTable(tables []messageTable, name, key string) ([]errdex.Template, bool) {
	var out []errdex.Template
	own := false
	for _, t := range tables {
		if t.name != name && !strings.HasSuffix(t.name, "_"+name) || own && !t.sub {
			continue
		}
		if a, ok := t.texts[key]; ok {
			own = own || !t.sub
			out = appendAlts(out, a.strForm("")...)
		}
	}
	if len(out) > maxAlts {
		out = out[:maxAlts]
	}
	return out, len(out) > 0
}

// tableRead reads expr as self.NAME["KEY"], a table read with a literal
// key (any name for self): NAME and KEY.
func tableRead(expr string) (name, key string, ok bool) {
	if !isKeyReference(expr) {
		return "", "", false
	}
	base, index, _ := strings.Cut(expr, "[")
	self, name, dotted := strings.Cut(base, ".")
	if !dotted || self == "" || strings.Contains(name, ".") {
		return "", "", false
	}
	key = strings.TrimSuffix(index, "]")
	return name, key[1 : len(key)-1], true
}

// fillTables replaces the holes of ts that read a table with a literal key
// (self.error_messages["invalid"], once a caller's key is bound) by the
// texts tables give them.
func fillTables(ts []errdex.Template, tables []messageTable) []errdex.Template {
	values := map[string][]errdex.Template{}
	for _, t := range ts {
		for _, p := range t.Parts {
			if name, key, ok := tableRead(p.Expr); ok && p.IsHole() {
				if texts, ok := lookupTable(tables, name, key); ok {
					values[p.Expr] = formatFields(texts)
				}
			}
		}
	}
	return template.Alternatives{Max: maxAlts}.Substitute(ts, values)
}

// formatFields makes the replacement fields of table texts holes
// ("Number too large: {input}."): a factory formats the text it reads
// with the keywords its callers pass, which the holes stand for. A text
// that is no valid format stays as it is.
func formatFields(ts []errdex.Template) []errdex.Template {
	out := make([]errdex.Template, 0, len(ts))
	for _, t := range ts {
		if f, err := template.PyFormat(t, template.PyFormatArgs{DoubleStar: "kwargs"}); err == nil {
			t = f
		}
		out = append(out, t)
	}
	return out
}

// tableText evaluates self.NAME["KEY"] in a method: the text a table of
// the method's class binds under KEY. ok is false for any other
// subscript, or a key no table holds.
func (ev *evaluator) tableText(n syntax.Node, sc *scope) (value, bool) {
	obj := n.Child("value")
	c := sc.method()
	if c == nil || obj.Kind() != "attribute" || obj.Child("object").Text() != sc.selfName() {
		return value{}, false
	}
	key, ok := literalText(ev.eval(n.Child("subscript"), sc))
	if !ok {
		return value{}, false
	}
	texts, ok := lookupTable(ev.classTables(c), obj.Child("attribute").Text(), key)
	if !ok {
		return value{}, false
	}
	return strValue(ev.text(n), texts...), true
}

// isParamRead reports whether expr reads a table of self by a parameter
// of sc (self.error_messages[key]): the callers' keys say which text.
func isParamRead(expr string, sc *scope) bool {
	base, index, ok := strings.Cut(expr, "[")
	param, closed := strings.CutSuffix(index, "]")
	if !ok || !closed || sc.method() == nil || !strings.HasPrefix(base, sc.selfName()+".") || !isReference(base) {
		return false
	}
	_, isParam := paramValue(param, sc)
	return isParam
}
