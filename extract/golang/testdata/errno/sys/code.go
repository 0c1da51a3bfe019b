package sys

// A Code's message is an element of a table without keys: the constant's
// value is its position.
type Code uint8

const (
	CodeOK       Code = 0
	CodeCanceled Code = 1
	CodeUnknown  Code = 2
)

var codeText = []string{"ok", "canceled", "unknown"}

func (c Code) Error() string { return "code: " + codeText[c] }
