// Package toml is the root package of a module in a subdirectory of a
// repository that holds several modules: its own packages are imported
// by the module's path (example.com/toml/v2/unstable), which names no
// directory of the repository as it is (toml/unstable).
package toml

import (
	"example.com/toml/v2/internal/chars"
	"example.com/toml/v2/unstable"
)

func parseHour(b []byte, hour int) error {
	if hour > 23 {
		return unstable.NewParserError(b[0:2], "hour cannot be greater 23")
	}
	if !chars.Digits(b) {
		return unstable.NewParserError(b, "expected digits, got %q", b)
	}
	return nil
}

// Marker is read by another module of the repository.
var Marker = 1
