// Package fieldsetter records a problem in a state field through small
// setters named like errors, as C ports do, and formats it into an error
// elsewhere: each setter call with text is a site of that error.
package fieldsetter

type mark struct{ line, column int }

type scanner struct {
	problem string
	context string
	mark    mark
}

type writer struct {
	problem string
}

func setScanError(s *scanner, context string, problem string) bool {
	s.context = context
	s.problem = problem
	return false
}

func setWriteError(w *writer, problem string) bool {
	w.problem = problem
	return false
}

// setName stores a name, not a problem: its calls are no sites.
func setName(s *scanner, name string) {
	s.context = name
}

func scanKey(s *scanner, c byte) bool {
	if c == '\t' {
		return setScanError(s, "while scanning a key", "found a tab that cannot start any token")
	}
	if c == ':' {
		problem := "mapping values are not allowed here"
		return setScanError(s, "", problem)
	}
	setName(s, "key")
	return true
}

func flush(w *writer, n int) bool {
	if n < 0 {
		return setWriteError(w, "write error")
	}
	return true
}
