package load

import (
	"errors"

	"example.com/cfg/diag"
	"example.com/toml/v2"
)

var _ = toml.Marker

// Port checks a port setting.
func Port(p int) error {
	if p <= 0 {
		return diag.Errorf("port", "must be positive, got %d", p)
	}
	return errors.New("unreachable in this fixture")
}
