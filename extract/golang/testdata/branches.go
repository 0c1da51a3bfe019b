package time

// ParseError's Error method returns one message or the other by its
// Message field.
type ParseError struct {
	Layout     string
	Value      string
	LayoutElem string
	ValueElem  string
	Message    string
}

func (e *ParseError) Error() string {
	if e.Message == "" {
		return "parsing time " + quote(e.Value) + " as " + quote(e.Layout) +
			": cannot parse " + quote(e.ValueElem) + " as " + quote(e.LayoutElem)
	}
	return "parsing time " + quote(e.Value) + e.Message
}

func quote(s string) string { return "\"" + s + "\"" }

// newParseError's value keeps both messages, each with its condition on
// the message parameter.
func newParseError(layout, value, layoutElem, valueElem, message string) *ParseError {
	return &ParseError{layout, value, layoutElem, valueElem, message}
}

func parse(layout, value, prefix string, bad bool) error {
	if bad {
		// "" selects the first message: a site.
		return newParseError(layout, value, prefix, value, "")
	}
	if len(value) > 0 {
		// Text selects the second.
		return newParseError(layout, value, "", value, ": extra text: "+quote(value))
	}
	// Keyed literals: Message given empty, or left out (its zero value).
	if prefix == "" {
		return &ParseError{Layout: layout, Value: value, Message: ""}
	}
	return &ParseError{Layout: layout, Value: value, Message: ": month out of range"}
}

func omitted(layout, value string) error {
	return &ParseError{Layout: layout, Value: value}
}

// kindError switches on an integer field.
type kindError struct {
	kind int
	name string
}

func (e kindError) Error() string {
	switch e.kind {
	case 0:
		return "no " + e.name
	case 1:
		return "bad " + e.name
	}
	return "other " + e.name
}

func kinds(name string) (error, error) {
	return kindError{0, name}, kindError{kind: 1, name: name}
}
