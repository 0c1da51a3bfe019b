package netx

// SyscallError records a system call and the error it returned.
type SyscallError struct {
	Syscall string
	Err     error
}

func (e *SyscallError) Error() string { return e.Syscall + ": " + e.Err.Error() }

// NewSyscallError wraps err with the name of the system call.
func NewSyscallError(syscall string, err error) error {
	if err == nil {
		return nil
	}
	return &SyscallError{syscall, err}
}

// Errno is a system error number.
type Errno uintptr

func (e Errno) Error() string { return "errno" }

// wrapSyscallError names the system call an Errno came from: it assigns
// the wrapped error and returns it after the if statement.
func wrapSyscallError(name string, err error) error {
	if _, ok := err.(Errno); ok {
		err = NewSyscallError(name, err)
	}
	return err
}

// keepOne assigns one of several results: its error is not passed on as
// wrapSyscallError's is, so its calls are no sites.
func keepOne(name string, err error) (int, error) {
	n, err2 := split(NewSyscallError(name, err))
	if n > 0 {
		return n, nil
	}
	return 0, err2
}

func split(err error) (int, error) { return 0, err }
