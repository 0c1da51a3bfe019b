//go:build unix || windows

package os

import "strconv"

type ProcessState struct {
	code   int
	signal string
}

func (p *ProcessState) String() string {
	if p == nil {
		return "<nil>"
	}
	res := ""
	switch {
	case p.code >= 0:
		res = "exit status " + strconv.Itoa(p.code)
	case p.signal != "":
		res = "signal: " + p.signal
	}
	return res
}
