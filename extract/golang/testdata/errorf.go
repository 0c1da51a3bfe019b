package conf

import (
	"errors"
	"fmt"
	"io"
	"os"
)

var ErrSyntax = errors.New("invalid syntax")

const badValue = "conf: bad value %q for %s"

type Config struct {
	Path string
	Line int
}

func Load(path string, c *Config) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("load config: %w", err)
	}
	defer f.Close()
	if c.Line < 0 {
		return fmt.Errorf("%s:%d: negative line %d", c.Path, c.Line, c.Line)
	}
	if c.Line > 1000 {
		return fmt.Errorf("%w: line %[2]d of %[3]s, again %[2]d", ErrSyntax, c.Line, path)
	}
	if c.Path == "" {
		return fmt.Errorf(badValue, c.Path, "path")
	}
	if _, err := io.ReadAll(f); err != nil {
		return fmt.Errorf("read %s: %v (%T) %x %5.2f %t", path, err, err, c.Line, 1.5, true)
	}
	return nil
}

func Wrap(format string, args ...any) error {
	return fmt.Errorf("conf: "+format, args...)
}

func Spread(args []any) error {
	return fmt.Errorf("conf: %s=%d", args...)
}

func Nested(name string) error {
	return fmt.Errorf("conf: %s", fmt.Sprintf("section %q missing", name))
}

func Broken(x int) error {
	return fmt.Errorf("conf: %d %d", x)
}

// Prefixed reassigns its format from itself: the use in the right-hand
// side reads the parameter.
func Prefixed(line int, format string, args ...any) error {
	format = fmt.Sprintf("conf:%d: %s", line, format)
	return fmt.Errorf(format, args...)
}
