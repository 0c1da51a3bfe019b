package conv

import (
	"fmt"
	"strconv"
)

func ToInt(v any) (int, error) {
	switch v := v.(type) {
	case string:
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf(castFailedWrap, v, v, "int", err)
		}
		return n, nil
	case int:
		return v, nil
	}
	return 0, fmt.Errorf(castFailed, v, v, "int")
}

// wrapf keeps its format parameter a hole its callers fill.
func wrapf(format string, args ...any) error {
	return fmt.Errorf("conv: "+format, args...)
}

func ToBool(s string) (bool, error) {
	if s == "" {
		return false, wrapf("empty value for %s", "bool")
	}
	local := "local format %d"
	return false, fmt.Errorf(local, 3)
}
