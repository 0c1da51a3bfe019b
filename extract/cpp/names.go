package cpp

import (
	"strings"

	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// function names the function enclosing n as a C++ backtrace shows it:
// namespaces, enclosing classes and the declarator's own qualification,
// without parameters or template arguments; the plain name in C. Sites
// outside functions are in "<global>".
func (x *file) function(n syntax.Node) string {
	var rev []string
	found := false
	for a := range n.Ancestors() {
		switch a.Kind() {
		case "function_definition":
			if !found {
				if name := declaratorName(a.Child("declarator")); name != "" && !keywords[name] {
					rev = append(rev, name)
					found = true
				}
			}
		case "class_specifier", "struct_specifier", "union_specifier":
			if found {
				if name := stripTemplate(msgeval.Compact(a.Child("name").Text())); name != "" {
					rev = append(rev, name)
				}
			}
		case "namespace_definition":
			if found {
				if name := msgeval.Compact(a.Child("name").Text()); name != "" {
					rev = append(rev, name)
				}
			}
		}
	}
	if !found {
		return "<global>"
	}
	parts := make([]string, 0, len(rev))
	for i := len(rev) - 1; i >= 0; i-- {
		parts = append(parts, rev[i])
	}
	return strings.Join(parts, "::")
}

// declaratorName returns the name a function declarator declares:
// "f", "Foo::bar", "Foo::~Foo", "operator==".
func declaratorName(d syntax.Node) string {
	for range 16 {
		switch d.Kind() {
		case "function_declarator", "pointer_declarator", "reference_declarator", "parenthesized_declarator",
			"attributed_declarator":
			next := d.Child("declarator")
			if next.IsNull() {
				next = d.NamedChild(0)
			}
			d = next
		case "identifier", "field_identifier", "qualified_identifier", "destructor_name", "operator_name",
			"template_function":
			return stripTemplate(msgeval.Compact(d.Text()))
		default:
			return ""
		}
	}
	return ""
}

// stripTemplate removes template argument lists: "Foo<T>::bar<int>" →
// "Foo::bar". An operator's own angle brackets ("operator<") are kept.
func stripTemplate(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if depth == 0 && strings.HasSuffix(s[:i], "operator") {
			b.WriteString(s[i:])
			break
		}
		switch {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// keywords are names a function cannot have: a "function" so named is the
// grammar's reading of code the preprocessor confused (a catch clause
// outside a try).
var keywords = map[string]bool{
	"catch": true, "if": true, "while": true, "for": true, "switch": true, "return": true, "sizeof": true,
	"do": true, "else": true, "try": true, "case": true, "throw": true,
}
