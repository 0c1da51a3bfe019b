package flags

import "fmt"

type msgKind int

const (
	kindNotExist msgKind = iota
	kindNotDefined
	kindUnknown
	kindUnknownShort
	kindAmbiguous
)

// NotExistError picks its message by a field set where it is made.
type NotExistError struct {
	name   string
	shorts string
	kind   msgKind
}

func (e *NotExistError) Error() string {
	switch e.kind {
	case kindNotExist:
		return fmt.Sprintf("flag %q does not exist", e.name)
	case kindNotDefined, kindAmbiguous:
		return fmt.Sprintf("flag accessed but not defined: %s", e.name)
	case kindUnknown:
		return fmt.Sprintf("unknown flag: --%s", e.name)
	default:
		return fmt.Sprintf("unknown shorthand flag: %q in -%s", e.name, e.shorts)
	}
}

// ValueRequiredError tells a short flag from a long one by a field's length.
type ValueRequiredError struct {
	name   string
	shorts string
}

func (e *ValueRequiredError) Error() string {
	if len(e.shorts) > 0 {
		return fmt.Sprintf("flag needs an argument: %q in -%s", e.name, e.shorts)
	}
	return fmt.Sprintf("flag needs an argument: --%s", e.name)
}

// modeError switches on a string field, with a local constant.
type modeError struct {
	mode string
	path string
}

const modeRead = "read"

func (e modeError) Error() string {
	switch e.mode {
	case modeRead, "r":
		return "cannot read " + e.path
	case "write":
		return "cannot write " + e.path
	}
	return "cannot use " + e.path
}
