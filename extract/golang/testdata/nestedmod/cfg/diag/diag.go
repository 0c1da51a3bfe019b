package diag

import "fmt"

// Errorf reports a configuration problem at a key.
func Errorf(key, format string, args ...any) error {
	return fmt.Errorf("config key %s: %s", key, fmt.Sprintf(format, args...))
}
