// Package server serves the store (test fixture for errdex's analyses).
package server

import (
	"fmt"
	"os"
	"strconv"

	"example.com/gokit/store"
)

// Port reads the port to listen on from GOKIT_PORT.
func Port() (int, error) {
	p, err := strconv.Atoi(os.Getenv("GOKIT_PORT"))
	if err != nil {
		return 0, fmt.Errorf("invalid GOKIT_PORT: %w", err)
	}
	if p < 1 || p > 65535 {
		return 0, fmt.Errorf("port %d out of range 1-65535", p)
	}
	return p, nil
}

// Lookup returns the value of a key, or store.ErrNotFound.
func Lookup(s *store.Store, key string) (string, error) {
	v, err := s.Get(key)
	if err != nil {
		return "", store.ErrNotFound
	}
	return v, nil
}

// Open opens a file of records.
func Open(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open records file %s: %w", path, err)
	}
	return f, nil
}
