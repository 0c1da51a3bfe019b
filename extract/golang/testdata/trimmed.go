package trimmed

import (
	"fmt"
	"strings"
)

const unknownRule = "unknown rule '%s' on field %s"

func checkRule(rule, field string) {
	if rule == "" {
		panic(strings.TrimSpace(fmt.Sprintf(unknownRule, rule, field)))
	}
	panic(strings.TrimSpace("  rule " + rule + " failed\n"))
}

func trimmedSuffix(name string) error {
	msg := strings.TrimSuffix("bad name "+name+".\n", "\n")
	if name == "" {
		return fmt.Errorf(strings.TrimPrefix("error: empty name", "error: "))
	}
	return fmt.Errorf("%s", msg)
}
