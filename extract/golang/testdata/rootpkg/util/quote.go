package util

// Quote quotes s.
func Quote(s string) string { return `"` + s + `"` }
