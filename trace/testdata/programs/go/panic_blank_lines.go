package main

import "errors"

// A CLI's error with a suggestion after a blank line, as cobra prints
// it: the panic prints each line of the value after a tab, the blank one
// as a lone tab.
func main() {
	panic(errors.New("unknown command \"serv\" for \"app\"\n\nDid you mean this?\n\tserve\n"))
}
