package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/errdex/errdex/extract"
)

// TestSliceElemsOnce checks that the elements of a local slice spread
// into printf-style calls are found once for each name, not once for
// each call (each finding walks the whole body: a function of thousands
// of such calls took minutes).
func TestSliceElemsOnce(t *testing.T) {
	src := `package p

import "fmt"

func f(n int, format string) error {
	args := []any{n}
	if n > 1 {
		args = append(args, "more")
		return fmt.Errorf(format, args...)
	}
	return fmt.Errorf(format, args...)
}
`
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	x := newFileCtx(&extract.File{Path: "p.go", Language: "go", Src: []byte(src)}, fset, af)
	fn := x.newFuncCtx(af.Decls[1].(*ast.FuncDecl))
	s := scope{x, fn}
	var spread []ast.Expr
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Ellipsis.IsValid() {
			spread = append(spread, c.Args[len(c.Args)-1])
		}
		return true
	})
	if len(spread) != 2 {
		t.Fatalf("found %d spread calls, want 2", len(spread))
	}
	first := s.sliceElems(spread[0])
	if len(first) != 2 || len(first[0]) != 1 || len(first[1]) != 2 {
		t.Fatalf("sliceElems = %v, want [[n] [n \"more\"]]", first)
	}
	if len(fn.spreads) != 1 {
		t.Fatalf("spreads holds %d names, want 1", len(fn.spreads))
	}
	fn.spreads["args"] = nil // a second call reads what the first found
	if again := s.sliceElems(spread[1]); again != nil {
		t.Errorf("second sliceElems = %v, want the remembered nil", again)
	}
}
