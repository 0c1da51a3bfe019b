package run

import (
	"errors"
	"fmt"
)

type OverflowError struct {
	Limit int
	Got   int
}

func (e *OverflowError) Error() string {
	return fmt.Sprintf("overflow: got %d, limit %d", e.Got, e.Limit)
}

func Must(err error) {
	if err != nil {
		panic(err)
	}
}

func Check(n int) {
	if n < 0 {
		panic("run: negative count")
	}
	if n > 100 {
		panic(fmt.Sprintf("run: count %d too large", n))
	}
	if n == 42 {
		panic(errors.New("run: the answer"))
	}
	if n == 7 {
		panic(fmt.Errorf("run: unlucky %d", n))
	}
	if n == 99 {
		panic(&OverflowError{Limit: 98, Got: n})
	}
	msg := "run: odd count"
	panic(msg + fmt.Sprint(n))
}

func Recover() {
	defer func() {
		if r := recover(); r != nil {
			panic(r)
		}
	}()
	go func() {
		panic("run: in a goroutine closure")
	}()
}

type T[E any] struct{}

func (t *T[E]) Push(e E) { panic("run: push on a full stack") }

func (t T[E]) Peek() E { panic("run: peek on an empty stack") }
