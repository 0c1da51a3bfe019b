package syntax

import "github.com/errdex/errdex"

// Span locates the node as errdex records source positions: 1-based
// lines and byte columns, EndLine the last line the node touches (see
// EndLine) and EndColumn the column just past the node's last byte. Path
// is left empty: a tree does not know its file, and the extract driver
// sets every site's path.
func (n Node) Span() errdex.Span {
	return errdex.Span{
		Line:      n.Line(),
		Column:    n.Start().Column + 1,
		EndLine:   n.EndLine(),
		EndColumn: n.End().Column + 1,
	}
}
