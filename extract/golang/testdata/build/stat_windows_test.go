package build

import "testing"

func TestStat(t *testing.T) {
	t.Fatal("windows only")
	panic("stat: windows test")
}
