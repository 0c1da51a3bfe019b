package guards

import (
	"errors"
	"fmt"
	"io"
	"log"
)

var ErrShort = errors.New("short")

func ifBranch(x *int) error {
	if x == nil {
		return errors.New("nil x")
	}
	return nil
}

func elseChain(n int, s string) error {
	if n < 0 {
		return fmt.Errorf("negative %d", n)
	} else if len(s) > 10 {
		return fmt.Errorf("long %q", s)
	} else if !ok(s) {
		return errors.New("not ok")
	} else {
		return fmt.Errorf("other %d", n)
	}
}

func conj(a, b bool, c *T) error {
	if a && (b || c.ready) {
		return errors.New("both")
	}
	return nil
}

type T struct{ ready bool }

func (t *T) Ready() bool { return t.ready }

func early(t *T, data []byte, max int) error {
	if t == nil {
		return nil
	}
	if err := t.check(); err != nil {
		return err
	}
	if !t.Ready() || len(data) > max {
		return nil
	}
	if len(data) == 0 {
		return errors.New("empty") // another error: not a guard of the next site
	}
	if len(data) < 4 {
		panic("tiny") // nor is a panic
	}
	return ErrShort
}

func (t *T) check() error { return nil }

func loop(xs []string) {
	for i, x := range xs {
		if x == "" {
			continue
		}
		if i > 3 {
			break
		}
		log.Fatalf("bad %s", x)
	}
}

func tagged(op string, r io.Reader) error {
	switch op {
	case "read":
		return errors.New("read")
	case "write", "append":
		return errors.New("write")
	default:
		return fmt.Errorf("unknown op %q", op)
	}
}

func tagless(n int) error {
	switch {
	case n == 1:
		return errors.New("one")
	case n > 100 && n%2 == 0:
		return errors.New("big even")
	}
	switch n {
	case 1, 2, 3, 4, 5:
	default:
		return errors.New("many cases: no default guard")
	}
	return nil
}

func fall(n int) error {
	switch n {
	case 1:
		fallthrough
	case 2:
		return errors.New("fallthrough: no guard")
	}
	return nil
}

func closure(x *int) func() error {
	if x == nil {
		return func() error {
			if *x > 0 {
				return errors.New("in closure")
			}
			return nil
		}
	}
	return nil
}

func nested(a, b int) error {
	if a > 0 {
		if b != 0 {
			for {
				if a == b {
					return fmt.Errorf("equal %d", a)
				}
			}
		} else {
			return errors.New("b zero")
		}
	}
	if 0 < a {
		return nil
	}
	return errors.New("a not positive")
}

func ok(s string) bool { return s != "" }
