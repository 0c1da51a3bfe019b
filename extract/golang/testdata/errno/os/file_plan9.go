package os

import "example.com/m/sys"

// plan9 builds define no EEXIST: the hole stays.
func mkdir(name string) error {
	return &PathError{"mkdir", name, sys.EEXIST}
}
