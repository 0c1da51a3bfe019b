package msgeval

// Budget bounds the evaluation of one file: MaxSteps expressions in all
// and MaxDepth nested evaluations (variables of variables, nested
// concatenations), so that evaluation stays linear on hostile input. An
// expression past the budget becomes a hole. The zero Budget allows
// nothing; a language sets both limits.
type Budget struct {
	MaxSteps, MaxDepth int
	steps              int
	exhausted          bool
}

// Step counts one evaluation at the given depth and reports whether the
// budget allows it.
func (b *Budget) Step(depth int) bool {
	b.steps++
	if b.steps > b.MaxSteps {
		b.exhausted = true
		return false
	}
	return depth <= b.MaxDepth
}

// Exhausted reports whether MaxSteps stopped an evaluation, which leaves
// messages of the file as holes that a larger budget would have filled.
func (b *Budget) Exhausted() bool { return b.exhausted }
