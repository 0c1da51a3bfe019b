package exec

// Error's references in files of every build read the most widely built
// ErrNotFound (unix's).
type Error struct {
	Name string
	Err  error
}

func (e *Error) Error() string { return "exec: " + e.Name + ": " + e.Err.Error() }

func look(file string) error { return &Error{file, ErrNotFound} }
