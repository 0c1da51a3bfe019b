//go:build linux &&

package build

func bad() {
	panic("bad constraint is ignored")
}
