package chars

// Digits reports whether b holds only ASCII digits.
func Digits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
