package python

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// This file resolves message holes that name texts defined in another
// module of the repository: from .constants import NOT_FOUND; raise
// KeyError(NOT_FOUND), or msgs.NOT_FOUND through an imported module. Each
// file records its module-level names bound once to a text with literal
// content; once every file is known, Link puts those texts in place of the
// holes that name them through the file's imports.

// moduleConsts returns the module-level names of the file bound to a
// text with literal content: exactly once, or last of several plain
// assignments in the module's body (not under an if, a try or a loop),
// the value every function reads once the module is imported. cerberus's
// errors module binds DOCUMENT_MISSING to an ErrorDefinition and then to
// "document is missing".
func (x *extraction) moduleConsts() map[string]argVal {
	var out map[string]argVal
	m := x.fs.module
	for i, b := range m.binds {
		if b.kind != bindAssign || strings.Contains(b.name, ".") || !x.finalBinding(int32(i)) {
			continue
		}
		switch b.value.Kind() {
		case "string", "concatenated_string", "binary_operator", "call", "parenthesized_expression":
		default:
			continue
		}
		v := x.ev.eval(b.value, m)
		if !v.isStringish() || !hasLiteral(v.strAlts()) {
			continue
		}
		if out == nil {
			out = map[string]argVal{}
		}
		out[b.name] = argOf(v)
	}
	return out
}

// finalBinding reports whether module binding i is the value its name
// holds once the module has run: its only binding, or the last of
// bindings that are all plain assignments of the module's body.
func (x *extraction) finalBinding(i int32) bool {
	m := x.fs.module
	all := m.bindingsOf(m.binds[i].name)
	if len(all) == 1 {
		return true
	}
	if all[len(all)-1] != i {
		return false
	}
	for _, k := range all {
		b := m.binds[k]
		if b.kind != bindAssign || !topLevelAssignment(b.value) {
			return false
		}
	}
	return true
}

// topLevelAssignment reports whether value is the right side of a plain
// assignment statement of the module's body (NAME = value).
func topLevelAssignment(value syntax.Node) bool {
	a := value.Parent()
	if a.Kind() != "assignment" || a.Child("right") != value || a.Child("left").Kind() != "identifier" {
		return false
	}
	st := a.Parent()
	return st.Kind() == "expression_statement" && st.Parent().Kind() == "module"
}

// moduleAliases returns the module-level names of the file bound exactly
// once to a name or a dotted name (see facts.aliases).
func (x *extraction) moduleAliases() map[string]string {
	var out map[string]string
	m := x.fs.module
	for _, b := range m.binds {
		if b.kind != bindAssign || strings.Contains(b.name, ".") || len(m.bindingsOf(b.name)) != 1 {
			continue
		}
		if k := b.value.Kind(); k != "identifier" && k != "attribute" {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[b.name] = compactName(x.ev.text(b.value))
	}
	return out
}

func hasLiteral(ts []errdex.Template) bool {
	for _, t := range ts {
		if !t.IsOpaque() {
			return true
		}
	}
	return false
}

// importedConsts fills the holes of the file's sites that name a text
// constant of another module, imported by name or through its module.
func (l *linker) importedConsts(f *facts) {
	for _, s := range f.sites {
		b := bindings{}
		for _, t := range append([]errdex.Template{s.Template}, s.Alternatives...) {
			for _, p := range t.Parts {
				if p.IsHole() && p.Expr != "" {
					if _, done := b[p.Expr]; !done {
						if a, ok := l.constant(p.Expr, f); ok {
							b[p.Expr] = a
						} else if a, ok := l.importedFormat(p.Expr, f); ok {
							b[p.Expr] = a
						} else if a, ok := l.helperFormat(f.helperCalls[s][p.Expr], f); ok {
							b[p.Expr] = a
						}
					}
				}
			}
		}
		if len(b) == 0 {
			continue
		}
		setMessage(s, b.applyAll(append([]errdex.Template{s.Template}, s.Alternatives...)))
	}
}

// importedTarget resolves a name of file f to the module that defines it
// and its name there: NAME imported from a module, or mod.NAME with mod
// an imported module (import pkg.messages as messages, from pkg import
// messages).
func importedTarget(expr string, f *facts) (module, name string, ok bool) {
	first, rest, dotted := strings.Cut(expr, ".")
	t, ok := f.imports[first]
	switch {
	case ok && !dotted && t.name != "":
		return absolute(t.module, f), t.name, true
	case ok && dotted && !strings.Contains(rest, "."):
		return absolute(t.qualified(), f), rest, true
	}
	return "", "", false
}

// constant finds the text a name of file f refers to in another module:
// NAME imported from a module (or through a star import), or mod.NAME
// with mod an imported module.
func (l *linker) constant(expr string, f *facts) (argVal, bool) {
	if module, name, ok := importedTarget(expr, f); ok {
		return l.constIn(module, name)
	}
	_, ok := f.imports[expr]
	switch {
	case !ok && !strings.Contains(expr, "."):
		for _, star := range f.stars {
			if a, ok := l.constIn(absolute(star, f), expr); ok {
				return a, true
			}
		}
	}
	return argVal{}, false
}

func (l *linker) constIn(module, name string) (argVal, bool) {
	m, ok := l.modules[module]
	if !ok {
		return argVal{}, false
	}
	a, ok := m.consts[name]
	return a, ok
}

// importedFormat applies the formatting that expr stands for in file f
// (see importedFormat) to the text constant it formats. ok is false when
// expr is no such formatting, the name is no text constant of the
// repository, or the text does not format with the arguments (Python
// would raise).
func (l *linker) importedFormat(expr string, f *facts) (argVal, bool) {
	d, ok := f.imported[expr]
	if !ok {
		return argVal{}, false
	}
	c, ok := l.constant(d.name, f)
	if !ok || len(c.str) == 0 {
		return argVal{}, false
	}
	var out []errdex.Template
	for _, format := range c.str {
		if d.format != nil {
			if t, err := template.PyFormat(format, *d.format); err == nil {
				out = appendAlts(out, t)
			}
			continue
		}
		for _, op := range d.percent {
			if t, err := template.PyPercent(format, op); err == nil {
				out = appendAlts(out, t)
			}
		}
	}
	if len(out) == 0 {
		return argVal{}, false
	}
	return argOf(strValue(expr, out...)), true
}

// helperFormat applies the formatting helper that call d of file f names
// to its text: a module-level function of the module it is imported from
// that formats its first argument with the others. ok is false when d is
// no call (the zero helperCall), or the function is no such helper.
func (l *linker) helperFormat(d helperCall, f *facts) (argVal, bool) {
	if d.callee == "" {
		return argVal{}, false
	}
	module, name, ok := importedTarget(d.callee, f)
	if !ok {
		return argVal{}, false
	}
	m, ok := l.modules[module]
	if !ok {
		return argVal{}, false
	}
	tf, ok := m.formatters[name]
	if !ok {
		return argVal{}, false
	}
	out := tf.apply(d.texts, d.call)
	if len(out) == 0 {
		return argVal{}, false
	}
	return argOf(strValue(d.expr, out...)), true
}
