package errs

import "errors"

// ErrMissing is a sentinel the scanner's helper names through its import.
var ErrMissing = errors.New("entry does not exist")
