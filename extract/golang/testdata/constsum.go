// Package constsum formats sums of untyped integer constants: their
// value, not their texts joined. A typed constant, whose String method
// may print it, and iota stay holes.
package constsum

import "fmt"

const (
	headerLen  = 4
	payloadLen = 16
	idLen      = headerLen + payloadLen
)

// Mode is a typed constant with a String method.
type Mode int

func (m Mode) String() string { return "mode" }

const (
	modeRead  Mode = 1
	modeWrite Mode = modeRead + 1
)

var errSize = fmt.Errorf("IDs are %v bytes", idLen)

// Check formats a typed sum and an untyped one.
func Check(n int) error {
	if n > idLen+1 {
		return fmt.Errorf("length %d is over %d", n, idLen+1)
	}
	if n < 0 {
		return fmt.Errorf("mode %v is not allowed", modeWrite)
	}
	return errSize
}
