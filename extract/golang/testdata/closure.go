package net

import "fmt"

type AddrError struct {
	Err  string
	Addr string
}

func (e *AddrError) Error() string {
	s := e.Err
	if e.Addr != "" {
		s = "address " + e.Addr + ": " + s
	}
	return s
}

// SplitHostPort calls a closure that builds its error with literal and
// constant reasons: each call with text is a site.
func SplitHostPort(hostport string) (host, port string, err error) {
	const (
		missingPort   = "missing port in address"
		tooManyColons = "too many colons in address"
	)
	addrErr := func(addr, why string) (host, port string, err error) {
		return "", "", &AddrError{Err: why, Addr: addr}
	}
	if len(hostport) == 0 {
		return addrErr(hostport, missingPort)
	}
	if hostport[0] == '[' {
		return addrErr(hostport, "missing ']' in address")
	}
	if hostport[1] == ':' {
		return addrErr(hostport, tooManyColons)
	}
	return hostport, "", nil
}

// reassigned's closure variable is assigned twice: its calls are not
// resolved to either literal.
func reassigned(s string) error {
	fail := func(why string) error { return &AddrError{Err: why} }
	if s == "" {
		fail = func(why string) error { return &AddrError{Err: "other: " + why} }
	}
	return fail("empty")
}

// noText calls its closure without text: no site at the call.
func noText(s string) error {
	bad := func(why string) error { return &AddrError{Err: why, Addr: s} }
	return bad(s)
}

// shadow's closure name is also a package-level helper's: the call
// resolves to the closure.
func shadow() error {
	oops := func(why string) error { return &AddrError{Err: "closure: " + why} }
	return oops("local")
}

func oops(why string) error { return &AddrError{Err: "package: " + why} }

// load's closure formats its message with the call's format and
// arguments: a call reads its format applied to them.
func load(pn string, magic int) error {
	errorf := func(str string, args ...any) error {
		return fmt.Errorf("loadelf: %s: %v", pn, fmt.Sprintf(str, args...))
	}
	if magic != 0x7f {
		return errorf("bad magic %#x", magic)
	}
	return errorf("malformed elf file")
}
