package yaml

import (
	"fmt"
	"strconv"
)

type parser struct {
	line    int
	problem string
}

func failf(format string, args ...interface{}) {
	panic(fmt.Errorf("yaml: "+format, args...))
}

// fail builds an optional prefix in a variable set on one branch only: the
// message without it is as likely as the one with it.
func (p *parser) fail() {
	var where string
	var line int
	if p.line != 0 {
		line = p.line
	}
	if line != 0 {
		where = "line " + strconv.Itoa(line) + ": "
	}
	var msg string
	if len(p.problem) > 0 {
		msg = p.problem
	} else {
		msg = "unknown problem parsing YAML content"
	}
	failf("%s%s", where, msg)
}

// check declares its prefix empty and sets it on a branch.
func check(line int, what string) error {
	where := ""
	if line > 0 {
		where = fmt.Sprintf("line %d: ", line)
	}
	return fmt.Errorf("%sbad %s", where, what)
}

// count's zero value prints as 0, not as nothing: no message leaves it out.
func count(c bool, what string) error {
	var n int
	if c {
		n = 3
	}
	return fmt.Errorf("%s: %d items", what, n)
}
