package build

import "fmt"

// LookPath finds a file on Windows.
func LookPath(file string) error {
	return fmt.Errorf("exec: %q: executable file not found in %%PATH%%", file)
}
