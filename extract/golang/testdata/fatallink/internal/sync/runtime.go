package sync

//go:linkname throw
func throw(string)

//go:linkname fatal
func fatal(string)
