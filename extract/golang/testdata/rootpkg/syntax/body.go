package syntax

import (
	"example.com/hcl"
	"example.com/hcl/util"
)

// Attributes reports an argument the body does not expect.
func Attributes(name string) []*hcl.Diagnostic {
	var diags []*hcl.Diagnostic
	diags = append(diags, &hcl.Diagnostic{
		Summary: "Unsupported argument",
		Detail:  "An argument named " + util.Quote(name) + " is not expected here.",
	})
	return diags
}
