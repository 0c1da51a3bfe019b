package b

import (
	"fmt"

	"example.com/m/a"
)

var ErrY = a.ErrX

func Do(n int) error {
	if n == 0 {
		return a.ErrX
	}
	if n == 1 {
		return ErrY
	}
	if n == 2 {
		return &a.E{Op: "do", Err: a.ErrX}
	}
	return fmt.Errorf("b: do %d: %w", n, a.ErrX)
}
