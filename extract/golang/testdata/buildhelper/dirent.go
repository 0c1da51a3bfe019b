package fsx

// Info calls the helper every build defines: its message is the one of
// the most widely built variant.
func Info(parent, name string) error {
	return lstatNolog(parent + "/" + name)
}
