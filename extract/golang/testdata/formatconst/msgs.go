package conv

// The formats of the package, kept apart from the functions using them.
const (
	castFailed     = "cannot convert %#v (%T) to %s"
	castFailedWrap = "cannot convert %#v (%T) to %s: %w"
)
