package json

import "example.com/importedrecv/cty"

// conversions is a table of function literals in a package-level
// variable: their parameters are declared too.
var conversions = map[string]func(s string, path cty.Path) (int, error){
	"number": func(s string, path cty.Path) (int, error) {
		if s == "" {
			return 0, path.NewErrorf("a number is required")
		}
		return len(s), nil
	},
}
