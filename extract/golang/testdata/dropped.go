// Package dropped calls a constructor helper where its error cannot leave
// the caller: assigned to the blank identifier, or to a variable only
// compared with nil. Those calls are no sites; the ones whose error is
// returned are.
package dropped

import (
	"errors"
	"strings"
)

// OpError is an error with an operation and a path.
type OpError struct {
	Op   string
	Path string
	Err  error
}

func (e *OpError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

type info struct{ name string }

func probe(path string) (*info, error) {
	if strings.HasPrefix(path, "!") {
		return nil, &OpError{Op: "probe", Path: path, Err: errMissing}
	}
	return &info{name: path}, nil
}

var errMissing = errors.New("no such entry")

// Search keeps the first entry that probes, dropping the others' errors.
func Search(dir string, names []string) *info {
	for _, name := range names {
		fi, _ := probe(dir + "/" + name)
		if fi != nil {
			return fi
		}
	}
	return nil
}

// HasBackup only asks whether the backup probes.
func HasBackup(path string) bool {
	if _, err := probe(path + ".bak"); err == nil {
		return true
	}
	return false
}

// Open returns the error of its probe: that call is a site.
func Open(path string) (*info, error) {
	fi, err := probe(path + ".conf")
	if err != nil {
		return nil, err
	}
	return fi, nil
}

// Named returns the probe's error through its named result: a site.
func Named(path string) (fi *info, err error) {
	fi, err = probe(path + ".named")
	if err == nil {
		fi.name = "named"
	}
	return
}
