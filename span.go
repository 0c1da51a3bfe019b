package errdex

import "fmt"

// Span locates a piece of source code. Path is relative to the repository
// root and uses forward slashes. Lines and columns are 1-based; columns count
// bytes. EndLine is the last line the piece touches; EndColumn, when set,
// is the 1-based column just past its last byte on EndLine.
type Span struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column,omitempty"`
}

// String renders the span as path:line:column.
func (s Span) String() string {
	return fmt.Sprintf("%s:%d:%d", s.Path, s.Line, s.Column)
}

// Contains reports whether line lies within the span's lines.
func (s Span) Contains(line int) bool {
	return line >= s.Line && line <= max(s.Line, s.EndLine)
}
