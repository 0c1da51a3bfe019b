package main

import (
	"errors"
	"log"
)

// A CLI's error with a suggestion after a blank line, as cobra prints
// it, logged: the lines after the first have no timestamp.
func main() {
	log.Fatal(errors.New("unknown command \"serv\" for \"app\"\n\nDid you mean this?\n\tserve\n"))
}
