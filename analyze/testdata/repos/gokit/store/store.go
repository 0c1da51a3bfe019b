// Package store keeps records in memory (test fixture for errdex's analyses).
package store

import (
	"errors"
	"fmt"
)

// ErrNotFound is returned when no record has the key.
var ErrNotFound = errors.New("record not found")

// ErrClosed is returned by every method after Close.
var ErrClosed = errors.New("store is closed")

// Store is an in-memory key-value store with a record limit.
type Store struct {
	closed bool
	data   map[string]string
	limit  int
}

// Get returns the value of a key.
func (s *Store) Get(key string) (string, error) {
	if s.closed {
		return "", ErrClosed
	}
	v, ok := s.data[key]
	if !ok {
		return "", ErrNotFound
	}
	return v, nil
}

// Put sets the value of a key.
func (s *Store) Put(key, value string) error {
	if s.closed {
		return ErrClosed
	}
	if len(s.data) >= s.limit {
		return fmt.Errorf("store is full: limit of %d records exceeded", s.limit)
	}
	s.data[key] = value
	return nil
}

// Close closes the store.
func (s *Store) Close() error {
	if s.closed {
		return errors.New("store already closed")
	}
	s.closed = true
	return nil
}
