package scan

// Find names no sentinel of its own: the messages of lookup read errs'.
func Find(name string) error {
	_, err := lookup("find", name, false, false)
	return err
}
