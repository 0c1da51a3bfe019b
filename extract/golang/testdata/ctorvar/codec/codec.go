package codec

import "example.com/ctorvar/internal/errs"

var ErrNeedPointer = errs.New("decoder needs a pointer")

func Decode(depth int, name string) error {
	if depth > 10 {
		return errs.Errorf("nesting of %s deeper than %d", name, depth)
	}
	if errs.Is(nil, ErrNeedPointer) {
		return errs.Errorf("decode %s: %w", name, ErrNeedPointer)
	}
	return ErrNeedPointer
}
