//go:build goexperiment.jsonv2

package build

import "errors"

// ErrV2 is built only with an experiment.
var ErrV2 = errors.New("json: v2")
