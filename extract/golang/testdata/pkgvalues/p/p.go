package p

import (
	"errors"
	"fmt"

	"example.com/m/names"
)

func badDuration(v string) error {
	return fmt.Errorf("invalid %v value %v", names.Duration, v)
}

func badTimestamp(v string) error {
	return fmt.Errorf("invalid %s value %v", names.Timestamp, v)
}

func badAny(v string) error {
	return errors.New("invalid " + string(names.Any) + " value " + v)
}

func tooDeep(n int) error {
	return fmt.Errorf("exceeded max recursion depth %d at %d", names.MaxDepth, n)
}

func quoted(v string) error {
	return fmt.Errorf("%q%s%v", names.Duration, names.Separator, v)
}

func moded(v string) error {
	return fmt.Errorf("mode %s: %v", names.Mode, v)
}

func kinded(v string) error {
	return fmt.Errorf("%s %s: bad %s", Label, kindName, v)
}
