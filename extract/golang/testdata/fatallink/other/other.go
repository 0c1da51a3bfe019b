package other

//go:linkname throw runtime.throw
func throw(s string)

// fatal has no body but nothing supplies it from the runtime.
func fatal(string)

func check(ok bool) {
	if !ok {
		throw("other: invariant broken")
	}
	fatal("other: not a fatal error site")
}
