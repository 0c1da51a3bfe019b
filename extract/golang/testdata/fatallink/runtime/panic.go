package runtime

func throw(s string) {}

func fatal(s string) {}

// Forwarders: the linker supplies other packages' body-less functions
// with these.

//go:linkname internal_sync_fatal internal/sync.fatal
func internal_sync_fatal(s string) {
	fatal(s)
}

//go:linkname internal_sync_throw internal/sync.throw
func internal_sync_throw(s string) {
	throw(s)
}

// Not a forwarder: it does more than pass its parameter on.
//
//go:linkname rand_fatal crypto/rand.fatal
func rand_fatal(s string) {
	fatal("rand: " + s)
}

func checkdead() {
	fatal("all goroutines are asleep - deadlock!")
}
