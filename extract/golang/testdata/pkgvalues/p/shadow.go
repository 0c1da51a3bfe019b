package p

import "errors"

// labelled's label is its parameter, not the package's Label: in a file
// that declares a local of that name, the package's variable is not read.
func labelled(Label string) error {
	return errors.New(Label + ": unlabelled")
}

func relabelled() error {
	return errors.New(Label + ": relabelled")
}
