// An error wrapped with github.com/pkg/errors and printed with "%+v": the
// cause's message, the wrap's message and the stack the wrap recorded.
package main

import (
	"fmt"
	"os"

	"github.com/pkg/errors"
)

func load(path string) error {
	if _, err := os.ReadFile(path); err != nil {
		return errors.Wrap(err, "load config")
	}
	return nil
}

func main() {
	if err := load("/nonexistent/errdex/config.toml"); err != nil {
		fmt.Fprintf(os.Stderr, "%+v\n", err)
		os.Exit(1)
	}
}
