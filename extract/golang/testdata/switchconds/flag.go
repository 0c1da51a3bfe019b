package flags

func lookup(name string) error {
	return &NotExistError{name: name, kind: kindNotExist}
}

func long(name string) error {
	return &NotExistError{name: name, kind: kindUnknown}
}

func short(name, shorts string) error {
	return &NotExistError{name: name, shorts: shorts, kind: kindUnknownShort}
}

func ambiguous(name string) error {
	return &NotExistError{name: name, kind: kindAmbiguous}
}

func defaulted(name string) error {
	return &NotExistError{name: name}
}

func needLong(name string) error {
	return &ValueRequiredError{name: name}
}

func needShort(name, shorts string) error {
	return &ValueRequiredError{name: name, shorts: shorts}
}

func readErr(p string) error {
	return modeError{mode: "r", path: p}
}

func writeErr(p string) error {
	return modeError{mode: "write", path: p}
}

func otherErr(p string) error {
	return modeError{mode: "exec", path: p}
}
