package store

import (
	stderrors "errors"
	"fmt"

	"github.com/pkg/errors"
)

const prefix = "store: "

// Sentinels.
var ErrClosed = stderrors.New("store: closed")

var (
	ErrNotFound = stderrors.New(prefix + "not found")
	errInternal = fmt.Errorf("store: internal error")
	ErrMissing  = ErrNotFound // an alias, not a site
	notAnError  = 42
)

func Open(name string, mode int) error {
	if name == "" {
		return stderrors.New("store: empty name")
	}
	if mode > 3 {
		return stderrors.New("store: bad mode for " + name)
	}
	return stderrors.New(fmt.Sprintf("store: cannot open %q (mode %d)", name, mode))
}

func Get(key string, strict bool) error {
	msg := "missing key"
	if strict {
		msg = "strict: missing key"
	}
	if len(key) > 10 {
		msg += " (long)"
	}
	return stderrors.New(msg)
}

func Put(key string) error {
	var msg string
	switch key {
	case "a":
		msg = "key a is reserved"
	case "b":
		msg = "key b is reserved"
	default:
		return ErrNotFound
	}
	return stderrors.New(msg)
}

func Close() error {
	return ErrClosed
}

func Delete(key string) error {
	if key == "" {
		return ErrMissing
	}
	err := load(key)
	if err != nil {
		return errors.Wrap(err, "delete "+key)
	}
	return errors.Wrapf(err, "delete %s twice", key)
}

func load(string) error { return nil }

func Through(set func(*string)) error {
	var cause string
	set(&cause)
	return stderrors.New(cause)
}
