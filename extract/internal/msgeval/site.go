package msgeval

import (
	"fmt"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// NewSite returns the site of node at with the message alts: the first
// alternative is the template, the others are alternatives, each
// normalised with distinct hole names; alts must not be empty. The
// exception and function are made valid UTF-8.
func NewSite(kind errdex.SiteKind, exception, function string, at syntax.Node, alts []errdex.Template) *errdex.Site {
	s := &errdex.Site{
		Kind:      kind,
		Exception: strings.ToValidUTF8(exception, "\uFFFD"),
		Template:  template.DistinctHoles(alts[0].Normalize()),
		Function:  strings.ToValidUTF8(function, "\uFFFD"),
		Location:  errdex.Location{Span: at.Span()},
	}
	for _, a := range alts[1:] {
		s.Alternatives = append(s.Alternatives, template.DistinctHoles(a.Normalize()))
	}
	return s
}

// maxNotes caps the notes kept for one file.
const maxNotes = 8

// Notes collects what went wrong extracting one file, for
// extract.FileResult.Problems: at most a few notes, and the candidate
// sites lost to syntax errors in their own code.
type Notes struct {
	notes        []string
	skipped      int
	firstSkipped int
}

// Addf adds a note, unless the file has many already.
func (n *Notes) Addf(format string, args ...any) {
	if len(n.notes) < maxNotes {
		n.notes = append(n.notes, fmt.Sprintf(format, args...))
	}
}

// Broken reports, and counts, a candidate whose own code has syntax
// errors: it is skipped.
func (n *Notes) Broken(cand syntax.Node) bool {
	if !cand.HasError() {
		return false
	}
	if n.skipped == 0 {
		n.firstSkipped = cand.Line()
	}
	n.skipped++
	return true
}

// Problems returns the notes of a file whose tree is t: the first
// syntax error's line and the candidates skipped, then the notes.
func (n *Notes) Problems(t *syntax.Tree) []string {
	var out []string
	if e := t.FirstError(); !e.IsNull() {
		p := fmt.Sprintf("syntax error on line %d", e.Line())
		if n.skipped > 0 {
			p += fmt.Sprintf("; %d candidate sites in code with syntax errors skipped, the first on line %d", n.skipped, n.firstSkipped)
		}
		out = append(out, p)
	}
	return append(out, n.notes...)
}

// Regions records the ERROR regions a pre-order pass over a tree skips,
// and the throw statements lost with them (Skipped counts throw
// statements with syntax errors in their own code too).
type Regions struct {
	// Lines are the first lines of the regions, in order.
	Lines   []int
	Skipped int
}

// Skip records the ERROR node n, counting the throw statements inside
// it, and returns the index of the node after n's subtree.
func (r *Regions) Skip(n syntax.Node) int {
	r.Lines = append(r.Lines, n.Line())
	for d := range n.Descendants() {
		if d.Kind() == "throw_statement" {
			r.Skipped++
		}
	}
	return n.SkipSubtree()
}

// Broken reports, and counts, a throw statement with syntax errors in
// its own code: it is skipped.
func (r *Regions) Broken(throw syntax.Node) bool {
	if throw.HasError() {
		r.Skipped++
		return true
	}
	return false
}

// Problems returns the notes of a file: the regions, described by lines,
// with the throw statements skipped, and whether the budget stopped an
// evaluation.
func (r *Regions) Problems(lines func([]int) string, b *Budget) []string {
	var out []string
	switch {
	case len(r.Lines) > 0 && r.Skipped > 0:
		out = append(out, fmt.Sprintf("syntax errors on %s: %d throw statements skipped", lines(r.Lines), r.Skipped))
	case len(r.Lines) > 0:
		out = append(out, "syntax errors on "+lines(r.Lines))
	case r.Skipped > 0:
		out = append(out, fmt.Sprintf("%d throw statements with syntax errors skipped", r.Skipped))
	}
	if b.Exhausted() {
		out = append(out, "evaluation budget exhausted: some messages are left as holes")
	}
	return out
}
