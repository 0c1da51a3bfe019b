package syntax

// FirstError returns the node where the tree's first syntax error is
// reported: the first ERROR or MISSING node below the root, in source
// order, or the root itself when the tree is marked as erroneous but no
// node below the root is. It returns the zero Node (IsNull) when the tree
// has no syntax error. Extractors name the node's line in a file's
// problems ("syntax error on line 12").
func (t *Tree) FirstError() Node {
	if !t.HasError() {
		return Node{}
	}
	for n := range t.Root().Descendants() {
		if n.IsError() || n.IsMissing() {
			return n
		}
	}
	return t.Root()
}
