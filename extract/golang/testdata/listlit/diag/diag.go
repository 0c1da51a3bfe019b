// Package diag declares a list of diagnostics that is itself an error, as
// hcl.Diagnostics is.
package diag

import "fmt"

// Diagnostic is one problem.
type Diagnostic struct {
	Subject string
	Summary string
	Detail  string
}

func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s; %s", d.Subject, d.Summary, d.Detail)
}

// Diagnostics prints its first element.
type Diagnostics []*Diagnostic

func (d Diagnostics) Error() string {
	count := len(d)
	switch count {
	case 0:
		return "no diagnostics"
	case 1:
		return d[0].Error()
	default:
		return fmt.Sprintf("%s, and %d other diagnostic(s)", d[0].Error(), count-1)
	}
}

// Parse returns a list of one element written with its type: the element
// is a site of its own, the list keeps its own messages.
func Parse(src string) error {
	if src == "" {
		return Diagnostics{
			&Diagnostic{
				Summary: "Empty input",
				Detail:  "The input holds nothing.",
			},
		}
	}
	return nil
}
