package rust

import (
	"path"
	"regexp"
	"strings"

	"github.com/errdex/errdex/syntax"
)

// modulePath returns the crate and module path of a file, from its path
// in the repository (see the package doc).
func modulePath(p string) []string {
	elems := strings.Split(p, "/")
	file := elems[len(elems)-1]
	stem := strings.TrimSuffix(file, path.Ext(file))
	src := -1
	for i := len(elems) - 2; i >= 0; i-- {
		if elems[i] == "src" {
			src = i
			break
		}
	}
	if src < 0 {
		if stem == "lib" || stem == "main" || stem == "mod" {
			if len(elems) > 1 {
				return []string{crateName(elems[len(elems)-2])}
			}
			return nil
		}
		return []string{crateName(stem)}
	}
	var mods []string
	if src > 0 {
		mods = append(mods, crateName(elems[src-1]))
	}
	rest := elems[src+1:]
	if len(rest) >= 2 && rest[0] == "bin" {
		// src/bin/x.rs and src/bin/x/main.rs are crates of their own.
		if len(rest) == 2 {
			return []string{crateName(stem)}
		}
		mods = []string{crateName(rest[1])}
		rest = rest[2:]
	}
	for _, d := range rest[:len(rest)-1] {
		mods = append(mods, d)
	}
	if stem != "lib" && stem != "main" && stem != "mod" {
		mods = append(mods, stem)
	}
	return mods
}

// versionSuffix matches the version a registry appends to a crate's
// directory ("anyhow-1.0.69").
var versionSuffix = regexp.MustCompile(`-[0-9]+(\.[0-9]+)*([-+.][0-9A-Za-z.+-]*)?$`)

// crateName turns a crate directory's name into the crate's name.
func crateName(dir string) string {
	return strings.ReplaceAll(versionSuffix.ReplaceAllString(dir, ""), "-", "_")
}

// function names the function enclosing n: the module path, inline mod
// blocks, the impl's type or the trait, and the chain of functions. Sites
// outside functions are named for their item (a static, a const).
func (x *file) function(n syntax.Node) string {
	var rev []string
	inFn := false
	for a := range n.Ancestors() {
		switch a.Kind() {
		case "function_item":
			name := a.Child("name")
			if tok, ok := x.expansion.token(name); ok {
				name = tok // fn $name(..) in a macro's body
			}
			rev = append(rev, name.Text())
			inFn = true
		case "impl_item":
			rev = append(rev, typeName(a.Child("type")))
		case "trait_item", "mod_item":
			rev = append(rev, a.Child("name").Text())
		case "const_item", "static_item":
			if !inFn {
				rev = append(rev, a.Child("name").Text())
			}
		}
	}
	parts := append([]string(nil), x.mods...)
	for i := len(rev) - 1; i >= 0; i-- {
		if rev[i] != "" {
			parts = append(parts, rev[i])
		}
	}
	if len(parts) == 0 {
		return "<crate>"
	}
	return strings.Join(parts, "::")
}

// typeName returns a type's name without generics or references:
// "Foo<T>" → "Foo", "&'a mut io::Error" → "Error".
func typeName(t syntax.Node) string {
	for range 8 {
		switch t.Kind() {
		case "type_identifier", "identifier":
			return t.Text()
		case "generic_type":
			t = t.Child("type")
		case "scoped_type_identifier", "scoped_identifier":
			t = t.Child("name")
		case "reference_type", "pointer_type":
			t = t.Child("type")
		default:
			s := t.Text()
			if i := strings.IndexByte(s, '<'); i >= 0 {
				s = s[:i]
			}
			if i := strings.LastIndex(s, "::"); i >= 0 {
				s = s[i+2:]
			}
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// attributes returns the attribute items that precede an item (or an
// enum variant, or a field), nearest last.
func attributes(n syntax.Node) []syntax.Node {
	var attrs []syntax.Node
	for s := n.PrevSibling(); !s.IsNull(); s = s.PrevSibling() {
		switch {
		case s.Kind() == "attribute_item":
			attrs = append(attrs, s.NamedChild(0))
		case isComment(s):
		default:
			return attrs
		}
	}
	return attrs
}

// attrName is an attribute's path ("error", "cfg", "tokio::test").
func attrName(attr syntax.Node) string {
	for c := range attr.NamedChildren() {
		if c.FieldName() != "arguments" && c.FieldName() != "value" {
			return c.Text()
		}
	}
	return ""
}

// isTestAttr reports whether an attribute marks test code: #[test],
// #[tokio::test], #[bench], #[rstest], #[test_case(..)] or #[cfg(test)].
func isTestAttr(attr syntax.Node) bool {
	name := attrName(attr)
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	switch name {
	case "test", "bench", "rstest", "test_case":
		return true
	case "cfg":
		return testOnly(strings.Join(strings.Fields(attr.Child("arguments").Text()), ""))
	}
	return false
}

// testOnly reports whether a cfg predicate (without spaces, in
// parentheses) holds only in test builds: "(test)", or "(all(...))" with
// test among its terms.
func testOnly(pred string) bool {
	if pred == "(test)" {
		return true
	}
	inner, ok := strings.CutPrefix(pred, "(all(")
	if !ok {
		return false
	}
	for _, term := range strings.Split(inner, ",") {
		if strings.TrimRight(term, ")") == "test" && !strings.Contains(term, "(") {
			return true
		}
	}
	return false
}

// inTestCode reports whether n lies in a #[test] function or a
// #[cfg(test)] item.
func inTestCode(n syntax.Node) bool {
	for a := range n.Ancestors() {
		if !a.Is("function_item", "mod_item", "impl_item") {
			continue
		}
		for _, attr := range attributes(a) {
			if isTestAttr(attr) {
				return true
			}
		}
	}
	return false
}
