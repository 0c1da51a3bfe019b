// Package syntax is errdex's only door to tree-sitter: it parses a file of
// a supported language with a deadline and hands extractors the result as
// a Tree, a flat pre-order array of nodes in Go memory.
//
// go-tree-sitter's Go API costs a cgo call per node (about 400 ns a node
// measured here), which would dominate extraction. So a Parser makes one C
// call to parse a file and one more to walk the whole tree with a
// TreeCursor and copy every node into Go memory (errdex_flatten in
// parser.go); extractors then walk plain Go slices. Every C object is
// freed before Parse returns, one Parser serves one goroutine, and
// tree-sitter's allocator is set back to plain malloc at start-up, which
// avoids a C→Go→C callback on every allocation.
//
// The grammars are Python, JavaScript, TypeScript and TSX, Java, Rust, C
// and C++ (Python(), JavaScript(), ...); Node.Span gives a node's place as
// the 1-based lines and columns of errdex.Span.
package syntax
