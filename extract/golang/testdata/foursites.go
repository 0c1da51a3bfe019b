// Package foursites has a helper of four sites, choosing its message by
// what it finds: a call passing a format is still a site.
package foursites

import (
	"fmt"
	"strings"
)

func suggest(needle string, known []string, format string, args ...any) error {
	if len(known) == 0 {
		return fmt.Errorf(format, args...)
	}
	var close []string
	for _, k := range known {
		if strings.HasPrefix(k, needle) {
			close = append(close, k)
		}
	}
	prefix := fmt.Sprintf(format, args...)
	if len(close) == 1 {
		return fmt.Errorf("%s, did you mean %q?", prefix, close[0])
	} else if len(close) > 1 {
		return fmt.Errorf("%s, did you mean one of %s?", prefix, strings.Join(close, ", "))
	}
	return fmt.Errorf("%s", prefix)
}

// Unknown reports an unknown flag.
func Unknown(name string, known []string) error {
	return suggest(name, known, "unknown flag --%s", name)
}
