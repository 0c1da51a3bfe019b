package main

import (
	"os"

	"example.com/m/names"
)

func main() {
	if len(os.Args) > 1 {
		names.Mode = os.Args[1]
	}
}
