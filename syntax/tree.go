package syntax

import (
	"iter"
	"slices"
)

// Tree is a parsed file as a flat, pre-order array of nodes in Go memory.
// Walking it costs no C calls. A Tree is read-only and, once cloned or
// detached from its Parser, safe for concurrent reads.
type Tree struct {
	lang  *Language
	src   []byte
	nodes []node
}

// Clone returns a copy of the tree that does not share the parser's buffer.
func (t *Tree) Clone() *Tree {
	return &Tree{lang: t.lang, src: t.src, nodes: slices.Clone(t.nodes)}
}

// Language returns the grammar the tree was parsed with.
func (t *Tree) Language() *Language { return t.lang }

// Source returns the parsed text.
func (t *Tree) Source() []byte { return t.src }

// Len is the number of nodes.
func (t *Tree) Len() int { return len(t.nodes) }

// Root returns the root node.
func (t *Tree) Root() Node {
	if len(t.nodes) == 0 {
		return Node{}
	}
	return Node{t, 0}
}

// At returns the node at index i (as given by Node.Index).
func (t *Tree) At(i int) Node {
	if i < 0 || i >= len(t.nodes) {
		return Node{}
	}
	return Node{t, int32(i)}
}

// HasError reports whether the tree contains syntax errors.
func (t *Tree) HasError() bool {
	return len(t.nodes) > 0 && t.nodes[0].flags&flagHasError != 0
}

// Point is a position in source: a 0-based row and a 0-based byte column.
type Point struct {
	Row, Column int
}

// Node is a node of a Tree. The zero Node is "no node": its methods return
// zero values and IsNull reports true, so lookups can be chained.
type Node struct {
	t *Tree
	i int32
}

func (n Node) raw() *node { return &n.t.nodes[n.i] }

func (n Node) at(i int32) Node {
	if i < 0 {
		return Node{}
	}
	return Node{n.t, i}
}

// IsNull reports whether n is the zero Node.
func (n Node) IsNull() bool { return n.t == nil }

// Index is n's position in its tree, unique within the tree.
func (n Node) Index() int { return int(n.i) }

// Tree returns the tree n belongs to.
func (n Node) Tree() *Tree { return n.t }

// Kind is the node's grammar symbol ("raise_statement", "(").
func (n Node) Kind() string {
	if n.t == nil {
		return ""
	}
	return n.t.lang.kindName(n.raw().kind)
}

// Is reports whether the node's kind is one of kinds.
func (n Node) Is(kinds ...string) bool {
	k := n.Kind()
	for _, want := range kinds {
		if k == want {
			return true
		}
	}
	return false
}

// IsNamed reports whether the node is a named node (not punctuation or a
// keyword).
func (n Node) IsNamed() bool { return n.t != nil && n.raw().flags&flagNamed != 0 }

// IsError reports whether the node is an ERROR node.
func (n Node) IsError() bool { return n.t != nil && n.raw().flags&flagError != 0 }

// IsMissing reports whether the parser inserted the node to recover from
// an error.
func (n Node) IsMissing() bool { return n.t != nil && n.raw().flags&flagMissing != 0 }

// HasError reports whether the node's subtree contains a syntax error.
func (n Node) HasError() bool { return n.t != nil && n.raw().flags&flagHasError != 0 }

// FieldName is the field under which n appears in its parent ("" if none).
func (n Node) FieldName() string {
	if n.t == nil {
		return ""
	}
	f := n.raw().field
	if int(f) < len(n.t.lang.fields) {
		return n.t.lang.fields[f]
	}
	return ""
}

// StartByte and EndByte delimit the node's text in the source.
func (n Node) StartByte() int {
	if n.t == nil {
		return 0
	}
	return int(n.raw().startByte)
}

// EndByte is the offset just past the node's text.
func (n Node) EndByte() int {
	if n.t == nil {
		return 0
	}
	return int(n.raw().endByte)
}

// Start is the position of the node's first byte.
func (n Node) Start() Point {
	if n.t == nil {
		return Point{}
	}
	r := n.raw()
	return Point{int(r.startRow), int(r.startCol)}
}

// End is the position just past the node's last byte.
func (n Node) End() Point {
	if n.t == nil {
		return Point{}
	}
	r := n.raw()
	return Point{int(r.endRow), int(r.endCol)}
}

// Line is the 1-based line of the node's first byte.
func (n Node) Line() int { return n.Start().Row + 1 }

// EndLine is the 1-based line of the node's last byte.
func (n Node) EndLine() int {
	if n.t == nil {
		return 0
	}
	r := n.raw()
	if r.endCol == 0 && r.endRow > r.startRow {
		return int(r.endRow) // the node ends with a newline
	}
	return int(r.endRow) + 1
}

// Bytes returns the node's source text without copying.
func (n Node) Bytes() []byte {
	if n.t == nil {
		return nil
	}
	r := n.raw()
	return n.t.src[r.startByte:r.endByte]
}

// Text returns the node's source text.
func (n Node) Text() string { return string(n.Bytes()) }

// Parent returns the node's parent, or the zero Node for the root.
func (n Node) Parent() Node {
	if n.t == nil {
		return Node{}
	}
	return n.at(n.raw().parent)
}

// FirstChild returns the first child, named or not.
func (n Node) FirstChild() Node {
	if n.t == nil {
		return Node{}
	}
	return n.at(n.raw().firstChild)
}

// NextSibling returns the next sibling, named or not.
func (n Node) NextSibling() Node {
	if n.t == nil {
		return Node{}
	}
	return n.at(n.raw().nextSibling)
}

// PrevSibling returns the previous sibling, named or not.
func (n Node) PrevSibling() Node {
	if n.t == nil {
		return Node{}
	}
	return n.at(n.raw().prevSibling)
}

// NextNamedSibling returns the next named sibling.
func (n Node) NextNamedSibling() Node {
	for s := n.NextSibling(); !s.IsNull(); s = s.NextSibling() {
		if s.IsNamed() {
			return s
		}
	}
	return Node{}
}

// PrevNamedSibling returns the previous named sibling.
func (n Node) PrevNamedSibling() Node {
	for s := n.PrevSibling(); !s.IsNull(); s = s.PrevSibling() {
		if s.IsNamed() {
			return s
		}
	}
	return Node{}
}

// Children iterates over all children in order.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			if !yield(c) {
				return
			}
		}
	}
}

// NamedChildren iterates over the named children in order.
func (n Node) NamedChildren() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			if c.IsNamed() && !yield(c) {
				return
			}
		}
	}
}

// NamedChild returns the k-th named child (0-based).
func (n Node) NamedChild(k int) Node {
	for c := range n.NamedChildren() {
		if k == 0 {
			return c
		}
		k--
	}
	return Node{}
}

// NamedChildCount counts the named children.
func (n Node) NamedChildCount() int {
	k := 0
	for range n.NamedChildren() {
		k++
	}
	return k
}

// Child returns the first child under the given field name.
func (n Node) Child(field string) Node {
	if n.t == nil {
		return Node{}
	}
	id := n.t.lang.field[field]
	if id == 0 {
		return Node{}
	}
	for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		if c.raw().field == id {
			return c
		}
	}
	return Node{}
}

// ChildrenByField iterates over the children under the given field name.
func (n Node) ChildrenByField(field string) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if n.t == nil {
			return
		}
		id := n.t.lang.field[field]
		if id == 0 {
			return
		}
		for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			if c.raw().field == id && !yield(c) {
				return
			}
		}
	}
}

// Descendants iterates over the node's subtree in pre-order, the node
// itself excluded. It walks a contiguous slice of the tree: no recursion,
// no allocation.
func (n Node) Descendants() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if n.t == nil {
			return
		}
		for j := n.i + 1; j < n.raw().end; j++ {
			if !yield(Node{n.t, j}) {
				return
			}
		}
	}
}

// SkipSubtree returns the index just past n's subtree, for loops over
// Tree.At that want to step over a subtree.
func (n Node) SkipSubtree() int {
	if n.t == nil {
		return 0
	}
	return int(n.raw().end)
}

// Contains reports whether m lies in n's subtree (n included).
func (n Node) Contains(m Node) bool {
	return n.t != nil && n.t == m.t && m.i >= n.i && m.i < n.raw().end
}

// Ancestors iterates from the parent up to the root.
func (n Node) Ancestors() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for p := n.Parent(); !p.IsNull(); p = p.Parent() {
			if !yield(p) {
				return
			}
		}
	}
}
