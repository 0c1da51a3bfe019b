package os

import (
	"fmt"

	"example.com/m/sys"
)

func lock(name string) error {
	return fmt.Errorf("lock %s: %w", name, sys.EAGAIN)
}
