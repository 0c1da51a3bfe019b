// Package load returns lists of diagnostics of another package with
// elements of an elided type.
package load

import (
	"fmt"
	"os"

	"example.com/listlit/diag"
)

// File reads a file.
func File(name string) error {
	if _, err := os.Stat(name); err != nil {
		return diag.Diagnostics{
			{
				Summary: "Configuration file not found",
				Detail:  fmt.Sprintf("The configuration file %s does not exist.", name),
			},
		}
	}
	return diag.Diagnostics{}
}

// Check appends values of the element type to a list and returns the
// list: each value also prints as the list's first element among others.
func Check(names []string) error {
	var diags diag.Diagnostics
	for _, n := range names {
		if n == "" {
			diags = append(diags, &diag.Diagnostic{Summary: "Empty name", Detail: "A name is required."})
		}
	}
	if len(diags) > 0 {
		return diags
	}
	return nil
}
