package netx

// Read passes the name of its system call from another file: the
// constant of the build that compiles it.
func Read(err error) error {
	return wrapSyscallError(readSyscallName, err)
}

// Count passes a number of another file: no text, no site.
func Count(err error) error {
	return wrapSyscallError(maxCount, err)
}

// Kept calls the helper that keeps its error among several results.
func Kept(err error) error {
	_, err = keepOne(readSyscallName, err)
	return err
}

// Write reads its error from a call, as the standard library's net
// package does.
func Write(fd int) error {
	err := write(fd)
	return wrapSyscallError(writeSyscallName, err)
}

func write(fd int) error { return Errno(fd) }
