// Package gqlerror builds messages in a strings.Builder or a bytes.Buffer.
package gqlerror

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

type Location struct{ Line, Column int }

type Error struct {
	Message    string
	Locations  []Location
	Extensions map[string]any
}

func (err *Error) Error() string {
	var res strings.Builder
	if err == nil {
		return ""
	}
	filename, _ := err.Extensions["file"].(string)
	if filename == "" {
		filename = "input"
	}
	res.WriteString(filename)

	if len(err.Locations) > 0 {
		res.WriteByte(':')
		res.WriteString(strconv.Itoa(err.Locations[0].Line))
		res.WriteByte(':')
		res.WriteString(strconv.Itoa(err.Locations[0].Column))
	}

	res.WriteString(": ")
	res.WriteString(err.Message)
	return res.String()
}

type List []*Error

func (errs List) Error() string {
	var buf strings.Builder
	for _, err := range errs {
		buf.WriteString(err.Error())
		buf.WriteByte('\n')
	}
	return buf.String()
}

type cookieError struct{ msg string }

func (e cookieError) Error() string {
	b := &strings.Builder{}
	fmt.Fprintf(b, "securecookie: %s", e.msg)
	return b.String()
}

func ErrorLocf(file string, line, col int, message string, args ...any) *Error {
	var extensions map[string]any
	if file != "" {
		extensions = map[string]any{"file": file}
	}
	return &Error{
		Message:    fmt.Sprintf(message, args...),
		Extensions: extensions,
		Locations: []Location{
			{Line: line, Column: col},
		},
	}
}

func check(name string) error {
	return ErrorLocf("s.graphql", 1, 2, "Undefined type %s.", name)
}

// limitError writes to a bytes.Buffer declared with var.
type limitError struct{ n int }

func (e *limitError) Error() string {
	var buf bytes.Buffer
	buf.Write([]byte("limit exceeded: "))
	fmt.Fprint(&buf, e.n)
	return buf.String()
}
