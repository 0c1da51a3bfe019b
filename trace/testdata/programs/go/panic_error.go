package main

import (
	"os"
)

func mustOpen(name string) *os.File {
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	return f
}

func main() {
	mustOpen("/nonexistent/errdex/config.yaml")
}
