//go:build unix

package netx

const (
	readSyscallName  = "read"
	maxCount         = 12
	writeSyscallName = "write"
)
