package os

type ProcessState struct {
	msg string
}

func (p *ProcessState) String() string {
	return "exit status: " + p.msg
}
