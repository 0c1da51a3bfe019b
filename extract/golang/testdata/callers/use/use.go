// Package use calls conv's helpers from another package: its constants
// are not conv's callers'.
package use

import "example.com/callers/conv"

func Use(s string) error {
	return conv.Wrap("Use", s, conv.ErrSyntax)
}
