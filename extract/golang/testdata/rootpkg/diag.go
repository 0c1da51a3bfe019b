// Package hcl is a module's root package: its files sit at the
// repository's root, and other packages import it by the module path
// itself (example.com/hcl), not by a directory below it.
package hcl

import "fmt"

// Diagnostic is an error kept in a list rather than returned alone.
type Diagnostic struct {
	Summary string
	Detail  string
}

func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s; %s", d.Summary, d.Detail)
}
