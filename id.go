package errdex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
)

// ID identifies a site: the first 16 hex digits of a SHA-256 over the site's
// key. It contains no line numbers and no paths, so a site keeps its ID when
// code moves.
type ID string

// IDKey is what a site's identity is made of. Two sites of a repository
// with equal keys are told apart by an ordinal, in source order.
type IDKey struct {
	Repo      string
	Language  string
	Exception string
	Template  string // Template.Canonical()
	Function  string
}

// ID derives the identifier for the key's ordinal-th site (0 for the first).
func (k IDKey) ID(ordinal int) ID {
	h := sha256.New()
	for _, s := range [...]string{k.Repo, k.Language, k.Exception, k.Template, k.Function, strconv.Itoa(ordinal)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	sum := h.Sum(nil)
	return ID(hex.EncodeToString(sum[:8]))
}

// ParseID checks that s is a well-formed ID: 16 lowercase hex digits.
func ParseID(s string) (ID, error) {
	if len(s) != 16 {
		return "", Errorf("", Invalid, "%q is not an error ID: want 16 hex digits, got %d characters", clip(s, 40), len(s))
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", Errorf("", Invalid, "%q is not an error ID: character %d is %q, want 0-9 or a-f", s, i+1, c)
		}
	}
	return ID(s), nil
}

// clip shortens s to at most n bytes for inclusion in an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s…", s[:n])
}
