package msgeval

import "github.com/errdex/errdex/syntax"

// Frames is the stack of a pre-order walk (Walk): each frame, the
// language's record of where a node is (its scope, its class), holds
// from the node that pushed it to the end of that node's subtree.
type Frames[F any] struct {
	stack []frameAt[F]
}

type frameAt[F any] struct {
	f   F
	end int // the index after the pushing node's subtree
}

// Top returns the innermost frame.
func (fs *Frames[F]) Top() F { return fs.stack[len(fs.stack)-1].f }

// End returns the tree index where the innermost frame ends: the index
// after the subtree of the node that pushed it.
func (fs *Frames[F]) End() int { return fs.stack[len(fs.stack)-1].end }

// Push adds the frame f, which holds to the end of n's subtree.
func (fs *Frames[F]) Push(f F, n syntax.Node) {
	fs.stack = append(fs.stack, frameAt[F]{f, n.SkipSubtree()})
}

// Walk visits the nodes of t below its root in pre-order, with the
// frames that hold at each: top for the whole tree, and those visit
// pushes. ERROR regions are not visited; they are recorded in r.
func Walk[F any](t *syntax.Tree, top F, r *Regions, visit func(n syntax.Node, fs *Frames[F])) {
	root := t.Root()
	fs := &Frames[F]{stack: []frameAt[F]{{top, root.SkipSubtree()}}}
	n := t.Len()
	for i := 1; i < n; i++ {
		for len(fs.stack) > 1 && i >= fs.End() {
			fs.stack = fs.stack[:len(fs.stack)-1]
		}
		node := t.At(i)
		if node.IsError() {
			i = r.Skip(node) - 1
			continue
		}
		visit(node, fs)
	}
}

// Function is the name the sites in scope sc report: the first name (as
// name gives it) of sc and the scopes enclosing it, since the sites of
// an anonymous function (a lambda, a callback) belong to the named
// function around it; top when there is none.
func Function[S Scope[S]](sc S, name func(S) string, top string) string {
	var zero S
	for s := sc; s != zero; s = s.Enclosing() {
		if n := name(s); n != "" {
			return n
		}
	}
	return top
}
