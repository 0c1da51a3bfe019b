// Package constconds compares parameters and fields with named constants
// of the package: a condition kind == kindFile reads kindFile's value, so
// that a call's constant takes only the branches it can reach.
package constconds

import (
	"errors"
	"fmt"
)

const (
	kindFile = "file"
	kindDir  = "dir"
)

// kindAlias is another name of kindFile.
const kindAlias = kindFile

func bad(kind, name string) error {
	if kind == kindFile {
		return errors.New("not a regular file: " + name)
	}
	return fmt.Errorf("%s %s is not supported", kind, name)
}

func UseFile() error { return bad("file", "a") }

func UseDir() error { return bad(kindDir, "b") }

func UseAlias() error { return bad(kindAlias, "c") }

// Integer constants, iota included.
type mode int

const (
	modeRead mode = iota + 1
	modeWrite
)

const maxDepth = 4 << 1

func badMode(m mode, what string) error {
	if m == modeWrite {
		return fmt.Errorf("%s: read-only", what)
	}
	return fmt.Errorf("%s: mode %d not allowed", what, m)
}

func UseWrite() error { return badMode(2, "disk") }

func UseOther() error { return badMode(7, "tape") }

func deep(n int, what string) error {
	if n != maxDepth {
		return fmt.Errorf("%s: depth %d is not %d", what, n, maxDepth)
	}
	return fmt.Errorf("%s: too deep", what)
}

func UseDeep() error { return deep(8, "tree") }

// shadow's parameter kindFile hides the constant: the comparison is of
// two parameters, and says nothing of a call's constant.
func shadow(kind, kindFile string) error {
	if kind == kindFile {
		return errors.New("same kinds")
	}
	return fmt.Errorf("kinds %s and %s differ", kind, kindFile)
}

func UseShadow() error { return shadow("file", "dir") }

// An Error method's branches compare a field with a constant.
type KindError struct {
	Kind string
}

func (e *KindError) Error() string {
	if e.Kind == kindDir {
		return "is a directory"
	}
	return "unexpected kind " + e.Kind
}

func Dir() error { return &KindError{Kind: kindDir} }

func File() error { return &KindError{Kind: "file"} }
