package scanner

type Position struct {
	Filename string
	Line     int
}

func (p Position) String() string { return p.Filename }

type Error struct {
	Pos Position
	Msg string
}

func (e Error) Error() string {
	if e.Pos.Filename != "" {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

type ErrorList []*Error

// Add is a helper: its site reads its parameters.
func (p *ErrorList) Add(pos Position, msg string) {
	*p = append(*p, &Error{pos, msg})
}
