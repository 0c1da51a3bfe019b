// Package errs hands out the standard constructors under its own name.
package errs

import (
	"errors"
	"fmt"
)

var (
	New    = errors.New
	Errorf = fmt.Errorf
	Is     = errors.Is
)

// ErrLimit is made by the package's own alias.
var ErrLimit = New("limit exceeded")
