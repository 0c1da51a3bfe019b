package netx

const readSyscallName = "wsarecv"
