package web

import (
	"errors"
	"fmt"
)

// badStringError is a function helper: its message reads both parameters.
func badStringError(what, val string) error { return fmt.Errorf("%s %q", what, val) }

const schemeText = "unsupported protocol scheme"

func roundTrip(scheme, method string, n int) error {
	switch {
	case scheme == "":
		return badStringError(schemeText, scheme) // a constant and a variable
	case method == "":
		return badStringError("invalid method", "") // two literals: quoted
	case n < 0:
		return badStringError(method, scheme) // no text: no site
	}
	return nil
}

// open is a larger function that is no helper: calls of it make no sites.
func open(name string) error {
	if name == "" {
		return errors.New("empty name")
	}
	a, b, c, d := 1, 2, 3, 4
	_, _, _, _ = a, b, c, d
	for range 3 {
		fmt.Println(name)
	}
	fmt.Println(name)
	fmt.Println(name)
	fmt.Println(name)
	fmt.Println(name)
	return fmt.Errorf("open %s: failed", name)
}

func useOpen() error { return open("config.json") }
