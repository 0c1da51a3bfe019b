package exec

import "os"

// ExitError's message is its embedded ProcessState's String, through the
// field.
type ExitError struct {
	*os.ProcessState
	Stderr []byte
}

func (e *ExitError) Error() string {
	return e.ProcessState.String()
}

// promotedError's message is the promoted String method.
type promotedError struct {
	*os.ProcessState
}

func (e promotedError) Error() string { return "promoted: " + e.String() }

type Cmd struct{ ProcessState *os.ProcessState }

func (c *Cmd) Wait(state *os.ProcessState, failed bool) error {
	var err error
	if failed {
		err = &ExitError{ProcessState: state}
	}
	c.ProcessState = state
	return err
}

func promote(state *os.ProcessState) error {
	return promotedError{state}
}
