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
