package jsoniter

import (
	"fmt"
	"io"
)

// Iterator reads JSON; its Error is the first problem met.
type Iterator struct {
	buf   []byte
	head  int
	tail  int
	Error error
}

// ReportError is long for a helper, but named like an error, and its
// only site ends it: calls with text are sites.
func (iter *Iterator) ReportError(operation string, msg string) {
	if iter.Error != nil {
		if iter.Error != io.EOF {
			return
		}
	}
	peekStart := iter.head - 10
	if peekStart < 0 {
		peekStart = 0
	}
	peekEnd := iter.head + 10
	if peekEnd > iter.tail {
		peekEnd = iter.tail
	}
	parsing := string(iter.buf[peekStart:peekEnd])
	contextStart := iter.head - 50
	if contextStart < 0 {
		contextStart = 0
	}
	context := string(iter.buf[contextStart:iter.tail])
	iter.Error = fmt.Errorf("%s: %s, error found in #%v byte of ...|%s|..., bigger context ...|%s|...",
		operation, msg, iter.head-peekStart, parsing, context)
}

func (iter *Iterator) isObjectEnd(c byte) bool {
	if c == '}' {
		return true
	}
	iter.ReportError("isObjectEnd", "object ended prematurely, unexpected char "+string([]byte{c}))
	return false
}
