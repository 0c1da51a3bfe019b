package golang

import (
	"testing"

	"github.com/errdex/errdex"
)

// TestDirectParam checks which holes read a helper's parameter directly,
// so that a caller's constant can take their place.
func TestDirectParam(t *testing.T) {
	params := []string{"fn", "str"}
	for _, tc := range []struct {
		expr string
		typ  errdex.HoleType
		want int
	}{
		{"fn", errdex.HoleStr, 0},
		{"str", errdex.HoleRepr, 1},
		{"strings.Clone(str)", errdex.HoleStr, 1},
		{"string(fn)", errdex.HoleAny, 0},
		{"Quote(stringslite.Clone(str))", errdex.HoleRepr, 1},
		{"strconv.Quote(str)", errdex.HoleStr, -1}, // quoted, in a hole that does not say so
		{"len(fn)", errdex.HoleInt, -1},
		{"f.fn", errdex.HoleStr, -1},
		{"name", errdex.HoleStr, -1},
		{"strings.Clone(str[1:])", errdex.HoleStr, -1},
		{"strings.Clone(str…", errdex.HoleStr, -1},
	} {
		if got := directParam(errdex.HolePart("h", tc.expr, tc.typ), params); got != tc.want {
			t.Errorf("directParam(%q, %s) = %d, want %d", tc.expr, tc.typ, got, tc.want)
		}
	}
}
