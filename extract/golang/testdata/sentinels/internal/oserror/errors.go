package oserror

import "errors"

var (
	ErrInvalid  = errors.New("invalid argument")
	ErrNotExist = errors.New("file does not exist")
)
