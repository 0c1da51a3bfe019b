// Package json calls the helper method of a parameter of another
// package's type.
package json

import "example.com/importedrecv/cty"

func unmarshalBool(s string, path cty.Path) (bool, error) {
	if s != "true" && s != "false" {
		return false, path.NewErrorf("bool is required")
	}
	return s == "true", nil
}

func unmarshalKind(kind string, path *cty.Path) error {
	return path.NewErrorf("unsupported kind %s", kind)
}
