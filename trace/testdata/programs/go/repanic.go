package main

import (
	"errors"
	"fmt"
)

func cleanup() {
	if r := recover(); r != nil {
		panic(fmt.Sprintf("cleanup failed after: %v", r))
	}
}

func run() {
	defer cleanup()
	panic(errors.New("disk quota exceeded"))
}

func main() { run() }
