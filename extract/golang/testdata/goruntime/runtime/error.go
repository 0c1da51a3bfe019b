package runtime

type errorString string

func (e errorString) Error() string { return "runtime error: " + string(e) }

type plainError string

func (e plainError) Error() string { return string(e) }

var divideError = error(errorString("integer divide by zero"))

var notAnError = compute("x") // not an error type: no site

func compute(s string) int { return len(s) }

func panicdivide() { panic(divideError) }

func mapassign() { panic(plainError("assignment to entry in nil map")) }

func throw(s string) {}

func fatal(s string) {}

func checkMap(n node) {
	fatal("concurrent map writes")
	throw("unreachable: " + n.name)
	panic(n.no("SetType"))
}

type node struct{ name string }

func (n node) no(s string) string { return s }

// PathError is an alias of an error type.
type PathError = pathError

type pathError struct{ Op string }

func (e *pathError) Error() string { return e.Op + " failed" }

func open() error { return &PathError{Op: "open"} }

func convert(s string) error { return errorString(s) }
