// Command cases triggers real errors of Go's standard library for errdex's
// Go development set. testdata/devset/gen_go.py builds it and runs it once
// per case and query form; see testdata/devset/README.md.
//
// Usage:
//
//	cases -list        print every case: "ID KIND", KIND "error" or "panic"
//	cases ID MODE      run one case
//
// An error case returns the error the application holds (wrapped by the
// application where the case says so); MODE says how the application
// reports it, as real programs do:
//
//	message  fmt.Println(err)
//	log      log.Fatal(err), with the standard timestamp prefix
//	panic    panic(err), with the goroutine stack
//	chain    the dynamic type of every error of the chain, one per line,
//	         indented by depth (errors.Unwrap, and Unwrap() []error)
//
// A panic case panics inside the standard library (or the runtime); MODE
// message prints the recovered value, panic lets it kill the program, chain
// prints the recovered value's type.
//
// Files live under one fixed directory, os.TempDir()/errdex-devset-go,
// which the generator creates empty and removes afterwards.
package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"reflect"
	"strings"
)

// tcase is one case: exactly one of err and panics is set.
type tcase struct {
	id     string
	err    func() error
	panics func()
}

// groups lists the cases of every file, in the order they are recorded.
var groups = [][]tcase{
	strconvCases, osCases, jsonCases, urlCases, timeCases, regexpCases,
	templateCases, httpCases, ioCases, encodingCases, netCases, miscCases,
	runtimeCases, wrapCases,
}

// tmp is the fixed directory of the cases' files.
var tmp = filepath.Join(os.TempDir(), "errdex-devset-go")

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-list" {
		for _, g := range groups {
			for _, c := range g {
				kind := "error"
				if c.panics != nil {
					kind = "panic"
				}
				fmt.Println(c.id, kind)
			}
		}
		return
	}
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: cases -list | cases ID message|log|panic|chain")
		os.Exit(2)
	}
	c, ok := find(os.Args[1])
	if !ok {
		fmt.Fprintf(os.Stderr, "cases: no case %q\n", os.Args[1])
		os.Exit(2)
	}
	mode := os.Args[2]
	if c.panics != nil {
		runPanic(c, mode)
		return
	}
	err := c.err()
	if err == nil {
		fmt.Fprintf(os.Stderr, "cases: %s: no error\n", c.id)
		os.Exit(3)
	}
	report(err, mode)
}

func find(id string) (tcase, bool) {
	for _, g := range groups {
		for _, c := range g {
			if c.id == id {
				return c, true
			}
		}
	}
	return tcase{}, false
}

// report prints err the way MODE says.
func report(err error, mode string) {
	switch mode {
	case "message":
		fmt.Println(err)
	case "log":
		log.Fatal(err)
	case "panic":
		panic(err)
	case "chain":
		printChain(err, 0)
	default:
		fmt.Fprintf(os.Stderr, "cases: unknown mode %q\n", mode)
		os.Exit(2)
	}
}

// runPanic runs a panic case.
func runPanic(c tcase, mode string) {
	switch mode {
	case "panic":
		c.panics()
	case "message", "chain":
		defer func() {
			r := recover()
			if mode == "message" {
				fmt.Println(r)
			} else {
				fmt.Printf("%T\n", r)
			}
		}()
		c.panics()
	default:
		fmt.Fprintf(os.Stderr, "cases: mode %q is not for a panic case\n", mode)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "cases: %s: no panic\n", c.id)
	os.Exit(3)
}

func printChain(err error, depth int) {
	fmt.Printf("%s%s\n", strings.Repeat("  ", depth), reflect.TypeOf(err))
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			printChain(e, depth+1)
		}
	default:
		if e := errors.Unwrap(err); e != nil {
			printChain(e, depth+1)
		}
	}
}

// file writes data to a file of the fixed directory and returns its path.
func file(name, data string) string {
	p := filepath.Join(tmp, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		panic(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		panic(err)
	}
	return p
}

// dir creates a directory of the fixed directory and returns its path.
func dir(name string) string {
	p := filepath.Join(tmp, name)
	if err := os.MkdirAll(p, 0o755); err != nil {
		panic(err)
	}
	return p
}
