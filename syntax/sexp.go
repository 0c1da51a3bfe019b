package syntax

import "strings"

// Sexp renders the node's subtree as an S-expression of named nodes with
// their fields, in the style of tree-sitter's own ToSexp. It is meant for
// tests and debugging.
func (n Node) Sexp() string {
	var b strings.Builder
	n.sexp(&b)
	return b.String()
}

func (n Node) sexp(b *strings.Builder) {
	if n.IsNull() {
		return
	}
	if n.IsMissing() {
		b.WriteString("(MISSING ")
		b.WriteString(n.Kind())
		b.WriteByte(')')
		return
	}
	b.WriteByte('(')
	b.WriteString(n.Kind())
	for c := range n.NamedChildren() {
		b.WriteByte(' ')
		if f := c.FieldName(); f != "" {
			b.WriteString(f)
			b.WriteString(": ")
		}
		c.sexp(b)
	}
	b.WriteByte(')')
}
