package rand

func fatal(string)

// Read fails fatally, but the runtime's rand_fatal adds to the message:
// not a forwarder, so no site here.
func Read() {
	fatal("crypto/rand: failed to read random data")
}
