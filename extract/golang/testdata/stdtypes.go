package stdtypes

import (
	"io/fs"
	"net/url"
	"os"
	"strconv"
)

var errBits = strconv.ErrSyntax

// Open builds the standard library's error values itself: their messages
// are those of the standard library's Error methods.
func Open(name string) error {
	if name == "" {
		return &os.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "-" {
		return &fs.PathError{"stat", name, fs.ErrNotExist}
	}
	return nil
}

// Parse builds a NumError positionally, as c2h5oh/datasize does.
func Parse(s string) error {
	return &strconv.NumError{"UnmarshalText", s, errBits}
}

// Fetch builds a url.Error.
func Fetch(u string, err error) error {
	return &url.Error{Op: "Get", URL: u, Err: err}
}

// Other is a type of the standard library with no entry: no site.
func Other() error {
	return &os.ProcessState{}
}
