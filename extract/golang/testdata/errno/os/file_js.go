package os

import "example.com/m/sys"

func mkdir(name string) error {
	return &PathError{"mkdir", name, sys.EEXIST}
}
